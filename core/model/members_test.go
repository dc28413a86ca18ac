package model_test

import (
	"fmt"
	"runtime"
	"testing"
	"unsafe"

	"github.com/smithy-validation/go/core/internal/testmodel"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// structs returns n structures of k members each, every member named
// from a fixed set and targeting smithy.api#String, so that the members
// bring no strings of their own: what a member costs is its definition
// and its shape.
func structs(n, k int) []model.ShapeDef {
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	str := shapeid.ID{Namespace: "smithy.api", Name: "String"}
	defs := make([]model.ShapeDef, 0, n+1)
	defs = append(defs, model.ShapeDef{ID: str, Type: model.StringType})
	for i := range n {
		d := model.ShapeDef{ID: shapeid.ID{Namespace: "ex", Name: fmt.Sprintf("S%d", i)}, Type: model.StructureType, Source: model.SourceLocation{File: "ex.smithy"}}
		for j := range k {
			d.Members = append(d.Members, model.MemberDef{Name: names[j], Target: str, Pos: node.Pos{Line: int32(i + 1)}})
		}
		defs = append(defs, d)
	}
	return defs
}

// TestBytesPerMember: a member the model keeps costs no more than the
// MemberDef a loader gives it, both measured as heap retained in this
// run (the difference between structures with members and without, per
// member). The model keeps members packed (48 bytes; 64 before the tenth
// round of docs/performance.md) beside their Shape (48) and the pointer
// in the members list (8); when it kept the
// loader's MemberDef (128 bytes) as well, a member cost 1.5 of it. The
// MemberDef is 88 bytes since the fifteenth round, less than the model's
// member (104 bytes with its Shape and pointer): the bound is 112 bytes a
// member, measured (it was 1.1 times the 128-byte MemberDef, 141).
func TestBytesPerMember(t *testing.T) {
	if testing.Short() {
		t.Skip("builds models of tens of thousands of shapes")
	}
	const n, k = 20000, 4
	retained := func(keep func(defs []model.ShapeDef) any, members int) int64 {
		h0 := testmodel.LiveHeap()
		defs := structs(n, members)
		kept := keep(defs)
		defs = nil
		h := testmodel.LiveHeap() - h0
		runtime.KeepAlive(kept)
		return h
	}
	defsOnly := func(defs []model.ShapeDef) any {
		lists := make([][]model.MemberDef, len(defs))
		for i := range defs {
			lists[i], defs[i].Members = defs[i].Members, nil
		}
		return lists
	}
	build := func(defs []model.ShapeDef) any {
		ptrs := make([]*model.ShapeDef, len(defs))
		for i := range defs {
			ptrs[i] = &defs[i]
		}
		m, err := model.NewFrom(ptrs, nil)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	// The definitions' member lists: the baseline, measured (it is about
	// unsafe.Sizeof(MemberDef{}) a member, size classes included).
	def := float64(retained(defsOnly, k)-retained(defsOnly, 0)) / (n * k)
	mod := float64(retained(build, k)-retained(build, 0)) / (n * k)
	t.Logf("a member: the definitions' lists %.1f bytes (MemberDef %d), the model %.1f", def, unsafe.Sizeof(model.MemberDef{}), mod)
	if def < 80 {
		t.Fatalf("the baseline measured %.1f bytes a member: the measure is broken", def)
	}
	if mod > 112 {
		t.Errorf("the model keeps %.1f bytes a member (the loader's MemberDef list %.1f): at most 112", mod, def)
	}
}

// TestNewFrom: NewFrom builds the model New builds from the same
// definitions, and clears the definitions it was given; members keep
// their sources, a file other than their container's included, and a
// target the model does not define.
func TestNewFrom(t *testing.T) {
	str := shapeid.ID{Namespace: "smithy.api", Name: "String"}
	missing := shapeid.ID{Namespace: "ex", Name: "Missing"}
	doc := []model.Trait{{ID: shapeid.ID{Namespace: "smithy.api", Name: "documentation"}, Value: node.NewString("x")}}
	mk := func() []model.ShapeDef {
		defs := []model.ShapeDef{
			{ID: shapeid.ID{Namespace: "ex", Name: "A"}, Type: model.StructureType, Source: model.SourceLocation{File: "a.smithy", Pos: node.Pos{Line: 3}}, Members: []model.MemberDef{
				withTraits(model.MemberDef{Name: "x", Target: str, Pos: node.Pos{Line: 4, Column: 5}}, doc...),
				{Name: "y", Target: missing, Pos: node.Pos{Line: 9, Column: 1}},
				elided(model.MemberDef{Name: "z", Target: str, Pos: node.Pos{Line: 6, Column: 5}}),
			}},
			{ID: str, Type: model.StringType},
		}
		defs[0].SetMemberFile("y", "applied.smithy")
		return defs
	}
	want, err := model.New(mk(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defs := mk()
	ptrs := []*model.ShapeDef{&defs[0], &defs[1]}
	got, err := model.NewFrom(ptrs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range defs {
		if ptrs[i] != nil || defs[i].Members != nil || !defs[i].ID.IsZero() {
			t.Errorf("NewFrom left definition %d: %v %+v", i, ptrs[i], defs[i])
		}
	}
	for _, m := range []*model.Model{want, got} {
		a, _ := m.Shape(shapeid.ID{Namespace: "ex", Name: "A"})
		d := a.Def()
		wantDef := mk()[0]
		wantDefs := wantDef.Members
		if len(d.Members) != len(wantDefs) || a.NumOwnMembers() != len(wantDefs) {
			t.Fatalf("Def has %d members, NumOwnMembers %d, want %d", len(d.Members), a.NumOwnMembers(), len(wantDefs))
		}
		for i, w := range wantDefs {
			wsrc := wantDef.MemberSource(&w)
			for _, g := range []model.MemberDef{d.Members[i], a.OwnMember(i)} {
				if g.Name != w.Name || g.Target != w.Target || g.Elided() != w.Elided() || g.Pos != w.Pos || len(g.Traits()) != len(w.Traits()) {
					t.Errorf("member %d = %+v, want %+v", i, g, w)
				}
			}
			if got := d.MemberSource(&d.Members[i]); got != wsrc {
				t.Errorf("member %d: Def's MemberSource %v, want %v", i, got, wsrc)
			}
			ms, _ := a.Member(w.Name)
			if ms.Source() != wsrc || ms.Target() != w.Target || ms.ID() != a.ID().WithMember(w.Name) {
				t.Errorf("member shape %s: source %v target %v, want %v %v", ms.ID(), ms.Source(), ms.Target(), wsrc, w.Target)
			}
		}
		if y, _ := a.Member("y"); y != nil {
			if _, ok := m.Target(y); ok {
				t.Errorf("the member targeting %s resolves", missing)
			}
		}
	}
}

// TestNewFromErrors: NewFrom reports the first definition at fault in the
// order given, as New does, whatever the fault: a member defined twice
// before a shape defined twice is the member's error.
func TestNewFromErrors(t *testing.T) {
	str := shapeid.ID{Namespace: "smithy.api", Name: "String"}
	a := shapeid.ID{Namespace: "ex", Name: "A"}
	mk := func() []model.ShapeDef {
		return []model.ShapeDef{
			{ID: str, Type: model.StringType},
			{ID: a, Type: model.StructureType, Members: []model.MemberDef{{Name: "x", Target: str}, {Name: "x", Target: str}}},
			{ID: a, Type: model.StructureType},
		}
	}
	_, want := model.New(mk(), nil)
	defs := mk()
	_, got := model.NewFrom([]*model.ShapeDef{&defs[0], &defs[1], &defs[2]}, nil)
	if want == nil || got == nil || want.Error() != got.Error() || want.(*model.Error).ShapeID != a.WithMember("x") {
		t.Errorf("New: %v; NewFrom: %v; want the member defined twice", want, got)
	}
	// NewFrom reads the definitions in ID order: a fault of a definition
	// given first but read last is still the one reported, and so is a
	// shape defined twice after a fault read first.
	z := shapeid.ID{Namespace: "ex", Name: "Z"}
	order := func() []model.ShapeDef {
		return []model.ShapeDef{
			{ID: z, Type: model.StructureType, Members: []model.MemberDef{{Name: "y", Target: str}, {Name: "y", Target: str}}},
			{ID: a, Type: model.StructureType, Members: []model.MemberDef{{Name: "x"}}},
			{ID: str, Type: model.StringType},
			{ID: str, Type: model.StringType},
		}
	}
	for _, n := range []int{4, 3, 2} {
		_, want := model.New(order()[:n], nil)
		defs := order()[:n]
		ptrs := make([]*model.ShapeDef, n)
		for i := range defs {
			ptrs[i] = &defs[i]
		}
		_, got := model.NewFrom(ptrs, nil)
		if want == nil || got == nil || want.Error() != got.Error() || want.(*model.Error).ShapeID != z.WithMember("y") {
			t.Errorf("%d definitions: New: %v; NewFrom: %v; want ex#Z's member defined twice", n, want, got)
		}
	}
	// Without the first, the second's fault; without both, the shape
	// defined twice.
	for _, tc := range []struct {
		from int
		want shapeid.ID
	}{{1, a.WithMember("x")}, {2, str}} {
		_, want := model.New(order()[tc.from:], nil)
		defs := order()[tc.from:]
		ptrs := make([]*model.ShapeDef, len(defs))
		for i := range defs {
			ptrs[i] = &defs[i]
		}
		_, got := model.NewFrom(ptrs, nil)
		if want == nil || got == nil || want.Error() != got.Error() || want.(*model.Error).ShapeID != tc.want {
			t.Errorf("from %d: New: %v; NewFrom: %v; want %s", tc.from, want, got, tc.want)
		}
	}
	// Many members are checked with a map: the same error.
	many := mk()[:2]
	many[1].Members = nil
	for i := range 40 {
		many[1].Members = append(many[1].Members, model.MemberDef{Name: fmt.Sprintf("m%d", i%39), Target: str})
	}
	if _, err := model.New(many, nil); err == nil || err.(*model.Error).ShapeID != a.WithMember("m0") {
		t.Errorf("40 members, m0 twice: %v", err)
	}
}

// TestTargetNamesMember: a member whose target names a member (an error
// the validators report) resolves to that member, as every target does
// through [model.Model.Target], and one targeting a shape defined after it
// to that shape.
func TestTargetNamesMember(t *testing.T) {
	str := shapeid.ID{Namespace: "smithy.api", Name: "String"}
	a := shapeid.ID{Namespace: "ex", Name: "A"}
	z := shapeid.ID{Namespace: "ex", Name: "Z"}
	m, err := model.New([]model.ShapeDef{
		{ID: a, Type: model.StructureType, Members: []model.MemberDef{{Name: "x", Target: str}, {Name: "y", Target: a.WithMember("x")}, {Name: "z", Target: z}}},
		{ID: z, Type: model.StructureType},
		{ID: str, Type: model.StringType},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ member, want shapeid.ID }{{a.WithMember("y"), a.WithMember("x")}, {a.WithMember("z"), z}, {a.WithMember("x"), str}} {
		ms, _ := m.Shape(tc.member)
		got, ok := m.Target(ms)
		if !ok || got.ID() != tc.want {
			t.Errorf("Target(%s) = %v %v, want %s", tc.member, got, ok, tc.want)
		}
	}
}
