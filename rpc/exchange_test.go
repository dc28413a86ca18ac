package rpc_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// line is one transcript line: who sent what.
func line(from, msg string) string {
	msg = strings.NewReplacer("\n", "", "\t", "").Replace(msg)
	return `{"from":"` + from + `","message":` + msg + `}`
}
func textLine(from, text string) string {
	return `{"from":"` + from + `","text":` + quote(text) + `}`
}

func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

type exchangeCase struct {
	name     string
	lines    []string
	complete bool
	findings []string // code [index]path, advisories included
	messages []string // "index kind ..." (optional)
}

func runExchanges(t *testing.T, s *rpc.PreparedService, cases []exchangeCase) {
	t.Helper()
	for _, tc := range cases {
		r, err := s.ValidateTranscript(strings.NewReader(strings.Join(tc.lines, "\n")+"\n"), tc.complete)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := codes(r, true); !slices.Equal(got, tc.findings) {
			t.Errorf("%s:\n  findings: got %q\n           want %q", tc.name, got, tc.findings)
			for _, f := range r.Findings {
				t.Logf("    %s", f)
			}
		}
		// StreamTranscript hands over the same summaries, line by line,
		// and reports the same findings.
		var streamed []byte
		sr, err := s.StreamTranscript(strings.NewReader(strings.Join(tc.lines, "\n")+"\n"), tc.complete, func(ms []rpc.MessageSummary) {
			for _, m := range ms {
				streamed = append(m.AppendJSON(streamed), '\n')
			}
		})
		if err != nil {
			t.Fatalf("%s: stream: %v", tc.name, err)
		}
		var kept []byte
		for _, m := range r.Messages {
			kept = append(m.AppendJSON(kept), '\n')
		}
		if string(streamed) != string(kept) || len(sr.Messages) != 0 {
			t.Errorf("%s: StreamTranscript summaries\n%s(and %d in its result), ValidateTranscript's\n%s", tc.name, streamed, len(sr.Messages), kept)
		}
		sr.Messages = r.Messages
		if a, b := sr.AppendJSON(nil), r.AppendJSON(nil); string(a) != string(b) {
			t.Errorf("%s: StreamTranscript result\n%s\nValidateTranscript's\n%s", tc.name, a, b)
		}
		if tc.messages != nil {
			var got []string
			for _, m := range r.Messages {
				s := itoa(m.Index)
				if m.Element >= 0 {
					s += "/" + itoa(m.Element)
				}
				got = append(got, s+" "+summary(m))
			}
			if !slices.Equal(got, tc.messages) {
				t.Errorf("%s:\n  messages: got %q\n           want %q", tc.name, got, tc.messages)
			}
		}
	}
}

