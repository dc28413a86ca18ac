package settings_test

import (
	"fmt"
	"testing"

	"github.com/smithy-validation/go/core/settings"
)

func TestJoin(t *testing.T) {
	const (
		a = iota
		b
		c
	)
	for _, tc := range []struct {
		name string
		sets []settings.Set
		want [3]string // "v" or "-" when not set
	}{
		{"none", nil, [3]string{"-", "-", "-"}},
		{"one", []settings.Set{settings.One(b, 7)}, [3]string{"-", "7", "-"}},
		{"later wins", []settings.Set{settings.One(a, 1), settings.One(a, 2)}, [3]string{"2", "-", "-"}},
		{"zero is a value", []settings.Set{settings.One(c, 5), settings.One(c, 0)}, [3]string{"-", "-", "0"}},
		{"others kept", []settings.Set{settings.One(a, 1), settings.One(b, 2), {}, settings.One(a, 3)}, [3]string{"3", "2", "-"}},
		{"joined sets join", []settings.Set{settings.Join(settings.One(a, 1), settings.One(c, 9)), settings.One(c, 4)}, [3]string{"1", "-", "4"}},
	} {
		j := settings.Join(tc.sets...)
		var got [3]string
		for i := range got {
			v, ok := j.Lookup(i)
			got[i] = "-"
			if ok {
				got[i] = fmt.Sprint(v)
				if j.Get(i) != v {
					t.Errorf("%s: Get(%d) = %d, Lookup %d", tc.name, i, j.Get(i), v)
				}
			}
		}
		if got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

func ExampleJoin() {
	const depth, size = 0, 1
	defaults := settings.Join(settings.One(depth, 1000), settings.One(size, 64<<20))
	all := settings.Join(defaults, settings.One(depth, 10))
	fmt.Println(all.Get(depth), all.Get(size))
	// Output: 10 67108864
}
