package mend

import (
	"bytes"
	"encoding/json"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/cputime"
)

// validDoc is about 1 MB of valid JSON in the shape of tool-call
// arguments: objects with strings, numbers, literals and arrays.
// Its objects are all docObject, one every len(docObject)+2 bytes
// (",\n" between them).
func validDoc() []byte {
	var b strings.Builder
	b.WriteString("[\n")
	for i := 0; b.Len() < 1<<20; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(docObject)
	}
	b.WriteString("\n]")
	return []byte(b.String())
}

// docObject is the object validDoc repeats.
const docObject = `  {"id": 12345, "query": "the history of the Byzantine empire", "limit": 10, "score": -0.5e3, "exact": false, "tags": ["a", "b\n", null], "nested": {"k": true}}`

// BenchmarkAnalyzeValid compares Analyze, Repair and Validate on valid
// JSON with encoding/json.Valid on the same bytes in the same run: every
// iteration times one call of each, one after the other, in processor
// time of the benchmark's own thread (nanoseconds, cputime.Thread), and
// each metric is the median of the iterations' ratios to json.Valid:
// x-json.Valid for Analyze (the issue asks for at most 1.5),
// repair-x-json.Valid and validate-x-json.Valid. Adjacent calls on one
// thread see the same machine, so other processes move the ratios little.
func BenchmarkAnalyzeValid(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	doc := validDoc()
	if !json.Valid(doc) {
		b.Fatal("not JSON")
	}
	b.SetBytes(int64(len(doc)))
	var analyze, repair, validate []float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := cputime.Thread()
		json.Valid(doc)
		t1 := cputime.Thread()
		p := Analyze(doc, Options{})
		t2 := cputime.Thread()
		res, err := Repair(doc, Options{})
		t3 := cputime.Thread()
		v, verr := Validate(doc, Options{})
		t4 := cputime.Thread()
		if p.Decision != DecisionExecute || err != nil || res.Exactness != Exact || verr != nil || !v.Valid {
			b.Fatal(p.Decision, err, verr)
		}
		if base := float64(t1 - t0); base > 0 {
			analyze = append(analyze, float64(t2-t1)/base)
			repair = append(repair, float64(t3-t2)/base)
			validate = append(validate, float64(t4-t3)/base)
		}
	}
	report := func(rs []float64, unit string) {
		if len(rs) > 0 {
			sort.Float64s(rs)
			b.ReportMetric(rs[len(rs)/2], unit)
		}
	}
	report(analyze, "x-json.Valid")
	report(repair, "repair-x-json.Valid")
	report(validate, "validate-x-json.Valid")
}

