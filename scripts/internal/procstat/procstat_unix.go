//go:build unix

// Package procstat reads what the operating system measured of an ended
// child process, for the scripts that report a command's cost.
package procstat

import (
	"os"
	"runtime"
	"syscall"
)

// PeakRSS is the ended process's peak resident memory in bytes, 0 when the
// platform does not say (Linux and the BSDs count ru_maxrss in KiB, Apple's
// systems in bytes).
func PeakRSS(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss)
	}
	return int64(ru.Maxrss) << 10
}

// PageFaults is the number of page faults the ended process took without
// reading from disk (ru_minflt: a fresh page of its heap, a page of its
// binary already in memory), 0 when the platform does not say. On a
// virtual machine each costs system time, which is why the transcript
// benchmark reports them.
func PageFaults(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	return int64(ru.Minflt)
}
