package versions

import (
	"strings"
	"testing"
)

const good = `# comment
module-sets:
  smithy-validation:   # trailing comment
    version: v0.1.0
    modules:
      - github.com/smithy-validation/go/core
      - "github.com/smithy-validation/go/rpc"
  other:
    modules:
      - example.com/x/v2
    version: v2.3.4

excluded-modules:
  - github.com/smithy-validation/go/consumers/*
  - github.com/smithy-validation/go/scripts
`

func TestParse(t *testing.T) {
	f, err := Parse("versions.yaml", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.ModuleSets) != 2 {
		t.Fatalf("got %d module sets, want 2", len(f.ModuleSets))
	}
	s := f.ModuleSets[0]
	if s.Name != "smithy-validation" || s.Version != "v0.1.0" || len(s.Modules) != 2 || s.Modules[1] != "github.com/smithy-validation/go/rpc" {
		t.Errorf("first set = %+v", s)
	}
	if set, ok := f.SetOf("example.com/x/v2"); !ok || set.Version != "v2.3.4" {
		t.Errorf("SetOf(example.com/x/v2) = %v, %v", set, ok)
	}
	for _, tc := range []struct {
		path string
		want bool
	}{
		{"github.com/smithy-validation/go/consumers/rpc", true},
		{"github.com/smithy-validation/go/consumers/rpc/deeper", false},
		{"github.com/smithy-validation/go/scripts", true},
		{"github.com/smithy-validation/go/core", false},
	} {
		if got := f.IsExcluded(tc.path); got != tc.want {
			t.Errorf("IsExcluded(%s) = %v, want %v", tc.path, got, tc.want)
		}
	}
	if got := len(f.Released()); got != 3 {
		t.Errorf("Released() has %d modules, want 3", got)
	}
}

func TestParseErrors(t *testing.T) {
	set := "module-sets:\n  s:\n    version: %s\n    modules:\n      - example.com/a\n"
	for _, tc := range []struct{ name, in, want string }{
		{"unknown top-level key", "modules:\n", "versions.yaml:1: unexpected top-level line"},
		{"bad indentation", "module-sets:\n   s:\n", "versions.yaml:2: unexpected indentation (3 spaces)"},
		{"tab", "module-sets:\n\ts:\n", "versions.yaml:2: tab"},
		{"no version", "module-sets:\n  s:\n    modules:\n      - example.com/a\n", "module set s has no version"},
		{"not canonical", strings.Replace(set, "%s", "v1.2", 1), `version "v1.2" is not a canonical semantic version`},
		{"not semver", strings.Replace(set, "%s", "1.2.3", 1), "not a canonical semantic version"},
		{"major version suffix", strings.Replace(set, "%s", "v2.0.0", 1), "example.com/a"},
		{"two versions", "module-sets:\n  s:\n    version: v1.0.0\n    version: v1.0.1\n", "versions.yaml:4: module set s has two versions"},
		{"item without dash", "excluded-modules:\n  example.com/a\n", `versions.yaml:2: want "- <module path>"`},
		{"module in two sets", "module-sets:\n  a:\n    version: v1.0.0\n    modules:\n      - example.com/m\n  b:\n    version: v1.0.0\n    modules:\n      - example.com/m\n", "example.com/m is listed in module set a and in b"},
		{"released and excluded", strings.Replace(set, "%s", "v1.0.0", 1) + "excluded-modules:\n  - example.com/*\n", "example.com/a is in module set s and also matches excluded-modules entry example.com/*"},
		{"no module set", "excluded-modules:\n  - example.com/a\n", "no module set"},
		{"modules outside a set", "module-sets:\n      - example.com/a\n", "versions.yaml:2: unexpected indentation (6 spaces)"},
	} {
		_, err := Parse("versions.yaml", []byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want it to contain %q", tc.name, err, tc.want)
		}
	}
}
