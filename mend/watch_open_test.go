package mend

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
)

const openSmithy = `$version: "2"
namespace example.open

structure Item {
    sku: Sku
    code: Code
    color: Color
    legacy: Legacy
    word: Word
    look: Look
    free: String
}

@pattern("^[A-Z]{3}-[0-9]+$")
string Sku

@length(max: 5)
string Code

enum Color {
    RED = "red"
    GREEN = "green"
    GRAY = "gray"
}

@enum([{value: "alpha"}, {value: "beta"}])
string Legacy

@pattern("[0-9]{2}")
string Word

@pattern("^(?=a)ab$")
string Look
`

// TestWatchOpenStringViolationAt pins, for each rule an open string is
// judged by, the byte whose arrival makes the violation certain (fed a
// byte at a time, the feed that reports it) and the finding it carries:
// the value engine's on the shortest prefix that settles it. A rule the
// prefix cannot settle waits for the string's end.
func TestWatchOpenStringViolationAt(t *testing.T) {
	decl := shapeDecl(t, openSmithy, "example.open#Item")
	cases := []struct {
		name, text, path, code string
		after                  string // the reporting feed ends with the first byte of this marker
		prefix                 string // the finding's message names this value
	}{
		{"pattern: the first letter", `{"sku": "aBC-1"}`, "/sku", "pattern", `aBC-1"`, `"a"`},
		{"pattern: a fourth letter", `{"sku": "ABCD-1"}`, "/sku", "pattern", `D-1"`, `"ABCD"`},
		{"pattern: after the digits", `{"sku": "ABC-12x3"}`, "/sku", "pattern", `x3"`, `"ABC-12x"`},
		{"pattern: an escape ends it", `{"sku": "AB\u0063-1"}`, "/sku", "pattern", `3-1"`, `"ABc"`},
		{"pattern: the closing quote", `{"sku": "ABC-", "free": 1}`, "/sku", "pattern", `, "free"`, `"ABC-"`},
		{"length: the sixth character", `{"code": "abcdefgh"}`, "/code", "length", `fgh"`, ``},
		// € is certain with its last byte
		{"length: characters, not bytes", `{"code": "ééééé€x"}`, "/code", "length", "\xacx\"", ``},
		{"enum shape: no value begins so", `{"color": "grxy"}`, "/color", "enum", `xy"`, ``},
		{"enum shape: a prefix of a value is not enough", `{"color": "gre"}`, "/color", "enum", `}`, ``},
		{"enum trait", `{"legacy": "alps"}`, "/legacy", "enum", `s"`, ``},
		{"unanchored pattern: judged at the end", `{"word": "abc"}`, "/word", "pattern", `}`, ``},
		{"lookahead: judged at the end", `{"look": "xy", "free": 1}`, "/look", "pattern", `, "free"`, ``},
		{"a repair stops the judging", `{"sku": "AB\qCD"}`, "/sku", "pattern", `}`, ``},
	}
	for _, c := range cases {
		text := []byte(c.text)
		reportAt := strings.Index(c.text, c.after)
		valueAt := strings.Index(c.text, `: `) + 2
		if reportAt < 0 {
			t.Fatalf("%s: marker not found", c.name)
		}
		for _, skip := range []bool{false, true} {
			w := NewWatcher(Options{Declaration: decl, Profile: ProfileLenient})
			if skip {
				w.SkipDeltas()
			}
			var found *Event
			feedAt := -1
			for k := range text {
				for _, e := range w.Feed(text[k : k+1]).Events {
					if e.Kind == EventViolation && e.Finding.Code == c.code && e.Path == c.path && found == nil {
						e := e
						found, feedAt = &e, k
					}
				}
			}
			for _, e := range w.Finish().Events {
				if e.Kind == EventViolation && e.Finding.Code == c.code && e.Path == c.path && found == nil {
					e := e
					found, feedAt = &e, len(text)
				}
			}
			switch {
			case found == nil:
				t.Errorf("%s (skip deltas %v): no %s violation", c.name, skip, c.code)
			case feedAt != reportAt:
				t.Errorf("%s (skip deltas %v): reported by the feed of byte %d, want %d (%q)", c.name, skip, feedAt, reportAt, c.after)
			case found.At != valueAt:
				t.Errorf("%s (skip deltas %v): at %d, want the value's start %d", c.name, skip, found.At, valueAt)
			case c.prefix != "" && !strings.Contains(found.Finding.Message, c.prefix):
				t.Errorf("%s (skip deltas %v): finding %q does not name %s", c.name, skip, found.Finding.Message, c.prefix)
			}
		}
	}
}

