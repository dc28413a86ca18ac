package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// verdict is what the behaviour test compares of a result: each finding's
// severity, code and path (its message names shapes, whose IDs an import
// may spell differently), in order.
func verdict(r *rpc.Result) []string {
	out := make([]string, 0, len(r.Findings))
	for _, f := range r.Findings {
		out = append(out, fmt.Sprintf("%s %s %s", f.Severity, f.Code, f.Path))
	}
	return out
}

// prepareLike prepares a service as `smithy validate-rpc` does (members by
// their @jsonName, as the export names them), for JSON-RPC 2.0.
func prepareLike(t *testing.T, idl []byte, service string) *rpc.PreparedService {
	t.Helper()
	s, err := rpc.Prepare(load(t, idl), shapeid.MustParse(service), rpc.Version(rpc.V2_0), rpc.PayloadOptions(sv.MatchJSONNames(true)))
	if err != nil {
		t.Fatalf("prepare %s: %v", service, err)
	}
	return s
}

// TestExamplesRoundTripBehaviour: import(export(M)) validates as M does.
// Every message, transcript and recorded response of the examples
// (examples/*/*.json, *.jsonl and the transcripts, valid and invalid
// folders; for Ethereum the 232 recorded exchanges of the corpus and a
// mutated copy of each request) gets the same findings, severity, code
// and path, from the example's model and from the import of its export.
func TestExamplesRoundTripBehaviour(t *testing.T) {
	for _, c := range exampleServices {
		t.Run(c.dir, func(t *testing.T) {
			dir := filepath.Join("..", "..", "examples", c.dir)
			files, _ := filepath.Glob(filepath.Join(dir, "*.smithy"))
			if len(files) != 1 {
				t.Fatalf("%s: %d models, want one", dir, len(files))
			}
			idl, err := os.ReadFile(files[0])
			if err != nil {
				t.Fatal(err)
			}
			orig := prepareLike(t, idl, c.service)
			back := prepareLike(t, importExport(t, export(t, idl, c.service), c.service), c.service)
			checked, findings := 0, 0
			same := func(what string, a, b *rpc.Result) {
				t.Helper()
				checked++
				findings += len(a.Findings)
				if va, vb := verdict(a), verdict(b); !reflect.DeepEqual(va, vb) {
					t.Errorf("%s:\n  M:                 %v\n  import(export(M)): %v", what, va, vb)
				}
			}
			var inputs []string
			for _, pat := range []string{"*.json", "*.jsonl", "transcripts/*.jsonl", "valid/*.jsonl", "invalid/*.jsonl"} {
				m, _ := filepath.Glob(filepath.Join(dir, pat))
				inputs = append(inputs, m...)
			}
			sort.Strings(inputs)
			for _, f := range inputs {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				rel, _ := filepath.Rel(dir, f)
				switch {
				case filepath.Base(f) == "responses.jsonl":
					// Recorded responses, each with the method it answers.
					for i, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
						var r struct {
							Method  string          `json:"method"`
							Message json.RawMessage `json:"message"`
						}
						if err := json.Unmarshal(line, &r); err != nil {
							t.Fatalf("%s:%d: %v", rel, i+1, err)
						}
						ctxA, ctxB := rpc.BareResponse(), rpc.BareResponse()
						if r.Method != "" {
							ma, okA := orig.Method(r.Method)
							mb, okB := back.Method(r.Method)
							if !okA || !okB {
								t.Errorf("%s:%d: method %q: in M %v, in the import %v", rel, i+1, r.Method, okA, okB)
								continue
							}
							ctxA, ctxB = rpc.ForMethod(ma), rpc.ForMethod(mb)
						}
						same(fmt.Sprintf("%s:%d", rel, i+1), orig.ValidateResponse(r.Message, ctxA), back.ValidateResponse(r.Message, ctxB))
					}
				case strings.HasSuffix(f, ".jsonl"):
					a, errA := orig.ValidateTranscript(bytes.NewReader(data), true)
					b, errB := back.ValidateTranscript(bytes.NewReader(data), true)
					if errA != nil || errB != nil {
						t.Fatalf("%s: %v / %v", rel, errA, errB)
					}
					same(rel, a, b)
				default:
					same(rel, orig.ValidateMessage(data), back.ValidateMessage(data))
					for _, m := range paramMutations(data) {
						same(rel+" "+m.what, orig.ValidateMessage(m.data), back.ValidateMessage(m.data))
					}
				}
			}
			if c.dir == "ethereum" {
				feed := func(s *rpc.PreparedService, msgs [][2]string) *rpc.Result {
					x := s.NewExchange()
					for _, m := range msgs {
						from := rpc.Client
						if m[0] == "response" {
							from = rpc.Server
						}
						x.Feed(from, []byte(m[1]))
					}
					return x.Finish(true)
				}
				for _, rec := range readExchanges(t) {
					var msgs [][2]string
					for _, m := range rec.Exchange {
						msgs = append(msgs, [2]string{m.Dir, m.Raw})
					}
					same(rec.File, feed(orig, msgs), feed(back, msgs))
					for i, m := range msgs {
						if m[0] != "request" {
							continue
						}
						if mut := mutateParams([]byte(m[1])); mut != nil {
							one := [][2]string{{"request", string(mut)}}
							same(fmt.Sprintf("%s message %d, first param's type changed", rec.File, i), feed(orig, one), feed(back, one))
						}
					}
				}
			}
			if checked < 3 {
				t.Errorf("only %d inputs checked", checked)
			}
			t.Logf("%d inputs, %d findings, the same from both models", checked, findings)
		})
	}
}

