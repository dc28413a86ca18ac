package proxy_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/internal/testkit"
	"github.com/smithy-validation/go/cli/proxy"
	"github.com/smithy-validation/go/core/node"
)

func findingKeys(lines []map[string]any) []string {
	var out []string
	for _, l := range lines {
		if l["code"] != nil && l["offset"] == nil {
			out = append(out, fmt.Sprintf("%v %v %v %v", l["index"], l["severity"], l["code"], l["path"]))
		}
	}
	return out
}

// peer answers every subtract call it reads from in and, at the same
// time, makes n calls of its own (ids prefixed with name); it returns once
// in ends (or, with closeAfter, closes its output once it has its answers
// and has answered as many calls), with the number of answers it got.
func peer(in io.Reader, out io.WriteCloser, f proxy.Framing, name string, n int, closeAfter bool) <-chan int {
	c := make(chan int, 1)
	// Writes are queued, so that reading never waits for the other side
	// (as a real peer's reader does not).
	queue := make(chan string, 2*n)
	var mu sync.Mutex
	closed := false
	write := func(body string) {
		mu.Lock()
		if !closed {
			queue <- body
		}
		mu.Unlock()
	}
	go func() {
		for body := range queue {
			out.Write(proxy.AppendFrame(nil, f, []byte(body)))
		}
		out.Close()
	}()
	go func() {
		for i := 0; i < n; i++ {
			write(fmt.Sprintf(`{"jsonrpc":"2.0","method":"subtract","params":[%d,1],"id":"%s-%d"}`, i, name, i))
		}
	}()
	go func() {
		r := proxy.NewReader(in, f, 64<<20)
		answers, served := 0, 0
		closeIfDone := func() {
			if closeAfter && answers == n && served == n {
				mu.Lock()
				if !closed {
					closed = true
					close(queue)
				}
				mu.Unlock()
			}
		}
		for {
			fr, err := r.Read()
			if err != nil {
				break
			}
			var m struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
				Params []int           `json:"params"`
			}
			if fr.Body == nil || json.Unmarshal(fr.Body, &m) != nil {
				continue
			}
			if m.Method == "" {
				answers++
			} else {
				write(fmt.Sprintf(`{"jsonrpc":"2.0","result":%d,"id":%s}`, m.Params[0]-m.Params[1], m.ID))
				served++
			}
			closeIfDone()
		}
		mu.Lock()
		if !closed {
			closed = true
			close(queue)
		}
		mu.Unlock()
		c <- answers
	}()
	return c
}

// TestInterleaved: both peers call each other at once; every call is
// answered, nothing is reported, and the recorded transcript validates
// clean.
func TestInterleaved(t *testing.T) {
	const n = 200
	for _, f := range []proxy.Framing{proxy.Lines, proxy.LSP} {
		t.Run(f.String(), func(t *testing.T) {
			svc := calculator(t)
			s := start(t, svc, proxy.Options{Framing: f})
			srv := peer(s.ServerIn, s.Server, f, "s", n, false)
			cli := peer(s.FromServer, s.Client, f, "c", n, true)
			if got := <-cli; got != n {
				t.Errorf("the client got %d answers, want %d", got, n)
			}
			if got := <-srv; got != n {
				t.Errorf("the server got %d answers, want %d", got, n)
			}
			lines := s.finish(t)
			if keys := findingKeys(lines); len(keys) != 0 {
				t.Errorf("findings: %v", keys)
			}
			if sum := lines[len(lines)-1]["summary"].(map[string]any); sum["messages"] != float64(4*n) {
				t.Errorf("summary %v, want %d messages", sum, 4*n)
			}
			res, err := svc.ValidateTranscript(strings.NewReader(s.record.String()), true)
			if err != nil || !res.Valid || len(res.Findings) != 0 {
				t.Errorf("the transcript: %v %v", err, res.Findings)
			}
		})
	}
}

