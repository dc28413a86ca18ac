package rpc_test

import (
	"bytes"
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

// FuzzReaders: the engine's direct reader and core/node's reader give the
// same result for any message, under the default limits and under tight
// ones set through ReaderOptions.
func FuzzReaders(f *testing.F) {
	for _, s := range readerSeeds {
		f.Add([]byte(s))
	}
	tight := rpc.ReaderOptions(node.MaxDepth(4), node.MaxSize(120), node.MaxNumberLength(6))
	var pairs [][2]*rpc.PreparedService
	for _, v := range []rpc.ProtocolVersion{rpc.V2_0, rpc.V1_0} {
		for _, opts := range [][]rpc.Option{{}, {tight}} {
			s := service(f, v, append(opts, rpc.ReportExtensions(true))...)
			if !rpc.DirectReader(s) {
				f.Fatalf("%v: plain limits do not use the engine's reader", opts)
			}
			pairs = append(pairs, [2]*rpc.PreparedService{s, rpc.TreeReader(s)})
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, p := range pairs {
			direct := p[0].ValidateMessage(data).AppendJSON(nil)
			tree := p[1].ValidateMessage(data).AppendJSON(nil)
			if !bytes.Equal(direct, tree) {
				t.Fatalf("%s on %q:\ndirect: %s\ntree:   %s", p[0].Version(), data, direct, tree)
			}
		}
	})
}

// TestReaderChoice: ReaderOptions that are plain limits the engine's reader
// applies alike keep it; the others need core/node's reader.
func TestReaderChoice(t *testing.T) {
	for _, c := range []struct {
		name   string
		opts   []node.Option
		direct bool
	}{
		{"defaults", nil, true},
		{"size", []node.Option{node.MaxSize(1 << 16)}, true},
		{"depth and number", []node.Option{node.MaxDepth(8), node.MaxNumberLength(30)}, true},
		{"string limit at the size", []node.Option{node.MaxSize(4096), node.MaxStringLength(4096)}, true},
		{"string limit below the size", []node.Option{node.MaxStringLength(100)}, false},
		{"depth 0: scalars only", []node.Option{node.MaxDepth(0)}, false},
		{"depth beyond the engine's", []node.Option{node.MaxDepth(sv.MaxMaxDepth + 1)}, false},
		{"number length 0", []node.Option{node.MaxNumberLength(0)}, false},
		{"duplicate policy (always keep)", []node.Option{node.DuplicateKeys(node.RejectDuplicates)}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := service(t, rpc.V2_0, rpc.ReaderOptions(c.opts...))
			if got := rpc.DirectReader(s); got != c.direct {
				t.Errorf("engine's reader: %v, want %v", got, c.direct)
			}
			e, err := rpc.EnvelopeOnly(rpc.V2_0, rpc.ReaderOptions(c.opts...))
			if err != nil {
				t.Fatal(err)
			}
			if got := rpc.DirectReader(e); got != c.direct {
				t.Errorf("EnvelopeOnly: engine's reader: %v, want %v", got, c.direct)
			}
		})
	}
}

// TestTreeReaderLocatesLimits: under a string limit only core/node's
// reader applies, a depth or number limit still gets the path of the
// value that went over it, as under the engine's reader.
func TestTreeReaderLocatesLimits(t *testing.T) {
	direct := service(t, rpc.V2_0, rpc.ReaderOptions(node.MaxDepth(3), node.MaxNumberLength(4)))
	tree := service(t, rpc.V2_0, rpc.ReaderOptions(node.MaxDepth(3), node.MaxNumberLength(4), node.MaxStringLength(100)))
	if !rpc.DirectReader(direct) || rpc.DirectReader(tree) {
		t.Fatal("the two services do not use the two readers")
	}
	for _, c := range []struct{ text, want string }{
		{`{"jsonrpc":"2.0","method":"get_data","params":[[[[1]]]],"id":1}`, "depth-limit /params/0/0"},
		{`{"jsonrpc":"2.0","method":"subtract","params":{"minuend":123456},"id":1}`, "number-limit /params/minuend"},
	} {
		d, tr := direct.ValidateMessage([]byte(c.text)), tree.ValidateMessage([]byte(c.text))
		if got := codes(tr, true); len(got) != 1 || got[0] != c.want {
			t.Errorf("%s: tree reader %v, want [%s]", c.text, got, c.want)
		}
		if a, b := d.AppendJSON(nil), tr.AppendJSON(nil); string(a) != string(b) {
			t.Errorf("%s:\nengine's reader: %s\ncore/node's:     %s", c.text, a, b)
		}
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
