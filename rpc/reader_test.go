package rpc_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/rpc"
)

// readerSeeds add duplicate keys, escapes, extensions and structured ids
// to the fuzz seeds: every string a finding or summary keeps.
var readerSeeds = append([]string{
	`{"jsonrpc":"2.0","method":"subtract","params":{"minuend":1,"minuend":2,"subtrahend":3},"id":"a\nb"}`,
	`{"jsonrpc":"2.0","method":"subtract","params":[1,2],"id":"x","x-ext":1,"x-ext":2}`,
	`[{"jsonrpc":"2.0","method":"nope","params":{"a":{"b":1,"b":2}},"id":7},{"jsonrpc":"2.0","result":1,"id":7}]`,
	`{"method":"subtract","params":[1,"2"],"id":{"k":["v",1.5]}}`,
	"\ufeff{\"jsonrpc\":\"2.0\",\r\n\"method\":\"sub\\u0074ract\",\n\"params\":[1,\r2],\"id\":1}",
	`{"jsonrpc":"2.0","error":{"code":1001,"message":"m","data":{"reason":1,"reason":2}},"id":"q"}`,
	`{"jsonrpc":"2.0","method":"subtract","params":[[[[[[[[1]]]]]]]],"id":1} trailing`,
}, fuzzSeeds...)

// FuzzReaders: the engine's direct reader (default limits) and core/node's
// reader (the same limits set through ReaderOptions) give the same
// result for any message.
func FuzzReaders(f *testing.F) {
	for _, s := range readerSeeds {
		f.Add([]byte(s))
	}
	var pairs [][2]*rpc.PreparedService
	for _, v := range []rpc.ProtocolVersion{rpc.V2_0, rpc.V1_0} {
		pairs = append(pairs, [2]*rpc.PreparedService{
			service(f, v, rpc.Extensions(rpc.ExtensionsReported)),
			service(f, v, rpc.Extensions(rpc.ExtensionsReported), rpc.ReaderOptions(node.MaxDepth(node.DefaultMaxDepth))),
		})
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, p := range pairs {
			direct := p[0].ValidateMessage(data).AppendJSON(nil, "")
			tree := p[1].ValidateMessage(data).AppendJSON(nil, "")
			if !bytes.Equal(direct, tree) {
				t.Fatalf("%s on %q:\ndirect: %s\ntree:   %s", p[0].Version(), data, direct, tree)
			}
		}
	})
}

// The message text is the caller's: results, summaries and exchange state
// must not change when the caller reuses its buffer.
func TestCallerReusesBuffer(t *testing.T) {
	s := service(t, rpc.V2_0, rpc.Extensions(rpc.ExtensionsReported))
	scribble := func(b []byte) {
		for i := range b {
			b[i] = 'Z'
		}
	}
	for _, text := range readerSeeds {
		buf := []byte(text)
		r := s.ValidateMessage(buf)
		want := string(r.AppendJSON(nil, ""))
		scribble(buf)
		if got := string(r.AppendJSON(nil, "")); got != want {
			t.Errorf("%q: the result changed with the caller's buffer:\nbefore: %s\nafter:  %s", text, want, got)
		}
	}

	// An exchange keeps outstanding calls across messages in one buffer.
	x := s.NewExchange()
	buf := []byte(`{"jsonrpc":"2.0","method":"subtract","params":[1,"2"],"id":"call-1","x":1,"x":2}`)
	x.Feed(rpc.Client, buf)
	findings := x.LastFindings()
	want := make([]string, len(findings))
	for i, f := range findings {
		want[i] = f.Path.String() + " " + f.Got + " " + f.Message
	}
	scribble(buf)
	for i, f := range findings {
		if got := f.Path.String() + " " + f.Got + " " + f.Message; got != want[i] {
			t.Errorf("finding %d changed with the caller's buffer: %q, was %q", i, got, want[i])
		}
	}
	buf = append(buf[:0], `{"jsonrpc":"2.0","result":-1,"id":"call-1"}`...)
	x.Feed(rpc.Server, buf)
	scribble(buf)
	res := x.Finish(true)
	if got := codes(res, true); strings.Contains(strings.Join(got, " "), "unsolicited") || strings.Contains(strings.Join(got, " "), "missing") {
		t.Errorf("the response was not correlated after the buffer was reused: %v", got)
	}
}
