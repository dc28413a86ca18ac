package rpc

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// fastPrefix opens a session whose calls stay outstanding, so that a
// line after it may be a response the fast path checks against its call.
const fastPrefix = `{"from":"client","message":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}}
{"from":"client","message":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"New York"}}}}
{"from":"client","message":{"jsonrpc":"2.0","id":"s-3","method":"tools/list","params":{}}}
`

// hostileLines are lines the fast path must take exactly as the usual
// path does, or leave to it: every byte the scanner looks at, broken.
var hostileLines = []string{
	`{"from":"server","message":{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"72F"}],"isError":false}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-3","result":{"tools":[]}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":72}]}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":9,"result":{"tools":[]}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":2.0,"result":{"content":[]}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":02,"result":{}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":-0,"result":{}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":123456789012345678901234567890,"result":{}}}`,
	`{"from":"server","message":{"result":{"tools":[]},"jsonrpc":"2.0","id":"s-3"}}`,
	`{"message":{"jsonrpc":"2.0","id":"s-3","result":{"tools":[]}},"from":"server"}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-3","result":{"tools":[]}}} x`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-3","result":{"tools":[]}},}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-3","result":{"tools":[]}}`,
	`{"from":"server","from":"server","message":{"jsonrpc":"2.0","id":"s-3","result":{"tools":[]}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-3","id":"s-3","result":{"tools":[]}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-\u0033","result":{"tools":[]}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-3","result":{"tools":[]},"extra":true}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-3","result":{"tools":[]},"error":null}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-3","result":{"tools":[]},"error":{"code":1,"message":"m"}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-3","result":{"tools":[]}` + "\t" + `}}`,
	"\xEF\xBB\xBF" + `{"from":"server","message":{"jsonrpc":"2.0","id":"s-3","result":{"tools":[]}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-3",` + "\r" + `"result":{"tools":[]}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-3","result":{"tools":[]}}}` + "\r",
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-3","result":{"tools":[}}}`,
	`{"from":"server","message":{"jsonrpc":2.0,"id":"s-3","result":{"tools":[]}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":true,"result":{"tools":[]}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":null,"result":{"tools":[]}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-3"}}`,
	`{"from":"server","message":{}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":7}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping"}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"no/such","id":8}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"no/such","id":8,"params":{}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"Ping","id":8}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"tools/call","id":1,"params":{"name":"x"}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"tools/call","id":10,"params":["x"]}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"s-3"}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"reason":"r","requestId":1}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"reason":"a \"}\" b","requestId":2}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"reason":"a\\","requestId":2}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"reason":"{[","requestId":"s-3"}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"requestId":1}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"request\u0049d":2}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"reason":"x","request\u0049d":2,"requestId":1}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"s-\u0033"}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"é"}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2.0}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":-0}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":null}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":true}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{"a":[1,{"b":"}"}]}}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"_meta":{"a":[1,"]"]},"requestId":1}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"reason":"only"}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{ "requestId" : 2 , "reason" : "r" }}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"` + strings.Repeat("x", 20) + `"}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":12345}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/initialized","id":11}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"tools/list","id":12,"params":{"cursor":"\u00e9"}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"tools/list","id":12,"params":{"cursor":"é"}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"tools/list","id":"é","params":{}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"tools/list","id":13,"params":{}},"text":"x"}`,
	`{"from":"client","text":"{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":14}"}`,
	`{"from":"client","message":[{"jsonrpc":"2.0","method":"ping","id":15}]}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"tools/list","id":16,"params":{},"a":1,"b":2,"c":3,"d":4,"e":5}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"tools/list","id":17,"params":{}, "trace" : "t" }}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"tools/list","id":18,"params":{}}}{"from":"client"}`,
	`{"from":"client" , "message" : { "jsonrpc" : "2.0" , "method" : "tools/list" , "id" : 19 , "params" : { } } }`,
	`{"from":"nobody","message":{"jsonrpc":"2.0","method":"ping","id":20}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":21,"params":tru}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":22,"x":nul}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":23,"x":falsey}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":-}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":1e2}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":` + strings.Repeat("9", 20) + `}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":"a` + "\x01" + `"}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"tools/list","id":24,"params":{"cursor":"c","cursor":"d"}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"tools/l\u0069st","id":25,"params":{}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":"q\"26"}}`,
	`{"from":"client","message":{"jsonrpc":"2\u002e0","method":"ping","id":27}}`,
	`{"fr\u006fm":"client","message":{"jsonrpc":"2.0","method":"ping","id":28}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":29},"reply_to":0}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":30},"message":{"jsonrpc":"2.0"}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":31},"from":"client"}`,
	`{"from":"Client","message":{"jsonrpc":"2.0","method":"ping","id":32}}`,
	`{"from":"clientx","message":{"jsonrpc":"2.0","method":"ping","id":33}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":34} }`,
	`{"from":"client","message":["jsonrpc"]}`,
	`{"from":"client","message":{"jsonrpcx":"2.0","method":"ping","id":35}}`,
	`{"from":"client","message":{"jsonrp":"2.0","method":"ping","id":36}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","methods":"ping","id":37}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","i":38}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","idd":39}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":40,"":1}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":41,"e":1}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":42,"error":{"code":1,"message":"m"}}}`,
	`{"from":"client","message":{"jsonrpc":"2.0","method":"ping","id":43,"paramsx":{}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-3","resul":{"tools":[]}}}`,
	`{"from":"server","message":{"jsonrpc":"2.0","id":"s-3","result":{"tools":[]}}`,
	`{"from":"server","message":`,
	`{"from":"server","message":{`,
	`{"from":"server","message":{"`,
	`{"from":"server","message":{"j`,
	`{"from":"server","message":{"jsonrpc"`,
	``,
	`   `,
	`{`,
	`{"from"`,
	`{"from":"client","message":`,
}

