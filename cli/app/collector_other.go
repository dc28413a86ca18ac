//go:build !linux

package app

// availableMemory is unknown outside Linux: no memory limit is set there
// (GOMEMLIMIT still sets one).
func availableMemory() uint64 { return 0 }
