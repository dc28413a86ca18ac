package cputime_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/smithy-validation/go/core/cputime"
)

// sink keeps spin's work from being optimised away.
var sink uint64

// spin does work until read returns more than from, and reports whether it
// did within a bound of work no working clock needs (it would take minutes
// of processor time to exhaust).
func spin(read func() time.Duration, from time.Duration) bool {
	x := uint64(1)
	for i := 0; i < 1<<34; i++ {
		x = x*6364136223846793005 + 1442695040888963407
		if i&0xffff == 0 && read() > from {
			sink = x
			return true
		}
	}
	sink = x
	return false
}

// TestClocksAdvance checks that each clock never goes back between readings
// and moves forward while the caller works: a clock stuck at zero (a failed
// system call taken for a reading) or one that returned a wall-clock
// instant would fail.
func TestClocksAdvance(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, c := range []struct {
		name string
		read func() time.Duration
	}{
		{"Process", cputime.Process},
		{"Thread", cputime.Thread},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := c.read()
			b := c.read()
			if b < a {
				t.Fatalf("%s went back: %v then %v", c.name, a, b)
			}
			if !spin(c.read, b) {
				t.Fatalf("%s stayed at %v while the test worked", c.name, b)
			}
			if a < 0 || a > 24*time.Hour {
				t.Errorf("%s read %v: not a duration of this test process", c.name, a)
			}
		})
	}
}

// TestThreadResolution: on Linux, Thread counts in nanoseconds, so every
// short piece of work (about ten thousand multiplications) moves it. The
// tick-sampled getrusage(RUSAGE_THREAD) reads 0 for most of them, which
// made per-call ratios of benchmarks noise.
func TestThreadResolution(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("Thread's nanosecond clock is Linux's")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	still := 0
	for k := 0; k < 50; k++ {
		a := cputime.Thread()
		x := uint64(k)
		for i := 0; i < 10000; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
		sink = x
		if cputime.Thread() == a {
			still++
		}
	}
	if still > 0 {
		t.Errorf("Thread did not move across %d of 50 short pieces of work", still)
	}
}
