package conformance

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smithy-validation/go/rpc"
)

// TestLSPTranscripts: the LSP transcripts of examples/lsp/transcripts raise
// no finding.
func TestLSPTranscripts(t *testing.T) {
	s := exampleService(t, "lsp", "org.lsp#LanguageServer")
	for _, rel := range transcriptFiles(t, "lsp") {
		r := validateTranscriptFile(t, s, rel, !strings.HasSuffix(rel, ".open.jsonl"))
		if len(r.Findings) > 0 || !r.Valid || !r.Complete {
			var got []string
			for _, f := range r.Findings {
				got = append(got, findingText(f))
			}
			t.Errorf("%s: valid=%v complete=%v findings %q", rel, r.Valid, r.Complete, got)
			for _, f := range r.Findings {
				t.Logf("  %s", f)
			}
		}
	}
}

// TestLSPVariants: invalid LSP traffic, each caught as expected.
func TestLSPVariants(t *testing.T) {
	s := exampleService(t, "lsp", "org.lsp#LanguageServer")
	runExampleCases(t, s, "lsp", []exampleCase{
		// $/cancelRequest has @cancels(response: "required"): the
		// cancelled request must still be answered.
		{file: "invalid/cancelled-unanswered.jsonl", complete: true,
			want: []string{`response-missing [2]""`}},
		{file: "valid/cancelled-answered.jsonl", complete: true},
		// "$/" methods are implementation dependent
		// (@jsonRpc(optionalMethodPrefixes: ["$/"])): unmodelled ones, and
		// their answers (MethodNotFound, or a result), are no finding.
		{file: "valid/implementation-dependent.jsonl", complete: true},
		// A call of a method LSP does not define (clangd's extensions
		// textDocument/switchSourceHeader and textDocument/ast: not "$/",
		// so not implementation dependent) is one finding, however it is
		// answered (a result, or -32601).
		{file: "invalid/unmodelled-call.jsonl", complete: true,
			want:     []string{"method-not-found [0]/method", "method-not-found [2]/method"},
			rpcError: map[int]int{0: rpc.MethodNotFound, 2: rpc.MethodNotFound}},
		{file: "invalid/initialized-with-id.jsonl",
			want:     []string{"notification-with-id [0]/id"},
			rpcError: map[int]int{0: rpc.InvalidRequest}},
		{file: "invalid/hover-without-id.jsonl",
			want:     []string{`call-without-id [0]""`},
			rpcError: map[int]int{0: rpc.InvalidRequest}},
		{file: "invalid/diagnostics-from-client.jsonl",
			want:     []string{"method-wrong-peer [0]/method"},
			rpcError: map[int]int{0: rpc.MethodNotFound}},
		{file: "invalid/hover-negative-line.jsonl",
			want:     []string{"range [0]/params/position/line"},
			rpcError: map[int]int{0: rpc.InvalidParams}},
		{file: "invalid/did-open-without-text.jsonl",
			want:     []string{"required [0]/params/textDocument"},
			rpcError: map[int]int{0: rpc.InvalidParams}},
		// MessageType is a closed enumeration (1 to 5): an intEnum.
		{file: "invalid/show-message-type.jsonl",
			want:     []string{"enum [0]/params/type"},
			rpcError: map[int]int{0: rpc.InvalidParams}},
		{file: "invalid/undeclared-code.jsonl", complete: true,
			want: []string{"error-code-undeclared [1]/error/code"}},
	})
}

// goplsPath finds gopls: $SMITHY_GOPLS, then $(go env GOPATH)/bin, then
// PATH. With SMITHY_REQUIRE_GOPLS=1 (scripts/test.sh, after
// scripts/install-gopls.sh) a missing gopls fails the test instead of
// skipping it.
func goplsPath(t *testing.T) string {
	t.Helper()
	cands := []string{os.Getenv("SMITHY_GOPLS")}
	if out, err := exec.Command("go", "env", "GOPATH").Output(); err == nil {
		for _, p := range filepath.SplitList(strings.TrimSpace(string(out))) {
			cands = append(cands, filepath.Join(p, "bin", "gopls"))
		}
	}
	if p, err := exec.LookPath("gopls"); err == nil {
		cands = append(cands, p)
	}
	for _, c := range cands {
		if c == "" {
			continue
		}
		out, err := exec.Command(c, "version").Output()
		if err == nil && strings.Contains(string(out), "golang.org/x/tools/gopls v0.23.0") {
			return c
		}
	}
	if os.Getenv("SMITHY_REQUIRE_GOPLS") == "1" {
		t.Fatalf("gopls v0.23.0 not found (SMITHY_GOPLS=%q, GOPATH/bin, PATH) although SMITHY_REQUIRE_GOPLS=1: run scripts/install-gopls.sh", os.Getenv("SMITHY_GOPLS"))
	}
	t.Skip("gopls v0.23.0 not installed (scripts/install-gopls.sh installs it; scripts/test.sh requires it)")
	return ""
}

