package rpc_test

import (
	"encoding/json"
	"testing"

	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// FuzzOptionalMethods sends a call of any method name with any params and
// any answer to the Lsp service of testdata/protocols.smithy, which
// declares optionalMethodPrefixes ["$/"]. A method the service does not
// model is method-not-found (or method-reserved) exactly when its name is
// not optional, and then the call's rpc_error is -32601; whatever answers
// such a call, or an optional one, the answer gets no result-unexpected or
// error-code-differs: a call is one finding.
func FuzzOptionalMethods(f *testing.F) {
	for _, s := range [][3]string{
		{"$/typescriptVersion", `{"version":"5.6.3"}`, `{"jsonrpc":"2.0","id":1,"result":null}`},
		{"$/custom", `[1,2]`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}`},
		{"$/cancelRequest", `{}`, `{"jsonrpc":"2.0","id":1,"result":{}}`},
		{"workspace/symbol", `{"query":"x"}`, `{"jsonrpc":"2.0","id":1,"result":[]}`},
		{"rpc.discover", ``, `{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"x"}}`},
		{"textDocument/hover", `{"uri":"f"}`, `{"jsonrpc":"2.0","id":1,"result":{"contents":"x"}}`},
	} {
		f.Add(s[0], s[1], s[2])
	}
	s := protocols(f, "Lsp")
	f.Fuzz(func(t *testing.T, method, params, answer string) {
		if len(params)+len(answer) > 4096 {
			return
		}
		name, err := json.Marshal(method)
		if err != nil {
			return
		}
		call := `{"jsonrpc":"2.0","method":` + string(name) + `,"id":1`
		if params != "" {
			call += `,"params":` + params
		}
		call += "}"
		x := s.NewExchange()
		sums := x.Feed(rpc.Client, []byte(call))
		callFindings := append([]sv.Finding(nil), x.LastFindings()...)
		x.Feed(rpc.Server, []byte(answer))
		answerFindings := x.LastFindings()
		// json.Marshal replaces invalid UTF-8: compare with what was sent.
		var sent string
		_ = json.Unmarshal(name, &sent)
		_, modelled := s.Method(sent)
		unknown := false
		for _, f := range callFindings {
			unknown = unknown || f.Code == rpc.CodeMethodNotFound || f.Code == rpc.CodeMethodReserved
		}
		envelopeOK := len(sums) == 1 && sums[0].Kind == rpc.KindRequest
		switch {
		case modelled || !envelopeOK:
		case s.Protocol().OptionalMethod(sent):
			if unknown || sums[0].RPCError != 0 {
				t.Fatalf("optional %q: findings %v, rpc_error %d", sent, callFindings, sums[0].RPCError)
			}
		default:
			if !unknown || sums[0].RPCError != rpc.MethodNotFound {
				t.Fatalf("unmodelled %q: findings %v, rpc_error %d", sent, callFindings, sums[0].RPCError)
			}
		}
		// The answer to a call of an unmodelled method (optional or not)
		// adds no finding about the call.
		if unknown || (!modelled && envelopeOK) {
			for _, f := range answerFindings {
				if f.Code == rpc.CodeResultUnexpected || f.Code == rpc.CodeErrorCodeDiffers {
					t.Fatalf("%q answered by %s: %v", sent, answer, answerFindings)
				}
			}
		}
	})
}
