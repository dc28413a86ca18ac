package rpc

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// mcpService prepares the MCP example model (alloy unions, closed
// structures, enums, patterns): the payloads the one pass decides.
func mcpService(t testing.TB) *PreparedService {
	t.Helper()
	a := assembly.New()
	if err := AddTraits(a); err != nil {
		t.Fatal(err)
	}
	if err := sv.AddAlloyTraits(a); err != nil {
		t.Fatal(err)
	}
	if err := a.AddPath("../examples/mcp/mcp.smithy"); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		t.Fatal(err, res.Events)
	}
	s, err := Prepare(res.Model, shapeid.MustParse("io.modelcontextprotocol#Mcp"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// threeWays validates a transcript the way the command does (lines on
// the fast path, payloads by the one pass), with every line read into a
// tape, and with the walk alone, and returns the three JSON renderings.
func threeWays(t testing.TB, s *PreparedService, transcript []byte) (fast, tape, walk []byte) {
	t.Helper()
	run := func(noFast, walkOnly bool) []byte {
		noFastLineForTest, walkPayloadsForTest = noFast, walkOnly
		defer func() { noFastLineForTest, walkPayloadsForTest = false, false }()
		res, err := s.ValidateTranscript(bytes.NewReader(transcript), true)
		if err != nil {
			t.Fatal(err)
		}
		return res.AppendJSON(nil)
	}
	return run(false, false), run(true, false), run(true, true)
}

// agree fails t unless the three renderings of threeWays are the same.
func agree(t testing.TB, what string, fast, tape, walk []byte) {
	t.Helper()
	if !bytes.Equal(fast, walk) || !bytes.Equal(tape, walk) {
		t.Fatalf("%s:\nfast path\n%s\ntape and one pass\n%s\nwalk\n%s", what, fast, tape, walk)
	}
}

// payloadMutations are inserted after a member's colon: the member takes
// a value of another kind and an unknown member "zz" the original one,
// so that every kind of payload finding (type, unknown member, enum,
// untagged union refuted or ambiguous, required) comes up somewhere.
var payloadMutations = []string{`1,"zz":`, `true,"zz":`, `{},"zz":`, `[],"zz":`, `"","zz":`, `null,"zz":`, `-0.5e1,"zz":`, `"\u0041",`}

// TestPayloadOnePassAgreesWithWalk: the results (findings, paths,
// positions, summaries, validity) of every MCP example transcript, and of
// thousands of single mutations of them, are byte-identical whether lines
// take the fast path (lazy.go), payloads are decided by the one pass, or
// everything is read into a tape and walked.
func TestPayloadOnePassAgreesWithWalk(t *testing.T) {
	s := mcpService(t)
	files, err := filepath.Glob("../examples/mcp/transcripts/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no example transcripts: %v", err)
	}
	runs, invalid := 0, 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		a, b, w := threeWays(t, s, data)
		agree(t, file, a, b, w)
		lines := bytes.SplitAfter(data, []byte("\n"))
		for li, line := range lines {
			// Colons inside the message (past the record's "message":),
			// at most 8 a line, spread over it.
			start := bytes.Index(line, []byte(`"message":`)) + len(`"message":`)
			var colons []int
			for i := start; i < len(line); i++ {
				if line[i] == ':' {
					colons = append(colons, i)
				}
			}
			step := max(1, len(colons)/8)
			for ci := 0; ci < len(colons); ci += step {
				for _, m := range payloadMutations {
					at := colons[ci] + 1
					mutated := slicesConcat(line[:at], []byte(m), line[at:])
					tr := bytes.Join([][]byte{bytes.Join(lines[:li], nil), mutated, bytes.Join(lines[li+1:], nil)}, nil)
					a, b, w := threeWays(t, s, tr)
					runs++
					agree(t, fmt.Sprintf("%s line %d with %q at %d:\n%s", file, li, m, at, mutated), a, b, w)
					if bytes.Contains(a, []byte(`"valid":false`)) {
						invalid++
					}
				}
			}
		}
	}
	// The mutations must reach the findings path, not only the one pass.
	if invalid < runs/2 {
		t.Errorf("only %d of %d mutated transcripts invalid: the mutations do not exercise the walk", invalid, runs)
	}
	t.Logf("%d mutated transcripts, %d invalid, identical both ways", runs, invalid)
}

func slicesConcat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

// TestPayloadOnePassIsUsed: the example transcripts' payloads are decided
// by the one pass (no walk), so a valid MCP message allocates nothing for
// its payload: with the pass, checking the whole tools transcript
// allocates less than with the walk (which builds and drops findings in
// the untagged unions' trials).
func TestPayloadOnePassIsUsed(t *testing.T) {
	s := mcpService(t)
	data, err := os.ReadFile("../examples/mcp/transcripts/tools.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	feed := func() {
		x := s.NewExchange() // a new one: the transcript reuses no id in it
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			x.FeedLine([]byte(line))
		}
	}
	feed() // warm
	defer func() { walkPayloadsForTest = false }()
	onePass := testing.AllocsPerRun(20, feed)
	walkPayloadsForTest = true
	walk := testing.AllocsPerRun(20, feed)
	if onePass >= walk {
		t.Errorf("allocations a run: one pass %.0f, walk %.0f: the one pass is not used", onePass, walk)
	}
	t.Logf("allocations a run of tools.jsonl: one pass %.0f, walk %.0f", onePass, walk)
}
