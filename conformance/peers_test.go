package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRealPeers runs a session with each real peer through `smithy proxy`,
// each peer driven by its own official client library as a host or an
// editor drives it: the four reference MCP servers (everything,
// filesystem, memory, sequential-thinking) by the MCP TypeScript SDK's
// Client over StdioClientTransport, which launches the proxy with the
// server after its `--` (--framing lines), against examples/mcp; and
// typescript-language-server and pyright by vscode-languageserver-protocol
// over the proxy (--framing lsp), against examples/lsp, in a session of
// some 100 messages (cancelled calls, file operations, refactorings). The
// Node drivers are testdata/peers/*.cjs; the npm packages, each pinned, come from
// scripts/install-peers.sh into $SMITHY_PEERS.
//
// Each session must work (the driver checks every answer and prints one
// "ok STEP" line per step; every step listed here must be there) and the
// proxy's log must hold no finding at all, of any severity: these are
// correct peers, so every finding is a false one. The recorded transcript,
// validated as complete by `smithy validate-rpc`, must be valid with no
// finding either (every call answered). Without the peers or node the
// test skips, unless SMITHY_REQUIRE_PEERS=1 (scripts/test.sh sets it
// after installing them), when it fails instead.
func TestRealPeers(t *testing.T) {
	if testing.Short() && os.Getenv("SMITHY_REQUIRE_PEERS") != "1" {
		t.Skip("starts real MCP and language servers; not in -short mode")
	}
	peers := peersDir(t)
	node, err := exec.LookPath("node")
	if err != nil {
		requirePeers(t, "node is not installed (scripts/install-peers.sh installs it with apt)")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	bin := buildSmithy(t, root)
	bindir := filepath.Join(peers, "node_modules", ".bin")
	mcp := filepath.Join(root, "examples", "mcp", "mcp.smithy")
	lsp := filepath.Join(root, "examples", "lsp", "lsp.smithy")

	for _, tc := range []struct {
		name    string
		driver  string   // testdata/peers/<driver>
		service string   // the service in model
		model   string   // the model file
		framing string   // --framing
		server  []string // the server's command; "WORKDIR" is the session's scratch directory
		steps   []string // the driver's steps that must be done
		min     int      // at least this many messages in the session
		enforce bool     // --enforce: every call must still be forwarded
	}{
		{
			name: "mcp everything", driver: "mcp-client.cjs", service: "io.modelcontextprotocol#Mcp", model: mcp, framing: "lines",
			server: []string{filepath.Join(bindir, "mcp-server-everything"), "stdio"},
			steps: []string{"initialize", "ping", "logging/setLevel", "tools/list", "tools/call echo", "tools/call get-sum",
				"tools/call get-tiny-image", "tools/call get-annotated-message", "tools/call get-structured-content",
				"tools/call get-resource-links", "tools/call get-resource-reference", "tools/call get-env",
				"tools/call trigger-long-running-operation", "sampling/createMessage", "elicitation/create", "roots/list",
				"notifications/message", "prompts/list", "prompts/get simple-prompt", "prompts/get args-prompt",
				"prompts/get resource-prompt", "completion/complete", "resources/list", "resources/templates/list",
				"resources/read static", "resources/read blob", "resources/subscribe and unsubscribe"},
			min: 50,
		},
		{
			name: "mcp filesystem", driver: "mcp-client.cjs", service: "io.modelcontextprotocol#Mcp", model: mcp, framing: "lines",
			server: []string{filepath.Join(bindir, "mcp-server-filesystem"), "WORKDIR"},
			steps: []string{"tools/list", "roots/list", "tools/call write_file", "tools/call read_text_file", "tools/call edit_file",
				"tools/call create_directory", "tools/call move_file", "tools/call list_directory",
				"tools/call list_directory_with_sizes", "tools/call directory_tree", "tools/call search_files",
				"tools/call get_file_info", "tools/call read_multiple_files", "tools/call read_media_file"},
			min: 30,
		},
		{
			name: "mcp memory", driver: "mcp-client.cjs", service: "io.modelcontextprotocol#Mcp", model: mcp, framing: "lines",
			server: []string{filepath.Join(bindir, "mcp-server-memory")},
			steps: []string{"tools/list", "tools/call create_entities", "tools/call create_relations", "tools/call add_observations",
				"tools/call search_nodes", "tools/call open_nodes", "tools/call read_graph", "resources/list", "resources/read",
				"tools/call delete_*"},
			min: 25,
		},
		{
			name: "mcp sequential-thinking", driver: "mcp-client.cjs", service: "io.modelcontextprotocol#Mcp", model: mcp, framing: "lines",
			server: []string{filepath.Join(bindir, "mcp-server-sequential-thinking")},
			steps: []string{"tools/list", "tools/call sequentialthinking 1", "tools/call sequentialthinking 2",
				"tools/call sequentialthinking 3", "tools/call sequentialthinking revision"},
			min: 13,
		},
		{
			name: "lsp typescript", driver: "lsp-client.cjs", service: "org.lsp#LanguageServer", model: lsp, framing: "lsp",
			server: []string{filepath.Join(bindir, "typescript-language-server"), "--stdio"},
			steps: []string{"initialize", "publishDiagnostics", "hover", "completion", "documentSymbol", "definition",
				"references", "workspaceSymbol", "editor requests", "longer session", "didChange", "shutdown", "exit"},
			min: 60,
		},
		{
			name: "lsp pyright", driver: "lsp-client.cjs", service: "org.lsp#LanguageServer", model: lsp, framing: "lsp",
			server: []string{filepath.Join(bindir, "pyright-langserver"), "--stdio"},
			steps: []string{"initialize", "publishDiagnostics", "hover", "completion", "documentSymbol", "definition",
				"references", "workspaceSymbol", "editor requests", "longer session", "didChange", "shutdown", "exit"},
			min: 60,
		},
		// Under --enforce the proxy answers a call it finds invalid itself
		// and forwards only the valid ones: with the imported model every
		// call an editor sends must reach the server (issue 26: the
		// hand-written model answered textDocument/documentSymbol with
		// -32601), so each step works and nothing is refused or dropped.
		{
			name: "lsp typescript enforced", driver: "lsp-client.cjs", service: "org.lsp#LanguageServer", model: lsp, framing: "lsp",
			server: []string{filepath.Join(bindir, "typescript-language-server"), "--stdio"},
			steps: []string{"initialize", "publishDiagnostics", "hover", "completion", "documentSymbol", "definition",
				"references", "workspaceSymbol", "editor requests", "longer session", "didChange", "shutdown", "exit"},
			min: 60, enforce: true,
		},
		{
			name: "lsp pyright enforced", driver: "lsp-client.cjs", service: "org.lsp#LanguageServer", model: lsp, framing: "lsp",
			server: []string{filepath.Join(bindir, "pyright-langserver"), "--stdio"},
			steps: []string{"initialize", "publishDiagnostics", "hover", "completion", "documentSymbol", "definition",
				"references", "workspaceSymbol", "editor requests", "longer session", "didChange", "shutdown", "exit"},
			min: 60, enforce: true,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			scenario := strings.Fields(tc.name)[1]
			work, out := t.TempDir(), t.TempDir()
			if scenario == "filesystem" {
				if err := os.WriteFile(filepath.Join(work, "image.png"), tinyPNG, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			logFile, recFile := filepath.Join(out, "proxy.log"), filepath.Join(out, "session.jsonl")
			args := []string{filepath.Join(root, "conformance", "testdata", "peers", tc.driver), peers, scenario, work, "--",
				bin, "proxy", "--service", tc.service, "--framing", tc.framing, "--log", logFile, "--record", recFile}
			if tc.enforce {
				args = append(args, "--enforce")
			}
			args = append(args, tc.model, "--")
			for _, a := range tc.server {
				args = append(args, strings.ReplaceAll(a, "WORKDIR", work))
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, args...)
			cmd.Dir = work
			cmd.Env = append(os.Environ(), "MEMORY_FILE_PATH="+filepath.Join(out, "memory.jsonl"))
			endGroupOnCancel(cmd)
			var output bytes.Buffer
			cmd.Stdout, cmd.Stderr = &output, &output
			err := cmd.Run()
			if err != nil || !strings.Contains(output.String(), "done "+scenario) {
				t.Fatalf("the session failed: %v\n%s", err, output.String())
			}
			for _, s := range tc.steps {
				if !strings.Contains(output.String(), "\nok "+s+": ") && !strings.HasPrefix(output.String(), "ok "+s+": ") {
					t.Errorf("step %q was not done:\n%s", s, output.String())
				}
			}

			findings, summary := readProxyLog(t, logFile)
			if len(findings) > 0 {
				t.Errorf("the proxy logged %d findings on a session with a correct peer (each is a false finding):\n%s\nsession:\n%s",
					len(findings), strings.Join(findings, "\n"), excerpt(t, recFile, findings))
			}
			if summary.Messages < tc.min || summary.Findings != 0 || summary.Framing != 0 || !summary.Complete ||
				summary.Refused != 0 || summary.Dropped != 0 {
				t.Errorf("proxy summary %+v: want at least %d messages, no finding, no framing fault, nothing refused or dropped, complete", summary, tc.min)
			}

			// The recording, checked as a whole conversation: every call answered.
			check := exec.Command(bin, "validate-rpc", "--service", tc.service, "--transcript", recFile, "--complete", "--format", "json", tc.model)
			res, err := check.Output()
			var doc struct {
				Valid    bool              `json:"valid"`
				Findings []json.RawMessage `json:"findings"`
				Messages []json.RawMessage `json:"messages"`
			}
			if jerr := json.Unmarshal(res, &doc); jerr != nil || err != nil || !doc.Valid || len(doc.Findings) != 0 || len(doc.Messages) != summary.Messages {
				t.Errorf("validate-rpc --transcript --complete of the recording (%d messages, %d in the proxy's summary): %v %v; valid %v, findings:\n%s",
					len(doc.Messages), summary.Messages, err, jerr, doc.Valid, findingLines(doc.Findings))
			}
			t.Logf("%s: %d messages through the proxy, %d findings", tc.name, summary.Messages, summary.Findings)
			for _, l := range strings.Split(output.String(), "\n") {
				if strings.HasPrefix(l, "calls ") {
					t.Logf("%s: the editor's %s", tc.name, l)
				}
			}
		})
	}
}

// proxySummary is the last line of the proxy's log.
type proxySummary struct {
	Messages int  `json:"messages"`
	Findings int  `json:"findings"`
	Framing  int  `json:"framing"`
	Refused  int  `json:"refused"`
	Dropped  int  `json:"dropped"`
	Complete bool `json:"complete"`
}

// readProxyLog returns the log's findings, one line each (direction,
// severity, code, message index, path, shape, message), and its summary.
func readProxyLog(t *testing.T, file string) ([]string, proxySummary) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("the proxy's log: %v", err)
	}
	var findings []string
	var sum *proxySummary
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var l struct {
			Summary   *proxySummary `json:"summary"`
			Direction string        `json:"direction"`
			Severity  string        `json:"severity"`
			Code      string        `json:"code"`
			Index     *int          `json:"index"`
			Offset    *int64        `json:"offset"`
			Path      string        `json:"path"`
			Shape     string        `json:"shape"`
			Message   string        `json:"message"`
		}
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("proxy log line %q: %v", line, err)
		}
		switch {
		case l.Summary != nil:
			sum = l.Summary
		case l.Index != nil:
			findings = append(findings, fmt.Sprintf("  [%d] %s %s %s %s (%s): %s", *l.Index, l.Direction, l.Severity, l.Code, l.Path, l.Shape, l.Message))
		default:
			findings = append(findings, "  "+line) // a framing fault (offset) or anything else: all are findings here
		}
	}
	if sum == nil {
		t.Fatalf("the proxy's log has no summary line:\n%s", b)
	}
	return findings, *sum
}

