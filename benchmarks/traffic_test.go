package benchmarks

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	"github.com/smithy-validation/go/smithyvalidate"
)

// payload is one value of example traffic: the params of a request or
// notification, or the result of a response, with the validator of the
// shape the service gives it (the method's input, or its output or
// result member).
type payload struct {
	v    *smithyvalidate.Validator
	data []byte
}

// traffic returns the payloads of the transcripts of an example service
// (examples/mcp, examples/lsp): every message of every transcript under
// transcripts/, in file order. A response's method is its request's
// (matched by id within the transcript); messages whose method the
// service does not model, errors and null results carry no payload to
// validate.
func traffic(tb testing.TB, dir, model, service string) []payload {
	tb.Helper()
	root := filepath.Join("..", "examples", dir)
	src, err := os.ReadFile(filepath.Join(root, model))
	if err != nil {
		tb.Fatal(err)
	}
	a := assembly.New()
	if err := rpc.AddTraits(a); err != nil {
		tb.Fatal(err)
	}
	if err := smithyvalidate.AddAlloyTraits(a); err != nil {
		tb.Fatal(err)
	}
	if err := a.AddSource(model, src); err != nil {
		tb.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		tb.Fatal(err, res.Events)
	}
	svc, err := rpc.Prepare(res.Model, shapeid.MustParse(service))
	if err != nil {
		tb.Fatal(err)
	}
	validators := map[shapeid.ID]*smithyvalidate.Validator{}
	validator := func(id shapeid.ID) *smithyvalidate.Validator {
		if id == (shapeid.ID{}) {
			return nil
		}
		if v, ok := validators[id]; ok {
			return v
		}
		// As rpc prepares payloads: members named by @jsonName.
		v, err := smithyvalidate.Prepare(res.Model, id, smithyvalidate.MatchJSONNames(true))
		if err != nil {
			tb.Fatal(err)
		}
		validators[id] = v
		return v
	}
	files, err := filepath.Glob(filepath.Join(root, "transcripts", "*.jsonl"))
	if err != nil || len(files) == 0 {
		tb.Fatal("no transcripts under", root, err)
	}
	sort.Strings(files)
	var out []payload
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		pending := map[string]string{} // request id -> method
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			var line struct {
				Message struct {
					ID     json.RawMessage `json:"id"`
					Method string          `json:"method"`
					Params json.RawMessage `json:"params"`
					Result json.RawMessage `json:"result"`
				} `json:"message"`
			}
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
				tb.Fatalf("%s: %v", f, err)
			}
			msg := line.Message
			switch {
			case msg.Method != "":
				if len(msg.ID) > 0 {
					pending[string(msg.ID)] = msg.Method
				}
				m, ok := svc.Method(msg.Method)
				if ok && len(msg.Params) > 0 {
					if v := validator(m.Input()); v != nil {
						out = append(out, payload{v, msg.Params})
					}
				}
			case len(msg.Result) > 0 && string(msg.Result) != "null":
				// (a null result is the protocol's, @method(nullResult),
				// not a value of the output)
				m, ok := svc.Method(pending[string(msg.ID)])
				if !ok {
					continue
				}
				id := m.Output()
				if _, member := m.Result(); member != (shapeid.ID{}) {
					id = member
				}
				if v := validator(id); v != nil {
					out = append(out, payload{v, msg.Result})
				}
			}
		}
		if err := sc.Err(); err != nil {
			tb.Fatal(err)
		}
	}
	if len(out) == 0 {
		tb.Fatal("no payloads in", root)
	}
	return out
}

func mcpTraffic(tb testing.TB) []payload {
	return traffic(tb, "mcp", "mcp.smithy", "io.modelcontextprotocol#Mcp")
}

func lspTraffic(tb testing.TB) []payload {
	return traffic(tb, "lsp", "lsp.smithy", "org.lsp#LanguageServer")
}

// TestTrafficValid checks that the example traffic the comparison
// measures is what the examples say it is: every payload of the
// transcripts is valid, so the comparison times the engine on the values
// a session carries, not on its error path.
func TestTrafficValid(t *testing.T) {
	for _, tc := range []struct {
		name string
		load func(testing.TB) []payload
	}{{"mcp", mcpTraffic}, {"lsp", lspTraffic}} {
		t.Run(tc.name, func(t *testing.T) {
			ps := tc.load(t)
			for i, p := range ps {
				r, err := p.v.ValidateJSON(p.data)
				if err != nil {
					t.Fatal(err)
				}
				if !r.Valid {
					t.Errorf("%s payload %d (%s): %s\n%s", tc.name, i, p.v.Shape(), r.Text(), p.data)
				}
			}
			t.Logf("%s: %d payloads", tc.name, len(ps))
		})
	}
}

// TestZeroAllocs checks the goal's "0 allocations per value": every valid
// value of the Order stream and every payload of the MCP and LSP example
// traffic is validated without allocating (the one pass decides them all,
// @untagged unions of structures included).
func TestZeroAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation counts")
	}
	v := engine(t)
	for i, s := range stream {
		if !s.valid {
			continue
		}
		if n := testing.AllocsPerRun(3, func() { _, _ = v.ValidateJSON(s.data) }); n != 0 {
			t.Errorf("Order value %d allocates %v times, want 0", i, n)
		}
	}
	for _, tc := range []struct {
		name string
		load func(testing.TB) []payload
	}{{"mcp", mcpTraffic}, {"lsp", lspTraffic}} {
		for i, p := range tc.load(t) {
			if n := testing.AllocsPerRun(3, func() { _, _ = p.v.ValidateJSON(p.data) }); n != 0 {
				t.Errorf("%s payload %d (%s) allocates %v times, want 0", tc.name, i, p.v.Shape(), n)
			}
		}
	}
}

// BenchmarkTraffic validates the payloads of the MCP and LSP example
// transcripts in a loop (the work TestCompare times on those streams).
func BenchmarkTraffic(b *testing.B) {
	for _, tc := range []struct {
		name string
		load func(testing.TB) []payload
	}{{"mcp", mcpTraffic}, {"lsp", lspTraffic}} {
		b.Run(tc.name, func(b *testing.B) {
			ps := tc.load(b)
			var n int64
			for _, p := range ps {
				n += int64(len(p.data))
			}
			b.SetBytes(n / int64(len(ps)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p := ps[i%len(ps)]
				if _, err := p.v.ValidateJSON(p.data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
