package smithyvalidate_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// loadAlloyModel assembles src with the shipped alloy trait definitions,
// as the smithy command does.
func loadAlloyModel(t testing.TB, src string) *model.Model {
	t.Helper()
	a := assembly.New()
	if err := sv.AddAlloyTraits(a); err != nil {
		t.Fatal(err)
	}
	return loadModelInto(t, a, src)
}

const alloyModel = `$version: "2"
namespace t

use alloy#discriminated
use alloy#untagged
use alloy#nullable
use alloy#jsonUnknown

@discriminated("type")
union Block {
    text: TextBlock
    @jsonName("image/png")
    image: ImageBlock
}

structure TextBlock {
    @required
    text: String
}

structure ImageBlock {
    @required
    data: Blob
    @length(max: 10)
    alt: String
}

@untagged
union Id {
    str: String
    num: Long
}

@untagged
union Shape {
    circle: Circle
    square: Square
}

structure Circle { @required radius: Integer }
structure Square { @required side: Integer }

@untagged
union Loose {
    a: A
    b: B
}
structure A { x: Integer }
structure B { y: Integer }

structure Meta {
    @required
    name: String
    @required
    @nullable
    cursor: String
    @nullable
    tag: Integer
    @jsonUnknown
    rest: Extra
}

map Extra {
    key: String
    value: Document
}

structure Strict {
    name: String
    @jsonUnknown
    extra: Counts
}

@length(min: 1)
map Counts {
    @pattern("^x-")
    key: String
    value: Integer
}

list Cursors {
    member: Cursor
}

@nullable
string Cursor

union Open {
    known: String
    @jsonUnknown
    other: Document
}
`

