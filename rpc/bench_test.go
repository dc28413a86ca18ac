package rpc_test

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/smithy-validation/go/rpc"
)

// The benchmarks stream a generated transcript of calls and responses
// through a prepared service, next to encoding/json.Valid on the same
// bytes. Messages are generated lazily into one buffer, so the
// transcript's size never sits in memory: what grows is the validator's
// own state, which must stay flat (it keeps outstanding calls only).
//
//	go test -run '^$' -bench . -benchmem ./rpc
//
// rpc/README.md has the figures.

// transcriptGen generates message i of the transcript: even messages are
// client calls of subtract (positional or named params), odd ones the
// server's result for the call before, with the same id.
type transcriptGen struct {
	buf []byte
}

func (g *transcriptGen) message(i int) (rpc.Peer, []byte) {
	id := i / 2
	a, b := id%1000, id%37
	g.buf = g.buf[:0]
	if i%2 == 0 {
		if id%4 == 3 {
			g.buf = append(g.buf, `{"jsonrpc":"2.0","method":"subtract","params":{"minuend":`...)
			g.buf = strconv.AppendInt(g.buf, int64(a), 10)
			g.buf = append(g.buf, `,"subtrahend":`...)
			g.buf = strconv.AppendInt(g.buf, int64(b), 10)
			g.buf = append(g.buf, `},"id":`...)
		} else {
			g.buf = append(g.buf, `{"jsonrpc":"2.0","method":"subtract","params":[`...)
			g.buf = strconv.AppendInt(g.buf, int64(a), 10)
			g.buf = append(g.buf, ',')
			g.buf = strconv.AppendInt(g.buf, int64(b), 10)
			g.buf = append(g.buf, `],"id":`...)
		}
		g.buf = strconv.AppendInt(g.buf, int64(id), 10)
		g.buf = append(g.buf, '}')
		return rpc.Client, g.buf
	}
	g.buf = append(g.buf, `{"jsonrpc":"2.0","result":`...)
	g.buf = strconv.AppendInt(g.buf, int64(a-b), 10)
	g.buf = append(g.buf, `,"id":`...)
	g.buf = strconv.AppendInt(g.buf, int64(id), 10)
	g.buf = append(g.buf, '}')
	return rpc.Server, g.buf
}

// averageSize is the mean message size over the first n messages.
func averageSize(n int) int64 {
	var g transcriptGen
	total := 0
	for i := 0; i < n; i++ {
		_, m := g.message(i)
		total += len(m)
	}
	return int64(total / n)
}

// heapSampler samples HeapInuse every few thousand messages and keeps the
// peak above the starting point.
type heapSampler struct {
	base, baseAlloc, peak uint64
	ms                    runtime.MemStats
}

func (h *heapSampler) start() {
	runtime.GC()
	runtime.ReadMemStats(&h.ms)
	h.base, h.baseAlloc, h.peak = h.ms.HeapInuse, h.ms.HeapAlloc, 0
}

func (h *heapSampler) sample() {
	runtime.ReadMemStats(&h.ms)
	if h.ms.HeapInuse > h.base && h.ms.HeapInuse-h.base > h.peak {
		h.peak = h.ms.HeapInuse - h.base
	}
}

// retained returns the live heap above the starting point after a
// collection: what the exchange holds, garbage aside.
func (h *heapSampler) retained() uint64 {
	runtime.GC()
	runtime.ReadMemStats(&h.ms)
	if h.ms.HeapAlloc <= h.baseAlloc {
		return 0
	}
	return h.ms.HeapAlloc - h.baseAlloc
}

const sampleEvery = 1 << 14

// BenchmarkExchange feeds b.N messages of one endless transcript to one
// exchange: per-message throughput of the whole check (envelope, params
// or result against the model, id correlation).
func BenchmarkExchange(b *testing.B) {
	s := service(b, rpc.V2_0)
	x := s.NewExchange()
	var g transcriptGen
	var h heapSampler
	b.SetBytes(averageSize(4096))
	b.ReportAllocs()
	h.start()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		from, m := g.message(i)
		x.Feed(from, m)
		if i%sampleEvery == 0 {
			h.sample()
		}
	}
	b.StopTimer()
	h.sample()
	if r := x.Finish(false); !r.Valid {
		b.Fatalf("generated transcript is invalid: %s", r.Text())
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
	b.ReportMetric(float64(h.peak), "peak-heap-B")
}

