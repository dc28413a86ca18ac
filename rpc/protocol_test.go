package rpc_test

import (
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
)

// protocols prepares a service of testdata/protocols.smithy.
func protocols(t testing.TB, name string, opts ...rpc.Option) *rpc.PreparedService {
	t.Helper()
	data, err := os.ReadFile("testdata/protocols.smithy")
	if err != nil {
		t.Fatal(err)
	}
	m := assemble(t, map[string]string{"protocols.smithy": string(data)})
	s, err := rpc.Prepare(m, shapeid.MustParse("example.protocols#"+name), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestProtocolPrepared checks what the profile traits prepare to.
func TestProtocolPrepared(t *testing.T) {
	mcp := protocols(t, "Mcp")
	if got := mcp.Protocol(); !reflect.DeepEqual(got, rpc.Protocol{Batches: false, NullIDs: rpc.RejectNullIDs, IDReuse: rpc.RejectIDReuse}) {
		t.Errorf("Mcp protocol: %+v", got)
	}
	init, _ := mcp.Method("notifications/initialized")
	if init.Kind() != rpc.NotificationKind || init.From() != rpc.ClientOnly {
		t.Errorf("initialized: %s from %s", init.Kind(), init.From())
	}
	cancel, _ := mcp.Method("notifications/cancelled")
	if c, ok := cancel.Cancels(); !ok || c.IDMember != "requestId" || c.ResponseRequired || cancel.From() != rpc.EitherPeer {
		t.Errorf("cancelled: %+v %v from %s", c, ok, cancel.From())
	}
	if _, ok := init.Cancels(); ok {
		t.Error("initialized cancels something")
	}
	e := mcp.ErrorMappings()
	if len(e) != 1 || e[0].Code() != -32002 || !e[0].ReservedRange() {
		t.Errorf("Mcp errors: %v", e)
	}
	lsp := protocols(t, "Lsp")
	if got := lsp.Protocol(); !reflect.DeepEqual(got, rpc.Protocol{Batches: true, OptionalMethodPrefixes: []string{"$/"}}) {
		t.Errorf("Lsp protocol (the defaults and \"$/\"): %+v", got)
	}
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"$/typescriptVersion", true},
		{"$/cancelRequest", true}, // optional by name; modelled, so checked all the same
		{"$/", true},
		{"$", false},
		{"textDocument/$/x", false},
		{"textDocument/semanticTokens/full", false},
	} {
		if got := lsp.Protocol().OptionalMethod(tc.name); got != tc.want {
			t.Errorf("OptionalMethod(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
	if (rpc.Protocol{OptionalMethodPrefixes: []string{"r"}}).OptionalMethod("rpc.discover") {
		t.Error(`"rpc." names are optional under the prefix "r"`)
	}
	lc, _ := lsp.Method("$/cancelRequest")
	if c, ok := lc.Cancels(); !ok || !c.ResponseRequired || lc.Kind() != rpc.NotificationKind {
		t.Errorf("$/cancelRequest: %+v %v", c, ok)
	}
	// A model without the members keeps today's meaning.
	calc := service(t, rpc.V2_0)
	sub, _ := calc.Method("subtract")
	if !reflect.DeepEqual(calc.Protocol(), rpc.Protocol{Batches: true}) || sub.Kind() != rpc.EitherKind || sub.From() != rpc.EitherPeer {
		t.Errorf("calculator: %+v %s %s", calc.Protocol(), sub.Kind(), sub.From())
	}
	env, _ := rpc.EnvelopeOnly(rpc.V2_0)
	if !reflect.DeepEqual(env.Protocol(), rpc.Protocol{Batches: true}) {
		t.Errorf("EnvelopeOnly: %+v", env.Protocol())
	}
}

// TestProtocolPrepareRejects checks the profile traits' preparation
// problems, each located, all of them reported at once.
func TestProtocolPrepareRejects(t *testing.T) {
	const svc = `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A] }
`
	cases := []struct {
		name  string
		model string
		want  []string // substrings of the problems, in order
	}{
		{"notification with output", svc + `@method(name: "a", kind: "notification") operation A { output := { v: Integer } }`,
			[]string{`never answered, but the operation has output example#AOutput`}},
		{"notification with resultMember", svc + `@method(name: "a", kind: "notification", resultMember: "v") operation A { }`,
			[]string{`never answered: resultMember selects nothing`, `resultMember names "v" but the operation has no output`}},
		{"notification with nullResult", svc + `@method(name: "a", kind: "notification", nullResult: true) operation A { }`,
			[]string{`never answered: nullResult describes nothing`}},
		{"notification with an error", svc + `@method(name: "a", kind: "notification") operation A { errors: [E] }
@error("client") @rpcError(code: 5) structure E {}`, []string{`lists error example#E, which has a JSON-RPC code`}},
		{"bad kind and from", svc + `@method(name: "a", kind: "both", from: "peer") operation A { }`,
			[]string{`kind must be "call", "notification" or "either", not "both"`, `from must be "client", "server" or "either", not "peer"`}},
		{"cancels on a call", svc + `@method(name: "a", kind: "call") @cancels(idMember: "id", response: "optional") operation A { input := { id: String } }`,
			[]string{`@cancels applies to notification methods: set @method(kind: "notification") (the method is "call")`}},
		{"cancels on either", svc + `@method(name: "a") @cancels(idMember: "id", response: "optional") operation A { input := { id: String } }`,
			[]string{`(the method is "either")`}},
		{"cancels idMember not a member", svc + `@method(name: "a", kind: "notification") @cancels(idMember: "requestId", response: "required") operation A { input := { id: String } }`,
			[]string{`idMember names "requestId", which is not a member of example#AInput`}},
		{"cancels without input", svc + `@method(name: "a", kind: "notification") @cancels(idMember: "id", response: "required") operation A { }`,
			[]string{`idMember names "id" but the operation has no input`}},
		{"cancels idMember a structure", svc + `@method(name: "a", kind: "notification") @cancels(idMember: "id", response: "required") operation A { input := { id: Box } }
structure Box {}`, []string{`idMember "id" targets example#Box, a structure, which cannot hold a request id`}},
		{"cancels bad response", svc + `@method(name: "a", kind: "notification") @cancels(idMember: "id", response: "maybe") operation A { input := { id: String } }`,
			[]string{`response must be "optional" or "required", not "maybe"`}},
		{"cancels without method", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A, B] }
@method(name: "a") operation A {}
@cancels(idMember: "id", response: "optional") operation B { input := { id: String } }`, []string{`the operation has no @method trait`}},
		{"reservedRange outside the range", `@jsonRpc(versions: ["2.0"]) service S { version: "1", errors: [E] }
@error("client") @rpcError(code: 5, reservedRange: true) structure E {}`, []string{`reservedRange is true but code 5 is outside -32768..-32000`}},
		{"reservedRange on invalid request", `@jsonRpc(versions: ["2.0"]) service S { version: "1", errors: [E] }
@error("client") @rpcError(code: -32600, reservedRange: true) structure E {}`, []string{`code -32600 is one that JSON-RPC itself defines (invalid request)`}},
		{"reservedRange on parse error", `@jsonRpc(versions: ["2.0"]) service S { version: "1", errors: [E] }
@error("client") @rpcError(code: -32700, reservedRange: true) structure E {}`, []string{`code -32700 is one that JSON-RPC itself defines (parse error)`}},
		{"reservedRange on internal error", `@jsonRpc(versions: ["2.0"]) service S { version: "1", errors: [E] }
@error("client") @rpcError(code: -32603, reservedRange: true) structure E {}`, []string{`code -32603 is one that JSON-RPC itself defines`}},
		{"reserved code says how", `@jsonRpc(versions: ["2.0"]) service S { version: "1", errors: [E] }
@error("client") @rpcError(code: -32002) structure E {}`, []string{`say so with reservedRange: true`}},
		{"reservedRange not a boolean", `@jsonRpc(versions: ["2.0"]) service S { version: "1", errors: [E] }
@error("client") @rpcError(code: -32002, reservedRange: "yes") structure E {}`, []string{`reservedRange must be a boolean`}},
		{"batches on 1.0 only", `@jsonRpc(versions: ["1.0"], batches: false) service S { version: "1" }`,
			[]string{`batches applies to JSON-RPC 2.0, but the service declares only 1.0`}},
		{"nullIds on 1.0 only", `@jsonRpc(versions: ["1.0"], nullIds: "reject") service S { version: "1" }`,
			[]string{`nullIds applies to JSON-RPC 2.0, but the service declares only 1.0`}},
		{"bad policies", `@jsonRpc(versions: ["2.0"], batches: "no", nullIds: "forbid", idReuse: "never") service S { version: "1" }`,
			[]string{`batches must be a boolean`, `nullIds must be "advise" or "reject", not "forbid"`, `idReuse must be "allow" or "reject", not "never"`}},
		{"optionalMethodPrefixes not a list", `@jsonRpc(versions: ["2.0"], optionalMethodPrefixes: "$/") service S { version: "1" }`,
			[]string{`optionalMethodPrefixes must be a list of method-name prefixes such as "$/", not "$/"`}},
		{"optionalMethodPrefixes: bad entries, each reported", `@jsonRpc(versions: ["2.0"], optionalMethodPrefixes: ["$/", 5, "", "rpc.x", "$/"]) service S { version: "1" }`,
			[]string{`an optional method prefix must be a string, not 5`, `must not be empty: it would make every method`,
				`optional method prefix "rpc.x" begins with "rpc."`, `optional method prefix "$/" is listed twice`}},
		{"every problem of every shape", `@jsonRpc(versions: ["1.0"], batches: false) service S { version: "1", operations: [A, B], errors: [E] }
@method(name: "a", kind: "notification", params: "positional", positional: ["x"]) operation A { input := { x: String }, output := { v: Integer } }
@method(name: "b", kind: "call", params: "positional", positional: ["id"]) @cancels(idMember: "nope", response: "optional") operation B { input := { id: String } }
@error("client") @rpcError(code: -32600, reservedRange: true) structure E {}`,
			[]string{`batches applies to JSON-RPC 2.0`, `never answered, but the operation has output`, `@cancels applies to notification methods`, `idMember names "nope"`, `-32600 is one that JSON-RPC itself defines`}},
		{"payload problems beside mapping problems, each once", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A, B, C] }
@method(name: "a", params: "positional") operation A { input: In }
@method(name: "b") operation B { input: In }
@method(name: "c") operation C { input: In }
structure In { @pattern("(") p: String }`,
			[]string{`there is no positional list`, `@smithy.api#pattern`}},
		{"payload problems of a failed mapping", `@jsonRpc(versions: ["2.0"]) service S { version: "1", operations: [A], errors: [E] }
@method(name: "a", params: "positional") operation A { input: In, output: Out }
structure In { @pattern("(") p: String }
structure Out { @pattern("[") q: String }
@error("client") @rpcError(code: -32000) structure E { @pattern("(") r: String }`,
			[]string{`there is no positional list`, `In$p: @smithy.api#pattern`, `Out$q: @smithy.api#pattern`, `-32000 is in the range`, `E$r: @smithy.api#pattern`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := assemble(t, map[string]string{"m.smithy": prepareHeader + "use smithy.rpc#cancels\n" + tc.model})
			_, err := rpc.Prepare(m, shapeid.MustParse("example#S"))
			wantModelError(t, err, tc.want)
		})
	}
}

// TestProtocolMessages checks kinds and policies on single messages, with
// the protocol error each deserves.
func TestProtocolMessages(t *testing.T) {
	mcp := protocols(t, "Mcp")
	cases := []struct {
		name, msg string
		findings  []string
		summary   []string
	}{
		{"notification sent with an id", `{"jsonrpc":"2.0","method":"notifications/initialized","id":3}`,
			[]string{"notification-with-id /id"}, []string{"request id=3 method=notifications/initialized rpc_error=-32600"}},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`,
			nil, []string{"notification method=notifications/initialized"}},
		{"call sent without an id", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"}}`,
			[]string{`call-without-id ""`}, []string{"notification method=tools/call rpc_error=-32600"}},
		{"call", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"},"id":"a"}`,
			nil, []string{`request id="a" method=tools/call`}},
		{"a batch", `[{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"},"id":1}]`,
			[]string{`batch-unsupported ""`}, []string{"invalid rpc_error=-32600"}},
		{"a null id", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"},"id":null}`,
			[]string{"id-null /id"}, []string{"invalid id=null method=tools/call rpc_error=-32600"}},
		{"wrong peer is not checked without a sender", `{"jsonrpc":"2.0","method":"sampling/createMessage","params":{},"id":1}`,
			nil, []string{"request id=1 method=sampling/createMessage"}},
	}
	for _, tc := range cases {
		r := mcp.ValidateMessage([]byte(tc.msg))
		if got := codes(r, true); !slices.Equal(got, tc.findings) {
			t.Errorf("%s: findings %q, want %q", tc.name, got, tc.findings)
		}
		var sums []string
		for _, m := range r.Messages {
			sums = append(sums, summary(m))
		}
		if !slices.Equal(sums, tc.summary) {
			t.Errorf("%s: summaries %q, want %q", tc.name, sums, tc.summary)
		}
	}
	// The same batch and null id under the defaults (Lsp): accepted.
	lsp := protocols(t, "Lsp")
	// Lsp's optionalMethodPrefixes ["$/"]: an unmodelled "$/" message is
	// allowed and unchecked, a modelled one checked, any other name still
	// method-not-found.
	for _, tc := range []struct {
		name, msg string
		findings  []string
		summary   string
	}{
		{"an unmodelled $/ notification", `{"jsonrpc":"2.0","method":"$/typescriptVersion","params":{"version":"5.6.3","source":"bundled"}}`,
			nil, "notification method=$/typescriptVersion"},
		{"an unmodelled $/ call", `{"jsonrpc":"2.0","method":"$/custom","params":[1,2],"id":4}`,
			nil, "request id=4 method=$/custom"},
		{"an unmodelled $/ call without params", `{"jsonrpc":"2.0","method":"$/custom","id":4}`,
			nil, "request id=4 method=$/custom"},
		{"a modelled $/ notification is checked", `{"jsonrpc":"2.0","method":"$/cancelRequest","params":{}}`,
			[]string{`required /params`}, "notification method=$/cancelRequest rpc_error=-32602"},
		{"an unmodelled $/ message still has its duplicate keys reported", `{"jsonrpc":"2.0","method":"$/custom","params":{"a":1,"a":2}}`,
			[]string{"duplicate-key /params/a"}, "notification method=$/custom"},
		{"the envelope of a $/ message is still checked", `{"jsonrpc":"2.0","method":"$/custom","params":5}`,
			[]string{"params-type /params"}, "invalid method=$/custom rpc_error=-32600"},
		{"another unmodelled name", `{"jsonrpc":"2.0","method":"textDocument/semanticTokens/full","params":{},"id":5}`,
			[]string{"method-not-found /method"}, "request id=5 method=textDocument/semanticTokens/full rpc_error=-32601"},
		{"rpc. stays reserved", `{"jsonrpc":"2.0","method":"rpc.discover","id":6}`,
			[]string{"method-reserved /method"}, "request id=6 method=rpc.discover rpc_error=-32601"},
	} {
		r := lsp.ValidateMessage([]byte(tc.msg))
		if got := codes(r, true); !slices.Equal(got, tc.findings) {
			t.Errorf("%s: findings %q, want %q", tc.name, got, tc.findings)
		}
		if len(r.Messages) != 1 || summary(r.Messages[0]) != tc.summary {
			t.Errorf("%s: summaries %v, want %q", tc.name, r.Messages, tc.summary)
		}
	}
	if r := lsp.ValidateMessage([]byte(`[{"jsonrpc":"2.0","method":"textDocument/hover","params":{"uri":"f"},"id":1}]`)); !r.Valid || len(r.Findings) != 0 {
		t.Errorf("Lsp batch: %q", codes(r, true))
	}
	if got := codes(lsp.ValidateMessage([]byte(`{"jsonrpc":"2.0","method":"textDocument/hover","params":{"uri":"f"},"id":null}`)), true); !slices.Equal(got, []string{"id-null /id"}) {
		t.Errorf("Lsp null id: %q", got)
	} else if r := lsp.ValidateMessage([]byte(`{"jsonrpc":"2.0","method":"textDocument/hover","params":{"uri":"f"},"id":null}`)); !r.Valid {
		t.Error("Lsp null id is not an advisory")
	}
}

