package jsonscan

import (
	"encoding/json"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/cputime"
)

// BenchmarkScanValid compares Scan with encoding/json.Valid on the same
// 1 MB of valid JSON (tool-call objects) in the same run: every iteration
// times one call of each on the benchmark's locked thread, and the metric
// is the median of the iterations' ratios (below 1: Scan is faster).
func BenchmarkScanValid(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var sb strings.Builder
	sb.WriteString("[\n")
	for i := 0; sb.Len() < 1<<20; i++ {
		if i > 0 {
			sb.WriteString(",\n")
		}
		sb.WriteString(`  {"id": 12345, "query": "the history of the Byzantine empire", "limit": 10, "score": -0.5e3, "exact": false, "tags": ["a", "b\n", null], "nested": {"k": true}}`)
	}
	sb.WriteString("\n]")
	doc := []byte(sb.String())
	b.SetBytes(int64(len(doc)))
	ratios := make([]float64, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := cputime.Thread()
		json.Valid(doc)
		mid := cputime.Thread()
		if Scan(doc, 0).Status != Valid {
			b.Fatal("not valid")
		}
		end := cputime.Thread()
		if mid > start {
			ratios = append(ratios, float64(end-mid)/float64(mid-start))
		}
	}
	if len(ratios) > 0 {
		sort.Float64s(ratios)
		b.ReportMetric(ratios[len(ratios)/2], "x-json.Valid")
	}
}
