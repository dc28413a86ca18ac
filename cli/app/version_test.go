package app

import (
	"github.com/smithy-validation/go/cli/run"

	"os"
	"regexp"
	"testing"
)

// TestVersionMatchesVersionsYAML keeps `smithy --version` equal to the
// version of the released module set.
func TestVersionMatchesVersionsYAML(t *testing.T) {
	data, err := os.ReadFile("../../versions.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s+version:\s+v(\S+)`).FindSubmatch(data)
	if m == nil {
		t.Fatal("versions.yaml has no module-set version")
	}
	if string(m[1]) != run.Version {
		t.Errorf("app.Version = %s, versions.yaml says v%s", run.Version, m[1])
	}
}
