package validate

import (
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/selector"
)

func TestForwardSteps(t *testing.T) {
	for _, tc := range []struct {
		name, selector string
		want           int
	}{
		{"filter", "operation", 0},
		{"child members", "structure > member", 1},
		{"filter with a neighbor inside", ":test(string, member > string)", 1},
		{"named relationships", "operation -[input, output]-> structure > member", 2},
		{"attribute named trait is not a relationship", "structure[trait|trait]", 0},
		{"reverse neighbor", "member < structure", -1},
		{"recursive neighbor", "list ~> document", -1},
		{"variables", "$a(*) > member", -1},
		{"root", ":root(service)", -1},
		{"bound relationship", "operation -[bound]-> service", -1},
		{"trait relationship", "structure -[trait]-> *", -1},
		{"unclosed relationship list", "operation -[input", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := forwardSteps(tc.selector); got != tc.want {
				t.Errorf("forwardSteps(%q) = %d, want %d", tc.selector, got, tc.want)
			}
		})
	}
}

// TestNearMatcherAgrees compares matches with the whole-model evaluation
// for every trait selector of the prelude and every shape of a model with
// services, resources, operations, mixins and members of each kind.
func TestNearMatcherAgrees(t *testing.T) {
	a := assembly.New()
	src := `$version: "2"
namespace ns
service S { version: "1", operations: [Op], resources: [R] }
resource R { identifiers: { id: String }, read: GetR, properties: { p: String } }
@readonly operation GetR { input := { @required id: String }, output := { @required id: String, p: String } }
operation Op { input: In, output: Out, errors: [Oops] }
structure In { @required a: String, b: Integer, c: Items, d: Kind, e: Doc }
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
@trait(selector: "operation -[input]-> structure > member")
structure inputMember {}
`
	if err := a.AddSource("t.smithy", []byte(src)); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.Model == nil {
		t.Fatal(err, res.Events)
	}
	m := res.Model
	defer useIndex(m)()
	near := newNearMatcher(m)
	ev := selector.NewEvaluator(m)
	checked := 0
	for _, def := range m.Shapes() {
		tv, ok := def.Trait(traitTrait)
		if !ok {
			continue
		}
		v, ok := tv.Get("selector")
		if !ok || v.Kind() != node.String {
			continue
		}
		sel, err := selector.Cached(v.StringValue())
		if err != nil || sel.IsFilter() {
			continue
		}
		for _, s := range allShapes(m) {
			want := ev.Matches(sel, s)
			if got := near.matches(sel, v.StringValue(), s); got != want {
				t.Errorf("%q on %s: near %v, whole model %v", v.StringValue(), s.ID(), got, want)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no non-filter selector checked")
	}
}
