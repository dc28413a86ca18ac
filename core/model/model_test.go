package model_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

var (
	lengthTrait = shapeid.MustParse("smithy.api#length")
	docTrait    = shapeid.MustParse("smithy.api#documentation")
	patTrait    = shapeid.MustParse("smithy.api#pattern")
	mixinTrait  = shapeid.MustParse("smithy.api#mixin")
)

func trait(id shapeid.ID, v node.Node) model.Trait { return model.Trait{ID: id, Value: v} }

func TestEffectiveTraits(t *testing.T) {
	str := model.ShapeDef{ID: shapeid.MustParse("ns#Name"), Type: model.StringType, Traits: []model.Trait{
		trait(lengthTrait, node.NewObject(node.Field{Key: "min", Value: node.NewNumber("1")}, node.Field{Key: "max", Value: node.NewNumber("10")})),
		trait(docTrait, node.NewString("a name")),
	}}
	st := model.ShapeDef{ID: shapeid.MustParse("ns#S"), Type: model.StructureType, Members: []model.MemberDef{
		withTraits(model.MemberDef{Name: "a", Target: str.ID}, []model.Trait{trait(lengthTrait, node.NewObject(node.Field{Key: "max", Value: node.NewNumber("5")}))}...),
		withTraits(model.MemberDef{Name: "b", Target: str.ID}, []model.Trait{trait(patTrait, node.NewString("^x"))}...),
		{Name: "c", Target: str.ID},
	}}
	m, err := model.New([]model.ShapeDef{str, st}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ member, want string }{
		// The member's @length replaces the target's as a whole: no min.
		{"a", `smithy.api#documentation="a name" smithy.api#length={"max":5}`},
		{"b", `smithy.api#documentation="a name" smithy.api#length={"min":1,"max":10} smithy.api#pattern="^x"`},
		{"c", `smithy.api#documentation="a name" smithy.api#length={"min":1,"max":10}`},
	}
	for _, tt := range tests {
		s, _ := m.Shape(shapeid.MustParse("ns#S$" + tt.member))
		var parts []string
		for _, tr := range m.EffectiveTraits(s) {
			parts = append(parts, tr.ID.String()+"="+string(node.Marshal(tr.Value)))
		}
		if got := strings.Join(parts, " "); got != tt.want {
			t.Errorf("member %s: effective traits %s, want %s", tt.member, got, tt.want)
		}
		v, ok := m.EffectiveTrait(s, lengthTrait)
		if !ok {
			t.Errorf("member %s: EffectiveTrait(length) missing", tt.member)
		}
		if _, hasMin := v.Get("min"); hasMin == (tt.member == "a") {
			t.Errorf("member %s: EffectiveTrait(length) = %s", tt.member, node.Marshal(v))
		}
	}
}

func TestNewRejects(t *testing.T) {
	s := shapeid.MustParse("ns#S")
	tests := []struct {
		name string
		defs []model.ShapeDef
		want string
	}{
		{"duplicate shape", []model.ShapeDef{{ID: s, Type: model.StringType}, {ID: s, Type: model.StringType}}, "shape defined more than once"},
		{"member ID", []model.ShapeDef{{ID: s.WithMember("m"), Type: model.StringType}}, "absolute root shape ID"},
		{"duplicate trait", []model.ShapeDef{{ID: s, Type: model.StringType, Traits: []model.Trait{trait(docTrait, node.NewString("a")), trait(docTrait, node.NewString("b"))}}}, "applied more than once"},
		{"member without target", []model.ShapeDef{{ID: s, Type: model.StructureType, Members: []model.MemberDef{{Name: "m"}}}}, "member has no target"},
		{"mixin cycle", []model.ShapeDef{withMixins(model.ShapeDef{ID: s, Type: model.StructureType}, s)}, "mixin cycle"},
		// 1,500 mixins in a chain, each adding a member: 1,125,750 members
		// once applied, from 1,500 definitions.
		{"members past MaxMembers", mixinChain(1500), "more than 1000000 members"},
	}
	for _, tt := range tests {
		_, err := model.New(tt.defs, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: New error = %v, want %q", tt.name, err, tt.want)
		}
	}
}

// mixinChain returns n mixins M0..M(n-1), each with one member of its own
// and M(i-1) as its mixin.
func mixinChain(n int) []model.ShapeDef {
	mixin := []model.Trait{trait(shapeid.MustParse("smithy.api#mixin"), node.NewObject())}
	defs := make([]model.ShapeDef, n)
	for i := range defs {
		id := shapeid.New("ns", "M"+strconv.Itoa(i))
		defs[i] = model.ShapeDef{ID: id, Type: model.StructureType, Traits: mixin,
			Members: []model.MemberDef{{Name: "f" + strconv.Itoa(i), Target: shapeid.MustParse("smithy.api#String")}}}
		if i > 0 {
			defs[i].SetMixins([]shapeid.ID{defs[i-1].ID})
		}
	}
	return defs
}

