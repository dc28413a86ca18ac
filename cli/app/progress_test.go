package app

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/internal/testkit"
)

// TestProgress: --progress draws the progress line (never on stdout, which
// stays the same bytes), and without it nothing is drawn when stderr is
// not a terminal; --no-progress with --progress is a usage error.
func TestProgress(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 300_000; i++ {
		fmt.Fprintf(&b, `{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[%d,"x"],"id":%d}}`+"\n", i, i)
	}
	transcript := b.String()
	model := filepath.Join("..", "..", "examples", "calculator", "calculator.smithy")
	// check returns stdout, stderr and the exit code; the progress line
	// is on stderr (a buffer, which is no terminal).
	check := func(extra ...string) (string, string, int) {
		var stdout bytes.Buffer
		stderr := &testkit.SyncBuffer{}
		args := append([]string{"smithy", "validate-rpc", "--service", "example#Calculator", "--version", "2.0",
			"--transcript", "-", "--max-findings", "3"}, extra...)
		code := Run(append(args, model), strings.NewReader(transcript), &stdout, stderr)
		return stdout.String(), stderr.String(), code
	}
	plain, plainErr, code := check()
	if code != exitcode.Invalid || plainErr != "" {
		t.Fatalf("without progress: exit %d, stderr %q", code, plainErr)
	}
	out, meter, code := check("--progress")
	if code != exitcode.Invalid || out != plain {
		t.Errorf("with --progress: exit %d, and stdout differs:\n%s\nwant\n%s", code, out, plain)
	}
	if !strings.Contains(meter, "\r\x1b[K<stdin>: ") || !strings.Contains(meter, " messages, ") || !strings.Contains(meter, " findings") ||
		!strings.HasSuffix(meter, "\r\x1b[K") {
		t.Errorf("progress line: %q", meter)
	}
	// With --format json rpc writes the output; the line counts findings
	// all the same.
	if _, meter, code := check("--progress", "--format", "json"); code != exitcode.Invalid || !strings.Contains(meter, " findings") {
		t.Errorf("--format json: exit %d, progress line %q", code, meter)
	}
	if _, stderr, code := check("--progress", "--no-progress"); code != exitcode.Usage || !strings.Contains(stderr, "exclude each other") {
		t.Errorf("--progress --no-progress: exit %d, stderr %q", code, stderr)
	}
}
