package idl

import (
	"fmt"
	"strings"
	"testing"
)

// TestShapeIDAllocs: a shape ID the file has read before (a member's
// target, here `String` and the structures' names) costs the parser no
// allocation: its text is interned, and reading it makes no string of
// its namespace part beside it. That string, garbage at once, shared
// the allocator's 16-byte blocks of tiny objects with the interned names
// the model keeps, and kept them half empty: 0.8 MB of every phase of
// the chain of 100,000 structures of docs/performance.md ("Where a
// model's bytes go", tenth round). The allocations of two files that
// differ only by their number of members are compared, in this run.
func TestShapeIDAllocs(t *testing.T) {
	file := func(members int) []byte {
		var b strings.Builder
		b.WriteString("$version: \"2\"\nnamespace ex\n\nstructure A {}\n\nstructure S {\n")
		for i := range members {
			fmt.Fprintf(&b, "    m%d: String\n    n%d: A\n", i, i)
		}
		b.WriteString("}\n")
		return []byte(b.String())
	}
	const few, many = 100, 1100
	allocs := func(src []byte) float64 {
		return testing.AllocsPerRun(20, func() {
			if _, err := Parse("a.smithy", src); err != nil {
				t.Fatal(err)
			}
		})
	}
	a, b := allocs(file(few)), allocs(file(many))
	// Each member's name is new (m0, n0, ...): one string each; its
	// target is not.
	perMember := (b - a) / float64(2*(many-few))
	t.Logf("%.0f and %.0f allocations; %.2f a member beyond its name's", a, b, perMember-1)
	if perMember > 1.1 {
		t.Errorf("%.2f allocations a member whose target was read before: at most 1.1 (its name's)", perMember)
	}
}
