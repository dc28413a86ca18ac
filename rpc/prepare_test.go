package rpc_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
)

const prepareHeader = `$version: "2"
namespace example
use smithy.rpc#jsonRpc
use smithy.rpc#method
use smithy.rpc#rpcError
`

// TestPrepareRejects checks that every inconsistent mapping is a located
// model error.
func TestPrepareRejects(t *testing.T) {
	cases := []struct {
		name    string
		model   string
		version rpc.ProtocolVersion
		want    []string // substrings of the problems, in order
	}{
		{"no jsonRpc trait", `service S { version: "1" }`, rpc.V2_0, []string{"example#S: @smithy.rpc#jsonRpc: the service has no @smithy.rpc#jsonRpc trait"}},
		{"empty versions", `@jsonRpc(versions: []) service S { version: "1" }`, rpc.V2_0, []string{"versions must be a non-empty list"}},
		{"unknown version", `@jsonRpc(versions: ["2.0", "1.1"]) service S { version: "1" }`, rpc.V2_0, []string{`version "1.1" is not supported`}},
		{"repeated version", `@jsonRpc(versions: ["2.0", "2.0"]) service S { version: "1" }`, rpc.V2_0, []string{`version "2.0" is listed twice`}},
		{"undeclared version", `@jsonRpc(versions: ["2.0"]) service S { version: "1" }`, rpc.V1_0, []string{"does not declare JSON-RPC 1.0"}},
		{"duplicate wire names", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A, B] }
@method(name: "same") operation A {}
@method(name: "same") operation B {}`, rpc.V2_0, []string{`example#B: @smithy.rpc#method: method name "same" is already used by example#A`}},
		{"rpc. name", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A] }
@method(name: "rpc.discover") operation A {}`, rpc.V2_0, []string{`begins with "rpc."`}},
		{"empty name", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A] }
@method(name: "") operation A {}`, rpc.V2_0, []string{"name must be a non-empty string"}},
		{"bad mode", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A] }
@method(name: "a", params: "byName") operation A {}`, rpc.V2_0, []string{`params must be "named", "positional" or "either"`}},
		{"positional without list", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A] }
@method(name: "a", params: "positional") operation A { input := { x: Integer } }`, rpc.V2_0, []string{"there is no positional list"}},
		{"list with named", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A] }
@method(name: "a", positional: ["x"]) operation A { input := { x: Integer } }`, rpc.V2_0, []string{`positional is given but params is "named"`}},
		{"incomplete list", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A] }
@method(name: "a", params: "positional", positional: ["x"]) operation A { input := { x: Integer, y: Integer } }`, rpc.V2_0, []string{"missing y"}},
		{"repeated member", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A] }
@method(name: "a", params: "either", positional: ["x", "x"]) operation A { input := { x: Integer } }`, rpc.V2_0, []string{`positional lists member "x" twice`}},
		{"unknown member", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A] }
@method(name: "a", params: "either", positional: ["x", "z"]) operation A { input := { x: Integer } }`, rpc.V2_0, []string{`positional names "z", which is not a member`}},
		{"named-only claims 1.0", `@jsonRpc(versions: ["1.0", "2.0"]) service S { version: "1", operations: [A] }
@method(name: "a") operation A { input := { x: Integer } }`, rpc.V2_0, []string{"takes named params only, but the service declares JSON-RPC 1.0"}},
		{"resultMember undeclared", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A] }
@method(name: "a", resultMember: "nope") operation A { output := { v: Integer } }`, rpc.V2_0, []string{`resultMember names "nope", which is not a member of example#AOutput`}},
		{"resultMember with nullResult", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A] }
@method(name: "a", resultMember: "v", nullResult: true) operation A { output := { v: Integer } }`, rpc.V2_0, []string{"resultMember and nullResult: true cannot be combined"}},
		{"misspelled property", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A] }
@method(name: "a", resultmember: "v") operation A { output := { v: Integer } }`, rpc.V2_0, []string{`unknown property "resultmember"`}},
		{"reserved code", `@jsonRpc(versions: ["2.0"]) service S { version: "1", errors: [E] }
@error("client") @rpcError(code: -32000) structure E {}`, rpc.V2_0, []string{"code -32000 is in the range -32768..-32000"}},
		{"reserved code low end", `@jsonRpc(versions: ["2.0"]) service S { version: "1", errors: [E] }
@error("client") @rpcError(code: -32768) structure E {}`, rpc.V2_0, []string{"code -32768 is in the range"}},
		{"duplicate codes", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A], errors: [E] }
