//go:build !linux

package mend

import "time"

// threadTime falls back to the wall clock.
func threadTime() time.Duration { return time.Duration(time.Now().UnixNano()) }
