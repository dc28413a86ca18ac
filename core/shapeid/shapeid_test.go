package shapeid

import (
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, text string
		want       ID
		errOffset  int // -1 when valid
	}{
		{"root", "smithy.example#Foo", ID{"smithy.example", "Foo", ""}, -1},
		{"member", "a.b#C$d", ID{"a.b", "C", "d"}, -1},
		{"underscores", "_a1.b#__C$_9", ID{"_a1.b", "__C", "_9"}, -1},
		{"no hash", "Foo", ID{}, 3},
		{"empty namespace", "#Foo", ID{}, 0},
		{"empty segment", "a..b#Foo", ID{}, 2},
		{"digit start", "1a#Foo", ID{}, 0},
		{"only underscores", "a#__", ID{}, 4},
		{"bad char in name", "a#Fo-o", ID{}, 4},
		{"empty member", "a#Foo$", ID{}, 6},
		{"two members", "a#Foo$b$c", ID{}, 7},
		{"empty name", "a#", ID{}, 2},
	}
	for _, tt := range tests {
		got, err := Parse(tt.text)
		if tt.errOffset < 0 {
			if err != nil || got != tt.want {
				t.Errorf("%s: Parse(%q) = %v, %v; want %v", tt.name, tt.text, got, err, tt.want)
			}
			if got.String() != tt.text {
				t.Errorf("%s: String() = %q, want %q", tt.name, got.String(), tt.text)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Offset != tt.errOffset {
			t.Errorf("%s: Parse(%q) error = %v, want an *Error at offset %d", tt.name, tt.text, err, tt.errOffset)
		}
	}
}

func TestCompareMatchesStringOrder(t *testing.T) {
	ids := []ID{
		MustParse("a#B"), MustParse("a.b#A"), MustParse("a_b#A"), MustParse("ab#A"),
		MustParse("a#B$c"), MustParse("a#BC"), MustParse("a#B_"), MustParse("A#z"),
	}
	for _, x := range ids {
		for _, y := range ids {
			want := 0
			switch {
			case x.String() < y.String():
				want = -1
			case x.String() > y.String():
				want = 1
			}
			if got := Compare(x, y); got != want {
				t.Errorf("Compare(%s, %s) = %d, want %d (string order)", x, y, got, want)
			}
		}
	}
}

func TestResolve(t *testing.T) {
	defined := map[ID]bool{New("ns", "Local"): true}
	prelude := map[string]bool{"String": true, "Local": true}
	r := Resolver{
		Namespace: "ns",
		Uses:      map[string]ID{"Imported": New("other", "Imported")},
		Defined:   func(id ID) bool { return defined[id] },
		Prelude:   func(name string) bool { return prelude[name] },
	}
	tests := []struct{ name, in, want string }{
		{"absolute", "x.y#Z", "x.y#Z"},
		{"use wins", "Imported$m", "other#Imported$m"},
		{"current namespace before prelude", "Local", "ns#Local"},
		{"prelude", "String", "smithy.api#String"},
		{"default to current namespace", "Unknown", "ns#Unknown"},
	}
	for _, tt := range tests {
		rel, err := ParseRelative(tt.in)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := r.Resolve(rel).String(); got != tt.want {
			t.Errorf("%s: Resolve(%q) = %s, want %s", tt.name, tt.in, got, tt.want)
		}
	}
}
