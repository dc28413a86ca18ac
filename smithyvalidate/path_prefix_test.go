package smithyvalidate_test

import (
	"testing"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// TestPathHasPrefix: segments compared in order, keys and indexes apart,
// the document index ignored.
func TestPathHasPrefix(t *testing.T) {
	p := sv.InDocument(2).Key("params").Index(0).Key("a")
	for _, c := range []struct {
		name string
		q    sv.Path
		want bool
	}{
		{"root", sv.Root(), true},
		{"itself", sv.Root().Key("params").Index(0).Key("a"), true},
		{"a parent", sv.Root().Key("params").Index(0), true},
		{"another document", sv.InDocument(5).Key("params"), true},
		{"longer", sv.Root().Key("params").Index(0).Key("a").Key("b"), false},
		{"an index for a key", sv.Root().Index(0), false},
		{"the key \"0\" for an index", sv.Root().Key("params").Key("0"), false},
	} {
		if got := p.HasPrefix(c.q); got != c.want {
			t.Errorf("%s: HasPrefix(%s) = %v, want %v", c.name, c.q, got, c.want)
		}
	}
}
