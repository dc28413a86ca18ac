package importer

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

func importEthereum(t testing.TB) *Result {
	t.Helper()
	data, err := os.ReadFile(corpus(t, "openrpc/ethereum-execution-apis-openrpc.json"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := OpenRPC(data, Options{Namespace: "ethereum", Service: "Ethereum"})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestEthereumLoads(t *testing.T) {
	res := importEthereum(t)
	load(t, res.IDL)
}

// exchange is one line of the recorded execution-apis exchanges.
type exchange struct {
	File     string `json:"file"`
	Exchange []struct {
		Dir string `json:"dir"`
		Raw string `json:"raw"`
	} `json:"exchange"`
}

func readExchanges(t *testing.T) []exchange {
	t.Helper()
	data, err := os.ReadFile(corpus(t, "jsonrpc/ethereum-execution-apis-rpc-tests.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var out []exchange
	for i, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var x exchange
		if err := json.Unmarshal(line, &x); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		out = append(out, x)
	}
	return out
}

// committedEthereum loads examples/ethereum/ethereum.smithy, the model the
// acceptance tests check (TestEthereumExampleIsCurrent proves it is the
// importer's output).
func committedEthereum(t *testing.T) *model.Model {
	t.Helper()
	corpus(t, "openrpc/ethereum-execution-apis-openrpc.json") // the tests need the corpus anyway
	idl, err := os.ReadFile(filepath.Join(ethereumExample, "ethereum.smithy"))
	if err != nil {
		t.Fatal(err)
	}
	return load(t, idl)
}

func prepareEthereum(t *testing.T) *rpc.PreparedService {
	t.Helper()
	m := committedEthereum(t)
	s, err := rpc.Prepare(m, shapeid.MustParse("ethereum#Ethereum"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// expectedFailures reads testdata/ethereum-expected-failures.tsv.
func expectedFailures(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "ethereum-expected-failures.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		file, reason, ok := strings.Cut(line, "\t")
		if !ok || reason == "" {
			t.Fatalf("expected failure %q has no reason", line)
		}
		out[file] = reason
	}
	return out
}

// errorCode is the code of a JSON-RPC error response, 0 for anything else.
func errorCode(raw string) int {
	var r struct {
		Error *struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(raw), &r) != nil || r.Error == nil {
		return 0
	}
	return r.Error.Code
}

// TestEthereumExchanges is the acceptance test of the Ethereum import:
// every recorded exchange of ethereum/execution-apis is checked against
// the imported model. An exchange passes when it has no error finding, or
// when its only error findings are on a request that the model answers
// with -32602 and that the recorded server answered with -32602 too (the
// corpus's "invalid argument" tests: model and server agree). The rest must
// be listed, with the reason, in testdata/ethereum-expected-failures.tsv.
func TestEthereumExchanges(t *testing.T) {
	s := prepareEthereum(t)
	xs := readExchanges(t)
	if len(xs) != 232 {
		t.Fatalf("corpus has %d exchanges, want 232", len(xs))
	}
	expected := expectedFailures(t)
	clean, agreed, listed := 0, 0, 0
	for _, rec := range xs {
		x := s.NewExchange()
		var sums []rpc.MessageSummary // one per message fed, by document index
		for _, m := range rec.Exchange {
			from := rpc.Client
			if m.Dir == "response" {
				from = rpc.Server
			}
			sums = append(sums, x.Feed(from, []byte(m.Raw))...)
		}
		r := x.Finish(true)
		if r.Scope != rpc.ScopeService {
			t.Errorf("%s: scope %s, want service", rec.File, r.Scope)
		}
		var errs []string
		rejected := true // every error finding is on a request both sides reject
		for _, f := range r.Findings {
			if f.Severity != sv.SeverityError {
				continue
			}
			errs = append(errs, f.String())
			doc, ok := f.Path.Document()
			if !ok || doc+1 >= len(rec.Exchange) || doc >= len(sums) ||
				sums[doc].Kind != rpc.KindRequest || sums[doc].RPCError != -32602 ||
				rec.Exchange[doc+1].Dir != "response" || errorCode(rec.Exchange[doc+1].Raw) != -32602 {
				rejected = false
			}
		}
		reason, isListed := expected[rec.File]
		switch {
		case len(errs) == 0 && isListed:
			t.Errorf("%s: listed as an expected failure (%s) but passes: remove the entry", rec.File, reason)
		case len(errs) == 0:
			clean++
		case rejected && !isListed:
			agreed++
		case isListed:
			listed++
		default:
			t.Errorf("%s: error findings:\n%s", rec.File, strings.Join(errs, "\n"))
		}
	}
	if listed != len(expected) {
		t.Errorf("%d expected failures listed, %d seen", len(expected), listed)
	}
	t.Logf("%d exchanges: %d with no error finding, %d invalid requests rejected by model and server alike (-32602), %d listed schema-vs-recording disagreements", len(xs), clean, agreed, listed)
}

// wrongType returns a JSON value of another kind than v.
func wrongType(v json.RawMessage) json.RawMessage {
	switch t := bytes.TrimSpace(v); {
	case len(t) == 0:
		return nil
	case t[0] == '"':
		return json.RawMessage(`12345`)
	case t[0] == 'n':
		return nil // null: no other kind is surely wrong for a nullable param
	default:
		return json.RawMessage(`"not the right type"`)
	}
}

// TestEthereumMutations is the other half of the acceptance: a mutated
// copy of every recorded request whose params the model accepts is
// rejected (-32602): once with the first param of the wrong JSON type,
// once without its first required param.
func TestEthereumMutations(t *testing.T) {
	s := prepareEthereum(t)
	m := committedEthereum(t)
	req := shapeid.MustParse("smithy.api#required")
	typed, typedCaught, missing, missingCaught := 0, 0, 0, 0
	for _, rec := range readExchanges(t) {
		for _, msg := range rec.Exchange {
			if msg.Dir != "request" {
				continue
			}
			var call map[string]json.RawMessage
			var params []json.RawMessage
			if json.Unmarshal([]byte(msg.Raw), &call) != nil || json.Unmarshal(call["params"], &params) != nil {
				continue // a batch, or params by name: not in this corpus
			}
			if r := s.ValidateRequest([]byte(msg.Raw)); len(r.Messages) != 1 || r.Messages[0].RPCError != 0 {
				continue // already invalid (the corpus's invalid-argument tests)
			}
			var name string
			json.Unmarshal(call["method"], &name)
			meth, ok := s.Method(name)
			if !ok {
				t.Fatalf("%s: method %q is not in the model", rec.File, name)
			}
			mutate := func(ps []json.RawMessage) []byte {
				c := map[string]json.RawMessage{}
				for k, v := range call {
					c[k] = v
				}
				c["params"], _ = json.Marshal(ps)
				out, _ := json.Marshal(c)
				return out
			}
			if len(params) > 0 {
				if w := wrongType(params[0]); w != nil {
					ps := append([]json.RawMessage{w}, params[1:]...)
					typed++
					if r := s.ValidateRequest(mutate(ps)); r.Messages[0].RPCError == -32602 {
						typedCaught++
					} else {
						t.Errorf("%s: %s with params[0] = %s is not rejected", rec.File, name, w)
					}
				}
			}
			in, _ := m.Shape(meth.Input())
			for i, p := range meth.Positional() {
				mem, _ := in.Member(p)
				if mem == nil || !mem.HasTrait(req) || i >= len(params) {
					continue
				}
				missing++
				if r := s.ValidateRequest(mutate(params[:i])); r.Messages[0].RPCError == -32602 {
					missingCaught++
				} else {
					t.Errorf("%s: %s without required param %q is not rejected", rec.File, name, p)
				}
				break
			}
		}
	}
	if typed < 150 || missing < 150 {
		t.Errorf("only %d wrong-type and %d missing-param mutations were made", typed, missing)
	}
	t.Logf("wrong type: %d of %d caught; missing required param: %d of %d caught", typedCaught, typed, missingCaught, missing)
}
