package run

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/internal/testkit"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
)

// TestTranscriptSpool: `validate-rpc --transcript` streams, keeping the
// rendered summaries in memory up to a bound and in a temporary file past
// it; either way it prints exactly the whole result's rendering (as
// ValidateTranscript gives it), and leaves no temporary file behind.
func TestTranscriptSpool(t *testing.T) {
	root := filepath.Join("..", "..")
	modelPath := filepath.Join(root, "examples/calculator/calculator.smithy")
	transcript := testkit.CalculatorTranscript(60)

	// The reference: the whole result, from the library.
	var discard bytes.Buffer
	m, err := (&Env{Stderr: &discard}).RequireModel([]load.Source{{Path: modelPath}})
	if err != nil {
		t.Fatal(err, discard.String())
	}
	svc, err := rpc.Prepare(m.Res.Model, shapeid.MustParse("example#Calculator"), rpc.Version(rpc.V2_0))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := svc.ValidateTranscript(strings.NewReader(transcript), true)
	if err != nil {
		t.Fatal(err)
	}
	if ref.Valid || len(ref.Messages) < 100 {
		t.Fatalf("the transcript should be invalid with over 100 messages: valid=%v, %d messages", ref.Valid, len(ref.Messages))
	}

	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	// The text format with --verbose lists every message, in order.
	var listing []byte
	for i := range ref.Messages {
		listing = render.AppendMessageLine(listing, &ref.Messages[i], true)
	}
	for _, format := range []string{"json", "text"} {
		want := append(ref.AppendJSON(nil), '\n')
		for _, limit := range []int{0, 64} {
			var stdout, stderr bytes.Buffer
			e := &Env{Reader: load.Reader{Stdin: strings.NewReader(transcript)}, Stdout: &stdout, Stderr: &stderr, SpoolLimit: limit}
			code, _, _ := exitcode.Of(e.ValidateRPCInputs(RPCParams{Models: []load.Source{{Path: modelPath}}, Service: "example#Calculator", Version: "2.0",
				Transcript: &load.Input{Path: "-"}, Complete: true, Verbose: true}, format))
			if code != exitcode.Invalid {
				t.Errorf("%s, spool limit %d: exit %d, want %d (stderr %s)", format, limit, code, exitcode.Invalid, stderr.String())
			}
			got := stdout.String()
			switch {
			case format == "json" && got != string(want):
				t.Errorf("%s, spool limit %d: output\n%s\nwant\n%s", format, limit, got, want)
			case format == "text" && !strings.Contains(got, "\n\n"+string(listing)+"\n"):
				t.Errorf("%s, spool limit %d: output\n%s\nwant the listing\n%s", format, limit, got, listing)
			}
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}

	// No room for the temporary file: an input error (exit 4) that says
	// so, and nothing half-written on stdout, in either format.
	t.Setenv("TMPDIR", filepath.Join(tmp, "missing"))
	for _, format := range []string{"json", "text"} {
		var stdout, stderr bytes.Buffer
		e := &Env{Reader: load.Reader{Stdin: strings.NewReader(transcript)}, Stdout: &stdout, Stderr: &stderr, SpoolLimit: 64}
		code, msg, _ := exitcode.Of(e.ValidateRPCInputs(RPCParams{Models: []load.Source{{Path: modelPath}}, Service: "example#Calculator", Version: "2.0",
			Transcript: &load.Input{Path: "-"}}, format))
		if code != exitcode.Input || !strings.Contains(msg, "cannot keep") {
			t.Errorf("%s: spool failure: exit %d, message %q", format, code, msg)
		}
		// Nothing half-written on stdout (the command adds JSON's error
		// document: app's TestTranscriptSpoolFailure).
		if doc := stdout.String(); doc != "" {
			t.Errorf("%s: spool failure: stdout %q", format, doc)
		}
	}
}

// readProbe is a transcript reader that records whether it was read.
type readProbe struct {
	r    *strings.Reader
	read bool
}

func (p *readProbe) Read(b []byte) (int, error) {
	p.read = true
	return p.r.Read(b)
}

// TestBeforeStream: validate-rpc calls BeforeStream once for a transcript,
// in either format, after the model is loaded and the service prepared
// and before the transcript's first byte is read, with its size (a file's,
// or -1 for a pipe), and the output is the same as without it; never for
// a lone message.
func TestBeforeStream(t *testing.T) {
	modelPath := filepath.Join("..", "..", "examples/calculator/calculator.smithy")
	transcript := testkit.CalculatorTranscript(20)
	file := filepath.Join(t.TempDir(), "t.jsonl")
	if err := os.WriteFile(file, []byte(transcript), 0o644); err != nil {
		t.Fatal(err)
	}
	type call struct {
		size      int64
		readFirst bool
	}
	run := func(format string, p RPCParams, stdin *readProbe, hook bool) (calls []call, out string) {
		var stdout, stderr bytes.Buffer
		e := &Env{Reader: load.Reader{Stdin: stdin}, Stdout: &stdout, Stderr: &stderr}
		if hook {
			e.BeforeStream = func(size int64) { calls = append(calls, call{size, stdin.read}) }
		}
		p.Models, p.Service, p.Version = []load.Source{{Path: modelPath}}, "example#Calculator", "2.0"
		code, _, _ := exitcode.Of(e.ValidateRPCInputs(p, format))
		return calls, fmt.Sprintf("exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	for _, format := range []string{"json", "text"} {
		for _, in := range []struct {
			path string
			size int64
		}{{"-", -1}, {file, int64(len(transcript))}} {
			p := RPCParams{Transcript: &load.Input{Path: in.path}, Complete: true}
			calls, got := run(format, p, &readProbe{r: strings.NewReader(transcript)}, true)
			if want := []call{{in.size, false}}; !slices.Equal(calls, want) {
				t.Errorf("%s, %s: BeforeStream calls (size, after a read) %v, want %v", format, in.path, calls, want)
			}
			if _, want := run(format, p, &readProbe{r: strings.NewReader(transcript)}, false); got != want {
				t.Errorf("%s, %s: output with BeforeStream\n%s\nwithout\n%s", format, in.path, got, want)
			}
		}
	}
	line, _, _ := strings.Cut(transcript, "\n")
	var rec struct{ Message json.RawMessage }
	if err := json.Unmarshal([]byte(line), &rec); err != nil {
		t.Fatal(err)
	}
	calls, got := run("json", RPCParams{Message: &load.Input{Path: "-"}}, &readProbe{r: strings.NewReader(string(rec.Message))}, true)
	if len(calls) != 0 {
		t.Errorf("a lone message: BeforeStream called %v, want never (%s)", calls, got)
	}
}
