package rpc_test

import (
	"testing"

	"github.com/smithy-validation/go/rpc"
)

func forMethod(s *rpc.PreparedService, name string) func([]byte) *rpc.Result {
	m, ok := s.Method(name)
	if !ok {
		panic("no method " + name)
	}
	return func(b []byte) *rpc.Result { return s.ValidateResponse(b, rpc.ForMethod(m)) }
}

func bare(s *rpc.PreparedService) func([]byte) *rpc.Result {
	return func(b []byte) *rpc.Result { return s.ValidateResponse(b, rpc.BareResponse()) }
}

// 2.0 section 5: version and id required, exactly one of result and
// error; the null id is for parse and invalid-request errors.
func TestResponseEnvelope20(t *testing.T) {
	s, _ := rpc.EnvelopeOnly(rpc.V2_0)
	runMessages(t, s, bare(s), []messageCase{
		{"result", `{"jsonrpc":"2.0","result":19,"id":1}`, nil, []string{"response id=1"}},
		{"null result", `{"jsonrpc":"2.0","result":null,"id":1}`, nil, nil},
		{"array result", `{"jsonrpc":"2.0","result":["hello",5],"id":"9"}`, nil, nil},
		{"error", `{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":"1"}`, nil, []string{`error-response id="1"`}},
		{"both", `{"jsonrpc":"2.0","result":1,"error":{"code":1,"message":"x"},"id":1}`, []string{`result-and-error ""`}, []string{"invalid id=1"}},
		{"neither", `{"jsonrpc":"2.0","id":1}`, []string{`no-result-or-error ""`}, nil},
		{"no id", `{"jsonrpc":"2.0","result":1}`, []string{`id-missing ""`}, []string{"invalid"}},
		{"bad id type", `{"jsonrpc":"2.0","result":1,"id":[1]}`, []string{"id-type /id"}, nil},
		{"no version", `{"result":1,"error":null,"id":1}`, []string{`result-and-error ""`, `version-missing ""`, "error-type /error"}, nil},
		{"null id, parse error", `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}`, nil, []string{"error-response id=null"}},
		{"null id, invalid request", `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":null}`, nil, nil},
		{"null id, other error", `{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":null}`, []string{"response-null-id /id"}, nil},
		{"null id, result", `{"jsonrpc":"2.0","result":7,"id":null}`, []string{"response-null-id /id"}, nil},
		{"not an object", `"ok"`, []string{`not-object ""`}, []string{"invalid"}},
		{"empty array", `[]`, []string{`batch-response-empty ""`}, []string{"invalid"}},
	})
}

// 2.0 section 5.1: the error object, and protocol codes kept apart from
// application codes.
func TestErrorObject20(t *testing.T) {
	s, _ := rpc.EnvelopeOnly(rpc.V2_0)
	runMessages(t, s, bare(s), []messageCase{
		{"data of any type", `{"jsonrpc":"2.0","error":{"code":5,"message":"m","data":[1,{"a":null}]},"id":1}`, nil, nil},
		{"error is a string", `{"jsonrpc":"2.0","error":"boom","id":1}`, []string{"error-type /error"}, []string{"invalid id=1"}},
		{"error is null", `{"jsonrpc":"2.0","error":null,"id":1}`, []string{"error-type /error"}, nil},
		{"no code", `{"jsonrpc":"2.0","error":{"message":"m"},"id":1}`, []string{"error-code-missing /error"}, nil},
		{"string code", `{"jsonrpc":"2.0","error":{"code":"-32600","message":"m"},"id":1}`, []string{"error-code-type /error/code"}, nil},
		{"fractional code", `{"jsonrpc":"2.0","error":{"code":1.5,"message":"m"},"id":1}`, []string{"error-code-type /error/code"}, nil},
		{"whole code with fraction syntax", `{"jsonrpc":"2.0","error":{"code":-32601.0,"message":"m"},"id":1}`, nil, nil},
		{"huge code", `{"jsonrpc":"2.0","error":{"code":123456789012345678901234567890,"message":"m"},"id":1}`, nil, nil},
		{"no message", `{"jsonrpc":"2.0","error":{"code":1},"id":1}`, []string{"error-message-missing /error"}, nil},
		{"numeric message", `{"jsonrpc":"2.0","error":{"code":1,"message":2},"id":1}`, []string{"error-message-type /error/message"}, nil},
		{"long message is fine", `{"jsonrpc":"2.0","error":{"code":1,"message":"` + longText(5000) + `"},"id":1}`, nil, nil},
		{"server error range", `{"jsonrpc":"2.0","error":{"code":-32050,"message":"busy"},"id":1}`, nil, nil},
		{"internal error", `{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error"},"id":1}`, nil, nil},
		{"undefined reserved code", `{"jsonrpc":"2.0","error":{"code":-32500,"message":"?"},"id":1}`, []string{"error-code-reserved /error/code"}, nil},
		{"lowest reserved code", `{"jsonrpc":"2.0","error":{"code":-32768,"message":"?"},"id":1}`, []string{"error-code-reserved /error/code"}, nil},
		{"just outside the range", `{"jsonrpc":"2.0","error":{"code":-32769,"message":"?"},"id":1}`, nil, nil},
		{"duplicate key in error", `{"jsonrpc":"2.0","error":{"code":1,"code":2,"message":"m"},"id":1}`, []string{"duplicate-key /error/code"}, nil},
	})
}

