package validate

import (
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/prelude"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// exclusiveStructureMemberTraits enforces the `structurallyExclusive`
// property of trait definitions (ExclusiveStructureMemberTrait): "member"
// allows the trait on one member of a structure, "target" allows one
// member of a structure to target a shape with the trait.
func exclusiveStructureMemberTraits(m *model.Model) []model.Event {
	var byMember, byTarget []shapeid.ID
	x := indexOf(m)
	for _, s := range x.rootsWithTrait(preludeid.Trait) {
		tv, ok := s.Trait(preludeid.Trait)
		if !ok {
			continue
		}
		switch v, _ := tv.Get("structurallyExclusive"); v.StringValue() {
		case "member":
			byMember = append(byMember, s.ID())
		case "target":
			byTarget = append(byTarget, s.ID())
		}
	}
	if len(byMember) == 0 && len(byTarget) == 0 {
		return nil
	}
	// The structures to look at: those with a member that applies a
	// "member" trait or targets a shape with a "target" trait.
	candidate := map[*model.Shape]bool{}
	var structs []*model.Shape
	add := func(mem *model.Shape) {
		if c := mem.Container(); c != nil && c.Type() == model.StructureType && !candidate[c] {
			candidate[c] = true
			structs = append(structs, c)
		}
	}
	for _, id := range byMember {
		for _, mem := range x.withTrait(id) {
			add(mem)
		}
	}
	for _, id := range byTarget {
		for _, t := range x.withTrait(id) {
			for _, r := range x.referrersOf(t) {
				if r.rel == relMemberTarget {
					add(r.from)
				}
			}
		}
	}
	sort.Slice(structs, func(i, j int) bool { return structs[i].Ordinal() < structs[j].Ordinal() })
	var events []model.Event
	for _, s := range structs {
		for _, id := range byMember {
			var names []string
			for _, mem := range s.Members() {
				if mem.HasTrait(id) {
					names = append(names, mem.MemberName())
				}
			}
			if len(names) > 1 {
				events = append(events, errorf("ExclusiveStructureMemberTrait", s,
					"The `%s` trait can be applied to only a single member of a shape, but it was found on the following members: %s", idiomatic(id), tickedList(names)))
			}
		}
		for _, id := range byTarget {
			var names []string
			for _, mem := range s.Members() {
				if t, ok := m.Shape(mem.Target()); ok && t.HasTrait(id) {
					names = append(names, mem.MemberName())
				}
			}
			if len(names) > 1 {
				events = append(events, errorf("ExclusiveStructureMemberTrait", s,
					"Only a single member of a structure can target a shape marked with the `%s` trait, but it was found on the following members: %s", idiomatic(id), tickedList(names)))
			}
		}
	}
	return events
}

// unitTypes reports references to smithy.api#Unit other than operation
// input and output and members of unions, enums and intEnums (UnitType).
func unitTypes(m *model.Model) []model.Event {
	var events []model.Event
	unit, _ := m.Shape(preludeid.Unit)
	isUnit := func(s *model.Shape, i int, r reference) bool { return r.target != nil && r.target == unit }
	if unit == nil {
		// A model without the prelude: references to Unit resolve to
		// nothing, so tell them by ID.
		isUnit = func(s *model.Shape, i int, _ reference) bool {
			k := 0
			found := false
			s.Relationships(func(_ model.RelationshipType, id shapeid.ID) {
				found = found || k == i && id == preludeid.Unit
				k++
			})
			return found
		}
	}
	var out []reference
	for s := range eachShape(m) {
		out = appendOutgoing(out[:0], s)
		for i, r := range out {
			if !isUnit(s, i, r) {
				continue
			}
			switch r.rel {
			case relInput, relOutput:
			case relMemberTarget:
				if c := s.Container(); c != nil && c.Type() != model.UnionType && c.Type() != model.EnumType && c.Type() != model.IntEnumType {
					events = append(events, errorf("UnitType", s, "Only members of a union, enum, or intEnum can reference smithy.api#Unit"))
				}
			default:
				events = append(events, errorf("UnitType", s, "This shape has an invalid %s reference to smithy.api#Unit", r.rel))
			}
		}
	}
	return events
}

// unions reports unions without members, notes union members that target
// shapes with a default value, and warns about @box on union members
// (Union).
func unions(m *model.Model) []model.Event {
	var events []model.Event
	for _, u := range shapesOfType(m, model.UnionType) {
		if len(u.Members()) == 0 {
			events = append(events, errorf("Union", u, "Tagged unions must have one or more members"))
			continue
		}
		for _, mem := range u.Members() {
			if t, ok := m.Shape(mem.Target()); ok {
				if dv, ok := t.Trait(preludeid.Default); ok {
					events = append(events, eventf(model.Note, "Union", mem,
						"This union member targets `%s`, a shape with a default value of `%s`. Note that default values are only applicable to structures and ignored in tagged unions. It is a best practice for union members to target shapes with no default value (for example, instead of targeting PrimitiveInteger, target Integer).",
						t.ID(), node.Marshal(dv)))
				}
			}
			if bt, ok := findTrait(mem, preludeid.Box); ok {
				e := eventf(model.Warning, "Union", mem, "Invalid box trait found on a union member. The box trait on union members has no effect because union members are implicitly nullable.")
				e.Source = bt.Source
				events = append(events, e)
			}
		}
	}
	return events
}

// deprecatedTraits warns where a deprecated trait is applied
// (DeprecatedTrait). The enum trait's deprecation is reported by the
// loader for 2.0 models, so it is left out, as the reference does.
func deprecatedTraits(m *model.Model) []model.Event {
	var events []model.Event
	x := indexOf(m)
	for _, id := range x.applied() {
		def, ok := m.Shape(id)
		if !ok || id == preludeid.Enum || !def.HasTrait(preludeid.Trait) {
			continue
		}
		dv, ok := def.Trait(preludeid.Deprecated)
		if !ok {
			continue
		}
		msg := id.String()
		if v, ok := dv.Get("message"); ok && v.Kind() == node.String {
			msg += ", " + v.StringValue()
		}
		for _, s := range x.withTrait(id) {
			if prelude.IsPreludeID(s.ID()) {
				continue
			}
			t, _ := findTrait(s, id)
			e := eventf(model.Warning, "DeprecatedTrait", s, "This shape applies a trait that is deprecated: %s", msg)
			e.Source = t.Source
			events = append(events, e)
		}
	}
	return events
}

// unstableTraits warns where a trait marked @unstable is applied
// (UnstableTrait.<trait ID>).
func unstableTraits(m *model.Model) []model.Event {
	var events []model.Event
	x := indexOf(m)
	for _, id := range x.applied() {
		def, ok := m.Shape(id)
		if !ok || !def.HasTrait(preludeid.Unstable) || !def.HasTrait(preludeid.Trait) {
			continue
		}
		for _, s := range x.withTrait(id) {
			t, _ := findTrait(s, id)
			e := eventf(model.Warning, "UnstableTrait."+t.ID.String(), s, "This shape applies a trait that is unstable: %s", t.ID)
			e.Source = t.Source
			events = append(events, e)
		}
	}
	return events
}

// privateAccess reports references from another namespace to shapes
// marked @private (PrivateAccess): an ERROR for relationships, a WARNING
// for applying a private trait.
//
// The relationships that target a private shape are found in one pass
// over every shape's outgoing relationships, not with the index's
// referrers (referrersOf): on a model that nothing else asks referrers of
// (the chain of 100,000 structures of docs/performance.md, "Where a
// model's bytes go", eighth round) those were 8.6 MB allocated and 7.4
// kept until the end of the validators, the largest live heap of the run.
// The events come in the order the referrers gave them: by private shape,
// then by referring shape and relationship.
func privateAccess(m *model.Model) []model.Event {
	x := indexOf(m)
	private := x.rootsWithTrait(preludeid.Private)
	if len(private) == 0 {
		return nil
	}
	marked := x.traitSet(preludeid.Private)
	type access struct {
		to, from *model.Shape
		rel      rel
	}
	var found []access
	var out []reference
	for from := range x.eachShape() {
		out = appendOutgoing(out[:0], from)
		for _, r := range out {
			t := r.target
			if t != nil && marked.has(t) && x.own(t) && t.Container() == nil && from.ID().Namespace != t.ID().Namespace {
				found = append(found, access{t, from, r.rel})
			}
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].to.Ordinal() < found[j].to.Ordinal() })
	var events []model.Event
	for _, p := range private {
		for ; len(found) > 0 && found[0].to == p; found = found[1:] {
			events = append(events, errorf("PrivateAccess", found[0].from,
				"This shape has an invalid %s relationship that targets a private shape, `%s`, in another namespace.", strings.ToLower(found[0].rel.String()), p.ID()))
		}
		ns := p.ID().Namespace
		for _, s := range x.withTrait(p.ID()) {
			if s.ID().Namespace != ns {
				events = append(events, eventf(model.Warning, "PrivateAccess", s,
					"This shape has an invalid trait relationship that targets a private shape, `%s`, in another namespace.", p.ID()))
			}
		}
	}
	return events
}

// privateMixinMembers warns that @private on a mixin member does not keep
// the member from other namespaces (PrivateMixinMember).
func privateMixinMembers(m *model.Model) []model.Event {
	var events []model.Event
	for _, s := range indexOf(m).rootsWithTrait(preludeid.Mixin) {
		for _, mem := range s.Members() {
			if t, ok := findTrait(mem, preludeid.Private); ok {
				e := eventf(model.Warning, "PrivateMixinMember", mem,
					"The `@private` trait does not prevent a mixin member from being inherited by shapes in other namespaces, nor does it prevent new traits from being added to the inherited member. Apply `@private` to the mixin shape or target shape instead if cross-namespace access should be restricted.")
				e.Source = t.Source
				events = append(events, e)
			}
		}
	}
	return events
}
