package conformance

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/jsonast"
	"github.com/smithy-validation/go/core/shapeid"
	ionadapter "github.com/smithy-validation/go/ion-adapter"
	"github.com/smithy-validation/go/openrpc"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// The one corpus of cases.jsonl, run four ways: the library (the modules
// called directly), the command (a subprocess per case), and the server
// (one `smithy serve --stdio` and one `smithy serve --http` for all
// cases). The four results must be byte-identical (ast and openrpc, which
// the command prints indented, compared compacted), the exit codes equal,
// and the result must contain the case's pinned subset. The Python and
// Node clients (clients/) run the same file against the server.
//
// A case (one line):
//
//	{"name": ..., "method": ..., "params": {...}, "exit": N, "result": {subset}}
//	{"name": ..., "method": ..., "params": {...}, "exit": N, "error": {"code": ...}}
//
// Paths in params are relative to the repository root (the command and
// the server run there). A subset matches when every member it names
// matches, recursively; arrays match element by element and must have
// the same length. Cases with "source" other than "hand" are generated
// from the JSON-RPC adversarial fixtures (testdata/rpc-adversarial.jsonl)
// and the reference's node-validation corpus (../shared/corpus) and pin
// the whole result; UPDATE_GOLDEN=1 regenerates them from the
// library and keeps the hand-written ones.

