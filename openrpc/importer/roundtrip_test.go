package importer

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
)

// param is what a round trip must keep of a content descriptor.
type param struct {
	Name     string
	Required bool
}

// methodSummary is what a round trip must keep of an OpenRPC method.
type methodSummary struct {
	ParamStructure string // absent is "either" (OpenRPC's default)
	Params         []param
	Result         string // the result descriptor's name; "" for a notification
	Notification   bool
	Errors         []string // "code message", sorted
}

// jsonRPCCodes are the codes JSON-RPC itself defines: they cannot be an
// application's errors, so the import reports and leaves them out.
func jsonRPCCode(code int) bool { return code == -32700 || code >= -32603 && code <= -32600 }

// summarize reads the methods of an OpenRPC document. With fromSource,
// what the import documents it leaves out is left out here too: errors
// with JSON-RPC's own codes, and the errors of a method without a result
// (a notification, never answered).
func summarize(t *testing.T, doc []byte, fromSource bool) map[string]methodSummary {
	t.Helper()
	var d struct {
		Methods []struct {
			Name           string `json:"name"`
			ParamStructure string `json:"paramStructure"`
			Params         []struct {
				Name     string `json:"name"`
				Required bool   `json:"required"`
				Ref      string `json:"$ref"`
			} `json:"params"`
			Result *struct {
				Name string `json:"name"`
				Ref  string `json:"$ref"`
			} `json:"result"`
			Errors []struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"errors"`
		} `json:"methods"`
		Components struct {
			ContentDescriptors map[string]struct {
				Name     string `json:"name"`
				Required bool   `json:"required"`
			} `json:"contentDescriptors"`
		} `json:"components"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatal(err)
	}
	// A code is one error shape, documented with the first message the
	// document gives it (the import reports the others).
	first := map[int]string{}
	for _, m := range d.Methods {
		for _, e := range m.Errors {
			if _, ok := first[e.Code]; !ok && (m.Result != nil || !fromSource) {
				first[e.Code] = e.Message
			}
		}
	}
	out := map[string]methodSummary{}
	for _, m := range d.Methods {
		s := methodSummary{ParamStructure: m.ParamStructure}
		if s.ParamStructure == "" {
			s.ParamStructure = "either"
		}
		for _, p := range m.Params {
			if p.Ref != "" { // a reference to a component descriptor
				cd := d.Components.ContentDescriptors[strings.TrimPrefix(p.Ref, "#/components/contentDescriptors/")]
				p.Name, p.Required = cd.Name, cd.Required
			}
			s.Params = append(s.Params, param{p.Name, p.Required})
		}
		if m.Result != nil {
			s.Result = m.Result.Name
			if m.Result.Ref != "" {
				s.Result = d.Components.ContentDescriptors[strings.TrimPrefix(m.Result.Ref, "#/components/contentDescriptors/")].Name
			}
		} else {
			s.Notification = true
		}
		for _, e := range m.Errors {
			if fromSource && (jsonRPCCode(e.Code) || s.Notification) {
				continue
			}
			msg := e.Message
			if fromSource {
				msg = first[e.Code]
			}
			s.Errors = append(s.Errors, fmt.Sprintf("%d %s", e.Code, msg))
		}
		sort.Strings(s.Errors)
		out[m.Name] = s
	}
	return out
}

// compareMethods reports every method whose summary differs.
func compareMethods(t *testing.T, want, got map[string]methodSummary) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%d methods, want %d", len(got), len(want))
	}
	names := make([]string, 0, len(want))
	for n := range want {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if g, ok := got[n]; !ok {
			t.Errorf("method %s: missing", n)
		} else if !reflect.DeepEqual(g, want[n]) {
			t.Errorf("method %s:\n got %+v\nwant %+v", n, g, want[n])
		}
	}
}

// exportConfig is what `smithy openrpc` exports with no flags.
var exportConfig = openrpc.Config{MatchJSONNames: true}

// export is `smithy openrpc` of a model.
func export(t *testing.T, idl []byte, service string) []byte {
	t.Helper()
	res, err := openrpc.Convert(load(t, idl), shapeid.MustParse(service), exportConfig)
	if err != nil {
		t.Fatalf("export %s: %v", service, err)
	}
	return res.JSON
}

