package gate

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/smithy-validation/go/core/node"
)

// FuzzJSONSchemaDeclaration: any document and value. A document is a
// declaration or an *mend.Error (E050), never a panic or a hang; a JSON
// value is judged with a verdict that agrees with itself (ok means no
// error finding and nothing missing) and comes out the same twice (the
// validator walks maps; the findings are sorted); a member check never
// panics.
func FuzzJSONSchemaDeclaration(f *testing.F) {
	for _, s := range [][2]string{
		{searchSchema, `{"query":"a","limit":1}`},
		{`{"$ref":"#"}`, `1`},
		{`{"properties":{"a":{"$ref":"#"}},"required":["a","b"]}`, `{"a":{"a":1},"a":2}`},
		{`false`, `null`},
		{`{"type":"array","items":{"minimum":1},"uniqueItems":true}`, `[0,1e400,1,1.0]`},
		{`{"pattern":"(a+)+$","maxLength":3}`, `"aaaaaaaaaaaaaaaaaaaaaaaa!"`},
		{`{"$defs":{"x":{"type":"string"}},"$ref":"#/$defs/x"}`, `"s"`},
		{`{"anyOf":[{"type":"string"},{"properties":{"k":{"const":1}}}],"not":{"required":["z"]}}`, `{"k":2,"z":[]}`},
		{`{"$schema":"http://json-schema.org/draft-04/schema#","properties":{"n":{"maximum":1,"exclusiveMaximum":true}}}`, `{"n":1}`},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, schema, value string) {
		d, err := NewJSONSchemaDeclaration([]byte(schema))
		if err != nil {
			if me, ok := AsError(err); !ok || me.Code != CodeUsage || me.Exit != 2 {
				t.Fatalf("a bad schema gave %v, want an E050 *mend.Error", err)
			}
			return
		}
		if !json.Valid([]byte(value)) {
			return
		}
		v, err := d.Check([]byte(value))
		if err != nil {
			if _, perr := node.Parse([]byte(value), node.DuplicateKeys(node.KeepDuplicates)); perr == nil {
				t.Fatalf("Check failed on a value the reader takes: %v", err)
			}
			return
		}
		errs := 0
		for _, f := range v.Findings {
			if f.Severity == "error" {
				errs++
			}
		}
		if v.OK != (errs == 0 && len(v.Missing) == 0) {
			t.Fatalf("ok %v with %d error findings and missing %v", v.OK, errs, v.Missing)
		}
		if again, _ := d.Check([]byte(value)); !reflect.DeepEqual(again, v) {
			t.Fatalf("two checks differ:\n%+v\n%+v", v, again)
		}
		for _, m := range d.Members() {
			if _, err := d.CheckMember(m.Name, []byte(value)); err != nil {
				t.Fatalf("member %s: %v", m.Name, err)
			}
		}
	})
}
