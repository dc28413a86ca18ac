package smithyvalidate

import (
	"testing"
	"unsafe"
)

// TestPlanSize holds the plan to the allocator's 288-byte size class: a
// model prepares one for every shape and member its payloads reach (836
// for the MCP service), and each is a fresh page's share in a short run
// (docs/performance.md, the evening of 2026-12-03). A field added in the
// wrong place (padding) or a cold one added to every plan fails here.
func TestPlanSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("sizes for 64-bit builds")
	}
	if got := unsafe.Sizeof(plan{}); got > 288 {
		t.Errorf("plan is %d bytes, want at most 288", got)
	}
}
