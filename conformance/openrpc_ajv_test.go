package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
	"github.com/smithy-validation/go/rpc"
)

// ajvModel has the members where the export and a JavaScript validator
// are most likely to part: the float and double overflow limits, the
// epoch-seconds range, an untagged Double or String ("NaN" is both), a
// lookaround and a $ pattern, an http-date, a required document.
const ajvModel = `$version: "2"
namespace example
use smithy.rpc#jsonRpc
use smithy.rpc#method
use alloy#untagged

@jsonRpc(versions: ["2.0"])
service Ajv { version: "1", operations: [Op] }

@method(name: "op")
operation Op { input: In }

structure In {
    f: Float
    d: Double
    @timestampFormat("epoch-seconds")
    epoch: Timestamp
    @timestampFormat("http-date")
    http: Timestamp
    when: Timestamp
    num: NumOrText
    @pattern("^(?=.*[0-9])[a-z0-9]+$")
    look: String
    @pattern("^[a-z]+$")
    word: String
    @required
    doc: Document
    b: Byte
}

@untagged
union NumOrText { d: Double, s: String }
`

// ajvValues are the values tried on each member of ajvModel, each in
// params that hold the required doc too. Numbers are written so that a
// double reads them exactly enough: a JavaScript validator sees every
// JSON number as a double, so a token that only rounding carries across
// a bound (2^128-2^103-1 reads as 2^128-2^103) is no fair question.
var ajvValues = map[string][]string{
	"f":     {"3.4028235e38", "3.4028234663852886e38", "340282356779733661637539395458142568448", "3.4028235677973367e38", "-3.5e38", "1e39", `"NaN"`, `"-Infinity"`, `"nan"`},
	"d":     {"1.7976931348623157e308", "1e308", "-1.7976931348623157e308", `"Infinity"`, "0"},
	"epoch": {"-62135596800", "-62135596801", "253402300799.5", "253402300800", "1e12", "0", `"0"`},
	"http":  {`"Tue, 29 Apr 2014 18:30:38 GMT"`, `"Tue, 29 Apr 2014 18:30:38 UTC"`, `"Tue, 31 Apr 2014 18:30:38 GMT"`, "0"},
	"when":  {`"1985-04-12T23:20:50.52Z"`, `"0000-12-31T23:59:59Z"`, `"1985-02-30T23:20:50Z"`, `"1985-04-12T23:20:50+01:00"`, `"1985-04-12t23:20:50z"`},
	"num":   {`"NaN"`, `"x"`, "1.5", "true", "null"},
	"look":  {`"abc1"`, `"abc"`, `""`},
	"word":  {`"abc"`, `"ABC"`, `"abc\n"`},
	"doc":   {"1", `{"a":[null]}`, "null"},
	"b":     {"127", "128", "-128", "-129", "1.5"},
}

