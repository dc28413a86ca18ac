package smithyvalidate

import (
	"fmt"
	"github.com/smithy-validation/go/core/model"
	"strings"
	"sync/atomic"

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
	eval     selector.Bounded
	// stopped is the bound that stopped the selector's evaluation while
	// preparing (no check is made against it then).
	stopped *selector.BudgetError
	// limitSaid: a selector-limit finding was given for this @idRef;
	// the later values are not checked against its selector, and say
	// nothing more of it (one event, not one a value).
	limitSaid atomic.Bool
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
	eval := p.selectors.Within(p.cfg.budget)
	if sel.IsFilter() {
		ir.filter, ir.eval = sel, eval
		return ir, ""
	}
	shapes, err := eval.Select(sel)
	if err != nil {
		if be, ok := err.(*selector.BudgetError); ok {
			ir.stopped = be
			return ir, ""
		}
		return nil, "selector: " + err.Error()
	}
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
	case ir.stopped != nil:
		w.selectorLimit(p, pos, ir, ir.stopped)
		return
	case ir.filter != nil:
		err := ir.eval.MatchEach(ir.filter, []*model.Shape{shape}, func(_ *model.Shape, matched bool) { ok = matched })
		if be, stopped := err.(*selector.BudgetError); stopped {
			w.selectorLimit(p, pos, ir, be)
			return
		}
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

// selectorLimit reports that the @idRef selector of p could not be
// evaluated within the bound of the model's selectors: the shape ID is
// not checked against it, and validation stops (a limit). It is said
// once an @idRef: later values skip the check silently (the report is
// already incomplete).
func (w *walker) selectorLimit(p *plan, pos node.Pos, ir *idRefPlan, be *selector.BudgetError) {
	if ir.limitSaid.Swap(true) {
		return
	}
	w.report(CodeSelectorLimit, p.id, pos, ir.selectorText, "",
		fmt.Sprintf("the @idRef selector %q passed the bound of %d units of selector work for this model; the shape ID is not checked against it; validation stopped", short(ir.selectorText), be.Limit))
}
