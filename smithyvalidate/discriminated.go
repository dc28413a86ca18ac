package smithyvalidate

import (
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
)

// The discriminated rule family: alloy#discriminated("type") on a union.
// A value is the chosen member's structure as an object, plus the field
// "type" holding that member's wire name (its @jsonName under the
// MatchJSONNames policy, the member name otherwise, as every member name).
// Preparation checks that every member targets a structure with no member
// of the discriminator's wire name, so the field can never be one of the
// structure's own.

// alloyPlan is the encoding the alloy traits give a union or structure.
type alloyPlan struct {
	// disc is alloy#discriminated's field name ("" when not discriminated).
	disc string
	// untagged is alloy#untagged.
	untagged bool
	// unknown is the plan of the alloy#jsonUnknown member: the map that
	// takes a structure's fields that name no member, or the document that
	// takes a union's member that the union does not define.
	unknown *plan
	// names lists the members' wire names for messages ("a, b, c").
	names string
	// bounds are an untagged union's bounds for the one pass
	// (onepass_untagged.go), computed on first use.
	bounds boundsPointer
	// taken is the member of an untagged union that the one pass last
	// checked a value against when several members could take its kind
	// (untaggedShared): it is refuted last, and not at all when every
	// other member is refuted. A hint for the cost alone: the verdict is
	// the same whichever member it names.
	taken atomic.Int32
}

func (pl *plan) alloyPlan() *alloyPlan {
	if pl.alloy == nil {
		pl.alloy = &alloyPlan{}
	}
	return pl.alloy
}

// prepareDiscriminated reads the discriminator's field name.
func prepareDiscriminated(_ *preparer, pl *plan, v node.Node) string {
	if v.Kind() != node.String || v.StringValue() == "" {
		return "the value must be a non-empty string (the discriminator's field name), found " + describeNode(v)
	}
	pl.alloyPlan().disc = v.StringValue()
	return ""
}

// checkUnionEncoding checks a union's alloy encoding against its members,
// once they are compiled.
func (p *preparer) checkUnionEncoding(pl *plan, s, target *model.Shape) {
	a := pl.alloy
	names := make([]string, len(pl.members))
	for i := range pl.members {
		names[i] = pl.members[i].wire
	}
	a.names = strings.Join(names, ", ")
	if a.disc == "" {
		return
	}
	if a.untagged {
		p.problem(s, DiscriminatedTrait, model.SourceLocation{}, "a union cannot be both @alloy#discriminated and @alloy#untagged")
		return
	}
	for _, m := range target.Members() {
		if m.HasTrait(JSONUnknownTrait) {
			continue
		}
		t, ok := p.m.Target(m)
		if !ok {
			continue // reported with the member's plan
		}
		if t.Type() != model.StructureType {
			p.problem(m, DiscriminatedTrait, model.SourceLocation{}, "a member of a @discriminated union must target a structure, found %s (a %s)", t.ID(), t.Type())
			continue
		}
		for _, tm := range t.Members() {
			if p.wireName(tm) == a.disc {
				p.problem(m, DiscriminatedTrait, model.SourceLocation{}, "the discriminator %q is also a member of %s (%s): the field would hold the member's name", a.disc, t.ID(), tm.ID())
			}
		}
	}
}

// discriminated checks a value of a @discriminated union: the
// discriminator field names the member, whose structure the object is.
func (w *walker) discriminated(p *plan, v ValueView, k Kind) {
	a := p.alloy
	if k != KindObject {
		w.typeMismatch(p, v, k, "an object")
		return
	}
	n := v.Len()
	at := -1
	for i := 0; i < n; i++ {
		if f := v.Field(i); !f.NoText && f.Name == a.disc {
			at = i
			break
		}
	}
	if at < 0 {
		// At the field's path (where it belongs), positioned at the object.
		w.push(Key(a.disc))
		w.report(CodeDiscriminator, p.id, v.Pos(), "a field "+strconv.Quote(a.disc)+" naming one of: "+a.names, "",
			fmt.Sprintf("missing the discriminator field %q of union %s (one of: %s)", a.disc, p.targetID(), a.names))
		w.pop()
		return
	}
	f := v.Field(at)
	w.push(fieldSeg(&f))
	fk := f.Value.Kind()
	if fk != KindString && !(fk == KindSymbol && w.pol.on(symbolsAsStrings)) {
		w.report(CodeDiscriminator, p.id, f.Value.Pos(), "a string naming one of: "+a.names, fk.String(),
			fmt.Sprintf("the discriminator %q must be a string naming a member of union %s (one of: %s), found %s", a.disc, p.targetID(), a.names, fk.article()))
		w.pop()
		return
	}
	name := textOf(f.Value)
	idx := p.lookup(name)
	if idx < 0 {
		w.report(CodeDiscriminator, p.id, f.Value.Pos(), "one of: "+a.names, name,
			fmt.Sprintf("the discriminator %q names no member of union %s: %q (one of: %s)", a.disc, p.targetID(), short(name), a.names))
		w.pop()
		return
	}
	w.pop()
	// The member's structure (preparation made sure it is one) reads the
	// same object, leaving out the discriminator field (see structField).
	w.structure(p.members[idx].plan, v, k, at+1)
}
