package rpc_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// messageCase is one message checked on its own: the findings it must
// give (code and path, advisories included) and its summaries.
type messageCase struct {
	name     string
	msg      string
	findings []string
	messages []string
}

func runMessages(t *testing.T, s *rpc.PreparedService, validate func([]byte) *rpc.Result, cases []messageCase) {
	t.Helper()
	for _, tc := range cases {
		r := validate([]byte(tc.msg))
		if got := codes(r, true); !slices.Equal(got, tc.findings) {
			t.Errorf("%s: %s\n  findings: got %q\n           want %q", tc.name, tc.msg, got, tc.findings)
			for _, f := range r.Findings {
				t.Logf("    %s", f)
			}
		}
		var got []string
		for _, m := range r.Messages {
			got = append(got, summary(m))
		}
		if tc.messages != nil && !slices.Equal(got, tc.messages) {
			t.Errorf("%s: %s\n  messages: got %q\n           want %q", tc.name, tc.msg, got, tc.messages)
		}
		wantValid := true
		for _, f := range r.Findings {
			if f.Severity == sv.SeverityError {
				wantValid = false
			}
		}
		if r.Valid != wantValid {
			t.Errorf("%s: Valid = %v with findings %q", tc.name, r.Valid, got)
		}
	}
}

// 2.0 sections 1-3 and 4: the version marker is exact, and a 1.0 message
// does not silently become 2.0.
func TestVersionMarker20(t *testing.T) {
	s := service(t, rpc.V2_0)
	runMessages(t, s, s.ValidateRequest, []messageCase{
		{"exact", `{"jsonrpc":"2.0","method":"subtract","params":[2,1],"id":1}`, nil, []string{"request id=1 method=subtract"}},
		{"missing (a 1.0 request)", `{"method":"subtract","params":[2,1],"id":1}`,
			[]string{`version-missing ""`}, []string{"invalid id=1 method=subtract rpc_error=-32600"}},
		{"number", `{"jsonrpc":2.0,"method":"subtract","params":[2,1],"id":1}`, []string{"version-mismatch /jsonrpc"}, nil},
		{"short", `{"jsonrpc":"2","method":"subtract","params":[2,1],"id":1}`, []string{"version-mismatch /jsonrpc"}, nil},
		{"padded", `{"jsonrpc":"2.0 ","method":"subtract","params":[2,1],"id":1}`, []string{"version-mismatch /jsonrpc"}, nil},
		{"1.1 draft", `{"jsonrpc":"1.1","method":"subtract","params":[2,1],"id":1}`, []string{"version-mismatch /jsonrpc"}, nil},
		{"null", `{"jsonrpc":null,"method":"subtract","params":[2,1],"id":1}`, []string{"version-mismatch /jsonrpc"}, nil},
		{"member name case", `{"JSONRPC":"2.0","method":"subtract","params":[2,1],"id":1}`, []string{`version-missing ""`}, nil},
	})
}

// The 1.0 profile rejects a jsonrpc marker instead of guessing.
func TestVersionMarker10(t *testing.T) {
	s := service(t, rpc.V1_0)
	runMessages(t, s, s.ValidateRequest, []messageCase{
		{"no marker", `{"method":"subtract","params":[2,1],"id":1}`, nil, []string{"request id=1 method=subtract"}},
		{"2.0 marker", `{"jsonrpc":"2.0","method":"subtract","params":[2,1],"id":1}`,
			[]string{"version-forbidden /jsonrpc"}, []string{"invalid id=1 method=subtract rpc_error=-32600"}},
	})
}