// TestProtocolReservedRange checks that a protocol-defined code in the
// reserved range is an application error: declared, its data checked.
func TestProtocolReservedRange(t *testing.T) {
	mcp := protocols(t, "Mcp")
	read := `{"jsonrpc":"2.0","method":"resources/read","params":{"uri":"file:///x"},"id":1}`
	cases := []struct {
		name, response string
		findings       []string
	}{
		{"data checked, valid", `{"jsonrpc":"2.0","error":{"code":-32002,"message":"Resource not found","data":"file:///x"},"id":1}`, nil},
		{"data checked, invalid", `{"jsonrpc":"2.0","error":{"code":-32002,"message":"Resource not found","data":{"uri":"file:///x"}},"id":1}`,
			[]string{"type /error/data"}},
		{"data missing", `{"jsonrpc":"2.0","error":{"code":-32002,"message":"Resource not found"},"id":1}`,
			[]string{"error-data-missing /error"}},
		{"another server error stays generic", `{"jsonrpc":"2.0","error":{"code":-32001,"message":"x","data":[1]},"id":1}`, nil},
	}
	for _, tc := range cases {
		r := mcp.ValidateResponse([]byte(tc.response), rpc.ForRequest([]byte(read)))
		if got := codes(r, true); !slices.Equal(got, tc.findings) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.findings)
		}
	}
	// LSP's -32800 is below the reserved range, a plain application code;
	// its -32002 is inside, declared with reservedRange.
	lsp := protocols(t, "Lsp")
	hover := `{"jsonrpc":"2.0","method":"textDocument/hover","params":{"uri":"f"},"id":1}`
	if got := codes(lsp.ValidateResponse([]byte(`{"jsonrpc":"2.0","error":{"code":-32800,"message":"cancelled"},"id":1}`), rpc.ForRequest([]byte(hover))), true); len(got) != 0 {
		t.Errorf("declared -32800: %q", got)
	}
	if got := codes(lsp.ValidateResponse([]byte(`{"jsonrpc":"2.0","error":{"code":-32800,"message":"cancelled","data":1},"id":1}`), rpc.ForRequest([]byte(hover))), true); !slices.Equal(got, []string{"error-data-unexpected /error/data"}) {
		t.Errorf("-32800 with data: %q", got)
	}
	if got := codes(lsp.ValidateResponse([]byte(`{"jsonrpc":"2.0","error":{"code":-32002,"message":"not initialized","data":1},"id":1}`), rpc.ForRequest([]byte(hover))), true); !slices.Equal(got, []string{"error-data-unexpected /error/data"}) {
		t.Errorf("-32002 with data: %q", got)
	}
	if got := codes(lsp.ValidateResponse([]byte(`{"jsonrpc":"2.0","error":{"code":-32050,"message":"x"},"id":1}`), rpc.ForRequest([]byte(hover))), true); len(got) != 0 {
		t.Errorf("an undeclared server error: %q", got)
	}
	if got := codes(lsp.ValidateResponse([]byte(`{"jsonrpc":"2.0","error":{"code":-32700,"message":"x"},"id":1}`), rpc.ForRequest([]byte(hover))), true); len(got) != 0 {
		t.Errorf("a protocol error: %q", got)
	}
	if got := codes(lsp.ValidateResponse([]byte(`{"jsonrpc":"2.0","error":{"code":-32500,"message":"x"},"id":1}`), rpc.ForRequest([]byte(hover))), true); !slices.Equal(got, []string{"error-code-reserved /error/code"}) {
		t.Errorf("an undeclared reserved code: %q", got)
	}
	// Without a model nothing is declared.
	env, _ := rpc.EnvelopeOnly(rpc.V2_0)
	if got := codes(env.ValidateMessage([]byte(`{"jsonrpc":"2.0","error":{"code":-32500,"message":"x"},"id":1}`)), true); !slices.Equal(got, []string{"error-code-reserved /error/code"}) {
		t.Errorf("envelope only: %q", got)
	}
}

