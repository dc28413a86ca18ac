package smithyvalidate

import (
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// A Preparer prepares the validators of many shapes of one model with the
// same options, as a JSON-RPC service needs one for each method's params
// and result and each error's data: the plans of the shapes they share
// (structures reached from several payloads, members' targets, the
// prelude's simple shapes) are compiled once for all of them instead of
// once per [Prepare], which saves the time and memory of compiling them
// again. Each result is the one Prepare gives for the same shape and
// options, errors included: once a shape has a problem, that shape and
// every later one are prepared alone, as Prepare does. A Preparer is not
// safe for concurrent use; the validators it returns are.
type Preparer struct{ mp *modelPreparer }

// NewPreparer returns a Preparer of shapes of m with the options opts
// (see [Option]).
func NewPreparer(m *model.Model, opts ...Option) *Preparer {
	return &Preparer{mp: newModelPreparer(m, opts)}
}

// Prepare is [Prepare] of the shape id (a root shape or a member) with the
// Preparer's model and options.
func (p *Preparer) Prepare(id shapeid.ID) (*Validator, error) {
	return p.mp.prepare(id)
}
