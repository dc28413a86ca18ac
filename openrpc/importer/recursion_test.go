package importer

import (
	"strings"
	"testing"
)

// TestRecursionSmithyForbids: references that make a list or map hold
// itself without a structure or union between, structures that hold each
// other through required members only, and unions that cannot end are
// imported as a model `smithy validate` accepts (its ShapeRecursion
// validator rejected each before), with a diagnostic at the schema for each
// change; a recursion Smithy allows is imported as it is, without one.
func TestRecursionSmithyForbids(t *testing.T) {
	cases := []struct {
		name string
		run  func([]byte, Options) (*Result, error)
		doc  string
		// want are lines of the model; diags the pointers of the
		// recursion diagnostics, in order.
		want  []string
		diags []string
	}{
		{name: "list of itself", run: JSONSchema,
			doc:   `{"definitions":{"G":{"type":"array","items":{"$ref":"#/definitions/G"}}}}`,
			want:  []string{"list G {\n    member: smithy.api#Document\n}"},
			diags: []string{"/definitions/G"}},
		{name: "root array of the root", run: JSONSchema,
			doc:   `{"type":"array","items":{"$ref":"#"}}`,
			want:  []string{"list Root {\n    member: smithy.api#Document\n}"},
			diags: []string{""}},
		{name: "nullable list of itself with minItems", run: JSONSchema,
			doc:   `{"definitions":{"A":{"type":["array","null"],"minItems":1,"items":{"$ref":"#/definitions/A"}}}}`,
			want:  []string{"list A {\n    member: smithy.api#Document\n}"},
			diags: []string{"/definitions/A"}},
		{name: "map of itself", run: JSONSchema,
			doc:   `{"definitions":{"M":{"type":"object","additionalProperties":{"$ref":"#/definitions/M"}}}}`,
			want:  []string{"    value: smithy.api#Document\n}"},
			diags: []string{"/definitions/M"}},
		{name: "list of maps of the list", run: JSONSchema,
			doc:   `{"definitions":{"A":{"type":"array","items":{"$ref":"#/definitions/B"}},"B":{"type":"object","additionalProperties":{"$ref":"#/definitions/A"}}}}`,
			want:  []string{"list A {\n    member: B\n}", "    value: smithy.api#Document\n}"},
			diags: []string{"/definitions/B"}},
		{name: "structure required in itself", run: JSONSchema,
			doc:   `{"definitions":{"S":{"type":"object","properties":{"s":{"$ref":"#/definitions/S"}},"required":["s"]}}}`,
			want:  []string{"structure S {\n    s: S\n"},
			diags: []string{"/definitions/S"}},
		{name: "structures required in each other, one nullable", run: JSONSchema,
			doc:   `{"definitions":{"P":{"type":"object","properties":{"q":{"$ref":"#/definitions/Q"}},"required":["q"]},"Q":{"type":"object","properties":{"p":{"anyOf":[{"$ref":"#/definitions/P"},{"type":"null"}]}},"required":["p"]}}}`,
			want:  []string{"    @required\n    q: Q\n", "    @nullable\n    p: P\n"},
			diags: []string{"/definitions/Q"}},
		{name: "union of itself", run: JSONSchema,
			doc:   `{"definitions":{"L":{"oneOf":[{"$ref":"#/definitions/L"}]}}}`,
			want:  []string{"union L {\n    l: smithy.api#Document\n}"},
			diags: []string{"/definitions/L"}},
		{name: "unions of each other", run: JSONSchema,
			doc:   `{"definitions":{"U":{"oneOf":[{"$ref":"#/definitions/V"}]},"V":{"oneOf":[{"$ref":"#/definitions/U"}]}}}`,
			want:  []string{"union U {\n    v: smithy.api#Document\n}", "union V {\n    u: U\n}"},
			diags: []string{"/definitions/U"}},
		{name: "list through a union is kept", run: JSONSchema,
			doc:  `{"definitions":{"A":{"type":"array","items":{"anyOf":[{"$ref":"#/definitions/A"},{"type":"string"}]}}}}`,
			want: []string{"list A {\n    member: AItem\n}"}},
		{name: "optional structure member is kept", run: JSONSchema,
			doc:  `{"definitions":{"S":{"type":"object","properties":{"s":{"$ref":"#/definitions/S"}}}}}`,
			want: []string{"structure S {\n    s: S\n"}},
		{name: "openrpc components", run: OpenRPC,
			doc: `{"openrpc":"1.3.2","info":{"title":"t","version":"1"},"methods":[{"name":"m","params":[{"name":"a","schema":{"$ref":"#/components/schemas/Tree"}}],"result":{"name":"r","schema":{"$ref":"#/components/schemas/Node"}}}],` +
				`"components":{"schemas":{"Tree":{"type":"array","items":{"$ref":"#/components/schemas/Tree"}},"Node":{"type":"object","properties":{"next":{"$ref":"#/components/schemas/Node"}},"required":["next"]}}}}`,
			want:  []string{"list Tree {\n    member: smithy.api#Document\n}", "structure Node {\n    next: Node\n"},
			diags: []string{"/components/schemas/Tree", "/components/schemas/Node"}},
		{name: "lsp aliases", run: LSP,
			doc: `{"metaData":{"version":"1"},"requests":[{"method":"r","messageDirection":"clientToServer","params":{"kind":"reference","name":"S"},"result":{"kind":"reference","name":"M"}}],"notifications":[],` +
				`"structures":[{"name":"S","properties":[{"name":"a","type":{"kind":"reference","name":"A"}}]}],"enumerations":[],` +
				`"typeAliases":[{"name":"A","type":{"kind":"array","element":{"kind":"reference","name":"A"}}},{"name":"M","type":{"kind":"map","key":{"kind":"base","name":"string"},"value":{"kind":"reference","name":"M"}}}]}`,
			want:  []string{"list A {\n    member: smithy.api#Document\n}", "    value: smithy.api#Document\n}"},
			diags: []string{"/typeAliases/0", "/typeAliases/1"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := tc.run([]byte(tc.doc), Options{})
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			requireValidImport(t, res.IDL)
			for _, w := range tc.want {
				if !strings.Contains(string(res.IDL), w) {
					t.Errorf("%s: the model lacks %q:\n%s", tc.name, w, res.IDL)
				}
			}
			var got []string
			for _, d := range res.Diagnostics {
				if strings.Contains(d.Message, "which Smithy forbids") {
					got = append(got, d.Pointer)
					if d.Pos.Line == 0 {
						t.Errorf("%s: diagnostic without a position: %v", tc.name, d)
					}
				}
			}
			if strings.Join(got, ",") != strings.Join(tc.diags, ",") {
				t.Errorf("%s: recursion diagnostics at %q, want %q", tc.name, got, tc.diags)
			}
		})
	}
}

