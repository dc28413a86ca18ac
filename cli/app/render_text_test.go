package app

import (
	"bytes"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/exitcode"
)

// terminal is a buffer that says it is a terminal (render.IsTerminal).
type terminal struct{ bytes.Buffer }

func (*terminal) IsTerminal() bool { return true }

// TestTextColour: the text format is coloured on a terminal, never when
// NO_COLOR is set, and plain when stdout is not a terminal; the colours
// do not change the text.
func TestTextColour(t *testing.T) {
	model := filepath.Join("..", "..", "examples", "calculator", "calculator.smithy")
	check := func(onTerminal bool, noColor string) string {
		t.Setenv("NO_COLOR", noColor)
		var stdout interface {
			io.Writer
			String() string
		} = &bytes.Buffer{}
		if onTerminal {
			stdout = &terminal{}
		}
		var stderr bytes.Buffer
		code := Run([]string{"smithy", "validate-value", "--shape", "example#SubtractInput", model}, strings.NewReader(`{"minuend": "1", "subtrahend": 2}`), stdout, &stderr)
		if code != exitcode.Invalid {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		return stdout.String()
	}
	plain := check(false, "")
	coloured := check(true, "")
	if strings.Contains(plain, "\x1b[") {
		t.Errorf("not a terminal, but coloured: %q", plain)
	}
	// Errors and the verdict in bold red, as the text renderer paints them.
	const red, reset = "\x1b[1;31m", "\x1b[0m"
	if !strings.Contains(coloured, red+"error"+reset) || !strings.Contains(coloured, red+"invalid"+reset) {
		t.Errorf("a terminal, but not coloured: %q", coloured)
	}
	if got := check(true, "1"); got != plain {
		t.Errorf("NO_COLOR set on a terminal: %q, want the plain %q", got, plain)
	}
	// Without its escapes, the coloured text is the plain text.
	stripped := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(coloured, "")
	if stripped != plain {
		t.Errorf("coloured text, escapes removed:\n%s\nplain:\n%s", stripped, plain)
	}
}
