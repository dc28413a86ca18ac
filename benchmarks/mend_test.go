package benchmarks

import (
	"encoding/json"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"testing"

	kaptinlin "github.com/kaptinlin/jsonrepair"
	"github.com/smithy-validation/go/core/cputime"
	"github.com/smithy-validation/go/mend"
)

// The JSON gate against the Go repair library on the module proxy
// (github.com/kaptinlin/jsonrepair, a port of josdejong/jsonrepair), on the
// same broken documents: single quotes and unquoted keys, Python literals
// and trailing commas, comments, and a document cut inside a string.
// Both must produce JSON; the metric is mend's speed as a multiple of
// kaptinlin's (higher is faster), the median of per-iteration ratios of
// processor time on the benchmark's thread.
//
//	cd benchmarks && go test -run '^$' -bench MendVsKaptinlin -benchtime 5x

func brokenDoc(kind string, n int) string {
	var b strings.Builder
	b.WriteString("[")
	for b.Len() < n {
		switch kind {
		case "quotes":
			b.WriteString(`{'id': 1, query: 'the history of Byzantium', tags: ['a', 'b']},` + "\n")
		case "python":
			b.WriteString(`{"ok": True, "none": None, "list": [1, 2, 3,],},` + "\n")
		case "comments":
			b.WriteString(`{"a": 1, /* note */ "b": "x"} // line` + "\n,")
		case "truncated":
			b.WriteString(`{"a": "some words in a string", "b": [1, 2]},` + "\n")
		}
	}
	if kind == "truncated" {
		b.WriteString(`{"a": "cut in the midd`)
		return b.String()
	}
	b.WriteString("0]")
	return b.String()
}

func BenchmarkMendVsKaptinlin(b *testing.B) {
	for _, kind := range []string{"quotes", "python", "comments", "truncated"} {
		for _, n := range []int{10 << 10, 100 << 10} {
			doc := brokenDoc(kind, n)
			b.Run(fmt.Sprintf("%s/%dKiB", kind, n>>10), func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				b.SetBytes(int64(len(doc)))
				reps := max(1, (1<<20)/len(doc))
				var ratios []float64
				for i := 0; i < b.N; i++ {
					t0 := cputime.Thread()
					if _, err := kaptinlin.JSONRepair(doc); err != nil {
						b.Fatal(err)
					}
					t1 := cputime.Thread()
					for r := 0; r < reps; r++ { // mend is too quick for the clock's resolution once
						if _, err := mend.Repair([]byte(doc), mend.Options{Profile: mend.ProfileLenient}); err != nil {
							b.Fatal(err)
						}
					}
					t2 := cputime.Thread()
					if t2 > t1 {
						ratios = append(ratios, float64(t1-t0)*float64(reps)/float64(t2-t1))
					}
				}
				if len(ratios) > 0 {
					sort.Float64s(ratios)
					b.ReportMetric(ratios[len(ratios)/2], "x-faster")
				}
			})
		}
	}
}

// TestMendAndKaptinlinAgree checks the comparison is fair: on each
// benchmark document both libraries return valid JSON.
func TestMendAndKaptinlinAgree(t *testing.T) {
	for _, kind := range []string{"quotes", "python", "comments", "truncated"} {
		doc := brokenDoc(kind, 2<<10)
		k, err := kaptinlin.JSONRepair(doc)
		if err != nil {
			t.Fatalf("%s: kaptinlin: %v", kind, err)
		}
		m, err := mend.Repair([]byte(doc), mend.Options{Profile: mend.ProfileLenient})
		if err != nil {
			t.Fatalf("%s: mend: %v", kind, err)
		}
		if !jsonValid(k) || !jsonValid(m.Text) {
			t.Errorf("%s: not JSON: kaptinlin %v, mend %v", kind, jsonValid(k), jsonValid(m.Text))
		}
	}
}

func jsonValid(s string) bool { return json.Valid([]byte(s)) }
