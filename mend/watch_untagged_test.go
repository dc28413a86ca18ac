package mend

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/smithyvalidate"
)

// untaggedCase is a violation below an untagged union pinned at its
// byte: fed a byte at a time, the feed of the first byte of after
// reports it, at the offset where at begins, and it is the engine's
// finding of that code and path on the whole text, field by field.
type untaggedCase struct {
	name, text, path, code string
	after, at              string
}

func unionRootDecl(t testing.TB, id string) Declaration {
	t.Helper()
	a := assembly.New()
	if err := smithyvalidate.AddAlloyTraits(a); err != nil {
		t.Fatal(err)
	}
	return declFrom(t, a, "union.smithy", unionSmithy, id)
}

func checkUntaggedCase(t *testing.T, decl Declaration, c untaggedCase) {
	t.Helper()
	text := []byte(c.text)
	reportAt, wantAt := strings.Index(c.text, c.after), strings.Index(c.text, c.at)
	if reportAt < 0 || wantAt < 0 {
		t.Fatalf("%s: markers not found", c.name)
	}
	res, err := decl.Check(text)
	if err != nil {
		t.Fatal(err)
	}
	var want *Finding
	for _, f := range res.Findings {
		if f.Code == c.code && f.Path == c.path && f.Severity == "error" {
			want = &f
			break
		}
	}
	if want == nil {
		t.Fatalf("%s: the value engine gives no %s at %s on %s", c.name, c.code, c.path, c.text)
	}
	if want.Offset != wantAt {
		t.Fatalf("%s: the engine's finding is at %d, the case says %d", c.name, want.Offset, wantAt)
	}
	opts := Options{Declaration: decl, Profile: ProfileLenient}
	feeds, _, events := watchAll(text, everyByte(len(text))[1:], opts)
	var found *Event
	feedAt := -1
	for k, f := range feeds {
		for _, e := range f.Events {
			if e.Kind == EventViolation && e.Finding.Code == c.code && e.Path == c.path && found == nil {
				found, feedAt = &e, k
			}
		}
	}
	switch {
	case found == nil:
		t.Errorf("%s: no %s violation at %s", c.name, c.code, c.path)
	case feedAt != reportAt:
		t.Errorf("%s: reported by the feed of byte %d, want %d (%q)", c.name, feedAt, reportAt, c.after)
	case found.At != wantAt:
		t.Errorf("%s: event at %d, want %d", c.name, found.At, wantAt)
	case *found.Finding != *want:
		t.Errorf("%s: finding\n%+v\nwant the engine's on the whole text\n%+v", c.name, *found.Finding, *want)
	}
	_, _, whole := watchAll(text, nil, opts)
	a, _ := json.Marshal(events)
	if b, _ := json.Marshal(whole); string(a) != string(b) {
		t.Errorf("%s: byte at a time\n%s\none chunk\n%s", c.name, a, b)
	}
}

// TestUntaggedAt pins the byte whose arrival makes a violation below an
// untagged union certain: a value of a kind no member takes at its first
// byte (an object, an array, a string), at the root's member, nested in
// a list, and through a member that is itself an untagged union; a
// scalar when its token ends (it is the whole value; a string's end is
// certain at the byte after its closing quote). Each finding
// (untagged, and the closest member's type) is the engine's on the
// whole text.
func TestUntaggedAt(t *testing.T) {
	decl := unionDecl(t)
	for _, c := range []untaggedCase{
		{"root member: an object", `{"any": {"a": 1}}`, "/any", "untagged", `{"a"`, `{"a"`},
		{"root member: an object, the closest member's type", `{"any": {"a": 1}}`, "/any", "type", `{"a"`, `{"a"`},
		{"root member: an array", `{"any": [1, 2]}`, "/any", "untagged", `[1`, `[1`},
		{"root member: a string no member takes", `{"switches": [], "any": 1, "mixed": 1}`, "/mixed", "untagged", `}`, `1}`},
		{"in a list: an object", `{"anys": ["ABC-1", {"a": 1}]}`, "/anys/1", "untagged", `{"a"`, `{"a"`},
		{"in a list: an object, the closest member's type", `{"anys": ["ABC-1", {"a": 1}]}`, "/anys/1", "type", `{"a"`, `{"a"`},
		{"in a list: an array", `{"anys": [5, [1]]}`, "/anys/1", "untagged", `[1]`, `[1]`},
		{"in a list: a string, at its first byte", `{"switches": [true, "on"]}`, "/switches/1", "untagged", `"on"`, `"on"`},
		{"in a list: a string, when it ends", `{"anys": ["AB1", 5]}`, "/anys/0", "untagged", `, 5`, `"AB1"`},
		{"in a list: the closest member's pattern, when the string ends", `{"anys": ["AB1", 5]}`, "/anys/0", "pattern", `, 5`, `"AB1"`},
		{"in a list: a number, when it ends", `{"anys": [5.5]}`, "/anys/0", "untagged", `]}`, `5.5`},
		{"in a list: a word, when it ends", `{"anys": [true, 1]}`, "/anys/0", "untagged", `, 1`, `true`},
		{"in a list: a string for a union of unions", `{"deeps": [true, "AB"]}`, "/deeps/1", "untagged", `]}`, `"AB"`},
		{"in a list: an object for a union of unions", `{"deeps": [{"x": 1}]}`, "/deeps/0", "untagged", `{"x"`, `{"x"`},
		{"in a list: a number another member takes, the string member closest", `{"mixeds": [1.5]}`, "/mixeds/0", "untagged", `]}`, `1.5`},
	} {
		checkUntaggedCase(t, decl, c)
	}
}

