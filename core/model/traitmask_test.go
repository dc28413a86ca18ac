package model

import (
	"fmt"
	"testing"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// collidingName returns a trait name other than name whose mask bit is
// name's.
func collidingName(t *testing.T, name string) string {
	t.Helper()
	const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	for i := 0; i < 1_000_000; i++ {
		var b []byte
		for j := i; j > 0 || len(b) == 0; j /= len(letters) {
			b = append(b, letters[j%len(letters)])
		}
		c := string(b)
		if c != name && traitBit(c) == traitBit(name) {
			return c
		}
	}
	t.Fatalf("no name shares the bit of %q", name)
	return ""
}

// TestTraitLookupExact checks that HasTrait and Trait, which rule absent
// traits out through the shape's trait mask, answer exactly what a scan of
// the traits answers: for present traits, for absent traits whose names
// share a mask bit with a present one, for IDs that differ only in their
// namespace or member, and for shapes with a few and with many traits
// (the scan and the binary search), mixed-in members included.
func TestTraitLookupExact(t *testing.T) {
	prelude := func(name string) shapeid.ID { return shapeid.New(shapeid.Prelude, name) }
	present := []shapeid.ID{prelude("httpLabel"), prelude("required"), shapeid.MustParse("acme#tag"), prelude("")}
	var probes []shapeid.ID
	for _, id := range present {
		probes = append(probes, id,
			shapeid.New(id.Namespace, collidingName(t, id.Name)),
			shapeid.New("other.ns", id.Name),
			id.WithMember("m"))
	}
	probes = append(probes, prelude("httpQuery"), prelude("httpHeader"), prelude("documentation"))
	if traitBit(probes[1].Name) != traitBit(present[0].Name) || probes[1] == present[0] {
		t.Fatalf("probe %s does not collide with %s", probes[1], present[0])
	}

	few := make([]Trait, len(present))
	for i, id := range present {
		few[i] = Trait{ID: id, Value: node.NewString(id.String())}
	}
	many := append([]Trait(nil), few...)
	for i := 0; i < 12; i++ {
		id := shapeid.New("acme", fmt.Sprintf("extra%d", i))
		many = append(many, Trait{ID: id, Value: node.NewString(id.String())})
	}
	mixin := ShapeDef{ID: shapeid.MustParse("ns#Mixin"), Type: StructureType,
		Traits:  []Trait{{ID: prelude("mixin"), Value: node.NewObject()}},
		Members: []MemberDef{withTraits(MemberDef{Name: "inherited", Target: shapeid.MustParse("smithy.api#String")}, few...)}}
	defs := []ShapeDef{
		mixin,
		{ID: shapeid.MustParse("ns#Few"), Type: StructureType, Traits: few,
			Members: []MemberDef{withTraits(MemberDef{Name: "few", Target: shapeid.MustParse("smithy.api#String")}, few...),
				withTraits(MemberDef{Name: "many", Target: shapeid.MustParse("smithy.api#String")}, many...),
				{Name: "none", Target: shapeid.MustParse("smithy.api#String")}}},
		{ID: shapeid.MustParse("ns#Many"), Type: StringType, Traits: many},
	}
	defs[1].SetMixins([]shapeid.ID{mixin.ID})
	m, err := New(defs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var shapes []*Shape
	for _, s := range m.Shapes() {
		shapes = append(shapes, s)
		shapes = append(shapes, s.Members()...)
	}
	hits := 0
	for _, s := range shapes {
		if s.traitMask == 0 {
			t.Errorf("%s: trait mask not computed", s.ID())
		}
		for _, id := range probes {
			var want node.Node
			found := false
			for _, tr := range s.Traits() {
				if tr.ID == id {
					want, found = tr.Value, true
				}
			}
			if got := s.HasTrait(id); got != found {
				t.Errorf("%s.HasTrait(%s) = %v, want %v", s.ID(), id, got, found)
			}
			v, ok := s.Trait(id)
			if ok != found || (found && v.StringValue() != want.StringValue()) {
				t.Errorf("%s.Trait(%s) = %v, %v, want %v, %v", s.ID(), id, v, ok, want, found)
			}
			if found {
				hits++
			}
		}
	}
	if hits == 0 {
		t.Fatal("no probe was present: the test checks nothing")
	}
	// A shape built without the mask (the zero value) still finds traits.
	bare := Shape{}
	bare.setTraits(m.mustLookup(t, "ns#Many").Traits())
	if !bare.HasTrait(present[1]) || bare.HasTrait(probes[1]) {
		t.Error("a shape without a computed mask answers wrongly")
	}
	s := m.mustLookup(t, "ns#Few")
	if n := testing.AllocsPerRun(100, func() { s.HasTrait(probes[1]); s.HasTrait(present[0]) }); n != 0 {
		t.Errorf("HasTrait allocates %v times", n)
	}
}

// mustLookup returns the root shape id of m through its index.
func (m *Model) mustLookup(t *testing.T, id string) *Shape {
	t.Helper()
	s, ok := m.lookup(shapeid.MustParse(id))
	if !ok {
		t.Fatalf("no shape %s", id)
	}
	return s
}
