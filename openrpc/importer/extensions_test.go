package importer

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
	"github.com/smithy-validation/go/smithyvalidate"
)

// without returns the document with every field named key removed, at
// any depth.
func withoutField(t *testing.T, doc []byte, key string) []byte {
	t.Helper()
	n, err := node.Parse(doc)
	if err != nil {
		t.Fatal(err)
	}
	var strip func(n node.Node) node.Node
	strip = func(n node.Node) node.Node {
		switch n.Kind() {
		case node.Object:
			var fs []node.Field
			for _, f := range n.Fields() {
				if f.Key != key {
					fs = append(fs, node.Field{Key: f.Key, Value: strip(f.Value)})
				}
			}
			return node.NewObject(fs...)
		case node.Array:
			var es []node.Node
			for _, e := range n.Elems() {
				es = append(es, strip(e))
			}
			return node.NewArray(es...)
		}
		return n
	}
	return node.Marshal(strip(n), node.Indent("  "))
}

// extensionModel is a model in which every x-smithy-* field the export
// writes says something that OpenRPC's own fields do not.
const extensionModel = `$version: "2"
namespace test.ext

use alloy#jsonUnknown
use smithy.rpc#cancels
use smithy.rpc#jsonRpc
use smithy.rpc#method
use smithy.rpc#rpcError

@title("Some Title")
@jsonRpc(versions: ["1.0", "2.0"], batches: false, nullIds: "reject", idReuse: "reject", optionalMethodPrefixes: ["$/"])
service Svc {
    version: "1"
    operations: [Put, Stop, Empty]
}

@method(name: "store.put", params: "either", positional: ["theKey"], resultMember: "stored", from: "client")
operation Put {
    input: SharedParams
    output: PutAnswer
    errors: [Rejected]
}

@method(name: "$/stop", params: "either", positional: ["id"], kind: "notification", from: "either")
@cancels(idMember: "id", response: "optional")
operation Stop {
    input := {
        @required
        id: String
    }
}

@method(name: "empty", params: "either", positional: [])
operation Empty {
    input: NoParams
    output: Whole
}

structure NoParams {}

structure Whole {
    done: Boolean
}

structure SharedParams {
    @required
    @jsonName("key")
    theKey: String
}

structure PutAnswer {
    @required
    stored: Boolean
}

@error("client")
@rpcError(code: 409, dataMember: "why")
structure Rejected {
    @required
    message: String

    why: String
}
`

// TestExtensionsReadBack: each x-smithy-* field of an export is read back
// by the import. For each: the export writes it, the import of the export
// says what it says (the Smithy text given), the import of the same
// document without the field does not, and the trip is a byte fixpoint.
func TestExtensionsReadBack(t *testing.T) {
	const svc = "test.ext#Svc"
	doc := export(t, []byte(extensionModel), svc)
	if d2 := export(t, importExport(t, doc, svc), svc); string(d2) != string(doc) {
		t.Fatalf("not a fixpoint:\n%s", firstDiff(string(doc), string(d2)))
	}
	cases := []struct {
		ext  string
		want []string // in the import of the export
	}{
		{"x-smithy-service", []string{"service Svc {", `@title("Some Title")`}},
		{"x-smithy-jsonrpc", []string{`@jsonRpc(versions: ["1.0", "2.0"], batches: false, nullIds: "reject", idReuse: "reject", optionalMethodPrefixes: ["$/"])`}},
		{"x-smithy-operation", []string{"operation Put {"}},
		{"x-smithy-input", []string{"input: SharedParams", "input: NoParams", "structure NoParams {"}},
		{"x-smithy-output", []string{"output: PutAnswer", "output: Whole"}},
		{"x-smithy-method", []string{`kind: "notification", from: "either")`, `positional: ["theKey"], resultMember: "stored", from: "client")`,
			`@smithy.rpc#cancels(idMember: "id", response: "optional")`}},
		{"x-smithy-errors", []string{"@rpcError(code: 409, dataMember: \"why\")\nstructure Rejected {"}},
		{"x-smithy-member", []string{"@jsonName(\"key\")\n    theKey: smithy.api#String"}},
	}
	for _, c := range cases {
		t.Run(c.ext, func(t *testing.T) {
			if !strings.Contains(string(doc), `"`+c.ext+`"`) {
				t.Fatalf("the export does not write %s", c.ext)
			}
			// Imported without Options.Service, so that the service's
			// name comes from the document.
			with, err := OpenRPC(doc, Options{Namespace: "test.ext"})
			if err != nil {
				t.Fatal(err)
			}
			stripped := withoutField(t, doc, c.ext)
			without, err := OpenRPC(stripped, Options{Namespace: "test.ext"})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(string(with.IDL), w) {
					t.Errorf("the import does not say %q:\n%s", w, with.IDL)
				}
				if strings.Contains(string(without.IDL), w) {
					t.Errorf("without %s the import still says %q: the field is not what is read", c.ext, w)
				}
			}
		})
	}
}