// TestProtocolExchanges checks the profile rules that need an exchange:
// senders, id reuse, cancellation.
func TestProtocolExchanges(t *testing.T) {
	call := func(id, method string) string {
		return `{"jsonrpc":"2.0","method":"` + method + `","params":{"name":"x"},"id":` + id + `}`
	}
	ok := func(id string) string { return `{"jsonrpc":"2.0","result":{},"id":` + id + `}` }
	runExchanges(t, protocols(t, "Mcp"), []exchangeCase{
		{name: "a call from the wrong peer",
			lines:    []string{line("server", call("1", "tools/call")), line("client", ok("1"))},
			findings: []string{"method-wrong-peer [0]/method"}},
		{name: "a server call from the server",
			lines: []string{line("server", `{"jsonrpc":"2.0","method":"sampling/createMessage","params":{},"id":1}`), line("client", ok("1"))}},
		{name: "an id reused after its answer",
			lines:    []string{line("client", call("1", "tools/call")), line("server", ok("1")), line("client", call("1", "tools/call")), line("server", ok("1"))},
			findings: []string{"id-reused [2]/id", "result-unexpected [3]/result"}},
		{name: "an id reused while outstanding",
			lines:    []string{line("client", call("7", "tools/call")), line("client", call("7", "tools/call"))},
			findings: []string{"id-reused [1]/id"}},
		{name: "the same id from each peer is no reuse",
			lines: []string{line("client", call("1", "tools/call")), line("server", ok("1")),
				line("server", `{"jsonrpc":"2.0","method":"sampling/createMessage","params":{},"id":1}`), line("client", ok("1"))}},
		{name: "a cancelled call left unanswered (response optional)", complete: true,
			lines: []string{line("client", call("1", "tools/call")), line("client", call("2", "tools/call")),
				line("client", `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"user"}}`),
				line("server", ok("2"))}},
		{name: "a cancellation names another peer's call", complete: true,
			lines: []string{line("client", call("1", "tools/call")),
				line("server", `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`)},
			findings: []string{`response-missing [0]""`}},
		{name: "a cancelled call answered anyway", complete: true,
			lines: []string{line("client", call("1", "tools/call")),
				line("client", `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`), line("server", ok("1"))}},
	})
	runExchanges(t, protocols(t, "Lsp"), []exchangeCase{
		{name: "a cancelled request left unanswered (response required)", complete: true,
			lines: []string{line("client", `{"jsonrpc":"2.0","method":"textDocument/hover","params":{"uri":"f"},"id":1}`),
				line("client", `{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}`)},
			findings: []string{`response-missing [0]""`}},
		{name: "a cancelled request answered with its error", complete: true,
			lines: []string{line("client", `{"jsonrpc":"2.0","method":"textDocument/hover","params":{"uri":"f"},"id":1}`),
				line("client", `{"jsonrpc":"2.0","method":"$/cancelRequest","params":[1]}`),
				line("server", `{"jsonrpc":"2.0","error":{"code":-32800,"message":"cancelled"},"id":1}`)}},
		{name: "an id reused under the default", complete: true,
			lines: []string{line("client", `{"jsonrpc":"2.0","method":"textDocument/hover","params":{"uri":"f"},"id":1}`), line("server", ok("1")),
				line("client", `{"jsonrpc":"2.0","method":"textDocument/hover","params":{"uri":"f"},"id":1}`), line("server", ok("1"))}},
		{name: "a server notification from the client",
			lines:    []string{line("client", `{"jsonrpc":"2.0","method":"window/showMessage","params":{"message":"m"}}`)},
			findings: []string{"method-wrong-peer [0]/method"}},
		// optionalMethodPrefixes ["$/"]: LSP's implementation-dependent
		// messages, as typescript-language-server sends them.
		{name: "an unmodelled $/ notification from the server", complete: true,
			lines: []string{line("server", `{"jsonrpc":"2.0","method":"$/typescriptVersion","params":{"version":"5.6.3","source":"bundled"}}`)}},
		{name: "an unmodelled $/ call answered with MethodNotFound", complete: true,
			lines: []string{line("client", `{"jsonrpc":"2.0","method":"$/custom","params":{},"id":1}`),
				line("server", `{"jsonrpc":"2.0","error":{"code":-32601,"message":"Unhandled method $/custom"},"id":1}`)}},
		{name: "an unmodelled $/ call answered with a result", complete: true,
			lines: []string{line("server", `{"jsonrpc":"2.0","method":"$/custom","id":1}`),
				line("client", `{"jsonrpc":"2.0","result":{"any":"thing"},"id":1}`)}},
		{name: "an unmodelled $/ call is still a call: it is answered", complete: true,
			lines:    []string{line("client", `{"jsonrpc":"2.0","method":"$/custom","id":1}`)},
			findings: []string{`response-missing [0]""`}},
		{name: "an unmodelled call is one finding, however it is answered", complete: true,
			lines: []string{line("client", `{"jsonrpc":"2.0","method":"workspace/symbol","params":{"query":"x"},"id":2}`),
				line("server", `{"jsonrpc":"2.0","result":[],"id":2}`),
				line("client", `{"jsonrpc":"2.0","method":"textDocument/semanticTokens/full","params":{},"id":3}`),
				line("server", `{"jsonrpc":"2.0","error":{"code":-32601,"message":"Unhandled method"},"id":3}`)},
			findings: []string{"method-not-found [0]/method", "method-not-found [2]/method"}},
	})
	// ValidatePair does not say who sent the request: no sender check.
	mcp := protocols(t, "Mcp")
	if r := mcp.ValidatePair([]byte(`{"jsonrpc":"2.0","method":"sampling/createMessage","params":{},"id":1}`), []byte(ok("1"))); len(r.Findings) != 0 {
		t.Errorf("pair: %q", codes(r, true))
	}
}

