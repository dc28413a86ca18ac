//go:build !unix

package validatetest

import "time"

var start = time.Now()

// CPUTime falls back to wall time where the process's CPU time is not
// available.
func CPUTime() time.Duration { return time.Since(start) }