// The alloy traits as the engine reads them: each case is one value and
// the findings it gives ("code path" each).
func TestAlloyRules(t *testing.T) {
	m := loadAlloyModel(t, alloyModel)
	for _, tc := range []struct {
		name, shape, value string
		opts               []sv.Option
		want               string
	}{
		{"discriminated: valid", "t#Block", `{"type":"text","text":"hi"}`, nil, ""},
		{"discriminated: discriminator anywhere", "t#Block", `{"text":"hi","type":"text"}`, nil, ""},
		{"discriminated: member's findings at the object", "t#Block", `{"type":"text"}`, nil, "required "},
		{"discriminated: member's field checked", "t#Block", `{"type":"text","text":1}`, nil, "type /text"},
		{"discriminated: other member's field unknown", "t#Block", `{"type":"text","text":"a","data":"AA=="}`, nil, "unknown-member /data"},
		{"discriminated: missing", "t#Block", `{"text":"hi"}`, nil, "discriminator /type"},
		{"discriminated: not a string", "t#Block", `{"type":1,"text":"hi"}`, nil, "discriminator /type"},
		{"discriminated: names no member", "t#Block", `{"type":"audio","text":"hi"}`, nil, "discriminator /type"},
		{"discriminated: member name, not json name, by default", "t#Block", `{"type":"image","data":"AA=="}`, nil, ""},
		{"discriminated: json name under MatchJSONNames", "t#Block", `{"type":"image/png","data":"AA=="}`, []sv.Option{sv.MatchJSONNames(true)}, ""},
		{"discriminated: member name under MatchJSONNames", "t#Block", `{"type":"image","data":"AA=="}`, []sv.Option{sv.MatchJSONNames(true)}, "discriminator /type"},
		{"discriminated: duplicate discriminator", "t#Block", `{"type":"text","text":"a","type":"text"}`, nil, "duplicate-key /type"},
		{"discriminated: not an object", "t#Block", `"text"`, nil, "type "},
		{"discriminated: tagged form is not it", "t#Block", `{"text":{"text":"hi"}}`, nil, "discriminator /type"},

		{"untagged: string", "t#Id", `"abc"`, nil, ""},
		{"untagged: number", "t#Id", `12`, nil, ""},
		{"untagged: neither", "t#Id", `true`, nil, "type ; untagged "},
		{"untagged: structures", "t#Shape", `{"radius":2}`, nil, ""},
		{"untagged: the closest member's findings", "t#Shape", `{"side":"x"}`, nil, "untagged ; type /side"},
		{"untagged: several match", "t#Loose", `{}`, nil, "untagged-ambiguous "},
		{"untagged: one of two matches", "t#Loose", `{"y":1}`, []sv.Option{sv.RejectUnknownMembers(true)}, ""},
		{"untagged: a match with no finding beats one with a warning", "t#Loose", `{"y":1}`, nil, ""},
		{"untagged: a tie of warned matches", "t#Loose", `{"z":1}`, nil, "untagged-ambiguous ; unknown-member /z"},

		{"nullable: required member may be null", "t#Meta", `{"name":"n","cursor":null}`, nil, ""},
		{"nullable: required member still required", "t#Meta", `{"name":"n"}`, nil, "required "},
		{"nullable: optional member null under RejectNullMembers", "t#Meta", `{"name":"n","cursor":"c","tag":null}`, []sv.Option{sv.RejectNullMembers(true)}, ""},
		{"nullable: other member not nullable", "t#Meta", `{"name":null,"cursor":null}`, nil, "null /name"},
		{"nullable: list member through its target", "t#Cursors", `["a",null]`, nil, ""},
		{"nullable: root shape", "t#Cursor", `null`, nil, ""},
		{"nullable: value still typed", "t#Meta", `{"name":"n","cursor":1}`, nil, "type /cursor"},

		{"jsonUnknown: unknown fields accepted", "t#Meta", `{"name":"n","cursor":"c","extra":{"a":[1]},"more":null}`, []sv.Option{sv.RejectUnknownMembers(true)}, ""},
		{"jsonUnknown: the member is no field of its own", "t#Meta", `{"name":"n","cursor":"c","rest":{"a":1}}`, nil, ""},
		{"jsonUnknown: keys and values checked", "t#Strict", `{"name":"n","x-a":1,"b":2,"x-c":"s"}`, nil, "pattern /b; type /x-c"},
		{"jsonUnknown: null value in a dense map", "t#Strict", `{"x-a":null}`, nil, "null /x-a"},
		{"jsonUnknown: known fields still checked", "t#Strict", `{"name":1}`, nil, "type /name"},
		{"jsonUnknown: duplicate unknown field", "t#Strict", `{"x-a":1,"x-a":2}`, nil, "duplicate-key /x-a"},
		{"jsonUnknown: open union takes an unknown member", "t#Open", `{"future":{"a":1}}`, []sv.Option{sv.RejectUnknownMembers(true)}, ""},
		{"jsonUnknown: open union, known member", "t#Open", `{"known":1}`, nil, "type /known"},
		{"jsonUnknown: open union, still exactly one", "t#Open", `{"known":"a","future":1}`, nil, "union "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := mustPrepare(t, m, tc.shape, tc.opts...)
			r := validateJSON(t, v, tc.value)
			if got := codePaths(r); got != tc.want {
				t.Errorf("%s: findings %q, want %q\n%v", tc.value, got, tc.want, r.Findings)
			}
		})
	}
}

// codePaths renders findings as "code path" joined by "; ".
func codePaths(r sv.Result) string {
	var parts []string
	for _, f := range r.Findings {
		parts = append(parts, string(f.Code)+" "+f.Path.String())
	}
	return strings.Join(parts, "; ")
}

// The findings' messages say what a user needs: the allowed names, the
// closest member, the members that match.
func TestAlloyMessages(t *testing.T) {
	m := loadAlloyModel(t, alloyModel)
	for _, tc := range []struct {
		name, shape, value, want string
	}{
		{"missing", "t#Block", `{"text":"hi"}`, `missing the discriminator field "type" of union t#Block (one of: text, image)`},
		{"no member", "t#Block", `{"type":"audio"}`, `the discriminator "type" names no member of union t#Block: "audio" (one of: text, image)`},
		{"not a string", "t#Block", `{"type":true}`, `must be a string naming a member of union t#Block (one of: text, image), found a boolean`},
		{"closest", "t#Shape", `{"side":"x"}`, `no member of untagged union t#Shape accepts the value; the closest is square (t#Shape$square), with 1 error`},
		{"closest, with warnings", "t#Shape", `{"side":"x","r":1,"s":2}`, `the closest is square (t#Shape$square), with 1 error and 2 warnings`},
		{"ambiguous", "t#Loose", `{}`, `2 members of untagged union t#Loose accept the value equally well (no finding): a, b; the first, a, is taken`},
		{"ambiguous, with a warning each", "t#Loose", `{"z":1}`, `accept the value equally well (1 warning): a, b; the first, a, is taken`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := validateJSON(t, mustPrepare(t, m, tc.shape), tc.value)
			if len(r.Findings) == 0 || !strings.Contains(r.Findings[0].Message, tc.want) {
				t.Errorf("messages %v, want one containing %q", r.Findings, tc.want)
			}
		})
	}
}

