package rpc

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"testing"
	"time"

	"github.com/smithy-validation/go/smithyvalidate"
)

// BenchmarkMCPSession checks an MCP session (issue 27 goal 2's: generate
// it with `go run ./scripts/cmd/transcripts mcp > /tmp/mcp.jsonl` from the
// repository's root) in process, without the command's start (model load
// and preparation), against the floor program's work on the same bytes in
// the same iteration (each line read by a bufio.Reader, json.Valid on it):
// x-floor is the messages' cost over the floor's, the figure that the
// command's "net" column approaches. Sub-benchmarks: floor (the floor
// against itself: x-floor 1 but for the load's noise), stream (the checks
// alone, summaries dropped), json (WriteTranscript's JSON output,
// discarded: what `validate-rpc --format json` runs), text (what
// `--format text` asks of rpc: StreamTranscriptFindings, each line's
// summaries and findings handed over and tallied by kind, as the
// command's report does; the listing of messages is only written for
// findings or --verbose) and writetext (WriteTranscript's text rendering
// of every message, which the command does not use). cli/run's
// BenchmarkTranscriptCommand runs the command itself, model load
// included.
//
//	SMITHY_BENCH_MCP=/tmp/mcp.jsonl go test -run '^$' -bench MCPSession -benchmem ./rpc
//
// Instructions (callgrind; they do not move with the load): the
// difference between -test.benchtime 2x and 1x of a sub-benchmark is one
// iteration, the floor's included, so the messages' instructions are
// that of json less that of floor.
func BenchmarkMCPSession(b *testing.B) {
	path := os.Getenv("SMITHY_BENCH_MCP")
	if path == "" {
		b.Skip("SMITHY_BENCH_MCP names no session (see the doc comment)")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	s := mcpService(b)
	lines := bytes.Count(data, []byte("\n"))
	floor := func() {
		br := bufio.NewReaderSize(bytes.NewReader(data), 64<<10)
		for {
			line, err := br.ReadSlice('\n')
			if len(line) > 0 && !json.Valid(line) {
				b.Fatal("invalid line")
			}
			if err != nil {
				break
			}
		}
	}
	runs := []struct {
		name string
		run  func() (*Result, error)
	}{
		{"floor", func() (*Result, error) { floor(); return nil, nil }},
		{"stream", func() (*Result, error) {
			return s.StreamTranscript(bytes.NewReader(data), false, func([]MessageSummary) {})
		}},
		{"json", func() (*Result, error) {
			return s.WriteTranscript(io.Discard, bytes.NewReader(data), FormatJSON, false)
		}},
		{"text", func() (*Result, error) {
			var kinds [8]int
			return s.StreamTranscriptFindings(bytes.NewReader(data), false, func(ms []MessageSummary, _ []smithyvalidate.Finding) {
				for i := range ms {
					kinds[ms[i].Kind&7]++
				}
			})
		}},
		{"writetext", func() (*Result, error) {
			return s.WriteTranscript(io.Discard, bytes.NewReader(data), FormatText, false)
		}},
	}
	for _, r := range runs {
		b.Run(r.name, func(b *testing.B) {
			var floorTime time.Duration
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				b.StopTimer()
				start := time.Now()
				floor()
				floorTime += time.Since(start)
				b.StartTimer()
				if _, err := r.run(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()/floorTime.Seconds(), "x-floor")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/msg")
		})
	}
}
