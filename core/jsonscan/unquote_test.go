package jsonscan_test

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/jsonscan"
)

func TestAppendUnquote(t *testing.T) {
	for _, c := range []struct {
		name, in, want string
		ok             bool
	}{
		{"plain", `"abc"`, "abc", true},
		{"empty", `""`, "", true},
		{"spaces around", " \t\"x\"\n", "x", true},
		{"short escapes", `"\"\\\/\b\f\n\r\t"`, "\"\\/\b\f\n\r\t", true},
		{"unicode escape", `"\u00e9\u4e2D"`, "é中", true},
		{"surrogate pair", `"\ud83d\ude00"`, "😀", true},
		{"lone high surrogate", `"\ud83dx"`, "\uFFFDx", true},
		{"lone low surrogate", `"\ude00"`, "\uFFFD", true},
		{"high then not low", `"\ud83d\u0041"`, "\uFFFDA", true},
		{"no quotes", `abc`, "", false},
		{"one quote", `"`, "", false},
		{"unknown escape", `"a\x"`, "a", false},
		{"short unicode", `"\u12"`, "", false},
		{"bad hex", `"\u12g4"`, "", false},
		{"backslash at end", `"a\"`, "a", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := jsonscan.AppendUnquote([]byte("pre:"), []byte(c.in))
			if ok != c.ok || string(got) != "pre:"+c.want {
				t.Errorf("AppendUnquote(%q) = %q, %v; want %q, %v", c.in, got, ok, "pre:"+c.want, c.ok)
			}
		})
	}
}

// FuzzAppendUnquote: on a valid UTF-8 JSON string, the decoding is
// encoding/json's, and a text encoding/json refuses is refused.
func FuzzAppendUnquote(f *testing.F) {
	for _, s := range []string{`"a"`, `"\ud83d\ude00"`, `"\ud83d"`, `"\u00"`, `"\q"`, `"é\n"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if !utf8.ValidString(in) || jsonscan.Scan([]byte(in), 0).Status != jsonscan.Valid {
			return
		}
		var want string
		if json.Unmarshal([]byte(in), &want) != nil {
			return // a valid text that is not a string
		}
		got, ok := jsonscan.AppendUnquote(nil, []byte(in))
		if !ok || string(got) != want {
			t.Fatalf("AppendUnquote(%q) = %q, %v; encoding/json %q", in, got, ok, want)
		}
	})
}
