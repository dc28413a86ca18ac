package assembly_test

import (
	"fmt"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
)

// A fallback source fills in only the shapes no other file defines, and a
// model's own definition, identical or not, stands with no event.
func TestFallbackSource(t *testing.T) {
	const shipped = `$version: "2"
namespace vendor
@trait(selector: "union")
string tag
@trait
structure flag {}
`
	for _, tc := range []struct {
		name     string
		user     string
		wantTag  string // the selector of vendor#tag's @trait in the result
		wantFlag bool   // vendor#flag is in the model
		wantSrc  string // the file vendor#tag comes from
	}{
		{"used, not defined", `$version: "2"
namespace ex
use vendor#tag
@tag("type")
union U { a: String }
`, "union", true, "shipped.smithy"},
		{"defined identically", `$version: "2"
namespace vendor
@trait(selector: "union")
string tag
`, "union", true, "user.smithy"},
		{"defined otherwise", `$version: "2"
namespace vendor
@trait(selector: "*")
string tag
`, "*", true, "user.smithy"},
	} {
		for _, once := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/once=%v", tc.name, once), func(t *testing.T) {
				// With Once the IDL files' definitions are lowered apart
				// from their documents (idl.File.LowerOnceApart), the
				// fallback's too.
				a := assembly.New(assembly.Once(once))
				if err := a.AddFallbackSource("shipped.smithy", []byte(shipped)); err != nil {
					t.Fatal(err)
				}
				if err := a.AddSource("user.smithy", []byte(tc.user)); err != nil {
					t.Fatal(err)
				}
				res, err := a.Assemble()
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range res.Events {
					t.Errorf("unexpected event: %s", e)
				}
				if res.Model == nil {
					t.Fatal("no model")
				}
				s, ok := res.Model.Shape(shapeid.MustParse("vendor#tag"))
				if !ok {
					t.Fatal("vendor#tag missing")
				}
				tr, _ := s.Trait(shapeid.MustParse("smithy.api#trait"))
				sel, _ := tr.Get("selector")
				if got := sel.StringValue(); got != tc.wantTag {
					t.Errorf("selector %q, want %q", got, tc.wantTag)
				}
				if got := s.Source().File; got != tc.wantSrc {
					t.Errorf("defined in %q, want %q", got, tc.wantSrc)
				}
				if _, ok := res.Model.Shape(shapeid.MustParse("vendor#flag")); ok != tc.wantFlag {
					t.Errorf("vendor#flag present %v, want %v", ok, tc.wantFlag)
				}
			})
		}
	}
}