// TestExtensionValuesChecked: an x-smithy-* value that does not fit the
// trait member it becomes is a diagnostic at its pointer and left out;
// the model still loads.
func TestExtensionValuesChecked(t *testing.T) {
	base := `{"openrpc": "1.3.2", "info": {"title": "T", "version": "1"}, "x-smithy-service": "a#T", %s
	  "methods": [{"name": "m", "params": [{"name": "p", "schema": {"type": "string"}}], %s}]}`
	cases := []struct {
		name, root, method, pointer, notIn string
	}{
		{"versions without 2.0", `"x-smithy-jsonrpc": {"versions": ["1.0"]},`, `"result": {"name": "r", "schema": {}}`, "/x-smithy-jsonrpc/versions", `"1.0"`},
		{"unknown version", `"x-smithy-jsonrpc": {"versions": ["2.0", "3.0"]},`, `"result": {"name": "r", "schema": {}}`, "/x-smithy-jsonrpc/versions", `"3.0"`},
		{"batches not a boolean", `"x-smithy-jsonrpc": {"versions": ["2.0"], "batches": "no"},`, `"result": {"name": "r", "schema": {}}`, "/x-smithy-jsonrpc/batches", "batches"},
		{"unknown nullIds", `"x-smithy-jsonrpc": {"versions": ["2.0"], "nullIds": "maybe"},`, `"result": {"name": "r", "schema": {}}`, "/x-smithy-jsonrpc/nullIds", "nullIds"},
		{"unknown idReuse", `"x-smithy-jsonrpc": {"versions": ["2.0"], "idReuse": 1},`, `"result": {"name": "r", "schema": {}}`, "/x-smithy-jsonrpc/idReuse", "idReuse"},
		{"empty prefix", `"x-smithy-jsonrpc": {"versions": ["2.0"], "optionalMethodPrefixes": [""]},`, `"result": {"name": "r", "schema": {}}`, "/x-smithy-jsonrpc/optionalMethodPrefixes", "optionalMethodPrefixes"},
		{"repeated prefix", `"x-smithy-jsonrpc": {"versions": ["2.0"], "optionalMethodPrefixes": ["$/", "$/"]},`, `"result": {"name": "r", "schema": {}}`, "/x-smithy-jsonrpc/optionalMethodPrefixes", "optionalMethodPrefixes"},
		{"unknown jsonRpc member", `"x-smithy-jsonrpc": {"versions": ["2.0"], "trace": true},`, `"result": {"name": "r", "schema": {}}`, "/x-smithy-jsonrpc/trace", "trace"},
		{"jsonrpc not an object", `"x-smithy-jsonrpc": [],`, `"result": {"name": "r", "schema": {}}`, "/x-smithy-jsonrpc", "batches"},
		{"unknown kind", ``, `"result": {"name": "r", "schema": {}}, "x-smithy-method": {"kind": "stream"}`, "/methods/0/x-smithy-method/kind", "stream"},
		{"unknown sender", ``, `"result": {"name": "r", "schema": {}}, "x-smithy-method": {"from": "proxy"}`, "/methods/0/x-smithy-method/from", "proxy"},
		{"notification with a result", ``, `"result": {"name": "r", "schema": {}}, "x-smithy-method": {"kind": "notification"}`, "/methods/0/x-smithy-method/kind", `"notification"`},
		{"call without a result", ``, `"x-smithy-method": {"kind": "call"}`, "/methods/0/x-smithy-method/kind", `"call"`},
		{"cancels naming no member", ``, `"x-smithy-method": {"kind": "notification", "cancels": {"idMember": "q", "response": "optional"}}`, "/methods/0/x-smithy-method/cancels", "cancels"},
		{"cancels with a bad response", ``, `"x-smithy-method": {"cancels": {"idMember": "p", "response": "never"}}`, "/methods/0/x-smithy-method/cancels", "cancels"},
		{"unknown method field", ``, `"x-smithy-method": {"retries": 3}`, "/methods/0/x-smithy-method/retries", "retries"},
		{"input naming no component", ``, `"x-smithy-operation": "a#M", "x-smithy-input": "a#Missing"`, "/methods/0/x-smithy-input", "Missing"},
		{"output not a shape ID", ``, `"result": {"name": "r", "schema": {}}, "x-smithy-output": 7`, "/methods/0/x-smithy-output", "output:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(strings.Replace(base, "%s", c.root, 1), "%s", c.method, 1)
			res, err := OpenRPC([]byte(src), Options{Namespace: "a"})
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, d := range res.Diagnostics {
				found = found || d.Pointer == c.pointer
			}
			if !found {
				t.Errorf("no diagnostic at %s: %v", c.pointer, res.Diagnostics)
			}
			if strings.Contains(string(res.IDL), c.notIn) {
				t.Errorf("the model says %q:\n%s", c.notIn, res.IDL)
			}
			load(t, res.IDL)
		})
	}
}