// TestFastLineAgrees: each hostile line, after a session's first calls,
// gives the same result (findings, paths, positions, summaries) on the
// fast path as read into a tape and walked, under the default limits and
// under tight reader and payload limits (so that the fast path's limit
// rules are exercised on both sides of each limit).
func TestFastLineAgrees(t *testing.T) {
	for name, s := range limitedServices(t, 4) {
		for i, line := range hostileLines {
			fast, tape, walk := threeWays(t, s, []byte(fastPrefix+line+"\n"))
			agree(t, name+" #"+strconv.Itoa(i)+": "+line, fast, tape, walk)
		}
	}
}

// limitedServices are the MCP service under the default limits and under
// tight ones, the reader's and the payloads' alike, at depth (so that the
// fast path is taken and its limit rules decide lines on both sides of
// each limit), reporting unknown envelope members, and with payload
// limits looser than the reader's or a
// reader string limit (the fast path is then never taken).
func limitedServices(t testing.TB, depth int) map[string]*PreparedService {
	t.Helper()
	tight := mcpServiceWith(t, ReaderOptions(node.MaxDepth(depth), node.MaxNumberLength(3)),
		PayloadOptions(sv.MaxDepth(depth), sv.MaxNumberLength(3)))
	if _, ok := tight.NewExchange().fastFeed(Client, []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`)); !ok {
		t.Fatalf("under tight limits the fast path is not taken: they test nothing")
	}
	return map[string]*PreparedService{
		"default":                    mcpService(t),
		"tight":                      tight,
		"payload looser than reader": mcpServiceWith(t, ReaderOptions(node.MaxDepth(depth))),
		"reader string limit":        mcpServiceWith(t, ReaderOptions(node.MaxStringLength(12))),
		// Unknown envelope members are findings at their names' positions.
		"report extensions": mcpServiceWith(t, ReportExtensions(true)),
	}
}

func mcpServiceWith(t testing.TB, opts ...Option) *PreparedService {
	t.Helper()
	base := mcpService(t)
	s, err := Prepare(base.model, shapeid.MustParse("io.modelcontextprotocol#Mcp"), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestFastLineTaken: the lines of the example transcripts take the fast
// path (or the speed is lost without a test failing), and a line the
// scanner leaves to the usual path does not.
func TestFastLineTaken(t *testing.T) {
	s := mcpService(t)
	x := s.NewExchange()
	taken := 0
	data, err := os.ReadFile("../examples/mcp/transcripts/tools.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	for _, line := range lines {
		m := inExchange(x.index)
		x.c.begin(m)
		if _, ok := x.fastLine([]byte(line), m); ok {
			taken++
		} else {
			x.FeedLine([]byte(line))
		}
	}
	if taken != len(lines) {
		t.Errorf("%d of %d lines of tools.jsonl took the fast path, want all", taken, len(lines))
	}
	if _, ok := s.NewExchange().fastFeed(Client, []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`)); !ok {
		t.Errorf("a tools/list call given to Feed did not take the fast path")
	}
	if _, ok := s.NewExchange().fastFeed(Client, []byte("{\"jsonrpc\":\"2.0\",\n\"id\":1,\"method\":\"tools/list\",\"params\":{}}")); ok {
		t.Errorf("a message of two lines given to Feed took the fast path")
	}
	x = s.NewExchange()
	m := inExchange(0)
	x.c.begin(m)
	if _, ok := x.fastLine([]byte(`{"from":"client","text":"{}"}`), m); ok {
		t.Errorf("a text record took the fast path")
	}
}

