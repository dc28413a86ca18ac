package build

import (
	"regexp"
	"testing"
)

// TestSafeNameIsTheExpression: safeName, written out, accepts what the
// regular expression it documents accepts, on named cases and on every
// string of up to three bytes over an alphabet with each class of byte.
func TestSafeNameIsTheExpression(t *testing.T) {
	re := regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)
	for _, tc := range []struct {
		name string
		in   string
		want bool
	}{
		{"empty", "", false},
		{"plain", "openrpc", true},
		{"digits and separators", "v1_2.3-x", true},
		{"leading dot", ".hidden", false},
		{"dot dot", "..", false},
		{"leading dash", "-x", false},
		{"slash", "a/b", false},
		{"space", "a b", false},
		{"non-ASCII letter", "é", false},
		{"NUL", "a\x00", false},
	} {
		if got := safeName(tc.in); got != tc.want || got != re.MatchString(tc.in) {
			t.Errorf("%s: safeName(%q) = %v, want %v (expression: %v)", tc.name, tc.in, got, tc.want, re.MatchString(tc.in))
		}
	}
	alphabet := []byte("aZ09_.-/: \n\xc3@[`{")
	var all func(prefix []byte, n int)
	all = func(prefix []byte, n int) {
		if got, want := safeName(string(prefix)), re.MatchString(string(prefix)); got != want {
			t.Errorf("safeName(%q) = %v, the expression says %v", prefix, got, want)
		}
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			all(append(prefix, c), n-1)
		}
	}
	all(nil, 3)
}
