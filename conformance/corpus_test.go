package conformance

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
)

// corpusPath returns ../shared/corpus/<sub> relative to the repository root,
// skipping the test when the corpus is not there.
func corpusPath(t *testing.T, sub string) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "corpus", sub)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus not found at %s (it lives in ../shared/corpus beside the repository): %v", dir, err)
	}
	return dir
}

// assembleFiles loads the files and fails the test on any error or ERROR
// event.
func assembleFiles(t *testing.T, files ...string) *model.Model {
	t.Helper()
	a := assembly.New()
	for _, f := range files {
		if err := a.AddPath(f); err != nil {
			t.Fatalf("load %s: %v", f, err)
		}
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatalf("assemble %v: %v", files, err)
	}
	for _, e := range res.Events {
		if e.Severity == model.ErrorSeverity {
			t.Fatalf("assemble %v: %s", files, e)
		}
	}
	return res.Model
}
