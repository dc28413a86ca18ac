package validate

import (
	"errors"
	"fmt"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/selector"
)

// The selectors a model brings (its metadata validators' selectors, its
// trait definitions' `selector` and `@traitValidators`, its shape
// closures' `includeBySelector`) are untrusted input: some forms cost n²
// over a cycle of n shapes (docs/limits.md, "Other bounds"). [Check]
// evaluates them all, and the built-in validators' trait selectors, under
// one budget (selector.Budget) of units of work (relationships followed,
// shapes visited, matches reported): [DefaultSelectorLimit] of the model,
// or the [SelectorBudget] option's. A validator whose evaluation passes it stops
// with a SelectorLimit event (DANGER) naming the validator, the selector
// and the bound, and so does every validator evaluating a selector after
// it; the report is then not complete ([Report.Incomplete]).
const (
	// DefaultSelectorBudget is the default bound's floor: 2^22 units,
	// 167 times the most that a published AWS model spends (sagemaker:
	// 25,117; the reference implementation's test corpus: at most
	// 9,502), and a few seconds of the slowest work per unit.
	DefaultSelectorBudget = 1 << 22
	// SelectorBudgetPerShape is what the default bound adds for each
	// shape and member of the model (the prelude's included): 8 times
	// the most a model spends per shape apart from its fixed part (a
	// generated service of 100,000 HTTP operations: 3.9 units a shape;
	// sagemaker 2.2), so that the bound grows with the model, linearly.
	SelectorBudgetPerShape = 32
	// SelectorLimitID is the ID of the event of a selector evaluation
	// stopped by the budget. Suppressions and severity overrides do not
	// apply to it.
	SelectorLimitID = "SelectorLimit"
)

// DefaultSelectorLimit is the default bound of m's selector evaluations:
// DefaultSelectorBudget plus SelectorBudgetPerShape for each of its
// shapes and members.
func DefaultSelectorLimit(m *model.Model) int64 {
	return DefaultSelectorBudget + SelectorBudgetPerShape*int64(m.NumShapes())
}

// SelectorBudget sets the bound of the model's selector evaluations (see
// DefaultSelectorLimit), in units of work.
func SelectorBudget(limit int64) Option { return Option{selectorBudget: limit} }

// selectorLimit returns the event of err when the budget stopped the
// evaluation of text by the validator named name, defined at def (a
// shape, or the zero ID) and source.
func selectorLimit(err error, name, text string, def model.Event) (model.Event, bool) {
	var be *selector.BudgetError
	if !errors.As(err, &be) {
		return model.Event{}, false
	}
	def.Severity = model.Danger
	def.ID = SelectorLimitID
	def.Message = fmt.Sprintf("Validator `%s` stopped: its selector `%s` passed the bound of %d units of selector work for this model (relationships followed and shapes visited by the model's selectors); validation is incomplete",
		name, text, be.Limit)
	return def, true
}
