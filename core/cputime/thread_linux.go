//go:build linux

package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is Linux's CLOCK_THREAD_CPUTIME_ID.
const clockThreadCPUTime = 3

// Thread returns the processor time, user and system, the calling OS
// thread has used so far. Lock the goroutine to its thread
// ([runtime.LockOSThread]) around the readings, or they may come from
// different threads.
//
// It reads clock_gettime(CLOCK_THREAD_CPUTIME_ID), which counts in
// nanoseconds. getrusage(RUSAGE_THREAD) is the fallback only: the kernel
// splits the thread's exact run time into user and system time by
// sampled ticks and keeps each part monotonic, so its readings move in
// jumps of milliseconds and a reading around a 1 ms call is often 0.
func Thread() time.Duration {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return rusage(syscall.RUSAGE_THREAD)
	}
	return time.Duration(ts.Nano())
}
