package rpc_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// TestFindingsBeforeLimit: a message that meets a reader limit reports,
// beside the limit, the findings of what came before it that nothing
// after the limit could take back, and only those (limitprefix.go).
func TestFindingsBeforeLimit(t *testing.T) {
	depth4 := rpc.ReaderOptions(node.MaxDepth(4))
	notify := `$version: "2"
namespace t
use smithy.rpc#jsonRpc
use smithy.rpc#method
@jsonRpc(versions: ["1.0", "2.0"])
service S { version: "1", operations: [Hello] }
@method(name: "hello", kind: "notification", params: "either", positional: ["v"])
operation Hello { input := { v: Integer } }
`
	notifySvc := func(t *testing.T) *rpc.PreparedService {
		s, err := rpc.Prepare(assemble(t, map[string]string{"n.smithy": notify}), shapeid.MustParse("t#S"), rpc.Version(rpc.V1_0), depth4)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, c := range []struct {
		name string
		svc  func(*testing.T) *rpc.PreparedService
		// run checks the text as the case needs: a message of unknown
		// role unless set.
		run  func(*rpc.PreparedService, []byte) *rpc.Result
		text string
		want []string
		// rpcErr is the message's answer (its summary's RPCError).
		rpcErr int
	}{
		{name: "a param before the limit",
			text: `{"jsonrpc":"2.0","method":"subtract","params":{"minuend":"x","subtrahend":[[[[1]]]]},"id":1}`,
			want: []string{"type /params/minuend", "depth-limit /params/subtrahend/0/0"}, rpcErr: rpc.InvalidParams},
		{name: "nothing wrong before the limit",
			text: `{"jsonrpc":"2.0","method":"subtract","params":{"minuend":1,"subtrahend":[[[[1]]]]},"id":1}`,
			want: []string{"depth-limit /params/subtrahend/0/0"}},
		{name: "a required param may come after the limit",
			text: `{"jsonrpc":"2.0","method":"subtract","params":{"subtrahend":[[[[1]]]]},"id":1}`,
			want: []string{"depth-limit /params/subtrahend/0/0"}},
		{name: "jsonrpc and id may come after the limit",
			text: `{"method":"subtract","params":{"minuend":"x","subtrahend":[[[[1]]]]}}`,
			want: []string{"type /params/minuend", "depth-limit /params/subtrahend/0/0"}, rpcErr: rpc.InvalidParams},
		{name: "the role waits for a method",
			text: `{"params":{"minuend":"x","subtrahend":[[[[1]]]]},"method":"subtract","jsonrpc":"2.0","id":1}`,
			want: []string{"depth-limit /params/subtrahend/0/0"}},
		{name: "a request without its method yet",
			run:  (*rpc.PreparedService).ValidateRequest,
			text: `{"jsonrpc":"2.0","params":{"minuend":"x","subtrahend":[[[[1]]]]},"method":"subtract","id":1}`,
			want: []string{"depth-limit /params/subtrahend/0/0"}},
		{name: "a wrong version",
			text: `{"jsonrpc":"1.0","method":"subtract","params":{"minuend":"x","subtrahend":[[[[1]]]]},"id":1}`,
			want: []string{"version-mismatch /jsonrpc", "depth-limit /params/subtrahend/0/0"}, rpcErr: rpc.InvalidRequest},
		{name: "an unknown method",
			text: `{"jsonrpc":"2.0","method":"nope","params":{"a":[[[[1]]]]},"id":1}`,
			want: []string{"method-not-found /method", "depth-limit /params/a/0/0"}, rpcErr: rpc.MethodNotFound},
		{name: "open params of the wrong kind",
			svc:  func(t *testing.T) *rpc.PreparedService { return serviceOf(t, "example#Documents", rpc.V2_0, depth4) },
			text: `{"jsonrpc":"2.0","method":"describe","params":[[[[1]]]],"id":1}`,
			want: []string{"params-by-position /params", "depth-limit /params/0/0/0"}, rpcErr: rpc.InvalidParams},
		{name: "an open id",
			text: `{"jsonrpc":"2.0","method":"subtract","id":[[[[1]]]]}`,
			want: []string{"id-type /id", "depth-limit /id/0/0/0"}, rpcErr: rpc.InvalidRequest},
		{name: "a batch's element before the limit",
			text: `[{"jsonrpc":"2.0","method":"subtract","params":[1,"x"],"id":1},{"jsonrpc":"2.0","method":"subtract","params":[2,[[[3]]]],"id":2}]`,
			want: []string{"type /0/params/1", "depth-limit /1/params/1/0"}},
		{name: "a batch of responses so far",
			text: `[{"jsonrpc":"2.0","result":1,"id":"x"},{"jsonrpc":"2.0","result":[[[[1]]]],"id":2}]`,
			want: []string{"depth-limit /1/result/0/0"}},
		{name: "an error object's code",
			run:  func(s *rpc.PreparedService, b []byte) *rpc.Result { return s.ValidateResponse(b, rpc.BareResponse()) },
			text: `{"jsonrpc":"2.0","error":{"code":"x","message":"m","data":[[[1]]]},"id":1}`,
			want: []string{"error-code-type /error/code", "depth-limit /error/data/0/0"}},
		{name: "a null id before the error",
			run:  func(s *rpc.PreparedService, b []byte) *rpc.Result { return s.ValidateResponse(b, rpc.BareResponse()) },
			text: `{"jsonrpc":"2.0","id":null,"result":[[[[1]]]]}`,
			want: []string{"depth-limit /result/0/0/0"}},
		{name: "a 1.0 notification method without an id yet",
			svc:  notifySvc,
			text: `{"method":"hello","params":[[[[1]]]]}`,
			want: []string{"depth-limit /params/0/0/0"}},
		{name: "a 1.0 notification method with an id",
			svc:  notifySvc,
			text: `{"method":"hello","id":1,"params":[[[[1]]]]}`,
			want: []string{"notification-with-id /id", "depth-limit /params/0/0/0"}, rpcErr: rpc.InvalidRequest},
		{name: "the element limit",
			svc: func(t *testing.T) *rpc.PreparedService {
				return service(t, rpc.V2_0, rpc.ReaderOptions(node.MaxElements(10)))
			},
			text: `{"jsonrpc":"2.0","method":"subtract","params":{"minuend":"x","subtrahend":1},"id":1}`,
			want: []string{"type /params/minuend", `elements-limit ""`}, rpcErr: rpc.InvalidParams},
		{name: "the number length limit",
			svc: func(t *testing.T) *rpc.PreparedService {
				return service(t, rpc.V2_0, rpc.ReaderOptions(node.MaxNumberLength(3)))
			},
			text: `{"jsonrpc":"2.0","method":"subtract","params":{"minuend":"x","subtrahend":12345},"id":1}`,
			want: []string{"type /params/minuend", "number-limit /params/subtrahend"}, rpcErr: rpc.InvalidParams},
		{name: "positional params before the limit",
			text: `{"jsonrpc":"2.0","method":"sum","params":[true,[[[1]]]],"id":1}`,
			want: []string{"type /params/0", "depth-limit /params/1/0/0"}, rpcErr: rpc.InvalidParams},
	} {
		t.Run(c.name, func(t *testing.T) {
			var s *rpc.PreparedService
			if c.svc != nil {
				s = c.svc(t)
			} else {
				s = service(t, rpc.V2_0, depth4)
			}
			run := c.run
			if run == nil {
				run = (*rpc.PreparedService).ValidateMessage
			}
			r := run(s, []byte(c.text))
			if got := codes(r, true); !slices.Equal(got, c.want) {
				t.Errorf("findings %q, want %q", got, c.want)
			}
			if r.Complete {
				t.Error("complete: a limit was met")
			}
			if len(r.Messages) != 1 || r.Messages[0].RPCError != c.rpcErr {
				t.Errorf("summaries %+v, want one with RPCError %d", r.Messages, c.rpcErr)
			}
			invalid := !slices.ContainsFunc(c.want, func(w string) bool { return strings.HasSuffix(strings.Fields(w)[0], "-limit") }) ||
				len(c.want) > 1
			if r.Valid == invalid {
				t.Errorf("valid %v with %q", r.Valid, c.want)
			}
		})
	}
}

// TestFindingsBeforeLimitInExchange: in an exchange, the findings before
// a limit carry the message's document index, and the message is not an
// outstanding call.
func TestFindingsBeforeLimitInExchange(t *testing.T) {
	s := service(t, rpc.V2_0, rpc.ReaderOptions(node.MaxDepth(4)))
	x := s.NewExchange()
	x.Feed(rpc.Client, []byte(`{"jsonrpc":"2.0","method":"subtract","params":{"minuend":"x","subtrahend":[[[[1]]]]},"id":1}`))
	if got, want := len(x.LastFindings()), 2; got != want {
		t.Errorf("LastFindings has %d findings, want %d", got, want)
	}
	r := x.Finish(true)
	want := []string{"type [0]/params/minuend", "depth-limit [0]/params/subtrahend/0/0"}
	if got := codes(r, true); !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
}

// limitOracle checks cut, the result of text under a reader limit,
// against whole, the result without it: each finding kept before the
// limit is one the whole text gives, unless the whole text's envelope
// was rejected on what the prefix did not hold (an envelope error the cut
// result does not have), which makes the message invalid all the same;
// and an error kept means the whole text is invalid.
func limitOracle(t *testing.T, text string, cut, whole *rpc.Result) {
	t.Helper()
	key := func(f sv.Finding) string {
		return fmt.Sprintf("%s %s %s %d %s", f.Severity, f.Code, pointer(f.Path), f.Pos.Offset, f.Message)
	}
	in := func(r *rpc.Result, f sv.Finding) bool {
		return slices.ContainsFunc(r.Findings, func(g sv.Finding) bool { return key(g) == key(f) })
	}
	laterEnvelope := slices.ContainsFunc(whole.Findings, func(g sv.Finding) bool {
		return g.Severity == sv.SeverityError && g.Class == rpc.ClassEnvelope && !in(cut, g)
	})
	for _, f := range cut.Findings {
		if f.Class == sv.ClassLimit {
			continue
		}
		if !in(whole, f) && !laterEnvelope {
			t.Fatalf("%q: kept %s, which the whole text does not give:\ncut   %q\nwhole %q", text, key(f), codes(cut, true), codes(whole, true))
		}
	}
	if !cut.Valid && whole.Valid {
		t.Fatalf("%q: invalid under the limit, valid without it:\ncut   %q\nwhole %q", text, codes(cut, true), codes(whole, true))
	}
}

// randomMessage builds a message of the calculator's methods with its
// members in a random order, some absent, some wrong, some deep.
func randomMessage(rng *rand.Rand, depth int) string {
	deep := func() string {
		n := 1 + rng.Intn(depth+2)
		return strings.Repeat("[", n) + "1" + strings.Repeat("]", n)
	}
	pick := func(vs ...string) string { return vs[rng.Intn(len(vs))] }
	value := func() string { return pick("1", `"x"`, "12345678", "true", "null", deep(), `{"a":`+deep()+`}`) }
	var members []string
	if rng.Intn(5) > 0 {
		members = append(members, `"jsonrpc":`+pick(`"2.0"`, `"2.0"`, `"1.0"`, "2", deep()))
	}
	if rng.Intn(6) > 0 {
		members = append(members, `"method":`+pick(`"subtract"`, `"sum"`, `"divide"`, `"nope"`, "7", deep()))
	}
	if rng.Intn(4) > 0 {
		var p string
		switch rng.Intn(3) {
		case 0:
			p = "[" + value() + "," + value() + "]"
		case 1:
			p = `{"minuend":` + value() + `,"subtrahend":` + value() + `}`
		default:
			p = `{"dividend":` + value() + `,"divisor":` + value() + `,"extra":` + value() + `}`
		}
		members = append(members, `"params":`+p)
	}
	if rng.Intn(4) > 0 {
		members = append(members, `"id":`+pick("1", `"a"`, "null", "1.5", deep()))
	}
	if rng.Intn(8) == 0 {
		members = append(members, `"result":`+value())
	}
	if rng.Intn(8) == 0 {
		members = append(members, `"error":{"code":`+pick("1001", `"x"`, deep())+`,"message":"m","data":`+value()+`}`)
	}
	if rng.Intn(10) == 0 && len(members) > 0 {
		members = append(members, members[rng.Intn(len(members))]) // a repeated member
	}
	rng.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
	return "{" + strings.Join(members, ",") + "}"
}

// TestFindingsBeforeLimitRandom: random messages and batches under
// random reader limits keep the oracle (limitOracle) in both versions,
// as messages, requests and responses.
func TestFindingsBeforeLimitRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	n := 3000
	if testing.Short() {
		n = 500
	}
	whole20, whole10 := service(t, rpc.V2_0), service(t, rpc.V1_0)
	type limited struct{ s20, s10 *rpc.PreparedService }
	var lims []limited
	for _, o := range []node.Option{node.MaxDepth(3), node.MaxDepth(4), node.MaxDepth(5), node.MaxElements(9), node.MaxElements(14), node.MaxNumberLength(4)} {
		lims = append(lims, limited{service(t, rpc.V2_0, rpc.ReaderOptions(o)), service(t, rpc.V1_0, rpc.ReaderOptions(o))})
	}
	cut := 0
	for i := 0; i < n; i++ {
		text := randomMessage(rng, 4)
		if rng.Intn(4) == 0 {
			text = "[" + text + "," + randomMessage(rng, 4) + "]"
		}
		l := lims[rng.Intn(len(lims))]
		for _, p := range []struct{ lim, whole *rpc.PreparedService }{{l.s20, whole20}, {l.s10, whole10}} {
			runs := []func(*rpc.PreparedService) *rpc.Result{
				func(s *rpc.PreparedService) *rpc.Result { return s.ValidateMessage([]byte(text)) },
				func(s *rpc.PreparedService) *rpc.Result { return s.ValidateRequest([]byte(text)) },
				func(s *rpc.PreparedService) *rpc.Result { return s.ValidateResponse([]byte(text), rpc.BareResponse()) },
			}
			for _, run := range runs {
				r := run(p.lim)
				if r.Complete {
					continue
				}
				cut++
				limitOracle(t, text, r, run(p.whole))
			}
		}
	}
	if cut < n/2 {
		t.Fatalf("only %d runs met a limit: the test tests little", cut)
	}
}