// 2.0 sections 5 and 6, exchanges: exact-id correlation, unordered
// response arrays, notifications never answered, invalid requests
// answered with null ids.
func TestExchange20(t *testing.T) {
	s := service(t, rpc.V2_0)
	call := func(id, method, params string) string {
		m := `{"jsonrpc":"2.0","method":"` + method + `"`
		if params != "" {
			m += `,"params":` + params
		}
		if id != "" {
			m += `,"id":` + id
		}
		return line("client", m+"}")
	}
	result := func(id, v string) string { return line("server", `{"jsonrpc":"2.0","result":`+v+`,"id":`+id+`}`) }
	fail := func(id, code string) string {
		return line("server", `{"jsonrpc":"2.0","error":{"code":`+code+`,"message":"m"},"id":`+id+`}`)
	}
	runExchanges(t, s, []exchangeCase{
		{"call and result", []string{call("1", "subtract", "[42,23]"), result("1", "19")}, true, nil,
			[]string{"0 request id=1 method=subtract", "1 response id=1 method=subtract"}},
		{"result checked against the call's method", []string{call("1", "subtract", "[42,23]"), result("1", `"19"`)}, true, []string{"type [1]/result"}, nil},
		{"out of order", []string{call("1", "subtract", "[42,23]"), call("2", "subtract", "[23,42]"), result("2", "-19"), result("1", "19")}, true, nil, nil},
		{"partial transcript: no claim", []string{call("1", "subtract", "[42,23]")}, false, nil, nil},
		{"complete transcript: missing", []string{call("1", "subtract", "[42,23]")}, true, []string{`response-missing [0]""`}, nil},
		{"unsolicited", []string{result("1", "19")}, false, []string{"response-unsolicited [0]/id"}, nil},
		{"duplicate", []string{call("1", "subtract", "[42,23]"), result("1", "19"), result("1", "19")}, false, []string{"response-duplicate [2]/id"}, nil},
		{"id kinds never mix", []string{call(`"1"`, "subtract", "[42,23]"), result("1", "19")}, true,
			[]string{`response-missing [0]""`, "response-unsolicited [1]/id"}, nil},
		{"large ids are exact", []string{call("9007199254740993", "get_data", ""), result("9007199254740992", `[]`)}, true,
			[]string{`response-missing [0]""`, "id-imprecise [0]/id", "response-unsolicited [1]/id"}, nil},
		{"fractional ids are exact", []string{call("1.25", "get_data", ""), result("1.250", `[]`)}, true,
			[]string{"id-fractional [0]/id", "id-spelling [1]/id"}, nil},
		{"1 and 1.0 correlate, with an advisory", []string{call("1", "get_data", ""), result("1.0", `[]`)}, true, []string{"id-spelling [1]/id"}, nil},
		// The key of an integer token is the token up to 21 digits, the
		// canonical form beyond: both sides of the boundary correlate
		// with other spellings of the same value.
		{"21-digit id and its exponent form", []string{call("-100000000000000000000", "get_data", ""), result("-1e20", `[]`)}, true,
			[]string{"id-imprecise [0]/id", "id-spelling [1]/id"}, nil},
		{"22-digit id and its exponent form", []string{call("1000000000000000000000", "get_data", ""), result("1e21", `[]`)}, true,
			[]string{"id-imprecise [0]/id", "id-spelling [1]/id"}, nil},
		{"-0 and 0 are one id", []string{call("-0", "get_data", ""), result("0", `[]`)}, true, []string{"id-spelling [1]/id"}, nil},
		{"22-digit ids differ in the last digit", []string{call("1000000000000000000001", "get_data", ""), result("1000000000000000000000", `[]`)}, true,
			[]string{`response-missing [0]""`, "id-imprecise [0]/id", "response-unsolicited [1]/id"}, nil},
		{"null id call answered with null id", []string{call("null", "get_data", ""), result("null", `[]`)}, true, []string{"id-null [0]/id"}, nil},
		{"ambiguous ids", []string{call("7", "subtract", "[1,1]"), call("7", "get_data", ""), result("7", "0"), result("7", "[]")}, true,
			[]string{"id-ambiguous [1]/id", "id-ambiguous [2]/id", "id-ambiguous [3]/id"}, nil},
		{"reuse after the answer is fine", []string{call("7", "subtract", "[1,1]"), result("7", "0"), call("7", "subtract", "[2,1]"), result("7", "1")}, true, nil, nil},
		{"notification answered", []string{call("", "update", "[1]"), result("null", "null")}, true, []string{"response-unsolicited [1]/id"}, nil},
		{"unknown method answered by -32601", []string{call(`"1"`, "foobar", ""), fail(`"1"`, "-32601")}, true, []string{"method-not-found [0]/method"},
			[]string{`0 request id="1" method=foobar rpc_error=-32601`, `1 error-response id="1" method=foobar`}},
		// A call of a method the model does not have is one finding
		// however it is answered: the peer may have the method after all.
		{"unknown method answered by a result", []string{call(`"1"`, "foobar", ""), result(`"1"`, "1")}, true,
			[]string{"method-not-found [0]/method"}, nil},
		{"unknown method answered by another protocol code", []string{call(`"1"`, "foobar", ""), fail(`"1"`, "-32603")}, true,
			[]string{"method-not-found [0]/method"}, nil},
		{"unknown method answered by an application code", []string{call(`"1"`, "foobar", ""), fail(`"1"`, "5")}, true,
			[]string{"method-not-found [0]/method"}, nil},
		{"reserved rpc. method answered by a result", []string{call(`"1"`, "rpc.ping", ""), result(`"1"`, `"pong"`)}, true,
			[]string{"method-reserved [0]/method"}, nil},
		{"unknown method in a batch answered by a result", []string{
			line("client", `[{"jsonrpc":"2.0","method":"foobar","id":1},{"jsonrpc":"2.0","method":"get_data","id":2}]`),
			line("server", `[{"jsonrpc":"2.0","result":1,"id":1},{"jsonrpc":"2.0","result":[],"id":2}]`)}, true,
			[]string{"method-not-found [0]/0/method"}, nil},
		{"unknown method as a notification", []string{line("client", `{"jsonrpc":"2.0","method":"foobar"}`)}, true,
			[]string{"method-not-found [0]/method"}, nil},
		{"invalid params answered by another code", []string{call("1", "subtract", `[1,"2"]`), fail("1", "-32603")}, true,
			[]string{"type [0]/params/1", "error-code-differs [1]/error/code"}, nil},
		{"invalid JSON answered by a null-id parse error", []string{
			textLine("client", `{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]`), fail("null", "-32700")}, true,
			[]string{`parse-error [0]""`}, []string{"0 invalid rpc_error=-32700", "1 error-response id=null"}},
		{"invalid JSON never answered", []string{textLine("client", `{"jsonrpc"`)}, true, []string{`parse-error [0]""`, `response-missing [0]""`}, nil},
		{"invalid request answered", []string{line("client", `{"jsonrpc": "2.0", "method": 1, "params": "bar"}`), fail("null", "-32600")}, true,
			[]string{"method-type [0]/method", "params-type [0]/params"}, nil},
		{"invalid request with an id, answered by id", []string{line("client", `{"jsonrpc":"2.0","method":5,"id":3}`), fail("3", "-32600")}, true, []string{"method-type [0]/method"}, nil},
		{"invalid request with an id, answered by null", []string{line("client", `{"jsonrpc":"2.0","method":5,"id":3}`), fail("null", "-32600")}, true, []string{"method-type [0]/method"}, nil},
		{"server calls the client", []string{line("server", `{"jsonrpc":"2.0","method":"get_data","id":1}`), line("client", `{"jsonrpc":"2.0","result":[],"id":1}`)}, true, nil, nil},
		{"each peer has its own ids", []string{call("1", "get_data", ""), line("client", `{"jsonrpc":"2.0","result":[],"id":1}`)}, true,
			[]string{`response-missing [0]""`, "response-unsolicited [1]/id"}, nil},
	})
}