// TestOpenRPCAjv drives Ajv 8 (JSON Schema draft-07, with ajv-formats),
// the validator the OpenRPC ecosystem's JavaScript tools build on, over
// the exported documents: every JSON-RPC 2.0 service of examples/ and
// ajvModel must pass the OpenRPC metaschema 1.14.9 as Ajv reads it, and on
// each of ajvValues Ajv must give the engine's verdict, except where a
// loss diagnostic of the export names the member or its target. Ajv and
// ajv-formats come from the pinned peers (scripts/peers/package-lock.json
// pins them, with their integrity, as the MCP SDK's dependencies); the
// test skips without them, and fails under SMITHY_REQUIRE_PEERS=1.
func TestOpenRPCAjv(t *testing.T) {
	peers := peersDir(t)
	node, err := exec.LookPath("node")
	if err != nil {
		requirePeers(t, "node is not installed (scripts/install-peers.sh installs it with apt)")
	}
	for _, pkg := range []string{"ajv", "ajv-formats"} {
		if _, err := os.Stat(filepath.Join(peers, "node_modules", pkg, "package.json")); err != nil {
			requirePeers(t, fmt.Sprintf("%s is not among the pinned peers in %s (add it to scripts/peers/package.json)", pkg, peers))
		}
	}

	type document struct {
		Name string `json:"name"`
		JSON string `json:"json"`
	}
	var docs []document
	for _, dir := range exampleDirs(t) {
		m := rpcModelFiles(t, dir.files...)
		for _, sh := range m.Shapes() {
			if sh.Type() != model.ServiceType || !sh.HasTrait(rpc.JSONRPCTrait) {
				continue
			}
			out, err := openrpc.Convert(m, sh.ID(), openrpc.Config{})
			if errors.Is(err, openrpc.ErrNoVersion2) {
				continue
			}
			if err != nil {
				t.Fatalf("%s %s: %v", dir.name, sh.ID(), err)
			}
			docs = append(docs, document{dir.name + " " + sh.ID().String(), string(out.JSON)})
		}
	}
	src := filepath.Join(t.TempDir(), "ajv.smithy")
	if err := os.WriteFile(src, []byte(ajvModel), 0o644); err != nil {
		t.Fatal(err)
	}
	m := rpcModelFiles(t, src)
	exp, err := openrpc.Convert(m, shapeid.MustParse("example#Ajv"), openrpc.Config{})
	if err != nil {
		t.Fatal(err)
	}
	// A control the metaschema must refuse (info without a version), so a
	// driver that checks nothing cannot pass.
	docs = append(docs, document{"control", `{"openrpc":"1.3.2","info":{"title":"x"},"methods":[]}`})
	docs = append(docs, document{"ajvModel", string(exp.JSON)})
	lossAt := map[shapeid.ID]bool{}
	for _, d := range exp.Diagnostics {
		if d.Code == openrpc.CodeLoss {
			lossAt[d.Shape] = true
		}
	}

	type check struct {
		Document int    `json:"document"`
		Method   string `json:"method"`
		Param    string `json:"param"`
		Value    string `json:"value"`
	}
	in, _ := m.Shape(shapeid.MustParse("example#In"))
	var checks []check
	var excused []bool
	var engine []bool
	var params []string
	for _, mem := range in.Members() {
		target, _ := m.Target(mem)
		loss := lossAt[mem.ID()] || lossAt[target.ID()] && target.ID().Namespace != shapeid.Prelude
		for _, v := range ajvValues[mem.MemberName()] {
			p := fmt.Sprintf(`{"doc":1,%q:%s}`, mem.MemberName(), v)
			if mem.MemberName() == "doc" {
				p = fmt.Sprintf(`{"doc":%s}`, v)
			}
			r := exp.Service.ValidateRequest([]byte(`{"jsonrpc":"2.0","method":"op","params":` + p + `,"id":1}`))
			checks = append(checks, check{len(docs) - 1, "op", mem.MemberName(), v})
			engine = append(engine, r.Valid)
			excused = append(excused, loss)
			params = append(params, p)
		}
	}
	if len(checks) < 40 {
		t.Fatalf("only %d values", len(checks))
	}

	req, err := json.Marshal(map[string]any{
		"metaschema": map[string]string{
			"openrpc": abs(t, "../openrpc/metaschema/open-rpc-meta-schema-1.14.9.json"),
			"tools":   abs(t, "../openrpc/metaschema/json-schema-tools-meta-schema-1.7.5.json"),
		},
		"documents": docs,
		"checks":    checks,
	})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, abs(t, "testdata/peers/openrpc-ajv.cjs"))
	cmd.Env = append(os.Environ(), "NODE_PATH="+filepath.Join(peers, "node_modules"))
	cmd.Stdin = bytes.NewReader(req)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var res struct {
		Documents [][]string `json:"documents"`
		Checks    []any      `json:"checks"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("the driver's output: %v\n%s", err, out)
	}
	if len(res.Documents) != len(docs) || len(res.Checks) != len(checks) {
		t.Fatalf("the driver answered %d documents and %d checks, for %d and %d", len(res.Documents), len(res.Checks), len(docs), len(checks))
	}
	for i, errs := range res.Documents {
		if docs[i].Name == "control" {
			if len(errs) == 0 {
				t.Error("Ajv accepts the control document, which has no info.version")
			}
			continue
		}
		if len(errs) > 0 {
			t.Errorf("%s: Ajv rejects the document against the OpenRPC metaschema: %v", docs[i].Name, errs)
		}
	}
	differ := 0
	for i, got := range res.Checks {
		ajv, ok := got.(bool)
		if !ok {
			t.Errorf("%s: the driver found no param %q", params[i], checks[i].Param)
			continue
		}
		if ajv == engine[i] {
			continue
		}
		if excused[i] {
			t.Logf("%s: the engine says valid=%v, Ajv %v, as a loss diagnostic says", params[i], engine[i], ajv)
			differ++
			continue
		}
		t.Errorf("%s: the engine says valid=%v, Ajv %v, and no loss diagnostic names the member", params[i], engine[i], ajv)
	}
	t.Logf("%d documents pass the metaschema in Ajv (and the control fails); %d values, %d differ where a loss diagnostic says so", len(docs)-1, len(checks), differ)
}

type exampleDir struct {
	name  string
	files []string
}

// exampleDirs lists each examples/ directory with its .smithy files.
func exampleDirs(t *testing.T) []exampleDir {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("..", "examples", "*"))
	if err != nil {
		t.Fatal(err)
	}
	var out []exampleDir
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.smithy"))
		if len(files) > 0 {
			out = append(out, exampleDir{filepath.Base(dir), files})
		}
	}
	return out
}

func abs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
