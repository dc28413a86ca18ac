package idl_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/idl"
)

// TestMemberNamesPerShape: the set of member names that finds a repeated
// one past 16 members is the parser's, emptied after each shape: a shape
// whose members have the names of the shape before it parses, and a name
// repeated in it is still found (at the line of the repeat).
func TestMemberNamesPerShape(t *testing.T) {
	shape := func(name string, extra string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "structure %s {\n", name)
		for i := range 20 {
			fmt.Fprintf(&b, "  m%d: String\n", i)
		}
		b.WriteString(extra + "}\n")
		return b.String()
	}
	head := "$version: \"2\"\nnamespace ex\n"
	f, err := idl.Parse("a.smithy", []byte(head+shape("A", "")+shape("B", "")+"enum E { M0\n M1 }\n"))
	if err != nil {
		t.Fatalf("two shapes with the same 20 member names: %v", err)
	}
	if got := len(f.Declared()); got != 3 {
		t.Fatalf("%d shapes declared, want 3", got)
	}
	_, err = idl.Parse("b.smithy", []byte(head+shape("A", "")+shape("B", "  m3: String\n")))
	e, ok := err.(*idl.Error)
	if !ok || e.Pos.Line != 46 || !strings.Contains(e.Msg, "Duplicate member of `ex#B`: 'm3'") {
		t.Fatalf("a repeated name in the second shape: got %v", err)
	}
}
