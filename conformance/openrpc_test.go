package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
	"github.com/smithy-validation/go/rpc"
)

// The agreement test of the OpenRPC export: for every params and result
// value of the JSON-RPC conformance cases, the rpc verdict (against the
// model) and jsonschema's verdict (against the exported document's
// Content Descriptors, openrpc.Checker) agree, except for the differences
// listed in agreementDifferences, each with the reason JSON Schema cannot
// say the same.
//
// Cases come from the JSON-RPC 2.0 specification's examples, the 2.0
// adversarial fixtures (testdata/rpc-adversarial.jsonl), the 2.0 cases of
// examples/calculator and further values written here to reach the
// boundaries. Two corpora have no value to compare, and say why in
// TestOpenRPCAgreementScope: the 1.0 chat (OpenRPC describes 2.0 only)
// and the Ethereum exchanges (checked at envelope scope: the repository
// has no Smithy model of the Ethereum API, so rpc has no verdict on their
// params and results).

// agreementDifferences lists the values on which the two verdicts differ
// on purpose: "<case>|params|<method>|<value>" or "<case>|result|...",
// with the reason.
var agreementDifferences = map[string]string{
	"extra|params|subtract|[1.0,2]":                                integralDecimals,
	"adversarial:params-float-for-integer|params|subtract|[1.0,1]": integralDecimals,
	"extra|result|subtract|1e2":                                    integralDecimals,
	"adversarial:params-duplicate-key|params|subtract|{\"minuend\":1,\"subtrahend\":2,\"minuend\":3}": "duplicate keys: rpc rejects " +
		"a repeated key (the deterministic-input policy); JSON Schema validates the parsed value, in which one occurrence won",
}

const integralDecimals = "integral decimals: the engine's default IntegralDecimalsRejected rejects 1.0 and 1e2 for an " +
	"integer (as the Smithy reference does); JSON Schema draft-07 counts any whole number as an integer"

type agreementValue struct {
	source, kind, method string
	value                []byte // nil: params omitted
}

func (v agreementValue) key() string {
	val := "<none>"
	if v.value != nil {
		var b bytes.Buffer
		json.Compact(&b, v.value)
		val = b.String()
	}
	return v.source + "|" + v.kind + "|" + v.method + "|" + val
}

// messageValues extracts the params of requests and the results of
// responses (paired with their request by id) from a sequence of message
// texts; batches are looked into.
func messageValues(source string, texts []string) []agreementValue {
	var out []agreementValue
	methodOf := map[string]string{}
	var objects []map[string]json.RawMessage
	for _, t := range texts {
		var one map[string]json.RawMessage
		if json.Unmarshal([]byte(t), &one) == nil {
			objects = append(objects, one)
			continue
		}
		var batch []json.RawMessage
		if json.Unmarshal([]byte(t), &batch) == nil {
			for _, e := range batch {
				var o map[string]json.RawMessage
				if json.Unmarshal(e, &o) == nil {
					objects = append(objects, o)
				}
			}
		}
	}
	for _, o := range objects {
		var method string
		if json.Unmarshal(o["method"], &method) != nil || method == "" {
			continue
		}
		if id, ok := o["id"]; ok {
			methodOf[string(id)] = method
		}
		out = append(out, agreementValue{source, "params", method, o["params"]})
	}
	for _, o := range objects {
		r, ok := o["result"]
		if _, isReq := o["method"]; !ok || isReq {
			continue
		}
		if m, ok := methodOf[string(o["id"])]; ok {
			out = append(out, agreementValue{source, "result", m, r})
		}
	}
	return out
}

