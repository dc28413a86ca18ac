//go:build unix

package assembly

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestAddPathRefusesFoundNonRegular: a named pipe with no writer named
// like a model file in a directory (a cloned repository may hold one) is
// an *InputError naming it, not an open that blocks forever; ModelFiles
// lists it in lexical order all the same.
func TestAddPathRefusesFoundNonRegular(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.smithy"), []byte("$version: \"2\"\nnamespace a\nstring A\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "b.smithy")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	err := New().AddPath(dir)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Path != fifo || !strings.Contains(err.Error(), "not a regular file (a named pipe)") {
		t.Fatalf("AddPath(%s) = %v, want an InputError for %s, a named pipe", dir, err, fifo)
	}
	files, err := ModelFiles(dir)
	if err != nil || len(files) != 2 || files[0] != filepath.Join(dir, "a.smithy") || files[1] != fifo {
		t.Errorf("ModelFiles = %v, %v: want a.smithy then b.smithy", files, err)
	}
}
