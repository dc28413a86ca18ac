package jsonschema

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func mustDecode(t *testing.T, s string) any {
	t.Helper()
	v, err := Decode([]byte(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

// leaves renders findings as "instance location keyword location" lines.
func leaves(fs []Finding) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.InstanceLocation+" "+f.KeywordLocation)
	}
	return strings.Join(out, "\n")
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		draft  Draft
		schema string
		value  string
		want   string // leaves, "" when valid
	}{
		{"type", Draft2020, `{"type":"integer"}`, `1.0`, ``},
		{"type fails", Draft2020, `{"type":"integer","minimum":5}`, `1.5`, ` /type`},
		{"exact numbers", Draft2020, `{"multipleOf":0.1}`, `0.3`, ``},
		{"exact maximum", Draft2020, `{"maximum":12345678901234567890}`, `12345678901234567891`, ` /maximum`},
		{"draft-04 exclusive", Draft4, `{"minimum":1,"exclusiveMinimum":true}`, `1`, ` /exclusiveMinimum`},
		{"code points", Draft2020, `{"maxLength":2}`, `"é€"`, ``},
		{"pattern", Draft2020, `{"pattern":"^a+$"}`, `"ab"`, ` /pattern`},
		{"enum json equality", Draft2020, `{"enum":[{"a":[1,2]}]}`, `{"a":[1.0,2]}`, ``},
		{"uniqueItems", Draft2020, `{"uniqueItems":true}`, `[1,{"a":1},{"a":1.0}]`, ` /uniqueItems`},
		{"required and properties", Draft7, `{"required":["a","b"],"properties":{"a/b":{"type":"string"}}}`, `{"a":1,"a/b":2}`, " /required\n/a~1b /properties/a~1b/type"},
		{"additionalProperties false", Draft7, `{"properties":{"a":{}},"patternProperties":{"^x":{}},"additionalProperties":false}`, `{"a":1,"x1":2,"y":3}`, ` /additionalProperties`},
		{"additionalProperties schema", Draft7, `{"properties":{"a":{}},"additionalProperties":{"type":"string"}}`, `{"a":1,"y":3}`, `/y /additionalProperties/type`},
		{"draft-07 ref ignores siblings", Draft7, `{"definitions":{"s":{"type":"string"}},"$ref":"#/definitions/s","maxLength":1}`, `"abc"`, ``},
		{"2019 ref with siblings", Draft2019, `{"$defs":{"s":{"type":"string"}},"$ref":"#/$defs/s","maxLength":1}`, `"abc"`, ` /maxLength`},
		{"ref through escapes", Draft2020, `{"$defs":{"a/b~c":{"type":"string"}},"$ref":"#/$defs/a~1b~0c"}`, `1`, ` /$ref/type`},
		{"anchor", Draft2020, `{"$defs":{"x":{"$anchor":"here","type":"null"}},"$ref":"#here"}`, `1`, ` /$ref/type`},
		{"embedded $id", Draft2020, `{"$defs":{"x":{"$id":"http://e.com/x","type":"null"}},"$ref":"http://e.com/x"}`, `1`, ` /$ref/type`},
		{"items 2019", Draft2019, `{"items":[{"type":"string"}],"additionalItems":false}`, `["a",1]`, ` /additionalItems`},
		{"prefixItems", Draft2020, `{"prefixItems":[{"type":"string"}],"items":{"type":"integer"}}`, `[1,"a"]`, "/0 /prefixItems/0/type\n/1 /items/type"},
		{"contains", Draft2020, `{"contains":{"type":"string"}}`, `[1,2]`, "/0 /contains/type\n/1 /contains/type"},
		{"contains empty", Draft2020, `{"contains":{"type":"string"}}`, `[]`, ` /minContains`},
		{"maxContains", Draft2020, `{"contains":{"type":"string"},"maxContains":1}`, `["a","b"]`, ` /maxContains`},
		{"dependencies", Draft7, `{"dependencies":{"a":["b"],"c":{"required":["d"]}}}`, `{"a":1,"c":2}`, " /dependencies/a/0\n /dependencies/c/required"},
		{"dependentRequired", Draft2020, `{"dependentRequired":{"a":["b"]}}`, `{"a":1}`, ` /dependentRequired/a/0`},
		{"anyOf", Draft2020, `{"anyOf":[{"type":"string"},{"minimum":3}]}`, `1`, " /anyOf/0/type\n /anyOf/1/minimum"},
		{"oneOf two", Draft2020, `{"oneOf":[{"type":"integer"},{"minimum":0}]}`, `1`, ` /oneOf`},
		{"not", Draft2020, `{"not":{"type":"integer"}}`, `1`, ` /not`},
		{"if then", Draft2020, `{"if":{"type":"integer"},"then":{"minimum":3},"else":{"type":"string"}}`, `1`, ` /then/minimum`},
		{"if else", Draft2020, `{"if":{"type":"integer"},"then":{"minimum":3},"else":{"type":"string"}}`, `null`, ` /else/type`},
		{"unevaluatedProperties", Draft2020, `{"allOf":[{"properties":{"a":{}}}],"unevaluatedProperties":false}`, `{"a":1,"b":2}`, `/b /unevaluatedProperties`},
		{"unevaluated through failing branch", Draft2020, `{"anyOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"b":{}}}],"unevaluatedProperties":false}`, `{"a":1,"b":2}`, `/a /unevaluatedProperties`},
		{"unevaluatedItems", Draft2020, `{"prefixItems":[{}],"unevaluatedItems":false}`, `[1,2]`, `/1 /unevaluatedItems`},
		{"false schema", Draft2020, `{"properties":{"a":false}}`, `{"a":1}`, `/a /properties/a`},
		{"format asserted in draft-07", Draft7, `{"format":"ipv4"}`, `"1.2.3"`, ` /format`},
		{"format annotates in 2020-12", Draft2020, `{"format":"ipv4"}`, `"1.2.3"`, ``},
		{"unknown format", Draft7, `{"format":"color"}`, `"x"`, ``},
		{"propertyNames", Draft7, `{"propertyNames":{"maxLength":1}}`, `{"ab":1}`, `/ab /propertyNames/maxLength`},
		{"recursiveRef", Draft2019, `{"$id":"http://e.com/tree","$recursiveAnchor":true,"type":"object","properties":{"kids":{"type":"array","items":{"$recursiveRef":"#"}}}}`, `{"kids":[{"kids":[1]}]}`, `/kids/0/kids/0 /properties/kids/items/$recursiveRef/properties/kids/items/$recursiveRef/type`},
		{"dynamicRef", Draft2020, `{"$id":"http://e.com/root","$ref":"list","$defs":{"item":{"$dynamicAnchor":"item","type":"string"},"list":{"$id":"list","type":"array","items":{"$dynamicRef":"#item"},"$defs":{"item":{"$dynamicAnchor":"item"}}}}}`, `[1]`, `/0 /$ref/items/$dynamicRef/type`},
		{"$schema picks the draft", Draft2020, `{"$schema":"http://json-schema.org/draft-07/schema#","format":"ipv4"}`, `"x"`, ` /format`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Compile(mustDecode(t, tc.schema), tc.draft)
			if err != nil {
				t.Fatalf("compile %s: %v", tc.schema, err)
			}
			fs, err := s.Validate(mustDecode(t, tc.value))
			if err != nil {
				t.Fatal(err)
			}
			if got := leaves(fs); got != tc.want {
				t.Errorf("%s against %s:\n got %q\nwant %q", tc.value, tc.schema, got, tc.want)
			}
			for _, f := range fs {
				if f.Message == "" || f.Keyword == "" || !strings.HasPrefix(f.AbsoluteKeywordLocation, "urn:jsonschema:document#") {
					t.Errorf("finding %+v: no message, keyword or absolute location", f)
				}
			}
		})
	}
}

