package rpc_test

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
)

// TestErrorDataMissingSaysHowToModelIt: an error structure copied with a
// required `message` member makes a plain {"code","message"} reply fail
// with error-data-missing; the finding must say that the error object's
// message is not data and name the two ways out (noData, dataMember),
// since that is the fix a user needs.
func TestErrorDataMissingSaysHowToModelIt(t *testing.T) {
	const model = `$version: "2"
namespace ex
use smithy.rpc#jsonRpc
use smithy.rpc#method
use smithy.rpc#rpcError

@jsonRpc(versions: ["2.0"])
service Notes { version: "1", operations: [GetNote], errors: [NotFound, Conflict] }

@method(name: "getNote")
operation GetNote { input := { @required id: String }, output := { text: String } }

@error("client")
@rpcError(code: 404)
structure NotFound { @required message: String }

@error("client")
@rpcError(code: 409, dataMember: "reason")
structure Conflict { @required reason: String }
`
	svc, err := rpc.Prepare(assemble(t, map[string]string{"notes.smithy": model}), shapeid.MustParse("ex#Notes"), rpc.Version(rpc.V2_0))
	if err != nil {
		t.Fatal(err)
	}
	call := []byte(`{"jsonrpc":"2.0","method":"getNote","params":{"id":"a"},"id":1}`)
	for _, tc := range []struct {
		name, reply string
		want        []string // substrings of the one finding's message
	}{
		{"whole structure as data", `{"jsonrpc":"2.0","error":{"code":404,"message":"no note a"},"id":1}`,
			[]string{"error 404 (ex#NotFound) needs data", "code and message are not data", "@rpcError(noData: true)", "@rpcError(dataMember:"}},
		{"data member", `{"jsonrpc":"2.0","error":{"code":409,"message":"conflict"},"id":1}`,
			[]string{"its data member reason is required", "make the member optional", "@rpcError(noData: true)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := svc.ValidatePair(call, []byte(tc.reply))
			if got := codes(r, false); len(got) != 1 || got[0] != `error-data-missing [1]/error` {
				t.Fatalf("findings %v, want [error-data-missing [1]/error] (the response is index 1)", got)
			}
			msg := r.Findings[0].Message
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("message %q does not contain %q", msg, w)
				}
			}
		})
	}
}
