package importer

import (
	"os"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
	"github.com/smithy-validation/go/smithyvalidate"
)

// examplesDoc is an OpenRPC document with one method "add" (params a and
// first-value, an object param whose property is x-y, result sum), whose
// paramStructure, result and examples each case sets, and components
// with a reusable pairing and Example Object.
func examplesDoc(structure, result, examples string) string {
	ps := ""
	if structure != "" {
		ps = `"paramStructure": "` + structure + `", `
	}
	if result != "" {
		result = `, "result": ` + result
	}
	return `{"openrpc": "1.3.2", "info": {"title": "Calc", "version": "1"},
 "methods": [{"name": "add", ` + ps + `"params": [
   {"name": "a", "required": true, "schema": {"type": "integer", "minimum": 0, "maximum": 100}},
   {"name": "first-value", "schema": {"type": "object", "properties": {"x-y": {"type": "string"}}}}
  ]` + result + `,
  "examples": ` + examples + `}],
 "components": {
  "examplePairingObjects": {"two": {"name": "shared", "params": [{"$ref": "#/components/examples/a2"}], "result": {"name": "sum", "value": 2}}},
  "examples": {"a2": {"name": "a", "value": 2}}
 }}`
}

const sumResult = `{"name": "sum", "schema": {"type": "integer"}}`

// TestOpenRPCExamples: each rule of README.md "Examples": the operation's
// @examples are exactly the wanted value (JSON), the diagnostics are
// exactly the wanted pointer and keyword pairs, and the model loads with
// no ERROR event and no event of the ExamplesTrait validator.
func TestOpenRPCExamples(t *testing.T) {
	cases := []struct {
		name                        string
		structure, result, examples string
		want                        string   // the @examples value as JSON; "" for no trait
		diags                       []string // "pointer keyword", in order
	}{
		{"by name", "by-name", sumResult,
			`[{"name": "one", "summary": "Short.", "description": "Long.", "params": [{"name": "first-value", "value": {"x-y": "z"}}, {"name": "a", "value": 1}], "result": {"name": "sum", "value": 1}}]`,
			`[{"title": "one", "documentation": "Short.\n\nLong.", "input": {"a": 1, "firstValue": {"xY": "z"}}, "output": {"sum": 1}}]`, nil},
		{"by name, a param that names no param", "by-name", sumResult,
			`[{"name": "one", "params": [{"name": "A", "value": 1}], "result": {"name": "sum", "value": 1}}]`,
			``, []string{"/methods/0/examples/0/params/0/name name"}},
		{"by position", "by-position", sumResult,
			`[{"name": "one", "params": [{"name": "alpha", "value": 1}, {"name": "first-value", "value": {}}], "result": {"name": "sum", "value": 1}}]`,
			`[{"title": "one", "input": {"a": 1, "firstValue": {}}, "output": {"sum": 1}}]`, []string{"/methods/0/examples/0/params/0/name name"}},
		{"either, names before positions", "", sumResult,
			`[{"name": "one", "params": [{"name": "first-value", "value": {}}, {"name": "a", "value": 5}], "result": {"name": "sum", "value": 5}}]`,
			`[{"title": "one", "input": {"a": 5, "firstValue": {}}, "output": {"sum": 5}}]`, nil},
		{"$ref'd pairing and Example Object", "", sumResult,
			`[{"$ref": "#/components/examplePairingObjects/two"}]`,
			`[{"title": "shared", "input": {"a": 2}, "output": {"sum": 2}}]`, nil},
		{"missing result", "", sumResult,
			`[{"name": "asked", "params": [{"name": "a", "value": 3}]}]`,
			`[{"title": "asked", "input": {"a": 3}}]`, nil},
		{"null result", "", `{"name": "result", "schema": {"type": "null"}}`,
			`[{"name": "done", "params": [{"name": "a", "value": 3}], "result": {"name": "result", "value": null}}]`,
			`[{"title": "done", "input": {"a": 3}}]`, nil},
		{"null result that is not null", "", `{"name": "result", "schema": {"type": "null"}}`,
			`[{"name": "done", "params": [{"name": "a", "value": 3}], "result": {"name": "result", "value": 1}}]`,
			``, []string{"/methods/0/examples/0/result result"}},
		{"a notification's result", "", "",
			`[{"name": "told", "params": [{"name": "a", "value": 3}], "result": {"name": "x", "value": 1}}]`,
			`[{"title": "told", "input": {"a": 3}}]`, []string{"/methods/0/examples/0/result result"}},
		{"invalid pairing left out", "", sumResult,
			`[{"name": "good", "params": [{"name": "a", "value": 1}], "result": {"name": "sum", "value": 1}},
			  {"name": "too big", "params": [{"name": "a", "value": 101}], "result": {"name": "sum", "value": 101}},
			  {"name": "wrong result", "params": [{"name": "a", "value": 1}], "result": {"name": "sum", "value": "one"}},
			  {"name": "an open object's other property", "params": [{"name": "a", "value": 1}, {"name": "first-value", "value": {"other": 1}}]}]`,
			`[{"title": "good", "input": {"a": 1}, "output": {"sum": 1}}, {"title": "an open object's other property", "input": {"a": 1, "firstValue": {"other": 1}}}]`,
			[]string{"/methods/0/examples/1 examples", "/methods/0/examples/2 examples"}},
		{"missing required param left out", "", sumResult,
			`[{"name": "no a", "params": [], "result": {"name": "sum", "value": 0}}]`,
			``, []string{"/methods/0/examples/0 examples"}},
		{"externalValue", "", sumResult,
			`[{"name": "far", "params": [{"name": "a", "externalValue": "https://example.com/a.json"}], "result": {"name": "sum", "value": 1}},
			  {"name": "far result", "params": [{"name": "a", "value": 1}], "result": {"name": "sum", "externalValue": "https://example.com/s.json"}},
			  {"name": "no value", "params": [{"name": "a"}]}]`,
			``, []string{"/methods/0/examples/0/params/0/externalValue externalValue", "/methods/0/examples/1/result/externalValue externalValue", "/methods/0/examples/2/params/0 value"}},
		{"no name", "", sumResult,
			`[{"params": [{"name": "a", "value": 1}]}, "not a pairing"]`,
			`[{"title": "add example 1", "input": {"a": 1}}]`, []string{"/methods/0/examples/0 name", "/methods/0/examples/1 examples"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := OpenRPC([]byte(examplesDoc(c.structure, c.result, c.examples)), Options{Namespace: "a"})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range res.Diagnostics {
				if strings.HasPrefix(d.Pointer, "/methods/0/examples") {
					got = append(got, d.Pointer+" "+d.Keyword)
				}
			}
			if strings.Join(got, "\n") != strings.Join(c.diags, "\n") {
				t.Errorf("%s: diagnostics\n%s\nwant\n%s\n(all: %v)", c.name, strings.Join(got, "\n"), strings.Join(c.diags, "\n"), res.Diagnostics)
			}
			m := load(t, res.IDL)
			op, _ := m.Shape(shapeid.MustParse("a#Add"))
			ex, has := op.Trait(exampleTraitID)
			switch {
			case c.want == "" && has:
				t.Errorf("%s: @examples %s, want none", c.name, node.Marshal(ex))
			case c.want != "":
				want, err := node.Parse([]byte(c.want))
				if err != nil {
					t.Fatal(err)
				}
				if !has || !node.Equal(ex, want) {
					t.Errorf("%s: @examples\n%s\nwant\n%s\n%s", c.name, node.Marshal(ex), node.Marshal(want), res.IDL)
				}
			}
			if evs := smithyvalidate.CheckExamples(m); len(evs) > 0 {
				t.Errorf("%s: the imported examples do not validate: %v", c.name, evs)
			}
		})
	}
}