// TestConstructsRoundTrip: every construct the export writes (each shape
// kind and constraint, member traits on prelude and model shapes, the
// three kinds of union, open and closed structures, errors of each data
// kind, every @jsonRpc and @method member; shapes renamed by the service
// and shapes that share a name) is a byte fixpoint under each payload
// policy: export(import(export(M))) == export(M), the same Config both
// times.
func TestConstructsRoundTrip(t *testing.T) {
	kitchen, err := os.ReadFile("testdata/roundtrip/kitchen.smithy")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, service string
		model         []byte
		cfg           openrpc.Config
	}{
		{"kitchen, wire names", "test.kitchen#Kitchen", kitchen, exportConfig},
		{"kitchen, member names", "test.kitchen#Kitchen", kitchen, openrpc.Config{}},
		{"kitchen, unknown members and nulls rejected", "test.kitchen#Kitchen", kitchen, openrpc.Config{MatchJSONNames: true, RejectUnknownMembers: true, RejectNullMembers: true}},
		{"kitchen, any timestamp format", "test.kitchen#Kitchen", kitchen, openrpc.Config{MatchJSONNames: true, AnyTimestampFormat: true}},
		{"kitchen, blobs as text", "test.kitchen#Kitchen", kitchen, openrpc.Config{MatchJSONNames: true, BlobsAsText: true}},
		{"kitchen, unknown members ignored, integral decimals accepted", "test.kitchen#Kitchen", kitchen, openrpc.Config{MatchJSONNames: true, IgnoreUnknownMembers: true, AcceptIntegralDecimals: true}},
		{"a shape the service renames", "test.names#Names", []byte(namesModel), exportConfig},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := loadFiles(t, c.model, []byte(otherModel))
			res, err := openrpc.Convert(m, shapeid.MustParse(c.service), c.cfg)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range res.Diagnostics {
				if d.Code == openrpc.CodeExampleInvalid {
					t.Errorf("an example is exported invalid: %v", d)
				}
			}
			s1 := importExport(t, res.JSON, c.service)
			if strings.HasPrefix(c.name, "kitchen") {
				// The kitchen's @examples come back, all but the one of an
				// error (an Example Pairing cannot show one: the export's
				// loss), and the model with them passes `smithy validate`.
				if n := strings.Count(string(s1), "title: "); n != kitchenExamples {
					t.Errorf("the import has %d examples, want %d:\n%s", n, kitchenExamples, s1)
				}
				if evs := smithyvalidate.CheckExamples(load(t, s1)); len(evs) > 0 {
					t.Errorf("the imported examples do not validate: %v", evs)
				}
			}
			back, err := openrpc.Convert(load(t, s1), shapeid.MustParse(c.service), c.cfg)
			if err != nil {
				t.Fatalf("export of the import: %v\n%s", err, s1)
			}
			if string(back.JSON) != string(res.JSON) {
				t.Errorf("export(import(export(M))) differs from export(M):\n%s", firstDiff(string(res.JSON), string(back.JSON)))
			}
		})
	}
}

