package smithyvalidate

import (
	"strings"

	"github.com/smithy-validation/go/core/model"
)

// The jsonUnknown rule family: alloy#jsonUnknown on one member of a
// structure, which targets a map, makes the structure accept fields that
// name none of its members: each is checked as an entry of that map (its
// key against the map's key, its value against the map's value shape;
// null is a value of a document, and otherwise only where the map is
// @sparse or its value @alloy#nullable). On a union member that targets a
// document it makes the union accept a member it does not define, whose
// value is checked as that document. The member itself is not a field on
// the wire (a field of its name is one more unknown field), and a
// structure has at most one.

// jsonUnknown returns target's members without its @alloy#jsonUnknown
// member, whose plan becomes pl's unknown plan; a misplaced or repeated
// one is a problem.
func (p *preparer) jsonUnknown(pl *plan, target *model.Shape) []*model.Shape {
	members := target.Members()
	first := -1
	for i, m := range members {
		if m.HasTrait(JSONUnknownTrait) {
			first = i
			break
		}
	}
	if first < 0 {
		return members
	}
	kept := make([]*model.Shape, 0, len(members)-1)
	var taken *model.Shape
	for _, m := range members {
		if !m.HasTrait(JSONUnknownTrait) {
			kept = append(kept, m)
			continue
		}
		t, ok := p.m.Target(m)
		if !ok {
			kept = append(kept, m) // its plan reports the missing target
			continue
		}
		want := model.MapType
		if target.Type() == model.UnionType {
			want = model.DocumentType
		}
		switch {
		case target.Type() == model.UnionType && target.HasTrait(UntaggedTrait):
			p.problem(m, JSONUnknownTrait, model.SourceLocation{}, "an @untagged union has no member names on the wire, so it cannot take unknown members")
			kept = append(kept, m)
		case t.Type() != want:
			p.problem(m, JSONUnknownTrait, model.SourceLocation{}, "a @jsonUnknown member of a %s must target a %s, found %s (a %s)", target.Type(), want, t.ID(), t.Type())
			kept = append(kept, m)
		case taken != nil:
			p.problem(m, JSONUnknownTrait, model.SourceLocation{}, "%s has two @jsonUnknown members, %s and %s: at most one takes the unknown fields", target.ID(), taken.MemberName(), m.MemberName())
		default:
			taken = m
			pl.alloyPlan().unknown = p.planFor(m)
		}
	}
	return kept
}

// unknownField checks field i of a structure value, which names no member
// of p, against p's @jsonUnknown map (its path segment is pushed).
func (w *walker) unknownField(p *plan, v ValueView, i int, name string, val ValueView, fk Kind) {
	mp := p.alloy.unknown
	f := v.Field(i)
	w.keyString(mp.key, name, f.NamePos)
	if w.isNullK(val, fk) {
		if mp.value != nil && mp.value.typ == model.DocumentType {
			w.valueK(mp.value, val, fk) // null is a document value
			return
		}
		if !mp.sparse && !mp.value.isNullable() {
			w.report(CodeNull, mp.value.idOr(mp.id), val.Pos(), "", nullText(val),
				nullText(val)+" is not allowed in "+describeColl(mp, "map")+" (it is not @sparse), which takes the unknown fields of "+strings.TrimSpace(p.targetID().String()))
			return
		}
		w.typedNull(mp.value, val)
		return
	}
	w.valueK(mp.value, val, fk)
}
