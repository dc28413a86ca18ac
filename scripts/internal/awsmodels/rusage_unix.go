//go:build linux || darwin

package awsmodels

import (
	"os"
	"runtime"
	"syscall"
)

// maxRSS returns the peak resident memory of an ended process in bytes
// (Linux counts ru_maxrss in KiB, macOS in bytes).
func maxRSS(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return int64(ru.Maxrss)
	}
	return int64(ru.Maxrss) * 1024
}
