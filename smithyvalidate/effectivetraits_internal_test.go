package smithyvalidate

import (
	"os"
	"reflect"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
)

// TestEachEffectiveTraitIsEffectiveTraits walks every shape and member of
// the MCP example model and of a model whose members replace, add to and
// leave their targets' traits: the traits planFor compiles
// (eachEffectiveTrait over the shape's and its target's lists) must be
// model.EffectiveTraits, in its order.
func TestEachEffectiveTraitIsEffectiveTraits(t *testing.T) {
	mcp, err := os.ReadFile("../examples/mcp/mcp.smithy")
	if err != nil {
		t.Fatal(err)
	}
	sources := map[string]string{
		"mcp.smithy": string(mcp),
		"t.smithy": `$version: "2"
namespace t
structure S {
    @length(min: 2) @required a: Id
    @pattern("^b") b: Id
    c: Id
    @documentation("own") @range(min: 1) d: Count
    e: Plain
    @sensitive f: Plain
}
@pattern("^[a-z]+$") @length(min: 1, max: 9) @documentation("target") string Id
@range(min: 0, max: 5) integer Count
string Plain
list L { @length(max: 3) member: Id }
map M { @pattern("^k") key: Id, value: Count }
`,
	}
	members := 0
	for name, src := range sources {
		a := assembly.New()
		if err := a.AddSource(name, []byte(src)); err != nil {
			t.Fatal(err)
		}
		res, err := a.Assemble()
		if err != nil || res.Model == nil {
			t.Fatalf("%s: assemble: %v %v", name, err, res.Events)
		}
		m := res.Model
		check := func(s *model.Shape) {
			var inherited []model.Trait
			if s.Type() == model.MemberType {
				members++
				tgt, ok := m.Target(s)
				if !ok {
					t.Fatalf("%s: no target", s.ID())
				}
				inherited = tgt.Traits()
			}
			var got []model.Trait
			eachEffectiveTrait(s.Traits(), inherited, func(tr *model.Trait) { got = append(got, *tr) })
			want := m.EffectiveTraits(s)
			if len(got) == 0 && len(want) == 0 {
				return
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %s: walked %v, EffectiveTraits %v", name, s.ID(), traitIDs(got), traitIDs(want))
			}
		}
		for _, s := range m.Shapes() {
			check(s)
			for _, mem := range s.Members() {
				check(mem)
			}
		}
	}
	if members < 500 {
		t.Fatalf("only %d members walked", members)
	}
}

func traitIDs(ts []model.Trait) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.ID.String())
	}
	return out
}
