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
