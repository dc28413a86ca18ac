package app

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
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

// ModelMemoryBase and ModelMemoryPerByte make the soft memory limit the
// process sets while it loads and checks a model ([ModelMemoryLimit]):
// issue 27 wants a model's peak memory within 20 bytes a byte of its
// source. At GOGC 200 alone the heap grows to three times the live heap
// between collections, which on the worst shape (a chain of small
// structures) put the peak at 40 bytes a source byte when its load kept
// 12 live (at most 8.8 now, its model 8); the limit makes the collector
// run earlier instead. It is set above the live heap of the
// shapes of model measured (docs/performance.md, goal 4): a limit under
// the live heap would make the collector run continually. At 20 the
// chain peaks at 22-24 bytes a byte (a median of 21.8 since goal 4's
// fourteenth round made the parse tree and the lowering's name sets
// smaller; the limit and the collector's pacing under it set the peak,
// not the live heap), and a tighter limit costs 8-94% more instructions
// on some shapes (the thirteenth round).
//
// A limit that follows the live heap was measured and not taken (goal 4's
// eleventh round): set again at the end of each collection of the load to
// the larger of 1.8 times the live heap and 32 MiB plus 1.25 times it,
// between 32 MiB + 12 bytes a byte of IDL and this limit, it put the
// chain at 19 bytes a byte and every IDL shape measured lower, but the
// chain and 150,000 one-member structures paid about 15% more
// instructions (one and two collections more) and the generated
// 100,000-shape model 15-24% more and 1.3 times the user CPU (while its
// live heap grows from 71 to 152 MiB the limit sits at the floor, 157
// MiB, where its heap goal was 214): the live heap at a collection does
// not tell how much the next phase of the load will add.
//
// A byte of JSON AST counts ModelMemoryPerJSONByte: a JSON AST model keeps
// about 2.7 bytes a byte of its text live once assembled (the 402 AWS
// models in one process: 356 MB for 132 MB, the text included) and up to
// 3.2 while it loads and is checked, so 4.5 leaves the collector about
// 200 MB of headroom there; at 7 (until the model validators stopped
// keeping their pattern programs) they peaked at 760-810 MB, 4.5 puts them
// at about 620 MB, under the 5 bytes a byte of issue 27 (measured in
// docs/performance.md). At 20 they were not bounded at all (1.1 GB).
const (
	ModelMemoryBase        = 32 << 20
	ModelMemoryPerByte     = 20
	ModelMemoryPerJSONByte = 4.5
)

// ModelMemoryLimit is the soft memory limit for loading and checking a
// model of jsonBytes bytes of JSON AST and idlBytes of IDL source.
func ModelMemoryLimit(jsonBytes, idlBytes int64) int64 {
	const most = (math.MaxInt64 - ModelMemoryBase) / (2 * ModelMemoryPerByte)
	if jsonBytes > most || idlBytes > most {
		return math.MaxInt64
	}
	return ModelMemoryBase + ModelMemoryPerByte*idlBytes + jsonBytes*int64(2*ModelMemoryPerJSONByte)/2
}

// tuned is what TuneCollector set, for boundModelMemory: nothing
// (ok false) in a process that did not call it (tests, libraries).
var tuned struct {
	sync.Mutex
	ok       bool
	userSet  bool  // GOMEMLIMIT in the environment: the user's, left alone
	userGOGC bool  // GOGC in the environment: the user's, left alone
	limit    int64 // the process's own limit (math.MaxInt64: none)
	bounding int   // loads under way with a model limit
}

// boundModelMemory is load.Reader's BoundMemory in a process whose
// collector TuneCollector tuned: while a model of jsonBytes of JSON AST
// and idlBytes of IDL is loaded
// and checked the soft memory limit is [ModelMemoryLimit] when that is
// lower than the process's own; release puts the process's own back.
// GOMEMLIMIT in the environment is the user's and is left alone.
func boundModelMemory(jsonBytes, idlBytes int64) (release func()) {
	tuned.Lock()
	defer tuned.Unlock()
	l := ModelMemoryLimit(jsonBytes, idlBytes)
	if !tuned.ok || tuned.userSet || l >= tuned.limit {
		return func() {}
	}
	tuned.bounding++
	debug.SetMemoryLimit(l)
	return sync.OnceFunc(func() {
		tuned.Lock()
		defer tuned.Unlock()
		if tuned.bounding--; tuned.bounding == 0 {
			debug.SetMemoryLimit(tuned.limit)
		}
	})
}

