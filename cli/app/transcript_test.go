package app

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/internal/testkit"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/run"
)

// TestTranscriptSpoolFailure: with no room for the transcript's temporary
// file, validate-rpc exits 4 with a message that says so, and nothing
// half-written on stdout: JSON has its error document, text nothing (the
// spool itself: run's TestTranscriptSpool).
func TestTranscriptSpoolFailure(t *testing.T) {
	modelPath := filepath.Join("..", "..", "examples/calculator/calculator.smithy")
	transcript := testkit.CalculatorTranscript(60)
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	for _, format := range []string{"json", "text"} {
		var stdout, stderr bytes.Buffer
		e := &env{Env: &run.Env{Reader: load.Reader{Stdin: strings.NewReader(transcript)}, Stdout: &stdout, Stderr: &stderr, SpoolLimit: 64}}
		code := e.run([]string{"smithy", "validate-rpc", "--service", "example#Calculator", "--version", "2.0",
			"--transcript", "-", "--format", format, modelPath})
		if code != exitcode.Input || !strings.Contains(stderr.String(), "cannot keep") {
			t.Errorf("%s: spool failure: exit %d, stderr %q", format, code, stderr.String())
		}
		// JSON says so in its error document, text on stderr only.
		if doc := stdout.String(); (format == "text" && doc != "") || (format == "json" && !strings.HasPrefix(doc, `{"valid":false,"error":{"code":"input"`)) {
			t.Errorf("%s: spool failure: stdout %q", format, doc)
		}
	}
}