// Preparation rejects alloy traits the engine cannot honor, naming the
// shape and the trait.
func TestAlloyPrepareProblems(t *testing.T) {
	for _, tc := range []struct {
		name, src, root, want string
	}{
		{"discriminated member not a structure", `
@alloy#discriminated("type")
union U { a: String }`, "t#U", `member of a @discriminated union must target a structure, found smithy.api#String`},
		{"discriminator is a member", `
@alloy#discriminated("kind")
union U { a: A }
structure A { kind: String }`, "t#U", `the discriminator "kind" is also a member of t#A (t#A$kind)`},
		{"empty discriminator", `
@alloy#discriminated("")
union U { a: A }
structure A {}`, "t#U", `non-empty string`},
		{"two jsonUnknown members", `
structure S {
    @alloy#jsonUnknown
    a: M
    @alloy#jsonUnknown
    b: M
}
map M { key: String, value: Document }`, "t#S", `t#S has two @jsonUnknown members, a and b`},
		{"jsonUnknown on a string", `
structure S {
    @alloy#jsonUnknown
    a: String
}`, "t#S", `a @jsonUnknown member of a structure must target a map`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := loadAlloyModel(t, "$version: \"2\"\nnamespace t\n"+tc.src)
			_, err := sv.Prepare(m, shapeid.MustParse(tc.root))
			var me *sv.ModelError
			if !errors.As(err, &me) {
				t.Fatalf("Prepare: %v, want a *ModelError", err)
			}
			if !strings.Contains(me.Error(), tc.want) {
				t.Errorf("problems %q, want one containing %q", me.Error(), tc.want)
			}
		})
	}
}

