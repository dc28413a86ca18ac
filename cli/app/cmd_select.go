package app

import (
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
		},
		Action: func(c *cli.Context) error {
			show := c.StringSlice("show")
			if c.Bool("show-vars") {
				show = append(show, "vars")
			}
			models, err := e.modelArgs(c)
			if err != nil {
				return err
			}
			return e.SelectShapes(run.SelectParams{Models: models, Selector: c.String("selector"),
				Show: show, ShowTraits: c.StringSlice("show-traits")})
		},
	}
}
