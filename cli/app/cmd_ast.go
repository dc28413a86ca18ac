package app

import (
	"github.com/smithy-validation/go/cli/run"
	"github.com/urfave/cli/v2"
)

func (e *env) astCommand() *cli.Command {
	return &cli.Command{
		Name:      "ast",
		Usage:     "print the assembled model as a Smithy JSON AST document",
		ArgsUsage: "[MODEL...]",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "include-prelude", Usage: "keep the smithy.api prelude shapes in the output"},
			&cli.BoolFlag{Name: "flatten", Usage: "apply every mixin and remove the mixin shapes"},
			configFlag(),
		},
		Action: func(c *cli.Context) error {
			models, err := e.modelArgs(c)
			if err != nil {
				return err
			}
			return e.AST(run.ASTParams{Models: models, IncludePrelude: c.Bool("include-prelude"), Flatten: c.Bool("flatten")})
		},
	}
}