// 2.0 section 6 in exchanges: response arrays answer batches without
// order; all-notification batches get nothing; invalid batches get one
// error object.
func TestExchangeBatches(t *testing.T) {
	s := service(t, rpc.V2_0)
	runExchanges(t, s, []exchangeCase{
		{"mixed batch, spec answer", []string{
			line("client", `[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
				{"jsonrpc": "2.0", "method": "notify_hello", "params": [7]},
				{"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"},
				{"foo": "boo"},
				{"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
				{"jsonrpc": "2.0", "method": "get_data", "id": "9"}]`),
			line("server", `[{"jsonrpc": "2.0", "result": 7, "id": "1"},
				{"jsonrpc": "2.0", "result": 19, "id": "2"},
				{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null},
				{"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": "5"},
				{"jsonrpc": "2.0", "result": ["hello", 5], "id": "9"}]`)}, true,
			[]string{"method-missing [0]/3", "version-missing [0]/3", "method-not-found [0]/4/method"}, nil},
		{"batch answer missing one", []string{
			line("client", `[{"jsonrpc":"2.0","method":"get_data","id":1},{"jsonrpc":"2.0","method":"get_data","id":2}]`),
			line("server", `[{"jsonrpc":"2.0","result":[],"id":2}]`)}, true,
			[]string{"response-missing [0]/0", `batch-response-split [1]""`}, nil},
		{"answered one by one", []string{
			line("client", `[{"jsonrpc":"2.0","method":"get_data","id":1}]`),
			line("server", `{"jsonrpc":"2.0","result":[],"id":1}`)}, true,
			[]string{`batch-response-split [1]""`}, nil},
		{"one array for two batches", []string{
			line("client", `[{"jsonrpc":"2.0","method":"get_data","id":1}]`),
			line("client", `[{"jsonrpc":"2.0","method":"get_data","id":2}]`),
			line("server", `[{"jsonrpc":"2.0","result":[],"id":1},{"jsonrpc":"2.0","result":[],"id":2}]`)}, true,
			[]string{`batch-response-split [2]""`}, nil},
		{"all notifications: nothing expected", []string{
			line("client", `[{"jsonrpc":"2.0","method":"update","params":[1,2,4]},{"jsonrpc":"2.0","method":"notify_hello","params":[7]}]`)}, true, nil, nil},
		{"all notifications answered", []string{
			line("client", `[{"jsonrpc":"2.0","method":"update","params":[1,2,4]}]`),
			line("server", `[{"jsonrpc":"2.0","result":null,"id":null}]`)}, true,
			[]string{"response-unsolicited [1]/0/id"}, nil},
		{"empty batch answered by one error", []string{
			line("client", `[]`), line("server", `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":null}`)}, true,
			[]string{`batch-empty [0]""`}, nil},
		{"[1,2,3] answered by three errors", []string{
			line("client", `[1,2,3]`),
			line("server", `[{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":null},{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":null},{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":null}]`)}, true,
			[]string{"not-object [0]/0", "not-object [0]/1", "not-object [0]/2"}, nil},
		{"[1,2,3] answered by one error", []string{
			line("client", `[1,2,3]`),
			line("server", `[{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":null}]`)}, true,
			[]string{"not-object [0]/0", "not-object [0]/1", "response-missing [0]/1", "not-object [0]/2", "response-missing [0]/2", `batch-response-split [1]""`}, nil},
		{"empty response array", []string{line("client", `[{"jsonrpc":"2.0","method":"update","params":[1]}]`), line("server", `[]`)}, true,
			[]string{`batch-response-empty [1]""`}, nil},
	})
}