// TestOpenRPCExampleDiagnosticNamesFinding: the diagnostic of a pairing
// left out names the pairing, the method and the first problem.
func TestOpenRPCExampleDiagnosticNamesFinding(t *testing.T) {
	res, err := OpenRPC([]byte(examplesDoc("", sumResult, `[{"name": "too big", "params": [{"name": "a", "value": 101}]}]`)), Options{Namespace: "a"})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.Diagnostics {
		if d.Pointer == "/methods/0/examples/0" {
			for _, w := range []string{`"too big"`, `"add"`, "ExamplesTrait", ".a", "100", "left out"} {
				if !strings.Contains(d.Message, w) {
					t.Errorf("the diagnostic %q does not say %s", d.Message, w)
				}
			}
			if d.Pos.Line != 6 || d.Pos.Column != 16 {
				t.Errorf("the diagnostic is at %v, want the pairing's 6:16", d.Pos)
			}
			return
		}
	}
	t.Fatalf("no diagnostic at /methods/0/examples/0: %v", res.Diagnostics)
}

// TestKitchenExamplesOnTheWire: the export writes the kitchen's examples
// with wire names through every kind of union (a discriminated union's
// tag is the member's @jsonName, an untagged union's value is renamed as
// the member that accepts it), and the import reads them back to the
// member names of its own shapes.
func TestKitchenExamplesOnTheWire(t *testing.T) {
	kitchen, err := os.ReadFile("testdata/roundtrip/kitchen.smithy")
	if err != nil {
		t.Fatal(err)
	}
	res, err := openrpc.Convert(loadFiles(t, kitchen, []byte(otherModel)), shapeid.MustParse("test.kitchen#Kitchen"), exportConfig)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := node.Parse(res.JSON)
	if err != nil {
		t.Fatal(err)
	}
	items := map[string]string{}
	methods, _ := doc.Get("methods")
	for _, m := range methods.Elems() {
		if n, _ := m.Get("name"); n.StringValue() != "kitchen/store" {
			continue
		}
		exs, _ := m.Get("examples")
		for _, ex := range exs.Elems() {
			name, _ := ex.Get("name")
			params, _ := ex.Get("params")
			for _, p := range params.Elems() {
				if n, _ := p.Get("name"); n.StringValue() == "item" {
					v, _ := p.Get("value")
					items[name.StringValue()] = string(node.Marshal(v))
				}
			}
		}
	}
	want := map[string]string{
		"store a box":             `{"kind":"box","size":3,"shape":{"type":"circle","r":1.5},"value":["a","b"],"choice":{"first":"x"},"nested":{"inner":{}},"maybe":null}`,
		"store without an answer": `{"kind":"bag","value":{"x-pos":4},"shape":{"type":"quad","side":2}}`,
	}
	for name, w := range want {
		if items[name] != w {
			t.Errorf("%s: the item param is\n%s\nwant\n%s", name, items[name], w)
		}
	}
	back := load(t, importExport(t, res.JSON, "test.kitchen#Kitchen"))
	op, _ := back.Shape(shapeid.MustParse("test.kitchen#Store"))
	ex, _ := op.Trait(exampleTraitID)
	// In the import's own member names: the export keeps wire names only
	// (the union members are named after their tags, Circle's member
	// after its property "r", Point's "x-pos" is xPos with @jsonName).
	for _, w := range []string{`"shape":{"type":"quad","side":2}`, `"value":{"xPos":4}`, `"shape":{"type":"circle","r":1.5}`} {
		if got := string(node.Marshal(ex)); !strings.Contains(got, w) {
			t.Errorf("the import's @examples do not hold %s: %s", w, got)
		}
	}
}
