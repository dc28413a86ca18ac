package importer

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestMapping checks each JSON Schema construct's Smithy form: the IDL
// holds every wanted line, the diagnostics name exactly the wanted
// keywords, and the model loads with no ERROR event.
func TestMapping(t *testing.T) {
	cases := []struct {
		name   string
		schema string // the value of $defs/T
		want   []string
		diags  []string // keywords, in order
	}{
		{"object", `{"type":"object","properties":{"a":{"type":"string"},"b-c":{"type":"integer"}},"required":["a"]}`,
			[]string{"structure T {", "    @required\n    a: smithy.api#String", "    @jsonName(\"b-c\")\n    bC: smithy.api#BigInteger", "    @jsonUnknown\n    additionalProperties: UnknownFields"}, nil},
		{"closed", `{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`,
			[]string{"@smithy.rpc#closed\nstructure T {\n    a: smithy.api#String\n}"}, nil},
		{"closedEmpty", `{"type":"object","additionalProperties":false}`,
			[]string{"@smithy.rpc#closed\nstructure T {\n}"}, nil},
		{"closedBesidePatterns", `{"type":"object","properties":{"a":{"type":"string"}},"patternProperties":{"^x-":{}},"additionalProperties":false}`,
			[]string{"structure T {\n    a: smithy.api#String\n\n    @jsonUnknown\n    additionalProperties: UnknownFields\n}"}, []string{"patternProperties"}},
		{"closedAllOf", `{"allOf":[{"$ref":"#/$defs/B"},{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}]},"B":{"type":"object","properties":{"b":{"type":"string"}}}`,
			[]string{"@smithy.rpc#closed\nstructure T {\n    b: smithy.api#String\n    a: smithy.api#String\n}"}, []string{"allOf"}},
		{"closedAllOfFirst", `{"allOf":[{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false},{"$ref":"#/$defs/B"}]},"B":{"type":"object","properties":{"b":{"type":"string"}}}`,
			[]string{"@smithy.rpc#closed\nstructure T {\n    a: smithy.api#String\n    b: smithy.api#String\n}"}, []string{"allOf"}},
		{"closedAllOfSame", `{"allOf":[{"$ref":"#/$defs/B"},{"type":"object","properties":{"b":{"type":"string"}},"required":["b"],"additionalProperties":false}]},"B":{"type":"object","properties":{"b":{"type":"string"}}}`,
			[]string{"@smithy.rpc#closed\nstructure T {\n    @required\n    b: smithy.api#String\n}"}, nil},
		{"map", `{"type":"object","additionalProperties":{"type":"boolean"}}`,
			[]string{"map T {\n    key: smithy.api#String\n    value: smithy.api#Boolean\n}"}, nil},
		{"patternMap", `{"type":"object","patternProperties":{"^0x[0-9a-f]{40}$":{"type":"string"}},"additionalProperties":false}`,
			[]string{"map T {\n    key: TKey\n", "@pattern(\"^0x[0-9a-f]{40}\\\\z\")\nstring TKey"}, nil},
		{"nullable", `{"type":"object","properties":{"a":{"type":["string","null"]}}}`,
			[]string{"    @nullable\n    a: smithy.api#String"}, nil},
		{"untagged", `{"oneOf":[{"type":"string","pattern":"^a"},{"type":"null"},{"type":"array","items":{"type":"integer"}}]}`,
			[]string{"@nullable\n@untagged\nunion T {", "    option1: TOption1", "    option3: TOption3"}, []string{"oneOf"}},
		{"anyOfNoDiag", `{"anyOf":[{"type":"string"},{"type":"boolean"}]}`,
			[]string{"@untagged\nunion T {"}, nil},
		{"discriminated", `{"oneOf":[{"type":"object","properties":{"kind":{"const":"a"},"x":{"type":"string"}},"required":["kind"]},{"type":"object","properties":{"kind":{"const":"b-b"}},"required":["kind"]}]}`,
			[]string{"@discriminated(\"kind\")\nunion T {", "    a: TA", "    @jsonName(\"b-b\")\n    bB: TBB", "structure TA {\n    x: smithy.api#String"}, nil},
		{"constString", `{"const":"only"}`, []string{"enum T {\n    ONLY = \"only\"\n}"}, nil},
		{"constInt", `{"const":-3}`, []string{"intEnum T {\n    VMINUS3 = -3\n}"}, nil},
		{"enumMixed", `{"enum":["a",1]}`, []string{"document T"}, []string{"enum"}},
		{"enumNull", `{"enum":["x","y",null]}`, []string{"@nullable\nenum T {\n    X = \"x\"\n    Y = \"y\"\n}"}, nil},
		{"int32", `{"type":"integer","minimum":0,"maximum":100}`, []string{"@range(min: 0, max: 100)\ninteger T"}, nil},
		{"int64", `{"type":"integer","minimum":0,"exclusiveMaximum":9223372036854775808}`, []string{"@range(min: 0, max: 9223372036854775807)\nlong T"}, nil},
		{"bigint", `{"type":"integer","minimum":0}`, []string{"@range(min: 0)\nbigInteger T"}, nil},
		{"number", `{"type":"number","minimum":0,"maximum":1.5e300}`, []string{"@range(min: 0, max: 1.5e300)\nbigDecimal T"}, nil},
		{"exclusiveNumber", `{"type":"number","exclusiveMinimum":0}`, []string{"@range(min: 0)\nbigDecimal T"}, []string{"exclusiveMinimum"}},
		{"string", `{"type":"string","pattern":"^\\d+\"$","minLength":1,"maxLength":9}`, []string{"@pattern(\"^\\\\d+\\\"\\\\z\")\n@length(min: 1, max: 9)\nstring T"}, nil},
		{"patternECMA", `{"type":"string","pattern":"^.\\s$"}`, []string{"@pattern(\"^[^\\\\n\\\\r\\\\x{2028}\\\\x{2029}][\\\\t\\\\n\\\\x0B\\\\f\\\\r \\\\xA0\\\\x{1680}\\\\x{2000}-\\\\x{200A}\\\\x{2028}\\\\x{2029}\\\\x{202F}\\\\x{205F}\\\\x{3000}\\\\x{FEFF}]\\\\z\")\nstring T"}, nil},
		{"patternKept", `{"type":"string","pattern":"\\bx"}`, []string{"@pattern(\"\\\\bx\")\nstring T"}, []string{"pattern"}},
		{"patternDropped", `{"type":"string","pattern":"a{"}`, []string{"string T"}, []string{"pattern"}},
		{"dateTime", `{"type":"string","format":"date-time"}`, []string{"@timestampFormat(\"date-time\")\ntimestamp T"}, nil},
		{"byte", `{"type":"string","format":"byte"}`, []string{"blob T"}, nil},
		{"uri", `{"type":"string","format":"uri"}`, []string{"string T"}, []string{"format"}},
		{"list", `{"type":"array","items":{"type":"string"},"minItems":1,"uniqueItems":true}`, []string{"@length(min: 1)\n@uniqueItems\nlist T {\n    member: smithy.api#String\n}"}, nil},
		{"tuple", `{"type":"array","items":[{"type":"string"}]}`, []string{"@sparse\nlist T {\n    member: smithy.api#Document"}, []string{"items"}},
		{"losses", `{"type":"integer","multipleOf":2,"not":{"const":3},"if":{},"then":{},"else":{}}`, []string{"bigInteger T"}, []string{"multipleOf", "not", "if", "then", "else"}},
		{"allOfMerge", `{"allOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},{"type":"object","properties":{"b":{"type":"boolean"}}}]}`,
			[]string{"structure T {\n    @required\n    a: smithy.api#String\n    b: smithy.api#Boolean"}, nil},
		{"allOfOneOf", `{"allOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"oneOf":[{"title":"X","properties":{"x":{"type":"string"}},"required":["x"]},{"title":"Y","properties":{"y":{"type":"string"}},"required":["y"]}]}]}`,
			[]string{"@untagged\nunion T {\n    x: TX\n    y: TY\n}", "structure TX {\n    a: smithy.api#String\n\n    @required\n    x: smithy.api#String"}, []string{"oneOf"}},
		{"default", `{"type":"object","properties":{"a":{"type":"string","default":"z"},"b":{"type":"boolean","default":[1]}}}`,
			[]string{"    @default(\"z\")\n    a: smithy.api#String"}, []string{"default"}},
		{"doc", `{"description":"Line one.\n\nLine \"two\".","type":"string","minLength":1}`, []string{"/// Line one.\n///\n/// Line \"two\".\n@length(min: 1)\nstring T"}, nil},
		{"refCycle", `{"type":"object","properties":{"next":{"$ref":"#/$defs/T"}}}`, []string{"structure T {\n    next: T"}, nil},
		{"anyOfNull", `{"type":"object","properties":{"a":{"anyOf":[{"type":"string","minLength":2},{"type":"null"}]},"b":{"oneOf":[{"type":"null"},{"type":"boolean"}]}}}`,
			[]string{"    @nullable\n    a: TA\n", "    @nullable\n    b: smithy.api#Boolean\n", "@length(min: 2)\nstring TA"}, nil},
		{"documentNull", `{"type":"object","properties":{"a":{"anyOf":[{},{"type":"null"}]},"b":{"not":{"type":"null"}},"c":{"allOf":[{"type":"string"},{"not":{"type":"null"}}]}},"required":["a","b","c"]}`,
			[]string{"    @required\n    @nullable\n    a: smithy.api#Document\n", "    @required\n    b: smithy.api#Document\n", "    @required\n    c: smithy.api#String\n"}, nil},
		{"preludeIntegers", `{"type":"object","properties":{"b":{"type":"integer","minimum":-128,"maximum":127},"i":{"type":"integer","minimum":-2147483648,"maximum":2147483647},"l":{"type":"integer","minimum":-9223372036854775808,"maximum":9223372036854775807},"n":{"type":"integer","minimum":-2147483648,"maximum":2147483646}}}`,
			[]string{"    b: smithy.api#Byte\n", "    i: smithy.api#Integer\n", "    l: smithy.api#Long\n", "    n: TN\n", "@range(min: -2147483648, max: 2147483646)\ninteger TN"}, nil},
		{"remoteRef", `{"$ref":"https://example.com/x.json"}`, []string{}, []string{"$ref"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc := `{"$defs":{"T":` + tc.schema + `}}`
			res, err := JSONSchema([]byte(doc), Options{Namespace: "test"})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !bytes.Contains(res.IDL, []byte(w)) {
					t.Errorf("%s: missing\n%s\nin\n%s", tc.name, w, res.IDL)
				}
			}
			var got []string
			for _, d := range res.Diagnostics {
				got = append(got, d.Keyword)
				if d.Pointer == "" || !d.Pos.IsValid() {
					t.Errorf("%s: diagnostic without pointer or position: %v", tc.name, d)
				}
			}
			if strings.Join(got, ",") != strings.Join(tc.diags, ",") {
				t.Errorf("%s: diagnostics %q, want %q (%v)", tc.name, got, tc.diags, res.Diagnostics)
			}
			load(t, res.IDL)
		})
	}
}

