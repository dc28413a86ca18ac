package render

import (
	"net/url"
	"testing"
)

// TestFileURI: a SARIF artifactLocation.uri is a relative reference (or a
// file URI for an absolute path) that a consumer resolves against its
// checkout and decodes back to the file's name. A first segment with a
// colon would read as a scheme ("a:b.json" is the URI scheme a, RFC 3986
// section 4.2); until 2026-12-03 it was written as it was. A relative
// reference has every colon escaped; after file:// none is ambiguous
// (C: of a Windows path stays as file URIs write it).
func TestFileURI(t *testing.T) {
	for _, tc := range []struct{ name, path, want string }{
		{"plain", "calls.jsonl", "calls.jsonl"},
		{"space, hash, percent", "a b#c%20d.json", "a%20b%23c%2520d.json"},
		{"newline", "n\nl.json", "n%0Al.json"},
		{"unicode", "é.json", "%C3%A9.json"},
		{"backslash", `back\slash.json`, "back%5Cslash.json"},
		{"question mark, brackets", "q?[1].json", "q%3F%5B1%5D.json"},
		{"colon in the first segment", "a:b.json", "a%3Ab.json"},
		{"colon in a later segment", "x/a:b.json", "x/a%3Ab.json"},
		{"colon in a directory", "x:y/z.json", "x%3Ay/z.json"},
		{"dot segments", "../w/./c.json", "../w/./c.json"},
		{"absolute", "/tmp/sub dir/x%y:z.json", "file:///tmp/sub%20dir/x%25y:z.json"},
	} {
		got := fileURI(tc.path)
		if got != tc.want {
			t.Errorf("%s: fileURI(%q) = %q, want %q", tc.name, tc.path, got, tc.want)
			continue
		}
		u, err := url.Parse(got)
		if err != nil {
			t.Errorf("%s: %q does not parse: %v", tc.name, got, err)
			continue
		}
		if tc.path[0] != '/' && u.Scheme != "" {
			t.Errorf("%s: %q reads as scheme %q", tc.name, got, u.Scheme)
		}
		if tc.path[0] == '/' && (u.Scheme != "file" || u.Path != tc.path) {
			t.Errorf("%s: %q decodes to %s %q", tc.name, got, u.Scheme, u.Path)
		}
		if tc.path[0] != '/' && u.Path != tc.path {
			t.Errorf("%s: %q decodes to %q", tc.name, got, u.Path)
		}
	}
}
