package openrpc_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
)

// What the OpenRPC ecosystem's own tools found in exported documents
// (issue 26): each case is the model that showed it and what the export
// does now.
const ecosystemModel = head + `
use alloy#untagged

@jsonRpc(versions: ["2.0"])
service S { version: "1", operations: [Op] }

@method(name: "op")
operation Op { input: In }

structure In {
    @pattern("^(?=.*[0-9])[a-z0-9]+$")
    lookahead: String
    behind: Behind
    @idRef
    ref: String
    @length(max: 4)
    data: Blob
    num: NumOrText
    pair: FlagOrText
}

@pattern("(?<!x)y")
string Behind

@untagged
union NumOrText { d: Double, s: String }

@untagged
union FlagOrText { f: Boolean, s: String }
`

func TestEcosystemFindings(t *testing.T) {
	m := assemble(t, map[string]string{"alloy.smithy": alloyDefs, "model.smithy": ecosystemModel})
	res, err := openrpc.Convert(m, shapeid.MustParse("example#S"), openrpc.Config{})
	if err != nil {
		t.Fatalf("a lookaround pattern must not fail the export: %v", err)
	}
	if f, err := openrpc.CheckDocument(res.JSON); err != nil || len(f) > 0 {
		t.Fatalf("the document fails its own metaschema check: %v %v", f, err)
	}
	check, err := openrpc.NewChecker(res.JSON)
	if err != nil {
		t.Fatalf("the document's schemas do not compile: %v", err)
	}
	lossAt := map[string]string{}
	for _, d := range res.Diagnostics {
		if d.Code == openrpc.CodeLoss {
			if d.Shape.Namespace == shapeid.Prelude {
				t.Errorf("a loss names the prelude shape %s, not the member that carries the constraint: %s", d.Shape, d.Message)
			}
			lossAt[d.Shape.String()] = d.Message
		}
	}
	comp := "/components/schemas/"
	for _, c := range []struct {
		name, site, lossHas, ptr, want string
	}{
		{"lookahead on a member: left out, the member named", "example#In$lookahead", "RE2 refuses at `(?=`", comp + "In/properties/lookahead/anyOf/0", `{"type":"string"}`},
		{"lookbehind on a shape: left out, the shape named", "example#Behind", "RE2 refuses", comp + "Behind", `{"type":"string"}`},
		{"@idRef: the member named", "example#In$ref", "@idRef", comp + "In/properties/ref/anyOf/0", `{"type":"string"}`},
		{"@length of a blob: the member named", "example#In$data", "@length of a blob", comp + "In/properties/data/anyOf/0/contentEncoding", `"base64"`},
		{"untagged double or string: NaN is both, so anyOf", "example#NumOrText", "can hold the same JSON value", comp + "NumOrText/anyOf/1", `{"type":"string"}`},
		{"untagged boolean or string: disjoint, so oneOf", "", "", comp + "FlagOrText/oneOf/0", `{"type":"boolean"}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.site != "" && !strings.Contains(lossAt[c.site], c.lossHas) {
				t.Errorf("loss at %s = %q, want it to say %q (all: %v)", c.site, lossAt[c.site], c.lossHas, res.Diagnostics)
			}
			if got := compact(at(t, res.Document, c.ptr)); got != c.want {
				t.Errorf("%s = %s, want %s", c.ptr, got, c.want)
			}
		})
	}
	if _, ok := lossAt["example#FlagOrText"]; ok {
		t.Error("a loss for a union whose members cannot share a value")
	}
	// "NaN" is a double and a string: the engine accepts it (an advisory
	// says the union is ambiguous) and so must the schema.
	for _, params := range []string{`{"num":"NaN"}`, `{"num":1.5}`, `{"num":"x"}`, `{"pair":true}`, `{"pair":"x"}`} {
		r := res.Service.ValidateRequest([]byte(`{"jsonrpc":"2.0","method":"op","params":` + params + `,"id":1}`))
		if !r.Valid {
			t.Errorf("%s: the engine rejects it: %v", params, r.Findings)
		}
		if err := check.CheckParams("op", []byte(params)); err != nil {
			t.Errorf("%s: the schema rejects what the engine accepts: %v", params, err)
		}
	}
}

// The float and double bounds are the engine's overflow limits, exact and
// exclusive: 3.4028235e38 (which rounds to the largest float) passes both
// the engine and the schema, the limit itself passes neither; an
// epoch-seconds timestamp is bounded as the engine bounds it.
func TestNumberLimitsAgree(t *testing.T) {
	res := convert(t, head+`
@jsonRpc(versions: ["2.0"])
service S { version: "1", operations: [Op] }
@method(name: "op")
operation Op { input: In }
structure In {
    f: Float
    d: Double
    @timestampFormat("epoch-seconds")
    t: Timestamp
}
`, "example#S", openrpc.Config{})
	check, err := openrpc.NewChecker(res.JSON)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, params string
		valid        bool
	}{
		{"float: the largest float's shortest spelling", `{"f":3.4028235e38}`, true},
		{"float: the largest float, exactly", `{"f":340282346638528859811704183484516925440}`, true},
		{"float: just below the overflow limit", `{"f":340282356779733661637539395458142568447}`, true},
		{"float: the overflow limit 2^128-2^103", `{"f":340282356779733661637539395458142568448}`, false},
		{"float: below minus the limit", `{"f":-3.4028236e38}`, false},
		{"double: the largest double", `{"d":1.7976931348623157e308}`, true},
		{"double: beyond the largest double", `{"d":1.8e308}`, false},
		{"epoch: the first second of year 1", `{"t":-62135596800}`, true},
		{"epoch: before year 1", `{"t":-62135596800.5}`, false},
		{"epoch: the last instant of 9999", `{"t":253402300799.999}`, true},
		{"epoch: year 10000", `{"t":253402300800}`, false},
		{"epoch: 1e12", `{"t":1e12}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := res.Service.ValidateRequest([]byte(`{"jsonrpc":"2.0","method":"op","params":` + c.params + `,"id":1}`))
			cerr := check.CheckParams("op", []byte(c.params))
			if r.Valid != c.valid || (cerr == nil) != c.valid {
				t.Errorf("engine valid=%v %v; schema: %v; want valid=%v for both", r.Valid, r.Findings, cerr, c.valid)
			}
		})
	}
}

// Telling whether an untagged union's members overlap reads each member's
// schema once: 60 unions, each with two members that target the next
// (2^60 paths), and a cycle back to the first, export with anyOf all
// the way (each union's members overlap with each other).
func TestUntaggedOverlapIsLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString(head + "use alloy#untagged\n@jsonRpc(versions: [\"2.0\"])\nservice S { version: \"1\", operations: [Op] }\n" +
		"@method(name: \"op\")\noperation Op { input: In }\nstructure In { u: U0 }\n")
	const n = 60
	for i := 0; i < n; i++ {
		next := fmt.Sprintf("U%d", i+1)
		if i == n-1 {
			next = "U0"
		}
		fmt.Fprintf(&b, "@untagged\nunion U%d { a: %s, b: %s, s: String }\n", i, next, next)
	}
	m := assemble(t, map[string]string{"alloy.smithy": alloyDefs, "model.smithy": b.String()})
	res, err := openrpc.Convert(m, shapeid.MustParse("example#S"), openrpc.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if _, ok := at(t, res.Document, fmt.Sprintf("/components/schemas/U%d", i)).Get("anyOf"); !ok {
			t.Errorf("U%d is not anyOf", i)
		}
	}
}
