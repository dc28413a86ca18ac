package app

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/internal/testkit"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/methods"
	"github.com/smithy-validation/go/cli/serve"
)

// The attacks of issue 21 on `smithy serve`, each performed against the
// server's methods: every test here fails on a server that reads what a
// request names (a file outside its root, a FIFO, the same large file a
// hundred times).

// hangGuard is how long a test waits for an answer before it calls the
// server stuck: not a timing assertion (a healthy server answers at once),
// only a bound on a test that would otherwise hang.
const hangGuard = 2 * time.Minute

// ask serves requests on one stdio connection and returns the responses,
// failing the test if the server does not answer within the hang guard.
func ask(t *testing.T, h serve.Handler, reqs ...string) []envelope {
	t.Helper()
	var out bytes.Buffer
	done := make(chan error, 1)
	go func() {
		done <- serve.Stdio(h, strings.NewReader(strings.Join(reqs, "\n")+"\n"), &out, io.Discard)
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(hangGuard):
		t.Fatalf("the server did not answer %d requests", len(reqs))
	}
	envs := parseLines(t, out.String())
	if len(envs) != len(reqs) {
		t.Fatalf("%d answers to %d requests:\n%s", len(envs), len(reqs), out.String())
	}
	return envs
}

func quote(s string) string { b, _ := json.Marshal(s); return string(b) }

// TestServeRoot: a request may read files only under the server's root.
// Each path that leads out (absolute, ../, a link to a file or a directory
// outside, a link inside a directory named) is refused with E041 naming
// the path and the root, and no answer quotes the secret outside; hidden
// files and files that are not models are refused too; the paths inside
// (relative, absolute under the root, a link that stays inside) work.
func TestServeRoot(t *testing.T) {
	root, outside := testkit.AttackTree(t, filepath.Join(calculator, "calculator.smithy"))
	t.Chdir(root) // relative paths are relative to the working directory
	h := newHandler(t, methods.HandlerOptions{Root: root})
	model := `{"path":"models/calculator.smithy"}`
	value := func(path string) string {
		return `{"id":1,"method":"validate-value","params":{"models":[` + model + `],"shape":"example#SubtractInput","value":{"path":` + quote(path) + `}}}`
	}
	models := func(path string) string {
		return `{"id":1,"method":"validate","params":{"models":[{"path":` + quote(path) + `}]}}`
	}
	transcript := func(path string) string {
		return `{"id":1,"method":"validate-rpc","params":{"models":[` + model + `],"service":"example#Calculator","version":"2.0","transcript":{"path":` + quote(path) + `}}}`
	}
	for _, tc := range []struct {
		name, req, code string
		mention         string // the message names this (the path)
	}{
		{"absolute value outside", value(filepath.Join(outside, "secret.json")), "E041", filepath.Join(outside, "secret.json")},
		{"dot-dot value", value("../outside/secret.json"), "E041", "../outside/secret.json"},
		{"dot-dot hidden in the middle", value("models/../../outside/secret.json"), "E041", "models/../../outside/secret.json"},
		{"link to a file outside", value("abs.json"), "E041", "abs.json"},
		{"through a directory link", value("out/secret.json"), "E041", "out/secret.json"},
		{"absolute model outside", models(filepath.Join(outside, "secret.smithy")), "E041", "secret.smithy"},
		{"system file", models("/etc/passwd"), "E041", "/etc/passwd"},
		{"model link outside", models("link.smithy"), "E041", "link.smithy"},
		{"directory link outside", models("out"), "E041", "out"},
		{"a directory holding a link outside", models("leaky"), "E041", "leaky"},
		{"transcript outside", transcript("../outside/secret.json"), "E041", "../outside/secret.json"},
		{"hidden file", value(".env"), "E041", ".env"},
		{"not a model file", models("notes.txt"), "E041", "notes.txt"},
		{"missing file inside", value("nope.json"), "E040", "nope.json"},
		{"relative inside", value("value.json"), "", ""},
		{"absolute inside", value(filepath.Join(root, "value.json")), "", ""},
		{"link inside", models("inside.smithy"), "", ""},
		{"directory inside", models("models"), "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := ask(t, h, tc.req)[0]
			line, _ := json.Marshal(e)
			if strings.Contains(string(line), "TOPSECRET") {
				t.Fatalf("the answer quotes the secret: %s", line)
			}
			if tc.code == "" {
				if !e.OK {
					t.Fatalf("want a result, got %s", line)
				}
				return
			}
			if e.OK || e.Error.Code != tc.code {
				t.Fatalf("want %s, got %s", tc.code, line)
			}
			if !strings.Contains(e.Error.Message, tc.mention) {
				t.Errorf("the message does not name %q: %s", tc.mention, e.Error.Message)
			}
			if tc.code == "E041" && tc.name != "hidden file" && tc.name != "not a model file" && !strings.Contains(e.Error.Message, root) {
				t.Errorf("the message does not name the root %s: %s", root, e.Error.Message)
			}
			if want := map[string]int{"E041": exitcode.Usage, "E040": exitcode.Input}[tc.code]; e.Error.Exit != want {
				t.Errorf("exit %d, want %d", e.Error.Exit, want)
			}
		})
	}
}