// excerpt returns the recorded messages that the findings name, each cut
// to 600 bytes, so that a failure shows what the peer sent.
func excerpt(t *testing.T, recFile string, findings []string) string {
	b, err := os.ReadFile(recFile)
	if err != nil {
		return fmt.Sprintf("(no recording: %v)", err)
	}
	lines := strings.Split(string(b), "\n")
	var out []string
	seen := map[int]bool{}
	for _, f := range findings {
		var i int
		if _, err := fmt.Sscanf(strings.TrimSpace(f), "[%d]", &i); err != nil || seen[i] || i >= len(lines) {
			continue
		}
		seen[i] = true
		l := lines[i]
		if len(l) > 600 {
			l = l[:600] + "..."
		}
		out = append(out, fmt.Sprintf("  %d: %s", i, l))
	}
	return strings.Join(out, "\n")
}

// peersDir returns the directory scripts/install-peers.sh installed the
// pinned npm packages into ($SMITHY_PEERS, default
// ~/.cache/smithy-validation/peers), or skips (fails under
// SMITHY_REQUIRE_PEERS=1) when they are not all there.
func peersDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SMITHY_PEERS")
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".cache", "smithy-validation", "peers")
	}
	want, err := os.ReadFile(filepath.Join("..", "scripts", "peers", "package-lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "package-lock.json"))
	for _, b := range []string{"mcp-server-everything", "mcp-server-filesystem", "mcp-server-memory",
		"mcp-server-sequential-thinking", "typescript-language-server", "pyright-langserver"} {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", ".bin", b)); err != nil {
			requirePeers(t, fmt.Sprintf("%s is not installed in %s", b, dir))
		}
	}
	if !bytes.Equal(got, want) {
		requirePeers(t, fmt.Sprintf("the peers in %s are not the ones scripts/peers/package-lock.json pins", dir))
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

func requirePeers(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("SMITHY_REQUIRE_PEERS") == "1" {
		t.Fatalf("%s, although SMITHY_REQUIRE_PEERS=1 (scripts/install-peers.sh installs them)", why)
	}
	t.Skipf("%s (scripts/install-peers.sh installs them; scripts/test.sh requires them)", why)
}

// tinyPNG is a 1x1 PNG for the filesystem server's read_media_file.
var tinyPNG = []byte{
	0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
	0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
	0xde, 0x00, 0x00, 0x00, 0x0c, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0xf8, 0xcf, 0xc0, 0x00,
	0x00, 0x03, 0x01, 0x01, 0x00, 0xf7, 0x03, 0x41, 0x43, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e,
	0x44, 0xae, 0x42, 0x60, 0x82,
}

func findingLines(fs []json.RawMessage) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("  ")
		b.Write(f)
		b.WriteByte('\n')
	}
	return b.String()
}