// 2.0 section 4: method is a string, matched exactly (case-sensitive),
// looked up in the service; rpc. names are reserved.
func TestRequestMethod(t *testing.T) {
	s := service(t, rpc.V2_0)
	runMessages(t, s, s.ValidateRequest, []messageCase{
		{"missing", `{"jsonrpc":"2.0","params":[2,1],"id":1}`, []string{`method-missing ""`}, []string{"invalid id=1 rpc_error=-32600"}},
		{"number", `{"jsonrpc":"2.0","method":1,"params":"bar"}`, []string{"method-type /method", "params-type /params"}, []string{"invalid rpc_error=-32600"}},
		{"unknown", `{"jsonrpc":"2.0","method":"foobar","id":"1"}`, []string{"method-not-found /method"}, []string{`request id="1" method=foobar rpc_error=-32601`}},
		{"wrong case", `{"jsonrpc":"2.0","method":"Subtract","params":[2,1],"id":1}`, []string{"method-not-found /method"}, nil},
		{"reserved", `{"jsonrpc":"2.0","method":"rpc.discover","id":1}`, []string{"method-reserved /method"}, []string{"request id=1 method=rpc.discover rpc_error=-32601"}},
		{"empty name", `{"jsonrpc":"2.0","method":"","id":1}`, []string{"method-not-found /method"}, nil},
	})
	r := s.ValidateRequest([]byte(`{"jsonrpc":"2.0","method":"SUBTRACT","params":[2,1],"id":1}`))
	if !strings.Contains(r.Findings[0].Message, `did you mean "subtract"`) {
		t.Errorf("no case hint: %s", r.Findings[0].Message)
	}
}

// An operation of the service without @method is no method, and the
// method-not-found finding names it when a call uses its name.
func TestMethodNotFoundNamesUnmappedOperation(t *testing.T) {
	m := assemble(t, map[string]string{"s.smithy": `$version: "2"
namespace ex
use smithy.rpc#jsonRpc
use smithy.rpc#method
@jsonRpc(versions: ["2.0"])
service S { version: "1", operations: [Add, Multiply] }
@method(name: "add")
operation Add { input := { a: Integer } }
operation Multiply { input := { a: Integer } }
`})
	s, err := rpc.Prepare(m, shapeid.MustParse("ex#S"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, method, want string }{
		{"the operation's name", "multiply", "operation ex#Multiply exists but has no @method trait"},
		{"no such operation", "divide", ""},
	} {
		r := s.ValidateRequest([]byte(`{"jsonrpc":"2.0","method":"` + tc.method + `","id":1}`))
		if len(r.Findings) != 1 || r.Findings[0].Code != rpc.CodeMethodNotFound {
			t.Fatalf("%s: findings %v", tc.name, r.Findings)
		}
		msg := r.Findings[0].Message
		if (tc.want == "" && strings.Contains(msg, "@method")) || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: message %q, want %q", tc.name, msg, tc.want)
		}
	}
}

