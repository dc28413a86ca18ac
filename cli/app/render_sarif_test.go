package app

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/openrpc/jsonschema"
)

// TestSARIFValidatesAgainstSchema runs every kind of SARIF output the
// command writes (findings of a transcript, of a value, of a request and
// its response, model events, a failure's log) and validates each against
// the SARIF 2.1.0 schema (testdata/sarif, see its ORIGIN.md).
func TestSARIFValidatesAgainstSchema(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("testdata", "sarif", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	sdoc, err := jsonschema.Decode(text)
	if err != nil {
		t.Fatal(err)
	}
	schema, err := jsonschema.Compile(sdoc, jsonschema.Draft4) // its $schema says draft-04
	if err != nil {
		t.Fatal(err)
	}
	// The schema does reject what is not SARIF.
	var bad any
	json.Unmarshal([]byte(`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"level":"fatal","message":{"text":"m"}}]}]}`), &bad)
	if schema.Valid(bad) {
		t.Fatal("the schema accepts a result of level fatal")
	}
	root := filepath.Join("..", "..")
	calc := filepath.Join(root, "examples", "calculator", "calculator.smithy")
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	transcript := write("calls.jsonl", `{"from": "client", "message": {"jsonrpc": "2.0", "method": "subtract", "params": [42, "23"], "id": 1}}
{"from": "client", "text": "{\"jsonrpc\": \"2.0\", \"method\""}
{"from": "server", "message": {"jsonrpc": "2.0", "result": 19, "id": 9}}
`)
	value := write("value.json", `{"minuend": "x", "subtrahend": 2, "extra": 1}`)
	badModel := write("bad model.smithy", "$version: \"2\"\nnamespace ns\nstructure S {\n    a: Missing\n}\n")
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"transcript", []string{"validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--transcript", transcript, "--complete", calc}, exitcode.Invalid},
		{"value", []string{"validate-value", "--shape", "example#SubtractInput", "--value", value, calc}, exitcode.Invalid},
		{"valid value", []string{"validate-value", "--shape", "example#SubtractInput", "--value", "-", calc}, exitcode.Valid},
		{"pair", []string{"validate-rpc", "--service", "example#Calculator", "--version", "2.0",
			"--request", filepath.Join(root, "examples", "calculator", "call.json"), "--response", value, calc}, exitcode.Invalid},
		{"transcript, --max-findings", []string{"validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--transcript", transcript, "--complete", "--max-findings", "1", calc}, exitcode.Invalid},
		{"model events", []string{"validate", badModel}, exitcode.Model},
		{"model failure", []string{"validate-value", "--shape", "ns#S", badModel}, exitcode.Model},
		{"usage failure", []string{"validate-rpc", "--nope"}, exitcode.Usage},
	}
	for _, tc := range cases {
		var stdout, stderr bytes.Buffer
		args := append([]string{"smithy", tc.args[0], "--format", "sarif"}, tc.args[1:]...)
		code := Run(args, strings.NewReader(`{"minuend": 1, "subtrahend": 2}`), &stdout, &stderr)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d (stderr %s)", tc.name, code, tc.code, stderr.String())
		}
		var doc any
		if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
			t.Errorf("%s: the output is not JSON: %v\n%s", tc.name, err, stdout.String())
			continue
		}
		if fs, err := schema.Validate(doc); err != nil || len(fs) > 0 {
			t.Errorf("%s: the SARIF log does not validate: %v %v\n%s", tc.name, fs, err, stdout.String())
		}
	}
}
