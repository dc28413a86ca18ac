package proxy_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/internal/testkit"
	"github.com/smithy-validation/go/cli/proxy"
	"github.com/smithy-validation/go/rpc"
)

// peerPath finds a real peer: the path in env, else found by find; with
// SMITHY_REQUIRE_PEERS=1 (scripts/test.sh, after installing them) a
// missing one fails the test instead of skipping it.
func peerPath(t testing.TB, env, install string, find func() string) string {
	t.Helper()
	p := os.Getenv(env)
	if p == "" {
		p = find()
	}
	if p != "" {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if os.Getenv("SMITHY_REQUIRE_PEERS") == "1" {
		t.Fatalf("%s: not installed although SMITHY_REQUIRE_PEERS=1 (%s installs it)", env, install)
	}
	t.Skipf("not installed (%s installs it; scripts/test.sh requires it)", install)
	return ""
}

func mcpEverything(t testing.TB) string {
	return peerPath(t, "SMITHY_MCP_EVERYTHING", "scripts/install-mcp-everything.sh", func() string {
		home, _ := os.UserHomeDir()
		return filepath.Join(home, ".cache", "smithy-validation", "peers", "node_modules", ".bin", "mcp-server-everything")
	})
}

func gopls(t *testing.T) string {
	return peerPath(t, "SMITHY_GOPLS", "scripts/install-gopls.sh", func() string {
		out, err := exec.Command("go", "env", "GOPATH").Output()
		if err != nil {
			return ""
		}
		p := filepath.Join(strings.TrimSpace(string(out)), "bin", "gopls")
		if v, err := exec.Command(p, "version").Output(); err != nil || !strings.Contains(string(v), "gopls v0.23.0") {
			return ""
		}
		return p
	})
}

// client is a scripted client speaking to a proxy that runs a child
// server: it sends messages, answers the server's calls, and collects the
// answers to its own calls by id.
type client struct {
	t       *testing.T
	f       proxy.Framing
	in      *io.PipeWriter
	mu      sync.Mutex
	answers map[string][]byte
	arrived chan struct{}
	wrote   sync.Mutex
}

// run starts cmd behind a proxy for svc; it returns the client, and a
// function that ends the session (closing the client's side), waits for
// the child and returns the log's lines and the recorded transcript.
func run(t *testing.T, svc *rpc.PreparedService, opts proxy.Options, cmd *exec.Cmd) (*client, func() ([]map[string]any, string)) {
	t.Helper()
	var log, record testkit.SyncBuffer
	opts.Log, opts.Record = &log, &record
	p := proxy.New(svc, opts)
	stdinR, stdinW := io.Pipe()
	var stderr testkit.SyncBuffer
	cmd.Stderr = &stderr
	c := &client{t: t, f: opts.Framing, in: stdinW, answers: map[string][]byte{}, arrived: make(chan struct{}, 1)}
	stdoutR, done := runCommand(p, cmd, stdinR)
	go c.read(stdoutR)
	return c, func() ([]map[string]any, string) {
		stdinW.Close()
		select {
		case r := <-done:
			if r.err != nil {
				t.Errorf("proxy: %v (exit %d); stderr:\n%s", r.err, r.code, stderr.String())
			}
		case <-time.After(time.Minute):
			cmd.Process.Kill()
			t.Fatalf("the server did not end; stderr:\n%s", stderr.String())
		}
		if _, _, err := p.Finish(); err != nil {
			t.Fatal(err)
		}
		var lines []map[string]any
		for _, l := range strings.Split(strings.TrimSpace(log.String()), "\n") {
			var m map[string]any
			if err := json.Unmarshal([]byte(l), &m); err != nil {
				t.Fatalf("log line %q: %v", l, err)
			}
			lines = append(lines, m)
		}
		return lines, record.String()
	}
}

func (c *client) send(msg string) {
	c.wrote.Lock()
	defer c.wrote.Unlock()
	if _, err := c.in.Write(proxy.AppendFrame(nil, c.f, []byte(msg))); err != nil {
		c.t.Errorf("sending %s: %v", msg, err)
	}
}

func (c *client) read(r io.Reader) {
	fr := proxy.NewReader(r, c.f, 64<<20)
	for {
		f, err := fr.Read()
		if err != nil {
			return
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		if f.Body == nil || json.Unmarshal(f.Body, &m) != nil {
			continue
		}
		switch {
		case m.Method != "" && m.ID != nil:
			go c.answer(m.ID, m.Method, m.Params)
		case m.Method == "" && m.ID != nil:
			c.mu.Lock()
			c.answers[string(m.ID)] = bytes.Clone(f.Body)
			c.mu.Unlock()
			select {
			case c.arrived <- struct{}{}:
			default:
			}
		}
	}
}

// answer replies to a call of the server.
func (c *client) answer(id json.RawMessage, method string, params json.RawMessage) {
	result := "null"
	switch method {
	case "workspace/configuration":
		var p struct {
			Items []json.RawMessage `json:"items"`
		}
		json.Unmarshal(params, &p)
		result = "[" + strings.TrimSuffix(strings.Repeat("{},", len(p.Items)), ",") + "]"
	case "roots/list":
		result = `{"roots":[]}`
	}
	c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, id, result))
}

