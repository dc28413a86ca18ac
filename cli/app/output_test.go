package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/smithy-validation/go/cli/exitcode"
)

// fullWriter is a standard output that takes nothing: every write fails
// as a write to a full disk (/dev/full) does.
type fullWriter struct{ writes int }

func (w *fullWriter) Write(p []byte) (int, error) {
	w.writes++
	return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
}

// TestOutputWriteFailure runs every command that prints a result on a
// standard output that refuses every byte. The output is lost, so no
// command may say valid (0) or invalid (1) as if it had been written, nor
// call the failure a usage error (2): each exits 4 and says once on
// stderr that the output could not be written. Until 2026-12-03
// `validate --format json`, `validate-rpc --format json`, `repair`,
// `analyze`, `--help` and `--version` exited 0 or 1 without a word, and
// the others called it a usage error (exit 2).
func TestOutputWriteFailure(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	calc := filepath.Join(root, "examples/calculator/calculator.smithy")
	call := filepath.Join(root, "examples/calculator/call.json")
	bad := filepath.Join(root, "examples/calculator/bad-call.json")
	reply := filepath.Join(root, "examples/calculator/reply.json")
	dir := t.TempDir()
	value := filepath.Join(dir, "v.json")
	transcript := filepath.Join(dir, "t.jsonl")
	schema := filepath.Join(dir, "s.json")
	for name, text := range map[string]string{
		value:      `{"minuend": 1, "subtrahend": "2"}`,
		transcript: `{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[42,"x"],"id":1}}` + "\n",
		schema:     `{"type": "object", "properties": {"a": {"type": "string"}}}`,
	} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rpc := []string{"validate-rpc", "--service", "example#Calculator", "--version", "2.0"}
	tests := []struct {
		name string
		args []string
	}{
		{"ast", []string{"ast", calc}},
		{"validate text", []string{"validate", calc}},
		{"validate json", []string{"validate", "--format", "json", calc}},
		{"validate sarif", []string{"validate", "--format", "sarif", calc}},
		{"validate github", []string{"validate", "--format", "github", calc}},
		{"select", []string{"select", "--selector", "structure", calc}},
		{"openrpc", []string{"openrpc", calc}},
		{"validate-value text", []string{"validate-value", "--shape", "example#SubtractInput", "--value", value, calc}},
		{"validate-value json", []string{"validate-value", "--shape", "example#SubtractInput", "--value", value, "--format", "json", calc}},
		{"validate-rpc message text", append(append([]string{}, rpc...), "--message", bad, calc)},
		{"validate-rpc message json", append(append([]string{}, rpc...), "--message", bad, "--format", "json", calc)},
		{"validate-rpc message valid json", append(append([]string{}, rpc...), "--message", call, "--format", "json", calc)},
		{"validate-rpc pair sarif", append(append([]string{}, rpc...), "--request", call, "--response", reply, "--format", "sarif", calc)},
		{"validate-rpc transcript json", append(append([]string{}, rpc...), "--transcript", transcript, "--format", "json", calc)},
		{"validate-rpc transcript html", append(append([]string{}, rpc...), "--transcript", transcript, "--format", "html", calc)},
		{"import jsonschema", []string{"import", "jsonschema", schema}},
		{"repair", []string{"repair", call}},
		{"repair json", []string{"repair", "--format", "json", call}},
		{"analyze", []string{"analyze", call}},
		{"readiness", []string{"readiness", call}},
		{"validate-text", []string{"validate-text", call}},
		{"watch", []string{"watch", call}},
		{"completion", []string{"completion", "bash"}},
		{"help", []string{"--help"}},
		{"version", []string{"--version"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout fullWriter
			var stderr bytes.Buffer
			code := Run(append([]string{"smithy"}, tc.args...), strings.NewReader(""), &stdout, &stderr)
			if stdout.writes == 0 {
				t.Fatalf("%s: nothing was written to stdout, so the test attacks nothing", tc.name)
			}
			if code != exitcode.Input {
				t.Errorf("%s: exit %d, want %d (the output could not be written); stderr:\n%s", tc.name, code, exitcode.Input, stderr.String())
			}
			const want = "smithy: cannot write the output: no space left on device\n"
			if got := stderr.String(); strings.Count(got, want) != 1 || strings.Count(got, "no space left") != 1 {
				t.Errorf("%s: stderr does not say once that the output could not be written:\n%s", tc.name, got)
			}
		})
	}
}
