package importer

import (
	"strings"
	"testing"
)

// TestLSPInlineIONames: an operation's inline input and output take the
// names Smithy gives them (<op>Input, <op>Output) only when no shape of
// the import has them; else the operation names a structure of its own,
// so that the model never defines one name twice (a model `smithy
// validate` rejects, found by FuzzImport).
func TestLSPInlineIONames(t *testing.T) {
	cases := []struct {
		name, doc string
		want      []string
	}{
		{"params that are not one structure",
			`{"requests":[{"method":"0","messageDirection":"clientToServer","params":{"kind":"or","items":[{"kind":"base","name":"string"},{"kind":"base","name":"integer"}]}}],"notifications":[],"structures":[]}`,
			[]string{"union N0Input {", "input: N0Input2", "structure N0Input2 {\n}", "output := {"}},
		{"a meta model structure named as an input",
			`{"requests":[{"method":"a","messageDirection":"clientToServer","result":{"kind":"reference","name":"AInput"}}],"notifications":[],"structures":[{"name":"AInput","properties":[{"name":"x","type":{"kind":"base","name":"string"}}]}]}`,
			[]string{"result: AInput"}},
		{"a meta model structure named as an output",
			`{"requests":[{"method":"a","messageDirection":"clientToServer","result":{"kind":"reference","name":"AOutput"}}],"notifications":[],"structures":[{"name":"AOutput","properties":[{"name":"x","type":{"kind":"base","name":"string"}}]}]}`,
			[]string{"result: AOutput", "input := {}"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := LSP([]byte(c.doc), Options{Namespace: "t"})
			if err != nil {
				t.Fatal(err)
			}
			requireValidImport(t, res.IDL)
			for _, w := range c.want {
				if !strings.Contains(string(res.IDL), w) {
					t.Errorf("the model does not say %q:\n%s", w, res.IDL)
				}
			}
		})
	}
}

// TestMCPInlineIONames: an MCP definition named as an operation's inline
// input or output keeps its name, and the operation names a structure of
// its own (the model defined one name twice).
func TestMCPInlineIONames(t *testing.T) {
	cases := []struct {
		name, defs string
		want, not  []string
	}{
		{"a definition named as an input",
			`"PingResult":{"type":"object","properties":{"b":{"$ref":"#/$defs/PingInput"}}},"PingInput":{"type":"object","properties":{"a":{"type":"string"}}}`,
			[]string{"input: PingInput2", "structure PingInput {\n    a: smithy.api#String", "b: PingInput\n"}, []string{"input := {}"}},
		{"a definition named as an output",
			`"PingResult":{"oneOf":[{"type":"string"},{"$ref":"#/$defs/PingOutput"}]},"PingOutput":{"type":"object","properties":{"a":{"type":"string"}}}`,
			[]string{"input := {}", "structure PingOutput {\n    a: smithy.api#String"}, []string{"output := {"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := `{"$defs":{"PingRequest":{"type":"object","properties":{"method":{"const":"ping"},"params":{"type":"string"}},"required":["method"]},"ClientRequest":{"anyOf":[{"$ref":"#/$defs/PingRequest"}]},` + c.defs + `}}`
			res, err := MCP([]byte(doc), Options{Namespace: "t"})
			if err != nil {
				t.Fatal(err)
			}
			requireValidImport(t, res.IDL)
			for _, w := range c.want {
				if !strings.Contains(string(res.IDL), w) {
					t.Errorf("the model does not say %q:\n%s", w, res.IDL)
				}
			}
			for _, n := range c.not {
				if strings.Contains(string(res.IDL), n) {
					t.Errorf("the model says %q:\n%s", n, res.IDL)
				}
			}
		})
	}
}
