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
