package gate

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/mend"
)

// kindSchema's members take several kinds, or one kind with more
// constraints, through anyOf/oneOf: the stand-in of a kind ({}, [] or
// "") fails there though other values of the kind pass.
const kindSchema = `{
  "type": "object",
  "properties": {
    "objs":   {"oneOf": [{"type": "object", "required": ["a"]}, {"type": "object", "required": ["b"]}]},
    "mixed":  {"anyOf": [{"type": "object", "required": ["a"]}, {"type": "string"}]},
    "one":    {"oneOf": [{"type": "array", "minItems": 1}, {"type": "integer"}]},
    "str":    {"anyOf": [{"type": "string", "minLength": 2}, {"type": "integer"}]},
    "plain":  {"type": "integer"},
    "nokind": {"anyOf": [{"type": "integer"}, {"type": "boolean"}]},
    "allof":  {"allOf": [{"minLength": 1}, {"enum": [1, 2]}]},
    "never":  false
  }
}`

func kindDecl(t testing.TB) *JSONSchemaDeclaration {
	d, err := NewJSONSchemaDeclaration([]byte(kindSchema))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestJSONSchemaKindAt pins the byte whose feed reports a wrong kind (a
// byte at a time) and the offset the event names: at the value's first
// byte only when no value of the kind is valid there, else when the
// member settles (the event still names the value's first byte).
func TestJSONSchemaKindAt(t *testing.T) {
	d := kindDecl(t)
	for _, c := range []struct {
		name, text, path, code string
		byte, at               int
	}{
		{"one kind, wrong", `{"plain": "ab"}`, "/plain", "type", 10, 10},
		{"no branch takes a string", `{"nokind": "ab"}`, "/nokind", "type", 11, 11},
		{"no branch takes an object", `{"nokind": {}}`, "/nokind", "type", 11, 11},
		// the first byte reports only the engine's type finding: an enum
		// that refuses strings is judged when the member settles
		{"allOf: an enum refuses strings, at the end", `{"allof": "x"}`, "/allof", "enum", 13, 10},
		{"a branch takes objects: at the end", `{"mixed": {"b": 1}}`, "/mixed", "required", 17, 10},
		{"a branch takes arrays: at the end", `{"one": [], "plain": 1}`, "/one", "minItems", 9, 8},
		{"a branch takes strings: at the end", `{"str": "a"}`, "/str", "minLength", 11, 8},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, e := firstViolation(d, []byte(c.text), c.path, c.code)
			if k != c.byte || e == nil || e.At != c.at {
				t.Fatalf("%s: %s reported at byte %d (%v), want byte %d at %d", c.text, c.code, k, e, c.byte, c.at)
			}
		})
	}
}

// hideKinds is a JSON Schema declaration without RefusesKind: the
// watcher then trusts the stand-in, as it did before.
type hideKinds struct{ mend.Declaration }

// kindTooEarly feeds each member each value a byte at a time and returns
// the first violation reported before the value ends that a valid value
// beginning with the bytes read so far contradicts; "" when none.
func kindTooEarly(t *testing.T, decl mend.Declaration, check *JSONSchemaDeclaration) (string, int) {
	values := []string{`{}`, `{"a": 1}`, `{"b": 2}`, `[]`, `[1]`, `""`, `"x"`, `"ab"`, `3`, `true`}
	valid := map[string][]string{}
	members := []string{"objs", "mixed", "one", "str", "plain", "nokind", "allof", "never"}
	for _, m := range members {
		for _, v := range values {
			if res, err := check.Check([]byte(`{"` + m + `": ` + v + `}`)); err == nil && res.OK {
				valid[m] = append(valid[m], v)
			}
		}
	}
	if len(valid["mixed"]) == 0 || len(valid["objs"]) == 0 {
		t.Fatal("no valid value: the check proves nothing")
	}
	checked := 0
	for _, m := range members {
		for _, v := range values {
			text := []byte(`{"` + m + `": ` + v + `}`)
			valueAt := len(m) + 5
			w := mend.NewWatcher(mend.Options{Declaration: decl, Profile: mend.ProfileLenient})
			for k := range text {
				for _, e := range w.Feed(text[k : k+1]).Events {
					if e.Kind != mend.EventViolation || k >= valueAt+len(v)-1 {
						continue // only what is reported before the value ends
					}
					checked++
					sofar := string(text[valueAt : k+1])
					for _, ok := range valid[m] {
						if strings.HasPrefix(ok, sofar) {
							return m + ": " + e.Finding.Code + " after " + sofar + ", but " + ok + " is valid", checked
						}
					}
				}
			}
			w.Finish()
		}
	}
	return "", checked
}

// TestJSONSchemaKindNeverEarly: no wrong kind is reported at a value's
// first byte while a value of that kind is valid there; and the check
// has teeth: without RefusesKind (the stand-in trusted) it is caught.
func TestJSONSchemaKindNeverEarly(t *testing.T) {
	d := kindDecl(t)
	bad, checked := kindTooEarly(t, d, d)
	if bad != "" {
		t.Fatal(bad)
	}
	if checked == 0 {
		t.Fatal("nothing was reported early: the test proves nothing")
	}
	if bad, _ := kindTooEarly(t, hideKinds{d}, d); bad == "" {
		t.Fatal("the stand-in's verdict trusted was not caught reporting too early")
	} else {
		t.Logf("without RefusesKind: %s", bad)
	}
}