// TestLossPointer checks that a loss names its JSON Pointer and position.
func TestLossPointer(t *testing.T) {
	doc := "{\"$defs\": {\"a/b\": {\"type\": \"object\",\n \"properties\": {\"n\": {\"type\": \"number\", \"multipleOf\": 3}}}}}"
	res, err := JSONSchema([]byte(doc), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != 1 {
		t.Fatalf("diagnostics %v, want one", res.Diagnostics)
	}
	got := res.Diagnostics[0].String()
	want := "2:55: /$defs/a~1b/properties/n/multipleOf: multipleOf: multipleOf is not expressible; the constraint is dropped"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestOpenRPCMapping checks the method mapping on a small document.
func TestOpenRPCMapping(t *testing.T) {
	doc := `{"openrpc":"1.3.2","info":{"title":"Demo API","version":"1.0"},"methods":[
	{"name":"sub","paramStructure":"by-position","params":[{"name":"a","required":true,"schema":{"type":"integer"}},{"name":"b","schema":{"type":"integer"}}],
	 "result":{"name":"value","schema":{"type":["integer","null"]}},"errors":[{"code":100,"message":"too big"},{"code":-32000,"message":"server busy"},{"code":-32602,"message":"invalid"}]},
	{"name":"ping.me","paramStructure":"by-name","params":[{"name":"the-x","schema":{"type":"string"}}]},
	{"name":"both","params":[],"result":{"name":"r","schema":{"$ref":"#/components/schemas/R"}}}],
	"components":{"schemas":{"R":{"type":"boolean"}}}}`
	res, err := OpenRPC([]byte(doc), Options{Namespace: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"@jsonRpc(versions: [\"2.0\"])\nservice DemoAPI {\n    version: \"1.0\"\n    operations: [Both, PingMe, Sub]\n}",
		"@method(name: \"sub\", params: \"positional\", positional: [\"a\", \"b\"], resultMember: \"value\")",
		"        @required\n        a: smithy.api#BigInteger",
		"        @nullable\n        value: smithy.api#BigInteger",
		"errors: [TooBigError, ServerBusyError]",
		"@error(\"client\")\n@rpcError(code: 100, dataMember: \"data\")\nstructure TooBigError",
		"@rpcError(code: -32000, dataMember: \"data\", reservedRange: true)",
		"@method(name: \"ping.me\", params: \"named\", kind: \"notification\")",
		"        @jsonName(\"the-x\")\n        theX: smithy.api#String",
		"@method(name: \"both\", params: \"either\", positional: [], resultMember: \"r\")",
		"        r: R",
		"boolean R",
	} {
		if !bytes.Contains(res.IDL, []byte(w)) {
			t.Errorf("missing\n%s\nin\n%s", w, res.IDL)
		}
	}
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].Pointer != "/methods/0/errors/2/code" {
		t.Errorf("diagnostics %v, want the JSON-RPC code -32602 at /methods/0/errors/2/code", res.Diagnostics)
	}
	load(t, res.IDL)
}

// TestOpenRPCErrors checks the error rules: a code is one error shape
// (another message for it is a diagnostic), a notification's errors are a
// diagnostic, a null-only result named result is nullResult, and an
// x-smithy-errors entry makes the named component the error structure.
func TestOpenRPCErrors(t *testing.T) {
	doc := `{"openrpc":"1.3.2","info":{"title":"E","version":"1"},"methods":[
	{"name":"a","params":[],"result":{"name":"result","schema":{"type":"null"}},"errors":[{"code":7,"message":"first"}]},
	{"name":"b","params":[],"result":{"name":"r","schema":{"type":"string"}},"errors":[{"code":7,"message":"second"},{"code":8,"message":"x"},{"code":9,"message":"y"}],
	 "x-smithy-errors":[{"code":8,"error":"e#Bad","data":"member","member":"e#Bad$detail"},{"code":9,"error":"e#Gone","data":"none"}]},
	{"name":"n","params":[],"errors":[{"code":7,"message":"first"}]}],
	"components":{"schemas":{"Bad":{"type":"object","description":"Bad input.","properties":{"detail":{"type":"string"}},"required":["detail"]},
	 "Gone":{"type":"object","description":"It is gone."}}}}`
	res, err := OpenRPC([]byte(doc), Options{Namespace: "e"})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"@method(name: \"a\", params: \"either\", positional: [], nullResult: true)\noperation A {\n    input := {}\n    output := {}\n    errors: [FirstError]\n}",
		"errors: [FirstError, Bad, Gone]",
		"/// first\n@error(\"client\")\n@rpcError(code: 7, dataMember: \"data\")\nstructure FirstError {\n    data: smithy.api#Document\n}",
		"/// Bad input.\n@error(\"client\")\n@rpcError(code: 8, dataMember: \"detail\")\nstructure Bad {\n    @required\n    detail: smithy.api#String\n}",
		"/// It is gone.\n@error(\"client\")\n@rpcError(code: 9, noData: true)\nstructure Gone {\n}",
		"@method(name: \"n\", params: \"either\", positional: [], kind: \"notification\")\noperation N {\n    input := {}\n}",
	} {
		if !bytes.Contains(res.IDL, []byte(w)) {
			t.Errorf("missing\n%s\nin\n%s", w, res.IDL)
		}
	}
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, d.Pointer+" "+d.Keyword)
	}
	want := []string{"/methods/1/errors/0/message message", "/methods/2/errors errors"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("diagnostics %q, want %q", got, want)
	}
	if bytes.Contains(res.IDL, []byte("UnknownFields")) {
		t.Errorf("the @jsonUnknown map of the error structures is left behind:\n%s", res.IDL)
	}
	load(t, res.IDL)
}