// await returns the answer to the call with id (as written).
func (c *client) await(id string) []byte {
	c.t.Helper()
	deadline := time.After(time.Minute)
	for {
		c.mu.Lock()
		b, ok := c.answers[id]
		c.mu.Unlock()
		if ok {
			return b
		}
		select {
		case <-c.arrived:
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			c.t.Fatalf("no answer to the call with id %s", id)
		}
	}
}

// loudFindings lists the log's findings of severity error or warning as
// "direction code path", and checks that the transcript validates, as
// complete, to the same findings.
func loudFindings(t *testing.T, svc *rpc.PreparedService, lines []map[string]any, transcript string) []string {
	t.Helper()
	var out []string
	for _, l := range lines {
		if l["code"] != nil && l["severity"] != "advisory" {
			out = append(out, fmt.Sprintf("%v %v %v", l["direction"], l["code"], l["path"]))
		}
	}
	res, err := svc.ValidateTranscript(strings.NewReader(transcript), true)
	if err != nil {
		t.Fatal(err)
	}
	var fromTranscript []string
	for _, f := range res.Findings {
		i, _ := f.Path.Document()
		fromTranscript = append(fromTranscript, fmt.Sprintf("%d %s %s %s", i, f.Severity, f.Code, f.Path.String()))
	}
	if a, b := strings.Join(findingKeys(lines), "\n"), strings.Join(fromTranscript, "\n"); a != b {
		t.Errorf("the log's findings\n%s\nthe recorded transcript's\n%s", a, b)
	}
	return out
}

func severityCount(lines []map[string]any, severity string) int {
	n := 0
	for _, l := range lines {
		if l["severity"] == severity && l["offset"] == nil {
			n++
		}
	}
	return n
}

// TestMCPEverything drives the reference MCP server of the npm registry
// through the proxy with a scripted session, against examples/mcp: a
// clean session logs no finding; a call whose argument has the wrong type
// logs exactly that finding, with its path; with Enforce the client gets
// -32602 with the call's id.
func TestMCPEverything(t *testing.T) {
	bin := mcpEverything(t)
	svc := example(t, "mcp", "io.modelcontextprotocol#Mcp")
	session := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"smithy proxy test","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"message":"hi"}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"prompts/list"}`,
		`{"jsonrpc":"2.0","id":5,"method":"resources/list"}`,
		`{"jsonrpc":"2.0","id":6,"method":"prompts/get","params":{"name":"simple-prompt"}}`,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get-sum","arguments":{"a":1,"b":2}}}`,
	}
	const bad = `{"jsonrpc":"2.0","id":"bad","method":"tools/call","params":{"name":42,"arguments":{"message":"hi"}}}`
	for _, tc := range []struct {
		name    string
		bad     bool
		enforce bool
		want    []string
	}{
		{name: "clean"},
		{name: "wrong type", bad: true, want: []string{"client-to-server type /params/name"}},
		{name: "wrong type enforced", bad: true, enforce: true, want: []string{"client-to-server type /params/name"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, end := run(t, svc, proxy.Options{Framing: proxy.Lines, Enforce: tc.enforce}, exec.Command(bin, "stdio"))
			msgs := session
			if tc.bad {
				msgs = append(append([]string{}, session[:4]...), append([]string{bad}, session[4:]...)...)
			}
			for i, m := range msgs {
				c.send(m)
				if i == 0 {
					c.await("1")
				}
			}
			for id := 1; id <= 7; id++ {
				c.await(fmt.Sprint(id))
			}
			var answer []byte
			if tc.bad {
				answer = c.await(`"bad"`)
			}
			lines, transcript := end()
			got := loudFindings(t, svc, lines, transcript)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("findings:\n%s\nwant:\n%s\ntranscript:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"), transcript)
			}
			if !tc.bad && severityCount(lines, "advisory") != 0 {
				t.Errorf("advisories in a clean session: %v", lines)
			}
			if tc.enforce {
				var e struct {
					ID    string `json:"id"`
					Error struct {
						Code int `json:"code"`
						Data struct {
							Findings []map[string]any `json:"findings"`
						} `json:"data"`
					} `json:"error"`
				}
				if err := json.Unmarshal(answer, &e); err != nil || e.ID != "bad" || e.Error.Code != -32602 ||
					len(e.Error.Data.Findings) != 1 || e.Error.Data.Findings[0]["path"] != "/params/name" {
					t.Errorf("the client got %s, want -32602 for id \"bad\" naming /params/name", answer)
				}
			}
			t.Logf("%d log lines, summary %v", len(lines), lines[len(lines)-1]["summary"])
		})
	}
}

