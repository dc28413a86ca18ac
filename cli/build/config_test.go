package build

import (
	"errors"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/exitcode"
)

// TestParseConfigAsTheReference: configurations published with the
// reference's examples (smithy-lang/smithy-examples) that the reference
// reads: `//` line comments (its parseJsonWithComments), projection
// transforms (kept for build to refuse; they change nothing validate, ast
// and select read). What stays refused: maven dependencies, a '/' that
// begins no comment, a transforms value that is not a list.
func TestParseConfigAsTheReference(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		sources    []string // want, "" for none
		err        string   // want a usage error containing it
	}{
		{"line comments", "{\n  // the model\n  \"version\": \"1.0\", // trailing \"quote\n  \"sources\": [\"model\"] //\n}\n// last", []string{"model"}, ""},
		{"slashes inside strings are no comment", `{"version": "1.0", "sources": ["a//b", "c\"//d"]}`, []string{"a/b", `c"/d`}, ""},
		{"projection transforms", `{"version": "1.0", "sources": ["model"], "projections": {"package": {"transforms": [{"name": "excludeMetadata", "args": {"keys": ["validators"]}}]}}}`, []string{"model"}, ""},
		{"a lone slash", "{\"version\": \"1.0\" / }", nil, "1:19"},
		{"a block comment", "{\"version\": \"1.0\" /* x */}", nil, "1:19"},
		{"transforms not a list", `{"version": "1.0", "projections": {"p": {"transforms": {}}}}`, nil, "transforms must be an array"},
		{"maven", `{"version": "1.0", "maven": {"dependencies": ["a:b:1"]}}`, nil, "maven dependencies are not supported"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := ParseConfig("smithy-build.json", []byte(tc.text))
			if tc.err != "" {
				var ee *exitcode.Error
				if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.As(err, &ee) || ee.Code != exitcode.Usage {
					t.Fatalf("%s: error %v, want a usage error containing %q", tc.name, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			var got []string
			for _, s := range cfg.Sources {
				got = append(got, strings.ReplaceAll(s, "\\", "/"))
			}
			if strings.Join(got, "|") != strings.Join(tc.sources, "|") {
				t.Errorf("%s: sources %q, want %q", tc.name, got, tc.sources)
			}
		})
	}
}

// TestStripCommentsKeepsPositions: an error after a comment is reported
// where it is written.
func TestStripCommentsKeepsPositions(t *testing.T) {
	_, err := ParseConfig("c.json", []byte("{\n  // é comment\n  \"version\": 2\n}"))
	if err == nil || !strings.Contains(err.Error(), "c.json:3:14") {
		t.Fatalf("error %v, want it at c.json:3:14", err)
	}
}
