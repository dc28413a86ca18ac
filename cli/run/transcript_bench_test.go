package run

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
)

// BenchmarkTranscriptCommand runs what `smithy validate-rpc --transcript
// FILE --format json|text` runs after the process has started (the MCP
// model loaded and its service prepared, BeforeStream's collection, the
// transcript read from its file and streamed, the output written,
// discarded), on the MCP session
// of issue 27 goal 2 (generate it with `go run ./scripts/cmd/transcripts
// mcp > /tmp/mcp.jsonl` from the repository's root), against the floor
// program's work on the same bytes in the same iteration (each line read
// by a bufio.Reader, json.Valid on it). rpc's BenchmarkMCPSession measures
// the messages alone, without the load.
//
//	SMITHY_BENCH_MCP=/tmp/mcp.jsonl go test -run '^$' -bench TranscriptCommand -benchmem ./cli/run
func BenchmarkTranscriptCommand(b *testing.B) {
	path := os.Getenv("SMITHY_BENCH_MCP")
	if path == "" {
		b.Skip("SMITHY_BENCH_MCP names no session (see the doc comment)")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	lines := bytes.Count(data, []byte("\n"))
	model := filepath.Join("..", "..", "examples", "mcp", "mcp.smithy")
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
	for _, format := range []string{"json", "text"} {
		b.Run(format, func(b *testing.B) {
			var floorTime time.Duration
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				b.StopTimer()
				start := time.Now()
				floor()
				floorTime += time.Since(start)
				b.StartTimer()
				var stderr bytes.Buffer
				e := &Env{Stdout: io.Discard, Stderr: &stderr,
					BeforeStream: func(int64) { runtime.GC() }} // as smithy does past app.StreamCollectMin
				err := e.ValidateRPCInputs(RPCParams{Models: []load.Source{{Path: model}},
					Service: "io.modelcontextprotocol#Mcp", Transcript: &load.Input{Path: path}}, format)
				if code, _, _ := exitcode.Of(err); code != exitcode.Valid {
					b.Fatalf("exit %d: %v %s", code, err, stderr.String())
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()/floorTime.Seconds(), "x-floor")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/msg")
		})
	}
}
