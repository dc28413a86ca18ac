//go:build linux

package app

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/exitcode"
)

// TestTranscriptFromAPipe: a transcript named on the command line may be
// a pipe, `--transcript <(gen)` (/dev/fd/63) or a named pipe: it can be
// read once only. Every format gives what it gives for the same
// transcript in a regular file. Until 2026-12-03 the formats that read
// the transcript a second time (the text format's source lines, the HTML
// page) opened it again: a named pipe blocked that open for ever (the
// command hung after its first pass), and /dev/fd/N read nothing, so the
// text format lost its source lines and the page failed with "cannot
// write the report of /dev/fd/N: EOF" (exit 4).
func TestTranscriptFromAPipe(t *testing.T) {
	calc := filepath.Join("..", "..", "examples", "calculator", "calculator.smithy")
	const transcript = `{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[42,"x"],"id":1}}
{"from":"server","message":{"jsonrpc":"2.0","result":19,"id":1}}
{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[1,2],"id":2}}
`
	dir := t.TempDir()
	regular := filepath.Join(dir, "t.jsonl")
	if err := os.WriteFile(regular, []byte(transcript), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(name string, format string) (int, string, string) {
		var out, errb bytes.Buffer
		code := Run([]string{"smithy", "validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--transcript", name,
			"--format", format, calc}, strings.NewReader(""), &out, &errb)
		return code, out.String(), errb.String()
	}
	// Each kind of pipe returns its name and a writer to start.
	kinds := []struct {
		name string
		make func(t *testing.T, n int) (string, func())
	}{
		{"named pipe", func(t *testing.T, n int) (string, func()) {
			p := filepath.Join(dir, fmt.Sprintf("fifo%d", n))
			if err := syscall.Mkfifo(p, 0o600); err != nil {
				t.Fatal(err)
			}
			return p, func() {
				f, err := os.OpenFile(p, os.O_WRONLY, 0)
				if err != nil {
					return
				}
				f.WriteString(transcript)
				f.Close()
			}
		}},
		{"/dev/fd/N", func(t *testing.T, n int) (string, func()) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { r.Close() })
			return fmt.Sprintf("/dev/fd/%d", r.Fd()), func() {
				w.WriteString(transcript)
				w.Close()
			}
		}},
	}
	n := 0
	for _, format := range []string{"text", "json", "sarif", "github", "html"} {
		wantCode, want, _ := run(regular, format)
		if wantCode != exitcode.Invalid {
			t.Fatalf("%s: the regular file gives exit %d", format, wantCode)
		}
		for _, kind := range kinds {
			n++
			name, write := kind.make(t, n)
			go write()
			type result struct {
				code      int
				out, errs string
			}
			done := make(chan result, 1)
			go func() {
				code, out, errs := run(name, format)
				done <- result{code, out, errs}
			}()
			var res result
			select {
			case res = <-done:
			case <-time.After(60 * time.Second):
				// unblock a reader stuck in open(2) so the test can end
				if f, err := os.OpenFile(name, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
					f.Close()
				}
				t.Fatalf("%s, %s: no answer in 60 s: the command waits for the pipe again", kind.name, format)
			}
			got := strings.ReplaceAll(res.out, name, regular)
			if res.code != wantCode || got != want {
				t.Errorf("%s, %s: exit %d (want %d), stderr %q; stdout differs from the regular file's:\n%s\nwant\n%s", kind.name, format, res.code, wantCode, res.errs, got, want)
			}
		}
	}
}
