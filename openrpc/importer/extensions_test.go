package importer

import (
	"os"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/node"
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
// kind, every @jsonRpc and @method member) is a byte fixpoint:
// export(import(export(M))) == export(M).
func TestConstructsRoundTrip(t *testing.T) {
	idl, err := os.ReadFile("testdata/roundtrip/kitchen.smithy")
	if err != nil {
		t.Fatal(err)
	}
	const svc = "test.kitchen#Kitchen"
	d1 := export(t, idl, svc)
	if d2 := export(t, importExport(t, d1, svc), svc); string(d2) != string(d1) {
		t.Errorf("export(import(export(M))) differs from export(M):\n%s", firstDiff(string(d1), string(d2)))
	}
}
