package proxy_test

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/internal/testkit"
	"github.com/smithy-validation/go/cli/proxy"
)

// TestServe: HTTP mode as the command runs it: a call and its answer
// pass through the server Serve runs; when the context ends Serve stops
// and returns the conversation's summary, which is also the log's last
// line.
func TestServe(t *testing.T) {
	var seen []string
	up := httptest.NewServer(calcHTTP(&seen))
	defer up.Close()
	u, _ := url.Parse(up.URL)
	var log testkit.SyncBuffer
	p := proxy.New(calculator(t), proxy.Options{Log: &log})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	type result struct {
		sum proxy.Summary
		err error
	}
	done := make(chan result, 1)
	go func() {
		sum, err := p.Serve(ctx, ln, u)
		done <- result{sum, err}
	}()
	for _, call := range []string{`{"jsonrpc":"2.0","method":"subtract","params":[3,1],"id":1}`, `{"jsonrpc":"2.0","method":"subtract","params":[3,"x"],"id":2}`} {
		resp, err := http.Post("http://"+ln.Addr().String()+"/rpc", "application/json", strings.NewReader(call))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	cancel()
	r := <-done
	if r.err != nil {
		t.Fatalf("Serve: %v", r.err)
	}
	if r.sum.Messages != 4 || r.sum.Valid || r.sum.Errors == 0 {
		t.Errorf("summary %+v, want 4 messages, invalid (a string subtrahend)", r.sum)
	}
	if len(seen) != 2 {
		t.Errorf("the upstream got %d requests, want 2", len(seen))
	}
	if lines := strings.Split(strings.TrimSpace(log.String()), "\n"); !strings.HasPrefix(lines[len(lines)-1], `{"summary":{"messages":4,`) {
		t.Errorf("the log's last line is not the summary: %q", lines[len(lines)-1])
	}
}

// TestCreateFiles: the log and record files are created (truncated) and
// closed by close; a file that cannot be created is an error naming its
// flag, and the other is not left open.
func TestCreateFiles(t *testing.T) {
	dir := t.TempDir()
	logPath := filepath.Join(dir, "log.jsonl")
	if err := os.WriteFile(logPath, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var o proxy.Options
	closeFiles, err := o.CreateFiles(logPath, "")
	if err != nil {
		t.Fatal(err)
	}
	if o.Log == nil || o.Record != nil {
		t.Errorf("Log %v, Record %v: want the log file only", o.Log, o.Record)
	}
	if _, err := o.Log.Write([]byte("new\n")); err != nil {
		t.Fatal(err)
	}
	closeFiles()
	if data, _ := os.ReadFile(logPath); string(data) != "new\n" {
		t.Errorf("log file %q, want it truncated then written", data)
	}
	var bad proxy.Options
	_, err = bad.CreateFiles(logPath, filepath.Join(dir, "missing", "record.jsonl"))
	if err == nil || !strings.HasPrefix(err.Error(), "--record: ") {
		t.Errorf("a record file in a missing folder: %v, want an error naming --record", err)
	}
}

// TestCreateFilesOneFile: --log and --record naming one file (the same
// path spelled twice, a hard link, a symbolic link, a dangling link the
// log's creation makes real) is refused before anything is truncated.
func TestCreateFilesOneFile(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(dir string) (log, record string)
	}{
		{"same path", func(dir string) (string, string) {
			p := filepath.Join(dir, "out.jsonl")
			return p, filepath.Join(dir, ".", "out.jsonl")
		}},
		{"hard link", func(dir string) (string, string) {
			p := filepath.Join(dir, "out.jsonl")
			q := filepath.Join(dir, "other.jsonl")
			if err := os.Link(p, q); err != nil {
				t.Skip("no hard links here:", err)
			}
			return p, q
		}},
		{"symbolic link", func(dir string) (string, string) {
			p := filepath.Join(dir, "out.jsonl")
			q := filepath.Join(dir, "link.jsonl")
			if err := os.Symlink(p, q); err != nil {
				t.Skip("no symbolic links here:", err)
			}
			return q, p
		}},
		{"dangling link", func(dir string) (string, string) {
			p := filepath.Join(dir, "new.jsonl")
			q := filepath.Join(dir, "link.jsonl")
			if err := os.Symlink(p, q); err != nil {
				t.Skip("no symbolic links here:", err)
			}
			return p, q
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			keep := filepath.Join(dir, "out.jsonl")
			if err := os.WriteFile(keep, []byte("keep\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			log, record := tc.setup(dir)
			var o proxy.Options
			closeFiles, err := o.CreateFiles(log, record)
			closeFiles()
			if err == nil || !strings.HasPrefix(err.Error(), "--record: ") || !strings.Contains(err.Error(), "--log file") {
				t.Fatalf("CreateFiles(%s, %s): %v, want an error saying --record is the --log file", log, record, err)
			}
			if o.Log != nil || o.Record != nil {
				t.Errorf("Log %v, Record %v after the error: want neither set", o.Log, o.Record)
			}
			if data, _ := os.ReadFile(keep); string(data) != "keep\n" {
				t.Errorf("%s now holds %q: refused flags must not truncate it", keep, data)
			}
		})
	}
}

// TestRunChild: the child's exit code comes back, the conversation is
// finished (the summary is the log's last line), and no command is an
// error, not a panic.
func TestRunChild(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	var log testkit.SyncBuffer
	p := proxy.New(calculator(t), proxy.Options{Log: &log})
	var stdout, stderr bytes.Buffer
	code, err := p.RunChild([]string{"sh", "-c", "echo starting >&2; exit 3"}, strings.NewReader(""), &stdout, &stderr)
	if code != 3 || err != nil {
		t.Errorf("exit 3: code %d, err %v", code, err)
	}
	if stderr.String() != "starting\n" {
		t.Errorf("the child's stderr: %q", stderr.String())
	}
	if !strings.HasPrefix(log.String(), `{"summary":{"messages":0,`) {
		t.Errorf("log %q, want the summary", log.String())
	}
	if _, err := proxy.New(calculator(t), proxy.Options{}).RunChild(nil, strings.NewReader(""), &stdout, &stderr); err == nil {
		t.Errorf("no command: no error")
	}
}