func TestCompileErrors(t *testing.T) {
	tests := []struct {
		name, schema, ptr, msg string
	}{
		{"not a schema", `[1]`, "", "a schema is an object or a boolean"},
		{"minLength type", `{"properties":{"a":{"minLength":"1"}}}`, "/properties/a/minLength", "non-negative integer"},
		{"bad pattern", `{"pattern":"("}`, "/pattern", "not a regular expression"},
		{"bad type", `{"type":"strin"}`, "/type", "names no JSON type"},
		{"unresolved", `{"$ref":"#/$defs/none"}`, "", "names nothing"},
		{"other document", `{"$ref":"http://e.com/x.json"}`, "", "another document"},
		{"unknown $schema", `{"$schema":"http://e.com/s"}`, "/$schema", "unknown $schema"},
		{"ref cycle", `{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"allOf":[{"$ref":"#/$defs/a"}]}},"$ref":"#/$defs/a"}`, "", "cycle"},
		{"checked in $defs", `{"$defs":{"a":{"maxItems":-1}}}`, "/$defs/a/maxItems", "non-negative"},
		{"checked beside draft-07 $ref", `{"$schema":"http://json-schema.org/draft-07/schema#","$ref":"#/definitions/a","definitions":{"a":{}},"enum":[]}`, "/enum", "at least one"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile(mustDecode(t, tc.schema), Draft2020)
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("%s: error %v, want one with %q", tc.schema, err, tc.msg)
			}
			var se *SchemaError
			if errors.As(err, &se) && tc.ptr != "" && se.Pointer != tc.ptr {
				t.Errorf("pointer %q, want %q", se.Pointer, tc.ptr)
			}
		})
	}
}

