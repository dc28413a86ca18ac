package selector

import (
	"fmt"
	"sync/atomic"

	"github.com/smithy-validation/go/core/model"
)

// A model's selectors are untrusted input: a validator's selector with
// variables, a ":recursive(...)" or ":topdown(...)" from every shape, or a
// "~>" nested where no memo answers it searches a cycle of n shapes from
// each of them, n² work, and a selector that yields every shape of the
// cycle from every shape of it reports n² matches. A [Budget] bounds what
// the evaluations run under it ([Evaluator.Within]) may do: each
// relationship followed, each shape a variable, :root, :topdown or
// :recursive yields, each starting shape, each step of a backward match
// and each match reported costs one unit. An evaluation that would pass
// the limit stops and returns a [*BudgetError]; so does every later
// evaluation under the same budget. Results, memos and caches are only
// kept once what they hold is complete, so a stopped evaluation leaves
// the [Evaluator] as it was for the evaluations that come after.

// Budget is the work the evaluations run under it may do. Evaluations
// under one budget may run at once: they spend from the same units.
type Budget struct {
	limit int64
	used  atomic.Int64
}

// NewBudget returns a budget of limit units.
func NewBudget(limit int64) *Budget { return &Budget{limit: limit} }

// Limit returns the budget's limit.
func (b *Budget) Limit() int64 { return b.limit }

// Used returns the units the evaluations have spent so far (past the
// limit by the step that stopped one, once exceeded).
func (b *Budget) Used() int64 { return b.used.Load() }

// Exceeded reports whether an evaluation was stopped by the limit.
func (b *Budget) Exceeded() bool { return b.used.Load() > b.limit }

// BudgetError is the error of an evaluation stopped by its [Budget].
type BudgetError struct {
	Limit int64
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("selector evaluation stopped at its bound of %d units of work (relationships followed and shapes visited)", e.Limit)
}

// budgetStop is the panic that unwinds an evaluation past its budget, up
// to the [Bounded] method that started it.
type budgetStop struct{}

func (b *Budget) spend(n int64) {
	if b.used.Add(n) > b.limit {
		panic(budgetStop{})
	}
}

// charge spends n units of the evaluation's budget, if it has one.
func (c *evalCtx) charge(n int64) {
	if c.budget != nil {
		c.budget.spend(n)
	}
}

// run calls f, which evaluates under b, and returns the [*BudgetError]
// when b stopped it (or had already stopped an evaluation).
func (b *Budget) run(f func()) (err error) {
	if b == nil {
		f()
		return nil
	}
	if b.Exceeded() {
		return &BudgetError{Limit: b.limit}
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(budgetStop); !ok {
				panic(r)
			}
			err = &BudgetError{Limit: b.limit}
		}
	}()
	f()
	return nil
}

// Bounded evaluates selectors as its [Evaluator] does, under a [Budget].
type Bounded struct {
	e *Evaluator
	b *Budget
}

// Within returns the evaluator's methods under b (nil: no bound).
func (e *Evaluator) Within(b *Budget) Bounded { return Bounded{e: e, b: b} }

// Select is [Evaluator.Select] under the budget.
func (w Bounded) Select(sel *Selector) (out []*model.Shape, err error) {
	err = w.b.run(func() { out = w.e.selectWithin(sel, w.b) })
	return out, err
}

// SelectFound is [Bounded.Select], except that when the budget stops the
// evaluation it also returns the shapes found before it, sorted by shape
// ID: each is a shape the selector yields, and others it yields may be
// missing. The same selector, model and budget stop at the same unit, so
// they find the same shapes.
func (w Bounded) SelectFound(sel *Selector) (out []*model.Shape, err error) {
	found := map[*model.Shape]bool{}
	err = w.b.run(func() { out = sortedSet(w.e.selectSet(sel, w.b, found)) })
	if err != nil {
		out = sortedSet(found)
	}
	return out, err
}

// SelectFrom is [Evaluator.SelectFrom] under the budget.
func (w Bounded) SelectFrom(sel *Selector, start *model.Shape) (out []*model.Shape, err error) {
	err = w.b.run(func() { out = w.e.selectFromWithin(sel, start, w.b) })
	return out, err
}

// Each is [Evaluator.Each] under the budget: fn may have seen some
// matches when it returns an error.
func (w Bounded) Each(sel *Selector, fn func(Match)) error {
	return w.b.run(func() { w.e.eachWithin(sel, fn, w.b) })
}

// MatchEach is [Evaluator.MatchEach] under the budget: fn may have seen
// some shapes when it returns an error.
func (w Bounded) MatchEach(sel *Selector, shapes []*model.Shape, fn func(s *model.Shape, matched bool)) error {
	return w.b.run(func() { w.e.matchEachWithin(sel, shapes, fn, w.b) })
}
