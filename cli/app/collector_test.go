package app

import (
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"testing"
)

func TestCollector(t *testing.T) {
	const gib = 1 << 30
	for _, c := range []struct {
		name      string
		env       map[string]string
		available uint64
		want      CollectorSettings
	}{
		{"defaults", nil, 8 * gib, CollectorSettings{GCPercent: DefaultGCPercent, MemoryLimit: 6 * gib}},
		{"GOGC is the user's", map[string]string{"GOGC": "100"}, 8 * gib, CollectorSettings{MemoryLimit: 6 * gib}},
		{"GOGC=off is the user's too", map[string]string{"GOGC": "off"}, 8 * gib, CollectorSettings{MemoryLimit: 6 * gib}},
		{"GOMEMLIMIT is the user's", map[string]string{"GOMEMLIMIT": "512MiB"}, 8 * gib, CollectorSettings{GCPercent: DefaultGCPercent}},
		{"both the user's", map[string]string{"GOGC": "50", "GOMEMLIMIT": "1GiB"}, 8 * gib, CollectorSettings{}},
		{"memory unknown: no limit", nil, 0, CollectorSettings{GCPercent: DefaultGCPercent}},
	} {
		got := Collector(func(k string) string { return c.env[k] }, c.available)
		if got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}

// The machine's memory is read where the system tells it: on Linux it is
// always there.
func TestAvailableMemory(t *testing.T) {
	n := availableMemory()
	if runtime.GOOS == "linux" && n == 0 {
		t.Error("no memory read from /proc/meminfo or the cgroup")
	}
	if n != 0 && n < 16<<20 {
		t.Errorf("available memory %d bytes: not a machine's", n)
	}
}

// On a machine with 16 GiB and no GOGC or GOMEMLIMIT set, smithy collects
// at twice Go's default heap growth, and works harder near 12 GiB.
func ExampleCollector() {
	env := map[string]string{}
	s := Collector(func(k string) string { return env[k] }, 16<<30)
	fmt.Printf("GOGC %d, limit %d GiB\n", s.GCPercent, s.MemoryLimit>>30)
	env["GOMEMLIMIT"] = "2GiB" // the user's: left alone
	s = Collector(func(k string) string { return env[k] }, 16<<30)
	fmt.Printf("GOGC %d, limit %d\n", s.GCPercent, s.MemoryLimit)
	// Output:
	// GOGC 200, limit 12 GiB
	// GOGC 200, limit 0
}

// TestModelMemoryBound checks the soft memory limit set while a model is
// loaded: only in a process TuneCollector tuned, only below the process's
// own limit, never over the user's GOMEMLIMIT, and put back once every
// load under way has released it.
func TestModelMemoryBound(t *testing.T) {
	const mib = 1 << 20
	saved := debug.SetMemoryLimit(-1)
	ok, userSet, limit, bounding := tuned.ok, tuned.userSet, tuned.limit, tuned.bounding
	t.Cleanup(func() {
		debug.SetMemoryLimit(saved)
		tuned.ok, tuned.userSet, tuned.limit, tuned.bounding = ok, userSet, limit, bounding
	})
	set := func(ok, userSet bool, limit int64) {
		tuned.ok, tuned.userSet, tuned.limit, tuned.bounding = ok, userSet, limit, 0
		debug.SetMemoryLimit(limit)
	}
	if got, want := ModelMemoryLimit(0, 5_577_823), int64(32*mib+20*5_577_823); got != want {
		t.Errorf("ModelMemoryLimit = %d, want %d", got, want)
	}
	// The 402 AWS models (JSON AST): under 5 bytes a byte of their source.
	if got, want := ModelMemoryLimit(132_194_345, 0), int64(32*mib+132_194_345*9/2); got != want || got >= 5*132_194_345 {
		t.Errorf("ModelMemoryLimit of the AWS models = %d, want %d (under 5 bytes a byte)", got, want)
	}
	if got, want := ModelMemoryLimit(mib, mib), int64(32*mib+20*mib+mib*9/2); got != want {
		t.Errorf("ModelMemoryLimit of both syntaxes = %d, want %d", got, want)
	}
	if got := ModelMemoryLimit(0, math.MaxInt64/4); got != math.MaxInt64 {
		t.Errorf("ModelMemoryLimit of a huge size = %d, want no limit", got)
	}
	cases := []struct {
		name      string
		ok, user  bool
		limit     int64
		size      int64
		wantBound bool
	}{
		{"tuned: bounded", true, false, 6 << 30, 10 * mib, true},
		{"tuned without a known memory size: bounded", true, false, math.MaxInt64, 10 * mib, true},
		{"the model's limit above the process's: left", true, false, 100 * mib, 10 * mib, false},
		{"GOMEMLIMIT is the user's: left", true, true, math.MaxInt64, 10 * mib, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			set(c.ok, c.user, c.limit)
			release := modelMemoryBound()(0, c.size)
			got := debug.SetMemoryLimit(-1)
			if want := ModelMemoryLimit(0, c.size); c.wantBound && got != want {
				t.Errorf("while loading: limit %d, want %d", got, want)
			}
			if !c.wantBound && got != c.limit {
				t.Errorf("while loading: limit %d, want the process's %d", got, c.limit)
			}
			release()
			release()
			if got := debug.SetMemoryLimit(-1); got != c.limit {
				t.Errorf("after release: limit %d, want %d", got, c.limit)
			}
		})
	}
	t.Run("two loads: put back after both", func(t *testing.T) {
		set(true, false, 6<<30)
		r1 := boundModelMemory(0, 10*mib)
		r2 := boundModelMemory(0, 10*mib)
		r1()
		if got := debug.SetMemoryLimit(-1); got != ModelMemoryLimit(0, 10*mib) {
			t.Errorf("one load still under way: limit %d", got)
		}
		r2()
		if got := debug.SetMemoryLimit(-1); got != 6<<30 {
			t.Errorf("after both: limit %d, want %d", got, int64(6<<30))
		}
	})
	t.Run("not tuned: no bound", func(t *testing.T) {
		set(false, false, math.MaxInt64)
		if modelMemoryBound() != nil {
			t.Error("a process TuneCollector did not tune bounds its loads")
		}
	})
}

