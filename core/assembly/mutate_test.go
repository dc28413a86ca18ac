package assembly_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/prelude"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// callerDocument builds, each time the same, a document whose assembly
// writes trait values and trait lists: annotation traits applied without a
// value (coerced to {} and []), an array trait merged with an applied one,
// and an enum member given its implicit @enumValue. Every trait list has
// spare capacity, so that an append into the caller's backing array shows
// in the element beyond the list's length.
func callerDocument() *model.Document {
	id := shapeid.MustParse
	spare := func(ts ...model.Trait) []model.Trait {
		return append(make([]model.Trait, 0, len(ts)+2), ts...)
	}
	omitted := func(t string) model.Trait { return model.Trait{ID: id(t), Omitted: true} }
	isTrait := model.Trait{ID: preludeid.Trait, Value: node.NewObject()}
	return &model.Document{
		File:    "caller.json",
		Version: "2.0",
		Shapes: []model.ShapeDef{
			{ID: id("ex#marker"), Type: model.StructureType, Traits: spare(isTrait)},
			{ID: id("ex#names"), Type: model.ListType, Traits: spare(isTrait),
				Members: []model.MemberDef{{Name: "member", Target: id("smithy.api#String")}}},
			{ID: id("ex#S"), Type: model.StructureType,
				Traits:  spare(omitted("ex#marker"), omitted("ex#names"), model.Trait{ID: preludeid.Tags, Value: node.NewArray(node.NewString("a"))}),
				Members: []model.MemberDef{withTraits(model.MemberDef{Name: "m", Target: id("smithy.api#String")}, spare(omitted("ex#marker"))...)}},
			{ID: id("ex#E"), Type: model.EnumType,
				Members: []model.MemberDef{withTraits(model.MemberDef{Name: "A", Target: id("smithy.api#Unit")}, spare()...)}},
		},
		Applies: []model.Apply{{Target: id("ex#S"), Traits: []model.Trait{{ID: preludeid.Tags, Value: node.NewArray(node.NewString("b"))}}}},
	}
}

// lists returns every trait list of doc (the shapes' and their members',
// and the applied ones), which is what assembly writes.
func lists(doc *model.Document) [][]model.Trait {
	var out [][]model.Trait
	for _, s := range doc.Shapes {
		out = append(out, s.Traits)
		for _, m := range s.Members {
			out = append(out, m.Traits())
		}
	}
	for _, ap := range doc.Applies {
		out = append(out, ap.Traits)
	}
	return out
}

// fullLists returns every trait list of doc extended to its capacity.
func fullLists(doc *model.Document) [][]model.Trait {
	out := lists(doc)
	for i, l := range out {
		out[i] = l[:cap(l)]
	}
	return out
}

// listsDiff says where two sets of trait lists differ, or returns "". Trait
// values compare with node.Equal and their positions (reflect.DeepEqual
// would compare the nodes' pointers by address).
func listsDiff(got, want [][]model.Trait) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d trait lists, want %d", len(got), len(want))
	}
	for i := range got {
		if len(got[i]) != len(want[i]) {
			return fmt.Sprintf("list %d has %d traits, want %d", i, len(got[i]), len(want[i]))
		}
		for j, g := range got[i] {
			w := want[i][j]
			if g.ID != w.ID || g.Omitted != w.Omitted || g.Source != w.Source ||
				g.Value.Kind() != w.Value.Kind() || !node.Equal(g.Value, w.Value) || g.Value.Pos() != w.Value.Pos() {
				return fmt.Sprintf("list %d trait %d is %s = %v (omitted %v), want %s = %v (omitted %v)", i, j, g.ID, g.Value, g.Omitted, w.ID, w.Value, w.Omitted)
			}
		}
	}
	return ""
}

// TestAddDocumentLeavesCallerDocument checks that assembly does not write
// into a document given with AddDocument: not its trait values, not its
// trait lists, not the spare capacity behind them.
func TestAddDocumentLeavesCallerDocument(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []assembly.Option
	}{
		{"default", nil},
		{"once", []assembly.Option{assembly.Once(true)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, want := callerDocument(), callerDocument()
			a := assembly.New(tc.opts...)
			a.AddDocument(doc)
			res, err := a.Assemble()
			if err != nil {
				t.Fatal(err)
			}
			if res.HasErrors() || res.Model == nil {
				t.Fatalf("assembly failed: %v", res.Events)
			}
			// The assembly did its writes, in the model.
			s, _ := res.Model.Shape(shapeid.MustParse("ex#S"))
			if v, ok := s.Trait(shapeid.MustParse("ex#marker")); !ok || v.Kind() != node.Object {
				t.Errorf("ex#marker on ex#S = %v, want {}", v)
			}
			if v, ok := s.Trait(preludeid.Tags); !ok || v.Kind() != node.Array || len(v.Elems()) != 2 {
				t.Errorf("tags on ex#S = %v, want [a b]", v)
			}
			if d := listsDiff(lists(doc), lists(want)); d != "" {
				t.Errorf("the caller's document changed: %s", d)
			}
			if d := listsDiff(fullLists(doc), fullLists(want)); d != "" {
				t.Errorf("the spare capacity of the caller's trait lists changed: %s", d)
			}
		})
	}
}

// preludeRestatement restates prelude shapes with traits the prelude does
// not give them, which assembly merges into the prelude's definitions.
func preludeRestatement(n int) string {
	return fmt.Sprintf(`{"smithy": "2.0", "shapes": {
    "smithy.api#PrimitiveBoolean": {"type": "boolean", "traits": {"smithy.api#default": false, "smithy.api#documentation": "restated %d"}},
    "smithy.api#String": {"type": "string", "traits": {"smithy.api#tags": ["t%d"]}},
    "ex#T%d": {"type": "structure", "members": {"b": {"target": "smithy.api#PrimitiveBoolean"}}}
}}`, n, n, n)
}

// TestConcurrentAssembliesLeavePrelude assembles models at the same time
// that all share the prelude document, with and without Once (run it with
// -race), each restating prelude shapes with more traits and coercing the
// prelude's own annotation traits (@private, @unitType...), and checks the
// prelude is as it was.
func TestConcurrentAssembliesLeavePrelude(t *testing.T) {
	before := fullLists(prelude.Document())
	snapshot := make([][]model.Trait, len(before))
	for i, l := range before {
		snapshot[i] = append([]model.Trait(nil), l...)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for n := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var opts []assembly.Option
			if n%2 == 0 {
				opts = append(opts, assembly.Once(true))
			}
			a := assembly.New(opts...)
			if err := a.AddSource(fmt.Sprintf("r%d.json", n), []byte(preludeRestatement(n))); err != nil {
				errs <- err
				return
			}
			a.AddDocument(callerDocument())
			res, err := a.Assemble()
			if err != nil {
				errs <- err
				return
			}
			if res.HasErrors() {
				errs <- fmt.Errorf("assembly %d: %v", n, res.Events)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if d := listsDiff(fullLists(prelude.Document()), snapshot); d != "" {
		t.Errorf("the prelude's trait lists changed: %s", d)
	}
	// Whatever assembled before this test: the prelude's annotation traits
	// are as lowered, null (each assembly coerces them in its own copy).
	for _, l := range fullLists(prelude.Document()) {
		for _, tr := range l {
			if tr.Omitted && !tr.Value.IsNull() {
				t.Errorf("prelude trait %s written without a value has the value %v", tr.ID, tr.Value)
			}
		}
	}
}
