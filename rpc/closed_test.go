package rpc_test

import (
	"slices"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/core/validate"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

const closedModel = `$version: "2"
namespace t
use smithy.rpc#closed
use smithy.rpc#jsonRpc
use smithy.rpc#method

@jsonRpc(versions: ["2.0"])
service S { operations: [Move] }

@method(name: "move", resultMember: "to")
operation Move {
    input: MoveInput
    output := { @required to: Point }
}

@closed
structure MoveInput {
    @required
    to: Point
    note: Note
}

@closed
structure Point {
    @required
    x: Integer
}

structure Note {
    text: String
}
`

// The shipped traits file defines smithy.rpc#closed, the ID the value
// engine honors: params and results of a closed structure take no unknown
// field under any unknown-member policy, and open structures inside keep
// following the policy.
func TestClosedParamsAndResults(t *testing.T) {
	if rpc.ClosedTrait != sv.ClosedTrait || rpc.ClosedTrait != shapeid.New(rpc.TraitsNamespace, "closed") {
		t.Fatalf("rpc.ClosedTrait %s, smithyvalidate.ClosedTrait %s", rpc.ClosedTrait, sv.ClosedTrait)
	}
	m := assemble(t, map[string]string{"t.smithy": closedModel})
	if d, ok := m.Shape(rpc.ClosedTrait); !ok || !d.HasTrait(shapeid.MustParse("smithy.api#trait")) {
		t.Fatalf("the traits file does not define %s as a trait", rpc.ClosedTrait)
	}
	for _, tc := range []struct {
		name   string
		policy []sv.Option
		msg    string
		want   []string
	}{
		{"valid", nil, `{"jsonrpc":"2.0","method":"move","params":{"to":{"x":1}},"id":1}`, nil},
		{"unknown param, default policy", nil, `{"jsonrpc":"2.0","method":"move","params":{"to":{"x":1},"speed":2},"id":1}`,
			[]string{"error unknown-member /params/speed"}},
		{"unknown param, ignored policy", []sv.Option{sv.IgnoreUnknownMembers(true)}, `{"jsonrpc":"2.0","method":"move","params":{"to":{"x":1},"speed":2},"id":1}`,
			[]string{"error unknown-member /params/speed"}},
		{"unknown field of a nested closed structure", []sv.Option{sv.IgnoreUnknownMembers(true)}, `{"jsonrpc":"2.0","method":"move","params":{"to":{"x":1,"y":2}},"id":1}`,
			[]string{"error unknown-member /params/to/y"}},
		{"open structure inside, default policy", nil, `{"jsonrpc":"2.0","method":"move","params":{"to":{"x":1},"note":{"lang":"en"}},"id":1}`,
			[]string{"warning unknown-member /params/note/lang"}},
		{"open structure inside, ignored policy", []sv.Option{sv.IgnoreUnknownMembers(true)}, `{"jsonrpc":"2.0","method":"move","params":{"to":{"x":1},"note":{"lang":"en"}},"id":1}`, nil},
		{"result", []sv.Option{sv.IgnoreUnknownMembers(true)}, `{"jsonrpc":"2.0","result":{"x":1,"z":0},"id":1}`,
			[]string{"error unknown-member /result/z"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := rpc.Prepare(m, shapeid.MustParse("t#S"), rpc.Version(rpc.V2_0), rpc.PayloadOptions(tc.policy...))
			if err != nil {
				t.Fatal(err)
			}
			var r *rpc.Result
			if tc.name == "result" {
				meth, ok := s.Method("move")
				if !ok {
					t.Fatal("no method move")
				}
				r = s.ValidateResponse([]byte(tc.msg), rpc.ForMethod(meth))
			} else {
				r = s.ValidateRequest([]byte(tc.msg))
			}
			var got []string
			for _, f := range r.Findings {
				if f.Severity != sv.SeverityAdvisory {
					got = append(got, f.Severity.String()+" "+string(f.Code)+" "+pointer(f.Path))
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s: findings %q, want %q", tc.msg, got, tc.want)
			}
		})
	}
}

// The shipped selector refuses @closed beside an @alloy#jsonUnknown
// member, which would take the fields it rejects.
func TestClosedSelector(t *testing.T) {
	a := assembly.New()
	if err := rpc.AddTraits(a); err != nil {
		t.Fatal(err)
	}
	if err := sv.AddAlloyTraits(a); err != nil {
		t.Fatal(err)
	}
	src := "$version: \"2\"\nnamespace t\n@smithy.rpc#closed\nstructure S {\n    @alloy#jsonUnknown\n    rest: M\n}\nmap M { key: String, value: Document }\n"
	if err := a.AddSource("t.smithy", []byte(src)); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatal(err)
	}
	events := append(res.Events, validate.Model(res.Model)...)
	for _, e := range events {
		if e.ID == "TraitTarget" && e.Shape == shapeid.MustParse("t#S") {
			return
		}
	}
	t.Errorf("no TraitTarget error for @closed beside @jsonUnknown: %v", events)
}
