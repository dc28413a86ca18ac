package app

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Two runs of smithy build produce byte-identical output trees.
func TestBuildTreesIdentical(t *testing.T) {
	dir := t.TempDir()
	calc, err := os.ReadFile("../../examples/calculator/calculator.smithy")
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "model"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "model", "calculator.smithy"), calc, 0o644))
	must(os.WriteFile(filepath.Join(dir, "smithy-build.json"), []byte(`{
  "version": "1.0",
  "sources": ["model"],
  "plugins": {"openrpc": {"service": "example#Calculator"}},
  "projections": {"a": {}, "b": {"plugins": {"x::openrpc": {"service": "example#Calculator", "naming": "jsonName"}}}}
}`), 0o644))
	tree := func(out string) map[string][]byte {
		var stdout, stderr bytes.Buffer
		if code := Run([]string{"smithy", "build", "--config", filepath.Join(dir, "smithy-build.json"), "--output", out}, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		files := map[string][]byte{}
		must(filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(out, p)
			files[rel], err = os.ReadFile(p)
			return err
		}))
		return files
	}
	one, two := tree(filepath.Join(dir, "one")), tree(filepath.Join(dir, "two"))
	if len(one) != 4 {
		t.Fatalf("%d files: %v", len(one), one)
	}
	for name, data := range one {
		if !bytes.Equal(data, two[name]) {
			t.Errorf("%s differs between runs", name)
		}
	}
	if len(two) != len(one) {
		t.Errorf("second run: %d files, first %d", len(two), len(one))
	}
	// A third run into the first directory replaces its files alike.
	if three := tree(filepath.Join(dir, "one")); len(three) != len(one) {
		t.Errorf("rebuild: %d files", len(three))
	}
}
