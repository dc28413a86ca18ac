package gate_test

import (
	"encoding/json"
	"fmt"

	"github.com/smithy-validation/go/cli/gate"
	"github.com/smithy-validation/go/mend"
)

// A tool's input declared as a JSON Schema document, and a tool call a
// model wrote with single quotes and a trailing comma: the gate repairs it
// and checks it against the schema.
func ExampleNewJSONSchemaDeclaration() {
	decl, err := gate.NewJSONSchemaDeclaration([]byte(`{
	  "type": "object",
	  "properties": {"query": {"type": "string"}, "limit": {"type": "integer", "minimum": 1}},
	  "required": ["query", "limit"]
	}`))
	if err != nil {
		panic(err)
	}
	o, _ := gate.NewOptions("execution", 0, false, decl)
	res, exit, _ := gate.Run("analyze", []byte(`{'query': 'smithy', 'limit': 0,}`), o)
	var plan struct{ Decision, Label, Retry string }
	json.Unmarshal(res, &plan)
	fmt.Println(exit, plan.Decision, plan.Label)
	fmt.Println(plan.Retry)
	v, _ := decl.Check([]byte(`{"query": "smithy", "limit": 0}`))
	fmt.Println(v.Mismatched, v.Findings[0].Code, v.Findings[0].Schema)
	// Output:
	// 1 retry schema_mismatch
	// Your JSON does not match what the tool expects: wrong value for "limit"; at /limit: must be >= 1, found 0. Send the JSON again with these corrected. It must match: {"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer","minimum":1}},"required":["query","limit"]}
	// [limit] minimum #/properties/limit/minimum
}

// The seed's params name the declaration; Spec.Resolve builds it (a
// shape would also need its model).
func ExampleSpec_Resolve() {
	p := gate.Params{Schema: "{!query:string,!limit:integer}"}
	spec, _ := p.Spec()
	decl, _ := spec.Resolve()
	o, _ := p.Options(decl)
	res, exit, _ := gate.Run("readiness", []byte(`{"query": "smithy", "lim`), o)
	fmt.Println(exit, string(res))
	// Output:
	// 1 {"syntax_permille":952,"schema_permille":500,"settled_permille":500,"step":"string","verdict":{"total":2,"satisfied":1,"missing":["limit"],"mismatched":[],"ok":false,"findings":[{"severity":"error","code":"required","path":"","shape":"mend.compact#Root$limit","line":1,"column":1,"offset":0,"message":"missing required member limit"},{"severity":"warning","code":"unknown-member","path":"/lim","shape":"mend.compact#Root","line":1,"column":21,"offset":20,"message":"structure mend.compact#Root has no member named \"lim\""}]},"settled":["query"]}
}

// A JSON Schema's maxLength, enum and const are judged while a string
// arrives: fed a byte at a time, the violation comes in the feed of the
// sixth character, positioned at the string's start.
func ExampleJSONSchemaDeclaration_OpenStringRules() {
	decl, err := gate.NewJSONSchemaDeclaration([]byte(`{"properties": {"code": {"type": "string", "maxLength": 5}}}`))
	if err != nil {
		panic(err)
	}
	rules, _ := decl.OpenStringRules("code")
	fmt.Println(rules.MaxLength, rules.MaxLengthCode)
	w := mend.NewWatcher(mend.Options{Declaration: decl})
	text := `{"code": "abcdefgh"}`
	for k := range len(text) {
		for _, e := range w.Feed([]byte(text[k : k+1])).Events {
			if e.Kind == mend.EventViolation {
				fmt.Printf("in the feed of byte %d (%q): %s at %d\n", k, text[k], e.Finding.Code, e.At)
			}
		}
	}
	// Output:
	// 5 maxLength
	// in the feed of byte 15 ('f'): maxLength at 9
}

// Below the root's members, a string's rules are found by its path
// (through properties, additionalProperties and an items schema shared
// by every element): the element's enum is judged while it arrives,
// "gre" still begins "green", "grey" begins no value.
func ExampleJSONSchemaDeclaration_OpenStringRulesAt() {
	decl, err := gate.NewJSONSchemaDeclaration([]byte(`{"properties": {"items": {"items": {"properties": {"color": {"enum": ["red", "green"]}}}}}}`))
	if err != nil {
		panic(err)
	}
	rules, _ := decl.OpenStringRulesAt([]mend.PathStep{{Key: "items", Index: -1}, {Index: 3}, {Key: "color", Index: -1}})
	fmt.Println(rules.Enum, rules.EnumCode)
	w := mend.NewWatcher(mend.Options{Declaration: decl})
	text := `{"items": [{"color": "grey"}]}`
	for k := range len(text) {
		for _, e := range w.Feed([]byte(text[k : k+1])).Events {
			if e.Kind == mend.EventViolation {
				fmt.Printf("in the feed of byte %d (%q): %s at %s, %d\n", k, text[k], e.Finding.Code, e.Path, e.At)
			}
		}
	}
	// Output:
	// [red green] enum
	// in the feed of byte 25 ('y'): enum at /items/0/color, 21
}

// Whether every value of a kind is refused at a member: a wrong kind is
// then reported at the value's first byte while it streams; otherwise
// (a branch takes the kind with more constraints) when the value ends.
func ExampleJSONSchemaDeclaration_RefusesKind() {
	decl, err := gate.NewJSONSchemaDeclaration([]byte(`{
	  "type": "object",
	  "properties": {
	    "id":  {"anyOf": [{"type": "integer"}, {"type": "string", "minLength": 3}]},
	    "ref": {"anyOf": [{"type": "integer"}, {"type": "boolean"}]}
	  }
	}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	at := func(m string) []mend.PathStep { return []mend.PathStep{{Key: m, Index: -1}} }
	fmt.Println(decl.RefusesKind(at("id"), '"'), decl.RefusesKind(at("ref"), '"'), decl.RefusesKind(at("ref"), '{'))
	// Output: false true true
}
