package assembly

import "testing"

func TestBoundedDistance(t *testing.T) {
	for _, tc := range []struct {
		name, a, b string
		want       int
	}{
		{"equal", "ns#Abc", "ns#Abc", 0},
		{"one substitution", "ns#Abc", "ns#Abd", 1},
		{"one insertion", "ns#Ab", "ns#Abc", 1},
		{"transposition is two edits", "ns#acb", "ns#abc", 2},
		{"three edits is above the limit", "ns#abcd", "ns#a", -1},
		{"length difference alone above the limit", "ns#a", "ns#abcdef", -1},
		{"empty", "", "ab", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Distance(tc.a, tc.b, 2); got != tc.want {
				t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
			}
		})
	}
}

func TestSuggestions(t *testing.T) {
	a := New()
	if err := a.AddSource("s.smithy", []byte("$version: \"2\"\nnamespace ns\nstring Name\nstring Nam3\nstructure S { a: Nam, d: Nme, b: Zzzzzzzz, c: Unknown1 }\n")); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"ns#S$a": "member shape targets an unresolved shape `ns#Nam`. Did you mean ns#Nam3, ns#Name?",
		"ns#S$d": "member shape targets an unresolved shape `ns#Nme`. Did you mean ns#Name?",
		"ns#S$b": "member shape targets an unresolved shape `ns#Zzzzzzzz`",
	}
	for _, e := range res.Events {
		if w, ok := want[e.Shape.String()]; ok {
			if e.Message != w {
				t.Errorf("%s: %q, want %q", e.Shape, e.Message, w)
			}
			delete(want, e.Shape.String())
		}
	}
	for shape := range want {
		t.Errorf("no event for %s", shape)
	}
}
