package benchmarks

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	kaptinlin "github.com/kaptinlin/jsonrepair"
	"github.com/smithy-validation/go/core/cputime"
	"github.com/smithy-validation/go/mend"
)

// TestMendCompareOneRun measures, in one run, the figures docs/performance.md
// gives for the JSON gate: Analyze on valid JSON against encoding/json.Valid,
// and repair of the four broken documents of brokenDoc against
// kaptinlin/jsonrepair and npm's jsonrepair (run by node on the same files).
// It asserts nothing about time (a loaded machine would make that flaky):
// it prints the table, and checks only that every tool produced JSON.
//
// It runs when MEND_COMPARE names a directory holding node_modules/jsonrepair
// (npm install jsonrepair@3 there):
//
//	(cd benchmarks && MEND_COMPARE=/tmp/npmjr go test -run TestMendCompareOneRun -v .)
func TestMendCompareOneRun(t *testing.T) {
	dir := os.Getenv("MEND_COMPARE")
	if dir == "" {
		t.Skip("set MEND_COMPARE to a directory with node_modules/jsonrepair (npm install jsonrepair@3)")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	// Analyze on valid JSON: median of 9 ratios, each of 5 passes.
	valid := validToolCalls(1 << 20)
	var ratios []float64
	for i := 0; i < 9; i++ {
		t0 := cputime.Thread()
		for k := 0; k < 5; k++ {
			json.Valid(valid)
		}
		t1 := cputime.Thread()
		for k := 0; k < 5; k++ {
			mend.Analyze(valid, mend.Options{})
		}
		t2 := cputime.Thread()
		ratios = append(ratios, float64(t2-t1)/float64(t1-t0))
	}
	sort.Float64s(ratios)
	fmt.Printf("analyze on 1 MiB of valid JSON: %.2f × encoding/json.Valid (median of 9)\n", ratios[4])

	tmp := t.TempDir()
	script := filepath.Join(tmp, "time.js")
	os.WriteFile(script, []byte(`
const { jsonrepair } = require(process.argv[2] + '/node_modules/jsonrepair');
const fs = require('fs');
const text = fs.readFileSync(process.argv[3], 'utf8');
let best = Infinity, out;
for (let i = 0; i < 5; i++) {
  const t0 = process.hrtime.bigint();
  out = jsonrepair(text);
  const t = Number(process.hrtime.bigint() - t0) / 1e6;
  if (t < best) best = t;
}
JSON.parse(out);
console.log(best.toFixed(3));
`), 0o644)
	fmt.Println("| document (100 KiB) | mend | kaptinlin/jsonrepair | npm jsonrepair | kaptinlin / mend | npm / mend |")
	fmt.Println("| --- | ---: | ---: | ---: | ---: | ---: |")
	for _, kind := range []string{"quotes", "python", "comments", "truncated"} {
		doc := brokenDoc(kind, 100<<10)
		file := filepath.Join(tmp, kind+".txt")
		os.WriteFile(file, []byte(doc), 0o644)
		best := func(n int, f func()) time.Duration {
			b := time.Duration(1 << 62)
			for i := 0; i < n; i++ {
				t0 := time.Now()
				f()
				if d := time.Since(t0); d < b {
					b = d
				}
			}
			return b
		}
		var mout, kout string
		m := best(5, func() {
			res, err := mend.Repair([]byte(doc), mend.Options{Profile: mend.ProfileLenient})
			if err != nil {
				t.Fatal(err)
			}
			mout = res.Text
		})
		k := best(2, func() {
			var err error
			if kout, err = kaptinlin.JSONRepair(doc); err != nil {
				t.Fatal(err)
			}
		})
		if !json.Valid([]byte(mout)) || !json.Valid([]byte(kout)) {
			t.Fatalf("%s: not JSON", kind)
		}
		out, err := exec.Command("node", script, dir, file).Output()
		if err != nil {
			t.Fatalf("node: %v", err)
		}
		var npmMS float64
		fmt.Sscan(strings.TrimSpace(string(out)), &npmMS)
		mms := float64(m.Microseconds()) / 1000
		kms := float64(k.Microseconds()) / 1000
		fmt.Printf("| %s | %.2f ms | %.0f ms | %.1f ms | %.0f × | %.0f × |\n", kind, mms, kms, npmMS, kms/mms, npmMS/mms)
	}
}

// validToolCalls is about n bytes of valid JSON: tool-call objects, as
// mend's BenchmarkAnalyzeValid reads.
func validToolCalls(n int) []byte {
	var b strings.Builder
	b.WriteString("[\n")
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(`  {"id": 12345, "query": "the history of the Byzantine empire", "limit": 10, "score": -0.5e3, "exact": false, "tags": ["a", "b\n", null], "nested": {"k": true}}`)
	}
	b.WriteString("\n]")
	return []byte(b.String())
}