// The AlloyTraits model validator reports what Prepare would reject, under
// either member-name policy, once per problem; a model without alloy
// traits, or with valid ones, gives no event.
func TestAlloyTraitsValidator(t *testing.T) {
	var check func(*model.Model) []model.Event
	for _, v := range sv.ModelValidators() {
		if v.Name == "AlloyTraits" {
			check = v.Check
		}
	}
	if check == nil {
		t.Fatal("no AlloyTraits model validator")
	}
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"valid", alloyModel, nil},
		{"no alloy traits", "$version: \"2\"\nnamespace t\nunion U { a: String }\n", nil},
		{"discriminated member not a structure", `$version: "2"
namespace t
@alloy#discriminated("type")
union U { a: String, b: B }
structure B { @jsonName("type") kind: String }
structure S { u: U }`, []string{
			"[ERROR] t#U$a: @alloy#discriminated: a member of a @discriminated union must target a structure, found smithy.api#String (a string) | AlloyTraits",
			"[ERROR] t#U$b: @alloy#discriminated: the discriminator \"type\" is also a member of t#B (t#B$kind): the field would hold the member's name | AlloyTraits"}},
		{"two jsonUnknown members", `$version: "2"
namespace t
structure S {
    @alloy#jsonUnknown
    a: M
    @alloy#jsonUnknown
    b: M
}
map M { key: String, value: Document }`, []string{
			"[ERROR] t#S$b: @alloy#jsonUnknown: t#S has two @jsonUnknown members, a and b: at most one takes the unknown fields | AlloyTraits"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			evs := check(loadAlloyModel(t, tc.src))
			model.SortEvents(evs)
			if got, want := eventLines(evs), strings.Join(tc.want, "\n"); got != want {
				t.Errorf("events:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// Untagged members are ranked by their findings (errors, then warnings,
// then advisories): on MCP's elicitation schemas in miniature
// (schemaUnionModel, untagged_bench_test.go), the member a value fits with
// no finding is taken over members that accept it with unknown-member
// warnings, and a tie of exact fits stays an untagged-ambiguous advisory.
func TestUntaggedRanking(t *testing.T) {
	v := mustPrepare(t, loadAlloyModel(t, schemaUnionModel), "t#Schema")
	for _, tc := range []struct {
		name, value, want string
	}{
		{"plain string schema", `{"type":"string","title":"Name"}`, ""},
		{"string schema with an unknown member: the only match, kept with its warning",
			`{"type":"string","pattern":"^a"}`, "unknown-member /pattern"},
		{"titled enum: oneOf fits, the string schema only with a warning",
			`{"type":"string","oneOf":[{"const":"h1","title":"Superman"}]}`, ""},
		{"legacy enum: enumNames fits the legacy schema alone",
			`{"type":"string","enum":["p1"],"enumNames":["Cats"]}`, ""},
		{"untitled enum: two exact fits tie, the warned string schema is no candidate",
			`{"type":"string","enum":["a","b"]}`, "untagged-ambiguous "},
		{"a tie of warned fits keeps the first's warning",
			`{"type":"string","enum":["a"],"x-extra":1}`, "untagged-ambiguous ; unknown-member /x-extra"},
		{"number schema: integer", `{"type":"integer","minimum":1,"maximum":100,"default":42}`, ""},
		{"multi-select enum", `{"type":"array","items":{"type":"string","enum":["a"]}}`, ""},
		{"no fit: equal errors, the first in model order is the closest", `{"type":"boolean","default":"yes"}`, "untagged ; enum /type"},
		{"no fit: equal errors, fewer warnings are closer", `{"type":"boolean","default":"yes","enum":["a"]}`, "untagged ; enum /type"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := validateJSON(t, v, tc.value)
			if got := codePaths(r); got != tc.want {
				t.Errorf("%s: findings %q, want %q\n%v", tc.value, got, tc.want, r.Findings)
			}
		})
	}
	// The closest member is named: string for a tie in errors (the first),
	// untitledEnum when the others also warn about "enum".
	for value, closest := range map[string]string{
		`{"type":"boolean","default":"yes"}`:              "the closest is string (t#Schema$string), with 1 error",
		`{"type":"boolean","default":"yes","enum":["a"]}`: "the closest is untitledEnum (t#Schema$untitledEnum), with 1 error",
	} {
		r := validateJSON(t, v, value)
		if len(r.Findings) == 0 || !strings.HasSuffix(r.Findings[0].Message, closest) {
			t.Errorf("%s: findings %v, want the first ending %q", value, r.Findings, closest)
		}
	}
	// The tie names exactly the exact fits, and the choice is the first.
	r := validateJSON(t, v, `{"type":"string","enum":["a","b"]}`)
	if len(r.Findings) != 1 || r.Findings[0].Got != "untitledEnum, legacyEnum" {
		t.Errorf("tie: findings %v, want one naming untitledEnum, legacyEnum", r.Findings)
	}
}

// Untagged unions that nest themselves are bounded: a value is tried
// against at most MaxUntaggedTries member combinations, then validation
// stops with an untagged-limit finding, instead of growing exponentially
// with the depth of the value.
func TestUntaggedLimit(t *testing.T) {
	m := loadAlloyModel(t, `$version: "2"
namespace t
@alloy#untagged
union R { a: L1, b: L2, s: String }
list L1 { member: R }
list L2 { member: R }
`)
	v := mustPrepare(t, m, "t#R")
	nest := func(d int) string { return strings.Repeat("[", d) + `"x"` + strings.Repeat("]", d) }
	for _, tc := range []struct {
		name     string
		depth    int
		complete bool
		last     sv.Code
	}{
		{"shallow: both lists match", 3, true, sv.CodeUntaggedAmbiguous},
		{"deep: bounded", 40, false, sv.CodeUntaggedLimit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := validateJSON(t, v, nest(tc.depth))
			if r.Complete != tc.complete {
				t.Errorf("complete %v, want %v: %v", r.Complete, tc.complete, r.Findings)
			}
			found := false
			for _, f := range r.Findings {
				found = found || f.Code == tc.last
			}
			if !found {
				t.Errorf("no %s finding: %v", tc.last, r.Findings)
			}
		})
	}
}
