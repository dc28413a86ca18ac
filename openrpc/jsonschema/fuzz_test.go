package jsonschema

import (
	"reflect"
	"testing"
)

// FuzzValidate: any schema text and value either fail to compile with an
// error or validate without panicking, twice to the same findings, every
// finding with a keyword and a message.
func FuzzValidate(f *testing.F) {
	for _, s := range [][2]string{
		{`{"type":"object","properties":{"a":{"type":"string","maxLength":2}},"required":["a"]}`, `{"a":"abc"}`},
		{`{"$defs":{"t":{"$dynamicAnchor":"t","items":{"$dynamicRef":"#t"}}},"$ref":"#/$defs/t"}`, `[[1],[[2]]]`},
		{`{"$recursiveAnchor":true,"anyOf":[{"type":"integer"},{"items":{"$recursiveRef":"#"}}]}`, `[1,[2,"x"]]`},
		{`{"allOf":[{"$ref":"#"}]}`, `1`},
		{`{"multipleOf":1e-400,"maximum":1e99999}`, `1e100001`},
		{`{"uniqueItems":true,"contains":{"const":1},"maxContains":1}`, `[1,1.0,{"a":[1]},{"a":[1.0]}]`},
		{`{"$schema":"http://json-schema.org/draft-04/schema#","id":"http://e.com/","definitions":{"a":{"id":"#x"}},"$ref":"#x"}`, `{}`},
		{`{"unevaluatedProperties":false,"if":{"properties":{"a":{}}},"then":{"properties":{"b":{}}}}`, `{"a":1,"b":2,"c":3}`},
		{`{"format":"date-time","$schema":"http://json-schema.org/draft-07/schema#"}`, `"2024-01-01T00:00:60+23:59"`},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, schema, value string) {
		sv, err := Decode([]byte(schema))
		if err != nil {
			return
		}
		s, err := Compile(sv, Draft2020)
		if err != nil {
			return
		}
		v, err := Decode([]byte(value))
		if err != nil {
			return
		}
		fs, err := s.Validate(v)
		if err != nil {
			return
		}
		again, _ := s.Validate(v)
		if !reflect.DeepEqual(fs, again) {
			t.Fatalf("two validations differ:\n%v\n%v", fs, again)
		}
		for _, f := range fs {
			if f.Keyword == "" || f.Message == "" {
				t.Fatalf("finding without keyword or message: %+v", f)
			}
		}
	})
}