// extraValues reach boundaries the corpora do not: ranges, nulls,
// missing and surplus params, each form of params.
var extraValues = [][3]string{
	{"params", "subtract", `[2147483647,-2147483648]`},
	{"params", "subtract", `[2147483648,0]`},
	{"params", "subtract", `[1.0,2]`},
	{"params", "subtract", `[1,null]`},
	{"params", "subtract", `[1]`},
	{"params", "subtract", `[1,2,3]`},
	{"params", "subtract", `{"minuend":1}`},
	{"params", "subtract", `{"minuend":1,"subtrahend":2,"extra":true}`},
	{"params", "subtract", `"text"`},
	{"params", "sum", `[1,null,3]`},
	{"params", "sum", `[1]`},
	{"params", "sum", `{"a":1}`},
	{"params", "notify_hello", `[]`},
	{"params", "update", `[null,null]`},
	{"result", "subtract", `null`},
	{"result", "subtract", `"19"`},
	{"result", "subtract", `1e2`},
	{"result", "notify_sum", `null`},
	{"result", "notify_sum", `0`},
	{"result", "get_data", `["hello",5]`},
	{"result", "get_data", `{}`},
}

// exportChecked exports the service id of testdata/file with cfg, and
// returns the service Convert prepared (with the same policies) and a
// checker of the exported document.
func exportChecked(t *testing.T, file, id string, cfg openrpc.Config) (*rpc.PreparedService, *openrpc.Checker) {
	t.Helper()
	exp, err := openrpc.Convert(rpcModel(t, file), shapeid.MustParse(id), cfg)
	if err != nil {
		t.Fatal(err)
	}
	check, err := openrpc.NewChecker(exp.JSON)
	if err != nil {
		t.Fatal(err)
	}
	return exp.Service, check
}