// kitchenExamples is the number of @examples of kitchen.smithy that
// show no error.
const kitchenExamples = 7

// namesModel uses a shape of otherModel that the service renames.
const namesModel = `$version: "2"
namespace test.names
use smithy.rpc#jsonRpc
use smithy.rpc#method
@jsonRpc(versions: ["2.0"])
service Names {
    version: "1"
    operations: [Get]
    rename: {"test.other#Thing": "OtherThing"}
}
@method(name: "get", params: "named", resultMember: "thing")
operation Get {
    input := {
        @required
        entry: Entry
    }
    output := {
        @required
        thing: test.other#Thing
    }
}
structure Entry {
    @required
    id: String
}
`

const otherModel = `$version: "2"
namespace test.other
structure Item {
    size: Integer
}
structure Thing {
    @required
    name: String

    item: Item
}
`

// loadFiles is load of several model files.
func loadFiles(t *testing.T, files ...[]byte) *model.Model {
	t.Helper()
	a := traitsAssembler(t)
	for i, f := range files {
		if err := a.AddSource(fmt.Sprintf("m%d.smithy", i), f); err != nil {
			t.Fatal(err)
		}
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		t.Fatalf("assemble: %v %v", err, res.Events)
	}
	return res.Model
}

// roundTripExceptions are the constructs that do not survive Smithy →
// OpenRPC → Smithy, each with the diagnostic that says so (README.md
// "Round trip"). TestRoundTripExceptions holds the list to the code: the
// model of each case differs from its round trip by exactly what the
// case names, and the import reports it.
var roundTripExceptions = []struct {
	name string
	// model is a service example#S using the construct (with otherModel
	// beside it); cfg the export's configuration.
	model string
	cfg   openrpc.Config
	// field is the method field of the export that the round trip loses;
	// renamed the components it names otherwise.
	field   string
	renamed map[string]string
	// code is the export's diagnostic about the construct ("" for
	// none); keyword the import's.
	code, keyword string
}{
	{name: "shapes that share a name", cfg: exportConfig, code: openrpc.CodeNameConflict,
		// The import writes one namespace: the two components keep the
		// export's names, as identifiers.
		renamed: map[string]string{"example.Item": "ExampleItem", "test.other.Item": "TestOtherItem"}, model: `$version: "2"
namespace example
use smithy.rpc#jsonRpc
use smithy.rpc#method
@jsonRpc(versions: ["2.0"])
service S { version: "1", operations: [Get] }
@method(name: "get", params: "named", resultMember: "thing")
operation Get {
    input := {
        @required
        item: Item
    }
    output := {
        @required
        thing: test.other#Thing
    }
}
structure Item {
    @required
    id: String
}
`},
	{name: "required members under AllowMissingRequired", cfg: openrpc.Config{MatchJSONNames: true, AllowMissingRequired: true}, code: openrpc.CodeLoss,
		// The document requires nothing; the import's members are all
		// optional, which an export under the same policy writes the
		// same but for the null an optional member may be.
		field: "-", model: `$version: "2"
namespace example
use smithy.rpc#jsonRpc
use smithy.rpc#method
@jsonRpc(versions: ["2.0"])
service S { version: "1", operations: [Put] }
@method(name: "put", params: "named")
operation Put {
    input := {
        @required
        item: Document
    }
}
`},
}