@method(name: "a") operation A { errors: [F] }
@error("client") @rpcError(code: 5) structure E {}
@error("client") @rpcError(code: 5) structure F {}`, rpc.V2_0, []string{"application error code 5 is already used by example#E"}},
		{"dataMember undeclared", `@jsonRpc(versions: ["2.0"]) service S { version: "1", errors: [E] }
@error("client") @rpcError(code: 5, dataMember: "detail") structure E { message: String }`, rpc.V2_0, []string{`dataMember names "detail", which is not a member of example#E`}},
		{"dataMember with noData", `@jsonRpc(versions: ["2.0"]) service S { version: "1", errors: [E] }
@error("client") @rpcError(code: 5, dataMember: "m", noData: true) structure E { m: String }`, rpc.V2_0, []string{"dataMember and noData: true cannot be combined"}},
		{"fractional code", `@jsonRpc(versions: ["2.0"]) service S { version: "1", errors: [E] }
@error("client") @rpcError(code: 1.5) structure E {}`, rpc.V2_0, []string{"code must be an integer"}},
		{"several problems at once", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A], errors: [E] }
@method(name: "rpc.x", resultMember: "v", nullResult: true) operation A { output := { v: Integer } }
@error("client") @rpcError(code: -32600) structure E {}`, rpc.V2_0, []string{`begins with "rpc."`, "cannot be combined", "-32600 is in the range"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := assemble(t, map[string]string{"m.smithy": prepareHeader + tc.model})
			_, err := rpc.Prepare(m, shapeid.MustParse("example#S"), rpc.Version(tc.version))
			wantModelError(t, err, tc.want)
		})
	}
}

// TestPrepareVersionChoice checks that the version is never guessed.
func TestPrepareVersionChoice(t *testing.T) {
	m := calculator(t)
	_, err := rpc.Prepare(m, shapeid.MustParse("example#Calculator"))
	if !errors.Is(err, rpc.ErrVersionRequired) {
		t.Errorf("two versions, none chosen: got %v, want ErrVersionRequired", err)
	}
	s, err := rpc.Prepare(m, shapeid.MustParse("example#Documents"))
	if err != nil || s.Version() != rpc.V2_0 {
		t.Errorf("one version: got %v, %v", s, err)
	}
	if _, err := rpc.Prepare(m, shapeid.MustParse("example#Subtract")); err == nil || !strings.Contains(err.Error(), "not a service") {
		t.Errorf("an operation: got %v", err)
	}
	if _, err := rpc.EnvelopeOnly(0); err == nil {
		t.Error("EnvelopeOnly(0) accepted")
	}
}

// TestPreparedMappings checks what preparation snapshots.
func TestPreparedMappings(t *testing.T) {
	s := service(t, rpc.V2_0)
	var names []string
	for _, m := range s.Methods() {
		names = append(names, m.Name())
	}
	if got := strings.Join(names, " "); got != "divide get_data notify_hello ping subtract sum update" {
		t.Errorf("methods: %s", got)
	}
	sub, _ := s.Method("subtract")
	if k, mem := sub.Result(); k != rpc.OutputMember || mem.String() != "example#SubtractOutput$value" {
		t.Errorf("subtract result: %s %s", k, mem)
	}
	if sub.ParamMode() != rpc.ParamsEither || strings.Join(sub.Positional(), ",") != "minuend,subtrahend" {
		t.Errorf("subtract params: %s %v", sub.ParamMode(), sub.Positional())
	}
	div, _ := s.Method("divide")
	if k, _ := div.Result(); k != rpc.OutputStructure {
		t.Errorf("divide result: %s", k)
	}
	var errs []string
	for _, e := range div.Errors() {
		k, mem := e.Data()
		errs = append(errs, e.Shape().String()+"="+itoa(int(e.Code()))+"/"+k.String()+"/"+mem.String())
	}
	if got := strings.Join(errs, " "); got != "example#DivisionError=1001/member/example#DivisionError$detail example#Overloaded=2002/structure/" {
		t.Errorf("divide errors: %s", got)
	}
	hello, _ := s.Method("notify_hello")
	if k, _ := hello.Result(); k != rpc.NullResult {
		t.Errorf("notify_hello result: %s", k)
	}
	if len(s.ErrorMappings()) != 2 || s.Scope() != rpc.ScopeService || s.Service().String() != "example#Calculator" {
		t.Errorf("service: %d errors, scope %s", len(s.ErrorMappings()), s.Scope())
	}
}
