//go:build unix

package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/exitcode"
)

// TestConfigSourcesReadOnlyRegularFiles: `smithy validate`, `ast` and
// `select` with no MODEL read the sources and imports of the
// smithy-build.json beside them, which comes with the repository. As
// `smithy build` does, they read such a path only when it is a regular
// file or a directory: a named pipe, /dev/stdin, /dev/zero or "-" is an
// input error (exit 4) naming it, at once. Until 2026-12-03 a named pipe
// there kept the command waiting for ever, /dev/zero was read to the
// 64 MiB bound, and /dev/stdin or "-" read standard input as the model.
func TestConfigSourcesReadOnlyRegularFiles(t *testing.T) {
	calc, err := os.ReadFile(filepath.Join("..", "..", "examples", "calculator", "calculator.smithy"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, key, path, want string
	}{
		{"a named pipe in sources", "sources", "pipe.smithy", "pipe.smithy: not a regular file (a named pipe)"},
		{"a named pipe in imports", "imports", "pipe.smithy", "pipe.smithy: not a regular file (a named pipe)"},
		{"/dev/zero", "sources", "/dev/zero", "/dev/zero: not a regular file"},
		{"/dev/stdin", "imports", "/dev/stdin", "/dev/stdin: not a regular file"},
		{"-", "sources", "-", "cannot read -: no such file or directory"},
	} {
		for _, cmd := range [][]string{{"validate"}, {"ast"}, {"select", "--selector", "structure"}} {
			dir := t.TempDir()
			t.Chdir(dir)
			if err := os.WriteFile("calc.smithy", calc, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo("pipe.smithy", 0o644); err != nil {
				t.Fatal(err)
			}
			cfg := `{"version": "1.0", "sources": ["calc.smithy"], "` + tc.key + `": ["` + tc.path + `"]}`
			if tc.key == "sources" {
				cfg = `{"version": "1.0", "sources": ["calc.smithy", "` + tc.path + `"]}`
			}
			if err := os.WriteFile("smithy-build.json", []byte(cfg), 0o644); err != nil {
				t.Fatal(err)
			}
			type result struct {
				code           int
				stdout, stderr string
			}
			done := make(chan result, 1)
			go func() {
				var out, errb bytes.Buffer
				code := Run(append([]string{"smithy"}, cmd...), strings.NewReader("$version: \"2\"\nnamespace from.stdin\nstring S\n"), &out, &errb)
				done <- result{code, out.String(), errb.String()}
			}()
			var res result
			select {
			case res = <-done:
			case <-time.After(60 * time.Second):
				if f, err := os.OpenFile("pipe.smithy", os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
					f.Close()
				}
				<-done
				t.Errorf("%s, %s: still waiting after 60 s", tc.name, cmd[0])
				continue
			}
			if res.code != exitcode.Input || !strings.Contains(res.stderr, tc.want) {
				t.Errorf("%s, %s: exit %d (want %d), stderr %q (want %q)", tc.name, cmd[0], res.code, exitcode.Input, res.stderr, tc.want)
			}
			if strings.Contains(res.stdout, "from.stdin") {
				t.Errorf("%s, %s: standard input was read as a model", tc.name, cmd[0])
			}
		}
	}
}