// TestProtocolReuseLimit checks that the ids remembered for idReuse
// "reject" are bounded.
func TestProtocolReuseLimit(t *testing.T) {
	s := protocols(t, "Mcp", rpc.MaxOutstanding(3))
	x := s.NewExchange()
	for i := 0; i < 5; i++ {
		x.Feed(rpc.Client, []byte(`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"},"id":`+itoa(i)+`}`))
		x.Feed(rpc.Server, []byte(`{"jsonrpc":"2.0","result":{},"id":`+itoa(i)+`}`))
	}
	x.Feed(rpc.Client, []byte(`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"},"id":4}`))
	r := x.Finish(false)
	if got := codes(r, true); !slices.Equal(got, []string{`outstanding-limit [6]""`}) || r.Complete {
		t.Errorf("limit: %q complete=%v", got, r.Complete)
	}
}

// wantModelError checks that err is a *rpc.ModelError whose text holds
// want in order, every problem located in m.smithy, none repeated.
func wantModelError(t *testing.T, err error, want []string) {
	t.Helper()
	var me *rpc.ModelError
	if !errors.As(err, &me) {
		t.Fatalf("got %v, want a *rpc.ModelError", err)
	}
	text := err.Error()
	at := 0
	for _, w := range want {
		i := strings.Index(text[at:], w)
		if i < 0 {
			t.Fatalf("missing %q (in order) in\n%s", w, text)
		}
		at += i + len(w)
	}
	for i, p := range me.Problems {
		if p.Source.File != "m.smithy" || !p.Source.Pos.IsValid() {
			t.Errorf("problem not located: %s", p)
		}
		if i > 0 && p == me.Problems[i-1] {
			t.Errorf("problem repeated: %s", p)
		}
	}
}

