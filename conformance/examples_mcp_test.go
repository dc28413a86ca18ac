package conformance

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// The protocol examples of ../examples: MCP (examples/mcp) and LSP
// (examples/lsp), each modeled in Smithy with the smithy.rpc and alloy
// traits. The valid transcripts are the specifications' own example
// messages and must raise no finding of severity warning or above; each
// invalid variant must be caught with exactly the expected findings and
// the expected rpc_error.

// exampleService assembles every .smithy file of examples/<dir> with the
// smithy.rpc traits and prepares the service id for JSON-RPC 2.0.
func exampleService(t *testing.T, dir, id string) *rpc.PreparedService {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "examples", dir, "*.smithy"))
	if len(files) == 0 {
		t.Fatalf("no model in examples/%s", dir)
	}
	s, err := rpc.Prepare(rpcModelFiles(t, files...), shapeid.MustParse(id), rpc.Version(rpc.V2_0))
	if err != nil {
		t.Fatalf("examples/%s: %v", dir, err)
	}
	return s
}

// loud returns the findings of severity warning or error as "code
// [index]path" texts.
func loud(r *rpc.Result) []string {
	out := []string{}
	for _, f := range r.Findings {
		if f.Severity == sv.SeverityError || f.Severity == sv.SeverityWarning {
			out = append(out, findingText(f))
		}
	}
	return out
}

// errorTexts returns the findings of severity error as "code [index]path".
func errorTexts(r *rpc.Result) []string {
	out := []string{}
	for _, f := range r.Findings {
		if f.Severity == sv.SeverityError {
			out = append(out, findingText(f))
		}
	}
	sort.Strings(out)
	return out
}

// validateTranscriptFile validates examples/<rel> as a transcript.
func validateTranscriptFile(t *testing.T, s *rpc.PreparedService, rel string, complete bool) *rpc.Result {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "examples", rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := s.ValidateTranscript(f, complete)
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return r
}

// canonical is the JSON text of v with object keys sorted, to compare
// messages whatever their spelling.
func canonical(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// transcriptFiles returns the transcripts of examples/<dir>/transcripts,
// relative to examples/. A name ending in ".open.jsonl" marks a transcript
// with a call the specification shows without its answer: it is validated
// as incomplete.
func transcriptFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "examples", dir, "transcripts", "*.jsonl"))
	if len(files) == 0 {
		t.Fatalf("no transcript in examples/%s/transcripts", dir)
	}
	out := []string{}
	for _, f := range files {
		rel, _ := filepath.Rel(filepath.Join("..", "examples"), f)
		out = append(out, filepath.ToSlash(rel))
	}
	return out
}

