//go:build !race

package ionadapter

import (
	"bytes"
	"runtime"
	"testing"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// TestDatagramMemory: a datagram's top-level values are validated as
// they are read and let go, so the memory Check holds is that of the
// largest value, not of every value: 200,000 empty structs in binary (a
// byte each, 200 KB) held about 32 MB of tree until the last was read (a
// 34 MB datagram of 2^25 of them, within every limit, 5.4 GB). The live
// heap is measured after a collection at every 20,000th value.
func TestDatagramMemory(t *testing.T) {
	const n = 200_000
	data := append([]byte{0xE0, 0x01, 0x00, 0xEA}, bytes.Repeat([]byte{0xD0}, n)...)
	v := validator(t, "Pair")
	var base runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&base)
	peak := uint64(0)
	afterValue = func(checked int) {
		if checked%20_000 != 0 {
			return
		}
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		if m.HeapAlloc > base.HeapAlloc {
			peak = max(peak, m.HeapAlloc-base.HeapAlloc)
		}
	}
	defer func() { afterValue = nil }()
	res, err := Validate(v, data)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Valid || !res.Complete {
		t.Fatalf("valid %v, complete %v: %v", res.Valid, res.Complete, res.Findings)
	}
	t.Logf("%d KB live at most", peak>>10)
	if peak > 8<<20 {
		t.Errorf("%d MB live while validating %d values (%d bytes)", peak>>20, n, len(data))
	}
}

// TestDatagramStopsReading: once validation stops (MaxFindings, FailFast)
// the rest of the datagram is not read: the bytes allocated do not grow
// with the values after the stop (they did: every value was read first).
func TestDatagramStopsReading(t *testing.T) {
	v := validator(t, "Pair", sv.MaxFindings(10))
	alloc := func(n int) float64 {
		data := append([]byte{0xE0, 0x01, 0x00, 0xEA}, bytes.Repeat([]byte{0x0F}, n)...)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		res, err := Validate(v, data)
		runtime.ReadMemStats(&after)
		if err != nil || res.Complete {
			t.Fatalf("%d nulls: %v, complete %v", n, err, res.Complete)
		}
		return float64(after.TotalAlloc - before.TotalAlloc)
	}
	small, large := alloc(10_000), alloc(160_000)
	if large > 2*small {
		t.Errorf("bytes allocated: %.0f for 10,000 nulls, %.0f for 160,000 (%.1f times); validation stopped at the 10th", small, large, large/small)
	}
}
