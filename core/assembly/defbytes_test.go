package assembly

import (
	"testing"
	"unsafe"

	"github.com/smithy-validation/go/core/model"
)

// TestMergedDefinitionBytes: the definitions a chain of small structures
// (the worst shape of docs/performance.md's "Where a model's bytes go",
// two members a structure) is merged into, with what assembly holds
// beside them, are at most 330 bytes a structure at the merged point
// (fifteenth round: 415 with a MemberDef of 128 bytes and a ShapeDef of
// 168, in the allocator's 176-byte class; 334 with a MemberDef of 104 and
// a ShapeDef of 144, 302 with a MemberDef of 88), measured in this run on
// 20,000 structures; and the two types stay at their sizes.
func TestMergedDefinitionBytes(t *testing.T) {
	if n := unsafe.Sizeof(model.MemberDef{}); n > 88 {
		t.Errorf("a MemberDef is %d bytes: at most 88", n)
	}
	if n := unsafe.Sizeof(model.ShapeDef{}); n > 144 {
		t.Errorf("a ShapeDef is %d bytes: at most 144", n)
	}
	if testing.Short() {
		t.Skip("assembles a model of 60,000 shapes")
	}
	const n = 20000
	live := chainStages(t, n)
	perStruct := float64(live["merged"]) / n
	t.Logf("live heap at the merged point: %d bytes, %.1f a structure", live["merged"], perStruct)
	if perStruct < 200 {
		t.Fatalf("the measure is broken: %.1f bytes a structure", perStruct)
	}
	if perStruct > 330 {
		t.Errorf("the merged point holds %.1f bytes a structure: at most 330", perStruct)
	}
}
