package isolation

import (
	"bytes"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"

	"github.com/smithy-validation/go/scripts/internal/repo"
)

// TestCatchesViolation proves that the checker catches a broken claim: in a
// copy of the working tree, smithyvalidate starts importing ion-go, and the
// json-value consumer must then fail, naming ion-go and the requirement path
// that brings it in. The real working tree is never touched.
func TestCatchesViolation(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a consumer module; skipped with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command in PATH")
	}
	root, err := repo.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	tree := t.TempDir()
	err = CopyTree(root, tree, func(rel string, d fs.DirEntry) bool {
		return d.IsDir() && (rel == ".git" || rel == "bin" || rel == ".cache")
	})
	if err != nil {
		t.Fatal(err)
	}

	lib := filepath.Join(tree, "smithyvalidate")
	pkg := packageName(t, lib)
	violation := "package " + pkg + "\n\n// Added by TestCatchesViolation in a copy of the tree.\nimport _ \"github.com/amazon-ion/ion-go/ion\"\n"
	if err := os.WriteFile(filepath.Join(lib, "zz_isolation_violation.go"), []byte(violation), 0o666); err != nil {
		t.Fatal(err)
	}
	addRequire(t, filepath.Join(lib, "go.mod"), "github.com/amazon-ion/ion-go", "v1.5.0")

	var log bytes.Buffer
	results, err := Run(Options{Root: tree, Only: []string{"consumers/json-value"}, Log: &log})
	if err == nil {
		t.Fatalf("Run passed with smithyvalidate importing ion-go; log:\n%s", log.String())
	}
	if len(results) != 1 || len(results[0].Problems) == 0 {
		t.Fatalf("Run failed without a consumer problem: %v\nlog:\n%s", err, log.String())
	}
	if testing.Verbose() {
		t.Logf("checker output:\n%s", log.String())
	}
	for _, want := range []string{
		"consumers/json-value: FAIL",
		"module github.com/amazon-ion/ion-go v1.5.0",
		"contract violation: third-party module",
		"brought in by: consumers/json-value -> smithyvalidate@v0.1.0 -> github.com/amazon-ion/ion-go@v1.5.0",
	} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q; log:\n%s", want, log.String())
		}
	}
}

func packageName(t *testing.T, dir string) string {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, m := range matches {
		if strings.HasSuffix(m, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), m, nil, parser.PackageClauseOnly)
		if err == nil {
			return f.Name.Name
		}
	}
	t.Fatalf("no Go file in %s", dir)
	return ""
}

func addRequire(t *testing.T, goMod, path, version string) {
	t.Helper()
	data, err := os.ReadFile(goMod)
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse(goMod, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.AddRequire(path, version); err != nil {
		t.Fatal(err)
	}
	out, err := f.Format()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(goMod, out, 0o666); err != nil {
		t.Fatal(err)
	}
}
