package rpc_test

import (
	"slices"
	"testing"

	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// The acceptance cases of the seed's "Method modeling" section.

func TestSeedPositionalBothVersions(t *testing.T) {
	for _, v := range []rpc.ProtocolVersion{rpc.V1_0, rpc.V2_0} {
		s := service(t, v)
		msg := `{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}`
		if v == rpc.V1_0 {
			msg = `{"method": "subtract", "params": [42, 23], "id": 1}`
		}
		r := s.ValidateRequest([]byte(msg))
		if !r.Valid || len(r.Findings) != 0 {
			t.Errorf("%s: %s: got %v, want valid with no findings", v, msg, codes(r, true))
		}
		if got := summary(r.Messages[0]); got != "request id=1 method=subtract" {
			t.Errorf("%s: summary %q", v, got)
		}
	}
}

func TestSeedNamedParams20(t *testing.T) {
	s := service(t, rpc.V2_0)
	r := s.ValidateRequest([]byte(`{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": 1}`))
	if !r.Valid || len(r.Findings) != 0 {
		t.Errorf("got %v, want valid", codes(r, true))
	}
}

func TestSeedPositionalTypeError(t *testing.T) {
	for _, v := range []rpc.ProtocolVersion{rpc.V1_0, rpc.V2_0} {
		s := service(t, v)
		msg := `{"jsonrpc": "2.0", "method": "subtract", "params": [42, "23"], "id": 1}`
		if v == rpc.V1_0 {
			msg = `{"method": "subtract", "params": [42, "23"], "id": 1}`
		}
		r := s.ValidateRequest([]byte(msg))
		if r.Valid || len(r.Findings) != 1 {
			t.Fatalf("%s: got %v, want one finding", v, codes(r, true))
		}
		f := r.Findings[0]
		if f.Path.String() != "/params/1" || f.Shape.String() != "example#SubtractInput$subtrahend" || f.Code != sv.CodeType || f.Class != sv.ClassInstance {
			t.Errorf("%s: got %s %s %s %s", v, f.Code, f.Class, f.Path, f.Shape)
		}
		if r.Messages[0].RPCError != rpc.InvalidParams {
			t.Errorf("%s: rpc_error %d, want -32602", v, r.Messages[0].RPCError)
		}
	}
}

func TestSeedResultMember(t *testing.T) {
	s := service(t, rpc.V2_0)
	m, _ := s.Method("subtract")
	ok := s.ValidateResponse([]byte(`{"jsonrpc": "2.0", "result": 19, "id": 1}`), rpc.ForMethod(m))
	if !ok.Valid || len(ok.Findings) != 0 || ok.Scope != rpc.ScopeOperation {
		t.Errorf("19: got %v scope %s", codes(ok, true), ok.Scope)
	}
	bad := s.ValidateResponse([]byte(`{"jsonrpc": "2.0", "result": "19", "id": 1}`), rpc.ForMethod(m))
	if bad.Valid || len(bad.Findings) != 1 || bad.Findings[0].Shape.String() != "example#SubtractOutput$value" || bad.Findings[0].Path.String() != "/result" {
		t.Errorf(`"19": got %v`, bad.Findings)
	}
}

func TestSeedErrorDataMember(t *testing.T) {
	s := service(t, rpc.V2_0)
	m, _ := s.Method("divide")
	ctx := rpc.ForMethod(m)
	ok := s.ValidateResponse([]byte(`{"jsonrpc": "2.0", "error": {"code": 1001, "message": "division by zero", "data": {"reason": "divisor is 0"}}, "id": 1}`), ctx)
	if !ok.Valid || len(ok.Findings) != 0 {
		t.Errorf("valid data: got %v", codes(ok, true))
	}
	bad := s.ValidateResponse([]byte(`{"jsonrpc": "2.0", "error": {"code": 1001, "message": "division by zero", "data": {"reason": ""}}, "id": 1}`), ctx)
	if got := codes(bad, false); !slices.Equal(got, []string{"length /error/data/reason"}) {
		t.Errorf("empty reason: got %v", got)
	}
	missing := s.ValidateResponse([]byte(`{"jsonrpc": "2.0", "error": {"code": 1001, "message": "division by zero"}, "id": 1}`), ctx)
	if got := codes(missing, false); !slices.Equal(got, []string{"error-data-missing /error"}) || missing.Findings[0].Shape.String() != "example#DivisionError$detail" {
		t.Errorf("no data: got %v", missing.Findings)
	}
}