// 1.0 section 2.1: either peer may call; ids are matched per caller; a
// null id is a notification, never answered.
func TestExchange10(t *testing.T) {
	s := service(t, rpc.V1_0)
	runExchanges(t, s, []exchangeCase{
		{"both directions", []string{
			line("client", `{"method":"subtract","params":[42,23],"id":1}`),
			line("server", `{"method":"update","params":[1],"id":null}`),
			line("server", `{"method":"get_data","params":[],"id":1}`),
			line("client", `{"result":["x"],"error":null,"id":1}`),
			line("server", `{"result":19,"error":null,"id":1}`)}, true, nil,
			[]string{"0 request id=1 method=subtract", "1 notification id=null method=update", "2 request id=1 method=get_data",
				"3 response id=1 method=get_data", "4 response id=1 method=subtract"}},
		{"reply to a notification", []string{
			line("server", `{"method":"update","params":[1],"id":null}`),
			line("client", `{"result":null,"error":null,"id":null}`)}, true, []string{"response-to-notification [1]/id"}, nil},
		{"structured ids", []string{
			line("client", `{"method":"get_data","params":[],"id":{"a":[1,2]}}`),
			line("server", `{"result":[],"error":null,"id":{"a":[1,2]}}`)}, true, nil, nil},
		{"invalid request with a null id expects nothing", []string{
			line("client", `{"method":"get_data","id":null}`)}, true, []string{`params-missing [0]""`}, nil},
		{"invalid request with an id expects an answer", []string{
			line("client", `{"method":"get_data","id":5}`)}, true, []string{`params-missing [0]""`, `response-missing [0]""`}, nil},
		{"invalid request answered by id", []string{
			line("client", `{"method":"get_data","id":5}`), line("server", `{"result":null,"error":"bad request","id":5}`)}, true,
			[]string{`params-missing [0]""`}, nil},
		{"duplicate reply", []string{
			line("client", `{"method":"get_data","params":[],"id":"x"}`),
			line("server", `{"result":[],"error":null,"id":"x"}`),
			line("server", `{"result":[],"error":null,"id":"x"}`)}, true, []string{"response-duplicate [2]/id"}, nil},
	})
}

