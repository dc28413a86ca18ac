package proxy_test

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/proxy"
)

// writes keeps each Write call's bytes.
type writes struct {
	mu    sync.Mutex
	calls [][]byte
}

func (w *writes) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.calls = append(w.calls, bytes.Clone(p))
	return len(p), nil
}

// TestLogOneWriteAMessage: all the log lines of one message go to the
// log in one write call, however many findings it has (a write a finding
// before), and each message's lines in a write of their own.
func TestLogOneWriteAMessage(t *testing.T) {
	var log writes
	p := proxy.New(calculator(t), proxy.Options{Framing: proxy.Lines, Log: &log})
	in := `{"jsonrpc":"2.0","method":"subtract","params":["a","b"]}` + "\n" +
		`{"jsonrpc":"2.0","method":"subtract","params":[1,"b"]}` + "\n"
	// The server reads everything and says nothing; its output ends
	// when the proxy closes its input.
	serverOut, end := io.Pipe()
	if err := p.Relay(strings.NewReader(in), io.Discard, discardCloser{end}, serverOut); err != nil {
		t.Fatal(err)
	}
	_, sum, err := p.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if sum.Findings < 3 {
		t.Fatalf("%+v: want at least two findings for the first message and one for the second", sum)
	}
	// The two messages' lines, then the summary.
	if len(log.calls) != 3 {
		t.Fatalf("%d writes, want 3 (a message, a message, the summary):\n%q", len(log.calls), log.calls)
	}
	first, second := bytes.Count(log.calls[0], []byte("\n")), bytes.Count(log.calls[1], []byte("\n"))
	if first+second != sum.Findings || first < 2 || second < 1 {
		t.Errorf("lines a write %d and %d, want all %d findings, at least two in the first", first, second, sum.Findings)
	}
	if !bytes.HasPrefix(log.calls[2], []byte(`{"summary":`)) {
		t.Errorf("last write %q, want the summary", log.calls[2])
	}
}

// TestRecordWhileRunning: the transcript reaches its writer while the
// conversation goes on (within proxy.RecordDelay of a message), not only
// when it is finished; what it holds then is what Finish leaves.
func TestRecordWhileRunning(t *testing.T) {
	s := start(t, calculator(t), proxy.Options{Framing: proxy.Lines})
	fromServer := readAll(s.FromServer)
	go io.Copy(io.Discard, s.ServerIn)
	call := `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`
	if _, err := s.Client.Write([]byte(call + "\n")); err != nil {
		t.Fatal(err)
	}
	want := `{"from":"client","message":` + call + "}\n"
	deadline := time.Now().Add(guard)
	for s.record.String() != want {
		if time.Now().After(deadline) {
			t.Fatalf("the transcript holds %q after %v, want %q", s.record.String(), guard, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
	s.Client.Close()
	s.Server.Close()
	<-fromServer
	s.finish(t)
	if got := s.record.String(); got != want {
		t.Errorf("after Finish the transcript holds %q, want %q", got, want)
	}
}
