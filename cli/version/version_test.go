package version

import (
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
	if string(m[1]) != Version {
		t.Errorf("Version = %s, versions.yaml says v%s", Version, m[1])
	}
}
