package benchmarks

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
)

// The guard's measure: the engine's throughput as a share of
// encoding/json.Valid's, robust to the load of a shared machine.
//
// Timing a whole stream (a round of milliseconds) on a loaded machine
// meets the scheduler: a round that is preempted once is slower by the
// other process's time slice, and the best of a few rounds still swings
// 2x (docs/performance.md). The guard times short samples instead, each
// one chunk of the stream (about 200 µs of work) validated by the engine
// and by json.Valid alternately, many times, and keeps each contender's
// fastest sample of each chunk: a sample shorter than the scheduler's
// time slice is usually run whole, and the fastest of many is the one
// that was. The share is json.Valid's summed fastest samples over the
// engine's, both over the same bytes, in the same run. It is measured
// guardMeasures times and the best taken: the load only ever slows a
// measure, so the best is the one nearest the undisturbed ratio (the
// median of three failed a clean CI run at 90% while the same binary read
// 86-107% from one run to the next on an idle 2-vCPU Intel VM). A slower
// engine is slower in every measure: TestGuardCatchesSlowdown.
const (
	// guardSampleItems is about how many values a sample of the example
	// traffic validates (its payloads are short: the sample repeats them).
	guardSampleItems = 400
	// guardSamples is the fewest samples of each contender per measure;
	// a chunk gets at least guardMinReps of them.
	guardSamples, guardMinReps = 300, 15
	guardMeasures              = 5
)

// guardShare measures the engine's share of json.Valid's throughput on c
// as described above.
func (c *comparison) guardShare() float64 {
	share, _ := c.guardShares()
	return share
}

// guardShares is guardShare (the best measure) and its measures, in
// increasing order.
func (c *comparison) guardShares() (float64, []float64) {
	shares := make([]float64, guardMeasures)
	for k := range shares {
		shares[k] = c.guardMeasure()
	}
	sort.Float64s(shares)
	return shares[len(shares)-1], shares
}

func percents(xs []float64) string {
	var b strings.Builder
	for k, x := range xs {
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%.0f%%", 100*x)
	}
	return b.String()
}

func (c *comparison) guardMeasure() float64 {
	// One thread: no migration between samples of one contender.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	chunks := (c.items + c.chunk - 1) / c.chunk
	reps := max(guardMinReps, guardSamples/chunks)
	var engine, ref time.Duration
	for lo := 0; lo < c.items; lo += c.chunk {
		hi := min(lo+c.chunk, c.items)
		be, br := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
		for r := range reps {
			// Alternate which goes first: neither always meets the
			// caches the other left.
			for k := range 2 {
				f, best := c.engine, &be
				if (k+r)%2 == 1 {
					f, best = c.ref, &br
				}
				start := time.Now()
				for range c.inner {
					f(lo, hi)
				}
				*best = min(*best, time.Since(start))
			}
		}
		engine += be
		ref += br
	}
	return float64(ref) / float64(engine)
}

func guardStreams(tb testing.TB) []*comparison {
	return []*comparison{
		orderComparison(tb),
		trafficComparison(tb, "MCP example traffic", mcpTraffic(tb)),
		trafficComparison(tb, "LSP example traffic", lspTraffic(tb)),
	}
}

// TestGuard is issue 27's guard: it fails when value validation runs below
// goalGuard (90%) of encoding/json.Valid's throughput, measured in the same
// run by guardShare, on the Order stream or the MCP or LSP example traffic.
func TestGuard(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes the engine's speed and json.Valid's differently")
	}
	if testing.Short() {
		t.Skip("a measurement; not in -short")
	}
	var low []string
	for _, c := range guardStreams(t) {
		share, all := c.guardShares()
		t.Logf("%s: smithyvalidate at %.0f%% of encoding/json.Valid's throughput (measures: %s)", c.stream, 100*share, percents(all))
		if share < goalGuard {
			low = append(low, fmt.Sprintf("%s: value validation runs at %.0f%% of encoding/json.Valid's throughput, below the %.0f%% guard",
				c.stream, 100*share, 100*goalGuard))
		}
	}
	if len(low) == 0 {
		return
	}
	// A process's placement of code and data moves every measure it takes
	// together (one process read 86-88% in all five, the next 89-109%,
	// same binary, idle machine): the share is the best of up to
	// guardProcesses processes, each measuring every stream again.
	if os.Getenv("SMITHY_GUARD_CHILD") == "" {
		for k := 1; k < guardProcesses; k++ {
			cmd := exec.Command(os.Args[0], "-test.run", "^TestGuard$", "-test.v")
			cmd.Env = append(os.Environ(), "SMITHY_GUARD_CHILD=1")
			out, err := cmd.CombinedOutput()
			t.Logf("process %d of %d:\n%s", k+1, guardProcesses, out)
			if err == nil {
				return
			}
		}
	}
	for _, m := range low {
		t.Error(m)
	}
}

// guardProcesses is how many processes TestGuard measures in at most.
const guardProcesses = 5

// TestGuardCatchesSlowdown checks that the guard's measure sees a slower
// engine: the engine followed by a second syntax pass (json.Valid on the
// same bytes, as a validator that tokenized twice would) must measure
// below the guard on every stream. (With the extra pass the share is
// s/(1+s) for an engine at s: below 90% while the engine stays under nine
// times json.Valid's throughput.)
func TestGuardCatchesSlowdown(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes the engine's speed and json.Valid's differently")
	}
	if testing.Short() {
		t.Skip("a measurement; not in -short")
	}
	for _, c := range guardStreams(t) {
		engine := c.engine
		c.engine = func(lo, hi int) {
			engine(lo, hi)
			c.ref(lo, hi)
		}
		share, all := c.guardShares()
		t.Logf("%s: the engine with an extra pass at %.0f%% of encoding/json.Valid's throughput (measures: %s)", c.stream, 100*share, percents(all))
		if share >= goalGuard {
			t.Errorf("%s: the engine with an extra pass measures %.0f%% of encoding/json.Valid's throughput, not below the %.0f%% guard",
				c.stream, 100*share, 100*goalGuard)
		}
	}
}
