package assembly

import (
	"fmt"
	"hash/maphash"
	"runtime"
	"testing"

	"github.com/smithy-validation/go/core/internal/testmodel"
	"github.com/smithy-validation/go/core/prelude"
)

// TestDefinedNamesBytes: what the assembly holds beside the parsed files
// when their lowering starts (the sets of the root shape names each
// namespace defines, which the lowering asks about) is at most 24 bytes a
// name, measured in this run on a chain of 60,000 structures. A Go map of
// the names was 58 bytes a name here, 34 on the chain of 100,000
// structures of docs/performance.md ("Where a model's bytes go",
// fourteenth round) and 46 on 300,000 strings; the table of the names
// (nameSet) is 20.
func TestDefinedNamesBytes(t *testing.T) {
	if testing.Short() {
		t.Skip("assembles a model of 180,000 shapes")
	}
	const n = 60000
	src := testmodel.Chain(n)
	prelude.Document() // loaded once a process: not the assembly's
	h0 := testmodel.LiveHeap()
	a := New(Once(true))
	if err := a.AddSource("chain.smithy", src); err != nil {
		t.Fatal(err)
	}
	src = nil
	parsed := testmodel.LiveHeap() - h0
	lowering := int64(-1)
	res := assembleWatching(t, a, func(stage string) {
		if stage == "lowering" {
			lowering = testmodel.LiveHeap() - h0
		}
	})
	runtime.KeepAlive(res)
	perName := float64(lowering-parsed) / n
	t.Logf("live heap: parsed %d bytes, when the lowering starts %d: %.1f bytes more a name", parsed, lowering, perName)
	if lowering < 0 || parsed < n*100 {
		t.Fatalf("the measure is broken: parsed %d bytes, lowering %d, for %d structures", parsed, lowering, n)
	}
	if perName > 24 {
		t.Errorf("when the lowering starts the assembly holds %.1f bytes a name beside the parsed files: at most 24", perName)
	}
}

// TestNameSet: a set made for n names holds every one added (also added
// twice, and past the end of the table, where the probe wraps), none that
// was not, and never the empty name; its size is a prime.
func TestNameSet(t *testing.T) {
	const n = 1000
	s := newNameSet(maphash.MakeSeed(), n)
	for i := range n {
		s.add(fmt.Sprintf("S%d", i))
		s.add(fmt.Sprintf("S%d", i/2)) // a restatement
	}
	held := 0
	for _, name := range s.slots {
		if name != "" {
			held++
		}
	}
	if held != n || len(s.slots) != 1259 { // the least prime from 1,252
		t.Fatalf("%d names in %d slots, want %d in 1259", held, len(s.slots), n)
	}
	for in, want := range map[int]int{2: 2, 3: 3, 4: 5, 8: 11, 24: 29, 1252: 1259, 125002: 125003} {
		if got := primeAtLeast(in); got != want {
			t.Errorf("primeAtLeast(%d) = %d, want %d", in, got, want)
		}
	}
	for i := range n {
		if !s.has(fmt.Sprintf("S%d", i)) {
			t.Errorf("S%d not found", i)
		}
	}
	for _, miss := range []string{"S1000", "S-1", "s1", "", "S10000"} {
		if s.has(miss) {
			t.Errorf("%q found, never added", miss)
		}
	}
	s.add("")
	if s.has("") {
		t.Error("the empty name is held")
	}
	// A small set, nearly full: the probes wrap.
	w := newNameSet(maphash.MakeSeed(), 4)
	for _, name := range []string{"a", "b", "c", "d"} {
		w.add(name)
	}
	for _, name := range []string{"a", "b", "c", "d"} {
		if !w.has(name) {
			t.Errorf("%s not found in the small set %q", name, w.slots)
		}
	}
	if w.has("e") {
		t.Errorf("e found in %q", w.slots)
	}
}