// FuzzFindingsBeforeLimit: any text under a depth limit keeps the oracle.
func FuzzFindingsBeforeLimit(f *testing.F) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20; i++ {
		f.Add(randomMessage(rng, 4), uint8(rng.Intn(5)))
	}
	whole := service(f, rpc.V2_0)
	var lim []*rpc.PreparedService
	for d := 1; d <= 6; d++ {
		lim = append(lim, service(f, rpc.V2_0, rpc.ReaderOptions(node.MaxDepth(d))))
	}
	f.Fuzz(func(t *testing.T, text string, d uint8) {
		s := lim[int(d)%len(lim)]
		for _, run := range []func(*rpc.PreparedService) *rpc.Result{
			func(s *rpc.PreparedService) *rpc.Result { return s.ValidateMessage([]byte(text)) },
			func(s *rpc.PreparedService) *rpc.Result { return s.ValidateResponse([]byte(text), rpc.BareResponse()) },
		} {
			if r := run(s); !r.Complete {
				limitOracle(t, text, r, run(whole))
			}
		}
	})
}

// TestFindingsBeforeLimitMCP: the MCP specification's example messages
// (../shared/corpus/mcp, written by the MCP authors), as written and with
// scalars of the wrong kind put in at random, keep the oracle
// (limitOracle) against the MCP model under depth and element limits that
// cut them at every level; and some of those cuts keep an error from
// before the limit (the test would pass on a rule that kept nothing).
func TestFindingsBeforeLimitMCP(t *testing.T) {
	data, err := os.ReadFile("../../shared/corpus/mcp/spec-examples-2025-11-25.jsonl")
	if err != nil {
		t.Skipf("the corpus: %v", err)
	}
	a := assembly.New()
	if err := rpc.AddTraits(a); err != nil {
		t.Fatal(err)
	}
	if err := sv.AddAlloyTraits(a); err != nil {
		t.Fatal(err)
	}
	if err := a.AddPath("../examples/mcp/mcp.smithy"); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		t.Fatal(err, res.Events)
	}
	mcp := shapeid.MustParse("io.modelcontextprotocol#Mcp")
	prepare := func(opts ...rpc.Option) *rpc.PreparedService {
		s, err := rpc.Prepare(res.Model, mcp, opts...)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	whole := prepare()
	var lims []*rpc.PreparedService
	for d := 2; d <= 7; d++ {
		lims = append(lims, prepare(rpc.ReaderOptions(node.MaxDepth(d))))
	}
	for _, n := range []int{6, 12, 20, 40} {
		lims = append(lims, prepare(rpc.ReaderOptions(node.MaxElements(n))))
	}
	rng := rand.New(rand.NewSource(3))
	// wrong replaces some scalars of v with a scalar of another kind.
	var wrong func(v any) any
	wrong = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) { // one order: the same texts each run
				x[k] = wrong(x[k])
			}
		case []any:
			for i, e := range x {
				x[i] = wrong(e)
			}
		case string:
			if rng.Intn(4) == 0 {
				return 5
			}
		case float64, bool:
			if rng.Intn(4) == 0 {
				return "x"
			}
		}
		return v
	}
	cuts, kept := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var rec struct{ Message json.RawMessage }
		if err := json.Unmarshal([]byte(line), &rec); err != nil || len(rec.Message) == 0 {
			t.Fatalf("corpus line %.60q: %v", line, err)
		}
		texts := []string{string(rec.Message)}
		for range 3 {
			var v any
			if err := json.Unmarshal(rec.Message, &v); err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(wrong(v))
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, string(b))
		}
		for _, text := range texts {
			full := whole.ValidateMessage([]byte(text))
			for _, s := range lims {
				r := s.ValidateMessage([]byte(text))
				if r.Complete {
					continue
				}
				cuts++
				if !r.Valid {
					kept++
				}
				limitOracle(t, text, r, full)
			}
		}
	}
	t.Logf("%d cut messages, %d invalid by what came before the limit", cuts, kept)
	if cuts < 500 || kept < 50 {
		t.Fatalf("%d cut messages, %d with an error kept: the test tests little", cuts, kept)
	}
}

