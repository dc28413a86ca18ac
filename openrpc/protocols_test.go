package openrpc_test

import (
	"slices"
	"testing"

	"github.com/smithy-validation/go/openrpc"
)

// The protocol-profile members (rpc README, "Protocols that already
// exist"): a notification method has no result descriptor (OpenRPC 1.3: a
// method without one is used only as a notification), and what OpenRPC
// cannot say is kept in x-smithy-* fields.
const protocolsModel = head + `use smithy.rpc#cancels

@jsonRpc(versions: ["2.0"], batches: false, nullIds: "reject", idReuse: "reject", optionalMethodPrefixes: ["$/"])
service S { version: "1", operations: [Call, Cancelled], errors: [NotFound] }

@method(name: "tools/call", kind: "call", from: "client")
operation Call { input := { @required name: String }, output := { ok: Boolean } }

@method(name: "notifications/cancelled", kind: "notification")
@cancels(idMember: "requestId", response: "optional")
operation Cancelled { input := { @required requestId: Document, reason: String } }

@error("client")
@rpcError(code: -32002, reservedRange: true, noData: true)
structure NotFound {}
`

func TestProtocolProfile(t *testing.T) {
	res := convert(t, protocolsModel, "example#S", openrpc.Config{})
	d := res.Document
	cases := []struct{ name, ptr, want string }{
		{"methods by wire name", "/methods/0/name", `"notifications/cancelled"`},
		{"a call keeps its result", "/methods/1/result/name", `"result"`},
		{"kind and sender", "/methods/1/x-smithy-method", `{"kind":"call","from":"client"}`},
		{"cancels", "/methods/0/x-smithy-method", `{"kind":"notification","cancels":{"idMember":"requestId","response":"optional"}}`},
		{"service policies", "/x-smithy-jsonrpc", `{"versions":["2.0"],"batches":false,"nullIds":"reject","idReuse":"reject","optionalMethodPrefixes":["$/"]}`},
		{"a reserved-range error", "/methods/1/errors/0/code", `-32002`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := compact(at(t, d, c.ptr)); got != c.want {
				t.Errorf("%s = %s\nwant %s", c.ptr, got, c.want)
			}
		})
	}
	if m := at(t, d, "/methods/0"); func() bool { _, has := m.Get("result"); return has }() {
		t.Errorf("the notification method has a result descriptor: %s", compact(m))
	}
}

// With --extensions omit, each @jsonRpc member OpenRPC has no field for is
// a loss diagnostic, optionalMethodPrefixes among them: a client reading
// the document alone would not know that "$/" methods it does not list
// may come.
func TestProtocolProfileOmitted(t *testing.T) {
	res := convert(t, protocolsModel, "example#S", openrpc.Config{Extensions: openrpc.ExtensionsOmit})
	var got []string
	for _, d := range res.Diagnostics {
		if d.Code == openrpc.CodeLoss && d.Method == "" {
			got = append(got, d.Message)
		}
	}
	want := []string{ // sorted, as every diagnostic
		"@jsonRpc batches has no OpenRPC equivalent (x-smithy-jsonrpc omitted)",
		"@jsonRpc idReuse has no OpenRPC equivalent (x-smithy-jsonrpc omitted)",
		"@jsonRpc nullIds has no OpenRPC equivalent (x-smithy-jsonrpc omitted)",
		"@jsonRpc optionalMethodPrefixes has no OpenRPC equivalent (x-smithy-jsonrpc omitted)",
		"an optional member's null is its absence and a @nullable member's a value (RejectNullMembers refuses only the first), but both schemas take null: without x-smithy-null they do not say which, and an import makes every optional member @nullable",
	}
	if !slices.Equal(got, want) {
		t.Errorf("service loss diagnostics:\n%q\nwant\n%q", got, want)
	}
}
