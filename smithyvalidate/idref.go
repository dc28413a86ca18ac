package smithyvalidate

import (
	"fmt"
	"strings"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/selector"
	"github.com/smithy-validation/go/core/shapeid"
)

// The @idRef rule family: a string that must be an absolute shape ID,
// optionally of a shape in the model (failWhenMissing) that the trait's
// selector selects. The selector is evaluated once, at Prepare time, with
// core/selector (the whole selector language); checking a value is then a
// lookup.

type idRefPlan struct {
	failWhenMissing bool
	errorMessage    string
	selectorText    string
	// selected are the shapes (root shapes and members) the selector
	// selects in the model; nil for "*", which selects every shape, and
	// for a filter selector, which filter tests on each referenced shape
	// with eval.
	selected map[shapeid.ID]struct{}
	filter   *selector.Selector
	eval     *selector.Evaluator
}

// prepareIDRef compiles @idRef into pl.
func (p *preparer) prepareIDRef(pl *plan, v node.Node) string {
	ir, msg := p.idRefPlan(v)
	if msg == "" {
		pl.idRef = ir
	}
	return msg
}

func (p *preparer) idRefPlan(v node.Node) (*idRefPlan, string) {
	ir := &idRefPlan{}
	if v.Kind() != node.Object {
		return nil, "the value must be an object, found " + describeNode(v)
	}
	if f, ok := v.Get("failWhenMissing"); ok {
		if f.Kind() != node.Bool {
			return nil, "failWhenMissing must be a boolean, found " + describeNode(f)
		}
		ir.failWhenMissing = f.BoolValue()
	}
	if e, ok := v.Get("errorMessage"); ok {
		if e.Kind() != node.String {
			return nil, "errorMessage must be a string, found " + describeNode(e)
		}
		ir.errorMessage = e.StringValue()
	}
	s, ok := v.Get("selector")
	if !ok {
		return ir, ""
	}
	if s.Kind() != node.String {
		return nil, "selector must be a string, found " + describeNode(s)
	}
	ir.selectorText = s.StringValue()
	if strings.TrimSpace(ir.selectorText) == "*" {
		return ir, ""
	}
	sel, err := selector.Cached(ir.selectorText)
	if err != nil {
		return nil, "selector: " + err.Error()
	}
	if p.selectors == nil {
		p.selectors = selector.NewEvaluator(p.m)
	}
	if sel.IsFilter() {
		ir.filter, ir.eval = sel, p.selectors
		return ir, ""
	}
	shapes := p.selectors.Select(sel)
	ir.selected = make(map[shapeid.ID]struct{}, len(shapes))
	for _, sh := range shapes {
		ir.selected[sh.ID()] = struct{}{}
	}
	return ir, ""
}

// checkIDRef checks string s, at pos, against the @idRef of p.
func (w *walker) checkIDRef(p *plan, s string, pos node.Pos) {
	ir := p.idRef
	id, err := shapeid.Parse(s)
	if err != nil {
		w.report(CodeIDRef, p.id, pos, "an absolute shape ID", s,
			fmt.Sprintf("expected an absolute shape ID (namespace#Name), found %q", short(s)))
		return
	}
	shape, found := w.v.model.Shape(id)
	if !found {
		if ir.failWhenMissing {
			msg := ir.errorMessage
			if msg == "" {
				msg = fmt.Sprintf("shape %s is not in the model", id)
			}
			w.report(CodeIDRefMissing, p.id, pos, "a shape of the model", s, msg)
		}
		return
	}
	var ok bool
	switch {
	case ir.filter != nil:
		ok = ir.eval.Matches(ir.filter, shape)
	case ir.selected == nil:
		return
	default:
		_, ok = ir.selected[id]
	}
	if !ok {
		msg := ir.errorMessage
		if msg == "" {
			msg = fmt.Sprintf("shape %s does not match selector %q", id, ir.selectorText)
		}
		w.report(CodeIDRefSelector, p.id, pos, ir.selectorText, s, msg)
	}
}
