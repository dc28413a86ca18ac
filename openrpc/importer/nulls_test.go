package importer

import (
	"maps"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

const nullsModel = `$version: "2"
namespace example
use alloy#nullable
use smithy.rpc#jsonRpc
use smithy.rpc#method
@jsonRpc(versions: ["2.0"])
service S { version: "1", operations: [Put] }
@method(name: "put", params: "named")
operation Put {
    input := {
        text: String
        item: Item
        any: Document
        @nullable
        maybe: String
        @required
        @nullable
        must: String
    }
}
structure Item {
    size: Integer
    @nullable
    note: String
}
`

// TestOptionalMemberNulls: an optional member's null (its absence under
// the default policy) and a @nullable member's (a value) have the same
// schema, anyOf [S, null]; the export marks the first "x-smithy-null":
// "absent", so the import gives back an optional member, not a @nullable
// one, and under RejectNullMembers import(export(M)) refuses the nulls M
// refuses. Without the extensions the import makes every optional member
// @nullable, and the export says so (a listed exception).
func TestOptionalMemberNulls(t *testing.T) {
	const svc = "example#S"
	requests := map[string]string{
		"null text":               `{"jsonrpc":"2.0","id":1,"method":"put","params":{"must":"m","text":null}}`,
		"null item":               `{"jsonrpc":"2.0","id":1,"method":"put","params":{"must":"m","item":null}}`,
		"null item size":          `{"jsonrpc":"2.0","id":1,"method":"put","params":{"must":"m","item":{"size":null}}}`,
		"null item note":          `{"jsonrpc":"2.0","id":1,"method":"put","params":{"must":"m","item":{"note":null}}}`,
		"null document":           `{"jsonrpc":"2.0","id":1,"method":"put","params":{"must":"m","any":null}}`,
		"null nullable":           `{"jsonrpc":"2.0","id":1,"method":"put","params":{"must":"m","maybe":null}}`,
		"null required, nullable": `{"jsonrpc":"2.0","id":1,"method":"put","params":{"must":null}}`,
	}
	prepare := func(t *testing.T, idl []byte, rejectNulls bool) *rpc.PreparedService {
		t.Helper()
		s, err := rpc.Prepare(load(t, idl), shapeid.MustParse(svc), rpc.Version(rpc.V2_0),
			rpc.PayloadOptions(sv.MatchJSONNames(true), sv.RejectNullMembers(rejectNulls)))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	t.Run("with the extensions", func(t *testing.T) {
		doc := export(t, []byte(nullsModel), svc)
		if n := strings.Count(string(doc), `"x-smithy-null": "absent"`); n != 7 {
			t.Errorf("%d optional members marked, want 7 (the params text, item and any, the same properties of the input structure, and Item's size)", n)
		}
		back := importExport(t, doc, svc)
		if got := strings.Count(string(back), "@nullable"); got != 3 {
			t.Errorf("%d @nullable members, want 3 (maybe, must, note):\n%s", got, back)
		}
		if again := export(t, back, svc); string(again) != string(doc) {
			t.Errorf("not a fixpoint:\n%s", firstDiff(string(doc), string(again)))
		}
		refused := 0
		for _, reject := range []bool{false, true} {
			orig, imp := prepare(t, []byte(nullsModel), reject), prepare(t, back, reject)
			for name, req := range requests {
				a, b := verdict(orig.ValidateMessage([]byte(req))), verdict(imp.ValidateMessage([]byte(req)))
				if !reflect.DeepEqual(a, b) {
					t.Errorf("RejectNullMembers %v, %s: M %v, import(export(M)) %v", reject, name, a, b)
				}
				if reject && len(a) > 0 {
					refused++
				}
			}
		}
		if refused != 4 {
			t.Errorf("RejectNullMembers refused %d of the requests, want 4 (text, item, size, any)", refused)
		}
	})
	t.Run("without the extensions", func(t *testing.T) {
		res, err := openrpc.Convert(load(t, []byte(nullsModel)), shapeid.MustParse(svc), openrpc.Config{MatchJSONNames: true, Extensions: openrpc.ExtensionsOmit})
		if err != nil {
			t.Fatal(err)
		}
		said := false
		for _, d := range res.Diagnostics {
			said = said || d.Code == openrpc.CodeLoss && strings.Contains(d.Message, "an import makes every optional member @nullable")
		}
		if !said {
			t.Errorf("no loss about optional members' nulls: %v", res.Diagnostics)
		}
		back, err := OpenRPC(res.JSON, Options{Namespace: "example", Service: "S"})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(string(back.IDL), "@nullable"); got <= 3 {
			t.Errorf("%d @nullable members: the document without the mark should read every optional member as @nullable", got)
		}
	})
}

// TestNullExtensionValueChecked: x-smithy-null other than "absent" is a
// diagnostic, and the null branch is a @nullable member's.
func TestNullExtensionValueChecked(t *testing.T) {
	const doc = `{"openrpc":"1.3.2","info":{"title":"t","version":"1"},"x-smithy-service":"t#T","methods":[
{"name":"m","params":[{"name":"p","schema":{"anyOf":[{"type":"string"},{"type":"null"}],"x-smithy-null":"maybe"}}],"result":{"name":"r","schema":{"type":"string"}}}]}`
	res, err := OpenRPC([]byte(doc), Options{Namespace: "t"})
	if err != nil {
		t.Fatal(err)
	}
	said := false
	for _, d := range res.Diagnostics {
		said = said || d.Keyword == "x-smithy-null" && d.Pointer == "/methods/0/params/0/schema/x-smithy-null"
	}
	if !said {
		t.Errorf("no diagnostic for the bad x-smithy-null: %v", res.Diagnostics)
	}
	if !strings.Contains(string(res.IDL), "@nullable\n        p: smithy.api#String") {
		t.Errorf("the param is not @nullable:\n%s", res.IDL)
	}
}

// TestRequiredAnyTakesNull: a schema that accepts any value ({}, true, or
// only annotations) accepts null, so a required property, a required param
// and the result of such a schema must take null (JSON Schema's required
// asks for the key, not a value other than null). The engine refuses null
// for a required member that is not @nullable, so the import makes them
// @nullable. So are optional ones: by default an optional member's null is
// its absence, but under RejectNullMembers (--nulls reject) only @nullable
// takes it, and the schema accepts null there too. The export's {"not":
// {"type": "null"}} still gives a document that refuses null, in both modes.
func TestRequiredAnyTakesNull(t *testing.T) {
	const doc = `{"openrpc":"1.3.2","info":{"title":"t","version":"1"},"methods":[
{"name":"put","paramStructure":"by-name","params":[
 {"name":"any","required":true,"schema":{}},
 {"name":"yes","required":true,"schema":true},
 {"name":"titled","required":true,"schema":{"title":"anything"}},
 {"name":"notNull","required":true,"schema":{"not":{"type":"null"}}},
 {"name":"opt","schema":{}},
 {"name":"optNotNull","schema":{"not":{"type":"null"}}},
 {"name":"obj","required":true,"schema":{"type":"object","required":["x"],"properties":{"x":{},"y":{}}}}],
 "result":{"name":"r","schema":{}}}]}`
	res, err := OpenRPC([]byte(doc), Options{Namespace: "t", Service: "T"})
	if err != nil {
		t.Fatal(err)
	}
	model := load(t, res.IDL)
	// call writes the params with the fields of set changed (a value
	// "-" leaves the field out).
	keys := []string{"any", "yes", "titled", "notNull", "opt", "optNotNull", "obj"}
	call := func(set map[string]string) string {
		vals := map[string]string{"any": "1", "yes": "1", "titled": "1", "notNull": "1", "opt": "-", "optNotNull": "-", "obj": `{"x":1}`}
		maps.Copy(vals, set)
		var fields []string
		for _, k := range keys {
			if vals[k] != "-" {
				fields = append(fields, strconv.Quote(k)+":"+vals[k])
			}
		}
		return `{"jsonrpc":"2.0","id":1,"method":"put","params":{` + strings.Join(fields, ",") + `}}`
	}
	for _, nulls := range []struct {
		name   string
		reject bool
	}{{"nulls absent", false}, {"nulls reject", true}} {
		svc, err := rpc.Prepare(model, shapeid.MustParse("t#T"), rpc.Version(rpc.V2_0),
			rpc.PayloadOptions(sv.MatchJSONNames(true), sv.RejectNullMembers(nulls.reject)))
		if err != nil {
			t.Fatal(err)
		}
		t.Run(nulls.name, func(t *testing.T) { checkAnyTakesNull(t, svc, call, res.IDL, nulls.reject) })
	}
}

// checkAnyTakesNull is TestRequiredAnyTakesNull's table, run with the
// service prepared in one null mode: call writes the params with some
// fields changed, reject says whether an optional member's null is refused
// unless @nullable.
func checkAnyTakesNull(t *testing.T, svc *rpc.PreparedService, call func(map[string]string) string, idl []byte, reject bool) {
	for _, tc := range []struct {
		name  string
		set   map[string]string
		valid bool
	}{
		{"values", nil, true},
		{"null {} param", map[string]string{"any": "null"}, true},
		{"null true param", map[string]string{"yes": "null"}, true},
		{"null annotated param", map[string]string{"titled": "null"}, true},
		{"null optional param", map[string]string{"opt": "null"}, true},
		{"null {} property", map[string]string{"obj": `{"x":null}`}, true},
		{"null optional {} property", map[string]string{"obj": `{"x":1,"y":null}`}, true},
		{"null optional not-null param", map[string]string{"optNotNull": "null"}, !reject},
		{"null not-null param", map[string]string{"notNull": "null"}, false},
		{"{} param missing", map[string]string{"any": "-"}, false},
		{"{} property missing", map[string]string{"obj": "{}"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg := call(tc.set)
			got := verdict(svc.ValidateMessage([]byte(msg)))
			if (len(got) == 0) != tc.valid {
				t.Errorf("%s: findings %v, want valid %v\n%s", msg, got, tc.valid, idl)
			}
		})
	}
	if r := svc.ValidatePair([]byte(call(nil)), []byte(`{"jsonrpc":"2.0","id":1,"result":null}`)); len(r.Findings) > 0 {
		t.Errorf("a null result of the schema {} is refused: %v\n%s", verdict(r), idl)
	}
}
