package rpc_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/smithy-validation/go/rpc"
)

// TestSuppliedAssociationWins checks that a response supplied for a
// message (a pair, reply_to) is related to that message's calls, never
// taken for another call's answer with a wrong id.
func TestSuppliedAssociationWins(t *testing.T) {
	s := service(t, rpc.V2_0)
	cases := []struct {
		name, req, resp string
		want            []string
	}{
		{"a duplicate reply in a response array",
			`[{"jsonrpc":"2.0","method":"get_data","id":1},{"jsonrpc":"2.0","method":"get_data","id":2}]`,
			`[{"jsonrpc":"2.0","result":[],"id":1},{"jsonrpc":"2.0","result":[],"id":1}]`,
			[]string{`response-missing [1]""`, "response-duplicate [1]/1/id"}},
		{"a null-id reply to a call with a readable id",
			`{"jsonrpc":"2.0","method":"get_data","id":1}`,
			`{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":null}`,
			[]string{`response-missing [1]""`, "response-unsolicited [1]/id"}},
		{"a null-id reply to an unreadable id is its answer",
			`{"jsonrpc":"2.0","method":"get_data","id":{}}`,
			`{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":null}`,
			[]string{"id-type [0]/id"}},
		{"a wrong id is still a mismatch",
			`{"jsonrpc":"2.0","method":"get_data","id":1}`,
			`{"jsonrpc":"2.0","result":[],"id":2}`,
			[]string{"id-mismatch [1]/id"}},
	}
	for _, tc := range cases {
		if got := codes(s.ValidatePair([]byte(tc.req), []byte(tc.resp)), true); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	// reply_to naming the second of two calls with one id: a valid pair.
	call := line("client", `{"jsonrpc":"2.0","method":"get_data","id":1}`)
	res, _ := s.ValidateTranscript(strings.NewReader(strings.Join([]string{
		call, call,
		`{"from":"server","reply_to":1,"message":{"jsonrpc":"2.0","result":[],"id":1}}`,
		`{"from":"server","reply_to":0,"message":{"jsonrpc":"2.0","result":[],"id":1}}`,
	}, "\n")), true)
	if got := codes(res, true); !slices.Equal(got, []string{"id-ambiguous [1]/id"}) {
		t.Errorf("reply_to the second call: %q", got)
	}
	// Without reply_to the same responses are guesses.
	res, _ = s.ValidateTranscript(strings.NewReader(strings.Join([]string{
		call, call, line("server", `{"jsonrpc":"2.0","result":[],"id":1}`), line("server", `{"jsonrpc":"2.0","result":[],"id":1}`),
	}, "\n")), true)
	if got := codes(res, true); !slices.Equal(got, []string{"id-ambiguous [1]/id", "id-ambiguous [2]/id", "id-ambiguous [3]/id"}) {
		t.Errorf("without reply_to: %q", got)
	}
}

// TestStructuredIDSpelling checks that a structured 1.0 id echoed with
// another spelling of an equal value gets the advisory scalar ids get.
func TestStructuredIDSpelling(t *testing.T) {
	s := service(t, rpc.V1_0)
	req := `{"method":"subtract","params":[42,23],"id":{"n":1,"k":[2]}}`
	cases := []struct {
		name, id string
		want     []string
	}{
		{"the same spelling", `{"n":1,"k":[2]}`, nil},
		{"whitespace is not spelling", `{ "n" : 1 , "k" : [ 2 ] }`, nil},
		{"1.0 for 1 inside an object", `{"n":1.0,"k":[2]}`, []string{"id-spelling [1]/id"}},
		{"2e0 for 2 inside an array", `{"n":1,"k":[2e0]}`, []string{"id-spelling [1]/id"}},
		{"another value", `{"n":2,"k":[2]}`, []string{"id-mismatch [1]/id"}},
	}
	for _, tc := range cases {
		r := s.ValidatePair([]byte(req), []byte(`{"result":19,"error":null,"id":`+tc.id+`}`))
		if got := codes(r, true); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	// Scalar ids keep theirs.
	if got := codes(s.ValidatePair([]byte(`{"method":"subtract","params":[42,23],"id":1}`), []byte(`{"result":19,"error":null,"id":1.0}`)), true); !slices.Equal(got, []string{"id-spelling [1]/id"}) {
		t.Errorf("scalar: %q", got)
	}
}
