package rpc_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
)

// rpc.discover is prepared only on request; then its params are none and
// its result any object.
func TestDiscoverExtension(t *testing.T) {
	m := calculator(t)
	svc := shapeid.MustParse("example#Calculator")
	plain, err := rpc.Prepare(m, svc, rpc.Version(rpc.V2_0))
	if err != nil {
		t.Fatal(err)
	}
	call := []byte(`{"jsonrpc":"2.0","method":"rpc.discover","id":1}`)
	r := plain.ValidateRequest(call)
	if got := summary(r.Messages[0]); got != "request id=1 method=rpc.discover rpc_error=-32601" || !slices.Equal(codes(r, true), []string{"method-reserved /method"}) {
		t.Errorf("without the extension: %q %q", got, codes(r, true))
	}
	s, err := rpc.Prepare(m, svc, rpc.Version(rpc.V2_0), rpc.SystemExtension(rpc.Discover))
	if err != nil {
		t.Fatal(err)
	}
	if got := s.SystemExtensions(); len(got) != 1 || got[0] != rpc.Discover {
		t.Errorf("SystemExtensions() = %v", got)
	}
	meth, ok := s.Method(rpc.Discover)
	if !ok || !meth.Operation().IsZero() || meth.Output() != rpc.DiscoverResultShape {
		t.Fatalf("method %v %v", meth, ok)
	}
	for _, c := range []struct {
		name, req, resp string
		valid           bool
		finding         string
	}{
		{"no params", `{"jsonrpc":"2.0","method":"rpc.discover","id":1}`, `{"jsonrpc":"2.0","result":{"openrpc":"1.3.2"},"id":1}`, true, ""},
		{"empty array", `{"jsonrpc":"2.0","method":"rpc.discover","params":[],"id":1}`, `{"jsonrpc":"2.0","result":{},"id":1}`, true, ""},
		{"empty object", `{"jsonrpc":"2.0","method":"rpc.discover","params":{},"id":1}`, `{"jsonrpc":"2.0","result":{"a":[1,{"b":null}]},"id":1}`, true, ""},
		{"a param", `{"jsonrpc":"2.0","method":"rpc.discover","params":[1],"id":1}`, `{"jsonrpc":"2.0","result":{},"id":1}`, false, "params-too-many [0]/params/0"},
		{"result not an object", `{"jsonrpc":"2.0","method":"rpc.discover","id":1}`, `{"jsonrpc":"2.0","result":"doc","id":1}`, false, "type [1]/result"},
		{"null result", `{"jsonrpc":"2.0","method":"rpc.discover","id":1}`, `{"jsonrpc":"2.0","result":null,"id":1}`, false, "[1]/result"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := s.ValidatePair([]byte(c.req), []byte(c.resp))
			if r.Valid != c.valid {
				t.Errorf("valid = %v: %v", r.Valid, r.Findings)
			}
			if c.finding != "" {
				all := codes(r, true)
				if !strings.Contains(strings.Join(all, ";"), c.finding) {
					t.Errorf("findings %q, want %q", all, c.finding)
				}
			}
		})
	}
	if _, err := rpc.Prepare(m, svc, rpc.Version(rpc.V2_0), rpc.SystemExtension("rpc.other")); err == nil || !strings.Contains(err.Error(), `unknown system extension "rpc.other"`) {
		t.Errorf("unknown extension: %v", err)
	}
}