func longText(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'x'
	}
	return string(b)
}

// Contextual payloads: the result selection (whole output, member, null)
// and application error data against the method's mappings.
func TestResponsePayloads20(t *testing.T) {
	s := service(t, rpc.V2_0)
	runMessages(t, s, forMethod(s, "subtract"), []messageCase{
		{"member result", `{"jsonrpc":"2.0","result":19,"id":1}`, nil, []string{"response id=1 method=subtract"}},
		{"member result, wrong type", `{"jsonrpc":"2.0","result":"19","id":1}`, []string{"type /result"}, nil},
		{"member result, null for required member", `{"jsonrpc":"2.0","result":null,"id":1}`, []string{"null /result"}, nil},
		{"member result, object", `{"jsonrpc":"2.0","result":{"value":19},"id":1}`, []string{"type /result"}, nil},
		{"protocol error: data unchecked", `{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params","data":{"any":1}},"id":1}`, nil, nil},
		{"service-level application error", `{"jsonrpc":"2.0","error":{"code":2002,"message":"busy","data":{"retryAfter":5}},"id":1}`, nil, nil},
		{"service-level error, bad data", `{"jsonrpc":"2.0","error":{"code":2002,"message":"busy","data":{"retryAfter":"soon"}},"id":1}`, []string{"type /error/data/retryAfter"}, nil},
		{"service-level error, no data", `{"jsonrpc":"2.0","error":{"code":2002,"message":"busy"},"id":1}`, []string{"error-data-missing /error"}, nil},
		{"operation error on another method", `{"jsonrpc":"2.0","error":{"code":1001,"message":"m","data":{"reason":"r"}},"id":1}`, []string{"error-code-undeclared /error/code"}, nil},
		{"unknown application code", `{"jsonrpc":"2.0","error":{"code":77,"message":"m"},"id":1}`, []string{"error-code-undeclared /error/code"}, nil},
	})
	runMessages(t, s, forMethod(s, "divide"), []messageCase{
		{"whole output", `{"jsonrpc":"2.0","result":{"quotient":3,"remainder":1},"id":1}`, nil, nil},
		{"whole output, missing member", `{"jsonrpc":"2.0","result":{"remainder":1},"id":1}`, []string{"required /result"}, nil},
		{"whole output, scalar", `{"jsonrpc":"2.0","result":3,"id":1}`, []string{"type /result"}, nil},
		{"data member", `{"jsonrpc":"2.0","error":{"code":1001,"message":"m","data":{"reason":"zero"}},"id":1}`, nil, nil},
		{"data member, bad", `{"jsonrpc":"2.0","error":{"code":1001,"message":"m","data":"zero"},"id":1}`, []string{"type /error/data"}, nil},
	})
	runMessages(t, s, forMethod(s, "notify_hello"), []messageCase{
		{"null result", `{"jsonrpc":"2.0","result":null,"id":1}`, nil, nil},
		{"non-null result", `{"jsonrpc":"2.0","result":0,"id":1}`, []string{"result-not-null /result"}, nil},
	})
	runMessages(t, s, forMethod(s, "get_data"), []messageCase{
		{"array of documents", `{"jsonrpc":"2.0","result":["hello",5],"id":"9"}`, nil, nil},
		{"scalar for a list", `{"jsonrpc":"2.0","result":"hello","id":"9"}`, []string{"type /result"}, nil},
		{"duplicate key in a document", `{"jsonrpc":"2.0","result":[{"a":1,"a":2}],"id":"9"}`, []string{"duplicate-key /result/0/a"}, nil},
	})
}

