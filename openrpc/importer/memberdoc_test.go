package importer

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
)

// memberDocModel documents a structure member of each placement the
// export writes: a prelude target, a required and an optional reference,
// a member that constrains its target (inline, titled), a recursive
// member and one with a default.
const memberDocModel = `$version: "2"
namespace example
use smithy.rpc#jsonRpc
use smithy.rpc#method
@jsonRpc(versions: ["2.0"])
service S { version: "1", operations: [Put] }
@method(name: "put", params: "named")
operation Put {
    input := {
        @required
        item: Item
    }
}
/// An item.
structure Item {
    /// Of a prelude target.
    prelude: String

    /// Of a required reference.
    @required
    required: Key

    /// Of a constrained member.
    @length(min: 2)
    constrained: Key

    /// Of an optional reference.
    optional: Key

    /// Of a recursive member.
    next: Item

    /// Of a member with a default.
    @default("x")
    defaulted: String
}
/// A key.
string Key
`

// TestMemberDocumentationRoundTrips: a structure member's own
// @documentation is its property's description in the export, under each
// payload policy (with and without the null wrapper of an optional
// member), and the import gives it back to the member, not to the target.
func TestMemberDocumentationRoundTrips(t *testing.T) {
	configs := []struct {
		name string
		cfg  openrpc.Config
	}{
		{"wire names", exportConfig},
		{"nulls and unknown members rejected", openrpc.Config{MatchJSONNames: true, RejectUnknownMembers: true, RejectNullMembers: true}},
	}
	members := []struct{ name, doc string }{
		{"prelude", "Of a prelude target."},
		{"required", "Of a required reference."},
		{"constrained", "Of a constrained member."},
		{"optional", "Of an optional reference."},
		{"next", "Of a recursive member."},
		{"defaulted", "Of a member with a default."},
	}
	for _, c := range configs {
		t.Run(c.name, func(t *testing.T) {
			res, err := openrpc.Convert(loadFiles(t, []byte(memberDocModel), []byte(otherModel)), shapeid.MustParse("example#S"), c.cfg)
			if err != nil {
				t.Fatal(err)
			}
			back, err := OpenRPC(res.JSON, Options{Namespace: "example", Service: "S"})
			if err != nil {
				t.Fatal(err)
			}
			m := load(t, back.IDL)
			item, ok := m.Shape(shapeid.MustParse("example#Item"))
			if !ok {
				t.Fatalf("no example#Item:\n%s", back.IDL)
			}
			for _, mc := range members {
				mem, ok := item.Member(mc.name)
				if !ok {
					t.Errorf("no member %s", mc.name)
					continue
				}
				d, _ := mem.Trait(shapeid.MustParse("smithy.api#documentation"))
				if got := d.StringValue(); got != mc.doc {
					t.Errorf("%s: documentation %q, want %q", mc.name, got, mc.doc)
				}
			}
			for _, target := range []string{"example#Key", "example#Item"} {
				s, _ := m.Shape(shapeid.MustParse(target))
				d, _ := s.Trait(shapeid.MustParse("smithy.api#documentation"))
				if !strings.HasPrefix(d.StringValue(), "A") {
					t.Errorf("%s: documentation %q, want its own", target, d.StringValue())
				}
			}
			if again := importExport(t, res.JSON, "example#S"); string(again) != string(back.IDL) {
				t.Errorf("the import is not deterministic")
			}
		})
	}
}

// TestNullWrapperDescription: the description beside a null wrapper
// ({"oneOf" or "anyOf": [S, {"type": "null"}]}) whose inner schema S
// defines a shape of its own is never lost: it documents the member (S's
// own description stays the shape's); a param whose descriptor documents
// the member gives it to the shape when S has none, and a diagnostic says
// it is dropped when both have their own.
func TestNullWrapperDescription(t *testing.T) {
	const object = `{"type":"object","properties":{"a":{"type":"string"}}}`
	const described = `{"type":"object","description":"S","properties":{"a":{"type":"string"}}}`
	cases := []struct {
		name, prop, param string
		want, not         []string
		dropped           string // the pointer of the drop diagnostic, "" for none
	}{
		{"property, oneOf of an inline object", `{"description":"W","oneOf":[` + object + `,{"type":"null"}]}`, `{"name":"p","schema":{"type":"string"}}`,
			[]string{"/// W\n    @nullable\n    v: DV", "}\n\nstructure DV"}, []string{"/// W\nstructure"}, ""},
		{"property, anyOf of an inline object with its own", `{"description":"W","anyOf":[` + described + `,{"type":"null"}]}`, `{"name":"p","schema":{"type":"string"}}`,
			[]string{"/// W\n    @nullable\n    v: DV", "/// S\nstructure DV"}, nil, ""},
		{"property, anyOf of a constrained string", `{"description":"W","anyOf":[{"type":"string","minLength":2},{"type":"null"}]}`, `{"name":"p","schema":{"type":"string"}}`,
			[]string{"/// W\n    @nullable\n    v: DV", "}\n\n@length(min: 2)\nstring DV"}, nil, ""},
		{"property, wrapper of a reference", `{"description":"W","anyOf":[{"$ref":"#/components/schemas/K"},{"type":"null"}]}`, `{"name":"p","schema":{"type":"string"}}`,
			[]string{"/// W\n    @nullable\n    v: K", "/// K's own.\nstring K"}, nil, ""},
		{"param without a description", `{"type":"string"}`, `{"name":"p","schema":{"description":"W","oneOf":[` + object + `,{"type":"null"}]}}`,
			[]string{"/// W\n        @nullable\n        p: MP", "}\n\nstructure MP"}, nil, ""},
		{"param with a description, shape without", `{"type":"string"}`, `{"name":"p","description":"P","schema":{"description":"W","oneOf":[` + object + `,{"type":"null"}]}}`,
			[]string{"/// P\n        @nullable\n        p: MP", "/// W\nstructure MP"}, nil, ""},
		{"param with a description, shape with its own", `{"type":"string"}`, `{"name":"p","description":"P","schema":{"description":"W","anyOf":[` + described + `,{"type":"null"}]}}`,
			[]string{"/// P\n        @nullable\n        p: MP", "/// S\nstructure MP"}, []string{"/// W"}, "/methods/0/params/0/schema/description"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := `{"openrpc":"1.3.2","info":{"title":"t","version":"1"},"methods":[{"name":"m","paramStructure":"by-name","params":[` + c.param + `,{"name":"q","schema":{"$ref":"#/components/schemas/D"}}],"result":{"name":"r","schema":{"type":"string"}}}],` +
				`"components":{"schemas":{"K":{"type":"string","description":"K's own."},"D":{"type":"object","properties":{"v":` + c.prop + `}}}}}`
			checkDescriptionImport(t, doc, c.want, c.not, c.dropped)
		})
	}
}