// mutateParams returns the request with its first param's type changed
// (nil when it has no params).
func mutateParams(req []byte) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(req, &m) != nil {
		return nil
	}
	var ps []json.RawMessage
	if json.Unmarshal(m["params"], &ps) != nil || len(ps) == 0 {
		return nil
	}
	ps[0] = wrongType(ps[0])
	m["params"], _ = json.Marshal(ps)
	out, _ := json.Marshal(m)
	return out
}

type mutation struct {
	what string
	data []byte
}

// paramMutations are copies of a request with changed params: by name, an
// unknown param added (open and closed inputs differ), and each param null
// or removed in turn; by position, one param too many, and each null in
// turn.
func paramMutations(req []byte) []mutation {
	var m map[string]json.RawMessage
	if json.Unmarshal(req, &m) != nil || m["params"] == nil {
		return nil
	}
	with := func(what string, params any) mutation {
		c := map[string]json.RawMessage{}
		for k, v := range m {
			c[k] = v
		}
		c["params"], _ = json.Marshal(params)
		out, _ := json.Marshal(c)
		return mutation{what, out}
	}
	var out []mutation
	var named map[string]json.RawMessage
	var list []json.RawMessage
	switch {
	case json.Unmarshal(m["params"], &named) == nil:
		extra := map[string]json.RawMessage{"unknownParam": json.RawMessage("1")}
		keys := make([]string, 0, len(named))
		for k, v := range named {
			extra[k] = v
			keys = append(keys, k)
		}
		out = append(out, with("with an unknown param", extra))
		sort.Strings(keys)
		for _, k := range keys {
			nulled, dropped := map[string]json.RawMessage{}, map[string]json.RawMessage{}
			for k2, v := range named {
				nulled[k2], dropped[k2] = v, v
			}
			nulled[k] = json.RawMessage("null")
			delete(dropped, k)
			out = append(out, with("with "+k+" null", nulled), with("without "+k, dropped))
		}
	case json.Unmarshal(m["params"], &list) == nil:
		out = append(out, with("with one param too many", append(append([]json.RawMessage(nil), list...), json.RawMessage("1"))))
		for i := range list {
			c := append([]json.RawMessage(nil), list...)
			c[i] = json.RawMessage("null")
			out = append(out, with(fmt.Sprintf("with param %d null", i), c))
		}
	}
	return out
}