// TestRoundTripExceptions: each listed exception is lost by the round
// trip, and only it: the export of the import is the first export without
// the field (or with the components renamed), and the export (or the
// import) has a diagnostic about it.
func TestRoundTripExceptions(t *testing.T) {
	for _, c := range roundTripExceptions {
		t.Run(c.name, func(t *testing.T) {
			res1, err := openrpc.Convert(loadFiles(t, []byte(c.model), []byte(otherModel)), shapeid.MustParse("example#S"), c.cfg)
			if err != nil {
				t.Fatal(err)
			}
			d1 := res1.JSON
			res, err := OpenRPC(d1, Options{Namespace: "example", Service: "S"})
			if err != nil {
				t.Fatal(err)
			}
			said := false
			for _, d := range res1.Diagnostics {
				said = said || c.code != "" && d.Code == c.code
			}
			for _, d := range res.Diagnostics {
				said = said || c.keyword != "" && d.Keyword == c.keyword
			}
			if !said {
				t.Errorf("no diagnostic: export %v, import %v", res1.Diagnostics, res.Diagnostics)
			}
			back, err := openrpc.Convert(load(t, res.IDL), shapeid.MustParse("example#S"), c.cfg)
			if err != nil {
				t.Fatal(err)
			}
			d2 := back.JSON
			if string(d2) == string(d1) {
				t.Fatalf("the round trip is exact: not an exception")
			}
			switch {
			case c.field == "-":
				// Listed for what the document cannot say: the export of
				// the import is a fixpoint from there on.
				if d3 := export3(t, d2, c.cfg); string(d3) != string(d2) {
					t.Errorf("not a fixpoint after one trip:\n%s", firstDiff(string(d2), string(d3)))
				}
			case c.field != "":
				want := string(withoutField(t, d1, c.field)) + "\n"
				if string(d2) != want {
					t.Errorf("the round trip loses more than %s:\n%s", c.field, firstDiff(want, string(d2)))
				}
			default:
				want, got := renameComponents(t, d1, c.renamed), renameComponents(t, d2, nil)
				if want != got {
					t.Errorf("the round trip changes more than the components' names:\n%s", firstDiff(want, got))
				}
			}
		})
	}
}

