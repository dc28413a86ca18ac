//go:build !unix

// Package procstat reads what the operating system measured of an ended
// child process, for the scripts that report a command's cost.
package procstat

import "os"

// PeakRSS is not known on this platform: 0.
func PeakRSS(*os.ProcessState) int64 { return 0 }

// PageFaults is not known on this platform: 0.
func PageFaults(*os.ProcessState) int64 { return 0 }
