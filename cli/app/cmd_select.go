package app

import (
	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/run"
	"github.com/urfave/cli/v2"
)

func (e *env) selectCommand() *cli.Command {
	return &cli.Command{
		Name:      "select",
		Usage:     "print the shapes of the model that a selector matches",
		ArgsUsage: "[MODEL...]",
		Flags: []cli.Flag{
			configFlag(),
			&cli.StringFlag{Name: "selector", Required: true, Usage: "the selector expression (https://smithy.io/2.0/spec/selectors.html)"},
			&cli.StringSliceFlag{Name: "show", DefaultText: "none: shape IDs a line", Usage: "JSON output with more about each match: type, file, vars (comma-separated or repeated)"},
			&cli.StringSliceFlag{Name: "show-traits", DefaultText: "none", Usage: "JSON output with the values of these traits of each match (IDs; a bare name is a prelude trait)"},
			&cli.BoolFlag{Name: "show-vars", Usage: "the same as --show vars (the official CLI's older spelling)"},
			&cli.Int64Flag{Name: "max-selector-work", DefaultText: "4194304 + 32 a shape and member of the model, as smithy validate",
				Usage: "units of selector work (relationships followed, shapes visited, matches) before the evaluation stops: the matches found are printed, exit 5"},
		},
		Action: func(c *cli.Context) error {
			show := c.StringSlice("show")
			if c.Bool("show-vars") {
				show = append(show, "vars")
			}
			work := c.Int64("max-selector-work")
			if c.IsSet("max-selector-work") && work < 1 {
				return exitcode.Usagef("--max-selector-work must be at least 1, got %d", work)
			}
			models, err := e.modelArgs(c)
			if err != nil {
				return err
			}
			return e.SelectShapes(run.SelectParams{Models: models, Selector: c.String("selector"),
				Show: show, ShowTraits: c.StringSlice("show-traits"), MaxSelectorWork: work})
		},
	}
}
