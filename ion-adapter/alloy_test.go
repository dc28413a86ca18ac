package ionadapter

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

const alloyIonModel = `$version: "2"
namespace ex

use alloy#discriminated
use alloy#untagged
use alloy#nullable
use alloy#jsonUnknown

@discriminated("type")
union Block { text: Text, num: Num }
structure Text { @required text: String }
structure Num { @required n: Integer }

@untagged
union Id { s: String, n: Long }

structure Meta {
    @required @nullable cursor: String
    @jsonUnknown extra: Extra
}
map Extra { key: String, value: Document }
`

// The alloy traits read Ion values as they read JSON, with Ion's own
// distinctions: a symbol discriminator is a string only under
// SymbolsAsStrings, a typed null must fit a nullable member's type, and
// an Ion-only value in an unknown field is no document value.
func TestAlloyIon(t *testing.T) {
	a := assembly.New()
	if err := sv.AddAlloyTraits(a); err != nil {
		t.Fatal(err)
	}
	if err := a.AddSource("m.smithy", []byte(alloyIonModel)); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		t.Fatalf("assemble: %v %v", err, res.Events)
	}
	for _, tc := range []struct {
		name, shape, ion string
		opts             []sv.Option
		want             string
	}{
		{"discriminated", "ex#Block", `{type: "num", n: 1}`, nil, ""},
		{"discriminated: member's findings", "ex#Block", `{type: "num", n: 1.5}`, nil, "not-integer /n"},
		{"discriminated: symbol", "ex#Block", `{type: num, n: 1}`, nil, "discriminator /type"},
		{"discriminated: symbol as string", "ex#Block", `{type: num, n: 1}`, []sv.Option{sv.SymbolsAsStrings(true)}, ""},
		{"discriminated: no member", "ex#Block", `{type: "other"}`, nil, "discriminator /type"},
		{"untagged: int", "ex#Id", `7`, nil, ""},
		{"untagged: decimal fits neither", "ex#Id", `7.5`, nil, "type ; untagged "},
		{"nullable: untyped null", "ex#Meta", `{cursor: null}`, nil, ""},
		{"nullable: string null", "ex#Meta", `{cursor: null.string}`, nil, ""},
		{"nullable: int null", "ex#Meta", `{cursor: null.int}`, nil, "type /cursor"},
		{"jsonUnknown: extra fields", "ex#Meta", `{cursor: "c", x: [1, "a"], y: null}`, []sv.Option{sv.RejectUnknownMembers(true)}, ""},
		{"jsonUnknown: blob is no document value", "ex#Meta", `{cursor: "c", x: {{AA==}}}`, nil, "unsupported /x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := sv.Prepare(res.Model, shapeid.MustParse(tc.shape), tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Validate(v, []byte(tc.ion))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range r.Findings {
				got = append(got, string(f.Code)+" "+f.Path.String())
			}
			if g := strings.Join(got, "; "); g != tc.want {
				t.Errorf("%s: findings %q, want %q\n%v", tc.ion, g, tc.want, r.Findings)
			}
		})
	}
}