type threeCase struct {
	Name   string          `json:"name"`
	Source string          `json:"source,omitempty"`
	Method string          `json:"method,omitempty"`
	Params json.RawMessage `json:"params,omitempty"`
	Exit   int             `json:"exit"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  json.RawMessage `json:"error,omitempty"`
	// A stream case (streams_test.go): the paths it runs on and its
	// steps, instead of method, params, result and error.
	Paths []string     `json:"paths,omitempty"`
	Steps []streamStep `json:"steps,omitempty"`
}

// outcome is one path's answer: the result bytes and exit code, or a
// failure (exit 2, 3 or 4, with the envelope's error code when known).
type outcome struct {
	result []byte
	exit   int
	failed bool
	code   string
	// errorObject is the error as the JSON gate renders it (the command's
	// --format json output and the envelope's "error" member), compared
	// byte for byte across the paths; nil for other failures.
	errorObject []byte
}

func readThreeCases(t *testing.T) []threeCase {
	data, err := os.ReadFile("cases.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var cases []threeCase
	for i, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var c threeCase
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			t.Fatalf("cases.jsonl:%d: %v", i+1, err)
		}
		cases = append(cases, c)
	}
	return cases
}

func TestCasesThreeWays(t *testing.T) {
	if os.Getenv("UPDATE_GOLDEN") != "" {
		updateCases(t)
	}
	cases := readThreeCases(t)
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	cases = append(cases, corpusThreeCases(t, root)...)
	bin := buildSmithy(t, root)
	stdio := startStdio(t, bin, root)
	base := startHTTP(t, bin, root)
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.Name] {
			t.Errorf("two cases are named %q", c.Name)
		}
		seen[c.Name] = true
		if len(c.Steps) > 0 {
			t.Run(c.Name, func(t *testing.T) { runStreamCase(t, bin, root, base, c) })
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			paths := []struct {
				name string
				run  func() outcome
			}{
				{"library", func() outcome { return viaLibrary(t, root, c) }},
				{"command", func() outcome { return viaCommand(t, bin, root, c) }},
				{"stdio", func() outcome { return stdio(t, c) }},
				{"http", func() outcome { return viaHTTP(t, base, c) }},
			}
			var pinnedErr struct{ Code string }
			json.Unmarshal(c.Error, &pinnedErr)
			// Usage (E050) and unreadable files (E040) are the command's
			// and the server's to report: the library has no parameters
			// or files.
			// validate's report composes the model validators in the
			// command: the command and the server are compared.
			if pinnedErr.Code == "E050" || pinnedErr.Code == "E040" || (c.Method == "validate" && !isGateCase(c)) {
				paths = paths[1:]
			}
			var first outcome
			for i, p := range paths {
				o := p.run()
				if c.Exit < 0 && i == 0 {
					c.Exit = o.exit // unpinned: the first path's exit is the reference
					if o.failed {
						c.Error = json.RawMessage(`{}`)
					}
				}
				if o.exit != c.Exit {
					t.Errorf("%s: exit %d, the case says %d (%s)", p.name, o.exit, c.Exit, o.result)
				}
				if o.failed != (c.Error != nil) {
					t.Errorf("%s: failed=%v, the case says error=%s; result %s", p.name, o.failed, c.Error, o.result)
					continue
				}
				if o.failed {
					if o.code != "" && pinnedErr.Code != "" && o.code != pinnedErr.Code {
						t.Errorf("%s: error %s, the case says %s", p.name, o.code, pinnedErr.Code)
					}
					if o.errorObject != nil {
						if first.errorObject == nil {
							first.errorObject = o.errorObject
						} else if !bytes.Equal(o.errorObject, first.errorObject) {
							t.Errorf("%s: the error object differs:\n%s\n%s", p.name, o.errorObject, first.errorObject)
						}
					}
					continue
				}
				if i == 0 {
					first = o
					var got any
					if err := json.Unmarshal(o.result, &got); err != nil {
						t.Fatalf("%s: the result is not JSON: %v", p.name, err)
					}
					var pin any
					json.Unmarshal(c.Result, &pin)
					if path, ok := subset(pin, got, ""); c.Result != nil && !ok {
						t.Errorf("the result does not match the case at %s:\n%s", path, o.result)
					}
				} else if !bytes.Equal(o.result, first.result) {
					t.Errorf("%s differs from the library:\n%s\n%s", p.name, o.result, first.result)
				}
			}
		})
	}
}

// subset reports whether got contains pin (see the file comment), and
// where it does not.
func subset(pin, got any, at string) (string, bool) {
	switch p := pin.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return at, false
		}
		for k, v := range p {
			gv, has := g[k]
			if !has {
				return at + "/" + k, false
			}
			if where, ok := subset(v, gv, at+"/"+k); !ok {
				return where, false
			}
		}
		return "", true
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(p) {
			return at, false
		}
		for i := range p {
			if where, ok := subset(p[i], g[i], fmt.Sprintf("%s/%d", at, i)); !ok {
				return where, false
			}
		}
		return "", true
	}
	return at, reflect.DeepEqual(pin, got)
}

// caseParams is the union of every method's params.
type caseParams struct {
	Models []struct {
		Path string `json:"path"`
	} `json:"models"`
	IncludePrelude bool       `json:"include_prelude"`
	Flatten        bool       `json:"flatten"`
	Shape          string     `json:"shape"`
	Value          *caseInput `json:"value"`
	InputFormat    string     `json:"input_format"`
	Service        string     `json:"service"`
	Version        string     `json:"version"`
	Message        *caseInput `json:"message"`
	Request        *caseInput `json:"request"`
	Response       *caseInput `json:"response"`
	Transcript     *caseInput `json:"transcript"`
	Complete       bool       `json:"complete"`
	// The JSON gate's (the seed's) params.
	Text       *string         `json:"text"`
	Profile    string          `json:"profile"`
	Schema     string          `json:"schema"`
	SchemaJSON json.RawMessage `json:"schema_json"`
	SkipProse  bool            `json:"skip_prose"`
	MaxLoss    *int            `json:"max_loss"`
}

type caseInput struct {
	Path   *string `json:"path"`
	Text   *string `json:"text"`
	Base64 *string `json:"base64"`
}

func (in *caseInput) bytes(t *testing.T, root string) []byte {
	switch {
	case in.Text != nil:
		return []byte(*in.Text)
	case in.Base64 != nil:
		b, err := base64.StdEncoding.DecodeString(*in.Base64)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	b, err := os.ReadFile(filepath.Join(root, *in.Path))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// file returns a file the command can read for the input: its path, or a
// temporary file holding its bytes.
func (in *caseInput) file(t *testing.T, root string) string {
	if in.Path != nil {
		return *in.Path
	}
	f := filepath.Join(t.TempDir(), "input")
	if err := os.WriteFile(f, in.bytes(t, root), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

func decodeCaseParams(t *testing.T, c threeCase) caseParams {
	var p caseParams
	if err := json.Unmarshal(c.Params, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// viaLibrary computes the result with the modules directly. A case that
// fails (usage, model or input) is only required to fail here, with the
// exit code that failure class has.
func viaLibrary(t *testing.T, root string, c threeCase) outcome {
	if isGateCase(c) {
		return gateViaLibrary(t, root, c)
	}
	p := decodeCaseParams(t, c)
	fail := func(exit int) outcome { return outcome{exit: exit, failed: true} }
	var res *assembly.Result
	if len(p.Models) > 0 {
		a := assembly.New()
		if err := rpc.AddTraits(a); err != nil {
			t.Fatal(err)
		}
		for _, m := range p.Models {
			if err := a.AddPath(filepath.Join(root, m.Path)); err != nil {
				var ie *assembly.InputError
				if errors.As(err, &ie) {
					return fail(4)
				}
				return fail(3)
			}
		}
		var err error
		if res, err = a.Assemble(); err != nil || res.HasErrors() {
			return fail(3)
		}
	}
	verdict := func(r sv.Result) int {
		switch {
		case !r.Valid:
			return 1
		case !r.Complete:
			return 5
		}
		return 0
	}
	switch c.Method {
	case "ast":
		if p.Flatten || p.IncludePrelude {
			t.Fatal("the runner's library path knows ast without options only")
		}
		var b bytes.Buffer
		json.Compact(&b, jsonast.Encode(res.Model, jsonast.Omit(func(id shapeid.ID) bool { return id.Namespace == rpc.TraitsNamespace })))
		return outcome{result: b.Bytes()}
	case "openrpc":
		r, err := openrpc.Convert(res.Model, shapeid.MustParse(p.Service), openrpc.Config{})
		if err != nil {
			return fail(3)
		}
		var b bytes.Buffer
		json.Compact(&b, r.JSON)
		return outcome{result: b.Bytes()}
	case "validate-value":
		id, err := shapeid.Parse(p.Shape)
		if err != nil {
			return fail(2)
		}
		v, err := sv.Prepare(res.Model, id)
		if err != nil {
			return fail(3)
		}
		data := p.Value.bytes(t, root)
		var r sv.Result
		if p.InputFormat == "ion" {
			r, err = ionadapter.Validate(v, data)
		} else {
			r, err = v.ValidateJSON(data)
		}
		if err != nil {
			t.Fatal(err)
		}
		return outcome{result: r.AppendJSON(nil, ""), exit: verdict(r)}
	case "validate-rpc":
		var version rpc.ProtocolVersion
		if p.Version != "" {
			var err error
			if version, err = rpc.ParseVersion(p.Version); err != nil {
				return fail(2)
			}
		}
		var svc *rpc.PreparedService
		var err error
		if p.Service == "" {
			svc, err = rpc.EnvelopeOnly(version)
		} else {
			var opts []rpc.Option
			if version != 0 {
				opts = append(opts, rpc.Version(version))
			}
			svc, err = rpc.Prepare(res.Model, shapeid.MustParse(p.Service), opts...)
		}
		if err != nil {
			return fail(3)
		}
		var r *rpc.Result
		switch {
		case p.Message != nil:
			r = svc.ValidateMessage(p.Message.bytes(t, root))
		case p.Request != nil:
			r = svc.ValidatePair(p.Request.bytes(t, root), p.Response.bytes(t, root))
		default:
			if r, err = svc.ValidateTranscript(bytes.NewReader(p.Transcript.bytes(t, root)), p.Complete); err != nil {
				t.Fatal(err)
			}
		}
		return outcome{result: r.AppendJSON(nil), exit: verdict(r.Result)}
	}
	t.Fatalf("unknown method %q", c.Method)
	return outcome{}
}

// commandArgs turns a case into the command's arguments.
func commandArgs(t *testing.T, root string, c threeCase) []string {
	if isGateCase(c) {
		return gateCommandArgs(t, c)
	}
	p := decodeCaseParams(t, c)
	args := []string{c.Method}
	flag := func(name, v string) {
		if v != "" {
			args = append(args, "--"+name, v)
		}
	}
	switch c.Method {
	case "ast":
		if p.IncludePrelude {
			args = append(args, "--include-prelude")
		}
		if p.Flatten {
			args = append(args, "--flatten")
		}
	case "openrpc":
		flag("service", p.Service)
	case "validate-value":
		flag("shape", p.Shape)
		flag("value", p.Value.file(t, root))
		flag("input-format", p.InputFormat)
	case "validate-rpc":
		flag("service", p.Service)
		flag("version", p.Version)
		for _, in := range []struct {
			name string
			in   *caseInput
		}{{"message", p.Message}, {"request", p.Request}, {"response", p.Response}, {"transcript", p.Transcript}} {
			if in.in != nil {
				flag(in.name, in.in.file(t, root))
			}
		}
		if p.Complete {
			args = append(args, "--complete")
		}
	}
	if c.Method != "ast" && c.Method != "openrpc" {
		args = append(args, "--format", "json")
	}
	for _, m := range p.Models {
		args = append(args, m.Path)
	}
	return args
}

func viaCommand(t *testing.T, bin, root string, c threeCase) outcome {
	cmd := exec.Command(bin, commandArgs(t, root, c)...)
	cmd.Dir = root
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	o := outcome{}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		o.exit = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if o.exit >= 2 && o.exit <= 4 && !(c.Method == "validate" && o.exit == 3) {
		o.failed = true
		return o
	}
	if isGateCase(c) && gateMethodOf(c) == "repair" && o.exit != 0 {
		// repair fails on a refusal: stdout is the error object.
		return gateFailure(t, bytes.TrimSuffix(out.Bytes(), []byte("\n")), o.exit)
	}
	o.result = bytes.TrimSuffix(out.Bytes(), []byte("\n"))
	if c.Method == "ast" || c.Method == "openrpc" {
		var b bytes.Buffer
		if err := json.Compact(&b, out.Bytes()); err != nil {
			t.Fatalf("the command's %s output is not JSON: %v", c.Method, err)
		}
		o.result = b.Bytes()
	}
	return o
}

// envelopeOutcome reads a response envelope.
func envelopeOutcome(t *testing.T, line []byte) outcome {
	var e struct {
		OK     bool            `json:"ok"`
		Exit   int             `json:"exit"`
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Code string `json:"code"`
			Exit int    `json:"exit"`
			// The JSON gate's refusals carry the seed's retry_hint.
			RetryHint *string `json:"retry_hint"`
		} `json:"error"`
	}
	if err := json.Unmarshal(line, &e); err != nil {
		t.Fatalf("not an envelope: %v: %.300s", err, line)
	}
	if !e.OK {
		o := outcome{exit: e.Error.Exit, failed: true, code: e.Error.Code}
		if e.Error.RetryHint != nil {
			var raw struct {
				Error json.RawMessage `json:"error"`
			}
			json.Unmarshal(line, &raw)
			o.errorObject = raw.Error
		}
		return o
	}
	return outcome{result: e.Result, exit: e.Exit}
}

func buildSmithy(t *testing.T, root string) string {
	bin := filepath.Join(t.TempDir(), "smithy")
	cmd := exec.Command("go", "build", "-o", bin, "./cli/cmd/smithy")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startStdio starts one server for the whole run and returns a caller.
func startStdio(t *testing.T, bin, root string) func(*testing.T, threeCase) outcome {
	// The corpus lies beside the repository (../shared): the server's
	// root is their common parent, as an operator would choose.
	cmd := exec.Command(bin, "serve", "--stdio", "--root", filepath.Dir(root))
	cmd.Dir = root
	in, _ := cmd.StdinPipe()
	outp, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		in.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("serve --stdio at end of input: %v", err)
		}
	})
	r := bufio.NewReaderSize(outp, 1<<20)
	id := 0
	return func(t *testing.T, c threeCase) outcome {
		id++
		fmt.Fprintf(in, "{\"id\":%d,\"method\":%q,\"params\":%s}\n", id, c.Method, c.Params)
		line, err := r.ReadBytes('\n')
		if err != nil {
			t.Fatalf("serve --stdio: %v", err)
		}
		var head struct{ ID int }
		if json.Unmarshal(line, &head); head.ID != id {
			t.Fatalf("serve --stdio answered id %d, want %d", head.ID, id)
		}
		return envelopeOutcome(t, line)
	}
}

// startHTTP starts `smithy serve --http 127.0.0.1:0` and returns its base
// URL; the server is stopped with SIGTERM at the end and must exit 0.
func startHTTP(t *testing.T, bin, root string) string {
	cmd := exec.Command(bin, "serve", "--http", "127.0.0.1:0", "--root", filepath.Dir(root))
	cmd.Dir = root
	errp, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(errp)
	if !sc.Scan() {
		t.Fatal("serve --http printed nothing")
	}
	const prefix = "smithy serve: listening on "
	if !strings.HasPrefix(sc.Text(), prefix) {
		t.Fatalf("serve --http: %q", sc.Text())
	}
	go io.Copy(io.Discard, errp)
	t.Cleanup(func() {
		terminate(cmd.Process)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve --http after SIGTERM: %v", err)
			}
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			t.Error("serve --http did not stop on SIGTERM")
		}
	})
	return strings.TrimPrefix(sc.Text(), prefix)
}

func viaHTTP(t *testing.T, base string, c threeCase) outcome {
	resp, err := http.Post(base+"/v1/"+c.Method, "application/json", bytes.NewReader(c.Params))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	o := envelopeOutcome(t, bytes.TrimSuffix(body, []byte("\n")))
	if (resp.StatusCode == 200) == o.failed {
		t.Errorf("http: status %d for %s", resp.StatusCode, body)
	}
	return o
}