// 2.0 sections 4 and 4.2: params is omitted, an object or an array; names
// match exactly; positions follow the explicit list.
func TestParams20(t *testing.T) {
	s := service(t, rpc.V2_0)
	runMessages(t, s, s.ValidateRequest, []messageCase{
		{"positional", `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`, nil, nil},
		{"positional reversed", `{"jsonrpc":"2.0","method":"subtract","params":[23,42],"id":2}`, nil, nil},
		{"named", `{"jsonrpc":"2.0","method":"subtract","params":{"subtrahend":23,"minuend":42},"id":3}`, nil, nil},
		{"named, wrong case", `{"jsonrpc":"2.0","method":"subtract","params":{"Minuend":42,"subtrahend":23},"id":3}`,
			[]string{"required /params", "unknown-member /params/Minuend"}, []string{"request id=3 method=subtract rpc_error=-32602"}},
		{"null params", `{"jsonrpc":"2.0","method":"subtract","params":null,"id":1}`, []string{"params-type /params"}, []string{"invalid id=1 method=subtract rpc_error=-32600"}},
		{"string params", `{"jsonrpc":"2.0","method":"subtract","params":"42","id":1}`, []string{"params-type /params"}, nil},
		{"omitted params: no arguments", `{"jsonrpc":"2.0","method":"subtract","id":1}`,
			[]string{`required ""`, `required ""`}, []string{"request id=1 method=subtract rpc_error=-32602"}},
		{"omitted params, nothing required", `{"jsonrpc":"2.0","method":"get_data","id":"9"}`, nil, nil},
		{"too many", `{"jsonrpc":"2.0","method":"subtract","params":[1,2,3],"id":1}`, []string{"params-too-many /params/2"}, []string{"request id=1 method=subtract rpc_error=-32602"}},
		{"too few", `{"jsonrpc":"2.0","method":"subtract","params":[1],"id":1}`, []string{"required /params"}, nil},
		{"trailing optional omitted", `{"jsonrpc":"2.0","method":"sum","params":[1,2],"id":1}`, nil, nil},
		{"interior null for optional", `{"jsonrpc":"2.0","method":"sum","params":[1,null,4],"id":1}`, nil, nil},
		{"null for required", `{"jsonrpc":"2.0","method":"sum","params":[null,2,4],"id":1}`, []string{"null /params/0"}, nil},
		{"value constraint", `{"jsonrpc":"2.0","method":"divide","params":[1,0],"id":1}`, []string{"range /params/1"}, nil},
		{"no input: empty array", `{"jsonrpc":"2.0","method":"get_data","params":[],"id":1}`, nil, nil},
		{"no input: argument", `{"jsonrpc":"2.0","method":"get_data","params":[1],"id":1}`, []string{"params-too-many /params/0"}, nil},
		{"positional only: object", `{"jsonrpc":"2.0","method":"sum","params":{"a":1},"id":1}`, []string{"params-by-name /params"}, []string{"request id=1 method=sum rpc_error=-32602"}},
		{"duplicate named param", `{"jsonrpc":"2.0","method":"subtract","params":{"minuend":1,"minuend":2,"subtrahend":3},"id":1}`, []string{"duplicate-key /params/minuend"}, nil},
		{"duplicate envelope key", `{"jsonrpc":"2.0","method":"subtract","method":"sum","params":[1,2],"id":1}`, []string{"duplicate-key /method"}, []string{"invalid id=1 method=subtract rpc_error=-32600"}},
	})
}

// Positional interior omissions need an explicit null that the null
// policy accepts.
func TestPositionalNullPolicy(t *testing.T) {
	s := service(t, rpc.V2_0, rpc.PayloadOptions(sv.RejectNullMembers(true)))
	runMessages(t, s, s.ValidateRequest, []messageCase{
		{"interior null rejected", `{"jsonrpc":"2.0","method":"sum","params":[1,null,4],"id":1}`, []string{"null /params/1"}, nil},
		{"trailing omission still fine", `{"jsonrpc":"2.0","method":"sum","params":[1],"id":1}`, nil, nil},
	})
}

// Named params use the chosen naming policy: member names by default,
// @jsonName under JSONNames.
func TestNamedParamsNaming(t *testing.T) {
	// A @jsonRpc service names members by their @jsonName by default.
	s := serviceOf(t, "example#Documents", rpc.V2_0)
	runMessages(t, s, s.ValidateRequest, []messageCase{
		{"json name", `{"jsonrpc":"2.0","method":"describe","params":{"Topic":"x"},"id":1}`, nil, nil},
		{"member name under json names", `{"jsonrpc":"2.0","method":"describe","params":{"topic":"x"},"id":1}`, []string{"unknown-member /params/topic"}, nil},
		{"named only: array", `{"jsonrpc":"2.0","method":"describe","params":["x"],"id":1}`, []string{"params-by-position /params"}, []string{"request id=1 method=describe rpc_error=-32602"}},
	})
	j := serviceOf(t, "example#Documents", rpc.V2_0, rpc.PayloadOptions(sv.MatchJSONNames(false)))
	runMessages(t, j, j.ValidateRequest, []messageCase{
		{"member name", `{"jsonrpc":"2.0","method":"describe","params":{"topic":"x"},"id":1}`, nil, nil},
		{"json name under member names", `{"jsonrpc":"2.0","method":"describe","params":{"Topic":"x"},"id":1}`, []string{"unknown-member /params/Topic"}, nil},
	})
}

