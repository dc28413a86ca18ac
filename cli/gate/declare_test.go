package gate

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/mend"
)

// The one tool input, declared three ways.
const (
	searchCompact = `{!query:string,!limit:integer,exact:boolean}`
	searchSchema  = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "properties": {
    "query": {"type": "string"},
    "limit": {"type": "integer"},
    "exact": {"type": "boolean"}
  },
  "required": ["query", "limit"]
}`
	searchSmithy = `$version: "2"
namespace example.search

structure SearchInput {
    @required
    query: String
    @required
    limit: BigInteger
    exact: Boolean
}
`
)

func loadModel(t testing.TB, src string) *model.Model {
	t.Helper()
	a := assembly.New()
	if err := a.AddSource("test.smithy", []byte(src)); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		t.Fatalf("assemble: %v %v", err, res.Events)
	}
	return res.Model
}

func threeDeclarations(t *testing.T) map[string]mend.Declaration {
	t.Helper()
	specs := map[string]Spec{
		"compact":     {Schema: searchCompact},
		"json-schema": {SchemaJSON: []byte(searchSchema)},
		"smithy":      {Shape: "example.search#SearchInput", Model: loadModel(t, searchSmithy)},
	}
	out := map[string]mend.Declaration{}
	for name, s := range specs {
		d, err := s.Resolve()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = d
	}
	return out
}

// verdictOnly is the verdict without the checker's findings, whose codes
// and messages are each checker's own.
func verdictOnly(v mend.SchemaVerdict) mend.SchemaVerdict {
	v.Findings = nil
	return v
}

// TestSameVerdictThreeWays: the tool input declared as the compact form,
// as a JSON Schema and as a Smithy structure gives the same verdict
// (total, satisfied, missing, mismatched, ok) on each documented value
// (docs/mend.md lists them), and each member check agrees.
func TestSameVerdictThreeWays(t *testing.T) {
	decls := threeDeclarations(t)
	for _, tc := range []struct {
		name, value string
		want        mend.SchemaVerdict
	}{
		{"both required", `{"query":"smithy","limit":10}`, mend.SchemaVerdict{Total: 2, Satisfied: 2, Missing: []string{}, Mismatched: []string{}, OK: true}},
		{"all three", `{"query":"smithy","limit":10,"exact":true}`, mend.SchemaVerdict{Total: 2, Satisfied: 2, Missing: []string{}, Mismatched: []string{}, OK: true}},
		{"unknown member allowed", `{"query":"smithy","limit":10,"page":2}`, mend.SchemaVerdict{Total: 2, Satisfied: 2, Missing: []string{}, Mismatched: []string{}, OK: true}},
		{"limit missing", `{"query":"smithy"}`, mend.SchemaVerdict{Total: 2, Satisfied: 1, Missing: []string{"limit"}, Mismatched: []string{}}},
		{"empty object", `{}`, mend.SchemaVerdict{Total: 2, Missing: []string{"query", "limit"}, Mismatched: []string{}}},
		{"query a number", `{"query":1,"limit":10}`, mend.SchemaVerdict{Total: 2, Satisfied: 1, Missing: []string{}, Mismatched: []string{"query"}}},
		{"limit a string", `{"query":"s","limit":"10"}`, mend.SchemaVerdict{Total: 2, Satisfied: 1, Missing: []string{}, Mismatched: []string{"limit"}}},
		{"limit a fraction", `{"query":"s","limit":10.5}`, mend.SchemaVerdict{Total: 2, Satisfied: 1, Missing: []string{}, Mismatched: []string{"limit"}}},
		{"limit a huge integer", `{"query":"s","limit":123456789012345678901234567890}`, mend.SchemaVerdict{Total: 2, Satisfied: 2, Missing: []string{}, Mismatched: []string{}, OK: true}},
		{"optional member wrong", `{"query":"s","limit":1,"exact":"yes"}`, mend.SchemaVerdict{Total: 2, Satisfied: 2, Missing: []string{}, Mismatched: []string{"exact"}}},
		{"query null", `{"query":null,"limit":1}`, mend.SchemaVerdict{Total: 2, Satisfied: 1, Missing: []string{}, Mismatched: []string{"query"}}},
		{"key twice", `{"query":"a","query":"b","limit":1}`, mend.SchemaVerdict{Total: 2, Satisfied: 1, Missing: []string{}, Mismatched: []string{"query"}}},
		{"an array", `[1,2]`, mend.SchemaVerdict{Total: 2, Missing: []string{"query", "limit"}, Mismatched: []string{}}},
		{"a string", `"smithy"`, mend.SchemaVerdict{Total: 2, Missing: []string{"query", "limit"}, Mismatched: []string{}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, name := range []string{"compact", "json-schema", "smithy"} {
				v, err := decls[name].Check([]byte(tc.value))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if got := verdictOnly(v); !reflect.DeepEqual(got, tc.want) {
					t.Errorf("%s on %s:\n got %+v\nwant %+v\nfindings %+v", name, tc.value, got, tc.want, v.Findings)
				}
				if !tc.want.OK && len(v.Findings) == 0 && len(v.Missing) == 0 {
					t.Errorf("%s: not ok, yet no finding says why", name)
				}
			}
		})
	}
}

// TestThreeWaysDiffer pins where JSON Schema and Smithy disagree by
// design, so the difference stays documented (docs/mend.md): JSON
// Schema's integer is any number with a zero fraction, 10.0 and 1e2
// included; Smithy's BigInteger (the compact form's integer) is written
// without fraction or exponent. And null for an optional member is the
// member left out in Smithy (the value engine's default nulls policy) but
// a wrong type in JSON Schema.
func TestThreeWaysDiffer(t *testing.T) {
	decls := threeDeclarations(t)
	for name, d := range decls {
		got, err := d.CheckMember("exact", []byte("null"))
		if err != nil {
			t.Fatal(err)
		}
		if want := name != "json-schema"; got != want {
			t.Errorf("%s: exact = null: %v, want %v", name, got, want)
		}
	}
	for _, value := range []string{`{"query":"s","limit":10.0}`, `{"query":"s","limit":1e2}`} {
		for name, wantOK := range map[string]bool{"compact": false, "smithy": false, "json-schema": true} {
			v, err := decls[name].Check([]byte(value))
			if err != nil {
				t.Fatal(err)
			}
			if v.OK != wantOK {
				t.Errorf("%s on %s: ok %v, want %v (%+v)", name, value, v.OK, wantOK, v.Findings)
			}
		}
	}
}

// TestSameMemberChecks: readiness judges settled members one by one; the
// three declarations agree on each.
func TestSameMemberChecks(t *testing.T) {
	decls := threeDeclarations(t)
	for _, tc := range []struct {
		member, value string
		want          bool
	}{
		{"query", `"smithy"`, true},
		{"query", `1`, false},
		{"limit", `10`, true},
		{"limit", `"10"`, false},
		{"exact", `false`, true},
		{"exact", `"yes"`, false},
		{"nope", `1`, false},
	} {
		for name, d := range decls {
			got, err := d.CheckMember(tc.member, []byte(tc.value))
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("%s: member %s = %s: %v, want %v", name, tc.member, tc.value, got, tc.want)
			}
		}
	}
}

func TestJSONSchemaFindings(t *testing.T) {
	d, err := NewJSONSchemaDeclaration([]byte(searchSchema))
	if err != nil {
		t.Fatal(err)
	}
	v, err := d.Check([]byte("{\"query\": 1,\n \"limit\": \"x\"}"))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(v.Findings)
	want := `[{"severity":"error","code":"type","path":"/query","schema":"#/properties/query/type","line":1,"column":11,"offset":10,"message":"expected a string, found an integer"},` +
		`{"severity":"error","code":"type","path":"/limit","schema":"#/properties/limit/type","line":2,"column":11,"offset":23,"message":"expected an integer, found a string"}]`
	if string(got) != want {
		t.Errorf("findings\n got %s\nwant %s", got, want)
	}
	if d.String() != strings.Join(strings.Fields(searchSchema), "") {
		t.Errorf("canonical text %s", d.String())
	}
}

func TestResolveErrors(t *testing.T) {
	m := loadModel(t, searchSmithy)
	for _, tc := range []struct {
		name     string
		spec     Spec
		code     string
		exit     int
		contains string
	}{
		{"two at once", Spec{Schema: searchCompact, SchemaJSON: []byte(searchSchema)}, "E050", 2, "give one declaration"},
		{"compact malformed", Spec{Schema: "{!query:strin}"}, "E050", 2, "schema: "},
		{"schema not JSON", Spec{SchemaJSON: []byte("{\"type\": }")}, "E050", 2, "not a JSON document"},
		{"schema a number", Spec{SchemaJSON: []byte("12")}, "E050", 2, "not a number"},
		{"schema bad keyword", Spec{SchemaJSON: []byte(`{"type":"strin"}`)}, "E050", 2, "schema_json"},
		{"remote ref", Spec{SchemaJSON: []byte(`{"$ref":"https://example.com/s.json"}`)}, "E050", 2, "loads none"},
		{"file ref", Spec{SchemaJSON: []byte(`{"$ref":"file:///etc/passwd"}`)}, "E050", 2, "loads none"},
		{"relative ref", Spec{SchemaJSON: []byte(`{"$ref":"other.json"}`)}, "E050", 2, "loads none"},
		{"schema too big", Spec{SchemaJSON: make([]byte, MaxSchemaSize+1)}, "E050", 2, "over the limit"},
		{"shape without model", Spec{Shape: "example.search#SearchInput"}, "E050", 2, "needs the model"},
		{"shape not an ID", Spec{Shape: "SearchInput", Model: m}, "E050", 2, "shape"},
		{"shape not in model", Spec{Shape: "example.search#Nope", Model: m}, "E030", 3, "not in the model"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := tc.spec.Resolve()
			me, ok := AsError(err)
			if !ok {
				t.Fatalf("got %v, %v; want an *mend.Error", d, err)
			}
			if me.Code != tc.code || me.Exit != tc.exit || !strings.Contains(me.Message, tc.contains) {
				t.Errorf("got %s exit %d %q; want %s exit %d containing %q", me.Code, me.Exit, me.Message, tc.code, tc.exit, tc.contains)
			}
		})
	}
	if d, err := (Spec{}).Resolve(); d != nil || err != nil {
		t.Errorf("no declaration: %v %v", d, err)
	}
}

func TestJSONSchemaRefRoot(t *testing.T) {
	d, err := NewJSONSchemaDeclaration([]byte(`{"$ref":"#/$defs/In","$defs":{"In":{"type":"object","properties":{"a":{"type":"string"}},"required":["a","b"]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Members(); !reflect.DeepEqual(got, []mend.Member{{Name: "a", Required: true}, {Name: "b", Required: true}}) {
		t.Errorf("members %+v", got)
	}
	for _, tc := range []struct {
		member, value string
		want          bool
	}{{"a", `"x"`, true}, {"a", `1`, false}, {"b", `1`, true}} {
		if got, err := d.CheckMember(tc.member, []byte(tc.value)); err != nil || got != tc.want {
			t.Errorf("%s=%s: %v %v", tc.member, tc.value, got, err)
		}
	}
	v, _ := d.Check([]byte(`{"a":"x"}`))
	if v.OK || !reflect.DeepEqual(v.Missing, []string{"b"}) {
		t.Errorf("verdict %+v", v)
	}
}
