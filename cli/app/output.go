package app

import (
	"slices"
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/render"
	"github.com/urfave/cli/v2"
)

func formatFlag() *cli.StringFlag {
	return &cli.StringFlag{Name: "format", Value: render.FormatText, Usage: "output format: " + strings.Join(render.Formats, ", ")}
}

func rpcFormatFlag() *cli.StringFlag {
	return &cli.StringFlag{Name: "format", Value: render.FormatText, Usage: "output format: " + strings.Join(render.Formats, ", ") + ", or html (--transcript only: a report page)"}
}

func maxFindingsFlag() *cli.IntFlag {
	return &cli.IntFlag{Name: "max-findings", Value: 0, DefaultText: "0, all",
		Usage: "print at most N findings or events (text, sarif, github); the summary and the verdict count them all"}
}

func verboseFlag() *cli.BoolFlag {
	return &cli.BoolFlag{Name: "verbose", Value: false, Usage: "text format: list every message, not only those with findings"}
}

// checkFormat returns the --format of c, one of formats (or html where
// allowHTML).
func checkFormat(c *cli.Context) (string, error) {
	if c.IsSet("max-findings") && c.Int("max-findings") < 0 {
		return "", exitcode.Usagef("--max-findings must be 0 (all) or more, not %d", c.Int("max-findings"))
	}
	f := c.String("format")
	allowed := render.Formats
	if c.Command.Name == "validate-rpc" {
		allowed = append(slices.Clip(render.Formats), render.FormatHTML)
	}
	if slices.Contains(allowed, f) {
		return f, nil
	}
	return "", exitcode.Usagef("--format must be one of %s, not %q", strings.Join(allowed, ", "), f)
}
