package mend

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/core/cputime"
)

// The growth check: one document per kind of damage, built at n and 10n
// bytes and read with the lenient profile. A linear reader takes about 10
// times the processor time, and allocates about 10 times the bytes, at
// 10n. TestGrowth fails when the bytes ratio passes maxGrowth or the time
// ratio passes maxTimeGrowth, which only a super-linear reader reaches
// (quadratic is 100). The bytes do not move with the machine's load; the
// processor time does (a run at load 25 measured 20.7 for a linear kind
// whose bytes ratio was 9.8), so its bound leaves room for that noise and
// still catches anything quadratic. No wall-clock
// bound: only ratios within one run.
const (
	maxGrowth     = 20
	maxTimeGrowth = 40
)

// damage builds a broken document of about n bytes.
type damage struct {
	name  string
	build func(n int) string
}

func rep(n int, unit string) string { return strings.Repeat(unit, n/len(unit)+1) }

var damages = []damage{
	{"valid", func(n int) string { return "[" + rep(n, `{"a":"xyz","b":[1,2.5,true,null]},`) + "0]" }},
	{"single quotes", func(n int) string { return "[" + rep(n, `{'a':'xyz'},`) + "0]" }},
	{"unquoted keys and values", func(n int) string { return "[" + rep(n, `{a: hello world, b: 2},`) + "0]" }},
	{"trailing commas", func(n int) string { return "[" + rep(n, `[1,2,],`) + "]" }},
	{"missing commas", func(n int) string { return "[" + rep(n, "{\"a\":1 \"b\":2}\n") + "]" }},
	{"comments", func(n int) string { return "[" + rep(n, "1, /* c */ // d\n") + "0]" }},
	{"python literals", func(n int) string { return "[" + rep(n, `True, None, False, `) + "0]" }},
	{"control characters in one string", func(n int) string { return `"` + rep(n, "a\tb\n") + `"` }},
	{"inner quotes in one string", func(n int) string { return `{"a": "` + rep(n, `he said "hi" `) + `"}` }},
	{"missing end quotes before keys", func(n int) string { return "{" + rep(n, `"k":"v,`) + `"z":1}` }},
	{"invalid escapes", func(n int) string { return `"` + rep(n, `\q\w`) + `"` }},
	{"numbers to fix", func(n int) string { return "[" + rep(n, `+1, .5, 2., 0789, `) + "0]" }},
	{"garbage", func(n int) string { return "[1" + rep(n, "@#%") + "]" }},
	{"truncated deep", func(n int) string { return rep(n, `{"a":[`) }},
	{"truncated in a long string", func(n int) string { return `{"a":"` + rep(n, "word ") }},
	{"unclosed string before brackets", func(n int) string { return `{"a":"` + rep(n, "word ") + "}" }},
	{"concatenated values", func(n int) string { return rep(n, "{'a':1}\n") }},
	{"wrong brackets", func(n int) string { return "[" + rep(n, `{"a":1],`) + "0]" }},
	{"missing brackets", func(n int) string { return "[" + rep(n, `{"a":1{"b":2]`) }},
	{"ellipses", func(n int) string { return "[" + rep(n, `1, ..., `) + "0]" }},
	{"prose", func(n int) string { return rep(n, "Some words. ") + `{"a":1}` + rep(n, " More.") }},
	{"special whitespace", func(n int) string { return "[" + rep(n, "1,\u00a0") + "0]" }},
	{"strings joined with +", func(n int) string { return "[" + rep(n, `"ab" + /* c */ 'cd' + "e", `) + "0]" }},
	{"plus and an open comment in one string", func(n int) string { return `"` + rep(n, `a" + /* `) + `"` }},
	{"mongodb wrappers", func(n int) string { return "[" + rep(n, `{"_id":ObjectId("5f1d"),"n":NumberLong("2")},`) + "0]" }},
}

func growthRun(d damage, n int) func() {
	in := []byte(d.build(n))
	opts := Options{Profile: ProfileLenient, SkipProse: true, MaxDepth: 1 << 30, MaxRepairs: 1000}
	return func() {
		if _, err := Repair(in, opts); err != nil {
			panic(fmt.Sprintf("%s: %v", d.name, err))
		}
	}
}

func best(k int, f func()) time.Duration {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var min time.Duration
	for i := 0; i < k; i++ {
		runtime.GC()
		start := cputime.Process()
		f()
		if d := cputime.Process() - start; i == 0 || d < min {
			min = d
		}
	}
	return min
}

func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the growth check reads every kind of damage at two sizes")
	}
	const n = 200_000
	for _, d := range damages {
		t.Run(d.name, func(t *testing.T) {
			small, large := growthRun(d, n), growthRun(d, 10*n)
			small()
			ts, tl := best(3, small), best(3, large)
			as, al := allocated(small), allocated(large)
			ratio := float64(tl) / float64(max(ts, time.Microsecond))
			aratio := float64(al) / float64(max(as, 1))
			t.Logf("n=%d: %v, 10n: %v, time ratio %.1f, bytes ratio %.1f", n, ts, tl, ratio, aratio)
			if ratio > maxTimeGrowth || aratio > maxGrowth {
				t.Errorf("%s: 10n costs %.1f times the time (at most %d) and %.1f times the bytes (at most %d) of n: not linear", d.name, ratio, maxTimeGrowth, aratio, maxGrowth)
			}
		})
	}
}
