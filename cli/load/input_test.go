package load

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadAll: readAll reads what io.ReadAll of a LimitReader reads, from a
// regular file (one buffer of its size) and from a stream.
func TestReadAll(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		name string
		size int
		n    int64
	}{
		{"empty file", 0, 10},
		{"smaller than the limit", 1000, 5000},
		{"exactly the limit", 1000, 1000},
		{"one byte over the limit", 1001, 1000},
		{"far over the limit", 100_000, 4096},
	} {
		data := bytes.Repeat([]byte("0123456789"), tt.size/10+1)[:tt.size]
		want := data[:min(int64(len(data)), tt.n)]
		path := filepath.Join(dir, "f")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ReadAll(f, tt.n)
		f.Close()
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s, file: %d bytes, %v; want %d bytes", tt.name, len(got), err, len(want))
		}
		if tt.size > 0 && int64(tt.size) < tt.n && cap(got) != tt.size+1 {
			t.Errorf("%s, file: a buffer of %d bytes, want %d (the file's size and one)", tt.name, cap(got), tt.size+1)
		}
		got, err = ReadAll(io.MultiReader(strings.NewReader(string(data))), tt.n)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s, stream: %d bytes, %v; want %d bytes", tt.name, len(got), err, len(want))
		}
	}
}