// TestMessageLimitKeepsChecking: a message that meets a reader limit ends
// its own check, not the exchange's: the next messages are checked (a
// gate that stopped would let them through unchecked), the result is not
// complete, and correlation stops there (which calls the unread message
// made or answered is not known), so no answer is called unsolicited and
// no call missing.
func TestMessageLimitKeepsChecking(t *testing.T) {
	s := service(t, rpc.V2_0, rpc.ReaderOptions(node.MaxDepth(4)))
	deep := `{"jsonrpc":"2.0","id":1,"method":"subtract","params":{"subtrahend":[[[[1]]]],"minuend":1}}`
	bad := `{"jsonrpc":"2.0","id":2,"method":"subtract","params":{"minuend":"x","subtrahend":1}}`
	want := []string{"depth-limit [0]/params/subtrahend/0/0", "type [1]/params/minuend"}
	t.Run("exchange", func(t *testing.T) {
		x := s.NewExchange()
		x.Feed(rpc.Client, []byte(deep))
		x.Feed(rpc.Client, []byte(bad))
		if got := codes2(x.LastFindings()); !slices.Equal(got, want[1:]) {
			t.Errorf("the second message's findings %q, want %q", got, want[1:])
		}
		x.Feed(rpc.Server, []byte(`{"jsonrpc":"2.0","id":1,"result":0}`))
		x.Feed(rpc.Server, []byte(`{"jsonrpc":"2.0","id":7,"result":0}`))
		r := x.Finish(true)
		if got := codes(r, true); !slices.Equal(got, want) {
			t.Errorf("findings %q, want %q", got, want)
		}
		if r.Complete || r.Valid {
			t.Errorf("complete %v, valid %v: want an incomplete, invalid result", r.Complete, r.Valid)
		}
	})
	for _, c := range []struct{ name, line, limit string }{
		// The record is a level of the line, and the line's depth limit
		// one more: its message meets the limit where it would alone
		// (until 2026-12-03, one level sooner).
		{"transcript line", `{"from":"client","message":` + deep + `}`, want[0]},
		{"text record", `{"from":"client","text":` + strconv.Quote(deep) + `}`, want[0]},
	} {
		line := c.line
		want := []string{c.limit, want[1]}
		t.Run(c.name, func(t *testing.T) {
			transcript := line + "\n" + `{"from":"client","message":` + bad + "}\n" + `{"from":"server","message":{"jsonrpc":"2.0","id":1,"result":0}}` + "\n"
			r, err := s.ValidateTranscript(strings.NewReader(transcript), true)
			if err != nil {
				t.Fatal(err)
			}
			got := codes(r, true)
			if !slices.Equal(got, want) {
				t.Errorf("findings %q, want %q", got, want)
			}
			if r.Complete || r.Valid {
				t.Errorf("complete %v, valid %v: want an incomplete, invalid result", r.Complete, r.Valid)
			}
		})
	}
}