// Positional params stand for their members whatever the naming: with a
// @jsonName on a positional member, an array still validates each element
// against its member, and findings name it by its wire name.
func TestPositionalParamsJSONName(t *testing.T) {
	m := assemble(t, map[string]string{"m.smithy": `$version: "2"
namespace example
use smithy.rpc#jsonRpc
use smithy.rpc#method
@jsonRpc(versions: ["2.0"])
service S { operations: [Move] }
@method(name: "move", params: "either", positional: ["fromPos", "toPos"])
operation Move {
    input := {
        @required @jsonName("from") fromPos: Integer
        @required @jsonName("to") toPos: Integer
    }
}
`})
	for _, naming := range []struct {
		name string
		opts []rpc.Option
		obj  string
	}{
		{"json names", nil, `{"from":1,"to":2}`},
		{"member names", []rpc.Option{rpc.PayloadOptions(sv.MatchJSONNames(false))}, `{"fromPos":1,"toPos":2}`},
	} {
		t.Run(naming.name, func(t *testing.T) {
			s, err := rpc.Prepare(m, shapeid.MustParse("example#S"), naming.opts...)
			if err != nil {
				t.Fatal(err)
			}
			runMessages(t, s, s.ValidateRequest, []messageCase{
				{"positional", `{"jsonrpc":"2.0","method":"move","params":[1,2],"id":1}`, nil, nil},
				{"positional, bad type", `{"jsonrpc":"2.0","method":"move","params":[1,"x"],"id":1}`, []string{"type /params/1"}, nil},
				{"positional, missing", `{"jsonrpc":"2.0","method":"move","params":[1],"id":1}`, []string{"required /params"}, nil},
				{"named", `{"jsonrpc":"2.0","method":"move","params":` + naming.obj + `,"id":1}`, nil, nil},
			})
		})
	}
}

// 2.0 section 4: ids are strings, numbers or null when present; null and
// fractional ids are advisories, never errors; large numbers keep their
// exact text.
func TestRequestIDs20(t *testing.T) {
	s := service(t, rpc.V2_0)
	runMessages(t, s, s.ValidateRequest, []messageCase{
		{"string", `{"jsonrpc":"2.0","method":"get_data","id":"abc"}`, nil, []string{`request id="abc" method=get_data`}},
		{"zero", `{"jsonrpc":"2.0","method":"get_data","id":0}`, nil, []string{`request id=0 method=get_data`}},
		{"negative", `{"jsonrpc":"2.0","method":"get_data","id":-5}`, nil, nil},
		{"null: a call with an advisory", `{"jsonrpc":"2.0","method":"get_data","id":null}`, []string{"id-null /id"}, []string{"request id=null method=get_data"}},
		{"fractional", `{"jsonrpc":"2.0","method":"get_data","id":1.5}`, []string{"id-fractional /id"}, []string{"request id=1.5 method=get_data"}},
		{"whole with fraction syntax", `{"jsonrpc":"2.0","method":"get_data","id":1.0}`, nil, []string{"request id=1.0 method=get_data"}},
		{"large exact", `{"jsonrpc":"2.0","method":"get_data","id":123456789012345678901234567890}`, []string{"id-imprecise /id"},
			[]string{"request id=123456789012345678901234567890 method=get_data"}},
		{"2^53 + 1", `{"jsonrpc":"2.0","method":"get_data","id":9007199254740993}`, []string{"id-imprecise /id"}, []string{"request id=9007199254740993 method=get_data"}},
		{"exponent", `{"jsonrpc":"2.0","method":"get_data","id":1e400}`, []string{"id-imprecise /id"}, []string{"request id=1e400 method=get_data"}},
		{"boolean", `{"jsonrpc":"2.0","method":"get_data","id":true}`, []string{"id-type /id"}, []string{"invalid id=true method=get_data rpc_error=-32600"}},
		{"object", `{"jsonrpc":"2.0","method":"get_data","id":{"a":1}}`, []string{"id-type /id"}, nil},
		{"array", `{"jsonrpc":"2.0","method":"get_data","id":[1]}`, []string{"id-type /id"}, nil},
	})
}

