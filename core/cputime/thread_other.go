//go:build !linux

package cputime

import "time"

// Thread returns the monotonic wall time since the package was
// initialised: only Linux offers a thread's processor time.
func Thread() time.Duration { return wall() }