func TestMemberLookup(t *testing.T) {
	// A shape with more members than a scan suits finds them by index.
	for _, n := range []int{3, 100} {
		var members []model.MemberDef
		for i := 0; i < n; i++ {
			members = append(members, model.MemberDef{Name: "m" + strconv.Itoa(i), Target: shapeid.MustParse("smithy.api#String")})
		}
		m, err := model.New([]model.ShapeDef{{ID: shapeid.MustParse("ns#S"), Type: model.StructureType, Members: members}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := m.Shape(shapeid.MustParse("ns#S"))
		for i := 0; i < n; i++ {
			name := "m" + strconv.Itoa(i)
			if mem, ok := s.Member(name); !ok || mem.MemberName() != name {
				t.Errorf("%d members: Member(%q) = %v, %v", n, name, mem, ok)
			}
		}
		if mem, ok := s.Member("nope"); ok {
			t.Errorf("%d members: Member(nope) = %v", n, mem)
		}
	}
}

func TestOrdinal(t *testing.T) {
	mix := model.ShapeDef{ID: shapeid.MustParse("ns#Mix"), Type: model.StructureType, Traits: []model.Trait{trait(mixinTrait, node.NewObject())},
		Members: []model.MemberDef{{Name: "m", Target: shapeid.MustParse("ns#Str")}}}
	// Defined out of order, with a mixin member: ordinals follow ID order.
	defs := []model.ShapeDef{
		withMixins(model.ShapeDef{ID: shapeid.MustParse("ns#Z"), Type: model.StructureType,
			Members: []model.MemberDef{{Name: "b", Target: shapeid.MustParse("ns#Str")}, {Name: "a", Target: shapeid.MustParse("ns#Str")}}}, mix.ID),
		{ID: shapeid.MustParse("ns#Str"), Type: model.StringType},
		mix,
	}
	m, err := model.New(defs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range m.Shapes() {
		for _, x := range append([]*model.Shape{s}, s.Members()...) {
			if x.Ordinal() != len(got) {
				t.Errorf("%s: ordinal %d, want %d", x.ID(), x.Ordinal(), len(got))
			}
			got = append(got, x.ID().String())
		}
	}
	want := "ns#Mix ns#Mix$m ns#Str ns#Z ns#Z$m ns#Z$b ns#Z$a"
	if strings.Join(got, " ") != want {
		t.Errorf("order %s, want %s", strings.Join(got, " "), want)
	}
	if m.NumShapes() != len(got) {
		t.Errorf("NumShapes() = %d, want %d", m.NumShapes(), len(got))
	}
}

// TestResolvedAndOwn checks what New works out once for every shape:
// member targets and relationship targets resolved to the model's shapes
// (nil for a reference to a shape it does not define), and the own traits
// and members of a definition apart from those its mixins give it.
func TestResolvedAndOwn(t *testing.T) {
	mix := model.ShapeDef{ID: shapeid.MustParse("ns#Mix"), Type: model.StructureType,
		Traits:  []model.Trait{trait(mixinTrait, node.NewObject()), trait(docTrait, node.NewString("mixed"))},
		Members: []model.MemberDef{{Name: "m", Target: shapeid.MustParse("ns#Str")}}}
	str := model.ShapeDef{ID: shapeid.MustParse("ns#Str"), Type: model.StringType}
	st := withMixins(model.ShapeDef{ID: shapeid.MustParse("ns#S"), Type: model.StructureType,
		Traits:  []model.Trait{trait(patTrait, node.NewString("^x"))},
		Members: []model.MemberDef{{Name: "a", Target: str.ID}, {Name: "b", Target: shapeid.MustParse("ns#Missing")}}}, mix.ID)
	op := withEntity(model.ShapeDef{ID: shapeid.MustParse("ns#Op"), Type: model.OperationType}, &model.EntityDef{Input: st.ID, Output: shapeid.MustParse("ns#Gone")})
	m, err := model.New([]model.ShapeDef{op, st, str, mix}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := m.Shape(st.ID)
	if got := len(s.OwnTraits()); got != 1 || s.OwnTraits()[0].ID != patTrait {
		t.Errorf("OwnTraits = %v, want only @pattern (the mixin's @documentation is inherited)", s.OwnTraits())
	}
	if got := len(s.Traits()); got != 2 {
		t.Errorf("Traits has %d traits, want 2 (own and mixed in)", got)
	}
	if n := s.NumOwnMembers(); n != 2 || s.OwnMember(0).Name != "a" || s.OwnMember(1).Name != "b" {
		t.Errorf("NumOwnMembers = %d, want a and b (not the mixin's m)", n)
	}
	for _, tc := range []struct {
		member string
		want   shapeid.ID // zero: unresolved
	}{{"m", str.ID}, {"a", str.ID}, {"b", shapeid.ID{}}} {
		mem, _ := s.Member(tc.member)
		got, ok := m.Target(mem)
		if ok != !tc.want.IsZero() || ok && got.ID() != tc.want {
			t.Errorf("Target(%s) = %v %v, want %v", tc.member, got, ok, tc.want)
		}
		if mem.Model() != m {
			t.Errorf("%s: Model() is not the model it belongs to", tc.member)
		}
	}
	o, _ := m.Shape(op.ID)
	var rels []string
	o.RelatedShapes(func(r model.RelationshipType, id shapeid.ID, target *model.Shape) {
		to := "nil"
		if target != nil {
			to = target.ID().String()
		}
		rels = append(rels, r.String()+":"+id.String()+"="+to)
	})
	if got, want := strings.Join(rels, " "), "input:ns#S=ns#S output:ns#Gone=nil"; got != want {
		t.Errorf("RelatedShapes = %s, want %s", got, want)
	}
	// Root shapes come in ID order, each followed by its members, with
	// ordinals counting up.
	n := 0
	for _, r := range m.Shapes() {
		for _, sh := range append([]*model.Shape{r}, r.Members()...) {
			if sh.Ordinal() != n {
				t.Errorf("%s: ordinal %d, want %d", sh.ID(), sh.Ordinal(), n)
			}
			n++
		}
	}
	if n != m.NumShapes() {
		t.Errorf("NumShapes = %d, counted %d", m.NumShapes(), n)
	}
}

// TestSourcesAndTargets: a root shape, its own member, a redefined mixin
// member and a member mixed in unchanged each report the source and
// target they had when a Shape carried its own copies (a member mixed in
// and not redefined is where its container is), through Source, Target
// and Def; and a service keeps its properties.
func TestSourcesAndTargets(t *testing.T) {
	at := func(line int32) model.SourceLocation {
		return model.SourceLocation{File: "m.smithy", Pos: node.Pos{Line: line, Column: 1}}
	}
	str := shapeid.MustParse("smithy.api#String")
	mixin := model.ShapeDef{ID: shapeid.MustParse("ns#M"), Type: model.StructureType, Source: at(1),
		Traits:  []model.Trait{trait(mixinTrait, node.NewObject())},
		Members: []model.MemberDef{{Name: "a", Target: str, Pos: at(2).Pos}, {Name: "b", Target: str, Pos: at(3).Pos}}}
	s := withMixins(model.ShapeDef{ID: shapeid.MustParse("ns#S"), Type: model.StructureType, Source: at(10),
		Members: []model.MemberDef{withTraits(model.MemberDef{Name: "b", Target: str, Pos: at(11).Pos}, []model.Trait{trait(docTrait, node.NewString("b"))}...), {Name: "c", Target: str, Pos: at(12).Pos}}}, mixin.ID)
	svc := withEntity(model.ShapeDef{ID: shapeid.MustParse("ns#Svc"), Type: model.ServiceType, Source: at(20)}, &model.EntityDef{Version: "2024", Errors: []shapeid.ID{s.ID}})
	m, err := model.New([]model.ShapeDef{mixin, s, svc}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		id     string
		source int32
		target shapeid.ID
	}{
		{"ns#S", 10, shapeid.ID{}},
		{"ns#S$a", 10, str}, // mixed in: where S is
		{"ns#S$b", 11, str}, // redefined: its own line
		{"ns#S$c", 12, str},
		{"ns#M$a", 2, str},
	} {
		sh, ok := m.Shape(shapeid.MustParse(tc.id))
		if !ok {
			t.Fatalf("%s: no such shape", tc.id)
		}
		if got := sh.Source(); got != at(tc.source) {
			t.Errorf("%s: Source() = %v, want %v", tc.id, got, at(tc.source))
		}
		if got := sh.Def().Source; got != at(tc.source) {
			t.Errorf("%s: Def().Source = %v, want %v", tc.id, got, at(tc.source))
		}
		if got := sh.Target(); got != tc.target {
			t.Errorf("%s: Target() = %v, want %v", tc.id, got, tc.target)
		}
	}
	sv, _ := m.Shape(svc.ID)
	svDef := sv.Def()
	if sv.Version() != "2024" || len(sv.Errors()) != 1 || svDef.Props().Version != "2024" || !sv.Input().IsZero() {
		t.Errorf("service properties: version %q errors %v def version %q input %v", sv.Version(), sv.Errors(), svDef.Props().Version, sv.Input())
	}
	// Def's properties are a copy: changing them does not change the model.
	svDef.SetProps().Version = "changed"
	if sv.Version() != "2024" {
		t.Errorf("changing Def's Entity changed the model: version %q", sv.Version())
	}
	plain, _ := m.Shape(s.ID)
	plainDef := plain.Def()
	if plain.Version() != "" || plain.Errors() != nil || plain.Lifecycle("read") != (shapeid.ID{}) || plainDef.Entity() != nil {
		t.Errorf("a structure has service properties: %q %v %v", plain.Version(), plain.Errors(), plainDef.Entity())
	}
}
