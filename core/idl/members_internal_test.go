package idl

import (
	"strings"
	"testing"
)

// TestMemberListsExact: a parsed shape keeps its members in a list of
// their number (read into the parser's buffer and copied at the end of
// the shape): a list grown by append kept spare capacity and allocated
// again at each doubling, beside the parse tree (docs/performance.md,
// "Where a model's bytes go", eighth round). Enum members too, and the
// members of an inline input read inside an operation.
func TestMemberListsExact(t *testing.T) {
	var b strings.Builder
	b.WriteString("$version: \"2\"\nnamespace ex\n")
	for n := 1; n <= 9; n++ {
		b.WriteString("structure S" + string(rune('0'+n)) + " {\n")
		for j := range n {
			b.WriteString("    m" + string(rune('a'+j)) + ": String\n")
		}
		b.WriteString("}\n")
	}
	b.WriteString("enum E { A, B, C }\noperation Op { input := { x: String, y: String, z: String } }\n")
	f, err := Parse("ex.smithy", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, s := range f.shapes {
		if len(s.members) != cap(s.members) {
			t.Errorf("%s: %d members in a list of %d", s.name, len(s.members), cap(s.members))
		}
		seen += len(s.members)
	}
	if want := 45 + 3 + 3; seen != want {
		t.Errorf("%d members parsed, want %d", seen, want)
	}
}