// 2.0 section 4.1: a request without an id is a notification, modeled
// method or not; an invalid request without an id is not one.
func TestNotifications20(t *testing.T) {
	s := service(t, rpc.V2_0)
	runMessages(t, s, s.ValidateRequest, []messageCase{
		{"modeled", `{"jsonrpc":"2.0","method":"update","params":[1,2,3,4,5]}`, nil, []string{"notification method=update"}},
		{"unmodeled", `{"jsonrpc":"2.0","method":"foobar"}`, []string{"method-not-found /method"}, []string{"notification method=foobar rpc_error=-32601"}},
		{"bad params", `{"jsonrpc":"2.0","method":"notify_hello","params":["x"]}`, []string{"type /params/0"}, []string{"notification method=notify_hello rpc_error=-32602"}},
		{"invalid, no id", `{"jsonrpc": "2.0", "method": 1, "params": "bar"}`, []string{"method-type /method", "params-type /params"}, []string{"invalid rpc_error=-32600"}},
	})
}

// 1.0 overview and section 1.1: an object with a method string, params
// always an array (empty included) and an id of any JSON type.
func TestRequests10(t *testing.T) {
	s := service(t, rpc.V1_0)
	runMessages(t, s, s.ValidateRequest, []messageCase{
		{"call", `{"method":"subtract","params":[42,23],"id":1}`, nil, []string{"request id=1 method=subtract"}},
		{"empty params", `{"method":"get_data","params":[],"id":"x"}`, nil, nil},
		{"no params", `{"method":"get_data","id":1}`, []string{`params-missing ""`}, []string{"invalid id=1 method=get_data rpc_error=-32600"}},
		{"object params", `{"method":"subtract","params":{"minuend":1,"subtrahend":2},"id":1}`, []string{"params-type /params"}, nil},
		{"no id", `{"method":"subtract","params":[42,23]}`, []string{`id-missing ""`}, []string{"invalid method=subtract rpc_error=-32600"}},
		{"structured id", `{"method":"subtract","params":[42,23],"id":{"seq":[1,2]}}`, nil, []string{`request id={"seq":[1,2]} method=subtract`}},
		{"boolean id", `{"method":"subtract","params":[42,23],"id":false}`, nil, nil},
		{"array: no batches", `[{"method":"subtract","params":[42,23],"id":1}]`, []string{`batch-unsupported ""`}, []string{"invalid rpc_error=-32600"}},
		{"bad value", `{"method":"subtract","params":[42,"23"],"id":1}`, []string{"type /params/1"}, []string{"request id=1 method=subtract rpc_error=-32602"}},
	})
}

// 1.0 section 1.3: a present null id is a notification; an absent id is
// invalid.
func TestNotifications10(t *testing.T) {
	s := service(t, rpc.V1_0)
	runMessages(t, s, s.ValidateRequest, []messageCase{
		{"null id", `{"method":"update","params":[1,2],"id":null}`, nil, []string{"notification id=null method=update"}},
		{"absent id", `{"method":"update","params":[1,2]}`, []string{`id-missing ""`}, []string{"invalid method=update rpc_error=-32600"}},
	})
}

// 1.0 section 3: class hints are ordinary data, checked against the model
// like any member; nothing is constructed.
func TestClassHintsAreData(t *testing.T) {
	s := service(t, rpc.V1_0)
	runMessages(t, s, s.ValidateRequest, []messageCase{
		{"hint as an argument", `{"method":"subtract","params":[{"__jsonclass__":["Date",[2024]]},1],"id":1}`, []string{"type /params/0"}, nil},
	})
	r := service(t, rpc.V2_0)
	m, _ := r.Method("get_data")
	res := r.ValidateResponse([]byte(`{"jsonrpc":"2.0","result":[{"__jsonclass__":["Date",[2024]]}],"id":1}`), rpc.ForMethod(m))
	if !res.Valid || len(res.Findings) != 0 {
		t.Errorf("a class hint in a document list is plain data: %v", codes(res, true))
	}
}

