package model

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/smithy-validation/go/core/internal/testmodel"
	"github.com/smithy-validation/go/core/shapeid"
)

// TestNewFromPeak: while NewFrom builds a model of small structures (a
// chain, the worst shape of docs/performance.md's "Where a model's bytes
// go"), the live heap stays within 1.10 times the model it builds and
// 1.06 times the definitions it is given, all measured in this run: the
// definitions and their member lists alive beside what is built so far.
// With the bodies of the root shapes made all at once before the first
// definition was read, the largest point was 1.38 times the model
// (eighth round); with a copy of the root shapes' IDs for the build (32
// bytes a root shape), 1.16 (ninth round), 1.10 without; with the root
// shapes and the array of pointers to them made before the first
// definition is read, 1.07 (1.17 times the definitions; tenth round),
// 0.98 (1.04) with them made once every definition is read. The model
// is smaller since (members of 48 bytes, not 64): 1.08 times the model,
// the same 1.04 times the definitions.
func TestNewFromPeak(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a model of 60,000 shapes")
	}
	const n = 20000
	str := shapeid.ID{Namespace: "smithy.api", Name: "String"}
	h0 := testmodel.LiveHeap()
	defs := make([]ShapeDef, 0, n+1)
	defs = append(defs, ShapeDef{ID: str, Type: StringType})
	for i := range n {
		next := str
		if i+1 < n {
			next = shapeid.ID{Namespace: "ex", Name: fmt.Sprintf("S%d", i+1)}
		}
		src := SourceLocation{File: "chain.smithy"}
		defs = append(defs, ShapeDef{ID: shapeid.ID{Namespace: "ex", Name: fmt.Sprintf("S%d", i)}, Type: StructureType, Source: src,
			Members: []MemberDef{{Name: "next", Target: next}, {Name: "name", Target: str}}})
	}
	ptrs := make([]*ShapeDef, len(defs))
	for i := range defs {
		ptrs[i] = &defs[i]
	}
	given := testmodel.LiveHeap() - h0
	peaks := map[string]int64{}
	buildStage = func(stage string) { peaks[stage] = testmodel.LiveHeap() - h0 }
	defer func() { buildStage = nil }()
	m, err := NewFrom(ptrs, nil)
	if err != nil {
		t.Fatal(err)
	}
	buildStage = nil
	defs, ptrs = nil, nil
	kept := testmodel.LiveHeap() - h0
	runtime.KeepAlive(m)
	peak := max(peaks["indexed"], peaks["read"])
	t.Logf("definitions given %d bytes; live while building: indexed %d, read %d; the model %d; peak/model %.2f, peak/given %.2f",
		given, peaks["indexed"], peaks["read"], kept, float64(peak)/float64(kept), float64(peak)/float64(given))
	if len(peaks) != 2 || kept < n*200 {
		t.Fatalf("the measure is broken: stages %v, the model %d bytes for %d structures", peaks, kept, n)
	}
	if r := float64(peak) / float64(kept); r > 1.10 {
		t.Errorf("NewFrom's live heap reached %.2f times the model it built (%d of %d bytes): at most 1.10", r, peak, kept)
	}
	if r := float64(peak) / float64(given); r > 1.06 {
		t.Errorf("NewFrom's live heap reached %.2f times the definitions it was given (%d of %d bytes): at most 1.06", r, peak, given)
	}
}