// lspConn speaks LSP's base protocol (Content-Length framing) with a child
// process and records every message as a transcript line.
type lspConn struct {
	t      *testing.T
	w      io.Writer
	in     chan []byte
	mu     sync.Mutex
	record bytes.Buffer
}

func (c *lspConn) log(from string, msg []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(&c.record, `{"from":%q,"message":%s}`+"\n", from, msg)
}

func (c *lspConn) send(v any) {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.log("client", b)
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(b), b); err != nil {
		c.t.Fatalf("write to gopls: %v", err)
	}
}

// errTruncated: the output ended inside a frame.
var errTruncated = errors.New("truncated frame")

// readFrames reads Content-Length frames until EOF.
func readFrames(r io.Reader, out chan<- []byte, errs chan<- error) {
	defer close(out)
	br := bufio.NewReader(r)
	for {
		n := -1
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				if err != io.EOF {
					errs <- err
				}
				return
			}
			line = strings.TrimRight(line, "\r\n")
			if line == "" {
				break
			}
			if k, v, ok := strings.Cut(line, ":"); ok && strings.EqualFold(strings.TrimSpace(k), "Content-Length") {
				n, _ = strconv.Atoi(strings.TrimSpace(v))
			}
		}
		if n < 0 || n > 64<<20 {
			errs <- fmt.Errorf("frame without a usable Content-Length (%d)", n)
			return
		}
		body := make([]byte, n)
		if k, err := io.ReadFull(br, body); err != nil {
			errs <- fmt.Errorf("%w: a frame of %d bytes ends after %d: %v", errTruncated, n, k, err)
			return
		}
		out <- body
	}
}

// lspMessage is what the client needs to know of a message from gopls.
type lspMessage struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  json.RawMessage `json:"error"`
}

// receive records a message of the server and answers it when it is a
// request (as a client would).
func (c *lspConn) receive(b []byte) lspMessage {
	c.t.Helper()
	c.log("server", b)
	var m lspMessage
	if err := json.Unmarshal(b, &m); err != nil {
		c.t.Fatalf("gopls sent a message that is not JSON: %v: %s", err, b)
	}
	if m.Method != "" && m.ID != nil {
		c.answer(m.ID, m.Method, m.Params)
	}
	return m
}

// await reads messages until the response to id arrives.
func (c *lspConn) await(id int, deadline time.Time) json.RawMessage {
	c.t.Helper()
	for {
		select {
		case b, ok := <-c.in:
			if !ok {
				c.t.Fatalf("gopls closed its output while the response to %d was awaited", id)
			}
			m := c.receive(b)
			if m.Method == "" && string(m.ID) == strconv.Itoa(id) {
				if m.Error != nil {
					c.t.Fatalf("gopls answered %d with an error: %s", id, m.Error)
				}
				return m.Result
			}
		case <-time.After(time.Until(deadline)):
			c.t.Fatalf("no response to %d from gopls in time", id)
		}
	}
}

// drain reads messages until the server is quiet for the given time.
func (c *lspConn) drain(quiet time.Duration) {
	c.t.Helper()
	for {
		select {
		case b, ok := <-c.in:
			if !ok {
				return
			}
			c.receive(b)
		case <-time.After(quiet):
			return
		}
	}
}

