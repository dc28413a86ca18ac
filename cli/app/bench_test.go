package app

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/exitcode"
)

// BenchmarkTranscriptFormats runs `validate-rpc --transcript` on one
// transcript (calls of subtract and their results, one call in 25,000 with
// a bad param, so its result is unexpected too) in each format, output
// discarded: the text format prints only the findings and the summary and
// must cost no more than the JSON format, which prints every message.
//
//	SMITHY_BENCH_MESSAGES=1000000 go test -run '^$' -bench TranscriptFormats -benchtime 3x ./cli/app
func BenchmarkTranscriptFormats(b *testing.B) {
	n := 200_000
	if s := os.Getenv("SMITHY_BENCH_MESSAGES"); s != "" {
		fmt.Sscan(s, &n)
	}
	path := filepath.Join(b.TempDir(), "calls.jsonl")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for i := 0; i < n; i++ {
		id := i / 2
		switch {
		case i%2 == 1:
			fmt.Fprintf(w, `{"from":"server","message":{"jsonrpc":"2.0","result":%d,"id":%d}}`+"\n", id%1000-id%37, id)
		case id%25000 == 7:
			fmt.Fprintf(w, `{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[%d,"x"],"id":%d}}`+"\n", id%1000, id)
		default:
			fmt.Fprintf(w, `{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[%d,%d],"id":%d}}`+"\n", id%1000, id%37, id)
		}
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	model := filepath.Join("..", "..", "examples", "calculator", "calculator.smithy")
	for _, complete := range []bool{false, true} {
		for _, format := range []string{"json", "text"} {
			b.Run(fmt.Sprintf("complete=%v/format=%s", complete, format), func(b *testing.B) {
				args := []string{"smithy", "validate-rpc", "--service", "example#Calculator", "--version", "2.0",
					"--transcript", path, "--format", format, model}
				if complete {
					args = append(args[:len(args)-1], "--complete", model)
				}
				for i := 0; i < b.N; i++ {
					if code := Run(args, strings.NewReader(""), io.Discard, io.Discard); code != exitcode.Invalid {
						b.Fatalf("exit %d", code)
					}
				}
				b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
			})
		}
	}
}
