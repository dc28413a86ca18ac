//go:build !race

package ionadapter

import (
	"testing"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// The view methods are what the engine calls on every node: they must not
// allocate (a *Value in a ValueView costs nothing).
func TestViewDoesNotAllocate(t *testing.T) {
	v, err := Parse([]byte(`{a: [1, 2.5, "s", 2020-01-01T00:00:00Z, {{aGk=}}], b: x::sym}`))
	if err != nil {
		t.Fatal(err)
	}
	var view sv.ValueView = v
	allocs := testing.AllocsPerRun(100, func() {
		for i := 0; i < view.Len(); i++ {
			f := view.Field(i)
			_ = f.Value.Kind()
			_ = f.Value.Annotations()
			_ = f.Value.Scalar()
			for j := 0; j < f.Value.Len(); j++ {
				e := f.Value.Elem(j)
				_ = e.Scalar()
				_ = e.Pos()
			}
		}
	})
	if allocs != 0 {
		t.Errorf("walking the view allocates %v times; want 0", allocs)
	}
}