// BenchmarkJSONValid is encoding/json.Valid on the same messages: the
// floor every validator is compared with.
func BenchmarkJSONValid(b *testing.B) {
	var g transcriptGen
	b.SetBytes(averageSize(4096))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_, m := g.message(i)
		if !json.Valid(m) {
			b.Fatal("invalid")
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
}

// BenchmarkTranscript runs whole transcripts of 10k, 100k and 1M messages
// and reports the peak heap in use above the start (sampled; it includes
// garbage awaiting collection, so it follows the collector's pacing) and
// the heap retained at the end of the transcript (live after a
// collection). Neither may grow with the transcript. Before each
// transcript, with the timer stopped, encoding/json.Valid reads the same
// messages, so that every run also reports json.Valid's throughput on the
// same bytes and the transcript's share of it (vs-json.Valid-%), measured
// side by side rather than in another benchmark.
func BenchmarkTranscript(b *testing.B) {
	s := service(b, rpc.V2_0)
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("messages=%d", n), func(b *testing.B) {
			var g transcriptGen
			var h heapSampler
			var retained uint64
			var validTime time.Duration
			b.SetBytes(averageSize(4096) * int64(n))
			h.start()
			b.ResetTimer()
			for it := 0; it < b.N; it++ {
				b.StopTimer()
				start := time.Now()
				for i := 0; i < n; i++ {
					if _, m := g.message(i); !json.Valid(m) {
						b.Fatal("invalid")
					}
				}
				validTime += time.Since(start)
				b.StartTimer()
				x := s.NewExchange()
				for i := 0; i < n; i++ {
					from, m := g.message(i)
					x.Feed(from, m)
					if i%sampleEvery == 0 {
						h.sample()
					}
				}
				h.sample()
				b.StopTimer()
				retained = max(retained, h.retained())
				b.StartTimer()
				if r := x.Finish(true); !r.Valid {
					b.Fatalf("invalid: %s", r.Text())
				}
			}
			b.StopTimer()
			rate := float64(n*b.N) / b.Elapsed().Seconds()
			validRate := float64(n*b.N) / validTime.Seconds()
			b.ReportMetric(rate, "msgs/s")
			b.ReportMetric(validRate, "json.Valid-msgs/s")
			b.ReportMetric(100*rate/validRate, "vs-json.Valid-%")
			b.ReportMetric(float64(h.peak), "peak-heap-B")
			b.ReportMetric(float64(retained), "retained-B")
		})
	}
}

// BenchmarkValidateRequest checks one request at a time, as a gateway
// does before it forwards a call: a whole run each (reader, checks, a
// result of its own), with the service's pooled checkers, against the
// same messages as BenchmarkJSONValid's calls.
func BenchmarkValidateRequest(b *testing.B) {
	s := service(b, rpc.V2_0)
	var g transcriptGen
	total := 0
	for i := 0; i < 4096; i++ {
		_, m := g.message(2 * i)
		total += len(m)
	}
	b.SetBytes(int64(total / 4096))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_, m := g.message(2 * (i % (1 << 20)))
		if r := s.ValidateRequest(m); !r.Valid {
			b.Fatalf("invalid: %s", r.Text())
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
}

// BenchmarkValidatePair checks a call and its result at a time, as a test
// asserting recorded traffic does: a whole run each, with the service's
// pooled exchanges.
func BenchmarkValidatePair(b *testing.B) {
	s := service(b, rpc.V2_0)
	var g transcriptGen
	var req []byte
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := 2 * (i % (1 << 20))
		_, m := g.message(j)
		req = append(req[:0], m...)
		_, resp := g.message(j + 1)
		if r := s.ValidatePair(req, resp); !r.Valid {
			b.Fatalf("invalid: %s", r.Text())
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "pairs/s")
}
