package importer

import (
	"strings"
	"testing"
)

// TestAnnotationsImported: the document's externalDocs is the service's
// @externalDocumentation and a method's the operation's ("Documentation"
// when it has no description); a param's schema default is the member's
// @default where the member's type can hold it, else a diagnostic.
func TestAnnotationsImported(t *testing.T) {
	const doc = `{"openrpc":"1.3.2","info":{"title":"t","version":"1"},
"externalDocs":{"description":"Home","url":"https://example.com/"},
"methods":[{"name":"m","externalDocs":{"url":"https://example.com/m"},
 "params":[{"name":"a","schema":{"type":"string","default":"x"}},{"name":"b","schema":{"type":"boolean","default":"no"}}],
 "result":{"name":"r","schema":{"type":"string"}}}]}`
	res, err := OpenRPC([]byte(doc), Options{Namespace: "t"})
	if err != nil {
		t.Fatal(err)
	}
	load(t, res.IDL)
	idl := string(res.IDL)
	for _, want := range []string{
		"@externalDocumentation(\"Home\": \"https://example.com/\")\nservice T",
		"@externalDocumentation(\"Documentation\": \"https://example.com/m\")\noperation M",
		"@default(\"x\")\n        a: smithy.api#String",
	} {
		if !strings.Contains(idl, want) {
			t.Errorf("the model does not say %q:\n%s", want, idl)
		}
	}
	if strings.Contains(idl, `@default("no")`) {
		t.Errorf("a boolean param kept a string default:\n%s", idl)
	}
	var said bool
	for _, d := range res.Diagnostics {
		said = said || d.Pointer == "/methods/0/params/1/schema/default" && d.Keyword == "default"
	}
	if !said {
		t.Errorf("no diagnostic for the default that does not fit: %v", res.Diagnostics)
	}
}