// export3 is the export of the import of an export, under cfg.
func export3(t *testing.T, doc []byte, cfg openrpc.Config) []byte {
	t.Helper()
	res, err := OpenRPC(doc, Options{Namespace: "example", Service: "S"})
	if err != nil {
		t.Fatal(err)
	}
	out, err := openrpc.Convert(load(t, res.IDL), shapeid.MustParse("example#S"), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return out.JSON
}

// renameComponents renames components (keys and references) and sorts
// them by name, as an export orders them.
func renameComponents(t *testing.T, doc []byte, renamed map[string]string) string {
	t.Helper()
	n, err := node.Parse(doc)
	if err != nil {
		t.Fatal(err)
	}
	const prefix = "#/components/schemas/"
	var walk func(n node.Node, inSchemas bool) node.Node
	walk = func(n node.Node, inSchemas bool) node.Node {
		switch n.Kind() {
		case node.Object:
			var fs []node.Field
			for _, f := range n.Fields() {
				k := f.Key
				if r, ok := renamed[k]; ok && inSchemas {
					k = r
				}
				v := walk(f.Value, f.Key == "schemas")
				if f.Key == "$ref" && v.Kind() == node.String && strings.HasPrefix(v.StringValue(), prefix) {
					if r, ok := renamed[strings.TrimPrefix(v.StringValue(), prefix)]; ok {
						v = node.NewString(prefix + r)
					}
				}
				fs = append(fs, node.Field{Key: k, Value: v})
			}
			if inSchemas {
				sort.Slice(fs, func(i, j int) bool { return fs[i].Key < fs[j].Key })
			}
			return node.NewObject(fs...)
		case node.Array:
			var es []node.Node
			for _, e := range n.Elems() {
				es = append(es, walk(e, false))
			}
			return node.NewArray(es...)
		}
		return n
	}
	return string(node.Marshal(walk(n, false), node.Indent("  ")))
}

// TestExportHostile: a document that claims to be an export
// (x-smithy-service) but whose extensions do not fit its schemas is
// imported by the general mappings where they do not fit, to a model
// that loads: two descriptors of one property are not one input member
// twice, a title naming a component of another kind is no target, a
// map's propertyNames that is not a string is no key.
func TestExportHostile(t *testing.T) {
	const head = `{"openrpc":"1.3.2","info":{"title":"t","version":"1"},"x-smithy-service":"t#T","methods":[`
	cases := []struct {
		name, doc string
		want, not []string
	}{
		{"two descriptors of one property", head + `{"name":"m","paramStructure":"either","params":[{"name":"a","schema":{"type":"string"},"x-smithy-member":"t#I$a"},{"name":"a","schema":{"type":"string"},"x-smithy-member":"t#I$a"}],"result":{"name":"r","schema":{"type":"string"}},"x-smithy-operation":"t#M","x-smithy-input":"t#I"}],"components":{"schemas":{"I":{"type":"object","properties":{"a":{"type":"string"}}}}}}`,
			[]string{`positional: ["a", "a2"]`, `a second param named "a"; by name it is "a2"`}, []string{`positional: ["a", "a"]`, "input: I", `@jsonName("a")`}},
		{"a title naming a structure on a string", head + `{"name":"m","params":[{"name":"p","schema":{"title":"I","type":"string","minLength":1}}],"result":{"name":"r","schema":{"$ref":"#/components/schemas/I"}}}],"components":{"schemas":{"I":{"type":"object","properties":{"a":{"type":"string"}}}}}}`,
			[]string{"p: MP", "@length(min: 1)\nstring MP"}, []string{"p: I"}},
		{"an integer key", head + `{"name":"m","params":[],"result":{"name":"r","schema":{"type":"object","propertyNames":{"type":"integer","minimum":1},"additionalProperties":{"type":"string"}}}}]}`,
			[]string{"key: smithy.api#String"}, []string{"key: smithy.api#Integer", "key: smithy.api#BigInteger"}},
		{"uniqueItems on a member of a list that allows duplicates", head + `{"name":"m","params":[{"name":"p","schema":{"title":"L","type":"array","items":{"type":"string"},"uniqueItems":true,"minItems":1}}],"result":{"name":"r","schema":{"type":"string"}}}],"components":{"schemas":{"L":{"type":"array","items":{"type":"string"}}}}}`,
			[]string{"@length(min: 1)\n        p: L", "uniqueItems on a member whose list allows duplicates"}, []string{"@uniqueItems\n"}},
		{"uniqueItems on a member of a unique list", head + `{"name":"m","params":[{"name":"p","schema":{"title":"L","type":"array","items":{"type":"string"},"uniqueItems":true,"minItems":1}}],"result":{"name":"r","schema":{"type":"string"}}}],"components":{"schemas":{"L":{"type":"array","items":{"type":"string"},"uniqueItems":true}}}}`,
			[]string{"@length(min: 1)\n        p: L", "@uniqueItems\nlist L"}, []string{"@uniqueItems\n    p", "uniqueItems on a member"}},
		// Smithy checks @default against @pattern: a default its own
		// schema's pattern refuses is left out, with a diagnostic.
		{"a default its pattern refuses", head + `{"name":"m","params":[{"name":"p","schema":{"$ref":"#/components/schemas/I"}}],"result":{"name":"r","schema":{"type":"string"}}}],"components":{"schemas":{"I":{"type":"object","properties":{"a":{"type":"string","pattern":"^[a-z]+$","default":"ABC"},"b":{"type":"string","pattern":"^[a-z]+$","default":"abc"}}}}}}`,
			[]string{`@pattern("^[a-z]+\\z")` + "\n    @default(\"abc\")\n    b: smithy.api#String", "a default that breaks the schema's pattern is not kept"}, []string{`@default("ABC")`}},
		// alloy's selector takes @jsonUnknown only on a map of documents:
		// a typed map of the value schema would be a model `smithy
		// validate` rejects (TestTypedJSONUnknownMapRefused).
		{"typed additionalProperties beside properties", head + `{"name":"m","params":[{"name":"p","schema":{"$ref":"#/components/schemas/I"}}],"result":{"name":"r","schema":{"type":"string"}}}],"components":{"schemas":{"I":{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{"type":"integer"}}}}}`,
			[]string{"@jsonUnknown\n    additionalProperties: UnknownFields", "value: smithy.api#Document", "schema-valued additionalProperties beside properties are not expressible"}, []string{"IUnknown", "map<"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := OpenRPC([]byte(c.doc), Options{Namespace: "t"})
			if err != nil {
				t.Fatal(err)
			}
			load(t, res.IDL)
			requireValidImport(t, res.IDL)
			var said strings.Builder
			said.Write(res.IDL)
			for _, d := range res.Diagnostics {
				said.WriteString("\n" + d.Message)
			}
			for _, w := range c.want {
				if !strings.Contains(said.String(), w) {
					t.Errorf("the model does not say %q:\n%s", w, res.IDL)
				}
			}
			for _, n := range c.not {
				if strings.Contains(said.String(), n) {
					t.Errorf("the model or a diagnostic says %q:\n%s", n, said.String())
				}
			}
		})
	}
}
