package selector_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/selector"
)

// fuzzModel has fan-out and cycles, where chained neighbour steps used to
// multiply paths.
const fuzzModel = `$version: "2"
namespace ex
service S { version: "1", operations: [O], resources: [R] }
resource R { identifiers: { id: String }, read: O }
@readonly
operation O { input: A, output: A, errors: [E] }
structure A { @required id: String, a: A, b: A, l: L, m: M }
list L { member: A }
map M { key: String, value: L }
@error("client")
structure E { message: String }
`

// FuzzSelector checks that no selector text makes Parse or evaluation
// panic or run away (chains of any length evaluate in shapes x steps), and
// that evaluation is deterministic.
func FuzzSelector(f *testing.F) {
	for _, seed := range []string{
		"*", "structure > member", ":test(> member)", "[trait|required]",
		"$x(*) ~> :in(${x})", ":root(service) ~> operation", ":recursive(~>)",
		"service :topdown([trait|readonly], [trait|idempotent])",
		"[@trait|error: @{value} = client]", ":not(< member)", ":is(list, map) > member",
		strings.Repeat("~> ", 40), strings.Repeat("< ", 728),
		strings.Repeat("-[member]-> ", 30), "$a(~>) $b(~>) ~> :in(${a}) :in(${b})",
	} {
		f.Add(seed)
	}
	m := fuzzLoad(f)
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return
		}
		sel, err := selector.Parse(text)
		if err != nil {
			return
		}
		first := ids(selector.NewEvaluator(m).Select(sel))
		if again := ids(selector.NewEvaluator(m).Select(sel)); !slices.Equal(first, again) {
			t.Fatalf("%q: %v, then %v", text, first, again)
		}
	})
}

func fuzzLoad(f *testing.F) *model.Model {
	a := assembly.New()
	if err := a.AddSource("fuzz.smithy", []byte(fuzzModel)); err != nil {
		f.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		f.Fatalf("the fuzz model does not load: %v %v", err, res.Events)
	}
	return res.Model
}

func ids(shapes []*model.Shape) []string {
	out := make([]string, len(shapes))
	for i, s := range shapes {
		out[i] = s.ID().String()
	}
	return out
}
