// Package validate checks an assembled [model.Model] against the rules of
// the Smithy specification that are about the model itself (as opposed to
// the values of traits, which the value engine checks).
//
// Each rule is a small named [Validator] with the event ID and message
// wording of the reference implementation where its conformance corpus
// checks them:
//
//   - Model.UnresolvedTrait and Model: traits that are not defined, shapes
//     applied as traits without @trait;
//   - Target: what each relationship may reference (operation input,
//     output and errors, service and resource bindings, identifiers,
//     lifecycle operations, members, mixins; trait definitions and mixins
//     referenced outside `with`), and DeprecatedShape warnings;
//   - ResourceCycle, SingleOperationBinding, SingleResourceBinding,
//     ResourceIdentifier, ResourceIdentifierBinding, ResourceLifecycle;
//   - TraitTarget (trait definition selectors, evaluated with package
//     selector), TraitConflict, ExclusiveStructureMemberTrait, ShapeIdConflict;
//   - UnitType, Union, ShapeRecursion, OperationInputOutputMisuse,
//     OperationInputOutputName, OperationNameAmbiguity, TraitValidators,
//     DeprecatedTrait, UnstableTrait, PrivateAccess, PrivateMixinMember;
//   - constraint traits: RangeTrait, LengthTrait, PatternTrait (a pattern
//     java.util.regex rejects is the reference's Model ERROR "Error
//     creating trait `pattern`", one package pattern cannot run, a
//     backreference, a PatternTrait.Unsupported WARNING);
//   - EnumShape (critical), EnumTrait, EnumNamesPresent, JsonName,
//     IdempotentTrait, IdempotencyTokenIgnored, PaginatedTrait,
//     TraitBreakingChanges, MetadataTrait, StreamingTrait,
//     EventPayloadTrait;
//   - closures and resources: Service (name conflicts and renames in a
//     service closure), ShapeClosure (the shapeClosures metadata),
//     ReferencesTrait, MemberShouldReferenceResource,
//     ServiceBoundResourceOperation, ResourceOperationInputOutput;
//   - HTTP bindings, endpoints, auth and protocol traits (see
//     protocolValidators for the list and where they differ on purpose);
//   - the validators of the model's `validators` metadata that are
//     implemented here (EmitEachSelector, EmitNoneSelector,
//     UnreferencedShape; any other name is an UnknownValidator_<name>
//     warning), its `suppressions` and `severityOverrides`, and the
//     @suppress trait.
//
// [Model] runs the built-in validators; [Check] also takes the events found
// while assembling the model and more validators (the smithy command adds
// the value engine's trait-value check), and reports suppressed events
// apart.
//
// Validators run in stages, as in the reference implementation: if
// loading or assembly reported an ERROR, no validator runs; if an earlier
// stage reports an ERROR, later stages are not run, because their rules
// assume what the earlier ones check (that references resolve, that
// traits are defined and applied where they may be). Within a stage every
// validator runs and every event it reports is kept; the result is sorted
// with [model.SortEvents] (file, position, shape, event ID, message), so
// the same model always gives the same events in the same order.
package validate

import (
	"fmt"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/prelude"
	"github.com/smithy-validation/go/core/shapeid"
)

// Stage orders validators: a stage runs only when the earlier ones found
// no ERROR.
type Stage uint8

// The stages.
const (
	// StageLoad checks what the reference implementation checks while
	// loading: that every applied trait is defined as a trait.
	StageLoad Stage = iota
	// StageCorrectness checks that relationships are valid (Target).
	StageCorrectness
	// StageCritical checks traits (targets, values, conflicts) and shape
	// ID uniqueness.
	StageCritical
	// StageDefault holds every other validator.
	StageDefault
)

// Validator is one named model rule.
type Validator struct {
	// Name is the validator's name; its events use it as their ID or as
	// the first segment of their ID.
	Name  string
	Stage Stage
	Check func(m *model.Model) []model.Event
}

