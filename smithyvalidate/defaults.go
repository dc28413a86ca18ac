package smithyvalidate

import (
	"encoding/base64"
	"fmt"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// CheckDefaults is the DefaultTrait model validator: every @default value
// of m is checked by this engine against the shape it is applied to, as
// the Smithy reference implementation checks it, and reported as events
// with the reference's IDs and wording:
//
//   - the value must fit the shape: its type, the type's range, @range
//     (DefaultTrait.Member.InvalidRange or DefaultTrait.Target.InvalidRange;
//     WARNING when the value is 0, a Smithy 1.0 idiom), @length, @pattern,
//     enum values. A member's own constraint trait and its target's are
//     both checked, as the reference does (the engine's "member trait
//     replaces the target's" rule applies to values in messages, not to
//     values written in a model);
//   - a list or map default must be empty, a document default must not be
//     a non-empty array or object, a blob default should be base64
//     (WARNING);
//   - null is a default of members only;
//   - a structure member whose target has a default must repeat it (or set
//     null).
//
// Shapes of the prelude are not checked themselves, but members that
// target them are. A shape whose contract the engine cannot prepare (an
// invalid @range, say) is left to the validators of that trait.
func CheckDefaults(m *model.Model) (out []model.Event) {
	defer recoverEvents("DefaultTrait", &out)
	dc := defaultChecker{m: m, words: valueWording{m: m, zeroRangeWarning: true},
		values: newValueChecker(m, "DefaultTrait", BlobsAsText(true), AnyTimestampFormat(true), RejectNullMembers(true), referenceHTTPDatesOption())}
	for _, s := range m.Shapes() {
		if s.ID().Namespace == shapeid.Prelude {
			continue
		}
		if t, ok := findTrait(s.Traits(), preludeid.Default); ok {
			out = append(out, dc.check(s, t)...)
		}
		for _, mem := range s.Members() {
			t, ok := findTrait(mem.Traits(), preludeid.Default)
			if ok {
				out = append(out, dc.check(mem, t)...)
			}
			if s.Type() == model.StructureType {
				out = append(out, dc.coherent(mem, t, ok)...)
			}
		}
	}
	return out
}

type defaultChecker struct {
	m      *model.Model
	words  valueWording
	values *valueChecker
}

func findTrait(ts []model.Trait, id shapeid.ID) (model.Trait, bool) {
	for _, t := range ts {
		if t.ID == id {
			return t, true
		}
	}
	return model.Trait{}, false
}

func (dc *defaultChecker) errorAt(s *model.Shape, t model.Trait, sev model.Severity, msg string) model.Event {
	src := t.Source
	if src.File == "" {
		src = s.Source()
	}
	return model.Event{Severity: sev, ID: "DefaultTrait", Shape: s.ID(), Source: src, Message: msg}
}

// check validates one @default value against s (a shape or a member).
func (dc *defaultChecker) check(s *model.Shape, t model.Trait) []model.Event {
	val := t.Value
	target := s
	if s.Type() == model.MemberType {
		var ok bool
		if target, ok = dc.m.Target(s); !ok {
			return nil
		}
		if val.IsNull() {
			return nil // a member may reset its target's default
		}
	} else if val.IsNull() {
		return []model.Event{dc.errorAt(s, t, model.ErrorSeverity, "The @default trait can be set to null only on members")}
	}
	var out []model.Event
	var seen map[string]bool // made for the first event: most values have none
	run := func(id shapeid.ID) {
		for _, ev := range dc.values.check(id, val, dc.words, "DefaultTrait", "Error validating @default trait", s.ID(), t.Source) {
			if seen == nil {
				seen = map[string]bool{}
			}
			if key := ev.ID + "\x00" + ev.Message; !seen[key] {
				seen[key] = true
				out = append(out, ev)
			}
		}
	}
	if s.Type() == model.MemberType && !hasConstraint(s) {
		// The member adds nothing to its target's contract: the target's
		// validator (prepared once for every member that targets it)
		// says the same.
		run(target.ID())
	} else {
		run(s.ID())
	}
	switch target.Type() {
	case model.BlobType:
		if val.Kind() == node.String {
			if _, err := base64.StdEncoding.DecodeString(val.StringValue()); err != nil {
				out = append(out, dc.errorAt(s, t, model.Warning, "The @default value of a blob should be a valid base64 string."))
			}
		}
	case model.MapType:
		if val.Kind() == node.Object && val.Len() > 0 {
			out = append(out, dc.errorAt(s, t, model.ErrorSeverity, "The @default value of a map must be an empty map"))
		}
	case model.ListType, model.SetType:
		if val.Kind() == node.Array && val.Len() > 0 {
			out = append(out, dc.errorAt(s, t, model.ErrorSeverity, "The @default value of a list must be an empty list"))
		}
	case model.DocumentType:
		switch {
		case val.Kind() == node.Array && val.Len() > 0:
			out = append(out, dc.errorAt(s, t, model.ErrorSeverity, "The @default value of a document cannot be a non-empty array"))
		case val.Kind() == node.Object && val.Len() > 0:
			out = append(out, dc.errorAt(s, t, model.ErrorSeverity, "The @default value of a document cannot be a non-empty object"))
		}
	}
	return out
}

// constraintTraits are the traits a member may set over its target's.
var constraintTraits = []shapeid.ID{preludeid.Range, preludeid.Length, preludeid.Pattern, preludeid.UniqueItems, preludeid.IDRef}

// hasConstraint reports whether a member applies a trait the engine
// reads for a value of its target.
func hasConstraint(mem *model.Shape) bool {
	for _, id := range memberContractTraits {
		if mem.HasTrait(id) {
			return true
		}
	}
	return false
}

// memberContractTraits are the traits of a member that change how the
// engine checks a value of the member's target.
var memberContractTraits = append([]shapeid.ID{preludeid.TimestampFormat, preludeid.Enum, preludeid.Sparse}, constraintTraits...)

// coherent checks that a structure member repeats the default of its
// target (or sets null).
func (dc *defaultChecker) coherent(mem *model.Shape, t model.Trait, has bool) []model.Event {
	target, ok := dc.m.Target(mem)
	if !ok || target.Type() == model.MemberType {
		return nil
	}
	td, ok := target.Trait(preludeid.Default)
	if !ok {
		return nil
	}
	want := string(node.Marshal(td))
	switch {
	case !has:
		return []model.Event{dc.errorAt(mem, model.Trait{Source: mem.Source()}, model.ErrorSeverity, fmt.Sprintf(
			"Member targets %s, which requires that the member defines the same default of `%s` or `null`", target.ID(), want))}
	case !t.Value.IsNull() && string(node.Marshal(t.Value)) != want:
		return []model.Event{dc.errorAt(mem, t, model.ErrorSeverity, fmt.Sprintf(
			"Member defines a default value that differs from the default value of the target shape, %s. "+
				"The member has a default of `%s`, but the target has a default of `%s`.", target.ID(), nodeText(t.Value), want))}
	}
	return nil
}

// nodeText is a value as the reference prints a node: a string bare,
// anything else as compact JSON.
func nodeText(n node.Node) string {
	if n.Kind() == node.String {
		return n.StringValue()
	}
	return string(node.Marshal(n))
}