// TestServeNoPaths: with --no-paths every path is refused, inline text
// still works.
func TestServeNoPaths(t *testing.T) {
	root, _ := testkit.AttackTree(t, filepath.Join(calculator, "calculator.smithy"))
	t.Chdir(root)
	h := newHandler(t, methods.HandlerOptions{NoPaths: true})
	envs := ask(t, h,
		`{"id":1,"method":"validate","params":{"models":[{"path":"models/calculator.smithy"}]}}`,
		`{"id":2,"method":"validate-rpc","params":{"version":"2.0","message":{"path":"value.json"}}}`,
		`{"id":3,"method":"validate","params":{"models":[{"name":"m.smithy","text":"$version: \"2\"\nnamespace m\nstring S\n"}]}}`,
	)
	for i, e := range envs[:2] {
		if e.OK || e.Error.Code != "E041" || !strings.Contains(e.Error.Message, "--no-paths") {
			t.Errorf("request %d: want E041 naming --no-paths, got %+v", i+1, e)
		}
	}
	if !envs[2].OK {
		t.Errorf("an inline model was refused: %+v", envs[2].Error)
	}
}

// TestServeModelErrorsQuoteModelsOnly: a file that is not a model (by its
// name) is refused before it is parsed, so no parse error quotes its first
// token; a .json file that is not a Smithy AST is reported without its
// contents.
func TestServeModelErrorsQuoteModelsOnly(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "passwd"), []byte("TOPSECRET:x:0:0\n"), 0o644)
	os.WriteFile(filepath.Join(root, "config.json"), []byte(`{"token": "TOPSECRET"}`), 0o644)
	t.Chdir(root)
	h := newHandler(t, methods.HandlerOptions{Root: root})
	for _, path := range []string{"passwd", "config.json"} {
		e := ask(t, h, `{"id":1,"method":"ast","params":{"models":[{"path":`+quote(path)+`}]}}`)[0]
		if e.OK {
			t.Fatalf("%s: a result", path)
		}
		if strings.Contains(e.Error.Message, "TOPSECRET") {
			t.Errorf("%s: the error quotes the file: %s", path, e.Error.Message)
		}
	}
}

