package smithyvalidate

import (
	"fmt"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/core/validate"
)

// ModelValidators returns the model validators that check values written
// in a model with this engine, for core/validate's
// [validate.WithValidators] (core cannot import the engine):
//
//   - TraitValue (critical): every trait application against its trait's
//     definition ([CheckTraitValues]);
//   - DefaultTrait (critical): every @default value against its shape
//     ([CheckDefaults]);
//   - ExamplesTrait: every @examples input, output and error against the
//     operation's input, output and errors ([CheckExamples]);
//   - TypedMetadata: every metadata entry whose key a shape types with
//     @metadata against that shape ([CheckMetadata]);
//   - HttpRequestTestsInput: the params of the smithy.test protocol test
//     traits against the operation's input, output or error
//     and of @eventStreamTests against the operation's input, output and
//     event streams ([CheckProtocolTests]; its events are
//     HttpRequestTestsInput, HttpResponseTestsOutput,
//     HttpResponseTestsError and EventStreamTestsTrait), their JSON and
//     XML bodies well-formed, their IDs unique (UniqueProtocolTestCaseId),
//     the testParameters of malformed request tests of one length;
//   - AlloyTraits: the preparation checks of the alloy traits (see the
//     package documentation) on every shape that applies one.
//
// Their events carry the reference implementation's event IDs and wording.
// An internal fault of the engine becomes one ERROR event of the
// validator, never a panic.
func ModelValidators() []validate.Validator {
	return []validate.Validator{
		{Name: "TraitValue", Stage: validate.StageCritical, Check: traitValueEvents},
		{Name: "DefaultTrait", Stage: validate.StageCritical, Check: CheckDefaults},
		{Name: "ExamplesTrait", Stage: validate.StageDefault, Check: CheckExamples},
		{Name: "TypedMetadata", Stage: validate.StageDefault, Check: CheckMetadata},
		{Name: "HttpRequestTestsInput", Stage: validate.StageDefault, Check: CheckProtocolTests},
		{Name: "AlloyTraits", Stage: validate.StageDefault, Check: checkAlloyTraits},
	}
}

func traitValueEvents(m *model.Model) []model.Event {
	findings, err := CheckTraitValues(m)
	if err != nil {
		return []model.Event{internalEvent("TraitValue", err)}
	}
	var out []model.Event
	for _, f := range findings {
		out = append(out, f.Events()...)
	}
	return out
}

func internalEvent(id string, err error) model.Event {
	return model.Event{Severity: model.ErrorSeverity, ID: id, Message: "internal error of the value engine: " + err.Error()}
}

// recoverEvents turns a panic of a model validator (an internal fault)
// into its one ERROR event; use it as `defer recoverEvents(id, &out)`.
func recoverEvents(id string, out *[]model.Event) {
	if r := recover(); r != nil {
		*out = []model.Event{internalEvent(id, fmt.Errorf("%v", r))}
	}
}

// valueChecker checks the values of one model validator (default values,
// examples, metadata), preparing one validator per shape, with a
// collector reused for every value checked against it.
type valueChecker struct {
	m          *model.Model
	id         string // the validator's event ID, for internal faults
	prep       *modelPreparer
	validators map[shapeid.ID]*shapeValidator
	overrides  *overrideChecker
	val        node.Node // the value being checked (a field, so that viewing it allocates nothing)
}

// shapeValidator is a shape's validator and the collector its checks
// reuse; v is nil when the shape cannot be prepared.
type shapeValidator struct {
	v *Validator
	c *Collector
}

func newValueChecker(m *model.Model, id string, opts ...Option) *valueChecker {
	return &valueChecker{m: m, id: id, prep: newModelPreparer(m, modelValuesBound(m, opts)), validators: map[shapeid.ID]*shapeValidator{}, overrides: newOverrideChecker(m, opts)}
}

// check validates val against the shape id and returns its findings as
// events: ID base (extended as the reference extends it), message
// "<prefix>[.<path>]: ...", about shape, in src's file at each finding's
// position. A member's constraint and its target's both apply, as in the
// reference (see overrideChecker). A shape the engine cannot prepare
// gives none: the validators of its traits say why.
func (vc *valueChecker) check(id shapeid.ID, val node.Node, words valueWording, base, prefix string, shape shapeid.ID, src model.SourceLocation) []model.Event {
	sv, ok := vc.validators[id]
	if !ok {
		sv = &shapeValidator{}
		if v, _ := vc.prep.prepare(id); v != nil {
			sv.v, sv.c = v, v.NewCollector()
		}
		vc.validators[id] = sv
	}
	v, c := sv.v, sv.c
	if v == nil {
		return nil
	}
	c.Reset()
	vc.val = val
	if err := v.Check(c, Path{}, NodeView(&vc.val)); err != nil {
		sv.c = v.NewCollector() // the failed check's state is unknown
		return []model.Event{internalEvent(vc.id, err)}
	}
	var fs []Finding
	if c.Len() > 0 {
		fs = c.Result().Findings
	}
	fs = append(fs, vc.overrides.findings(id, val, Path{})...)
	if len(fs) == 0 {
		return nil
	}
	var out []model.Event
	for _, f := range fs {
		if f.Code == CodeSelectorLimit {
			return append(out, selectorLimitEvent(f, shape, src))
		}
	}
	for i, evs := range words.renderAll(val, fs) {
		at := src
		if fs[i].Pos.IsValid() {
			at.Pos = fs[i].Pos
		}
		for _, w := range evs {
			out = append(out, w.event(base, prefix, shape, at))
		}
	}
	return out
}

// selectorLimitEvent is the event of a selector-limit finding: core/validate's
// SelectorLimit (DANGER, not suppressible), which makes the report
// incomplete, as for the model's other selectors.
func selectorLimitEvent(f Finding, shape shapeid.ID, src model.SourceLocation) model.Event {
	if f.Pos.IsValid() {
		src.Pos = f.Pos
	}
	return model.Event{Severity: model.Danger, ID: validate.SelectorLimitID, Shape: shape, Source: src, Message: f.Message}
}
