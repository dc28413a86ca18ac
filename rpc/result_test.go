package rpc_test

import (
	"testing"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/rpc"
)

// TestSummaryAppendJSON: the direct rendering of a summary is exactly
// the node rendering, for every kind of summary and id.
func TestSummaryAppendJSON(t *testing.T) {
	ids := []rpc.RequestID{rpc.AbsentID()}
	for _, text := range []string{`null`, `0`, `-12`, `1.50`, `1e400`, `"a\"b\\c\u0001é"`, `"\u2028"`, `{"k":[1,"x",null]}`, `[]`} {
		n, err := node.Parse([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, rpc.PresentID(n))
	}
	var summaries []rpc.MessageSummary
	for i, id := range ids {
		for _, k := range []rpc.Kind{rpc.KindRequest, rpc.KindNotification, rpc.KindResponse, rpc.KindErrorResponse, rpc.KindBatch, rpc.KindInvalid} {
			summaries = append(summaries,
				rpc.MessageSummary{Index: i, Element: -1, Kind: k, ID: id},
				rpc.MessageSummary{Index: 1 << 40, Element: i, Kind: k, ID: id, Method: "sub\"tract\n\u007f<>&", HasMethod: true, RPCError: rpc.InvalidParams},
				rpc.MessageSummary{Index: i, Element: 0, Kind: k, ID: id, Method: "", HasMethod: true, RPCError: -32700})
		}
	}
	for _, m := range summaries {
		want := node.AppendJSON(nil, m.Node())
		if got := m.AppendJSON([]byte("x")); string(got) != "x"+string(want) {
			t.Errorf("%+v:\n got %s\nwant %s", m, got[1:], want)
		}
	}
}