// A transport's association (an HTTP response to its POST) is explicit:
// the reply must still carry the request's id.
func TestSuppliedAssociation(t *testing.T) {
	s := service(t, rpc.V2_0)
	pair := func(req, resp string) *rpc.Result { return s.ValidatePair([]byte(req), []byte(resp)) }
	r := pair(`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`, `{"jsonrpc":"2.0","result":19,"id":2}`)
	if got := codes(r, true); !slices.Equal(got, []string{"id-mismatch [1]/id"}) {
		t.Errorf("id mismatch: %q", got)
	}
	r = pair(`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`, `{"jsonrpc":"2.0","result":"19","id":2}`)
	if got := codes(r, true); !slices.Equal(got, []string{"type [1]/result", "id-mismatch [1]/id"}) {
		t.Errorf("id mismatch still checks the result: %q", got)
	}
	r = pair(`{"jsonrpc":"2.0","method":"update","params":[1]}`, `{"jsonrpc":"2.0","result":null,"id":null}`)
	if got := codes(r, true); !slices.Equal(got, []string{`response-to-notification [1]""`}) {
		t.Errorf("answered notification: %q", got)
	}
	r = pair(`[{"jsonrpc":"2.0","method":"get_data","id":1},{"jsonrpc":"2.0","method":"get_data","id":2}]`, `[{"jsonrpc":"2.0","result":[],"id":1}]`)
	if got := codes(r, true); !slices.Equal(got, []string{`response-missing [1]""`}) {
		t.Errorf("array missing an answer: %q", got)
	}
	// ValidateResponse with the request as context reports the response
	// alone, at the root.
	v := s.ValidateResponse([]byte(`{"jsonrpc":"2.0","result":19,"id":2}`), rpc.ForRequest([]byte(`{"jsonrpc":"2.0","method":"subtract","params":[42,"x"],"id":1}`)))
	if got := codes(v, true); !slices.Equal(got, []string{"result-unexpected /result", "id-mismatch /id"}) || len(v.Messages) != 1 || v.Messages[0].Index != 0 {
		t.Errorf("response in request context: %q %v", got, v.Messages)
	}
	// Transcript lines can carry the association too.
	res, _ := s.ValidateTranscript(strings.NewReader(strings.Join([]string{
		line("client", `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`),
		`{"from":"server","reply_to":0,"message":{"jsonrpc":"2.0","result":19,"id":3}}`,
		`{"from":"server","reply_to":5,"message":{"jsonrpc":"2.0","result":19,"id":3}}`,
	}, "\n")), true)
	if got := codes(res, true); !slices.Equal(got, []string{"id-mismatch [1]/id", `transcript-line [2]""`}) {
		t.Errorf("reply_to: %q", got)
	}
}

// Transcript lines: blank lines keep their index; malformed records are
// findings; positions are positions in the file.
func TestTranscriptFormat(t *testing.T) {
	s, _ := rpc.EnvelopeOnly(rpc.V2_0)
	input := strings.Join([]string{
		line("client", `{"jsonrpc":"2.0","method":"a","id":1}`),
		``,
		`{"from":"server","message":{"jsonrpc":"2.0","result":1,"id":1},"at":"12:00"}`,
		`not json`,
		`{"from":"nobody","message":{}}`,
		`{"from":"client"}`,
		`{"from":"client","message":{},"text":"{}"}`,
		`{"from":"client","text":5}`,
		`{"from":"client","from":"server","message":{}}`,
		`[]`,
		line("client", `{"jsonrpc":"2.0","method":"a","id":true}`),
	}, "\r\n")
	r, err := s.ValidateTranscript(strings.NewReader(input), false)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`transcript-line [3]""`, `transcript-line [4]""`, `transcript-line [5]""`, `transcript-line [6]""`,
		`transcript-line [7]""`, `transcript-line [8]""`, `transcript-line [9]""`, "id-type [10]/id"}
	if got := codes(r, true); !slices.Equal(got, want) {
		t.Errorf("findings: %q\nwant %q", got, want)
	}
	last := r.Findings[len(r.Findings)-1]
	if last.Pos.Line != 11 || last.Pos.Column != 63 {
		t.Errorf("position in the file: %s", last.Pos)
	}
	if len(r.Messages) != 3 || r.Messages[1].Index != 2 {
		t.Errorf("messages: %v", r.Messages)
	}
}

