package rpc_test

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
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

// TestReaderOptions: every limit ReaderOptions can set is applied by the
// one reader, a depth or number limit with the path of the value that
// went over it, whatever else is set.
func TestReaderOptions(t *testing.T) {
	call := `{"jsonrpc":"2.0","method":"get_data","params":[[[[1]]]],"id":1}`
	named := `{"jsonrpc":"2.0","method":"subtract","params":{"minuend":123456},"id":1}`
	for _, c := range []struct {
		name, text, want string
		opts             []node.Option
	}{
		{"depth", call, "depth-limit /params/0/0", []node.Option{node.MaxDepth(3)}},
		{"depth with a string limit", call, "depth-limit /params/0/0", []node.Option{node.MaxDepth(3), node.MaxStringLength(100)}},
		{"number with a string limit", named, "number-limit /params/minuend", []node.Option{node.MaxNumberLength(4), node.MaxStringLength(100)}},
		{"string limit below the size", named, "string-limit \"\"", []node.Option{node.MaxStringLength(5)}},
		{"depth 0: scalars only", named, "depth-limit \"\"", []node.Option{node.MaxDepth(0)}},
		{"depth beyond the engine's", `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`, "", []node.Option{node.MaxDepth(sv.MaxMaxDepth + 1)}},
		{"number length 0", named, "number-limit /params/minuend", []node.Option{node.MaxNumberLength(0)}},
		{"size", named, "size-limit \"\"", []node.Option{node.MaxSize(16)}},
		// A call of 11 values and keys (the envelope, 4 keys, their
		// values, the 2 params).
		{"elements", `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`, "elements-limit \"\"", []node.Option{node.MaxElements(10)}},
		{"elements at the limit", `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`, "", []node.Option{node.MaxElements(11)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := service(t, rpc.V2_0, rpc.ReaderOptions(c.opts...))
			e, err := rpc.EnvelopeOnly(rpc.V2_0, rpc.ReaderOptions(c.opts...))
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range []*rpc.PreparedService{s, e} {
				got := codes(s.ValidateMessage([]byte(c.text)), true)
				if c.want == "" && len(got) != 0 || c.want != "" && (len(got) != 1 || got[0] != c.want) {
					t.Errorf("%v, want [%s]", got, c.want)
				}
			}
		})
	}
}

// The message text is the caller's: results, summaries and exchange state
// must not change when the caller reuses its buffer.
func TestCallerReusesBuffer(t *testing.T) {
	s := service(t, rpc.V2_0, rpc.ReportExtensions(true))
	scribble := func(b []byte) {
		for i := range b {
			b[i] = 'Z'
		}
	}
	for _, text := range readerSeeds {
		buf := []byte(text)
		r := s.ValidateMessage(buf)
		want := string(r.AppendJSON(nil))
		scribble(buf)
		if got := string(r.AppendJSON(nil)); got != want {
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
