package importer

import (
	"strings"
	"testing"
)

// TestMemberDefaults: a property's default becomes the member's @default
// with the token as written when Smithy allows that value for the
// member's target, and is otherwise a diagnostic at the default's JSON
// Pointer (never a model `smithy validate` rejects).
func TestMemberDefaults(t *testing.T) {
	const kinds = `"Kind":{"type":"string","enum":["box","bag"]},"Level":{"type":"integer","enum":[1,2]},` +
		`"Tags":{"type":"array","items":{"type":"string"}},"Short":{"type":"string","maxLength":2},"Some":{"type":"array","items":{"type":"string"},"minItems":1},"Counts":{"type":"object","additionalProperties":{"type":"integer"}},` +
		`"Digits":{"type":"string","pattern":"^[0-9]+$"}`
	cases := []struct {
		name, schema string
		want         string // the member's @default, "" for a diagnostic
	}{
		{"string", `{"type":"string","default":"x"}`, `@default("x")`},
		{"boolean", `{"type":"boolean","default":false}`, `@default(false)`},
		{"byte", `{"type":"integer","minimum":-128,"maximum":127,"default":-128}`, `@default(-128)`},
		{"short", `{"type":"integer","minimum":-32768,"maximum":32767,"default":300}`, `@default(300)`},
		{"integer", `{"type":"integer","minimum":-2147483648,"maximum":2147483647,"default":3}`, `@default(3)`},
		{"long", `{"type":"integer","minimum":-9223372036854775808,"maximum":9223372036854775807,"default":9007199254740993}`, `@default(9007199254740993)`},
		{"bigInteger keeps its token", `{"type":"integer","default":123456789012345678901234567890}`, `@default(123456789012345678901234567890)`},
		{"bigDecimal keeps its token", `{"type":"number","default":0.10}`, `@default(0.10)`},
		{"bigDecimal exponent", `{"type":"number","default":1e-3}`, `@default(1e-3)`},
		{"enum value", `{"$ref":"#/components/schemas/Kind","default":"bag"}`, `@default("bag")`},
		{"intEnum value", `{"$ref":"#/components/schemas/Level","default":2}`, `@default(2)`},
		{"list []", `{"$ref":"#/components/schemas/Tags","default":[]}`, `@default([])`},
		{"map {}", `{"$ref":"#/components/schemas/Counts","default":{}}`, `@default({})`},
		{"document scalar", `{"default":"any"}`, `@default("any")`},
		{"document []", `{"default":[]}`, `@default([])`},
		{"zero below a minimum (Smithy warns only)", `{"type":"integer","minimum":1,"default":0}`, `@default(0)`},
		{"within bounds, optional", `{"anyOf":[{"type":"integer","minimum":1,"maximum":9},{"type":"null"}],"default":9}`, `@default(9)`},
		{"below a minimum", `{"type":"integer","minimum":1,"default":-1}`, ""},
		{"at an exclusive maximum", `{"type":"number","exclusiveMaximum":1.5,"default":1.50}`, ""},
		{"above a maximum, optional", `{"anyOf":[{"type":"integer","minimum":1,"maximum":9},{"type":"null"}],"default":10}`, ""},
		{"longer than a referenced maxLength", `{"$ref":"#/components/schemas/Short","default":"abc"}`, ""},
		{"matches a pattern", `{"type":"string","pattern":"^[0-9]+$","default":"42"}`, `@default("42")`},
		{"matches a pattern somewhere (Matcher.find)", `{"type":"string","pattern":"[0-9]","default":"a1"}`, `@default("a1")`},
		{"a pattern the engine cannot run is no check", `{"type":"string","pattern":"(a)\\1","default":"b"}`, `@default("b")`},
		{"breaks a pattern", `{"type":"string","pattern":"^[0-9]+$","default":"4a"}`, ""},
		{"breaks ECMA's $ before a final newline", `{"type":"string","pattern":"^[0-9]+$","default":"42\n"}`, ""},
		{"breaks a referenced pattern, optional", `{"anyOf":[{"$ref":"#/components/schemas/Digits"},{"type":"null"}],"default":"x"}`, ""},
		{"[] under minItems", `{"$ref":"#/components/schemas/Some","default":[]}`, ""},
		{"byte out of range", `{"type":"integer","minimum":-128,"maximum":127,"default":128}`, ""},
		{"integer with a fraction", `{"type":"integer","minimum":-2147483648,"maximum":2147483647,"default":3.5}`, ""},
		{"bigInteger with an exponent", `{"type":"integer","default":1e3}`, ""},
		{"string of a number", `{"type":"string","default":3}`, ""},
		{"not an enum value", `{"$ref":"#/components/schemas/Kind","default":"crate"}`, ""},
		{"not an intEnum value", `{"$ref":"#/components/schemas/Level","default":3}`, ""},
		{"intEnum as a string", `{"$ref":"#/components/schemas/Level","default":"1"}`, ""},
		{"non-empty list", `{"$ref":"#/components/schemas/Tags","default":["a"]}`, ""},
		{"non-empty map", `{"$ref":"#/components/schemas/Counts","default":{"a":1}}`, ""},
		{"non-empty document object", `{"default":{"a":1}}`, ""},
		{"document null", `{"default":null}`, ""},
		{"structure", `{"type":"object","properties":{"a":{"type":"string"}},"default":{}}`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := `{"openrpc":"1.3.2","info":{"title":"t","version":"1"},"methods":[{"name":"m","paramStructure":"by-name","params":[{"name":"p","schema":{"$ref":"#/components/schemas/D"}}],"result":{"name":"r","schema":{"type":"string"}}}],` +
				`"components":{"schemas":{` + kinds + `,"D":{"type":"object","properties":{"v":` + c.schema + `}}}}}`
			res, err := OpenRPC([]byte(doc), Options{Namespace: "t"})
			if err != nil {
				t.Fatal(err)
			}
			requireValidImport(t, res.IDL)
			idl := string(res.IDL)
			var said []string
			for _, d := range res.Diagnostics {
				if d.Keyword == "default" {
					said = append(said, d.Pointer)
				}
			}
			if c.want != "" {
				if !strings.Contains(idl, c.want+"\n    v: ") {
					t.Errorf("no %s on v:\n%s", c.want, idl)
				}
				if len(said) > 0 {
					t.Errorf("a default diagnostic on a kept default: %v", said)
				}
				return
			}
			if strings.Contains(idl, "@default") {
				t.Errorf("a default Smithy refuses is written:\n%s", idl)
			}
			if len(said) != 1 || said[0] != "/components/schemas/D/properties/v/default" {
				t.Errorf("want one default diagnostic at the default's pointer, got %v", said)
			}
		})
	}
}
