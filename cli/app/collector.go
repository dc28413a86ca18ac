package app

import (
	"runtime/debug"
)

// The collector of the smithy process. A command reads its input once and
// keeps little (the model, a tape, the outstanding calls), so most of what
// it allocates is short-lived; the process is the command's own, so it is
// tuned here and only here (cmd/smithy calls TuneCollector; libraries never
// touch it, and Run, which tests call in their own process, does not
// either). docs/performance.md has the measurements behind the defaults.

// DefaultGCPercent is the collector's target heap growth between cycles
// that TuneCollector sets when GOGC is not in the environment: twice
// Go's default, as the memory limit keeps a heap that grows from
// outgrowing the machine.
const DefaultGCPercent = 200

// MemoryLimitShare is the share of the memory available to the process
// (the cgroup's limit where there is one, else the machine's memory) that
// TuneCollector sets as the soft memory limit when GOMEMLIMIT is not in
// the environment: near it the collector works harder instead of letting
// the heap grow into swap or the OOM killer, and well below it GOGC rules.
const MemoryLimitShare = 0.75

// CollectorSettings are what TuneCollector sets: a GC percent (0: leave
// it) and a soft memory limit in bytes (0: leave it).
type CollectorSettings struct {
	GCPercent   int
	MemoryLimit int64
}

// Collector decides the settings: getenv reads the environment (GOGC or
// GOMEMLIMIT set there are the user's, and left alone: they are the
// override), available is the memory available to the process in bytes
// (0: unknown, and no limit is set).
func Collector(getenv func(string) string, available uint64) CollectorSettings {
	var s CollectorSettings
	if getenv("GOGC") == "" {
		s.GCPercent = DefaultGCPercent
	}
	if getenv("GOMEMLIMIT") == "" && available > 0 {
		s.MemoryLimit = int64(float64(available) * MemoryLimitShare)
	}
	return s
}

// TuneCollector applies [Collector] to this process, with the memory that
// the system reports available to it ([availableMemory]), and returns what
// it set. Call it once, from main.
func TuneCollector(getenv func(string) string) CollectorSettings {
	s := Collector(getenv, availableMemory())
	if s.GCPercent != 0 {
		debug.SetGCPercent(s.GCPercent)
	}
	if s.MemoryLimit != 0 {
		debug.SetMemoryLimit(s.MemoryLimit)
	}
	return s
}
