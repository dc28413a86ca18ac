package idl

import (
	"fmt"
	"testing"
	"unsafe"
)

// TestNameTable: each text has one string, the same at each intern,
// across the table's growth.
func TestNameTable(t *testing.T) {
	var tab nameTable
	const n = 5000
	first := make([]string, n)
	for i := range n {
		first[i] = tab.intern([]byte(fmt.Sprintf("N%d", i)))
	}
	if tab.n != n || len(tab.slots) < n*8/7 {
		t.Fatalf("%d names held in %d slots, want %d in at least %d", tab.n, len(tab.slots), n, n*8/7)
	}
	for i := range n {
		text := fmt.Sprintf("N%d", i)
		s := tab.intern([]byte(text))
		if s != text || unsafeData(s) != unsafeData(first[i]) {
			t.Fatalf("intern(%q) = %q, not the string first given", text, s)
		}
	}
	if tab.n != n {
		t.Errorf("%d names held after interning them again, want %d", tab.n, n)
	}
}

func unsafeData(s string) *byte { return unsafe.StringData(s) }

// TestInlineIOName: an operation's inline input and output name their
// structures with the structures' own strings, not a copy the lowered
// IDs keep beside them (0.8 MB of the generated 100,000-shape model of
// docs/performance.md, "Where a model's bytes go", twelfth round).
func TestInlineIOName(t *testing.T) {
	f, err := Parse("a.smithy", []byte("$version: \"2\"\nnamespace ex\n\noperation Op {\n    input := { a: String }\n    output := { b: String }\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := f.Lower(nil)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]*byte{}
	var op *ioView
	for i := range doc.Shapes {
		d := &doc.Shapes[i]
		names[d.ID.Name] = unsafe.StringData(d.ID.Name)
		if d.ID.Name == "Op" {
			op = &ioView{Input: d.Props().Input.String(), Output: d.Props().Output.String(), in: unsafe.StringData(d.Props().Input.Name), out: unsafe.StringData(d.Props().Output.Name)}
		}
	}
	if op == nil || op.Input != "ex#OpInput" || op.Output != "ex#OpOutput" {
		t.Fatalf("operation's input and output: %+v", op)
	}
	if op.in != names["OpInput"] || op.out != names["OpOutput"] {
		t.Errorf("the operation's input and output IDs do not share their structures' names")
	}
}

// ioView is what TestInlineIOName reads of an operation.
type ioView struct {
	Input, Output string
	in, out       *byte
}