// TestUniqueItemsSmithyForbids: @uniqueItems stays only on lists whose
// items hold no document, float or double at any depth (Smithy's
// selector follows every member: `list :not(> member ~> :is(float,
// double, document))`); an array of open objects, whose unknown fields
// are documents, was a model `smithy validate` rejected.
func TestUniqueItemsSmithyForbids(t *testing.T) {
	cases := []struct {
		name  string
		items string
		keep  bool
	}{
		{name: "open objects", items: `{"type":"object","properties":{"a":{"type":"string"}}}`},
		{name: "closed objects with a nested document", items: `{"type":"object","additionalProperties":false,"properties":{"a":{"type":"object","additionalProperties":false,"properties":{"d":{}}}}}`},
		{name: "a union with a document", items: `{"anyOf":[{"type":"string"},{"type":"object","additionalProperties":false,"properties":{"d":{}}}]}`},
		{name: "a list of a reference to open objects", items: `{"type":"array","items":{"$ref":"#/definitions/O"}}`},
		{name: "closed objects of strings and numbers", items: `{"type":"object","additionalProperties":false,"properties":{"a":{"type":"string"},"n":{"type":"number"}}}`, keep: true},
		{name: "strings", items: `{"type":"string"}`, keep: true},
		{name: "lists of integers", items: `{"type":"array","items":{"type":"integer"}}`, keep: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc := `{"definitions":{"O":{"type":"object","properties":{"o":{"type":"string"}}},"L":{"type":"array","uniqueItems":true,"items":` + tc.items + `}}}`
			res, err := JSONSchema([]byte(doc), Options{})
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			requireValidImport(t, res.IDL)
			kept := strings.Contains(string(res.IDL), "@uniqueItems\nlist L {")
			dropped := 0
			for _, d := range res.Diagnostics {
				if d.Keyword == "uniqueItems" && d.Pointer == "/definitions/L/uniqueItems" {
					dropped++
				}
			}
			if kept != tc.keep || (dropped == 1) == tc.keep {
				t.Errorf("%s: @uniqueItems kept %v with %d diagnostics, want kept %v:\n%s", tc.name, kept, dropped, tc.keep, res.IDL)
			}
		})
	}
}
