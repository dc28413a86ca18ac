package rpc_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
)

// calculatorIDL is the seed's calculator, with an application error.
const calculatorIDL = `$version: "2"
namespace example

use smithy.rpc#jsonRpc
use smithy.rpc#method
use smithy.rpc#rpcError

@jsonRpc(versions: ["1.0", "2.0"])
service Calculator { version: "1", operations: [Subtract], errors: [CalculatorError] }

@method(name: "subtract", params: "either",
    positional: ["minuend", "subtrahend"], resultMember: "value")
operation Subtract { input: SubtractInput, output: SubtractOutput }

structure SubtractInput {
    @required
    minuend: Integer
    @required
    subtrahend: Integer
}

structure SubtractOutput { @required value: Integer }

@error("client")
@rpcError(code: 1001, dataMember: "detail")
structure CalculatorError {
    @required
    message: String
    detail: ErrorDetail
}

structure ErrorDetail {
    @required
    @length(min: 1)
    reason: String
}
`

// loadCalculator assembles the model with the smithy.rpc traits.
func loadCalculator() *model.Model {
	a := assembly.New()
	if err := rpc.AddTraits(a); err != nil {
		panic(err)
	}
	if err := a.AddSource("calculator.smithy", []byte(calculatorIDL)); err != nil {
		panic(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		panic(fmt.Sprint(err, res.Events))
	}
	return res.Model
}

// Prepare a service once, then check requests: positional and named
// params, and a value of the wrong type, reported at /params/1 on the
// member it stands for.
func ExamplePrepare() {
	svc, err := rpc.Prepare(loadCalculator(), shapeid.MustParse("example#Calculator"), rpc.Version(rpc.V2_0))
	if err != nil {
		panic(err)
	}
	for _, msg := range []string{
		`{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}`,
		`{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": 2}`,
		`{"jsonrpc": "2.0", "method": "subtract", "params": [42, "23"], "id": 3}`,
	} {
		r := svc.ValidateRequest([]byte(msg))
		fmt.Println(r.Valid, r.Messages[0].RPCError)
		for _, f := range r.Findings {
			fmt.Println(f.Path, f.Shape, f.Code)
		}
	}
	// Output:
	// true 0
	// true 0
	// false -32602
	// /params/1 example#SubtractInput$subtrahend type
}

// A response is checked against its method's result selection: here the
// output member "value". Error data is checked against @rpcError's data
// member.
func ExamplePreparedService_ValidateResponse() {
	svc, _ := rpc.Prepare(loadCalculator(), shapeid.MustParse("example#Calculator"), rpc.Version(rpc.V2_0))
	subtract, _ := svc.Method("subtract")
	ctx := rpc.ForMethod(subtract)
	for _, msg := range []string{
		`{"jsonrpc": "2.0", "result": 19, "id": 1}`,
		`{"jsonrpc": "2.0", "result": "19", "id": 1}`,
		`{"jsonrpc": "2.0", "error": {"code": 1001, "message": "no", "data": {"reason": ""}}, "id": 1}`,
	} {
		r := svc.ValidateResponse([]byte(msg), ctx)
		fmt.Print(r.Valid, " ", r.Scope)
		for _, f := range r.Findings {
			fmt.Print(" ", f.Path, " ", f.Shape, " ", f.Code)
		}
		fmt.Println()
	}
	// Output:
	// true operation
	// false operation /result example#SubtractOutput$value type
	// false operation /error/data/reason example#ErrorDetail$reason length
}

// An exchange correlates responses with calls by exact id, and streams:
// it keeps only the calls still awaiting a response. JSON-RPC 1.0 is
// peer-to-peer, so either side may call.
func ExampleExchange() {
	svc, _ := rpc.Prepare(loadCalculator(), shapeid.MustParse("example#Calculator"), rpc.Version(rpc.V1_0))
	x := svc.NewExchange()
	x.Feed(rpc.Client, []byte(`{"method": "subtract", "params": [42, 23], "id": 1}`))
	x.Feed(rpc.Client, []byte(`{"method": "subtract", "params": [23, 42], "id": 2}`))
	x.Feed(rpc.Server, []byte(`{"result": -19, "error": null, "id": 2}`))
	x.Feed(rpc.Server, []byte(`{"result": 19, "error": null, "id": 3}`))
	r := x.Finish(true) // the transcript is complete: unanswered calls are reported
	fmt.Print(r.Text())
	// Output:
	// [0] 1:1: error response-missing "" -: the transcript is complete but the call of "subtract" with id 1 at index 0 from the client was never answered
	// [3] 1:37: error response-unsolicited /id -: no outstanding call of the client has id 3
}

// Without a model, EnvelopeOnly checks the protocol alone; each message's
// summary says what a conforming peer answers it with.
func ExampleEnvelopeOnly() {
	svc, _ := rpc.EnvelopeOnly(rpc.V2_0)
	r := svc.ValidateMessage([]byte(`[{"jsonrpc": "2.0", "method": "sum", "params": [1, 2], "id": "1"}, {"foo": "boo"}, 3]`))
	for _, m := range r.Messages {
		fmt.Println(m.Element, m.Kind, m.RPCError)
	}
	fmt.Println(r.Scope)
	// Output:
	// -1 batch 0
	// 0 request 0
	// 1 invalid -32600
	// 2 invalid -32600
	// envelope
}

// A transcript is JSON Lines; the result renders as the validate-rpc
// command prints it.
func ExamplePreparedService_ValidateTranscript() {
	svc, _ := rpc.EnvelopeOnly(rpc.V2_0)
	transcript := `{"from": "client", "text": "{\"jsonrpc\": \"2.0\", \"method\": \"foobar, \"params\": \"bar\", \"baz]"}
{"from": "server", "message": {"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}, "id": null}}
`
	r, err := svc.ValidateTranscript(strings.NewReader(transcript), true)
	if err != nil {
		panic(err)
	}
	os.Stdout.Write(r.AppendJSON(nil))
	fmt.Println()
	// Output:
	// {"valid":false,"complete":true,"scope":"envelope","findings":[{"severity":"error","class":"envelope","code":"parse-error","index":0,"path":"","message":"not valid JSON (at 1:40 of the text): expected ',' or '}' after object member, found 'p'"}],"messages":[{"index":0,"kind":"invalid","rpc_error":-32700},{"index":1,"kind":"error-response","id":null,"rpc_error":null}]}
}

// StreamTranscript hands each line's summaries over as the line is read,
// so that a caller can render them at once and keep nothing.
func ExamplePreparedService_StreamTranscript() {
	svc, _ := rpc.EnvelopeOnly(rpc.V2_0)
	transcript := `{"from": "client", "message": {"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}}
{"from": "server", "message": {"jsonrpc": "2.0", "result": 19, "id": 1}}
{"from": "server", "message": {"jsonrpc": "2.0", "result": 19, "id": 1}}
`
	r, err := svc.StreamTranscript(strings.NewReader(transcript), true, func(ms []rpc.MessageSummary) {
		for _, m := range ms {
			os.Stdout.Write(m.AppendText(nil))
		}
	})
	if err != nil {
		panic(err)
	}
	os.Stdout.Write(r.AppendText(nil))
	// Output:
	// [0] request id=1 method="subtract"
	// [1] response id=1 method="subtract"
	// [2] response id=1
	// [2] 3:70: error response-duplicate /id -: a second response to the client's call with id 1, which was already answered
	// invalid (scope: envelope)
}

// WriteTranscript writes a transcript's whole result, verdict first, while
// it reads the transcript: what the validate-rpc command prints.
func ExamplePreparedService_WriteTranscript() {
	svc, _ := rpc.EnvelopeOnly(rpc.V2_0)
	transcript := `{"from": "client", "message": {"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}}
{"from": "server", "message": {"jsonrpc": "2.0", "result": 19, "id": 1}}
`
	if _, err := svc.WriteTranscript(os.Stdout, strings.NewReader(transcript), rpc.FormatJSON, true); err != nil {
		panic(err)
	}
	// Output:
	// {"valid":true,"complete":true,"scope":"envelope","findings":[],"messages":[{"index":0,"kind":"request","id":1,"method":"subtract","rpc_error":null},{"index":1,"kind":"response","id":1,"method":"subtract","rpc_error":null}]}
}
