package conformance

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestPublishedRegressions runs testdata/published: minimal models that
// reproduce what `smithy validate` got wrong on models published by others
// (testdata/published/README.md), compared with their .errors files as
// TestErrorfiles compares the corpus. There is no list of expected
// failures: every file passes.
func TestPublishedRegressions(t *testing.T) {
	files := errorfileModels(t, filepath.Join("testdata", "published"))
	if len(files) == 0 {
		t.Fatal("testdata/published holds no model with a .errors file")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ext := filepath.Ext(path)
			expected, err := readExpected(strings.TrimSuffix(path, ext) + ".errors")
			if err != nil {
				t.Fatal(err)
			}
			if res := compareErrorfile(expected, runErrorfile(path, needsLegacyStaging(expected))); !res.ok() {
				t.Errorf("%s:\n%s", path, res)
			}
		})
	}
}
