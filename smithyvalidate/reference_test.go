package smithyvalidate_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// unionsModel has a union, a float, a document and a list of documents
// in an operation's input and in a trait, for the cases below.
const unionsModel = `$version: "2"
namespace t

operation Op {
    input := {
        u: U
        us: UList
        f: Float
        d: Document
        dl: DocList
        t: Timestamp
        @timestampFormat("epoch-seconds")
        te: Timestamp
    }
}
union U { a: String, b: Integer, n: Nested }
structure Nested { @required x: String }
list UList { member: U }
list DocList { member: Document }

@trait
structure cfg { u: U, f: Float, d: Document }
`

// TestModelValuesAsTheReference checks the rules of the reference's
// NodeValidationVisitor that the engine's own rules differ from, on
// examples and trait values, with each event's position:
//
//   - an empty union object gives no event (the AWS model clouddirectory
//     has one in an example, and the event was a false ERROR whose text
//     no reference source contains);
//   - a union object with more than one field is one event at the
//     object, and nothing inside it is checked: not its members' values,
//     not its unknown members, not its nulls;
//   - a union object whose one field is null checks null against the
//     member's target;
//   - a float takes any number, however large;
//   - a document takes null.
func TestModelValuesAsTheReference(t *testing.T) {
	for _, tc := range []struct {
		name, examples, trait string
		want                  []string // "line:column [SEVERITY] message | ID"
	}{
		{"empty union object", `{u: {}}`, `{u: {}}`, nil},
		{"empty union objects in a list (clouddirectory)", `{us: [{a: "x"}, {}]}`, ``, nil},
		{"two members", `{u: {a: "x", b: 1}}`, `{u: {a: "x", b: 1}}`, []string{
			"@ [ERROR] %s.u: union values can contain a value for only a single member | %s"}},
		{"two members of the wrong types, one deep", `{u: {a: 5, n: {}}}`, `{u: {a: 5, n: {}}}`, []string{
			"@ [ERROR] %s.u: union values can contain a value for only a single member | %s"}},
		{"a member and an unknown one", `{u: {a: "x", zz: 1}}`, `{u: {a: "x", zz: 1}}`, []string{
			"@ [ERROR] %s.u: union values can contain a value for only a single member | %s"}},
		{"a member and a null one", `{u: {a: "x", b: null}}`, `{u: {a: "x", b: null}}`, []string{
			"@ [ERROR] %s.u: union values can contain a value for only a single member | %s"}},
		{"only an unknown member", `{u: {zz: 1}}`, `{u: {zz: 1}}`, []string{
			"@zz [ERROR] %s.u: Member `zz` does not exist in `t#U` | %s.UnknownMember.t#U.zz"}},
		{"only a null member", `{u: {a: null}}`, `{u: {a: null}}`, []string{
			"@null [ERROR] %s.u.a: Expected string value for string shape, `smithy.api#String`; found null value | %s"}},
		{"one member, its value checked", `{u: {n: {}}}`, `{u: {n: {}}}`, []string{
			"@{}} [ERROR] %s.u.n: Missing required structure member `x` for `t#Nested` | %s"}},
		{"a float beyond the largest float", `{f: 1e400}`, `{f: 1e400}`, nil},
		{"a null document", `{d: null}`, `{d: null}`, nil},
		// supplychain's examples write epoch milliseconds.
		{"epoch seconds past 9999", `{t: 17261674383136, te: -99999999999999}`, ``, nil},
		{"a date-time past 9999", `{t: "10000-01-01T00:00:00Z"}`, ``, []string{
			"@\"10000 [ERROR] %s.t: Invalid string value, `10000-01-01T00:00:00Z`, provided for timestamp, `smithy.api#Timestamp`. Expected an RFC 3339 formatted timestamp (e.g., \"1985-04-12T23:20:50.52Z\") | %s"}},
		{"a null in a list of documents", `{dl: [null]}`, ``, []string{
			"@null [ERROR] %s.dl.0: Non-sparse list shape `t#DocList` cannot contain null values | %s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, kind := range []string{"examples", "trait"} {
				var src, value, prefix, id string
				switch kind {
				case "examples":
					value = tc.examples
					src = strings.Replace(unionsModel, "operation Op {", "@examples([{title: \"e\", input: "+value+"}])\noperation Op {", 1)
					prefix, id = "Example input of `e`", "ExamplesTrait"
				case "trait":
					if tc.trait == "" {
						continue
					}
					value = strings.TrimSuffix(strings.TrimPrefix(tc.trait, "{"), "}")
					src = unionsModel + "@cfg(" + value + ")\nstring S\n"
					prefix, id = "Error validating trait `t#cfg`", "TraitValue"
				}
				m := loadModel(t, src)
				var evs []model.Event
				if kind == "examples" {
					evs = sv.CheckExamples(m)
				} else {
					fs, err := sv.CheckTraitValues(m)
					if err != nil {
						t.Fatal(err)
					}
					for _, f := range fs {
						evs = append(evs, f.Events()...)
					}
				}
				lines := strings.Split(src, "\n")
				var got, want []string
				for _, e := range evs {
					got = append(got, fmt.Sprintf("%d:%d [%s] %s | %s", e.Source.Pos.Line, e.Source.Pos.Column, e.Severity, e.Message, e.ID))
				}
				for _, w := range tc.want {
					// "@text" names where the event must be: the first
					// occurrence of text in the value's line, after "u:"
					// when there is one.
					at, rest, _ := strings.Cut(w, " ")
					line, col := locate(lines, value, strings.TrimPrefix(at, "@"))
					want = append(want, fmt.Sprintf("%d:%d %s", line, col, fmt.Sprintf(rest, prefix, id)))
				}
				if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
					t.Errorf("%s (%s): got\n%s\nwant\n%s", tc.name, kind, g, w)
				}
			}
		})
	}
}

