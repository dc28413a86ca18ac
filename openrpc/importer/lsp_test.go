package importer

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// TestLSPMetaModel imports the LSP meta model of the corpus (3.18.0) and
// checks that every request and notification is a method of the prepared
// service with its kind and direction, and that a call is validated
// against its params.
func TestLSPMetaModel(t *testing.T) {
	data, res := importMetaModel(t)
	m := load(t, res.IDL)
	s, err := rpc.Prepare(m, shapeid.MustParse("lsp#LanguageServer"))
	if err != nil {
		t.Fatal(err)
	}
	root, _ := node.Parse(data)
	want := 0
	for _, k := range []string{"requests", "notifications"} {
		list, _ := root.Get(k)
		for _, msg := range list.Elems() {
			want++
			name := str(msg, "method")
			meth, ok := s.Method(name)
			if !ok {
				t.Errorf("%s %q is not a method of the imported service", k, name)
				continue
			}
			wantKind := map[string]string{"requests": `kind: "call"`, "notifications": `kind: "notification"`}[k]
			wantFrom := map[string]string{"clientToServer": `from: "client"`, "serverToClient": `from: "server"`, "both": `from: "either"`}[str(msg, "messageDirection")]
			if !strings.Contains(string(res.IDL), "@method(name: "+quote(name)+", "+wantKind+", "+wantFrom) {
				t.Errorf("%s (%s): @method without %s, %s", name, meth.Operation(), wantKind, wantFrom)
			}
		}
	}
	if want != 95 || len(s.Methods()) != want {
		t.Errorf("the meta model has %d messages, the service %d methods; want 95 each", want, len(s.Methods()))
	}
	good := `{"jsonrpc":"2.0","id":1,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///a.go"}}}`
	bad := `{"jsonrpc":"2.0","id":1,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":7}}}`
	if r := s.ValidateRequest([]byte(good)); r.Messages[0].RPCError != 0 || !r.Valid {
		t.Errorf("a valid documentSymbol call: %v", r.Findings)
	}
	if r := s.ValidateRequest([]byte(bad)); r.Messages[0].RPCError != -32602 {
		t.Errorf("a documentSymbol call with a numeric uri is not rejected: %v", r.Findings)
	}
	t.Logf("%d LSP methods imported (%d lines of Smithy, %d diagnostics)", len(s.Methods()), strings.Count(string(res.IDL), "\n"), len(res.Diagnostics))
}

// TestLSPAnyTakesNull: LSPAny is any JSON value, null too, so a required
// property of that type ($/progress's value, didChangeConfiguration's
// settings) takes null; the import makes it @nullable, as it makes a
// result that includes null. An optional one (a completion item's data)
// is @nullable too, so that null passes under RejectNullMembers (--nulls
// reject), which refuses it for an optional string.
func TestLSPAnyTakesNull(t *testing.T) {
	_, res := importMetaModel(t)
	model := load(t, res.IDL)
	for _, reject := range []bool{false, true} {
		s, err := rpc.Prepare(model, shapeid.MustParse("lsp#LanguageServer"), rpc.PayloadOptions(sv.RejectNullMembers(reject)))
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name, msg string
			valid     bool
		}{
			{"progress value null", `{"jsonrpc":"2.0","method":"$/progress","params":{"token":"t","value":null}}`, true},
			{"settings null", `{"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{"settings":null}}`, true},
			{"progress value missing", `{"jsonrpc":"2.0","method":"$/progress","params":{"token":"t"}}`, false},
			{"optional data null", `{"jsonrpc":"2.0","id":1,"method":"completionItem/resolve","params":{"label":"x","data":null}}`, true},
			{"optional detail null", `{"jsonrpc":"2.0","id":1,"method":"completionItem/resolve","params":{"label":"x","detail":null}}`, !reject},
		} {
			t.Run(fmt.Sprintf("%s reject %v", tc.name, reject), func(t *testing.T) {
				if r := s.ValidateMessage([]byte(tc.msg)); r.Valid != tc.valid {
					t.Errorf("valid %v, want %v: %v", r.Valid, tc.valid, r.Findings)
				}
			})
		}
	}
}

// importMetaModel reads the corpus's LSP meta model and imports it in
// namespace lsp.
func importMetaModel(t *testing.T) ([]byte, *Result) {
	t.Helper()
	data, err := os.ReadFile(corpus(t, "lsp/metaModel.json"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := LSP(data, Options{Namespace: "lsp"})
	if err != nil {
		t.Fatal(err)
	}
	return data, res
}
