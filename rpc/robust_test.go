package rpc_test

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/rpc"
)

var fuzzSeeds = []string{
	`{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}`,
	`{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}`,
	`{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]`,
	`[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},{"foo": "boo"},1]`,
	`{"jsonrpc": "2.0", "error": {"code": 1001, "message": "m", "data": {"reason": "r"}}, "id": null}`,
	`{"result": 19, "error": null, "id": 1}`,
	`[]`,
	`{"jsonrpc":"2.0","method":"sum","params":[1,null,{"a":1,"a":2}],"id":1e999}`,
}

// FuzzValidateMessage: any text gives a result (never a panic), the same
// result twice, with a summary for every message.
func FuzzValidateMessage(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	s20 := service(f, rpc.V2_0)
	s10 := service(f, rpc.V1_0)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, s := range []*rpc.PreparedService{s20, s10} {
			a := s.ValidateMessage(data)
			b := s.ValidateMessage(data)
			if !bytes.Equal(a.AppendJSON(nil), b.AppendJSON(nil)) {
				t.Fatalf("two runs differ on %q", data)
			}
			if len(a.Messages) == 0 {
				t.Fatalf("no summary for %q", data)
			}
			x := s.NewExchange()
			x.Feed(rpc.Client, data)
			x.Feed(rpc.Server, data)
			x.Finish(true)
		}
	})
}

// A prepared service is shared by goroutines (run with -race).
func TestConcurrentUse(t *testing.T) {
	s := service(t, rpc.V2_0)
	want := string(s.ValidateMessage([]byte(fuzzSeeds[3])).AppendJSON(nil))
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				if got := string(s.ValidateMessage([]byte(fuzzSeeds[3])).AppendJSON(nil)); got != want {
					t.Errorf("concurrent result differs")
					return
				}
				var lines []string
				for _, m := range fuzzSeeds[:2] {
					lines = append(lines, `{"from":"client","message":`+m+`}`)
				}
				if _, err := s.ValidateTranscript(strings.NewReader(strings.Join(lines, "\n")), false); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
}

// FuzzTranscriptLine: any transcript line is a finding or a message,
// never a panic.
func FuzzTranscriptLine(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(`{"from":"client","message":` + s + `}`))
		f.Add([]byte(`{"from":"server","reply_to":0,"text":` + quote(s) + `}`))
	}
	s := service(f, rpc.V2_0)
	f.Fuzz(func(t *testing.T, line []byte) {
		x := s.NewExchange()
		x.FeedLine([]byte(`{"from":"client","message":{"jsonrpc":"2.0","method":"get_data","id":1}}`))
		x.FeedLine(line)
		x.FeedLine(line)
		x.Finish(true)
	})
}

// checkReuse runs cases 0..n-1 through pooled storage: fresh(i) on a
// service of its own gives the expected result, pooled(i) on the shared
// one must give the same, first once each in order (those results kept),
// then from four goroutines in varied orders; and the kept results must
// not change while later runs reuse the storage that made them.
func checkReuse(t *testing.T, what string, n int, fresh, pooled func(i int) *rpc.Result) {
	t.Helper()
	render := func(r *rpc.Result) string { return string(r.AppendJSON(nil)) + r.Text() }
	want := make([]string, n)
	kept := make([]*rpc.Result, n)
	for i := range n {
		want[i] = render(fresh(i))
		kept[i] = pooled(i)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for round := 0; round < 40; round++ {
				i := (g*7 + round*3) % n
				if got := render(pooled(i)); got != want[i] {
					t.Errorf("%s %d in reused storage:\n%s\nwant\n%s", what, i, got, want[i])
					return
				}
			}
		}(g)
	}
	wg.Wait()
	for i, r := range kept {
		if got := render(r); got != want[i] {
			t.Errorf("%s %d: the result changed after later runs:\n%s\nwant\n%s", what, i, got, want[i])
		}
	}
}

// Single-message runs reuse pooled checkers: a run must leave nothing to
// the next (findings, summaries, limits hit, a batch's elements), and a
// result must not change when later runs reuse the checker that made it.
func TestPooledRunsIndependent(t *testing.T) {
	opts := rpc.ReaderOptions(node.MaxDepth(6))
	s := service(t, rpc.V2_0, opts)
	texts := append([]string{
		`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`,
		`[{"jsonrpc":"2.0","method":"subtract","params":[1,"x"],"id":"a"},{"jsonrpc":"2.0","method":"nope","id":2},3]`,
		`{"jsonrpc":"2.0","method":"subtract","params":[[[[[[[1]]]]]]],"id":1}`,
		`{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]`,
		`{"jsonrpc":"2.0","result":19,"id":1}`,
		`[]`,
	}, fuzzSeeds...)
	checkReuse(t, "message", len(texts),
		func(i int) *rpc.Result { return service(t, rpc.V2_0, opts).ValidateMessage([]byte(texts[i])) },
		func(i int) *rpc.Result { return s.ValidateMessage([]byte(texts[i])) })
}

