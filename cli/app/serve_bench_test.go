package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/internal/testkit"
)

// The server's two speed claims, each measured against its reference in
// the same run, calls interleaved so that load on the machine hits both
// alike:
//
//	go test -run XXX -bench 'Serve' -benchtime 200x ./app
//
// BenchmarkServeWarmCall: a validate-rpc call to a warm `smithy serve
// --stdio` (model cached) against starting `smithy validate-rpc` per call;
// reports the p50 and p99 of each and warm-p50/process-p50 and
// warm-p99/process-p50 in percent (goal: under 5).
//
// BenchmarkServeExchangeFeed: a transcript streamed through exchange.feed
// in chunks of 1,000 lines against `smithy validate-rpc --transcript` on
// the same file; reports messages per second of each and feed/command in
// percent (goal: at least 50).

// benchBinary builds the smithy binary once per benchmark.
func benchBinary(b *testing.B) string {
	b.Helper()
	bin := filepath.Join(b.TempDir(), "smithy")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/smithy")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// benchServer is a `smithy serve --stdio` child.
type benchServer struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
	id  int
}

func startBenchServer(b *testing.B, bin string) *benchServer {
	// The calls name the examples by absolute path: the server's root is
	// the repository, as an operator serving it would choose.
	cmd := exec.Command(bin, "serve", "--stdio", "--root", repoRoot)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	s := &benchServer{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20)}
	b.Cleanup(func() { in.Close(); cmd.Wait() })
	return s
}

// call sends one request and returns the response line.
func (s *benchServer) call(b *testing.B, method, params string) []byte {
	s.id++
	if _, err := fmt.Fprintf(s.in, "{\"id\":%d,\"method\":%q,\"params\":%s}\n", s.id, method, params); err != nil {
		b.Fatal(err)
	}
	line, err := s.out.ReadBytes('\n')
	if err != nil {
		b.Fatal(err)
	}
	if !bytes.Contains(line[:min(len(line), 40)], []byte(`"ok":true`)) {
		b.Fatalf("%s failed: %.300s", method, line)
	}
	return line
}

func BenchmarkServeWarmCall(b *testing.B) {
	bin := benchBinary(b)
	calc, _ := filepath.Abs(filepath.Join(calculator, "calculator.smithy"))
	msg, _ := filepath.Abs(filepath.Join(calculator, "bad-call.json"))
	args := []string{"validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--message", msg, "--format", "json", calc}
	q := func(s string) string { j, _ := json.Marshal(s); return string(j) }
	params := `{"models":[{"path":` + q(calc) + `}],"service":"example#Calculator","version":"2.0","message":{"path":` + q(msg) + `}}`
	srv := startBenchServer(b, bin)
	want, err := exec.Command(bin, args...).Output()
	if len(want) == 0 {
		b.Fatalf("the command printed nothing: %v", err)
	}
	if got := srv.call(b, "validate-rpc", params); !bytes.Contains(got, bytes.TrimSuffix(want, []byte("\n"))) {
		b.Fatalf("the server's result differs from the command's:\n%s\n%s", got, want)
	}
	warm := make([]time.Duration, 0, b.N)
	proc := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		exec.Command(bin, args...).Output() // exit 1: the message is invalid
		proc = append(proc, time.Since(t0))
		t0 = time.Now()
		srv.call(b, "validate-rpc", params)
		warm = append(warm, time.Since(t0))
	}
	b.StopTimer()
	pp50 := testkit.Percentile(proc, 0.5)
	b.ReportMetric(float64(pp50.Microseconds()), "process-p50-us")
	b.ReportMetric(float64(testkit.Percentile(proc, 0.99).Microseconds()), "process-p99-us")
	b.ReportMetric(float64(testkit.Percentile(warm, 0.5).Microseconds()), "warm-p50-us")
	b.ReportMetric(float64(testkit.Percentile(warm, 0.99).Microseconds()), "warm-p99-us")
	b.ReportMetric(100*float64(testkit.Percentile(warm, 0.5))/float64(pp50), "warm-p50/process-%")
	b.ReportMetric(100*float64(testkit.Percentile(warm, 0.99))/float64(pp50), "warm-p99/process-%")
}

// benchTranscript writes a transcript of n calls and their answers (one
// in ten with a bad parameter, answered by an error) and returns its
// lines.
func benchTranscript(n int) []string {
	lines := make([]string, 0, 2*n)
	for i := 0; i < n; i++ {
		if i%10 == 3 {
			lines = append(lines,
				fmt.Sprintf(`{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[%d,"x"],"id":%d}}`, i, i),
				fmt.Sprintf(`{"from":"server","message":{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params"},"id":%d}}`, i))
			continue
		}
		lines = append(lines,
			fmt.Sprintf(`{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":{"minuend":%d,"subtrahend":1},"id":%d}}`, i, i),
			fmt.Sprintf(`{"from":"server","message":{"jsonrpc":"2.0","result":%d,"id":%d}}`, i-1, i))
	}
	return lines
}

func BenchmarkServeExchangeFeed(b *testing.B) {
	const calls, chunk = 50000, 1000
	bin := benchBinary(b)
	calc, _ := filepath.Abs(filepath.Join(calculator, "calculator.smithy"))
	lines := benchTranscript(calls)
	file := filepath.Join(b.TempDir(), "t.jsonl")
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	q := func(s string) string { j, _ := json.Marshal(s); return string(j) }
	var feeds []string
	for i := 0; i < len(lines); i += chunk {
		feeds = append(feeds, `{"lines":`+q(strings.Join(lines[i:min(i+chunk, len(lines))], "\n")+"\n")+`}`)
	}
	start := `{"models":[{"path":` + q(calc) + `}],"service":"example#Calculator","version":"2.0"}`
	srv := startBenchServer(b, bin)
	srv.call(b, "exchange.start", start) // warms the model cache
	srv.call(b, "exchange.finish", `{}`)
	var cmdTime, feedTime time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		cmd := exec.Command(bin, "validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--transcript", file, "--complete", "--format", "json", calc)
		cmd.Stdout = io.Discard
		cmd.Run() // exit 1: the transcript has findings
		cmdTime += time.Since(t0)

		t0 = time.Now()
		srv.call(b, "exchange.start", start)
		for _, f := range feeds {
			srv.call(b, "exchange.feed", f)
		}
		srv.call(b, "exchange.finish", `{"complete":true}`)
		feedTime += time.Since(t0)
	}
	b.StopTimer()
	msgs := float64(len(lines) * b.N)
	b.ReportMetric(msgs/cmdTime.Seconds(), "command-msgs/s")
	b.ReportMetric(msgs/feedTime.Seconds(), "feed-msgs/s")
	b.ReportMetric(100*cmdTime.Seconds()/feedTime.Seconds(), "feed/command-%")
}
