package run

import (
	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/core/jsonast"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	"github.com/smithy-validation/go/smithyvalidate"
)

// ASTParams are the parameters of `smithy ast` and of the server's ast
// method.
type ASTParams struct {
	Models         []load.Source
	IncludePrelude bool
	Flatten        bool
}

// AST prints the model as a JSON AST document.
func (e *Env) AST(p ASTParams) error {
	lm, err := e.RequireModel(p.Models)
	if err != nil {
		return err
	}
	m := lm.Res.Model
	if p.Flatten {
		if m, err = m.Flatten(); err != nil {
			return exitcode.Modelf("%v", err)
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
	_, err = e.Stdout.Write(jsonast.Encode(m, opts...))
	return err
}
