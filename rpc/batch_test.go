package rpc_test

import (
	"testing"

	"github.com/smithy-validation/go/rpc"
)

// 2.0 section 6: a batch is a non-empty array whose elements are checked
// one by one; an empty or unreadable batch is answered by one error.
func TestBatchRequests(t *testing.T) {
	s := service(t, rpc.V2_0)
	runMessages(t, s, s.ValidateMessage, []messageCase{
		{"empty", `[]`, []string{`batch-empty ""`}, []string{"invalid rpc_error=-32600"}},
		{"[1]", `[1]`, []string{"not-object /0"}, []string{"batch", "invalid rpc_error=-32600"}},
		{"[1,2,3]", `[1,2,3]`, []string{"not-object /0", "not-object /1", "not-object /2"},
			[]string{"batch", "invalid rpc_error=-32600", "invalid rpc_error=-32600", "invalid rpc_error=-32600"}},
		{"mixed", `[
			{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
			{"jsonrpc": "2.0", "method": "notify_hello", "params": [7]},
			{"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"},
			{"foo": "boo"},
			{"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
			{"jsonrpc": "2.0", "method": "get_data", "id": "9"}
		]`, []string{"method-missing /3", "version-missing /3", "method-not-found /4/method"}, []string{
			"batch",
			`request id="1" method=sum`,
			"notification method=notify_hello",
			`request id="2" method=subtract`,
			"invalid rpc_error=-32600",
			`request id="5" method=foo.get rpc_error=-32601`,
			`request id="9" method=get_data`,
		}},
		{"all notifications", `[{"jsonrpc":"2.0","method":"update","params":[1,2,4]},{"jsonrpc":"2.0","method":"notify_hello","params":[7]}]`, nil,
			[]string{"batch", "notification method=update", "notification method=notify_hello"}},
		{"element paths", `[{"jsonrpc":"2.0","method":"subtract","params":[42,"23"],"id":1}]`, []string{"type /0/params/1"}, nil},
		{"requests and responses", `[{"jsonrpc":"2.0","method":"get_data","id":1},{"jsonrpc":"2.0","result":1,"id":2}]`,
			[]string{"batch-mixed /1", "method-missing /1"}, nil},
		{"nested batch", `[[{"jsonrpc":"2.0","method":"get_data","id":1}]]`, []string{"not-object /0"}, nil},
	})
}

// A response array is checked element by element; an empty one is
// forbidden.
func TestBatchResponses(t *testing.T) {
	s, _ := rpc.EnvelopeOnly(rpc.V2_0)
	runMessages(t, s, s.ValidateMessage, []messageCase{
		{"unordered", `[{"jsonrpc":"2.0","result":19,"id":"2"},{"jsonrpc":"2.0","result":7,"id":"1"}]`, nil,
			[]string{"batch", `response id="2"`, `response id="1"`}},
		{"errors for invalid elements", `[{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":null}]`, nil,
			[]string{"batch", "error-response id=null"}},
		{"empty: taken as a request", `[]`, []string{`batch-empty ""`}, []string{"invalid rpc_error=-32600"}},
	})
	runMessages(t, s, bare(s), []messageCase{
		{"empty response array", `[]`, []string{`batch-response-empty ""`}, []string{"invalid"}},
		{"request in response array", `[{"jsonrpc":"2.0","method":"x","id":1}]`, []string{"batch-mixed /0", `no-result-or-error /0`}, nil},
	})
}