// locate returns the 1-based line and column of the value's line where
// text starts: searched after the union's "u: " when the value has one,
// and "" stands for the union object itself.
func locate(lines []string, value, text string) (int, int) {
	for i, l := range lines {
		start := strings.Index(l, value)
		if start < 0 {
			continue
		}
		from := start
		if u := strings.Index(l[start:], "u: "); u >= 0 {
			from = start + u + len("u: ")
		}
		if text == "" {
			return i + 1, from + 1
		}
		return i + 1, from + strings.Index(l[from:], text) + 1
	}
	return 0, 0
}

// TestAllowConstraintErrorsAsTheReference checks which constraint
// findings an example with allowConstraintErrors lowers to WARNING: those
// of strings, blobs, maps, ranges, patterns and required members, not the
// length of a list (the reference's CollectionLengthPlugin has no such
// feature) and not unique items or enum values.
func TestAllowConstraintErrorsAsTheReference(t *testing.T) {
	m := loadModel(t, `$version: "2"
namespace t
@examples([{title: "e", allowConstraintErrors: true, input: {l: ["a"], s: "a", m: {a: "b"}, b: "a", u: ["x", "x"], e: "C"}, error: {shapeId: "t#Oops"}}])
operation Op {
    input := {
        @required r: String
        l: L
        s: S
        m: M
        b: B
        u: U
        e: E
    }
    errors: [Oops]
}
@error("client") structure Oops {}
@length(min: 2) list L { member: String }
@length(min: 2) string S
@length(min: 2) map M { key: String, value: String }
@length(min: 2) blob B
@uniqueItems list U { member: String }
enum E { A, B }
`)
	var got []string
	for _, e := range sv.CheckExamples(m) {
		got = append(got, fmt.Sprintf("[%s] %s", e.Severity, e.Message))
	}
	want := []string{
		"[WARNING] Example input of `e`: Missing required structure member `r` for `t#OpInput`",
		"[ERROR] Example input of `e`.l: Value provided for `t#L` must have at least 2 elements, but the provided value only has 1 elements",
		"[WARNING] Example input of `e`.s: String value provided for `t#S` must be >= 2 characters, but the provided value is only 1 characters.",
		"[WARNING] Example input of `e`.m: Value provided for `t#M` must have at least 2 entries, but the provided value only has 1 entries",
		"[WARNING] Example input of `e`.b: Value provided for `t#B` must have at least 2 bytes, but the provided value only has 1 bytes",
		"[ERROR] Example input of `e`.u: Value provided for `t#U` must have unique items, but the following items had multiple entries: [`x`]",
		"[ERROR] Example input of `e`.e: String value provided for `t#E` must be one of the following values: `A`, `B`",
	}
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("got\n%s\nwant\n%s", g, w)
	}
}
