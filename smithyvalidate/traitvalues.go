package smithyvalidate

import (
	"errors"
	"fmt"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// TraitFinding is a finding about one trait application: its value does
// not fit the trait's definition.
type TraitFinding struct {
	// Finding is about the trait value: Path is inside the value, Shape
	// the part of the trait definition that governs (ns#trait$member), Pos
	// the position in the model file when the loader kept it.
	Finding
	// Trait is the trait's shape ID.
	Trait shapeid.ID
	// Target is the shape or member the trait is applied to.
	Target shapeid.ID
	// Source is where the finding is in the model: the file of the trait
	// application and the position of the offending value (or of the
	// trait when the value has none).
	Source model.SourceLocation
	// wording is the finding in the reference implementation's words (see
	// reference.go); nil for a finding built outside CheckTraitValues.
	wording []modelValueEvent
}

// Events renders the finding as model validation events for `smithy
// validate`, in the words and with the event IDs of the Smithy reference
// implementation: ID "TraitValue" or a dotted extension of it
// (TraitValue.UnknownMember.<structure>.<member>,
// TraitValue.Member.InvalidRange), shape Target, message "Error validating
// trait `length`[.<path>]: ...". Most findings give one event; a null for
// a member that cannot be null gives two, as in the reference; a finding
// the reference words as an earlier one's event (a second repeated item
// of the same list) or does not report gives none.
func (f TraitFinding) Events() []model.Event {
	if f.Code == CodeSelectorLimit {
		return []model.Event{selectorLimitEvent(f.Finding, f.Target, f.Source)}
	}
	prefix := "Error validating trait `" + traitName(f.Trait) + "`"
	if f.wording == nil {
		return []model.Event{{Severity: severityEvent(f.Severity), ID: "TraitValue", Shape: f.Target, Source: f.Source,
			Message: prefix + ": " + f.Message}}
	}
	out := make([]model.Event, len(f.wording))
	for i, w := range f.wording {
		if w.creation {
			out[i] = w.event("Model", "Error creating trait `"+traitName(f.Trait)+"`", f.Target, f.Source)
			continue
		}
		out[i] = w.event("TraitValue", prefix, f.Target, f.Source)
	}
	return out
}

// Event returns the first of [TraitFinding.Events], or the finding in the
// engine's words when it has none.
func (f TraitFinding) Event() model.Event {
	if evs := f.Events(); len(evs) > 0 {
		return evs[0]
	}
	return TraitFinding{Finding: f.Finding, Trait: f.Trait, Target: f.Target, Source: f.Source}.Events()[0]
}

// traitName is a trait's name in messages: the bare name for a prelude
// trait, the shape ID otherwise.
func traitName(id shapeid.ID) string {
	if id.Namespace == shapeid.Prelude {
		return id.Name
	}
	return id.String()
}

// CheckTraitValues checks every trait application of m against its trait's
// definition (the shape of the trait's ID, marked @trait) with this
// engine: @length(min: "x") is a finding, as is a missing required member
// of a trait structure. Findings are ordered by target shape, trait and
// position.
//
// A trait applied without a value (`@foo`, marked [model.Trait] Omitted)
// whose definition is a structure or map is {}, a list []: the loader
// gives it that value, and a model assembled otherwise is read the same
// way. Any other null is checked as null, and true is no structure value,
// as in the Smithy reference implementation. Traits applied in the
// smithy.api prelude are not checked. A trait whose definition the engine
// cannot prepare is reported once (code trait-model), at the definition;
// a @mixin trait definition is left to the TraitTarget validator.
//
// The default policies for trait values follow how Smithy models write
// values and how the reference reads them: blobs are text ([BlobsAsText]),
// timestamps without a format may be any of the three forms
// ([AnyTimestampFormat]), and null is no value of an optional member
// ([RejectNullMembers]); opts come after these defaults. The error is an
// [*InternalError] only.
func CheckTraitValues(m *model.Model, opts ...Option) (out []TraitFinding, err error) {
	defer recoverInternal(&err)
	opts = append([]Option{BlobsAsText(true), AnyTimestampFormat(true), RejectNullMembers(true), referenceHTTPDatesOption()}, opts...)
	tc := traitChecker{m: m, prep: newModelPreparer(m, modelValuesBound(m, opts)), traits: map[shapeid.ID]*traitPlan{}, overrides: newOverrideChecker(m, opts)}
	for _, s := range m.Shapes() {
		if s.ID().Namespace == shapeid.Prelude {
			continue
		}
		for _, t := range s.OwnTraits() {
			if err := tc.check(s.ID(), t, &out); err != nil {
				return nil, err
			}
		}
		for i := range s.NumOwnMembers() {
			md := s.OwnMember(i)
			for _, t := range md.Traits() {
				if err := tc.check(s.ID().WithMember(md.Name), t, &out); err != nil {
					return nil, err
				}
			}
		}
	}
	return out, nil
}

type traitChecker struct {
	m         *model.Model
	prep      *modelPreparer
	traits    map[shapeid.ID]*traitPlan // by trait ID, prepared on first application
	overrides *overrideChecker          // a member's and its target's constraints both apply, as in the reference
	val       node.Node                 // the value being checked (a field, so that viewing it allocates nothing)
}

// traitPlan is what checking the applications of one trait needs, found
// once per model: its validator and a collector reused for every
// application (nil when the trait's values are not checked), and whether
// a value of the trait can hold a member that overrides its target's
// constraints (see overrideChecker).
type traitPlan struct {
	v         *Validator
	c         *Collector
	overrides bool
}

// plan returns the trait's plan, preparing it on the first application
// (adding to out what keeps the trait's values from being checked).
func (tc *traitChecker) plan(target shapeid.ID, t model.Trait, out *[]TraitFinding) (*traitPlan, error) {
	if tp, ok := tc.traits[t.ID]; ok {
		return tp, nil
	}
	def, found := tc.m.Shape(t.ID)
	switch {
	case !found:
		// Not cached: each application of an undefined trait is reported.
		*out = append(*out, tc.finding(target, t, CodeUnknownTrait, node.Pos{},
			fmt.Sprintf("trait %s is not defined in the model", t.ID)))
		return nil, nil
	case !def.HasTrait(preludeid.Trait):
		*out = append(*out, tc.finding(target, t, CodeUnknownTrait, node.Pos{},
			fmt.Sprintf("shape %s is applied as a trait but is not marked @trait", t.ID)))
		return nil, nil
	case def.HasTrait(preludeid.Mixin):
		tp := &traitPlan{} // a mixin is no trait: TraitTarget says so
		tc.traits[t.ID] = tp
		return tp, nil
	}
	v, err := tc.prep.prepare(t.ID)
	var me *ModelError
	switch {
	case errors.As(err, &me):
		msgs := make([]string, len(me.Problems))
		for i, p := range me.Problems {
			msgs[i] = p.String()
		}
		*out = append(*out, TraitFinding{
			Finding: Finding{Severity: SeverityError, Class: ClassInstance, Code: CodeTraitModel, Shape: t.ID,
				Message: "the trait definition cannot be prepared, so its values are not checked: " + strings.Join(msgs, "; ")},
			Trait: t.ID, Target: t.ID, Source: def.Source(),
		})
		tp := &traitPlan{}
		tc.traits[t.ID] = tp
		return tp, nil
	case err != nil:
		return nil, err
	}
	tp := &traitPlan{v: v, c: v.NewCollector(), overrides: tc.overrides.reach(def)}
	tc.traits[t.ID] = tp
	return tp, nil
}

func (tc *traitChecker) check(target shapeid.ID, t model.Trait, out *[]TraitFinding) error {
	tp, err := tc.plan(target, t, out)
	if tp == nil || tp.v == nil {
		return err
	}
	v := tp.v
	tc.val = t.Value
	if t.Omitted {
		tc.val = coerceOmitted(tc.val, v.root.typ)
	}
	c := tp.c
	c.Reset()
	if err := v.Check(c, Path{}, NodeView(&tc.val)); err != nil {
		tp.c = v.NewCollector() // the failed check's state is unknown
		return err
	}
	val := tc.val
	var fs []Finding
	if c.Len() > 0 {
		fs = c.Result().Findings
	}
	if tp.overrides {
		fs = append(fs, tc.overrides.findings(t.ID, val, Path{})...)
	}
	if t.ID == preludeid.ExternalDocumentation {
		fs = append(fs, externalDocumentationURLs(val)...)
	}
	if len(fs) == 0 {
		return nil
	}
	words := valueWording{m: tc.m}.renderAll(val, fs)
	if t.ID.Namespace == shapeid.Prelude {
		creationFailure(tc.m, t.ID, val, fs, words)
	}
	for i, f := range fs {
		src := t.Source
		if f.Pos.IsValid() {
			src.Pos = f.Pos
		}
		*out = append(*out, TraitFinding{Finding: f, Trait: t.ID, Target: target, Source: src, wording: words[i]})
	}
	return nil
}

func (tc *traitChecker) finding(target shapeid.ID, t model.Trait, code Code, pos node.Pos, msg string) TraitFinding {
	f := NewFinding(code, Path{}, t.ID, pos, msg)
	return TraitFinding{Finding: f, Trait: t.ID, Target: target, Source: t.Source}
}

// coerceOmitted gives the null value of a trait applied without one its
// structured form: {} for a structure or map trait, [] for a list trait.
func coerceOmitted(v node.Node, typ model.ShapeType) node.Node {
	switch {
	case v.IsNull() && (typ == model.StructureType || typ == model.MapType):
		return node.NewObject().At(v.Pos())
	case v.IsNull() && (typ == model.ListType || typ == model.SetType):
		return node.NewArray().At(v.Pos())
	}
	return v
}