// The exchange keeps only outstanding calls: a bounded number of them is
// a limit, not unbounded memory.
func TestExchangeOutstandingLimit(t *testing.T) {
	s, _ := rpc.EnvelopeOnly(rpc.V2_0)
	x := s.NewExchange(rpc.MaxOutstanding(2))
	for i := 0; i < 4; i++ {
		x.Feed(rpc.Client, []byte(`{"jsonrpc":"2.0","method":"a","id":`+itoa(i)+`}`))
	}
	r := x.Finish(true)
	if r.Complete || len(r.Findings) != 1 || r.Findings[0].Class != sv.ClassLimit || r.Findings[0].Code != rpc.CodeOutstandingLimit {
		t.Errorf("limit: complete=%v %v", r.Complete, codes(r, true))
	}
	// Given to EnvelopeOnly, the limit is the default of every exchange
	// of the service; NewExchange's options come after it.
	s2, _ := rpc.EnvelopeOnly(rpc.V2_0, rpc.MaxOutstanding(2))
	for _, tc := range []struct {
		name  string
		opts  []rpc.Option
		limit bool
	}{{"service default", nil, true}, {"overridden", []rpc.Option{rpc.MaxOutstanding(10)}, false}} {
		x := s2.NewExchange(tc.opts...)
		for i := 0; i < 4; i++ {
			x.Feed(rpc.Client, []byte(`{"jsonrpc":"2.0","method":"a","id":`+itoa(i)+`}`))
		}
		if r := x.Finish(false); r.Complete == tc.limit {
			t.Errorf("%s: complete=%v, want %v (%v)", tc.name, r.Complete, !tc.limit, codes(r, true))
		}
	}
}

// Outstanding calls are bounded by what they hold too: a few calls with
// huge ids reach MaxOutstandingBytes long before MaxOutstanding, and
// answered calls give their bytes back.
func TestExchangeOutstandingBytes(t *testing.T) {
	s, _ := rpc.EnvelopeOnly(rpc.V2_0)
	big := strings.Repeat("x", 4000)
	call := func(i int) []byte {
		return []byte(`{"jsonrpc":"2.0","method":"a","id":"` + big + itoa(i) + `"}`)
	}
	// Each call holds about 4 KB: 4 of them fit in 20,000 bytes, 5 do not.
	x := s.NewExchange(rpc.MaxOutstandingBytes(20000))
	for i := 0; i < 5; i++ {
		x.Feed(rpc.Client, call(i))
	}
	r := x.Finish(false)
	if r.Complete || len(r.Findings) != 1 || r.Findings[0].Code != rpc.CodeOutstandingLimit || !strings.Contains(r.Findings[0].Message, "MaxOutstandingBytes") {
		t.Errorf("5 calls of 4 KB: complete=%v %v", r.Complete, codes(r, true))
	}
	x = s.NewExchange(rpc.MaxOutstandingBytes(20000))
	for i := 0; i < 50; i++ {
		x.Feed(rpc.Client, call(i))
		x.Feed(rpc.Server, []byte(`{"jsonrpc":"2.0","result":1,"id":"`+big+itoa(i)+`"}`))
	}
	if r := x.Finish(true); !r.Complete || len(r.Findings) != 0 {
		t.Errorf("50 answered calls of 4 KB: complete=%v %v", r.Complete, codes(r, true))
	}
}

// Each Feed's findings are available at once, for servers that stream.
func TestExchangeLastFindings(t *testing.T) {
	s := service(t, rpc.V2_0)
	x := s.NewExchange()
	x.Feed(rpc.Client, []byte(`{"jsonrpc":"2.0","method":"subtract","params":[42,"23"],"id":1}`))
	if got := x.LastFindings(); len(got) != 1 || got[0].Path.String() != "/params/1" {
		t.Errorf("first feed: %v", got)
	}
	x.Feed(rpc.Server, []byte(`{"jsonrpc":"2.0","result":19,"id":1}`))
	if got := x.LastFindings(); len(got) != 1 || got[0].Code != rpc.CodeResultUnexpected {
		t.Errorf("second feed: %v", got)
	}
	x.FeedLine([]byte(`{"from":"server","message":{"jsonrpc":"2.0","result":19,"id":1}}`))
	if got := x.LastFindings(); len(got) != 1 || got[0].Code != rpc.CodeResponseDuplicate {
		t.Errorf("line: %v", got)
	}
	if r := x.Finish(true); len(r.Findings) != 3 {
		t.Errorf("finish: %v", r.Findings)
	}
}

// The exchange keys its table of outstanding calls by a hash of the id;
// with every hash alike, correlation must give the same findings (the
// keys are then told apart by probing the key table).
func TestExchangeKeyCollisions(t *testing.T) {
	rpc.SetKeyCollisions(true)
	defer rpc.SetKeyCollisions(false)
	t.Run("2.0", TestExchange20)
	t.Run("batches", TestExchangeBatches)
	t.Run("1.0", TestExchange10)
	t.Run("supplied", TestSuppliedAssociation)
	t.Run("limit", TestExchangeOutstandingLimit)
	t.Run("last", TestExchangeLastFindings)
}