// TestParamSchemaDescription: a param whose descriptor has no summary or
// description is documented by its schema's description where a
// property's would document the member (beside a $ref, on a prelude type,
// beside a null wrapper); the title of an inline schema is a name, not
// documentation; a descriptor's own documentation wins, and a different
// schema description it displaces is a diagnostic, not a silent loss.
func TestParamSchemaDescription(t *testing.T) {
	cases := []struct {
		name, param string
		want, not   []string
		dropped     string // the pointer of the drop diagnostic, "" for none
	}{
		{"beside a $ref", `{"name":"p","schema":{"$ref":"#/components/schemas/K","description":"W"}}`,
			[]string{"/// W\n        p: K", "/// K's own.\nstring K"}, nil, ""},
		{"on a prelude type", `{"name":"p","schema":{"type":"string","description":"W"}}`,
			[]string{"/// W\n        p: smithy.api#String"}, nil, ""},
		{"beside a null wrapper of a prelude type", `{"name":"p","schema":{"description":"W","anyOf":[{"type":"string"},{"type":"null"}]}}`,
			[]string{"/// W\n        @nullable\n        p: smithy.api#String"}, nil, ""},
		{"the title of an inline schema is no documentation", `{"name":"p","schema":{"title":"hydrated","type":"boolean"}}`,
			[]string{"        p: smithy.api#Boolean"}, []string{"/// hydrated"}, ""},
		{"the descriptor's own wins", `{"name":"p","description":"P","schema":{"$ref":"#/components/schemas/K","description":"W"}}`,
			[]string{"/// P\n        p: K"}, []string{"/// W"}, "/methods/0/params/0/schema/description"},
		{"the same description twice", `{"name":"p","description":"P","schema":{"type":"string","description":"P"}}`,
			[]string{"/// P\n        p: smithy.api#String"}, nil, ""},
		{"a shape's own description stays the shape's", `{"name":"p","description":"P","schema":{"type":"string","minLength":1,"description":"W"}}`,
			[]string{"/// P\n        p: MP", "/// W\n@length(min: 1)\nstring MP"}, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := `{"openrpc":"1.3.2","info":{"title":"t","version":"1"},"methods":[{"name":"m","params":[` + c.param + `],"result":{"name":"r","schema":{"type":"string"}}}],` +
				`"components":{"schemas":{"K":{"type":"string","description":"K's own."}}}}`
			checkDescriptionImport(t, doc, c.want, c.not, c.dropped)
		})
	}
}

// checkDescriptionImport imports doc and checks that the model passes
// smithy validate's validators, says every text of want and none of not,
// and that the one description diagnostic is at dropped ("" for none).
func checkDescriptionImport(t *testing.T, doc string, want, not []string, dropped string) {
	t.Helper()
	res, err := OpenRPC([]byte(doc), Options{Namespace: "t"})
	if err != nil {
		t.Fatal(err)
	}
	requireValidImport(t, res.IDL)
	idl := string(res.IDL)
	for _, w := range want {
		if !strings.Contains(idl, w) {
			t.Errorf("the model does not say %q:\n%s", w, idl)
		}
	}
	for _, n := range not {
		if strings.Contains(idl, n) {
			t.Errorf("the model says %q:\n%s", n, idl)
		}
	}
	var said []string
	for _, d := range res.Diagnostics {
		if d.Keyword == "description" {
			said = append(said, d.Pointer)
		}
	}
	if dropped == "" && len(said) > 0 || dropped != "" && (len(said) != 1 || said[0] != dropped) {
		t.Errorf("description diagnostics %v, want %q", said, dropped)
	}
}
