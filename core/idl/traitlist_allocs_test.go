package idl

import (
	"fmt"
	"strings"
	"testing"
)

// TestTraitListAllocs: a statement's traits and its documentation
// comment cost the parser one list of their number and one string of
// the comment's text. Grown by append in each statement's list, with the
// comment appended after them and the list copied again into the shape
// statement, and the comment joined into bytes and then copied into a
// string, they were 9.0 allocations a shape here (5.0 now), and 37 MB allocated for
// 12 MB kept while examples/mcp/mcp.smithy was loaded 174 times
// (docs/performance.md, "Where a model's bytes go", twelfth round). The
// allocations of two files that differ only by their number of shapes
// are compared, in this run.
func TestTraitListAllocs(t *testing.T) {
	file := func(shapes int) []byte {
		var b strings.Builder
		b.WriteString("$version: \"2\"\nnamespace ex\n\n")
		for i := range shapes {
			// The shape's name is new (one string); the trait IDs are
			// read before and the values are numbers (no string).
			fmt.Fprintf(&b, "/// Documentation of S%d,\n/// on two lines.\n@length(min: 1)\n@sensitive\nstring S%d\n\n", i, i)
		}
		return []byte(b.String())
	}
	const few, many = 100, 600
	allocs := func(src []byte) float64 {
		return testing.AllocsPerRun(20, func() {
			if _, err := Parse("a.smithy", src); err != nil {
				t.Fatal(err)
			}
		})
	}
	a, b := allocs(file(few)), allocs(file(many))
	perShape := (b - a) / float64(many-few)
	// The shape statement, its name, its list of traits (2 and the
	// comment), the comment's text, the @length value's field list, and
	// the file's list of statements grown: 5 and a little.
	t.Logf("%.0f and %.0f allocations; %.2f a shape", a, b, perShape)
	if perShape > 5.5 {
		t.Errorf("%.2f allocations a shape with two traits and a documentation comment: at most 5.5", perShape)
	}
}