// TestWatchOpenStringNeverEarly: on random strings for each judged
// member, fed a byte at a time, a violation of an open string is never
// reported while some continuation could still make the string valid
// (every continuation of up to three characters of an alphabet that can
// satisfy the rules is tried against the value engine, and the strings
// that begin like a known valid value are checked against it), and the
// events are those of one chunk.
func TestWatchOpenStringNeverEarly(t *testing.T) {
	decl := shapeDecl(t, openSmithy, "example.open#Item")
	rng := rand.New(rand.NewSource(28))
	alphabet := []string{"A", "B", "C", "-", "1", "2", "a", "e", "r", "d", "g", "n", "é", "x"}
	var conts []string
	var grow func(s string, k int)
	grow = func(s string, k int) {
		conts = append(conts, s)
		if k > 0 {
			for _, c := range alphabet {
				grow(s+c, k-1)
			}
		}
	}
	grow("", 3)
	valid := func(member, s string) bool {
		k, _ := json.Marshal(member)
		v, _ := json.Marshal(s)
		res, err := decl.Check([]byte("{" + string(k) + ":" + string(v) + "}"))
		return err == nil && res.OK
	}
	// valid values: a string that begins like one of them can still
	// become valid
	examples := map[string][]string{
		"sku":    {"ABC-12", "XYZ-9", "AAA-1234"},
		"code":   {"ab", "abcde", "éé€x"},
		"color":  {"red", "green", "gray"},
		"legacy": {"alpha", "beta"},
	}
	reported := 0
	for n := 0; n < 200; n++ {
		member := []string{"sku", "code", "color", "legacy"}[rng.Intn(4)]
		var b strings.Builder
		if n%2 == 0 { // the beginning of a valid value, then anything
			ex := []rune(examples[member][rng.Intn(len(examples[member]))])
			b.WriteString(string(ex[:rng.Intn(len(ex)+1)]))
		}
		for k := rng.Intn(7); k > 0; k-- {
			b.WriteString(alphabet[rng.Intn(len(alphabet))])
		}
		s := b.String()
		text := []byte(`{"` + member + `": "` + s + `"}`)
		valueAt := len(member) + 6 // after {"member": "
		w := NewWatcher(Options{Declaration: decl, Profile: ProfileLenient})
		var events []Event
		for k := range text {
			for _, e := range w.Feed(text[k : k+1]).Events {
				events = append(events, e)
				if e.Kind != EventViolation || k >= len(text)-2 {
					continue // only violations of the string still open
				}
				reported++
				sofar := string(text[valueAt : k+1])
				for _, ex := range examples[member] {
					if strings.HasPrefix(ex, sofar) {
						t.Fatalf("%s = %q: %s violation after %q, which %q continues", member, s, e.Finding.Code, sofar, ex)
					}
				}
				for _, c := range conts {
					if valid(member, sofar+c) {
						t.Fatalf("%s = %q: %s violation after %q, but %q is valid", member, s, e.Finding.Code, sofar, sofar+c)
					}
				}
			}
		}
		events = append(events, w.Finish().Events...)
		_, _, whole := watchAll(text, nil, Options{Declaration: decl, Profile: ProfileLenient})
		a, _ := json.Marshal(events)
		b2, _ := json.Marshal(whole)
		if string(a) != string(b2) {
			t.Fatalf("%q: byte at a time\n%s\none chunk\n%s", text, a, b2)
		}
	}
	if reported == 0 {
		t.Fatal("no open string was reported: the test proves nothing")
	}
	t.Logf("%d early violations checked", reported)
}

// TestWatchOpenStringLong: a string over 4 KiB, judged by the feeds only
// as it doubles, gives the events of one chunk, even when the text ends
// inside it (the end judges what the feeds left).
func TestWatchOpenStringLong(t *testing.T) {
	decl := shapeDecl(t, openSmithy, "example.open#Item")
	for _, text := range []string{
		`{"sku": "ABC-` + strings.Repeat("1", 9000) + "x" + strings.Repeat("2", 1000),
		`{"sku": "ABC-` + strings.Repeat("1", 9000) + "x" + strings.Repeat("2", 1000) + `", "free": 1}`,
	} {
		var cuts []int
		for k := 64; k < len(text); k += 64 {
			cuts = append(cuts, k)
		}
		opts := Options{Declaration: decl, Profile: ProfileLenient}
		_, _, one := watchAll([]byte(text), nil, opts)
		_, _, many := watchAll([]byte(text), cuts, opts)
		a, _ := json.Marshal(one)
		b, _ := json.Marshal(many)
		if string(a) != string(b) {
			t.Fatalf("%d bytes: one chunk\n%s\n64-byte chunks\n%s", len(text), a, b)
		}
		found := false
		for _, e := range one {
			found = found || e.Kind == EventViolation && e.Finding.Code == "pattern"
		}
		if !found {
			t.Fatalf("%d bytes: no pattern violation", len(text))
		}
	}
}
