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
// members of an inline input read inside an operation. The statement
// keeps the list's first element and its number (fourteenth round), so
// the list is checked by its number and its members' names.
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
		ms := s.memberList()
		want := map[string]int{"E": 3, "OpInput": 3, "OpOutput": 0}[s.name]
		if strings.HasPrefix(s.name, "S") {
			want = int(s.name[1] - '0')
		}
		if len(ms) != want {
			t.Errorf("%s: %d members, want %d", s.name, len(ms), want)
		}
		for j := range ms {
			if strings.HasPrefix(s.name, "S") && ms[j].name != "m"+string(rune('a'+j)) {
				t.Errorf("%s: member %d is %s", s.name, j, ms[j].name)
			}
		}
		seen += len(ms)
	}
	if want := 45 + 3 + 3; seen != want {
		t.Errorf("%d members parsed, want %d", seen, want)
	}
}
