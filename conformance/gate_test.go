package conformance

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/smithy-validation/go/cli/gate"
	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/rpc"
)

// The JSON gate's cases in cases.jsonl (the seed's repair, analyze,
// readiness and validate with "text", and validate-text): the library path
// calls cli/gate (the composition the command and the server share) on the
// case's params, the command path runs `smithy repair|analyze|readiness|
// validate-text --format json` on the text in a file, and the two servers
// answer the params as given. A refusal of repair is compared as the
// seed's error object, byte for byte.

// isGateCase reports whether c is one of the gate's methods.
func isGateCase(c threeCase) bool { return gateMethodOf(c) != "" }

// gateMethodOf returns the seed's method a case runs, "" for others.
func gateMethodOf(c threeCase) string {
	switch c.Method {
	case "repair", "analyze", "readiness":
		return c.Method
	case "validate-text":
		return "validate"
	case "validate":
		var p struct {
			Text json.RawMessage `json:"text"`
		}
		json.Unmarshal(c.Params, &p)
		if len(p.Text) > 0 && string(p.Text) != "null" {
			return "validate"
		}
	}
	return ""
}

func gateViaLibrary(t *testing.T, root string, c threeCase) outcome {
	var p gate.Params
	if err := json.Unmarshal(c.Params, &p); err != nil {
		t.Fatal(err)
	}
	cp := decodeCaseParams(t, c)
	spec, err := p.Spec()
	if err != nil {
		return outcome{exit: 2, failed: true}
	}
	if spec.Shape != "" {
		a := assembly.New()
		if err := rpc.AddTraits(a); err != nil {
			t.Fatal(err)
		}
		for _, m := range cp.Models {
			if err := a.AddPath(filepath.Join(root, m.Path)); err != nil {
				return outcome{exit: 3, failed: true}
			}
		}
		res, err := a.Assemble()
		if err != nil || res.HasErrors() {
			return outcome{exit: 3, failed: true}
		}
		spec.Model = res.Model
	}
	decl, err := spec.Resolve()
	if me, ok := gate.AsError(err); ok {
		return outcome{exit: me.Exit, failed: true, code: me.Code}
	}
	opts, err := p.Options(decl)
	if me, ok := gate.AsError(err); ok {
		return outcome{exit: me.Exit, failed: true, code: me.Code}
	}
	if p.Text == nil {
		return outcome{exit: 2, failed: true}
	}
	res, exit, err := gate.Run(gateMethodOf(c), []byte(*p.Text), opts)
	if err != nil {
		me, ok := gate.AsError(err)
		if !ok {
			t.Fatal(err)
		}
		return gateFailure(t, gate.ErrorJSON(me), me.Exit)
	}
	return outcome{result: res, exit: exit}
}

// gateFailure reads an error object.
func gateFailure(t *testing.T, obj []byte, exit int) outcome {
	var e struct {
		Code string `json:"code"`
	}
	if err := json.Unmarshal(obj, &e); err != nil || e.Code == "" {
		t.Fatalf("not an error object: %v: %s", err, obj)
	}
	return outcome{exit: exit, failed: true, code: e.Code, errorObject: bytes.Clone(obj)}
}

// gateCommandArgs turns a gate case into the command's arguments: the
// text and a JSON Schema go to temporary files, exactly as given.
func gateCommandArgs(t *testing.T, c threeCase) []string {
	p := decodeCaseParams(t, c)
	name := c.Method
	if name == "validate" {
		name = "validate-text"
	}
	args := append([]string{name, "--format", "json"}, declarationArgs(t, p)...)
	input := filepath.Join(t.TempDir(), "text")
	text := ""
	if p.Text != nil {
		text = *p.Text
	}
	if err := os.WriteFile(input, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if p.Shape != "" {
		for _, m := range p.Models {
			args = append(args, m.Path)
		}
	}
	return append(args, input)
}

// declarationArgs turns the declaration params (profile, max_loss,
// skip_prose, schema, schema_json in a temporary file, shape) into the
// flags of the gate's and the stream commands; the shape's MODEL
// arguments are the caller's to add.
func declarationArgs(t *testing.T, p caseParams) []string {
	var args []string
	if p.Profile != "" {
		args = append(args, "--profile", p.Profile)
	}
	if p.MaxLoss != nil {
		args = append(args, "--max-loss", jsonInt(*p.MaxLoss))
	}
	if p.SkipProse {
		args = append(args, "--skip-prose")
	}
	if p.Schema != "" {
		args = append(args, "--schema", p.Schema)
	}
	if doc, err := gate.SchemaJSONParam(p.SchemaJSON); err == nil && doc != nil {
		f := filepath.Join(t.TempDir(), "schema.json")
		if err := os.WriteFile(f, doc, 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, "--schema-json", f)
	}
	if p.Shape != "" {
		args = append(args, "--shape", p.Shape)
	}
	return args
}

func jsonInt(n int) string { b, _ := json.Marshal(n); return string(b) }