// TestOpenRPCRoundTrip: `smithy openrpc` of an imported OpenRPC document
// gives back the source's methods with the same param structure, params
// (names, order, required), result name and errors (code and message),
// less what the import reports it leaves out (JSON-RPC's own codes, the
// errors of notifications).
func TestOpenRPCRoundTrip(t *testing.T) {
	cases := []struct{ name, file string }{
		{"ethereum", "openrpc/ethereum-execution-apis-openrpc.json"},
	}
	examples, _ := filepath.Glob(corpus(t, "openrpc/examples") + "/*.json")
	for _, f := range examples {
		cases = append(cases, struct{ name, file string }{strings.TrimSuffix(filepath.Base(f), "-openrpc.json"), "openrpc/examples/" + filepath.Base(f)})
	}
	if len(cases) < 9 {
		t.Fatalf("%d documents in the corpus, want the Ethereum document and 8 examples", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src, err := os.ReadFile(corpus(t, c.file))
			if err != nil {
				t.Fatal(err)
			}
			res, err := OpenRPC(src, Options{Namespace: "imported", Service: "Service"})
			if err != nil {
				t.Fatal(err)
			}
			want, got := summarize(t, src, true), summarize(t, export(t, res.IDL, "imported#Service"), false)
			if c.name == "ethereum" && len(want) != 86 {
				t.Errorf("%d methods in the Ethereum document, want 86", len(want))
			}
			compareMethods(t, want, got)
		})
	}
}

// exampleServices are the example models and their services.
var exampleServices = []struct{ dir, service string }{
	{"calculator", "example#Calculator"},
	{"notes", "example.notes#Notes"},
	{"ethereum", "ethereum#Ethereum"},
	{"mcp", "io.modelcontextprotocol#Mcp"},
	{"lsp", "org.lsp#LanguageServer"},
}

// TestExamplesRoundTrip: Smithy → OpenRPC → Smithy → OpenRPC is a byte
// fixpoint on every example model: the export of the import of an
// example's export is that export, byte for byte (so the second import is
// the first, and every later trip the same). No construct of the
// examples is an exception.
func TestExamplesRoundTrip(t *testing.T) {
	for _, c := range exampleServices {
		t.Run(c.dir, func(t *testing.T) {
			files, _ := filepath.Glob(filepath.Join("..", "..", "examples", c.dir, "*.smithy"))
			if len(files) != 1 {
				t.Fatalf("examples/%s: %d models, want one", c.dir, len(files))
			}
			idl, err := os.ReadFile(files[0])
			if err != nil {
				t.Fatal(err)
			}
			d1 := export(t, idl, c.service)
			s1 := importExport(t, d1, c.service)
			d2 := export(t, s1, c.service)
			if string(d2) != string(d1) {
				t.Errorf("export(import(export(M))) differs from export(M):\n%s", firstDiff(string(d1), string(d2)))
			}
		})
	}
}

// importExport imports an exported document into the service's own
// namespace and name.
func importExport(t *testing.T, doc []byte, service string) []byte {
	t.Helper()
	ns, name, _ := strings.Cut(service, "#")
	res, err := OpenRPC(doc, Options{Namespace: ns, Service: name})
	if err != nil {
		t.Fatalf("import of the export: %v", err)
	}
	return res.IDL
}

// firstDiff shows the first line where a and b differ, with its
// neighbours, and how many lines differ in all (by position after the
// common prefix and suffix).
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	pre := 0
	for pre < len(la) && pre < len(lb) && la[pre] == lb[pre] {
		pre++
	}
	if pre == len(la) && pre == len(lb) {
		return "(same lines)"
	}
	suf := 0
	for suf < len(la)-pre && suf < len(lb)-pre && la[len(la)-1-suf] == lb[len(lb)-1-suf] {
		suf++
	}
	lo := max(0, pre-2)
	return fmt.Sprintf("line %d (%d of %d lines replaced by %d):\n- %s\n+ %s", pre+1, len(la)-pre-suf, len(la), len(lb)-pre-suf,
		strings.Join(la[lo:min(len(la), pre+3)], "\n- "), strings.Join(lb[lo:min(len(lb), pre+3)], "\n+ "))
}
