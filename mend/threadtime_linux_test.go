//go:build linux

package mend

import (
	"syscall"
	"time"
)

// threadTime is the processor time of the calling OS thread (the caller
// locks its goroutine to the thread): other processes on a busy machine
// do not count.
func threadTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &ru); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
