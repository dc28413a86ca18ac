package gate

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"

	"github.com/smithy-validation/go/mend"
)

// openSchema declares root members whose strings a watcher judges while
// they arrive (maxLength, enum, const, an anchored pattern) and two it
// must not (an unanchored pattern, which a later character may always
// still match; a member schema with $ref).
const openSchema = `{
  "type": "object",
  "properties": {
    "code":  {"type": "string", "maxLength": 5},
    "color": {"enum": ["red", "green", "gray", 7]},
    "mode":  {"const": "fast"},
    "never": {"const": 5},
    "word":  {"type": "string", "pattern": "^[a-z]+$"},
    "late":  {"type": "string", "pattern": "[0-9]$"},
    "ref":   {"$ref": "#/$defs/short", "maxLength": 1},
    "free":  {}
  },
  "$defs": {"short": {"type": "string", "maxLength": 2}}
}`

func openDecl(t testing.TB) *JSONSchemaDeclaration {
	d, err := NewJSONSchemaDeclaration([]byte(openSchema))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// firstViolation feeds text a byte at a time and returns the index of
// the byte whose feed reported the first violation of code at path
// (len(text) for the finish), and the event; -1 when none.
func firstViolation(decl mend.Declaration, text []byte, path, code string) (int, *mend.Event) {
	w := mend.NewWatcher(mend.Options{Declaration: decl, Profile: mend.ProfileLenient})
	for k := range text {
		for _, e := range w.Feed(text[k : k+1]).Events {
			if e.Kind == mend.EventViolation && e.Path == path && e.Finding.Code == code {
				return k, &e
			}
		}
	}
	for _, e := range w.Finish().Events {
		if e.Kind == mend.EventViolation && e.Path == path && e.Finding.Code == code {
			return len(text), &e
		}
	}
	return -1, nil
}

// TestJSONSchemaOpenStringAt pins, for each JSON Schema keyword an open
// string is judged by, the byte whose arrival makes the violation
// certain (the feed that reports it, a byte at a time), and that the
// keywords that cannot be judged on a prefix wait for the string's end.
func TestJSONSchemaOpenStringAt(t *testing.T) {
	decl := openDecl(t)
	cases := []struct {
		name, text, path, code string
		after                  string // the reporting feed is the one of this marker's first byte
	}{
		{"maxLength: the sixth character", `{"code": "abcdefgh"}`, "/code", "maxLength", `fgh"`},
		{"maxLength: characters, not bytes", `{"code": "ééééé€x"}`, "/code", "maxLength", "\xacx\""},
		{"enum: no string value begins so", `{"color": "grxy"}`, "/color", "enum", `xy"`},
		{"enum: a prefix of a value is not enough", `{"color": "gre"}`, "/color", "enum", `}`},
		{"const: the first character that leaves it", `{"mode": "fat"}`, "/mode", "const", `t"`},
		{"const: longer than it", `{"mode": "fastest"}`, "/mode", "const", `est"`},
		{"const that is no string: at the opening quote", `{"never": "x"}`, "/never", "const", `"x"`},
		{"pattern: the first character no continuation can fix", `{"word": "ab1cd"}`, "/word", "pattern", `1cd"`},
		{"unanchored pattern: judged at the end", `{"late": "ab"}`, "/late", "pattern", `}`},
		{"a member schema with $ref: judged at the end", `{"ref": "abcd"}`, "/ref", "maxLength", `}`},
	}
	for _, c := range cases {
		text := []byte(c.text)
		want := strings.Index(c.text, c.after)
		if want < 0 {
			t.Fatalf("%s: marker not found", c.name)
		}
		got, e := firstViolation(decl, text, c.path, c.code)
		switch {
		case e == nil:
			t.Errorf("%s: no %s violation", c.name, c.code)
		case got != want:
			t.Errorf("%s: reported by the feed of byte %d, want %d (%q)", c.name, got, want, c.after)
		case e.At != strings.Index(c.text, `: `)+2:
			t.Errorf("%s: at %d, want the value's start", c.name, e.At)
		case e.Finding.Schema == "" || !strings.HasSuffix(e.Finding.Schema, "/"+c.code):
			t.Errorf("%s: the finding's schema location %q", c.name, e.Finding.Schema)
		}
	}
}

// lyingSchema says an enum has only its first value: a watcher trusting
// it reports "gr" as a violation of color's enum, which "green" and
// "gray" continue, too early; the property below must catch that. (A
// lie about maxLength is not enough: the watcher reports only what the
// validator confirms on the prefix, and a prefix over the real bound is
// over it for good.)
type lyingSchema struct{ *JSONSchemaDeclaration }

func (l lyingSchema) OpenStringRules(member string) (mend.StringRules, bool) {
	r, ok := l.JSONSchemaDeclaration.OpenStringRules(member)
	if len(r.Enum) > 1 {
		r.Enum = r.Enum[:1]
	}
	return r, ok
}

// tooEarly feeds random strings to each judged member a byte at a time
// and returns the first early violation some continuation (up to three
// characters of an alphabet that can satisfy the rules, or a known valid
// value it begins) would make wrong, "" when none; and how many early
// violations it checked.
func tooEarly(t *testing.T, decl mend.Declaration, check *JSONSchemaDeclaration) (string, int) {
	rng := rand.New(rand.NewSource(25))
	alphabet := []string{"a", "b", "e", "f", "g", "n", "r", "s", "t", "y", "é", "€", "x"}
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
		res, err := check.Check([]byte("{" + string(k) + ":" + string(v) + "}"))
		return err == nil && res.OK
	}
	examples := map[string][]string{
		"code":  {"ab", "abcde", "éé€x"},
		"color": {"red", "green", "gray"},
		"mode":  {"fast"},
	}
	members := []string{"code", "color", "mode"}
	checked := 0
	for n := 0; n < 150; n++ {
		member := members[rng.Intn(len(members))]
		var b strings.Builder
		if n%2 == 0 {
			ex := []rune(examples[member][rng.Intn(len(examples[member]))])
			b.WriteString(string(ex[:rng.Intn(len(ex)+1)]))
		}
		for k := rng.Intn(7); k > 0; k-- {
			b.WriteString(alphabet[rng.Intn(len(alphabet))])
		}
		text := []byte(`{"` + member + `": "` + b.String() + `"}`)
		valueAt := len(member) + 6
		w := mend.NewWatcher(mend.Options{Declaration: decl, Profile: mend.ProfileLenient})
		for k := range text {
			for _, e := range w.Feed(text[k : k+1]).Events {
				if e.Kind != mend.EventViolation || k >= len(text)-2 {
					continue // only violations of the string still open
				}
				checked++
				sofar := string(text[valueAt : k+1])
				for _, ex := range examples[member] {
					if strings.HasPrefix(ex, sofar) {
						return member + ": " + e.Finding.Code + " after " + strings.TrimSpace(sofar) + ", which " + ex + " continues", checked
					}
				}
				for _, c := range conts {
					if valid(member, sofar+c) {
						return member + ": " + e.Finding.Code + " after " + sofar + ", but " + sofar + c + " is valid", checked
					}
				}
			}
		}
		w.Finish()
	}
	return "", checked
}

