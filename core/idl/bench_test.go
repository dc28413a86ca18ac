package idl_test

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/smithy-validation/go/core/idl"
	"github.com/smithy-validation/go/core/internal/testmodel"
	"github.com/smithy-validation/go/core/shapeid"
)

var benchPrelude = map[string]bool{
	"String": true, "Integer": true, "Boolean": true, "Double": true, "Unit": true,
	"tags": true, "required": true, "length": true, "range": true, "pattern": true,
	"http": true, "error": true, "documentation": true, "default": true, "enumValue": true,
	"input": true, "output": true,
}

func BenchmarkParseLower(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		src := testmodel.Generate(n)
		b.Run(fmt.Sprintf("shapes=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			var ms0, ms1 runtime.MemStats
			runtime.ReadMemStats(&ms0)
			start := time.Now()
			iterations := 0
			for b.Loop() {
				iterations++
				f, err := idl.Parse("bench.smithy", src)
				if err != nil {
					b.Fatal(err)
				}
				declared := f.Declared()
				ids := make(map[shapeid.ID]bool, len(declared))
				for _, id := range declared {
					ids[id] = true
				}
				if _, err := f.Lower(func(id shapeid.ID) bool {
					return ids[id] || id.Namespace == shapeid.Prelude && benchPrelude[id.Name]
				}); err != nil {
					b.Fatal(err)
				}
			}
			elapsed := time.Since(start)
			runtime.ReadMemStats(&ms1)
			shapes := float64(iterations * n)
			b.ReportMetric(float64(elapsed.Nanoseconds())/shapes, "ns/shape")
			b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/shapes, "allocs/shape")
		})
	}
}

func TestGeneratedModelLoads(t *testing.T) {
	f, err := idl.Parse("bench.smithy", testmodel.Generate(100))
	if err != nil {
		t.Fatal(err)
	}
	if got := len(f.Declared()); got != 100+25+1 { // shapes, inline inputs, Err
		t.Errorf("declared %d shapes", got)
	}
	if _, err := f.Lower(nil); err != nil {
		t.Fatal(err)
	}
}