// Pairs reuse pooled exchanges: nothing of one pair (outstanding calls,
// answered ids, notifications, findings) may reach the next.
func TestPooledPairsIndependent(t *testing.T) {
	s := service(t, rpc.V2_0)
	pairs := [][2]string{
		{`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`, `{"jsonrpc":"2.0","result":19,"id":1}`},
		{`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`, `{"jsonrpc":"2.0","result":19,"id":2}`},
		{`[{"jsonrpc":"2.0","method":"subtract","params":[1,2],"id":1},{"jsonrpc":"2.0","method":"subtract","params":[3,4],"id":2}]`,
			`[{"jsonrpc":"2.0","result":-1,"id":1}]`},
		{`{"jsonrpc":"2.0","method":"update","params":[1]}`, `{"jsonrpc":"2.0","result":null,"id":null}`},
		{`{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]`, `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}`},
		{`{"jsonrpc":"2.0","method":"subtract","params":[1,"2"],"id":"x"}`, `{"jsonrpc":"2.0","result":"19","id":"x"}`},
		{`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`, `{"jsonrpc":"2.0","result":19,"id":1}`},
	}
	checkReuse(t, "pair", len(pairs),
		func(i int) *rpc.Result {
			return service(t, rpc.V2_0).ValidatePair([]byte(pairs[i][0]), []byte(pairs[i][1]))
		},
		func(i int) *rpc.Result { return s.ValidatePair([]byte(pairs[i][0]), []byte(pairs[i][1])) })
}

// TestTranscriptLineLimitBreaks: a line of exactly MaxTranscriptLine bytes
// is read whether it ends with LF or CRLF, and one byte more is skipped
// either way (the break is never counted).
func TestTranscriptLineLimitBreaks(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds 64 MiB lines")
	}
	svc, err := rpc.EnvelopeOnly(rpc.V2_0)
	if err != nil {
		t.Fatal(err)
	}
	head := `{"from":"client","message":{"jsonrpc":"2.0","method":"notify","params":["`
	tail := `"]}}`
	line := func(size int) string {
		return head + strings.Repeat("a", size-len(head)-len(tail)) + tail
	}
	for _, tc := range []struct {
		name    string
		size    int
		brk     string
		skipped bool
	}{
		{"at the limit, LF", rpc.MaxTranscriptLine, "\n", false},
		{"at the limit, CRLF", rpc.MaxTranscriptLine, "\r\n", false},
		{"past the limit, LF", rpc.MaxTranscriptLine + 1, "\n", true},
		{"past the limit, CRLF", rpc.MaxTranscriptLine + 1, "\r\n", true},
	} {
		r, err := svc.ValidateTranscript(strings.NewReader(line(tc.size)+tc.brk), false)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		skipped := false
		for _, f := range r.Findings {
			skipped = skipped || f.Code == "size-limit"
		}
		if skipped != tc.skipped || r.Complete == tc.skipped {
			t.Errorf("%s: skipped %v, complete %v; want skipped %v", tc.name, skipped, r.Complete, tc.skipped)
		}
	}
}

// FuzzTranscript: a whole transcript (any bytes) gives the same result
// read at once (ValidateTranscript), streamed (StreamTranscript) and fed a
// line at a time (FeedLine), and the same bytes on a second run.
func FuzzTranscript(f *testing.F) {
	var seed strings.Builder
	for _, s := range fuzzSeeds {
		seed.WriteString(`{"from":"client","message":` + s + "}\n")
		seed.WriteString(`{"from":"server","reply_to":0,"text":` + quote(s) + "}\r\n")
	}
	f.Add([]byte(seed.String()))
	f.Add([]byte("{\"from\":\"client\",\"message\":{\"jsonrpc\":\"2.0\",\"method\":\"get_data\",\"id\":1}}\n\n{\"from\":\"server\",\"message\":{\"jsonrpc\":\"2.0\",\"result\":[],\"id\":1}}"))
	s := service(f, rpc.V2_0)
	render := func(r *rpc.Result) string { return string(r.AppendJSON(nil)) }
	f.Fuzz(func(t *testing.T, text []byte) {
		if len(text) > 1<<16 {
			return
		}
		whole, err := s.ValidateTranscript(bytes.NewReader(text), true)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := s.ValidateTranscript(bytes.NewReader(text), true)
		if render(whole) != render(again) {
			t.Fatalf("two runs differ:\n%s\n%s", render(whole), render(again))
		}
		// Streamed summaries are valid until the next line: render them at
		// once, as the command does.
		var streamed, want []byte
		res, err := s.StreamTranscript(bytes.NewReader(text), true, func(ms []rpc.MessageSummary) {
			for _, m := range ms {
				streamed = append(m.AppendJSON(streamed), '\n')
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range whole.Messages {
			want = append(m.AppendJSON(want), '\n')
		}
		res.Messages = nil
		whole.Messages = nil
		if string(streamed) != string(want) || render(res) != render(whole) {
			t.Fatalf("streamed:\n%s%s\nwhole:\n%s%s", streamed, render(res), want, render(whole))
		}
	})
}
