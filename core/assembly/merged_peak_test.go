package assembly

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/smithy-validation/go/core/internal/testmodel"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// TestMergedPeak: once a chain of small structures (the worst shape of
// docs/performance.md's "Where a model's bytes go") is merged, what the
// assembly holds beyond the definitions it gives model.NewFrom (its index
// by ID, its list of definitions) stays within a tenth of them, both
// measured in this run: 1.05 times with the index a table of positions
// (defIndex). With a Go map from shape ID to definition it was 1.27
// times here and 1.20 on the chain of 100,000 structures (tenth round),
// the largest live heap of the load. With each document's list of the
// definitions lowered apart dropped once it is merged, not with the last
// one, 1.03 (twelfth round), 12.1 bytes a structure: the bound was
// 1.04, 15.8 bytes a structure. The definitions are smaller since the
// fifteenth round (394.6 -> 282.2 bytes a structure given to NewFrom) and
// what assembly holds beside them is the same 12.1 bytes a structure
// (1.043 times them): the bound is 14 bytes a structure, measured.
func TestMergedPeak(t *testing.T) {
	if testing.Short() {
		t.Skip("assembles a model of 60,000 shapes")
	}
	const n = 20000
	live := chainStages(t, n)
	merged, given := live["merged"], live["given"]
	t.Logf("live heap: merged %d bytes, given to NewFrom %d; merged/given %.3f", merged, given, float64(merged)/float64(given))
	if len(live) != 3 || given < n*250 {
		t.Fatalf("the measure is broken: stages %v for %d structures", live, n)
	}
	if per := float64(merged-given) / n; per > 14 {
		t.Errorf("the merged point's live heap is %.1f bytes a structure more than the definitions given to NewFrom (%d of %d bytes, %.3f times): at most 14", per, merged, given, float64(merged)/float64(given))
	}
}

// TestDefIndex: the index finds every definition added, also past the
// number it was made for (it grows), none that was not, and after a
// definition is dropped from the list (the positions move) and the index
// rebuilt, the others still and the dropped one no more.
func TestDefIndex(t *testing.T) {
	var defs []*model.ShapeDef
	x := newDefIndex(3)
	id := func(i int) shapeid.ID {
		id := shapeid.ID{Namespace: fmt.Sprintf("ns%d", i%3), Name: fmt.Sprintf("S%d", i/3)}
		if i%7 == 6 {
			id.Member = "m"
		}
		return id
	}
	const n = 1000
	for i := range n {
		defs = append(defs, &model.ShapeDef{ID: id(i)})
		x.add(defs, len(defs)-1)
	}
	if x.n != n || len(x.slots) < 2*n {
		t.Fatalf("%d definitions in %d slots, want %d in at least %d", x.n, len(x.slots), n, 2*n)
	}
	check := func(gone int) {
		t.Helper()
		for i := range n {
			d, ok := x.get(defs, id(i))
			if i == gone {
				if ok {
					t.Errorf("%s found after it was dropped", id(i))
				}
				continue
			}
			if !ok || d.ID != id(i) {
				t.Errorf("%s: found %v (%v)", id(i), ok, d)
			}
		}
		for _, miss := range []shapeid.ID{{Namespace: "ns0", Name: "S1", Member: "m"}, {Namespace: "ns9", Name: "S0"}, {Namespace: "ns1", Name: "S5000"}} {
			if _, ok := x.get(defs, miss); ok {
				t.Errorf("%s found, never added", miss)
			}
		}
	}
	check(-1)
	defs = append(defs[:10], defs[11:]...)
	x.rebuild(defs, len(defs))
	check(10)
	if _, ok := (&defIndex{}).get(nil, id(0)); ok {
		t.Error("an empty index found a definition")
	}
}

// chainStages assembles a chain of n structures and returns the live heap
// (after a collection) at each stage the assembler names to
// assembleStage, net of what was live before the source was added.
func chainStages(t *testing.T, n int) map[string]int64 {
	t.Helper()
	src := testmodel.Chain(n)
	h0 := testmodel.LiveHeap()
	a := New(Once(true))
	if err := a.AddSource("chain.smithy", src); err != nil {
		t.Fatal(err)
	}
	src = nil
	live := map[string]int64{}
	res := assembleWatching(t, a, func(stage string) { live[stage] = testmodel.LiveHeap() - h0 })
	runtime.KeepAlive(res)
	return live
}

// assembleWatching assembles a with stage called at each stage of
// Assemble (the assembleStage hook), and fails t on an error.
func assembleWatching(t *testing.T, a *Assembler, stage func(string)) *Result {
	t.Helper()
	assembleStage = stage
	defer func() { assembleStage = nil }()
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		t.Fatalf("assemble: %v %v", err, res.Events)
	}
	return res
}
