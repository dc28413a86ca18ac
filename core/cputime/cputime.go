// Package cputime reads the processor time a test has used, for the growth
// tests and benchmark harnesses of every module: on a shared machine, time
// spent waiting for a core inflates wall time but not processor time, so a
// ratio of two processor-time measurements (validating 2n shapes against n,
// say) stays meaningful under load where a wall-clock ratio does not.
//
// [Process] is the user and system time of the whole process (getrusage
// RUSAGE_SELF on unix); [Thread] is that of the calling OS thread
// (CLOCK_THREAD_CPUTIME_ID on Linux, in nanoseconds), for a caller that locks its goroutine to the thread with
// [runtime.LockOSThread] so that other goroutines' work (the garbage
// collector's included) does not count. Where the system has no such clock,
// both fall back to the monotonic wall time since the package was
// initialised, so a difference of two readings is still a duration.
//
// Only differences of readings mean anything; compare them as ratios, never
// against a fixed duration.
package cputime

import "time"

// start anchors the wall-clock fallback.
var start = time.Now()

// wall is the fallback reading: monotonic wall time since start.
func wall() time.Duration { return time.Since(start) }
