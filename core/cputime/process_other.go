//go:build !unix

package cputime

import "time"

// Process returns the monotonic wall time since the package was
// initialised: this system offers no process processor time.
func Process() time.Duration { return wall() }