func readLines(t *testing.T, path string) [][]byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]byte
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) > 0 {
			out = append(out, slices.Clone(sc.Bytes()))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestMCPSpecificationExamples: every one of the specification's 74
// example messages is in a transcript of examples/mcp/transcripts or in
// examples/mcp/responses.jsonl (an answer whose call the pages do not
// show, checked against the method it answers), and none raises a
// finding. The one placeholder method of the pages ("some_method", in the
// progress page) is the only method-not-found.
func TestMCPSpecificationExamples(t *testing.T) {
	corpus := filepath.Join(corpusPath(t, "mcp"), "spec-examples-2025-11-25.jsonl")
	s := exampleService(t, "mcp", "io.modelcontextprotocol#Mcp")

	found := map[string]int{}
	for _, rel := range transcriptFiles(t, "mcp") {
		r := validateTranscriptFile(t, s, rel, !strings.HasSuffix(rel, ".open.jsonl"))
		if got := loud(r); len(got) > 0 || !r.Valid || !r.Complete {
			t.Errorf("%s: valid=%v complete=%v findings %q", rel, r.Valid, r.Complete, got)
			for _, f := range r.Findings {
				t.Logf("  %s", f)
			}
		}
		for _, l := range readLines(t, filepath.Join("..", "examples", rel)) {
			var line struct {
				Message json.RawMessage `json:"message"`
			}
			if err := json.Unmarshal(l, &line); err != nil {
				t.Fatal(err)
			}
			found[canonical(t, line.Message)]++
		}
	}
	for i, l := range readLines(t, filepath.Join("..", "examples", "mcp", "responses.jsonl")) {
		var line struct {
			Source  string          `json:"source"`
			Method  *string         `json:"method"`
			Message json.RawMessage `json:"message"`
		}
		if err := json.Unmarshal(l, &line); err != nil {
			t.Fatal(err)
		}
		found[canonical(t, line.Message)]++
		if line.Method == nil {
			// The placeholder: a request of a method MCP does not have.
			r := s.ValidateRequest(line.Message)
			if got := errorTexts(r); !slices.Equal(got, []string{"method-not-found /method"}) {
				t.Errorf("responses.jsonl:%d (%s): %q, want only method-not-found", i+1, line.Source, got)
			}
			continue
		}
		m, ok := s.Method(*line.Method)
		if !ok {
			t.Fatalf("responses.jsonl:%d: no method %q", i+1, *line.Method)
		}
		r := s.ValidateResponse(line.Message, rpc.ForMethod(m))
		if got := loud(r); len(got) > 0 || !r.Valid {
			t.Errorf("responses.jsonl:%d (%s): findings %q", i+1, line.Source, got)
			for _, f := range r.Findings {
				t.Logf("  %s", f)
			}
		}
	}

	n := 0
	for i, l := range readLines(t, corpus) {
		var ex struct {
			Source  string          `json:"source"`
			Message json.RawMessage `json:"message"`
		}
		if err := json.Unmarshal(l, &ex); err != nil {
			t.Fatal(err)
		}
		n++
		k := canonical(t, ex.Message)
		if found[k] == 0 {
			t.Errorf("corpus line %d (%s) is in no transcript of examples/mcp", i+1, ex.Source)
			continue
		}
		found[k]--
	}
	if n != 74 {
		t.Errorf("%d examples in the corpus, want 74", n)
	}
	for k, c := range found {
		if c > 0 {
			t.Errorf("examples/mcp has a message that is not one of the specification's: %s", k)
		}
	}
}

// exampleCase is an invalid (or deliberately tricky valid) transcript of
// examples/<dir>/{valid,invalid}: the findings of severity error it must
// raise, as "code [index]path", sorted, and the rpc_error of each message
// that has one, by index.
type exampleCase struct {
	file     string
	complete bool
	want     []string
	rpcError map[int]int
}

func runExampleCases(t *testing.T, s *rpc.PreparedService, dir string, cases []exampleCase) {
	t.Helper()
	listed := map[string]bool{}
	for _, c := range cases {
		listed[c.file] = true
		t.Run(c.file, func(t *testing.T) {
			r := validateTranscriptFile(t, s, filepath.Join(dir, c.file), c.complete)
			want := orEmpty(slices.Clone(c.want))
			sort.Strings(want)
			if got := errorTexts(r); !slices.Equal(got, want) {
				t.Errorf("errors\n got %q\nwant %q", got, want)
				for _, f := range r.Findings {
					t.Logf("  %s", f)
				}
			}
			if len(c.want) == 0 && len(loud(r)) > 0 {
				t.Errorf("a valid transcript with warnings: %q", loud(r))
			}
			if r.Valid != (len(c.want) == 0) {
				t.Errorf("valid = %v", r.Valid)
			}
			got := map[int]int{}
			for _, m := range r.Messages {
				if m.RPCError != 0 {
					got[m.Index] = m.RPCError
				}
			}
			if c.rpcError == nil {
				c.rpcError = map[int]int{}
			}
			if !mapsEqual(got, c.rpcError) {
				t.Errorf("rpc_error by message: got %v, want %v", got, c.rpcError)
			}
		})
	}
	for _, sub := range []string{"valid", "invalid"} {
		files, _ := filepath.Glob(filepath.Join("..", "examples", dir, sub, "*.jsonl"))
		for _, f := range files {
			if rel := filepath.ToSlash(filepath.Join(sub, filepath.Base(f))); !listed[rel] {
				t.Errorf("examples/%s/%s has no expectation in this test", dir, rel)
			}
		}
	}
}

func mapsEqual(a, b map[int]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestMCPVariants: the MCP acceptance list, and a few more.
func TestMCPVariants(t *testing.T) {
	s := exampleService(t, "mcp", "io.modelcontextprotocol#Mcp")
	runExampleCases(t, s, "mcp", []exampleCase{
		// A call cancelled by notifications/cancelled need not be
		// answered (@cancels(response: "optional")).
		{file: "valid/cancelled-unanswered.jsonl", complete: true},
		// Extra _meta keys (and a key named like the reserved prefix,
		// through @jsonName), an extra capability, id last.
		{file: "valid/initialize-meta.jsonl", complete: true},
		{file: "invalid/text-without-text.jsonl",
			want:     []string{"required [0]/params/messages/0/content", "untagged [0]/params/messages/0/content"},
			rpcError: map[int]int{0: rpc.InvalidParams}},
		{file: "invalid/content-type-unknown.jsonl", complete: true,
			want: []string{"discriminator [1]/result/content/0/type", "untagged [1]/result"}},
		{file: "invalid/initialized-with-id.jsonl",
			want:     []string{"notification-with-id [0]/id"},
			rpcError: map[int]int{0: rpc.InvalidRequest}},
		{file: "invalid/call-without-id.jsonl",
			want:     []string{`call-without-id [0]""`},
			rpcError: map[int]int{0: rpc.InvalidRequest}},
		{file: "invalid/batch.jsonl",
			want:     []string{`batch-unsupported [0]""`},
			rpcError: map[int]int{0: rpc.InvalidRequest}},
		{file: "invalid/reused-id.jsonl",
			want:     []string{"id-reused [2]/id"},
			rpcError: map[int]int{2: rpc.InvalidRequest}},
		{file: "invalid/null-id.jsonl",
			want:     []string{"id-null [0]/id"},
			rpcError: map[int]int{0: rpc.InvalidRequest}},
		{file: "invalid/wrong-peer.jsonl",
			want:     []string{"method-wrong-peer [0]/method"},
			rpcError: map[int]int{0: rpc.MethodNotFound}},
		// -32002 is declared with reservedRange: its data is checked.
		{file: "invalid/resource-not-found-data.jsonl", complete: true,
			want: []string{"required [1]/error/data"}},
	})
}

// TestMCPToolSchemasOpen: a tool's inputSchema and outputSchema are JSON
// Schema objects that the MCP schema leaves open, so a real server's
// tools/list reply (the everything server writes additionalProperties and
// $schema) raises no finding, not even a warning.
func TestMCPToolSchemasOpen(t *testing.T) {
	s := exampleService(t, "mcp", "io.modelcontextprotocol#Mcp")
	m, ok := s.Method("tools/list")
	if !ok {
		t.Fatal("no tools/list method")
	}
	reply := []byte(`{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"echo",` +
		`"inputSchema":{"type":"object","properties":{"message":{"type":"string"}},"required":["message"],"additionalProperties":false,"$schema":"http://json-schema.org/draft-07/schema#"},` +
		`"outputSchema":{"type":"object","properties":{"r":{"type":"number"}},"additionalProperties":false,"$defs":{"x":{}}}}]}}`)
	r := s.ValidateResponse(reply, rpc.ForMethod(m))
	if got := loud(r); len(got) > 0 || !r.Valid {
		t.Errorf("tools/list reply: findings %q", got)
	}
	// The known keywords are still checked.
	bad := []byte(`{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"echo","inputSchema":{"type":"array"}}]}}`)
	if r := s.ValidateResponse(bad, rpc.ForMethod(m)); r.Valid {
		t.Errorf("inputSchema type array: valid, want an enum finding")
	}
}
