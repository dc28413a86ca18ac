package model

import (
	"fmt"
	"slices"
	"testing"
	"unsafe"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// TestMixedTraitsWhereTheyAre: the effective traits of a shape with
// mixins and of its members are kept in the shape's body, not behind a
// pointer on every shape (docs/performance.md, "Where a model's bytes
// go", ninth round: 8 bytes a shape, 2.4 MB of the chain of 100,000
// structures), so a Shape stays at most 48 bytes; and every member of a
// shape with many mixed-in and redefined members, some with traits of
// their own lists and some without, reads its own list, while the model
// is built (a mixin's members read by the shapes that use it) and after.
func TestMixedTraitsWhereTheyAre(t *testing.T) {
	if n := unsafe.Sizeof(Shape{}); n > 48 {
		t.Errorf("a Shape is %d bytes: at most 48", n)
	}
	str := shapeid.MustParse("smithy.api#String")
	tr := func(name string) Trait {
		id := shapeid.New("acme", name)
		return Trait{ID: id, Value: node.NewString(name)}
	}
	const n = 40
	mixin := ShapeDef{ID: shapeid.MustParse("ns#Mixin"), Type: StructureType, Traits: []Trait{tr("mixinTrait"), {ID: shapeid.MustParse("smithy.api#mixin"), Value: node.NewObject()}}}
	for i := range n {
		md := MemberDef{Name: fmt.Sprintf("m%02d", i), Target: str}
		if i%3 == 0 {
			md.SetTraits([]Trait{tr(fmt.Sprintf("t%02d", i))})
		}
		mixin.Members = append(mixin.Members, md)
	}
	// A shape that uses the mixin redefines every fourth member with a
	// trait of its own, and adds members of its own.
	user := ShapeDef{ID: shapeid.MustParse("ns#User"), Type: StructureType, Traits: []Trait{tr("own")}}
	user.SetMixins([]shapeid.ID{mixin.ID})
	for i := 0; i < n; i += 4 {
		user.Members = append(user.Members, withTraits(MemberDef{Name: fmt.Sprintf("m%02d", i), Target: str}, []Trait{tr(fmt.Sprintf("r%02d", i))}...))
	}
	user.Members = append(user.Members, withTraits(MemberDef{Name: "extra", Target: str}, []Trait{tr("extra")}...), MemberDef{Name: "plain", Target: str})
	// A second generation: the user is itself a mixin's user's mixin.
	user2 := ShapeDef{ID: shapeid.MustParse("ns#User2"), Type: StructureType}
	user2.SetMixins([]shapeid.ID{user.ID})
	m, err := New([]ShapeDef{{ID: str, Type: StringType}, {ID: shapeid.MustParse("smithy.api#mixin"), Type: StructureType}, mixin, user, user2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	names := func(ts []Trait) []string {
		var out []string
		for _, t := range ts {
			out = append(out, t.ID.Name)
		}
		return out
	}
	for _, id := range []string{"ns#User", "ns#User2"} {
		s, _ := m.Shape(shapeid.MustParse(id))
		if got := names(s.Traits()); !slices.Contains(got, "mixinTrait") || id == "ns#User" && !slices.Contains(got, "own") {
			t.Errorf("%s: traits %v", id, got)
		}
		if len(s.Members()) != n+2 {
			t.Fatalf("%s: %d members, want %d", id, len(s.Members()), n+2)
		}
		for i, ms := range s.Members()[:n] {
			var want []string
			if i%3 == 0 {
				want = append(want, fmt.Sprintf("t%02d", i))
			}
			if i%4 == 0 {
				want = append(want, fmt.Sprintf("r%02d", i))
			}
			// Compared as sets: a redefined member's list is in the order
			// upsertTrait leaves it (the mixin's traits, then its own),
			// a second generation's sorted.
			got := names(ms.Traits())
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s: traits %v, want %v", ms.ID(), got, want)
			}
			for _, w := range want {
				if !ms.HasTrait(shapeid.New("acme", w)) {
					t.Errorf("%s: HasTrait(acme#%s) false", ms.ID(), w)
				}
			}
		}
		if e, _ := s.Member("extra"); !slices.Equal(names(e.Traits()), []string{"extra"}) {
			t.Errorf("%s$extra: traits %v", id, names(e.Traits()))
		}
		if p, _ := s.Member("plain"); len(p.Traits()) != 0 {
			t.Errorf("%s$plain: traits %v", id, names(p.Traits()))
		}
	}
}
