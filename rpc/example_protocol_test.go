package rpc_test

import (
	"fmt"
	"strings"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
)

// An existing protocol modeled as it is: calls and notifications that
// cannot be mixed up, no batches, ids never reused, and a cancellation
// after which the call need not be answered (as in MCP).
func ExampleMethod_Kind() {
	const idl = `$version: "2"
namespace example
use smithy.rpc#cancels
use smithy.rpc#jsonRpc
use smithy.rpc#method

@jsonRpc(versions: ["2.0"], batches: false, idReuse: "reject")
service Tools { version: "1", operations: [CallTool, Cancelled] }

@method(name: "tools/call", kind: "call", from: "client")
operation CallTool { input := { @required name: String }, output := {} }

@method(name: "notifications/cancelled", kind: "notification")
@cancels(idMember: "requestId", response: "optional")
operation Cancelled { input := { @required requestId: Document } }
`
	a := assembly.New()
	if err := rpc.AddTraits(a); err != nil {
		panic(err)
	}
	if err := a.AddSource("tools.smithy", []byte(idl)); err != nil {
		panic(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		panic(fmt.Sprint(err, res.Events))
	}
	svc, err := rpc.Prepare(res.Model, shapeid.MustParse("example#Tools"))
	if err != nil {
		panic(err)
	}
	m, _ := svc.Method("notifications/cancelled")
	c, _ := m.Cancels()
	fmt.Println(m.Kind(), c.IDMember, c.ResponseRequired)

	for _, msg := range []string{
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1},"id":9}`,
		`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"}}`,
		`[{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"},"id":1}]`,
	} {
		r := svc.ValidateMessage([]byte(msg))
		fmt.Println(r.Findings[0].Code, r.Messages[0].RPCError)
	}

	// The cancelled call 1 is never answered, the transcript is complete:
	// no finding. Id 2 used again: an invalid request, answered so.
	transcript := strings.Join([]string{
		`{"from":"client","message":{"jsonrpc":"2.0","method":"tools/call","params":{"name":"slow"},"id":1}}`,
		`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}}`,
		`{"from":"client","message":{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"},"id":2}}`,
		`{"from":"server","message":{"jsonrpc":"2.0","result":{},"id":2}}`,
		`{"from":"client","message":{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"},"id":2}}`,
		`{"from":"server","message":{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":2}}`,
	}, "\n")
	r, _ := svc.ValidateTranscript(strings.NewReader(transcript), true)
	for _, f := range r.Findings {
		line, _ := f.Path.Document()
		fmt.Println(f.Code, "line", line, f.Path)
	}
	// Output:
	// notification requestId false
	// notification-with-id -32600
	// call-without-id -32600
	// batch-unsupported -32600
	// id-reused line 4 /id
}

// Methods that a peer may send although the model does not list them, as
// LSP's implementation-dependent "$/" messages: a notification is no
// finding, a call is none either however it is answered (MethodNotFound
// from a peer that does not implement it, or a result). Any other method
// the model does not list is method-not-found, once: its answer adds
// nothing.
func ExampleProtocol_OptionalMethod() {
	const idl = `$version: "2"
namespace example
use smithy.rpc#jsonRpc
use smithy.rpc#method

@jsonRpc(versions: ["2.0"], optionalMethodPrefixes: ["$/"])
service Editor { version: "1", operations: [Hover] }

@method(name: "textDocument/hover", kind: "call")
operation Hover { input := { @required uri: String }, output := { contents: String } }
`
	a := assembly.New()
	if err := rpc.AddTraits(a); err != nil {
		panic(err)
	}
	if err := a.AddSource("editor.smithy", []byte(idl)); err != nil {
		panic(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		panic(fmt.Sprint(err, res.Events))
	}
	svc, err := rpc.Prepare(res.Model, shapeid.MustParse("example#Editor"))
	if err != nil {
		panic(err)
	}
	p := svc.Protocol()
	fmt.Println(p.OptionalMethodPrefixes, p.OptionalMethod("$/typescriptVersion"), p.OptionalMethod("workspace/symbol"))

	transcript := strings.Join([]string{
		`{"from":"server","message":{"jsonrpc":"2.0","method":"$/typescriptVersion","params":{"version":"5.6.3"}}}`,
		`{"from":"client","message":{"jsonrpc":"2.0","method":"$/ping","id":1}}`,
		`{"from":"server","message":{"jsonrpc":"2.0","error":{"code":-32601,"message":"Unhandled method $/ping"},"id":1}}`,
		`{"from":"client","message":{"jsonrpc":"2.0","method":"workspace/symbol","params":{"query":"x"},"id":2}}`,
		`{"from":"server","message":{"jsonrpc":"2.0","result":[],"id":2}}`,
	}, "\n")
	r, _ := svc.ValidateTranscript(strings.NewReader(transcript), true)
	for _, f := range r.Findings {
		line, _ := f.Path.Document()
		fmt.Println(f.Code, "line", line, f.Path)
	}
	// Output:
	// [$/] true false
	// method-not-found line 3 /method
}
