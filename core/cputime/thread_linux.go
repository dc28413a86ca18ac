//go:build linux

package cputime

import (
	"syscall"
	"time"
)

// Thread returns the processor time, user and system, the calling OS
// thread has used so far. Lock the goroutine to its thread
// ([runtime.LockOSThread]) around the readings, or they may come from
// different threads.
func Thread() time.Duration { return rusage(syscall.RUSAGE_THREAD) }