// answer replies to a request of the server.
func (c *lspConn) answer(id json.RawMessage, method string, params json.RawMessage) {
	var result any
	switch method {
	case "workspace/configuration":
		var p struct {
			Items []json.RawMessage `json:"items"`
		}
		_ = json.Unmarshal(params, &p)
		settings := make([]any, len(p.Items))
		for i := range settings {
			settings[i] = map[string]any{}
		}
		result = settings
	default: // client/registerCapability, window/workDoneProgress/create
		result = nil
	}
	c.send(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

// TestLSPGoplsSession starts gopls v0.23.0, speaks LSP with it
// (initialize, initialized, didOpen of a small Go file, hover,
// workspace/symbol, shutdown, exit), records the conversation as a
// transcript and validates it against examples/lsp: no finding of any
// severity, every call answered.
func TestLSPGoplsSession(t *testing.T) {
	if testing.Short() && os.Getenv("SMITHY_REQUIRE_GOPLS") != "1" {
		t.Skip("starts gopls; not in -short mode")
	}
	gopls := goplsPath(t)
	s := exampleService(t, "lsp", "org.lsp#LanguageServer")

	dir := t.TempDir()
	src := "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hello\")\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/hello\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	dirURI := (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}).String()
	fileURI := dirURI + "/main.go"

	cmd := exec.Command(gopls)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTELEMETRY=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod", "GOPROXY=off")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	defer func() {
		select {
		case <-done:
		default:
			_ = cmd.Process.Kill()
			<-done
		}
	}()

	in := make(chan []byte, 64)
	errs := make(chan error, 1)
	go readFrames(stdout, in, errs)
	c := &lspConn{t: t, w: stdin, in: in}
	deadline := time.Now().Add(2 * time.Minute)

	c.send(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{
		"processId":        os.Getpid(),
		"clientInfo":       map[string]any{"name": "smithy-validation conformance", "version": "1"},
		"rootUri":          dirURI,
		"workspaceFolders": []any{map[string]any{"uri": dirURI, "name": "hello"}},
		"capabilities": map[string]any{
			"textDocument": map[string]any{"hover": map[string]any{"contentFormat": []string{"markdown", "plaintext"}}},
			"workspace":    map[string]any{"configuration": true},
		},
	}})
	init := c.await(1, deadline)
	if !bytes.Contains(init, []byte(`"hoverProvider"`)) {
		t.Errorf("the initialize result has no hoverProvider: %s", init)
	}
	c.send(map[string]any{"jsonrpc": "2.0", "method": "initialized", "params": map[string]any{}})
	c.send(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{
		"textDocument": map[string]any{"uri": fileURI, "languageId": "go", "version": 1, "text": src},
	}})
	// Hover over Println (line 5, character 6).
	c.send(map[string]any{"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": map[string]any{
		"textDocument": map[string]any{"uri": fileURI},
		"position":     map[string]any{"line": 5, "character": 6},
	}})
	hover := c.await(2, deadline)
	if !bytes.Contains(hover, []byte("Println")) {
		t.Errorf("the hover result does not describe Println: %s", hover)
	}
	// workspace/symbol: gopls answers SymbolInformation[], each of which
	// is also a WorkspaceSymbol (the import keeps only WorkspaceSymbol[],
	// so no untagged-ambiguous advisory).
	c.send(map[string]any{"jsonrpc": "2.0", "id": 3, "method": "workspace/symbol", "params": map[string]any{"query": "main"}})
	if sym := c.await(3, deadline); !bytes.Contains(sym, []byte(`"name":"main"`)) {
		t.Errorf("the workspace/symbol result has no symbol main: %s", sym)
	}
	c.send(map[string]any{"jsonrpc": "2.0", "id": 4, "method": "shutdown"})
	c.await(4, deadline)
	// What gopls still has to say after shutdown (diagnostics, logs) is
	// read before exit, until it is quiet for half a second.
	c.drain(500 * time.Millisecond)
	c.send(map[string]any{"jsonrpc": "2.0", "method": "exit"})
	_ = stdin.Close()
	// Whatever gopls still says before it exits is part of the session.
	for b := range in {
		c.log("server", b)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		done <- err
	case <-time.After(30 * time.Second):
		t.Errorf("gopls did not exit after exit")
	}
	select {
	case err := <-errs:
		// gopls exits on exit at once: a message it was writing then
		// may be cut off. That is after the conversation ended; anything
		// else is a failure.
		if errors.Is(err, errTruncated) {
			t.Logf("gopls's output after exit: %v", err)
		} else {
			t.Errorf("reading gopls: %v", err)
		}
	default:
	}

	transcript := c.record.String()
	r, err := s.ValidateTranscript(strings.NewReader(transcript), true)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Findings) > 0 || !r.Valid || !r.Complete {
		var got []string
		for _, f := range r.Findings {
			got = append(got, findingText(f))
		}
		t.Errorf("the gopls session: valid=%v complete=%v findings %q", r.Valid, r.Complete, got)
		for _, f := range r.Findings {
			t.Logf("  %s", f)
		}
		t.Logf("transcript:\n%s\ngopls stderr:\n%s", transcript, stderr.String())
	}
	lines := strings.Count(transcript, "\n")
	if lines < 8 {
		t.Errorf("only %d messages recorded", lines)
	}
	if out := os.Getenv("SMITHY_GOPLS_RECORD"); out != "" {
		if err := os.WriteFile(out, []byte(transcript), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("gopls session: %d messages validated", lines)
}