// TestJSONSchemaOpenStringNeverEarly: a violation of an open string is
// never reported while a continuation could still make it valid; and
// the check has teeth: a declaration that keeps only an enum's first
// value (reporting a prefix of another too early) is caught.
func TestJSONSchemaOpenStringNeverEarly(t *testing.T) {
	decl := openDecl(t)
	bad, checked := tooEarly(t, decl, decl)
	if bad != "" {
		t.Fatal(bad)
	}
	if checked == 0 {
		t.Fatal("no open string was reported: the test proves nothing")
	}
	t.Logf("%d early violations checked", checked)
	if bad, _ := tooEarly(t, lyingSchema{decl}, decl); bad == "" {
		t.Fatal("an enum cut to its first value was not caught reporting too early")
	} else {
		t.Logf("the lying declaration is caught: %s", bad)
	}
}

// TestJSONSchemaOpenStringChunking: the events do not depend on the
// chunking (a byte at a time, one chunk).
func TestJSONSchemaOpenStringChunking(t *testing.T) {
	decl := openDecl(t)
	for _, text := range []string{`{"code": "abcdefgh", "color": "grxy", "mode": "fat"}`, `{"color": "gre", "never": "x"}`} {
		run := func(size int) string {
			w := mend.NewWatcher(mend.Options{Declaration: decl, Profile: mend.ProfileLenient})
			var all []mend.Event
			for k := 0; k < len(text); k += size {
				all = append(all, w.Feed([]byte(text[k:min(k+size, len(text))])).Events...)
			}
			all = append(all, w.Finish().Events...)
			b, _ := json.Marshal(all)
			return string(b)
		}
		if a, b := run(1), run(len(text)); a != b {
			t.Errorf("%s: a byte at a time\n%s\none chunk\n%s", text, a, b)
		}
	}
}
