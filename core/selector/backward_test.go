package selector_test

import (
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/selector"
)

// TestMatchesAgreesWithSelect compares MatchEach and Matches, which walks chains of
// filters and forward steps backwards from the shape asked about, with the
// whole-model evaluation of Select, for every trait selector of the prelude
// and selectors of each kind, on every shape of a model with services,
// resources, operations, mixins, traits and members of each kind.
func TestMatchesAgreesWithSelect(t *testing.T) {
	m := load(t, `$version: "2"
namespace ns
@trait(selector: "operation -[input]-> structure > member")
structure inputMember {}
service S { version: "1", operations: [Op], resources: [R] }
resource R { identifiers: { id: String }, read: GetR, put: PutR, properties: { p: String } }
@readonly operation GetR { input := { @required id: String }, output := { @required id: String, p: String } }
@idempotent operation PutR { input := { @required id: String, p: String }, output := {} }
operation Op { input: In, output: Out, errors: [Oops] }
structure In { @required @inputMember a: String, b: Integer, c: Items, d: Kind, e: Doc }
structure Out { m: Mapping }
@error("client") structure Oops { message: String }
list Items { member: In }
map Mapping { key: String, value: Items }
enum Kind { A }
intEnum Num {
    ONE = 1
}
union U { a: String, b: In }
document Doc
@mixin structure Mix { x: String }
structure WithMix with [Mix] { y: Blob }
`)
	texts := []string{
		"structure > member",
		":is(structure, union) > member",
		"operation -[input, output]-> structure > member :test(> structure)",
		":is(operation -[input, output]-> structure > member, [trait|trait])",
		"structure > :test(member > string)",
		"structure :not([trait|input]) > member :test(> integer)",
		"operation -[input]-> structure > member > string",
		"* -[trait]-> structure",
		"resource -[instanceOperation]-> operation",
		"service > resource > operation",
		"structure > member[trait|required]",
		"> string",
		":is(list, map) > member > structure > member",
		"member > :in(:root(structure))",
		// Not walked backwards: whole-model evaluation.
		"member < structure",
		"list ~> structure",
		"$s(structure) > member :in(${s} > member)",
		"operation -[bound]-> service",
	}
	for _, def := range m.Shapes() {
		if tv, ok := def.Trait(preludeid.Trait); ok {
			if v, ok := tv.Get("selector"); ok && v.Kind() == node.String {
				texts = append(texts, v.StringValue())
			}
		}
	}
	all := selector.NewEvaluator(m)
	var shapes []*model.Shape
	for _, s := range m.Shapes() {
		shapes = append(shapes, s)
		shapes = append(shapes, s.Members()...)
	}
	checked := 0
	for _, text := range texts {
		sel, err := selector.Parse(text)
		if err != nil {
			t.Fatalf("Parse(%q): %v", text, err)
		}
		want := map[*model.Shape]bool{}
		for _, s := range all.Select(sel) {
			want[s] = true
		}
		// MatchEach answers as Select does, filters included.
		calls := 0
		selector.NewEvaluator(m).MatchEach(sel, shapes, func(s *model.Shape, got bool) {
			if got != want[s] {
				t.Errorf("%q on %s: MatchEach %v, Select %v", text, s.ID(), got, want[s])
			}
			calls++
		})
		if calls != len(shapes) {
			t.Errorf("%q: MatchEach called back %d times for %d shapes", text, calls, len(shapes))
		}
		if sel.IsFilter() {
			continue
		}
		for _, s := range shapes {
			// A fresh evaluator per shape: no whole-model result to reuse.
			if got := selector.NewEvaluator(m).Matches(sel, s); got != want[s] {
				t.Errorf("%q on %s: Matches %v, Select %v", text, s.ID(), got, want[s])
			}
			checked++
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d matches checked", checked)
	}
}
