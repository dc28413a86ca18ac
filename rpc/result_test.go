package rpc_test

import (
	"slices"
	"strconv"
	"testing"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/rpc"
)

// TestSummaryAppendJSON: a summary's JSON rendering is one compact JSON
// object whose members say exactly what the summary holds, in the
// documented order, for every kind of summary and id.
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
		got := m.AppendJSON([]byte("x"))
		if got[0] != 'x' {
			t.Fatalf("%+v: dst not kept: %s", m, got)
		}
		n, err := node.Parse(got[1:])
		if err != nil {
			t.Errorf("%+v: not JSON: %s: %v", m, got[1:], err)
			continue
		}
		if string(node.AppendJSON(nil, n)) != string(got[1:]) {
			t.Errorf("%+v: not compact: %s", m, got[1:])
		}
		var keys []string
		for _, f := range n.Fields() {
			keys = append(keys, f.Key)
		}
		want := []string{"index"}
		if m.Element >= 0 {
			want = append(want, "element")
		}
		want = append(want, "kind")
		if m.ID.IsPresent() {
			want = append(want, "id")
		}
		if m.HasMethod {
			want = append(want, "method")
		}
		want = append(want, "rpc_error")
		if !slices.Equal(keys, want) {
			t.Errorf("%+v: members %q, want %q", m, keys, want)
			continue
		}
		get := func(k string) node.Node { v, _ := n.Get(k); return v }
		if get("index").NumberText() != strconv.Itoa(m.Index) || get("kind").StringValue() != m.Kind.String() {
			t.Errorf("%+v: index or kind wrong: %s", m, got[1:])
		}
		if m.Element >= 0 && get("element").NumberText() != strconv.Itoa(m.Element) {
			t.Errorf("%+v: element wrong: %s", m, got[1:])
		}
		if m.ID.IsPresent() && !node.Equal(get("id"), m.ID.Value()) {
			t.Errorf("%+v: id wrong: %s", m, got[1:])
		}
		if m.HasMethod && get("method").StringValue() != m.Method {
			t.Errorf("%+v: method wrong: %s", m, got[1:])
		}
		if e := get("rpc_error"); (m.RPCError == 0) != e.IsNull() || (m.RPCError != 0 && e.NumberText() != strconv.Itoa(m.RPCError)) {
			t.Errorf("%+v: rpc_error wrong: %s", m, got[1:])
		}
	}
}