// BenchmarkRepairBroken reads 1 MB of broken JSON of each kind of damage.
func BenchmarkRepairBroken(b *testing.B) {
	for _, d := range damages {
		in := []byte(d.build(1 << 20))
		b.Run(strings.ReplaceAll(d.name, " ", "_"), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for i := 0; i < b.N; i++ {
				if _, err := Repair(in, Options{Profile: ProfileLenient, SkipProse: true, MaxDepth: 1 << 30}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGrowth reports, for each kind of damage, the processor time of
// a 10 MB document as a multiple of that of a 1 MB one (linear: 10).
//
//	cd mend && go test -run '^$' -bench Growth -benchtime 1x
func BenchmarkGrowth(b *testing.B) {
	for _, d := range damages {
		b.Run(strings.ReplaceAll(d.name, " ", "_"), func(b *testing.B) {
			small, large := growthRun(d, 1<<20), growthRun(d, 10<<20)
			small()
			ts, tl := best(2, small), best(2, large)
			b.ReportMetric(float64(tl)/float64(ts), "x-time-10n/n")
		})
	}
}

// BenchmarkWatchFeed feeds 1 MB of valid JSON to a Watcher in 64-byte
// chunks and, in the same iteration, repairs the whole text; the metric
// is the median of the iterations' ratios of processor time
// (watch/repair; the issue asks for at most 2: throughput at least half
// of repair's); each call starts on a collected heap (the collections
// are not timed), so that neither pays for the other's garbage. Two callers: one that takes the deltas (watch.feed) and
// one that wants only the events and the final result
// ([Watcher.SkipDeltas], as LLMStream does); both read every record of
// every feed and of the finish through the public API (consumeFeed), so
// that a representation that does its work only when asked is timed
// with that work. Two more write each feed's
// JSON form too, as watch.feed answers and smithy watch prints it:
// deltas_json with [WatchFeed.AppendJSON] (what cli/gate does), and
// deltas_encoding_json with an encoding/json Encoder (what it did
// before: docs/streams.md, "Sixth round").
//
//	cd mend && go test -run '^$' -bench WatchFeed -benchtime 20x -count 5
func BenchmarkWatchFeed(b *testing.B) {
	doc := validDoc()
	for _, name := range []string{"deltas", "events_only", "deltas_json", "deltas_encoding_json"} {
		skip := name == "events_only"
		b.Run(name, func(b *testing.B) {
			var out []byte
			var buf bytes.Buffer
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.SetBytes(int64(len(doc)))
			ratios := make([]float64, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				// Each call starts on a collected heap, so that neither
				// pays for the other's garbage.
				runtime.GC()
				start := cputime.Thread()
				if _, err := Repair(doc, Options{}); err != nil {
					b.Fatal(err)
				}
				mid := cputime.Thread()
				runtime.GC()
				mid2 := cputime.Thread()
				w := NewWatcher(Options{})
				if skip {
					w.SkipDeltas()
				}
				sum := 0
				for k := 0; k < len(doc); k += 64 {
					f := w.Feed(doc[k:min(k+64, len(doc))])
					switch name {
					case "deltas", "events_only":
						sum += consumeFeed(f.Deltas, f.Events)
					case "deltas_json":
						out = f.AppendJSON(out[:0])
					case "deltas_encoding_json":
						buf.Reset()
						enc := json.NewEncoder(&buf)
						enc.SetEscapeHTML(false)
						if err := enc.Encode(f); err != nil {
							b.Fatal(err)
						}
					}
				}
				fin := w.Finish()
				if fin.Final == nil {
					b.Fatal(fin.Error)
				}
				switch name {
				case "deltas", "events_only":
					sum += consumeFeed(fin.Deltas, fin.Events)
				case "deltas_json":
					out = appendFinishRecords(out[:0], fin)
				}
				end := cputime.Thread()
				benchSink += sum
				if mid > start {
					ratios = append(ratios, float64(end-mid2)/float64(mid-start))
				}
			}
			if len(ratios) > 0 {
				sort.Float64s(ratios)
				b.ReportMetric(ratios[len(ratios)/2], "x-repair")
			}
		})
	}
}

// BenchmarkWatchFeedSplit splits BenchmarkWatchFeed's "deltas" time
// into its parts, each over repair of the whole text in the same
// iteration (processor time of the benchmark's thread, each part after a
// collection, medians of the iterations' ratios): reader-x-repair is the
// bare incremental reader fed the same chunks (no watcher: exactSteps
// without the fast loop, no records), feeds-x-repair the watcher's 16,385
// feeds with deltas, finish-x-repair its Finish (the output's blocks
// joined, the final result). docs/streams.md, "Seventh round".
//
//	cd mend && go test -run '^$' -bench WatchFeedSplit -benchtime 10x
func BenchmarkWatchFeedSplit(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	doc := validDoc()
	var reader, feeds, finish []float64
	for i := 0; i < b.N; i++ {
		runtime.GC()
		t0 := cputime.Thread()
		if _, err := Repair(doc, Options{}); err != nil {
			b.Fatal(err)
		}
		t1 := cputime.Thread()
		runtime.GC()
		t2 := cputime.Thread()
		s := NewIncremental(Options{})
		for k := 0; k < len(doc); k += 64 {
			s.Feed(doc[k:min(k+64, len(doc))])
		}
		t3 := cputime.Thread()
		if _, err := s.Finish(); err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		t4 := cputime.Thread()
		w := NewWatcher(Options{})
		sum := feedConsumed(w, doc)
		t5 := cputime.Thread()
		fin := w.Finish()
		if fin.Final == nil {
			b.Fatal(fin.Error)
		}
		benchSink += sum + consumeFeed(fin.Deltas, fin.Events)
		t6 := cputime.Thread()
		if rep := float64(t1 - t0); rep > 0 {
			reader = append(reader, float64(t3-t2)/rep)
			feeds = append(feeds, float64(t5-t4)/rep)
			finish = append(finish, float64(t6-t5)/rep)
		}
	}
	for _, m := range []struct {
		unit string
		rs   []float64
	}{{"reader-x-repair", reader}, {"feeds-x-repair", feeds}, {"finish-x-repair", finish}} {
		if len(m.rs) > 0 {
			sort.Float64s(m.rs)
			b.ReportMetric(m.rs[len(m.rs)/2], m.unit)
		}
	}
}

// feedConsumed feeds doc to w in 64-byte chunks and reads every record
// of every feed, as a Go caller does (consumeFeed), returning the sum of
// what it read.
func feedConsumed(w *Watcher, doc []byte) int {
	sum := 0
	for k := 0; k < len(doc); k += 64 {
		f := w.Feed(doc[k:min(k+64, len(doc))])
		sum += consumeFeed(f.Deltas, f.Events)
	}
	return sum
}

// BenchmarkWatchFeedAlone feeds the 1 MB of BenchmarkWatchFeed to a
// Watcher in 64-byte chunks and finishes, and BenchmarkRepairValid repairs
// it whole: nothing else, for counting instructions, which do not move
// with the machine's load (docs/streams.md, "Speed"). With -benchtime Nx
// a benchmark runs once, then N times: the difference of 3x and 2x is one
// call, without building the document.
//
//	go test -c -o /tmp/mend.test . && GOMAXPROCS=1 GOGC=off GODEBUG=asyncpreemptoff=1 \
//	    valgrind --tool=callgrind /tmp/mend.test -test.run '^$' -test.bench 'WatchFeedAlone$' -test.benchtime 3x
func BenchmarkWatchFeedAlone(b *testing.B) {
	doc := validDoc()
	b.SetBytes(int64(len(doc)))
	for i := 0; i < b.N; i++ {
		w := NewWatcher(Options{})
		sum := feedConsumed(w, doc)
		fin := w.Finish()
		if fin.Final == nil {
			b.Fatal(fin.Error)
		}
		benchSink += sum + consumeFeed(fin.Deltas, fin.Events)
	}
}

// BenchmarkWatchFeedAloneJSON is BenchmarkWatchFeedAlone with each
// feed's JSON form written as watch.feed sends it ([WatchFeed.AppendJSON]),
// for counting the instructions of the wire form.
func BenchmarkWatchFeedAloneJSON(b *testing.B) {
	doc := validDoc()
	b.SetBytes(int64(len(doc)))
	var out []byte
	for i := 0; i < b.N; i++ {
		w := NewWatcher(Options{})
		for k := 0; k < len(doc); k += 64 {
			out = w.Feed(doc[k:min(k+64, len(doc))]).AppendJSON(out[:0])
		}
		fin := w.Finish()
		if fin.Final == nil {
			b.Fatal(fin.Error)
		}
		out = appendFinishRecords(out[:0], fin)
	}
}

// benchSink keeps what the benchmarks consume alive.
var benchSink int

// consumeFeed reads every record of a feed through the public API, as a
// Go caller that uses all of it would: each delta's path, op, value,
// text and offset, each event's kind, path, offset, progress, key,
// value and finding. A string's last byte is read as well as its
// length, so that a string made only when asked for is made.
func consumeFeed(deltas []Delta, events []Event) int {
	n := 0
	for k := range deltas {
		d := &deltas[k]
		n += lastByte(d.Path) + len(d.Op) + len(d.Value) + lastByte(d.Text) + d.At
	}
	for k := range events {
		e := &events[k]
		n += len(e.Kind) + lastByte(e.Path) + e.At + e.Permille + lastByte(e.Key) + len(e.Value)
		if e.Finding != nil {
			n += len(e.Finding.Message)
		}
	}
	return n
}

func lastByte(s string) int {
	if s == "" {
		return 0
	}
	return len(s) + int(s[len(s)-1])
}

// appendFinishRecords writes the finish's deltas and events in their
// JSON form, as watch.finish sends them.
func appendFinishRecords(dst []byte, fin *WatchFinal) []byte {
	f := WatchFeed{Deltas: fin.Deltas, Events: fin.Events}
	return f.AppendJSON(dst)
}

func BenchmarkRepairValid(b *testing.B) {
	doc := validDoc()
	b.SetBytes(int64(len(doc)))
	for i := 0; i < b.N; i++ {
		if _, err := Repair(doc, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWatchChunkAt measures the cost of 64 chunks of 64 bytes fed
// after 1 KB and after 1 MB of the value (no re-reading of the prefix:
// the two should be alike). The metric is the median ratio of the 1 MB
// run's processor time to the 1 KB run's. The two windows cut the value
// at the same places: the 1 MB window starts a whole number of
// lcm(object, chunk) periods after the 1 KB one, so both see the same
// bytes in the same chunks. (Windows that cut the objects elsewhere do
// different work: a string closed at a chunk's end with an escape in it
// takes the slow preview, say. Before, the 1 MB window started at
// len-4097 and read 1.2-1.4 times the 1 KB window, while the same cuts
// 7 KB into the value read 1.4 times the 1 MB window: docs/streams.md,
// "Sixth round".) The two windows run in alternating order, so that
// neither always runs first.
func BenchmarkWatchChunkAt(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	doc := validDoc()
	prime := func(n int) *Watcher {
		w := NewWatcher(Options{})
		for k := 0; k < n; k += 64 {
			w.Feed(doc[k:min(k+64, n)])
		}
		return w
	}
	const window = 64 * 64
	period := lcm(len(docObject)+2, 64)
	at1k := 1 << 10
	at1m := at1k + (len(doc)-window-1-at1k)/period*period
	if at1m < 1<<19 {
		b.Fatalf("the 1 MB window starts at %d", at1m)
	}
	feed := func(w *Watcher, at int) int64 {
		t0 := cputime.Thread()
		for k := at; k < at+window; k += 64 {
			w.Feed(doc[k : k+64])
		}
		return int64(cputime.Thread() - t0)
	}
	ratios := make([]float64, 0, b.N)
	for i := 0; i < b.N; i++ {
		w1, w2 := prime(at1k), prime(at1m)
		var d1, d2 int64
		if i%2 == 0 {
			d1 = feed(w1, at1k)
			d2 = feed(w2, at1m)
		} else {
			d2 = feed(w2, at1m)
			d1 = feed(w1, at1k)
		}
		if d1 > 0 {
			ratios = append(ratios, float64(d2)/float64(d1))
		}
	}
	if len(ratios) > 0 {
		sort.Float64s(ratios)
		b.ReportMetric(ratios[len(ratios)/2], "x-1MB/1KB")
	}
}

func lcm(a, b int) int {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}

// BenchmarkScanFirst measures what the scan before the reader costs, or
// saves, on 1 MB of each kind of damage: each iteration reads the
// document as Repair does (the scan, then the reader when the text is
// not exact JSON) and with the reader alone, in processor time of the
// benchmark's thread, in alternating order, each after a collection and
// with the collector off while it runs, and the
// metric is the median ratio (1.0: no cost;
// the scan stops at the first fault, so damage near the end costs most).
//
//	cd mend && go test -run '^$' -bench ScanFirst -benchtime 5x
func BenchmarkScanFirst(b *testing.B) {
	for _, d := range damages {
		in := []byte(d.build(1 << 20))
		o := Options{Profile: ProfileLenient, SkipProse: true, MaxDepth: 1 << 30}
		b.Run(strings.ReplaceAll(d.name, " ", "_"), func(b *testing.B) {
			runtime.LockOSThread() // each sub-benchmark runs on its own goroutine
			defer runtime.UnlockOSThread()
			defer debug.SetGCPercent(debug.SetGCPercent(-1)) // collected between the calls only
			ratios := make([]float64, 0, b.N)
			for i := 0; i < b.N; i++ {
				// The order alternates, so that neither call always pays
				// for the other's garbage.
				first, second := func() { read(in, &o) }, func() { readFull(in, &o) }
				if i%2 == 1 {
					first, second = second, first
				}
				runtime.GC()
				t0 := cputime.Thread()
				first()
				t1 := cputime.Thread()
				runtime.GC()
				t1a := cputime.Thread()
				second()
				t2 := cputime.Thread()
				t2 -= t1a - t1
				withScan, alone := t1-t0, t2-t1
				if i%2 == 1 {
					withScan, alone = alone, withScan
				}
				if alone > 0 {
					ratios = append(ratios, float64(withScan)/float64(alone))
				}
			}
			if len(ratios) > 0 {
				sort.Float64s(ratios)
				b.ReportMetric(ratios[len(ratios)/2], "x-reader-alone")
			}
		})
	}
}

// BenchmarkLLMFeed streams 1 MB of tool-call arguments (valid JSON) as
// Anthropic input_json_delta events of 64 bytes each through an
// LLMStream and, in the same iteration, repairs the arguments whole; the
// metric is the median ratio of processor time (llm/repair). The events
// are encoded before the timing; decoding each event's envelope is part
// of the stream's work.
//
//	cd mend && go test -run '^$' -bench LLMFeed -benchtime 10x -count 5
func BenchmarkLLMFeed(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	doc := validDoc()
	events := [][]byte{
		[]byte(`{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[]}}`),
		[]byte(`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"search","input":{}}}`),
	}
	for k := 0; k < len(doc); k += 64 {
		frag, _ := json.Marshal(string(doc[k:min(k+64, len(doc))]))
		events = append(events, []byte(`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":`+string(frag)+`}}`))
	}
	events = append(events, []byte(`{"type":"content_block_stop","index":0}`),
		[]byte(`{"type":"message_delta","delta":{"stop_reason":"tool_use"}}`), []byte(`{"type":"message_stop"}`))
	b.SetBytes(int64(len(doc)))
	ratios := make([]float64, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		runtime.GC()
		start := cputime.Thread()
		if _, err := Repair(doc, Options{}); err != nil {
			b.Fatal(err)
		}
		mid := cputime.Thread()
		runtime.GC()
		mid2 := cputime.Thread()
		s, err := NewLLMStream(LLMOptions{Provider: ProviderAnthropic})
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range events {
			s.Feed(e)
		}
		cl := s.Close()
		end := cputime.Thread()
		if len(cl.Calls) != 1 || cl.Calls[0].End != EndComplete || cl.Calls[0].Error != nil {
			b.Fatalf("%+v", cl.Calls)
		}
		if mid > start {
			ratios = append(ratios, float64(end-mid2)/float64(mid-start))
		}
	}
	if len(ratios) > 0 {
		sort.Float64s(ratios)
		b.ReportMetric(ratios[len(ratios)/2], "x-repair")
	}
}

// BenchmarkWatchFeedDeclared feeds 1 MB of list elements, each a
// structure with four members that a Smithy declaration judges at their
// depth (watch_nested.go), in 64-byte chunks, events only; counted with
// callgrind as BenchmarkWatchFeedAlone is.
func BenchmarkWatchFeedDeclared(b *testing.B) {
	decl := nestDecl(b)
	var sb strings.Builder
	sb.WriteString(`{"items": [`)
	for i := 0; sb.Len() < 1<<20; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(`{"sku": "ABC-12", "code": "ab", "color": "red", "n": 5}`)
	}
	sb.WriteString(`]}`)
	doc := []byte(sb.String())
	b.SetBytes(int64(len(doc)))
	for i := 0; i < b.N; i++ {
		w := NewWatcher(Options{Declaration: decl, Profile: ProfileLenient})
		w.SkipDeltas()
		for k := 0; k < len(doc); k += 64 {
			w.Feed(doc[k:min(k+64, len(doc))])
		}
		if fin := w.Finish(); fin.Final == nil {
			b.Fatal(fin.Error)
		}
	}
}