// Validators returns the built-in validators in the order they run.
func Validators() []Validator {
	return append([]Validator{
		{Name: "UnresolvedTrait", Stage: StageLoad, Check: unresolvedTraits},
		{Name: "Target", Stage: StageCorrectness, Check: targets},
		{Name: "ResourceCycle", Stage: StageCorrectness, Check: resourceCycles},
		{Name: "ExclusiveStructureMemberTrait", Stage: StageCritical, Check: exclusiveStructureMemberTraits},
		{Name: "TraitTarget", Stage: StageCritical, Check: traitTargets},
		{Name: "TraitConflict", Stage: StageCritical, Check: traitConflicts},
		{Name: "ShapeIdConflict", Stage: StageCritical, Check: shapeIDConflicts},
		{Name: "EnumShape", Stage: StageCritical, Check: enumShapes},
		{Name: "SingleOperationBinding", Stage: StageCritical, Check: singleOperationBinding},
		{Name: "SingleResourceBinding", Stage: StageCritical, Check: singleResourceBinding},
		{Name: "ResourceIdentifier", Stage: StageDefault, Check: resourceIdentifiers},
		{Name: "ResourceIdentifierBinding", Stage: StageDefault, Check: resourceIdentifierBindings},
		{Name: "ResourceLifecycle", Stage: StageDefault, Check: resourceLifecycles},
		{Name: "RangeTrait", Stage: StageDefault, Check: rangeTraits},
		{Name: "StreamingTrait", Stage: StageDefault, Check: streamingTraits},
		{Name: "EventPayloadTrait", Stage: StageDefault, Check: eventPayloadTraits},
		{Name: "ReferencesTrait", Stage: StageDefault, Check: referencesTraits},
		{Name: "MemberShouldReferenceResource", Stage: StageDefault, Check: memberShouldReferenceResource},
		{Name: "ServiceBoundResourceOperation", Stage: StageDefault, Check: serviceBoundResourceOperation},
		{Name: "ResourceOperationInputOutput", Stage: StageDefault, Check: resourceOperationInputOutput},
		{Name: "PaginatedTrait", Stage: StageDefault, Check: paginatedTraits},
		{Name: "Service", Stage: StageDefault, Check: services},
		{Name: "ShapeClosure", Stage: StageDefault, Check: shapeClosures},
		{Name: "EnumTrait", Stage: StageDefault, Check: enumTraits},
		{Name: "IdempotentTrait", Stage: StageDefault, Check: idempotentTraits},
		{Name: "IdempotencyTokenIgnored", Stage: StageDefault, Check: idempotencyTokenIgnored},
		{Name: "JsonName", Stage: StageDefault, Check: jsonNames},
		{Name: "TraitBreakingChanges", Stage: StageDefault, Check: traitBreakingChanges},
		{Name: "MetadataTrait", Stage: StageDefault, Check: metadataTraits},
		{Name: "LengthTrait", Stage: StageDefault, Check: lengthTraits},
		{Name: "PatternTrait", Stage: StageDefault, Check: patternTraits},
		{Name: "UnitType", Stage: StageDefault, Check: unitTypes},
		{Name: "OperationInputOutput", Stage: StageDefault, Check: operationInputOutput},
		{Name: "TraitValidators", Stage: StageDefault, Check: traitValidators},
		{Name: "DefaultValueInUpdate", Stage: StageDefault, Check: defaultValueInUpdate},
		{Name: "ShapeRecursion", Stage: StageDefault, Check: shapeRecursion},
		{Name: "Union", Stage: StageDefault, Check: unions},
		{Name: "DeprecatedTrait", Stage: StageDefault, Check: deprecatedTraits},
		{Name: "UnstableTrait", Stage: StageDefault, Check: unstableTraits},
		{Name: "PrivateAccess", Stage: StageDefault, Check: privateAccess},
		{Name: "PrivateMixinMember", Stage: StageDefault, Check: privateMixinMembers},
	}, protocolValidators()...)
}

// Model runs the built-in validators on m and returns their events, minus
// the suppressed ones, sorted with [model.SortEvents].
func Model(m *model.Model) []model.Event {
	return Check(m).Events
}

// Option configures [Check].
type Option struct {
	events     []model.Event
	validators []Validator
	builtin    []string
	legacy     bool
	// selectorBudget, when positive, is SelectorBudget's.
	selectorBudget int64
}

// WithEvents gives Check the events already found for the model (by
// assembly): they take part in staging (an ERROR among them stops
// validation as an ERROR of the load stage does) and in suppressions.
func WithEvents(events []model.Event) Option { return Option{events: events} }

// WithValidators adds validators to the built-in ones.
func WithValidators(v ...Validator) Option { return Option{validators: v} }

// ContinueAfterCritical runs the default stage even when the critical
// stage reported an ERROR (the correctness stage still stops validation).
// It is the reference implementation's "legacy validation mode", which its
// test runner uses for corpus files that expect both critical and later
// events.
func ContinueAfterCritical() Option { return Option{legacy: true} }

// Builtin treats the shapes of the namespaces as the smithy.api prelude is
// treated: definitions every model gets without writing them (the smithy
// command's smithy.rpc traits), whose events are reported only when they
// are ERRORs.
func Builtin(namespaces ...string) Option { return Option{builtin: namespaces} }

// Report is the result of [Check].
type Report struct {
	// Events are the events that were not suppressed, sorted with
	// [model.SortEvents].
	Events []model.Event
	// Suppressed are the events a @suppress trait or the suppressions
	// metadata suppressed.
	Suppressed []SuppressedEvent
	// Incomplete is set when the budget of the model's selector
	// evaluations stopped a validator (a SelectorLimit event says which:
	// see SelectorWorkBase): what it would have found is not known.
	Incomplete bool
	// SelectorWork is the units of work the model's selector evaluations
	// spent (see SelectorWorkBase), and SelectorBudget their bound.
	SelectorWork, SelectorBudget int64
}

