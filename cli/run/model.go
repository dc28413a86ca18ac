package run

import (
	"io"
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/core/model"
)

// RequireModel is loadModel for commands that need a usable model: ERROR
// events are printed and exit 3.
func (e *Env) RequireModel(srcs []load.Source) (*load.Model, error) {
	lm, err := e.requireModel(srcs)
	if lm != nil {
		lm.Loaded()
	}
	return lm, err
}

// requireModel is RequireModel that leaves the model's load unfinished
// ([load.Model.Loaded] is the caller's).
func (e *Env) requireModel(srcs []load.Source) (*load.Model, error) {
	lm, err := e.LoadModel(srcs)
	if err != nil {
		return nil, err
	}
	if res := lm.Res; res.HasErrors() || res.Model == nil {
		lm.Loaded()
		var b strings.Builder
		var events []model.Event
		for _, ev := range res.Events {
			if ev.Severity == model.ErrorSeverity {
				b.WriteString(render.EscapeText(ev.String()))
				b.WriteByte('\n')
				events = append(events, ev)
			}
		}
		io.WriteString(e.Stderr, b.String())
		return nil, &exitcode.Error{Code: exitcode.Model, Msg: "the model has errors", Events: events}
	}
	return lm, nil
}

// RequireValidModel is RequireModel for commands that write an artifact
// of the model (openrpc, build): a model that `smithy validate` rejects
// (an ERROR event of its validators, a trait value, a @default, a
// service that cannot be prepared) fails the same way, exit 3 with the
// events on stderr, and nothing is written. A document generated from a
// model its own validator calls broken would describe a contract nobody
// holds.
func (e *Env) RequireValidModel(srcs []load.Source) (*load.Model, error) {
	lm, err := e.requireModel(srcs)
	if err != nil {
		return nil, err
	}
	defer lm.Loaded()
	var b strings.Builder
	var errs []model.Event
	for _, ev := range lm.ValidateEvents() {
		if ev.Severity == model.ErrorSeverity {
			b.WriteString(render.EscapeText(ev.String()))
			b.WriteByte('\n')
			errs = append(errs, ev)
		}
	}
	if len(errs) > 0 {
		io.WriteString(e.Stderr, b.String())
		return nil, &exitcode.Error{Code: exitcode.Model, Msg: "the model has errors (smithy validate reports them)", Events: errs}
	}
	return lm, nil
}