// TestGopls drives gopls v0.23.0 through the proxy in lsp framing
// (initialize, initialized, didOpen, hover, workspace/symbol, shutdown,
// exit) against examples/lsp: no finding of any severity, and the recorded
// transcript validates to the same findings; under Enforce every call is
// forwarded (gopls answers the hover, nothing is refused).
func TestGopls(t *testing.T) {
	bin := gopls(t)
	svc := example(t, "lsp", "org.lsp#LanguageServer")
	for _, enforce := range []bool{false, true} {
		t.Run(map[bool]string{false: "observe", true: "enforce"}[enforce], func(t *testing.T) {
			goplsSession(t, bin, svc, enforce)
		})
	}
}

func goplsSession(t *testing.T, bin string, svc *rpc.PreparedService, enforce bool) {
	dir := t.TempDir()
	src := "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hello\")\n}\n"
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/hello\n\ngo 1.22\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644)
	dirURI := (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}).String()
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }

	cmd := exec.Command(bin)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTELEMETRY=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod", "GOPROXY=off")
	c, end := run(t, svc, proxy.Options{Framing: proxy.LSP, Enforce: enforce}, cmd)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"clientInfo":{"name":"smithy proxy test"},"rootUri":` + q(dirURI) +
		`,"workspaceFolders":[{"uri":` + q(dirURI) + `,"name":"hello"}],"capabilities":{"textDocument":{"hover":{"contentFormat":["markdown","plaintext"]}},"workspace":{"configuration":true}}}}`)
	if init := c.await("1"); !bytes.Contains(init, []byte(`"hoverProvider"`)) {
		t.Errorf("initialize: %s", init)
	}
	c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	c.send(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":` + q(dirURI+"/main.go") + `,"languageId":"go","version":1,"text":` + q(src) + `}}}`)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":` + q(dirURI+"/main.go") + `},"position":{"line":5,"character":6}}}`)
	if hover := c.await("2"); !bytes.Contains(hover, []byte("Println")) {
		t.Errorf("hover: %s", hover)
	}
	// gopls answers workspace/symbol with SymbolInformation[]: each is
	// also a WorkspaceSymbol, and the import keeps only WorkspaceSymbol[]
	// (no untagged-ambiguous advisory).
	c.send(`{"jsonrpc":"2.0","id":3,"method":"workspace/symbol","params":{"query":"main"}}`)
	if sym := c.await("3"); !bytes.Contains(sym, []byte(`"name":"main"`)) || !bytes.Contains(sym, []byte(`"range"`)) {
		t.Errorf("workspace/symbol: %s", sym)
	}
	c.send(`{"jsonrpc":"2.0","id":4,"method":"shutdown"}`)
	c.await("4")
	time.Sleep(300 * time.Millisecond) // what gopls says after shutdown is part of the session
	c.send(`{"jsonrpc":"2.0","method":"exit"}`)
	lines, transcript := end()
	if got := loudFindings(t, svc, lines, transcript); len(got) != 0 || severityCount(lines, "advisory") != 0 {
		t.Errorf("findings: %v, advisories: %d\ntranscript:\n%s", got, severityCount(lines, "advisory"), transcript)
	}
	var framing []any
	for _, l := range lines {
		if l["offset"] != nil {
			framing = append(framing, l)
		}
	}
	if len(framing) != 0 {
		t.Errorf("framing problems: %v", framing)
	}
	sum := lines[len(lines)-1]["summary"].(map[string]any)
	if sum["messages"].(float64) < 8 || sum["refused"].(float64) != 0 || sum["dropped"].(float64) != 0 {
		t.Errorf("summary %v: too few messages, or some refused or dropped", sum)
	}
	t.Logf("gopls through the proxy: %v", sum)
}
