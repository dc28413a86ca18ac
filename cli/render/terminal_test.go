package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestIsTerminal: a character device that is no terminal (/dev/null) is
// not one, nor is a file or a pipe; a writer says for itself (the
// terminal itself: TestIsTerminalPTY, Linux).
func TestIsTerminal(t *testing.T) {
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer devnull.Close()
	file, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for _, tc := range []struct {
		name string
		w    any
		want bool
	}{
		{"the null device", devnull, false},
		{"a file", file, false},
		{"a pipe", w, false},
		{"a writer that says yes", sayTerminal(true), true},
		{"a writer that says no", sayTerminal(false), false},
		{"another writer", new(strings.Builder), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsTerminal(tc.w); got != tc.want {
				t.Errorf("IsTerminal = %v, want %v", got, tc.want)
			}
		})
	}
}

type sayTerminal bool

func (s sayTerminal) IsTerminal() bool          { return bool(s) }
func (sayTerminal) Write(p []byte) (int, error) { return len(p), nil }
