package app

import (
	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/run"
	"github.com/smithy-validation/go/core/limits"
	"github.com/urfave/cli/v2"
)

func (e *env) validateValueCommand() *cli.Command {
	return &cli.Command{
		Name:      "validate-value",
		Usage:     "validate one value (JSON, or Ion) against a shape",
		ArgsUsage: "MODEL...",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "shape", Usage: "the absolute shape ID to validate against (ns#Shape or ns#Shape$member)", Required: true},
			&cli.StringSliceFlag{Name: "value", DefaultText: "-, standard input", Usage: "the value's file, - for standard input; repeatable, or a directory (its .json or .ion files)"},
			&cli.StringFlag{Name: "input-format", Value: "json", Usage: "json or ion"},
			formatFlag(),
			maxFindingsFlag(),
			&cli.IntFlag{Name: "max-elements", Value: limits.DefaultMaxElements,
				Usage: "read at most N values and object keys (field names) of a value; past them validation stops (exit 5, complete: false)"},
			jobsFlag(),
			&cli.StringFlag{Name: "naming", Value: run.NamingJSONName,
				Usage: "field names of members: jsonName (a member's @jsonName, else its name; as a JSON document names them) or memberName"},
		},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c)
			if err != nil {
				return err
			}
			e.MaxFindings = c.Int("max-findings")
			if n := c.Int("max-elements"); n < 1 {
				return exitcode.Usagef("--max-elements must be 1 or more, not %d", n)
			}
			p := run.ValueParams{Models: load.PathSources(c.Args().Slice()), Shape: c.String("shape"), InputFormat: c.String("input-format"),
				MaxElements: c.Int("max-elements"), Naming: c.String("naming")}
			values := c.StringSlice("value")
			if len(values) == 0 {
				values = []string{"-"}
			}
			exts := []string{".json"}
			if p.InputFormat == "ion" {
				exts = []string{".ion", ".10n"}
			}
			files, many, err := run.ExpandInputs(values, exts)
			if err != nil {
				return err
			}
			var uses []stdinUse
			for _, v := range values {
				uses = append(uses, stdinUse{"--value", v})
			}
			if err := stdinOnce(append(uses, modelUses(c.Args().Slice())...)...); err != nil {
				return err
			}
			if many {
				return e.ValidateValues(p, files, c.Int("jobs"), format)
			}
			p.Value = load.Input{Path: files[0]}
			return e.ValidateValue(p, format)
		},
	}
}