// TestPeerDiesMidMessage: the server sends half a reply and ends; the
// client receives exactly those bytes, the log reports the truncation at
// its offset and the call never answered, and the relay ends cleanly.
func TestPeerDiesMidMessage(t *testing.T) {
	for _, f := range []proxy.Framing{proxy.Lines, proxy.LSP} {
		t.Run(f.String(), func(t *testing.T) {
			s := start(t, calculator(t), proxy.Options{Framing: f})
			toClient := readAll(s.FromServer)
			call := frame(f, `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`)
			go io.WriteString(s.Client, call)
			r := proxy.NewReader(s.ServerIn, f, 1<<20)
			if _, err := r.Read(); err != nil {
				t.Fatal(err)
			}
			half := frame(f, `{"jsonrpc":"2.0","result":19,"id":1}`)
			half = half[:len(half)-8]
			io.WriteString(s.Server, half)
			s.Server.Close()
			lines := s.finish(t)
			if got := <-toClient; string(got) != half {
				t.Errorf("the client got %q, want %q", got, half)
			}
			want := "server-to-client framing-truncated 0\nclient-to-server response-missing <nil>"
			if got := findingFields(lines, "direction", "code", "offset"); got != want {
				t.Errorf("log:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestUnansweredDirection: the calls left unanswered at the end are
// logged with the direction of the peer that made them, wherever they
// fall in the conversation (here past the 64th message).
func TestUnansweredDirection(t *testing.T) {
	s := start(t, calculator(t), proxy.Options{Framing: proxy.Lines})
	toClient := readAll(s.FromServer)
	var client strings.Builder
	for i := 0; i < 70; i++ {
		client.WriteString(`{"jsonrpc":"2.0","method":"subtract","params":[42,23]}` + "\n")
	}
	client.WriteString(`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}` + "\n")
	go func() {
		io.WriteString(s.Client, client.String())
		s.Client.Close()
	}()
	// The server reads everything, then calls the client, which never
	// answers.
	if got := <-readAll(s.ServerIn); string(got) != client.String() {
		t.Fatalf("the server got %d bytes, want %d", len(got), client.Len())
	}
	io.WriteString(s.Server, `{"jsonrpc":"2.0","method":"subtract","params":[1,1],"id":"s1"}`+"\n")
	s.Server.Close()
	lines := s.finish(t)
	<-toClient
	want := "client-to-server response-missing 70\nserver-to-client response-missing 71"
	if got := findingFields(lines, "direction", "code", "index"); got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
}

// TestLargeMessage: a 9 MiB call and its 9 MiB answer pass byte for byte
// and are validated.
func TestLargeMessage(t *testing.T) {
	for _, f := range []proxy.Framing{proxy.Lines, proxy.LSP} {
		t.Run(f.String(), func(t *testing.T) {
			s := start(t, calculator(t), proxy.Options{Framing: f})
			id := string(node.AppendJSON(nil, node.NewString(strings.Repeat("é", 9<<20/2))))
			call := frame(f, `{"jsonrpc":"2.0","method":"subtract","params":[42,"23"],"id":`+id+`}`)
			reply := frame(f, `{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params"},"id":`+id+`}`)
			toClient := readAll(s.FromServer)
			go func() {
				io.WriteString(s.Client, call)
				s.Client.Close()
			}()
			got, _ := io.ReadAll(io.LimitReader(s.ServerIn, int64(len(call))))
			io.WriteString(s.Server, reply)
			s.Server.Close()
			lines := s.finish(t)
			if string(got) != call {
				t.Errorf("the server got %d bytes, want the %d sent", len(got), len(call))
			}
			if c := <-toClient; !bytes.Equal(c, []byte(reply)) {
				t.Errorf("the client got %d bytes, want the %d sent", len(c), len(reply))
			}
			if keys := findingKeys(lines); strings.Join(keys, ",") != "0 error type /params/1" {
				t.Errorf("findings %v", keys)
			}
		})
	}
}

// TestSignalForwarded: a SIGTERM the proxy receives goes to the child,
// and the proxy's code is the child's (128 + 15).
func TestSignalForwarded(t *testing.T) {
	var log testkit.SyncBuffer
	p := proxy.New(calculator(t), proxy.Options{Log: &log})
	stdinR, stdinW := io.Pipe()
	defer stdinW.Close()
	cmd := exec.Command("sh", "-c", "echo ready; exec sleep 30")
	stdoutR, done := runCommand(p, cmd, stdinR)
	if line, err := bufio.NewReader(stdoutR).ReadString('\n'); err != nil || line != "ready\n" {
		t.Fatalf("the child said %q, %v", line, err)
	}
	go io.Copy(io.Discard, stdoutR)
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case r := <-done:
		if r.code != 128+int(syscall.SIGTERM) || r.err != nil {
			t.Errorf("exit %d, %v; want %d", r.code, r.err, 128+int(syscall.SIGTERM))
		}
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the child did not get the signal")
	}
}
