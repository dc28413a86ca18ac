package gate

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/smithy-validation/go/mend"
)

// patternSchema declares each of judgedPatterns twice: as the pattern of
// root member pN, and of member pN of the elements of the root's list
// "deep".
func patternSchema(t testing.TB) *JSONSchemaDeclaration {
	var props []string
	for i, c := range judgedPatterns {
		src, _ := json.Marshal(c.src)
		props = append(props, fmt.Sprintf(`"p%d": {"type": "string", "pattern": %s}`, i, src))
	}
	doc := `{"type": "object", "properties": {` + strings.Join(props, ", ") +
		`, "deep": {"type": "array", "items": {"type": "object", "properties": {` + strings.Join(props, ", ") + `}}}}}`
	d, err := NewJSONSchemaDeclaration([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestJSONSchemaPatternAt pins the byte whose arrival makes a pattern's
// violation certain, at the root and below it, and that the violation is
// the validator's finding on the whole text.
func TestJSONSchemaPatternAt(t *testing.T) {
	decl := openDecl(t)
	nested := nestedSchemaDecl(t)
	cases := []struct {
		name       string
		decl       *JSONSchemaDeclaration
		text, path string
		after      string // the reporting feed is the one of this marker's first byte
	}{
		{"a root member: the first character out of the class", decl, `{"word": "ab1cd"}`, "/word", `1cd"`},
		{"a root member: an empty string is no match, at its end", decl, `{"word": ""}`, "/word", `}`},
		{"unanchored: judged at the end", decl, `{"late": "ab"}`, "/late", `}`},
		{"a nested member: the first character no continuation can fix", nested,
			`{"order": {"items": [{}, {"sku": "AB-1x2"}]}}`, "/order/items/1/sku", `x2"`},
		{"a nested member: a prefix that may still match waits", nested,
			`{"order": {"items": [{"sku": "AB-"}]}}`, "/order/items/0/sku", `}]}}`},
	}
	for _, c := range cases {
		text := []byte(c.text)
		want := strings.Index(c.text, c.after)
		if want < 0 {
			t.Fatalf("%s: marker not found", c.name)
		}
		var end *mend.Finding
		if res, err := c.decl.Check(text); err == nil {
			for _, f := range res.Findings {
				if f.Path == c.path && f.Code == "pattern" {
					end = &f
				}
			}
		}
		if end == nil {
			t.Fatalf("%s: the validator gives no pattern finding at %s", c.name, c.path)
		}
		got, e := firstViolation(c.decl, text, c.path, "pattern")
		switch {
		case e == nil:
			t.Errorf("%s: no pattern violation", c.name)
		case got != want:
			t.Errorf("%s: reported by the feed of byte %d, want %d (%q)", c.name, got, want, c.after)
		case !reflect.DeepEqual(*e.Finding, *end):
			t.Errorf("%s: the early finding\n%+v\nthe validator's on the whole text\n%+v", c.name, *e.Finding, *end)
		}
	}
}

// TestJSONSchemaPatternNeverEarly: for every pattern of judgedPatterns,
// at the root and below it, random strings over the pattern's alphabet
// are fed a byte at a time; for each violation reported while the string
// is still open, no continuation of up to three characters of that
// alphabet is accepted by the validator (the end's judgement), and the
// violation's finding is the validator's on the whole text. One chunk
// and random chunkings give the events of a byte at a time.
func TestJSONSchemaPatternNeverEarly(t *testing.T) {
	decl := patternSchema(t)
	rng := rand.New(rand.NewSource(2025))
	checked := 0
	for i, c := range judgedPatterns {
		var alphabet []string
		for _, a := range alphabetOf(t, c.src) {
			if a[0] >= ' ' {
				alphabet = append(alphabet, a) // no escapes: the text is the content
			}
		}
		conts := continuations(alphabet, 3)
		key := fmt.Sprintf("p%d", i)
		holes := []struct{ before, after, path string }{
			{`{"` + key + `": "`, `"}`, "/" + key},
			{`{"deep": [{}, {"` + key + `": "`, `"}]}`, "/deep/1/" + key},
		}
		early := 0
		for n := 0; n < 40 && early < 6; n++ {
			h := holes[n%2]
			var b strings.Builder
			for k := rng.Intn(6); k > 0; k-- {
				b.WriteString(alphabet[rng.Intn(len(alphabet))])
			}
			text := []byte(h.before + b.String() + h.after)
			closeAt := len(h.before) + b.Len()
			accepted := func(s string) bool {
				v, _ := json.Marshal(s)
				res, err := decl.Check([]byte(h.before[:len(h.before)-1] + string(v) + h.after[1:]))
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range res.Findings {
					if f.Path == h.path {
						return false
					}
				}
				return true
			}
			w := mend.NewWatcher(mend.Options{Declaration: decl, Profile: mend.ProfileLenient})
			var events []mend.Event
			for k := range text {
				f := w.Feed(text[k : k+1])
				events = append(events, f.Events...)
				for _, e := range f.Events {
					if e.Kind != mend.EventViolation || k >= closeAt {
						continue
					}
					early++
					checked++
					sofar := string(text[len(h.before) : k+1])
					for _, k := range conts {
						if accepted(sofar + k) {
							t.Fatalf("%s %q at %s: violation after %q, but %q is valid", c.name, c.src, h.path, sofar, sofar+k)
						}
					}
					res, _ := decl.Check(text)
					var end *mend.Finding
					for _, f := range res.Findings {
						if f.Path == e.Path && f.Code == e.Finding.Code {
							end = &f
						}
					}
					if end == nil || !reflect.DeepEqual(*end, *e.Finding) {
						t.Fatalf("%s: %s: the early finding %+v, the validator's on the whole text %+v", c.name, text, *e.Finding, end)
					}
				}
			}
			events = append(events, w.Finish().Events...)
			one, _ := json.Marshal(events)
			for _, step := range []func() int{func() int { return len(text) }, func() int { return 1 + rng.Intn(5) }} {
				w := mend.NewWatcher(mend.Options{Declaration: decl, Profile: mend.ProfileLenient})
				var got []mend.Event
				for k := 0; k < len(text); {
					n := min(step(), len(text)-k)
					got = append(got, w.Feed(text[k:k+n]).Events...)
					k += n
				}
				got = append(got, w.Finish().Events...)
				if other, _ := json.Marshal(got); string(other) != string(one) {
					t.Fatalf("%s: a byte at a time\n%s\nother chunks\n%s", text, one, other)
				}
			}
		}
		if early == 0 {
			t.Errorf("%s %q: no early violation met: the check proves nothing for it", c.name, c.src)
		}
	}
	t.Logf("%d early violations checked", checked)
}