// TestBadInput checks that input that cannot be imported is an
// *InputError with a position, never a panic.
func TestBadInput(t *testing.T) {
	cases := []struct{ name, doc, want string }{
		{"notJSON", "{\n  \"openrpc\": ", "2:14:"},
		{"array", "[1]", "1:1: (root): the document is a array, not an object"},
		{"noVersion", `{"methods":[]}`, `not an OpenRPC document`},
		{"noMethods", `{"openrpc":"1.0.0"}`, `/methods: an OpenRPC document needs a "methods" array`},
	}
	for _, tc := range cases {
		_, err := OpenRPC([]byte(tc.doc), Options{})
		var ie *InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want an *InputError containing %q", tc.name, err, tc.want)
		}
	}
	for _, o := range []Options{{Namespace: "not a ns"}, {Service: "9x"}} {
		var oe *OptionError
		if _, err := OpenRPC([]byte(`{"openrpc":"1","methods":[]}`), o); !errors.As(err, &oe) {
			t.Errorf("options %+v: error %v, want an *OptionError", o, err)
		}
	}
}

// TestDeterministic imports the same document twice and expects the same
// bytes, also when the components come in another order.
func TestDeterministic(t *testing.T) {
	a := `{"openrpc":"1","methods":[{"name":"m","params":[],"result":{"name":"r","schema":{"$ref":"#/components/schemas/A"}}}],"components":{"schemas":{"A":{"type":"object","properties":{"b":{"$ref":"#/components/schemas/B"}}},"B":{"type":"string","minLength":2}}}}`
	b := `{"openrpc":"1","methods":[{"name":"m","params":[],"result":{"name":"r","schema":{"$ref":"#/components/schemas/A"}}}],"components":{"schemas":{"B":{"type":"string","minLength":2},"A":{"type":"object","properties":{"b":{"$ref":"#/components/schemas/B"}}}}}}`
	r1, err1 := OpenRPC([]byte(a), Options{})
	r2, err2 := OpenRPC([]byte(a), Options{})
	r3, err3 := OpenRPC([]byte(b), Options{})
	if err1 != nil || err2 != nil || err3 != nil {
		t.Fatal(err1, err2, err3)
	}
	if !bytes.Equal(r1.IDL, r2.IDL) || !bytes.Equal(r1.IDL, r3.IDL) {
		t.Errorf("outputs differ:\n%s\n---\n%s", r1.IDL, r3.IDL)
	}
}
