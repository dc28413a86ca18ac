package assembly_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
)

// TestOwnTraitsSorted: a definition lowered for the assembly has its
// traits sorted by ID in place, so that the model keeps its list, not a
// sorted copy of it. A documentation comment is read after the traits
// written (`/// ...` then `@sensitive` gives [sensitive, documentation],
// out of order): the model copied such a list, one allocation more a
// shape than the same traits written in order (docs/performance.md,
// "Where a model's bytes go", twelfth round). The allocations of the two
// models are compared, in this run.
func TestOwnTraitsSorted(t *testing.T) {
	model := func(n int, comment bool) []byte {
		var b strings.Builder
		b.WriteString("$version: \"2\"\nnamespace ex\n\n")
		for i := range n {
			if comment {
				fmt.Fprintf(&b, "/// Doc.\n@sensitive\nstring S%d\n\n", i)
			} else {
				fmt.Fprintf(&b, "@documentation(\"Doc.\")\n@sensitive\nstring S%d\n\n", i)
			}
		}
		return []byte(b.String())
	}
	const n = 400
	allocs := func(src []byte) float64 {
		return testing.AllocsPerRun(10, func() {
			a := assembly.New(assembly.Once(true))
			if err := a.AddSource("m.smithy", src); err != nil {
				t.Fatal(err)
			}
			res, err := a.Assemble()
			if err != nil || res.Model == nil || res.HasErrors() {
				t.Fatalf("assemble: %v %v", err, res.Events)
			}
		})
	}
	inOrder, comment := allocs(model(n, false)), allocs(model(n, true))
	extra := (comment - inOrder) / n
	t.Logf("%.0f allocations with the traits in order, %.0f with a documentation comment: %.2f more a shape", inOrder, comment, extra)
	if extra > 0.3 {
		t.Errorf("%.2f allocations more a shape whose documentation comment comes after its traits: at most 0.3", extra)
	}
}