// FuzzFastLine: any line after a session's first calls gives the same
// result on the fast path as read into a tape (never a panic).
func FuzzFastLine(f *testing.F) {
	for _, line := range hostileLines {
		f.Add(line)
	}
	s := mcpService(f)
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsRune(line, '\n') {
			return
		}
		fast, tape, _ := threeWays(t, s, []byte(fastPrefix+line+"\n"))
		if string(fast) != string(tape) {
			t.Fatalf("line %q:\nfast path\n%s\ntape\n%s", line, fast, tape)
		}
	})
}

// TestFastLineAllocs: in steady state a call and its answer on the fast
// path allocate nothing (fresh ids, as a session numbers its calls), nor
// does a cancellation, whose request id is found in its params' text.
func TestFastLineAllocs(t *testing.T) {
	s := mcpService(t)
	x := s.NewExchange()
	var req, resp, cancel []byte
	id := 100
	pair := func() {
		id++
		req = append(strconv.AppendInt(append(req[:0], `{"from":"client","message":{"jsonrpc":"2.0","id":`...), int64(id), 10),
			`,"method":"tools/call","params":{"name":"get_weather","arguments":{"location":"New York"}}}}`...)
		resp = append(strconv.AppendInt(append(resp[:0], `{"from":"server","message":{"jsonrpc":"2.0","id":`...), int64(id), 10),
			`,"result":{"content":[{"type":"text","text":"72F"}],"isError":false}}}`...)
		cancel = append(strconv.AppendInt(append(cancel[:0], `{"from":"client","message":{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"reason":"late","requestId":`...), int64(id), 10),
			`}}}`...)
		x.FeedLine(req)
		x.FeedLine(cancel)
		x.FeedLine(resp)
	}
	for range 100 {
		pair() // warm: the id set, the free calls, the buffers
	}
	if a := testing.AllocsPerRun(1000, pair); a > 0 {
		t.Errorf("%.2f allocations a call, its cancellation and its answer, want 0", a)
	}
	if res := x.Finish(true); !res.Valid || len(res.Findings) != 0 {
		t.Errorf("the pairs are not valid: %v", res.Findings)
	}
}

// feedBoth feeds the messages of fastPrefix and then msg, sent by from,
// to an exchange with the fast path and to one without, and returns the
// two JSON renderings of the results, summaries included.
func feedBoth(t testing.TB, s *PreparedService, from Peer, msg string) (fast, tape []byte) {
	t.Helper()
	run := func(noFast bool) []byte {
		noFastLineForTest = noFast
		defer func() { noFastLineForTest = false }()
		x := s.NewExchange()
		var sums []MessageSummary
		for _, line := range strings.Split(strings.TrimSpace(fastPrefix), "\n") {
			p, m := splitRecord(line)
			sums = append(sums, x.Feed(p, []byte(m))...)
		}
		sums = appendDetached(sums, x.Feed(from, []byte(msg)))
		res := x.Finish(true)
		res.Messages = sums
		return res.AppendJSON(nil)
	}
	return run(false), run(true)
}

// splitRecord takes a hostile line apart into its sender and message
// text, crudely (the message is what follows "message": up to the last
// brace); a line of another form is a message from the client.
func splitRecord(line string) (Peer, string) {
	for _, p := range []Peer{Client, Server} {
		prefix := `{"from":"` + p.String() + `","message":`
		if rest, ok := strings.CutPrefix(line, prefix); ok {
			if i := strings.LastIndexByte(rest, '}'); i >= 0 {
				return p, rest[:i]
			}
		}
	}
	return Client, line
}

// TestFastFeedAgrees: Exchange.Feed gives the same results and summaries
// on the fast path as read into a tape, for the messages of the hostile
// lines, one and several lines long, under the same three sets of limits.
func TestFastFeedAgrees(t *testing.T) {
	for name, s := range limitedServices(t, 3) {
		for i, line := range hostileLines {
			from, msg := splitRecord(line)
			for _, m := range []string{msg, strings.Replace(msg, ",", ",\n", 1)} {
				fast, tape := feedBoth(t, s, from, m)
				if string(fast) != string(tape) {
					t.Fatalf("%s #%d %q:\nfast path\n%s\ntape\n%s", name, i, m, fast, tape)
				}
			}
		}
	}
}

// FuzzFastFeed: any message after a session's first calls gives the same
// result through Exchange.Feed on the fast path as read into a tape.
func FuzzFastFeed(f *testing.F) {
	for _, line := range hostileLines {
		_, msg := splitRecord(line)
		f.Add(msg, false)
	}
	s := mcpService(f)
	f.Fuzz(func(t *testing.T, msg string, server bool) {
		from := Client
		if server {
			from = Server
		}
		fast, tape := feedBoth(t, s, from, msg)
		if string(fast) != string(tape) {
			t.Fatalf("message %q:\nfast path\n%s\ntape\n%s", msg, fast, tape)
		}
	})
}