// The extension policy: unknown envelope members are ignored by the base
// profile, reported or rejected on request; payload members are the
// engine's.
func TestExtensionPolicy(t *testing.T) {
	msg := `{"jsonrpc":"2.0","method":"subtract","params":[2,1],"id":1,"trace":"x"}`
	resp := `{"jsonrpc":"2.0","error":{"code":-32601,"message":"no","hint":1},"id":1,"trace":"x"}`
	base := service(t, rpc.V2_0)
	runMessages(t, base, base.ValidateRequest, []messageCase{{"ignored", msg, nil, []string{"request id=1 method=subtract"}}})
	runMessages(t, base, base.ValidateMessage, []messageCase{{"ignored response", resp, []string{`response-unchecked ""`}, nil}})
	rep := service(t, rpc.V2_0, rpc.ReportExtensions(true))
	runMessages(t, rep, rep.ValidateRequest, []messageCase{{"reported", msg, []string{"unknown-envelope-member /trace"}, []string{"request id=1 method=subtract"}}})
	runMessages(t, rep, rep.ValidateMessage, []messageCase{{"reported response", resp,
		[]string{`response-unchecked ""`, "unknown-envelope-member /error/hint", "unknown-envelope-member /trace"}, nil}})
	rej := service(t, rpc.V2_0, rpc.RejectExtensions(true))
	runMessages(t, rej, rej.ValidateRequest, []messageCase{{"rejected", msg, []string{"unknown-envelope-member /trace"}, []string{"invalid id=1 method=subtract rpc_error=-32600"}}})
	// The two switches exclude each other: the later one wins, and
	// turning one off leaves the base profile.
	later := service(t, rpc.V2_0, rpc.JoinOptions(rpc.RejectExtensions(true), rpc.ReportExtensions(true)))
	runMessages(t, later, later.ValidateRequest, []messageCase{{"reject then report", msg, []string{"unknown-envelope-member /trace"}, []string{"request id=1 method=subtract"}}})
	off := service(t, rpc.V2_0, rpc.RejectExtensions(true), rpc.RejectExtensions(false))
	runMessages(t, off, off.ValidateRequest, []messageCase{{"reject turned off", msg, nil, []string{"request id=1 method=subtract"}}})
}

// Text that is not JSON is the -32700 case, located; limits stop
// validation and leave the result incomplete.
func TestParseErrorsAndLimits(t *testing.T) {
	s := service(t, rpc.V2_0)
	runMessages(t, s, s.ValidateMessage, []messageCase{
		{"invalid JSON", `{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]`, []string{`parse-error ""`}, []string{"invalid rpc_error=-32700"}},
		{"empty", ``, []string{`parse-error ""`}, []string{"invalid rpc_error=-32700"}},
		{"batch invalid JSON", "[\n  {\"jsonrpc\": \"2.0\", \"method\": \"sum\", \"params\": [1,2,4], \"id\": \"1\"},\n  {\"jsonrpc\": \"2.0\", \"method\"\n]", []string{`parse-error ""`}, []string{"invalid rpc_error=-32700"}},
	})
	r := s.ValidateMessage([]byte(`{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]`))
	if p := r.Findings[0].Pos; p.Line != 1 || p.Column != 40 {
		t.Errorf("parse error at %s, want 1:40", p)
	}
	small := service(t, rpc.V2_0, rpc.ReaderOptions(nodeMaxSize(16)))
	lim := small.ValidateMessage([]byte(`{"jsonrpc":"2.0","method":"subtract","params":[2,1],"id":1}`))
	if lim.Complete || !lim.Valid || lim.Findings[0].Class != sv.ClassLimit {
		t.Errorf("size limit: complete=%v valid=%v findings %v", lim.Complete, lim.Valid, codes(lim, true))
	}
	deep := service(t, rpc.V2_0, rpc.ReaderOptions(nodeMaxDepth(3)))
	d := deep.ValidateMessage([]byte(`{"jsonrpc":"2.0","method":"get_data","params":[[[[1]]]],"id":1}`))
	if d.Complete || d.Findings[0].Code != sv.CodeDepthLimit {
		t.Errorf("depth limit: %v", codes(d, true))
	}
	few := service(t, rpc.V2_0, rpc.PayloadOptions(sv.MaxFindings(2)))
	f := few.ValidateMessage([]byte(`[1,2,3,4,5]`))
	if f.Complete || f.Valid {
		t.Errorf("findings limit: complete=%v valid=%v %v", f.Complete, f.Valid, codes(f, true))
	}
}