// TestServeFIFO: a FIFO named by a request (a model, a value, inside a
// model directory) is refused at once, and nothing stays blocked opening
// it: opening the FIFO for writing without blocking finds no reader.
func TestServeFIFO(t *testing.T) {
	root := t.TempDir()
	os.Mkdir(filepath.Join(root, "models"), 0o755)
	for _, p := range []string{"pipe.smithy", "pipe.json", "models/pipe.smithy"} {
		if err := syscall.Mkfifo(filepath.Join(root, p), 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
	}
	t.Chdir(root)
	h := newHandler(t, methods.HandlerOptions{Root: root})
	inline := `{"name":"m.smithy","text":"$version: \"2\"\nnamespace m\nstring S\n"}`
	reqs := []string{
		`{"id":1,"method":"validate","params":{"models":[{"path":"pipe.smithy"}]}}`,
		`{"id":2,"method":"validate-value","params":{"models":[` + inline + `],"shape":"m#S","value":{"path":"pipe.json"}}}`,
		`{"id":3,"method":"validate","params":{"models":[{"path":"models"}]}}`,
		`{"id":4,"method":"validate-rpc","params":{"version":"2.0","transcript":{"path":"pipe.json"}}}`,
	}
	// 150 abandoned requests pinned 150 threads; here each is answered.
	for range 50 {
		reqs = append(reqs, reqs[0])
	}
	for i, e := range ask(t, h, reqs...) {
		if e.OK || e.Error.Code != "E040" || !strings.Contains(e.Error.Message, "named pipe") {
			t.Fatalf("request %d: want E040 naming the FIFO, got %+v", i+1, e)
		}
	}
	for _, p := range []string{"pipe.smithy", "pipe.json", "models/pipe.smithy"} {
		fd, err := syscall.Open(filepath.Join(root, p), syscall.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err == nil {
			syscall.Close(fd)
			t.Errorf("%s has a reader: a request still holds it open", p)
		} else if !errors.Is(err, syscall.ENXIO) {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// TestServeAmplified: a 2 KB request naming one 16 MiB file 96 times is
// refused before a byte of it is read (E055); on a server that reads
// first it allocates 1.5 GB. Measured as bytes allocated during the
// request.
func TestServeAmplified(t *testing.T) {
	root := t.TempDir()
	big := filepath.Join(root, "big.smithy")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(16 << 20); err != nil { // sparse: no disk
		t.Fatal(err)
	}
	f.Close()
	t.Chdir(root)
	h := newHandler(t, methods.HandlerOptions{Root: root})
	srcs := strings.Repeat(`{"path":"big.smithy"},`, 96)
	req := `{"id":1,"method":"validate","params":{"models":[` + strings.TrimSuffix(srcs, ",") + `]}}`
	if len(req) > 2200 {
		t.Fatalf("the request is %d bytes", len(req))
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	e := ask(t, h, req)[0]
	runtime.ReadMemStats(&after)
	if e.OK || e.Error.Code != "E055" || e.Error.Exit != exitcode.Incomplete || !strings.Contains(e.Error.Message, "--max-request-bytes") {
		t.Fatalf("want E055 (exit 5) naming the bound, got %+v", e)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
		t.Errorf("the refused request allocated %d bytes; the file is 16 MiB", alloc)
	}

	// The number of sources is bounded too, a directory's files each
	// counting.
	dir := filepath.Join(root, "many")
	os.Mkdir(dir, 0o755)
	for i := range 11 {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("m%02d.smithy", i)), []byte("$version: \"2\"\nnamespace m\n"), 0o644)
	}
	h = newHandler(t, methods.HandlerOptions{Root: root, MaxSources: 10})
	e = ask(t, h, `{"id":1,"method":"validate","params":{"models":[{"path":"many"}]}}`)[0]
	if e.OK || e.Error.Code != "E055" || !strings.Contains(e.Error.Message, "--max-sources") {
		t.Fatalf("11 files with --max-sources 10: want E055, got %+v", e)
	}
	os.Remove(filepath.Join(dir, "m10.smithy"))
	if e = ask(t, h, `{"id":1,"method":"validate","params":{"models":[{"path":"many"}]}}`)[0]; !e.OK {
		t.Fatalf("10 files with --max-sources 10: %+v", e.Error)
	}
	// A directory is looked through for at most 64 entries a source: a
	// tree of other files (the root itself, a node_modules) is not walked
	// to its end.
	junk := filepath.Join(root, "junk")
	os.Mkdir(junk, 0o755)
	for i := range 700 {
		os.WriteFile(filepath.Join(junk, fmt.Sprintf("f%03d.txt", i)), nil, 0o644)
	}
	e = ask(t, h, `{"id":1,"method":"validate","params":{"models":[{"path":"junk"}]}}`)[0]
	if e.OK || e.Error.Code != "E055" || !strings.Contains(e.Error.Message, "entries") {
		t.Fatalf("700 entries with --max-sources 10 (640 to look through): want E055, got %+v", e)
	}
	// Inline text counts against the byte bound as files do.
	h = newHandler(t, methods.HandlerOptions{Root: root, MaxRequestBytes: 100})
	e = ask(t, h, `{"id":1,"method":"validate-rpc","params":{"version":"2.0","message":{"text":"`+strings.Repeat(" ", 101)+`"}}}`)[0]
	if e.OK || e.Error.Code != "E055" {
		t.Fatalf("101 inline bytes with a 100-byte bound: want E055, got %+v", e)
	}
}

// countdownCtx is a context whose Err turns Canceled after a number of
// calls: a client that goes away while its request is being worked on,
// at a point the test chooses, with no clock involved.
type countdownCtx struct {
	context.Context
	left  atomic.Int64
	calls atomic.Int64
}

func (c *countdownCtx) Err() error {
	c.calls.Add(1)
	if c.left.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// TestServeCancelled: when a request's client goes away its work stops at
// the next read: a transcript of 20 MB is not read to its end, the answer
// is E071, and a request cancelled before it starts assembles no model.
func TestServeCancelled(t *testing.T) {
	root := t.TempDir()
	line := `{"from":"client","message":{"jsonrpc":"2.0","method":"m","params":[1],"id":1}}` + "\n"
	tr := bytes.Repeat([]byte(line), (20<<20)/len(line))
	os.WriteFile(filepath.Join(root, "t.jsonl"), tr, 0o644)
	cache := load.NewCache(0, 0)
	t.Chdir(root)
	h := newHandler(t, methods.HandlerOptions{Root: root, Cache: cache})
	s := h.Open(false)
	ctx := &countdownCtx{Context: context.Background()}
	ctx.left.Store(20)
	_, _, err := s.Call(ctx, "validate-rpc", []byte(`{"version":"2.0","transcript":{"path":"t.jsonl"}}`))
	var se *serve.Error
	if !errors.As(err, &se) || se.Code != serve.CodeTimeout || !strings.Contains(se.Message, "cancelled") {
		t.Fatalf("want E071 (cancelled), got %v", err)
	}
	// Each read of the transcript asks the context once: 64 KiB reads of
	// 20 MB are 320; the work stopped after the twentieth question.
	if calls := ctx.calls.Load(); calls > 40 {
		t.Errorf("the context was asked %d times: the work went on after it ended", calls)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err = s.Call(done, "validate", []byte(`{"models":[{"name":"m.smithy","text":"$version: \"2\"\nnamespace m\nstring S\n"}]}`))
	if !errors.As(err, &se) || se.Code != serve.CodeTimeout {
		t.Fatalf("a request cancelled before it started: want E071, got %v", err)
	}
	if cache.Len() != 0 {
		t.Errorf("a cancelled request assembled %d models", cache.Len())
	}
}

// TestServeRootBelowWorkingDirectory: relative paths are the command's,
// relative to the working directory; the root, here a directory below it,
// still confines them.
func TestServeRootBelowWorkingDirectory(t *testing.T) {
	root, _ := testkit.AttackTree(t, filepath.Join(calculator, "calculator.smithy"))
	t.Chdir(filepath.Dir(root))
	h := newHandler(t, methods.HandlerOptions{Root: "root"})
	envs := ask(t, h,
		`{"id":1,"method":"validate","params":{"models":[{"path":"root/models/calculator.smithy"}]}}`,
		`{"id":2,"method":"validate","params":{"models":[{"path":"outside/secret.smithy"}]}}`,
	)
	if !envs[0].OK {
		t.Errorf("a file under the root: %+v", envs[0].Error)
	}
	if e := envs[1]; e.OK || e.Error.Code != "E041" || !strings.Contains(e.Error.Message, filepath.Join(filepath.Dir(root), "outside", "secret.smithy")) {
		t.Errorf("a file beside the root: want E041 naming the resolved path, got %+v", e)
	}
}