// SuppressedEvent is an event that a suppression matched.
type SuppressedEvent struct {
	Event  model.Event
	Reason string // the suppression's reason, "" when it gives none
}

// HasErrors reports whether an unsuppressed event is an ERROR.
func (r *Report) HasErrors() bool {
	for _, e := range r.Events {
		if e.Severity == model.ErrorSeverity {
			return true
		}
	}
	return false
}

// Check validates m: the events given with [WithEvents] come first, then
// each stage of the built-in validators and those given with
// [WithValidators], stopping after a stage that leaves an ERROR. The
// validators, suppressions and severity overrides of the model's metadata
// apply. Events about prelude shapes are kept only when they are ERRORs.
//
// Check may be called from several goroutines; calls on one model run one
// at a time (a second waits for the first), so that each spends its own
// selector budget and gives the report it would give alone. A validator
// must not call Check on the model it is checking.
func Check(m *model.Model, opts ...Option) *Report {
	var prior []model.Event
	vals := Validators()
	builtin := map[string]bool{shapeid.Prelude: true}
	legacy := false
	budget := int64(0)
	for _, o := range opts {
		legacy = legacy || o.legacy
		if o.selectorBudget > 0 {
			budget = o.selectorBudget
		}
		prior = append(prior, o.events...)
		vals = append(vals, o.validators...)
		for _, ns := range o.builtin {
			builtin[ns] = true
		}
	}
	events := append([]model.Event(nil), prior...)
	stop := hasError(prior, func(e model.Event) bool { return e.ID != "Target" && e.ID != "Target.UnresolvedShape" })
	if m != nil && !stop {
		defer useIndex(m)()
		if budget == 0 {
			budget = DefaultSelectorLimit(m)
		}
		indexOf(m).selectorBudget(budget)
		meta, metaEvents := loadMetadataValidators(m)
		events = append(events, metaEvents...)
		stages := []Stage{StageLoad, StageCorrectness, StageCritical, StageDefault}
		for _, st := range stages {
			var found []model.Event
			for _, v := range vals {
				if v.Stage == st {
					found = append(found, v.Check(m)...)
				}
			}
			if st == StageDefault {
				found = append(found, meta.run(m)...)
			}
			found = dropBuiltin(found, builtin)
			events = append(events, found...)
			if st == StageLoad && hasError(found, nil) || st != StageLoad && hasError(events, nil) && !(st == StageCritical && legacy) {
				break
			}
		}
	}
	r := &Report{}
	if m != nil {
		if b := indexOf(m).budget; b != nil {
			r.SelectorWork, r.SelectorBudget = b.Used(), b.Limit()
		}
	}
	if m == nil {
		r.Events = events
	} else {
		sup := newSuppressor(m)
		for _, e := range events {
			if e.ID == SelectorLimitID {
				// A model may not suppress the bound on its own
				// selectors.
				r.Events = append(r.Events, e)
				r.Incomplete = true
				continue
			}
			if reason, ok := sup.suppressed(e); ok {
				r.Suppressed = append(r.Suppressed, SuppressedEvent{Event: e, Reason: reason})
				continue
			}
			r.Events = append(r.Events, sup.override(e))
		}
	}
	model.SortEvents(r.Events)
	return r
}

func hasError(events []model.Event, filter func(model.Event) bool) bool {
	for _, e := range events {
		if e.Severity == model.ErrorSeverity && (filter == nil || filter(e)) {
			return true
		}
	}
	return false
}

// dropBuiltin removes the events about prelude (and other built-in)
// shapes that are not ERRORs: validators need not special-case the
// prelude, and a broken prelude still shows.
func dropBuiltin(events []model.Event, builtin map[string]bool) []model.Event {
	out := events[:0]
	for _, e := range events {
		if e.Severity != model.ErrorSeverity && e.ID != SelectorLimitID && !e.Shape.IsZero() && builtin[e.Shape.Namespace] &&
			(e.Shape.Namespace != shapeid.Prelude || prelude.IsPreludeID(e.Shape)) {
			continue
		}
		out = append(out, e)
	}
	return out
}

func errorf(id string, s *model.Shape, format string, args ...any) model.Event {
	return model.Event{Severity: model.ErrorSeverity, ID: id, Shape: s.ID(), Source: s.Source(), Message: fmt.Sprintf(format, args...)}
}

func eventf(sev model.Severity, id string, s *model.Shape, format string, args ...any) model.Event {
	return model.Event{Severity: sev, ID: id, Shape: s.ID(), Source: s.Source(), Message: fmt.Sprintf(format, args...)}
}

// idiomatic returns a trait's name as the reference implementation prints
// it: the bare name for prelude traits, the absolute ID otherwise.
func idiomatic(id shapeid.ID) string {
	if id.Namespace == shapeid.Prelude {
		return id.Name
	}
	return id.String()
}

// describe renders a shape as the reference implementation's
// Shape.toString: "(type: `id`)".
func describe(s *model.Shape) string {
	return fmt.Sprintf("(%s: `%s`)", s.Type(), s.ID())
}