// StreamTranscriptFindings hands each line's findings over as the line is
// checked: every finding of the result but those about calls never
// answered (made at the end), in the result's order, and a line too long
// to read gets a call with its limit finding.
func TestStreamTranscriptFindings(t *testing.T) {
	s := service(t, rpc.V2_0)
	transcript := strings.Join([]string{
		`{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[1,"x"],"id":1}}`,
		`{"from":"server","message":{"jsonrpc":"2.0","result":1,"id":1}}`,
		``,
		`{"from":"client","message":{"jsonrpc":"2.0","method":"nope","id":2}}`,
		`{"from":"client","text":"{\"jsonrpc\""}`,
		`{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[1,2],"id":3}}`,
	}, "\n")
	var seen []string
	calls := 0
	res, err := s.StreamTranscriptFindings(strings.NewReader(transcript), true, func(_ []rpc.MessageSummary, fs []sv.Finding) {
		calls++
		for _, f := range fs {
			seen = append(seen, string(f.Code))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, f := range res.Findings {
		if f.Code != rpc.CodeResponseMissing {
			want = append(want, string(f.Code))
		}
	}
	if calls != 6 || strings.Join(seen, " ") != strings.Join(want, " ") || len(want) < 4 {
		t.Errorf("%d calls; findings as streamed %v, in the result %v", calls, seen, want)
	}
}

// TestExchangeAnsweredByTransport: the calls of a message the transport
// answered itself (an HTTP error status) are settled without a finding:
// not missing at Finish, their outstanding bytes given back; the calls
// of other messages, and of the other peer, are untouched.
func TestExchangeAnsweredByTransport(t *testing.T) {
	s, _ := rpc.EnvelopeOnly(rpc.V2_0)
	for _, tc := range []struct {
		name    string
		answer  func(x *rpc.Exchange)
		missing string // the ids Finish(true) reports missing
	}{
		{"nothing answered", func(*rpc.Exchange) {}, "1,2,3,null,4,s"},
		{"a single call", func(x *rpc.Exchange) { x.AnsweredByTransport(rpc.Client, 0) }, "2,3,null,4,s"},
		{"a batch, its null id too", func(x *rpc.Exchange) { x.AnsweredByTransport(rpc.Client, 1) }, "1,4,s"},
		{"the other peer's index", func(x *rpc.Exchange) { x.AnsweredByTransport(rpc.Server, 0) }, "1,2,3,null,4,s"},
		{"a notification's index", func(x *rpc.Exchange) { x.AnsweredByTransport(rpc.Client, 2) }, "1,2,3,null,4,s"},
		{"the server's call", func(x *rpc.Exchange) { x.AnsweredByTransport(rpc.Server, 4) }, "1,2,3,null,4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := s.NewExchange()
			x.Feed(rpc.Client, []byte(`{"jsonrpc":"2.0","method":"a","id":1}`))
			x.Feed(rpc.Client, []byte(`[{"jsonrpc":"2.0","method":"a","id":2},{"jsonrpc":"2.0","method":"a","id":3},{"jsonrpc":"2.0","method":7,"id":null}]`))
			x.Feed(rpc.Client, []byte(`{"jsonrpc":"2.0","method":"n"}`))
			x.Feed(rpc.Client, []byte(`{"jsonrpc":"2.0","method":"a","id":4}`))
			x.Feed(rpc.Server, []byte(`{"jsonrpc":"2.0","method":"a","id":"s"}`))
			tc.answer(x)
			var missing []string
			for _, f := range x.Finish(true).Findings {
				if f.Code == rpc.CodeResponseMissing {
					m := f.Message
					i := strings.Index(m, "with id ")
					if i < 0 {
						missing = append(missing, "null")
						continue
					}
					id := strings.Fields(m[i+len("with id "):])[0]
					missing = append(missing, strings.Trim(id, `"`))
				}
			}
			if got := strings.Join(missing, ","); got != tc.missing {
				t.Errorf("missing %s, want %s", got, tc.missing)
			}
		})
	}
}
