package render

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestSpillLeavesNoFile: once a spill goes to a temporary file, the file
// has no name in the temporary directory (so that a signal that ends the
// process leaves nothing behind), and the bytes still read back whole.
func TestSpillLeavesNoFile(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("an open file cannot be unlinked on Windows; Close removes it")
	}
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	s := &Spill{Limit: 8}
	defer s.Close()
	want := strings.Repeat("0123456789", 100)
	io.WriteString(s, want)
	if s.file == nil {
		t.Fatal("the spill did not go to a file past its limit")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "smithy-spill-*")); len(left) != 0 {
		t.Errorf("temporary files named while the spill is open: %v", left)
	}
	r, err := s.Reader()
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r)
	if err != nil || string(got) != want {
		t.Errorf("read back %d bytes (err %v), want %d", len(got), err, len(want))
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	}
}
