package app

import (
	"github.com/smithy-validation/go/core/jsonast"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	"github.com/smithy-validation/go/smithyvalidate"
	"github.com/urfave/cli/v2"
)

// astParams are the parameters of `smithy ast` and of the server's ast
// method.
type astParams struct {
	Models         []Source
	IncludePrelude bool
	Flatten        bool
}

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
			return e.ast(astParams{Models: models, IncludePrelude: c.Bool("include-prelude"), Flatten: c.Bool("flatten")})
		},
	}
}

// ast prints the model as a JSON AST document.
func (e *env) ast(p astParams) error {
	lm, err := e.requireModel(p.Models)
	if err != nil {
		return err
	}
	m := lm.res.Model
	if p.Flatten {
		if m, err = m.Flatten(); err != nil {
			return modelErrorf("%v", err)
		}
	}
	var opts []jsonast.Option
	if p.IncludePrelude {
		opts = append(opts, jsonast.IncludePrelude(true))
	} else {
		// The smithy.rpc and (unless the model defines them) alloy trait
		// definitions are loaded like the prelude, and printed only with
		// it.
		opts = append(opts, jsonast.Omit(func(id shapeid.ID) bool {
			if id.Namespace == rpc.TraitsNamespace {
				return true
			}
			s, ok := m.Shape(id)
			return ok && id.Namespace == smithyvalidate.AlloyNamespace && s.Source().File == smithyvalidate.AlloyTraitsFileName
		}))
	}
	_, err = e.stdout.Write(jsonast.Encode(m, opts...))
	return err
}