func TestOpenRPCAgreement(t *testing.T) {
	s, check := exportChecked(t, "rpc-calculator.smithy", "example#Calculator", openrpc.Config{})

	var values []agreementValue
	// The specification's examples.
	data, err := os.ReadFile(filepath.Join(corpusPath(t, "jsonrpc"), "jsonrpc2_examples.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var ex jsonrpc2Example
		if err := json.Unmarshal([]byte(l), &ex); err != nil {
			t.Fatal(err)
		}
		texts := []string{ex.Request}
		if ex.Response != nil {
			texts = append(texts, *ex.Response)
		}
		values = append(values, messageValues("spec:"+ex.Name, texts)...)
	}
	// The 2.0 adversarial fixtures on the calculator.
	for _, c := range readAdversarial(t) {
		if c.Model == nil || *c.Model != "calculator" || c.Version != "2.0" {
			continue
		}
		var texts []string
		var one string
		var list []string
		switch {
		case json.Unmarshal(c.Input, &one) == nil:
			texts = []string{one}
		case json.Unmarshal(c.Input, &list) == nil:
			for _, l := range list {
				var line struct {
					Message json.RawMessage `json:"message"`
					Text    *string         `json:"text"`
				}
				if c.Mode == "transcript" && json.Unmarshal([]byte(l), &line) == nil && (line.Message != nil || line.Text != nil) {
					if line.Text != nil {
						texts = append(texts, *line.Text)
					} else {
						texts = append(texts, string(line.Message))
					}
					continue
				}
				texts = append(texts, l)
			}
		}
		values = append(values, messageValues("adversarial:"+c.Name, texts)...)
	}
	// examples/calculator (2.0).
	var exTexts []string
	for _, f := range []string{"call.json", "bad-call.json", "reply.json"} {
		b, err := os.ReadFile(filepath.Join("..", "examples", "calculator", f))
		if err != nil {
			t.Fatal(err)
		}
		exTexts = append(exTexts, string(b))
	}
	values = append(values, messageValues("examples/calculator", exTexts)...)
	for _, x := range extraValues {
		values = append(values, agreementValue{"extra", x[0], x[1], []byte(x[2])})
	}

	compared, agreed, differ := 0, 0, 0
	usedDiff := map[string]bool{}
	perKind := map[string]int{}
	for _, v := range values {
		meth, ok := s.Method(v.method)
		if !ok {
			continue // unmodeled methods (foobar, foo.get): nothing to compare
		}
		var rpcValid bool
		var schemaErr error
		if v.kind == "params" {
			msg := `{"jsonrpc":"2.0","method":` + jsonString(v.method) + `,"id":1}`
			if v.value != nil {
				msg = `{"jsonrpc":"2.0","method":` + jsonString(v.method) + `,"params":` + string(v.value) + `,"id":1}`
			}
			res := s.ValidateRequest([]byte(msg))
			rpcValid = res.Valid
			var p []byte
			if v.value != nil {
				p = v.value
			}
			schemaErr = check.CheckParams(v.method, p)
			if bytes.HasPrefix(bytes.TrimSpace(v.value), []byte(`"`)) {
				// A string is no params at all: an invalid request
				// (-32600) for rpc, no Content Descriptor for OpenRPC.
				rpcValid = false
			}
		} else {
			res := s.ValidateResponse([]byte(`{"jsonrpc":"2.0","result":`+string(v.value)+`,"id":1}`), rpc.ForMethod(meth))
			rpcValid = res.Valid
			schemaErr = check.CheckResult(v.method, v.value)
		}
		compared++
		perKind[v.kind]++
		k := v.key()
		if rpcValid == (schemaErr == nil) {
			agreed++
			if _, listed := agreementDifferences[k]; listed {
				t.Errorf("%s: listed as a difference, but the verdicts agree (%v)", k, rpcValid)
			}
			continue
		}
		differ++
		if _, listed := agreementDifferences[k]; listed {
			usedDiff[k] = true
			continue
		}
		t.Errorf("%s: rpc says valid=%v, jsonschema says %v", k, rpcValid, schemaErr)
	}
	for k := range agreementDifferences {
		if !usedDiff[k] {
			t.Errorf("listed difference %s was not seen", k)
		}
	}
	if perKind["params"] < 40 || perKind["result"] < 15 {
		t.Errorf("too few values compared: %v", perKind)
	}
	t.Logf("%d values compared (%d params, %d results): %d agree, %d listed differences", compared, perKind["params"], perKind["result"], agreed, differ)
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestOpenRPCAgreementScope states which conformance corpora have no
// values to compare, and checks that the reason still holds.
func TestOpenRPCAgreementScope(t *testing.T) {
	// The 1.0 chat: OpenRPC describes JSON-RPC 2.0 only.
	m := rpcModel(t, "rpc-chat.smithy")
	if _, err := openrpc.Convert(m, shapeid.MustParse("example#Chat"), openrpc.Config{}); err == nil {
		t.Error("the 1.0-only chat service exports: it now has values to compare")
	}
	// The Ethereum exchanges are checked against envelopes only: no
	// Smithy model of the Ethereum API is in the repository.
	files, _ := filepath.Glob(filepath.Join("testdata", "*ethereum*.smithy"))
	sort.Strings(files)
	if len(files) > 0 {
		t.Errorf("an Ethereum model exists (%v): compare its values", files)
	}
}

// Every JSON-RPC 2.0 service of every model in examples/ (each directory
// one model) exports and passes the metaschema; a 1.0-only service is the
// documented ErrNoVersion2.
func TestOpenRPCExamplesExport(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("..", "examples", "*"))
	if err != nil {
		t.Fatal(err)
	}
	exported := 0
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		a := assembly.New()
		if err := rpc.AddTraits(a); err != nil {
			t.Fatal(err)
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.smithy"))
		for _, f := range files {
			if err := a.AddPath(f); err != nil {
				t.Fatal(err)
			}
		}
		if len(files) == 0 {
			continue
		}
		res, err := a.Assemble()
		if err != nil || res.HasErrors() {
			t.Fatalf("%s: %v %v", dir, err, res.Events)
		}
		for _, sh := range res.Model.Shapes() {
			if sh.Type() != model.ServiceType || !sh.HasTrait(rpc.JSONRPCTrait) {
				continue
			}
			out, err := openrpc.Convert(res.Model, sh.ID(), openrpc.Config{})
			if errors.Is(err, openrpc.ErrNoVersion2) {
				continue
			}
			if err != nil {
				t.Errorf("%s %s: %v", dir, sh.ID(), err)
				continue
			}
			if fs, err := openrpc.CheckDocument(out.JSON); err != nil || len(fs) > 0 {
				t.Errorf("%s %s: metaschema %v %v", dir, sh.ID(), fs, err)
			}
			exported++
		}
	}
	if exported == 0 {
		t.Fatal("no service exported")
	}
	t.Logf("%d services of examples/ exported and checked", exported)
}