// TestUntaggedRoot: a declaration whose root is an untagged union: an
// object no member takes is reported when the reader has taken the
// root's first byte (the feed of the byte after it, as for any root's
// kind).
func TestUntaggedRoot(t *testing.T) {
	checkUntaggedCase(t, unionRootDecl(t, "example.union#Any"),
		untaggedCase{"root: an object", `{"a": 1}`, "", "untagged", `"a"`, `{"a"`})
}

// TestUntaggedNotEarly: a value of a kind some member takes waits for
// the value's end (the closest member depends on it). A valid value
// gives no violation at all: at the root's member, an object that a
// member's structure takes although a stand-in of its kind ({}) would
// rank another member first.
func TestUntaggedNotEarly(t *testing.T) {
	decl := unionDecl(t)
	for _, c := range []struct {
		name, text, settle string
		valid              bool
	}{
		{"root member: an object a member takes", `{"mixed": {"x": 1}}`, `}}`, true},
		{"root member: an array a member takes", `{"mixed": [1, 2]}`, `]}`, true},
		{"root member: an object no member takes, of a kind one does", `{"mixed": {"x": "1"}, "pick": {}}`, `}, "pick"`, false},
		{"in a list: an object of a kind a member takes", `{"mixeds": [{"x": "1"}, {"x": 2}, [1, "a"]], "pick": {}}`, `], "pick"`, false},
		{"in a list: a string a member of a member takes", `{"deeps": ["ABC-1", "ABC-2"]}`, `]}`, true},
	} {
		text := []byte(c.text)
		res, err := decl.Check(text)
		if err != nil {
			t.Fatal(err)
		}
		if c.valid != res.OK {
			t.Fatalf("%s: the engine says valid %v: %+v", c.name, res.OK, res.Findings)
		}
		last := strings.LastIndex(c.text, c.settle)
		feeds, _, _ := watchAll(text, everyByte(len(text))[1:], Options{Declaration: decl, Profile: ProfileLenient})
		for k, f := range feeds {
			for _, e := range f.Events {
				if e.Kind == EventViolation && (c.valid || k < last) {
					t.Errorf("%s: violation in the feed of byte %d (settles at %d): %+v", c.name, k, last, *e.Finding)
				}
			}
		}
	}
}

// untaggedHoles are string positions below untagged unions one of whose
// members takes strings.
var untaggedHoles = []struct {
	before, after, path string
	valid               []string
}{
	{`{"anys": ["`, `"]}`, "/anys/0", []string{"ABC-1"}},
	{`{"mixeds": [[1], "`, `"]}`, "/mixeds/1", []string{"XYZ-42"}},
	{`{"deeps": ["`, `"]}`, "/deeps/0", []string{"ABC-1"}},
}

// TestUntaggedOpenStringNeverEarly: the never-early property at string
// positions below untagged unions: an open string some member takes is
// never reported while open.
func TestUntaggedOpenStringNeverEarly(t *testing.T) {
	decl := unionDecl(t)
	alphabet := []string{"A", "B", "C", "X", "-", "1", "4", "a", "x"}
	if reported := neverEarly(t, decl, untaggedHoles, alphabet, 26, 90); reported != 0 {
		t.Fatalf("%d violations of open strings a member takes", reported)
	}
}