// TestProtocolKinds10 checks kinds under JSON-RPC 1.0, where a null id
// marks a notification, and that the 2.0-only policies leave 1.0 alone.
func TestProtocolKinds10(t *testing.T) {
	m := assemble(t, map[string]string{"m.smithy": prepareHeader + `
@jsonRpc(versions: ["1.0", "2.0"], batches: false, nullIds: "reject")
service S { version: "1", operations: [Call, Note] }
@method(name: "call", kind: "call", params: "positional", positional: []) operation Call {}
@method(name: "note", kind: "notification", params: "positional", positional: []) operation Note {}
`})
	s, err := rpc.Prepare(m, shapeid.MustParse("example#S"), rpc.Version(rpc.V1_0))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ msg, want string }{
		{`{"method":"call","params":[],"id":null}`, `call-without-id ""`},
		{`{"method":"note","params":[],"id":1}`, "notification-with-id /id"},
		{`{"method":"call","params":[],"id":1}`, ""},
		{`{"method":"note","params":[],"id":null}`, ""},
		{`[{"method":"call","params":[],"id":1}]`, `batch-unsupported ""`},
	}
	for _, tc := range cases {
		got := strings.Join(codes(s.ValidateMessage([]byte(tc.msg)), true), ",")
		if got != tc.want {
			t.Errorf("%s: %q, want %q", tc.msg, got, tc.want)
		}
	}
}
