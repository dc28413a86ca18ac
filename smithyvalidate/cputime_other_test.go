//go:build !unix

package smithyvalidate_test

import "time"

var start = time.Now()

// cpuTime falls back to wall time where the process's CPU time is not
// available.
func cpuTime() time.Duration { return time.Since(start) }