// TestCollectBeforeStream: only a process TuneCollector tuned with its own
// GC percent collects before a stream, never before one under
// StreamCollectMin bytes, and only when the load used a third of the
// heap's room or more; GOGC in the environment is the user's.
func TestCollectBeforeStream(t *testing.T) {
	ok, userGOGC := tuned.ok, tuned.userGOGC
	t.Cleanup(func() { tuned.ok, tuned.userGOGC = ok, userGOGC })
	tuned.ok, tuned.userGOGC = false, false
	if collectBeforeStream() != nil {
		t.Error("a process TuneCollector did not tune collects before a stream")
	}
	tuned.ok, tuned.userGOGC = true, true
	if collectBeforeStream() != nil {
		t.Error("GOGC in the environment: the process should not collect on its own")
	}
	tuned.ok, tuned.userGOGC = true, false
	collect := collectBeforeStream()
	if collect == nil {
		t.Fatal("a tuned process should collect before a stream")
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	collect(StreamCollectMin - 1)
	collect(-1)
	runtime.ReadMemStats(&after)
	if n := after.NumForcedGC - before.NumForcedGC; n != 0 {
		t.Errorf("streams under StreamCollectMin: %d collections, want none", n)
	}
	const mib = 1 << 20
	for _, c := range []struct {
		size              int64
		heapAlloc, nextGC uint64
		want              bool
	}{
		{-1, 7 * mib, 8 * mib, false},
		{StreamCollectMin - 1, 7 * mib, 8 * mib, false},
		{StreamCollectMin, 4_120_760, 8_388_608, true}, // the MCP model's load
		{1 << 40, 3 * mib, 9 * mib, true},
		{1 << 40, 1_930_480, 8_388_608, false}, // the Ledger model's
		{1 << 40, 3*mib - 1, 9 * mib, false},
	} {
		if got := collectNow(c.size, c.heapAlloc, c.nextGC); got != c.want {
			t.Errorf("collectNow(%d, %d, %d) = %v, want %v", c.size, c.heapAlloc, c.nextGC, got, c.want)
		}
	}
}