// modelMemoryBound is the BoundMemory of the commands that Run runs: nil
// unless TuneCollector tuned this process.
func modelMemoryBound() func(int64, int64) func() {
	tuned.Lock()
	defer tuned.Unlock()
	if !tuned.ok {
		return nil
	}
	return boundModelMemory
}

// StreamCollectMin is the size of an input from which the process may
// collect before streaming it ([collectBeforeStream]). A collection costs
// a fixed price (on the MCP model 7.7 M instructions and ~270 page faults:
// 30% of a one-line transcript's run), worth paying only where the stream
// would collect anyway: the MCP session allocates about 0.15 bytes a byte
// of transcript (its ids and outstanding calls) against the 3-4 MB the
// heap has left after the load, so its first collection comes after about
// 20 MB of it (docs/performance.md, issue 27 goal 2).
const StreamCollectMin = 16 << 20

// collectBeforeStream is run.Env's BeforeStream in a process whose
// collector TuneCollector tuned with its own GC percent: nil otherwise
// (tests, libraries, a GOGC in the environment, which is the user's).
// The function it returns runs one collection (runtime.GC) before an
// input of StreamCollectMin bytes or more is streamed, when the load has
// used a third of the heap's room to its next collection or more
// ([collectNow]): the collection marks the model alone (about 1 MB live
// on the MCP model, out of the 4.1 MB its load left allocated of an 8.4
// MB goal), and the stream's tables then take the pages the load freed
// instead of growing the heap into fresh ones (each a page fault), until
// the heap goal. Left to the pacer, the same collection comes in the
// middle of the stream, over the model and the stream's tables (3 MB
// live), with the write barrier on while the messages are checked: on the
// MCP session 7-19 M instructions and ~400 page faults more. After a load
// that left little (the Ledger model: 1.9 MB of the 8.4 MB goal) the
// collection would only add one: the stream grows the heap to the same
// goal either way (measured: ~250 page faults more with it).
//
// Since core's steps of 2026-12-03 (e26e532, cd8d701) the MCP model's
// load leaves 2.47 MB of the 8.39 MB goal, under the third, and the MCP
// session runs with no collection at all (its stream's tables fit in
// the goal). Collecting anyway was measured and not taken: with rpc's
// smaller tables of the same day (the pending calls' table, 128-byte
// calls) it takes ~100 page faults off the session (2,288 -> 2,189) but
// costs 7.6 M instructions (847.8 M -> 855.4 M), and a page fault costs
// ~1.4 us here, so the run's CPU time grows (docs/performance.md, issue
// 27 goal 2, the midday of 2026-12-03). The heap is read with
// runtime/metrics, whose package initialization (0.63 M instructions, ~11
// page faults) is the price of the one reader that neither stops the
// world nor flushes the Ps' cached spans as runtime.ReadMemStats does.
func collectBeforeStream() func(size int64) {
	tuned.Lock()
	defer tuned.Unlock()
	if !tuned.ok || tuned.userGOGC {
		return nil
	}
	return func(size int64) {
		if size < StreamCollectMin {
			return
		}
		// runtime/metrics, not ReadMemStats: that one stops the world and
		// flushes every P's cached spans, which cost ~170 page faults
		// more on both transcripts.
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/goal:bytes"}}
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 && sample[1].Value.Kind() == metrics.KindUint64 &&
			collectNow(size, sample[0].Value.Uint64(), sample[1].Value.Uint64()) {
			runtime.GC()
		}
	}
}

// collectNow says whether to collect before a stream of size bytes with
// heapAlloc bytes of heap allocated and the next collection due at
// nextGC.
func collectNow(size int64, heapAlloc, nextGC uint64) bool {
	return size >= StreamCollectMin && heapAlloc >= nextGC/3
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
	tuned.Lock()
	defer tuned.Unlock()
	tuned.ok, tuned.userSet, tuned.userGOGC = true, getenv("GOMEMLIMIT") != "", getenv("GOGC") != ""
	tuned.limit = s.MemoryLimit
	if tuned.limit == 0 {
		tuned.limit = math.MaxInt64
	}
	return s
}
