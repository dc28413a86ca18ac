package selector_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/selector"
)

// bigTraitValues is a structure with two list traits of n strings each
// (@tags and a.b#x, disjoint), and one without either.
func bigTraitValues(n int) string {
	var b strings.Builder
	b.WriteString("$version: \"2\"\nnamespace a.b\n@trait list x { member: String }\n@tags([")
	for i := range n {
		fmt.Fprintf(&b, "%q,", fmt.Sprintf("t%d", i))
	}
	b.WriteString("])\n@x([")
	for i := range n {
		fmt.Fprintf(&b, "%q,", fmt.Sprintf("x%d", i))
	}
	b.WriteString("])\nstructure S { a: String }\nstructure T { a: String }\n")
	return b.String()
}

// TestCompareLinear counts the work of comparisons whose sides are trait
// values of n strings (ValuesCompared: pairs compared one by one, values
// read once): from 500 to 2,000 values about 4 times, where comparing
// every pair grew 16 times.
func TestCompareLinear(t *testing.T) {
	small, large := load(t, bigTraitValues(500)), load(t, bigTraitValues(2000))
	for _, tc := range []struct{ name, selector string }{
		{"subset of itself", "[@trait|tags: @{(values)} {<} @{(values)}]"},
		{"projections equal", "[@trait|tags: @{(values)} {=} @{(values)}]"},
		{"proper subset", "[@trait: @{tags|(values)} {<<} @{a.b#x|(values)}]"},
		{"projections differ", "[@trait: @{tags|(values)} {!=} @{a.b#x|(values)}]"},
		{"some pair equal", "[@trait: @{tags|(values)} = @{a.b#x|(values)}]"},
		{"some pair differs", "[@trait: @{tags|(values)} != @{tags|(values)}]"},
		{"some prefix", "[@trait: @{tags|(values)} ^= @{a.b#x|(values)}]"},
		{"some suffix", "[@trait: @{tags|(values)} $= @{a.b#x|(values)}]"},
		{"some number less", "[@trait: @{tags|(values)} < @{a.b#x|(values)}]"},
		{"case-insensitive", "[@trait: @{tags|(values)} = @{a.b#x|(values)} i]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sel, err := selector.Parse(tc.selector)
			if err != nil {
				t.Fatal(err)
			}
			work := func(m *model.Model) (int64, []string) {
				ev := selector.NewEvaluator(m)
				got := modelIDs(ev.Select(sel))
				return selector.ValuesCompared(ev), got
			}
			ws, got := work(small)
			wl, _ := work(large)
			checkQuadrupled(t, fmt.Sprintf("%s (matches %v): values compared", tc.selector, got), "500 values", "2,000", ws, wl)
		})
	}
}