// TestMessageLimitsBounded: message limits count towards MaxFindings, so
// a transcript of many messages that meet one stays bounded.
func TestMessageLimitsBounded(t *testing.T) {
	s := service(t, rpc.V2_0, rpc.ReaderOptions(node.MaxDepth(2)), rpc.PayloadOptions(sv.MaxFindings(50)))
	var b strings.Builder
	for i := range 500 {
		fmt.Fprintf(&b, `{"from":"client","message":{"jsonrpc":"2.0","id":%d,"method":"sum","params":[[1]]}}`+"\n", i)
	}
	r, err := s.ValidateTranscript(strings.NewReader(b.String()), false)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(r.Findings); n != 51 || r.Findings[n-1].Code != sv.CodeFindingsLimit {
		t.Errorf("%d findings, the last %s: want 50 limits and findings-limit", n, r.Findings[len(r.Findings)-1].Code)
	}
}

func codes2(fs []sv.Finding) []string {
	return codes(&rpc.Result{Result: sv.Result{Findings: fs}}, true)
}

// TestLineDepthAsMessage: a message nests as deep in a transcript line
// ("message") as it may alone: at each depth around the limit, on the
// lone path and through a line (the one pass's and the reader's), the
// findings are the same codes, paths, messages and wanted values.
func TestLineDepthAsMessage(t *testing.T) {
	const limit = 6
	s := service(t, rpc.V2_0, rpc.ReaderOptions(node.MaxDepth(limit)))
	for depth := limit - 3; depth <= limit+2; depth++ {
		// the message is depth 1, params 2, subtrahend's list 3...
		inner := strings.Repeat("[", depth-2) + "1" + strings.Repeat("]", depth-2)
		msg := `{"jsonrpc":"2.0","id":1,"method":"subtract","params":{"minuend":1,"subtrahend":` + inner + `}}`
		render := func(r *rpc.Result) []string {
			var out []string
			for _, f := range r.Findings {
				// a line's paths begin with its index
				out = append(out, fmt.Sprintf("%s %s %q want=%s", f.Code, strings.TrimPrefix(pointer(f.Path), "[0]"), f.Message, f.Want))
			}
			return out
		}
		alone := render(s.ValidateMessage([]byte(msg)))
		r, err := s.ValidateTranscript(strings.NewReader(`{"from":"client","message":`+msg+"}\n"), false)
		if err != nil {
			t.Fatal(err)
		}
		if line := render(r); !slices.Equal(alone, line) {
			t.Errorf("depth %d:\nalone %q\nline  %q", depth, alone, line)
		}
		if limited := slices.ContainsFunc(alone, func(f string) bool { return strings.HasPrefix(f, "depth-limit") }); limited != (depth > limit) {
			t.Errorf("depth %d: a depth limit %v, want %v (%q)", depth, limited, depth > limit, alone)
		}
	}
}
