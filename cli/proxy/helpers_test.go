package proxy_test

import (
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/internal/testkit"
	"github.com/smithy-validation/go/cli/proxy"
	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// calculator prepares examples/calculator's service for JSON-RPC 2.0.
func calculator(t testing.TB) *rpc.PreparedService {
	return example(t, "calculator", "example#Calculator")
}

// example prepares the service id of the model in examples/dir (its
// .smithy files) for
// JSON-RPC 2.0, with the traits the smithy command loads.
func example(t testing.TB, dir, id string) *rpc.PreparedService {
	t.Helper()
	svc, err := prepareExample(dir, id)
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// prepareExample is example without a test: the session benchmark's proxy
// process prepares its service with it.
func prepareExample(dir, id string) (*rpc.PreparedService, error) {
	a := assembly.New()
	if err := rpc.AddTraits(a); err != nil {
		return nil, err
	}
	if err := sv.AddAlloyTraits(a); err != nil {
		return nil, err
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "examples", dir, "*.smithy"))
	if len(files) == 0 {
		return nil, fmt.Errorf("no model in examples/%s", dir)
	}
	for _, f := range files {
		if err := a.AddPath(f); err != nil {
			return nil, err
		}
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		return nil, fmt.Errorf("assemble: %v %v", err, res.Events)
	}
	return rpc.Prepare(res.Model, shapeid.MustParse(id), rpc.Version(rpc.V2_0))
}

// session is a proxy between in-process peers: the test writes the
// client's bytes to Client and reads what reaches the client from
// FromServer; the server side is ServerIn (what reaches the server) and
// Server (what the server sends).
type session struct {
	Client     *io.PipeWriter
	FromServer *io.PipeReader
	ServerIn   *io.PipeReader
	Server     *io.PipeWriter
	log        testkit.SyncBuffer
	record     testkit.SyncBuffer
	done       chan error
	p          *proxy.Proxy
}

func start(t testing.TB, svc *rpc.PreparedService, opts proxy.Options) *session {
	s := &session{done: make(chan error, 1)}
	clientIn, clientW := io.Pipe()
	toClientR, toClientW := io.Pipe()
	serverInR, serverInW := io.Pipe()
	serverOutR, serverOutW := io.Pipe()
	s.Client, s.FromServer, s.ServerIn, s.Server = clientW, toClientR, serverInR, serverOutW
	opts.Log, opts.Record = &s.log, &s.record
	s.p = proxy.New(svc, opts)
	go func() {
		err := s.p.Relay(clientIn, toClientW, serverInW, serverOutR)
		toClientW.Close()
		s.done <- err
	}()
	return s
}

// finish waits for the relay to end and returns the log's lines.
func (s *session) finish(t testing.TB) []map[string]any {
	t.Helper()
	if err := <-s.done; err != nil {
		t.Fatalf("relay: %v", err)
	}
	if _, _, err := s.p.Finish(); err != nil {
		t.Fatal(err)
	}
	var lines []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(s.log.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		lines = append(lines, m)
	}
	return lines
}

// readAll collects a pipe's bytes in the background.
func readAll(r io.Reader) <-chan []byte {
	c := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(r)
		c <- b
	}()
	return c
}

// cmdResult is how RunCommand ended.
type cmdResult struct {
	code int
	err  error
}

// runCommand runs cmd behind p with stdin as the client's side; it
// returns what reaches the client and, once the proxy is done, its result.
func runCommand(p *proxy.Proxy, cmd *exec.Cmd, stdin io.Reader) (*io.PipeReader, <-chan cmdResult) {
	stdoutR, stdoutW := io.Pipe()
	done := make(chan cmdResult, 1)
	go func() {
		code, err := p.RunCommand(cmd, stdin, stdoutW)
		stdoutW.Close()
		done <- cmdResult{code, err}
	}()
	return stdoutR, done
}