// A selected result member is checked against its effective contract: a
// member trait replaces the target's trait of the same ID.
func TestResultMemberEffectiveContract(t *testing.T) {
	s := service(t, rpc.V2_0)
	runMessages(t, s, forMethod(s, "ping"), []messageCase{
		{"within the member's range", `{"jsonrpc":"2.0","result":5,"id":1}`, nil, nil},
		{"within the target's range only", `{"jsonrpc":"2.0","result":50,"id":1}`, []string{"range /result"}, nil},
	})
	r := forMethod(s, "ping")([]byte(`{"jsonrpc":"2.0","result":50,"id":1}`))
	if got := r.Findings[0].Shape.String(); got != "example#PingOutput$pong" {
		t.Errorf("shape %s, want the member", got)
	}
}

// Without its request or method a response is checked as an envelope,
// and the result says so.
func TestBareResponseScope(t *testing.T) {
	s := service(t, rpc.V2_0)
	r := s.ValidateResponse([]byte(`{"jsonrpc":"2.0","result":"19","id":1}`), rpc.BareResponse())
	if !r.Valid || r.Scope != rpc.ScopeEnvelope || len(r.Findings) != 1 || r.Findings[0].Code != rpc.CodeResponseUnchecked {
		t.Errorf("bare: valid=%v scope=%s %v", r.Valid, r.Scope, codes(r, true))
	}
	e, _ := rpc.EnvelopeOnly(rpc.V2_0)
	r = e.ValidateResponse([]byte(`{"jsonrpc":"2.0","result":"19","id":1}`), rpc.BareResponse())
	if !r.Valid || r.Scope != rpc.ScopeEnvelope || len(r.Findings) != 0 {
		t.Errorf("envelope only: %v", codes(r, true))
	}
}

// 1.0 section 1.2: result, error and id all present; error null on
// success, result null on error; a null result is a success.
func TestResponses10(t *testing.T) {
	s := service(t, rpc.V1_0)
	runMessages(t, s, forMethod(s, "subtract"), []messageCase{
		{"success", `{"result":19,"error":null,"id":1}`, nil, []string{"response id=1 method=subtract"}},
		{"error", `{"result":null,"error":"division by zero","id":1}`, nil, []string{"error-response id=1 method=subtract"}},
		{"object error", `{"result":null,"error":{"name":"JSONRPCError","message":"x"},"id":1}`, nil, nil},
		{"both non-null", `{"result":19,"error":"x","id":1}`, []string{"result-and-error /result"}, []string{"invalid id=1 method=subtract"}},
		{"no error member", `{"result":19,"id":1}`, []string{`error-missing ""`}, nil},
		{"no result member", `{"error":"x","id":1}`, []string{`result-missing ""`}, nil},
		{"no id", `{"result":19,"error":null}`, []string{`id-missing ""`}, nil},
		{"marker", `{"jsonrpc":"2.0","result":19,"error":null,"id":1}`, []string{"version-forbidden /jsonrpc"}, nil},
		{"result checked", `{"result":"19","error":null,"id":1}`, []string{"type /result"}, nil},
		{"legacy error mapping", `{"result":null,"error":{"code":2002,"message":"busy","data":{"retryAfter":"x"}},"id":1}`, []string{"type /error/data/retryAfter"}, nil},
	})
	runMessages(t, s, forMethod(s, "notify_hello"), []messageCase{
		{"null success", `{"result":null,"error":null,"id":1}`, nil, []string{"response id=1 method=notify_hello"}},
	})
}
