package idl_test

import (
	"testing"

	"github.com/smithy-validation/go/core/idl"
	"github.com/smithy-validation/go/core/shapeid"
)

// FuzzParse checks that no input makes Parse or Lower panic, and that every
// failure is a located *idl.Error.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"",
		"$version: \"2\"\nnamespace ex\nstring S\n",
		"$version: \"2\"\nmetadata a = [1, {b: \"c\"}, \"\"\"\n  x\n  \"\"\"]\n",
		"$version: \"2\"\nnamespace ex\nuse a#B\n/// doc\n@t(a: 1, b: [x])\nstructure S for R with [M] {\n  $id\n  a: String = \"x\"\n}\n",
		"$version: \"2\"\nnamespace ex\noperation O {\n  input := @sensitive {}\n  output: Unit\n  errors: [E]\n}\n",
		"$version: \"2\"\nnamespace ex\nservice S { version: \"1\", operations: [O], rename: {\"a#B\": \"C\"} }\nresource R { identifiers: {id: String} }\n",
		"$version: \"2\"\nnamespace ex\nenum E { A = \"a\"\n B }\nintEnum I { A = 1\n}\napply E$A @deprecated\napply E { @tags([]) }\n",
		"namespace ex\n@foo(\"\\u00e9\\ud83d\\ude00\")\nstring S\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := idl.Parse("fuzz.smithy", src)
		if err != nil {
			e, ok := err.(*idl.Error)
			if !ok || !e.Pos.IsValid() && len(src) > 0 {
				t.Fatalf("Parse error %#v is not a located *idl.Error", err)
			}
			return
		}
		ids := map[shapeid.ID]bool{}
		for _, id := range file.Declared() {
			ids[id] = true
		}
		if _, _, err := file.LowerWithEvents(func(id shapeid.ID) bool { return ids[id] }); err != nil {
			if _, ok := err.(*idl.Error); !ok {
				t.Fatalf("Lower error %T is not an *idl.Error", err)
			}
		}
	})
}
