//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Process returns the processor time, user and system, the process has
// used so far.
func Process() time.Duration { return rusage(syscall.RUSAGE_SELF) }

// rusage reads the user and system time of who, or the wall-clock fallback
// if the system refuses.
func rusage(who int) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		return wall()
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