// A dynamic reference that comes back to the same schema at the same
// value is an error, not a stack overflow.
func TestBounded(t *testing.T) {
	deep := strings.Repeat(`{"items":`, MaxDepth+5) + `{}` + strings.Repeat(`}`, MaxDepth+5)
	if _, err := Compile(mustDecode(t, deep), Draft2020); err == nil {
		t.Error("a schema nested past MaxDepth compiles")
	}
	s, err := Compile(mustDecode(t, `{"items":{"$ref":"#"}}`), Draft2020)
	if err != nil {
		t.Fatal(err)
	}
	v := any([]any{})
	for i := 0; i < 1000; i++ {
		v = []any{v}
	}
	if fs, err := s.Validate(v); err != nil || len(fs) > 0 {
		t.Errorf("a value 1,000 levels deep (the readers' bound): %v, %v", fs, err)
	}
	for i := 0; i < MaxValidationDepth/2; i++ {
		v = []any{v}
	}
	if _, err := s.Validate(v); !errors.Is(err, ErrLoop) {
		t.Errorf("a value nested past MaxValidationDepth: %v, want ErrLoop", err)
	}
	huge := mustDecode(t, `1e999999999`)
	s, _ = Compile(mustDecode(t, `{"minimum":0,"multipleOf":2}`), Draft2020)
	fs, err := s.Validate(huge)
	if err != nil || len(fs) != 2 {
		t.Errorf("a number past the exponent bound: %v, %v", fs, err)
	}
}

func TestFormats(t *testing.T) {
	tests := []struct {
		format string
		ok     []string
		bad    []string
	}{
		{"date-time", []string{"2024-01-02T03:04:05Z", "2024-01-02t23:59:60.5+00:00"}, []string{"2024-01-02 03:04:05Z", "2024-13-02T03:04:05Z", "2024-01-02T03:04:60Z"}},
		{"date", []string{"2024-02-29"}, []string{"2023-02-29", "2024-1-2"}},
		{"time", []string{"23:59:60Z", "08:30:06.283185+01:00"}, []string{"24:00:00Z", "08:30:06", "08:30:06.Z"}},
		{"duration", []string{"P1D", "PT1H30M", "P2W", "P1Y2M3DT4H5M6S"}, []string{"P", "PT", "P1W1D", "P1H", "1D"}},
		{"hostname", []string{"example.com", "a-b.c."}, []string{"-a.com", "a-.com", "a..b", strings.Repeat("a", 64) + ".com"}},
		{"email", []string{"joe@example.com", "a@[127.0.0.1]", "a@[IPv6:::1]"}, []string{"joe", "joe@-x.com"}},
		{"ipv4", []string{"192.168.0.1"}, []string{"192.168.0", "256.1.1.1", "01.1.1.1"}},
		{"ipv6", []string{"::1", "fe80::1"}, []string{"1.2.3.4", "::g"}},
		{"uri", []string{"http://e.com/a?b#c", "urn:x:y"}, []string{"/a/b", "http://[::1/x"}},
		{"uri-reference", []string{"/a/b", "#f"}, []string{`\a`}},
		{"uri-template", []string{"http://e.com/{x}"}, []string{"http://e.com/{x"}},
		{"regex", []string{"^a+$"}, []string{"("}},
		{"json-pointer", []string{"", "/a~0b/~1"}, []string{"a", "/~2"}},
		{"relative-json-pointer", []string{"0", "1/a", "2#"}, []string{"", "01", "-1"}},
		{"uuid", []string{"2eb8aa08-aa98-11ea-b4aa-73b441d16380"}, []string{"2eb8aa08-aa98-11ea-b4aa-73b441d1638", "2eb8aa08aa9811eab4aa73b441d16380"}},
	}
	for _, tc := range tests {
		check := formatCheck(tc.format)
		if check == nil {
			t.Fatalf("%s: no check", tc.format)
		}
		for _, s := range tc.ok {
			if !check(s) {
				t.Errorf("%s: %q refused", tc.format, s)
			}
		}
		for _, s := range tc.bad {
			if check(s) {
				t.Errorf("%s: %q accepted", tc.format, s)
			}
		}
	}
}

func TestDeterministic(t *testing.T) {
	s, err := Compile(mustDecode(t, `{"patternProperties":{".":{"type":"string"}},"additionalProperties":false,"properties":{"z":{"type":"null"}}}`), Draft7)
	if err != nil {
		t.Fatal(err)
	}
	v := mustDecode(t, `{"e":1,"d":2,"c":3,"b":4,"a":5,"z":1}`)
	first, _ := s.Validate(v)
	for i := 0; i < 20; i++ {
		again, _ := s.Validate(v)
		if fmt.Sprint(again) != fmt.Sprint(first) {
			t.Fatalf("run %d: %v, first %v", i, again, first)
		}
	}
	if len(first) != 7 {
		t.Errorf("%d findings, want 7: %v", len(first), first)
	}
}

func ExampleSchema_Validate() {
	doc, _ := Decode([]byte(`{"type":"object","required":["name"],"properties":{"age":{"type":"integer","minimum":0}}}`))
	s, _ := Compile(doc, Draft2020)
	v, _ := Decode([]byte(`{"age":-1}`))
	fs, _ := s.Validate(v)
	for _, f := range fs {
		fmt.Printf("%s %s: %s\n", f.InstanceLocation, f.Keyword, f.Message)
	}
	// Output:
	//  required: missing required properties: "name"
	// /age minimum: must be >= 0, found -1
}
