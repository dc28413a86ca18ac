package smithyvalidate_test

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// eventLines renders events as "[SEVERITY] shape: message | ID" lines, the
// form of the reference's error files.
func eventLines(evs []model.Event) string {
	var lines []string
	for _, e := range evs {
		lines = append(lines, "["+e.Severity.String()+"] "+e.Shape.String()+": "+e.Message+" | "+e.ID)
	}
	return strings.Join(lines, "\n")
}

// checkEvents compares the events a validator gave with want (one
// eventLines line each) and, when positioned, asks every event for a
// source position.
func checkEvents(t *testing.T, name string, evs []model.Event, want []string, positioned bool) {
	t.Helper()
	if got, w := eventLines(evs), strings.Join(want, "\n"); got != w {
		t.Errorf("%s: got\n%s\nwant\n%s", name, got, w)
	}
	if !positioned {
		return
	}
	for _, e := range evs {
		if !e.Source.Pos.IsValid() {
			t.Errorf("%s: event without a position: %s", name, e)
		}
	}
}

func TestCheckDefaults(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"valid defaults", `
structure S {
    a: Integer = 1
    b: String = "x"
    c: StringList = []
    d: Document = "text"
    e: Integer = null
    f: PrimitiveInteger = 0
}
list StringList { member: String }`, nil},
		// smithy-python's weather model: java.time's RFC_1123_DATE_TIME,
		// which the reference parses http-dates of a model with, takes a
		// one-digit day and no seconds; a time zone other than GMT stays an
		// error.
		{"http-date as the reference reads one", `
structure S {
    @timestampFormat("http-date")
    a: Timestamp = "Tue, 3 Jun 2008 11:05:30 GMT"
    @timestampFormat("http-date")
    b: Timestamp = "Tue, 03 Jun 2008 11:05 GMT"
    @timestampFormat("http-date")
    c: Timestamp = "Tue, 3 Jun 2008 11:05:30 UT"
}`, []string{
			"[ERROR] t#S$c: Error validating @default trait: Invalid value provided for http-date formatted timestamp. Expected a string value that matches the IMF-fixdate production of RFC 9110 section-5.6.7. Found: Tue, 3 Jun 2008 11:05:30 UT | DefaultTrait"}},
		{"wrong type", `
structure S {
    a: String = 10
}`, []string{
			"[ERROR] t#S$a: Error validating @default trait: Expected string value for string shape, `smithy.api#String`; found number value, `10` | DefaultTrait"}},
		{"boolean for an integer", `
structure S {
    a: Integer = true
}`, []string{
			"[ERROR] t#S$a: Error validating @default trait: Expected number value for integer shape, `smithy.api#Integer`; found boolean value, `true` | DefaultTrait"}},
		{"outside the type's range", `
structure S {
    a: Short = 40000
}`, []string{
			"[ERROR] t#S$a: Error validating @default trait: short value must be < 32767, but found 40000 | DefaultTrait"}},
		{"fraction for an integer", `
structure S {
    a: Long = 1.5
}`, []string{
			"[ERROR] t#S$a: Error validating @default trait: long shapes must not have floating point values, but found `1.5` provided for `smithy.api#Long` | DefaultTrait"}},
		{"range on the member, zero is a warning", `
structure S {
    @range(min: 1)
    a: Integer = 0
    @range(max: 5)
    b: Integer = 7
}`, []string{
			"[WARNING] t#S$a: Error validating @default trait: Value provided for `t#S$a` must be greater than or equal to 1, but found 0 | DefaultTrait.Member.InvalidRange",
			"[ERROR] t#S$b: Error validating @default trait: Value provided for `t#S$b` must be less than or equal to 5, but found 7 | DefaultTrait.Member.InvalidRange"}},
		{"member and target ranges both apply", `
structure S {
    @range(max: 2)
    a: Small = 3
}
@range(min: 5)
integer Small`, []string{
			"[ERROR] t#S$a: Error validating @default trait: Value provided for `t#S$a` must be less than or equal to 2, but found 3 | DefaultTrait.Member.InvalidRange",
			"[ERROR] t#S$a: Error validating @default trait: Value provided for `t#Small` must be greater than or equal to 5, but found 3 | DefaultTrait.Target.InvalidRange"}},
		{"length and pattern of the target", `
structure S {
    a: Code = "ab"
}
@length(min: 3)
@pattern("^[0-9]+$")
string Code`, []string{
			"[ERROR] t#S$a: Error validating @default trait: String value provided for `t#Code` must be >= 3 characters, but the provided value is only 2 characters. | DefaultTrait",
			"[ERROR] t#S$a: Error validating @default trait: String value provided for `t#Code` must match regular expression: ^[0-9]+$ | DefaultTrait"}},
		{"enum value", `
structure S {
    a: Color = "green"
}
enum Color {
    RED
    BLUE = "blue"
}`, []string{
			"[ERROR] t#S$a: Error validating @default trait: String value provided for `t#Color` must be one of the following values: `RED`, `blue` | DefaultTrait"}},
		{"null on a shape", `
@default(null)
integer N`, []string{
			"[ERROR] t#N: The @default trait can be set to null only on members | DefaultTrait"}},
		{"non-empty list, map and document", `
structure S {
    l: StringList = ["a"]
    m: StringMap = {a: "b"}
    d: Document = [1]
    o: Document = {a: 1}
}
list StringList { member: String }
map StringMap { key: String, value: String }`, []string{
			"[ERROR] t#S$l: The @default value of a list must be an empty list | DefaultTrait",
			"[ERROR] t#S$m: The @default value of a map must be an empty map | DefaultTrait",
			"[ERROR] t#S$d: The @default value of a document cannot be a non-empty array | DefaultTrait",
			"[ERROR] t#S$o: The @default value of a document cannot be a non-empty object | DefaultTrait"}},
		{"blob not base64", `
structure S {
    b: Blob = "not base64!"
}`, []string{
			"[WARNING] t#S$b: The @default value of a blob should be a valid base64 string. | DefaultTrait"}},
		{"member must repeat its target's default", `
structure S {
    a: Zero = 1
    b: Zero
    c: Zero = null
}
@default(0)
integer Zero`, []string{
			"[ERROR] t#S$a: Member defines a default value that differs from the default value of the target shape, t#Zero. The member has a default of `1`, but the target has a default of `0`. | DefaultTrait",
			"[ERROR] t#S$b: Member targets t#Zero, which requires that the member defines the same default of `0` or `null` | DefaultTrait"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := loadModel(t, "$version: \"2\"\nnamespace t\n"+tc.src)
			got := eventLines(sv.CheckDefaults(m))
			if want := strings.Join(tc.want, "\n"); got != want {
				t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, want)
			}
		})
	}
}

const examplesModel = `$version: "2"
namespace t

service Svc { version: "1", operations: [Op, Other], errors: [SvcError] }

operation Op {
    input := {
        @required
        name: String
        @range(min: 1, max: 10)
        count: Integer
        tags: Tags
        @range(max: 10)
        small: Small
    }
    output := { @required id: String }
    errors: [OpError]
}

operation Other {}

@uniqueItems
list Tags { member: String }

@range(min: 5)
integer Small

@error("client")
structure OpError { message: String }

@error("server")
structure SvcError { message: String }

@error("client")
structure Unbound { message: String }
`

func TestCheckExamples(t *testing.T) {
	for _, tc := range []struct {
		name, op, examples string
		want               []string
	}{
		{"valid", "Op", `[{title: "ok", input: {name: "a", count: 2}, output: {id: "x"}},
                          {title: "err", input: {name: "a"}, error: {shapeId: "t#OpError", content: {message: "m"}}},
                          {title: "svc", input: {name: "a"}, error: {shapeId: "t#SvcError", content: {}}}]`, nil},
		{"input missing a required member", "Op", `[{title: "t1", input: {count: 2}}]`, []string{
			"[ERROR] t#Op: Example input of `t1`: Missing required structure member `name` for `t#OpInput` | ExamplesTrait"}},
		{"input out of range and of the wrong type", "Op", `[{title: "t1", input: {name: 3, count: 11}}]`, []string{
			"[ERROR] t#Op: Example input of `t1`.name: Expected string value for string shape, `smithy.api#String`; found number value, `3` | ExamplesTrait",
			"[ERROR] t#Op: Example input of `t1`.count: Value provided for `t#OpInput$count` must be less than or equal to 10, but found 11 | ExamplesTrait.Member.InvalidRange"}},
		{"unknown member and repeated items", "Op", `[{title: "t1", input: {name: "a", extra: 1, tags: ["x", "y", "x", "x"]}}]`, []string{
			"[WARNING] t#Op: Example input of `t1`: Member `extra` does not exist in `t#OpInput` | ExamplesTrait.UnknownMember.t#OpInput.extra",
			"[ERROR] t#Op: Example input of `t1`.tags: Value provided for `t#Tags` must have unique items, but the following items had multiple entries: [`x`] | ExamplesTrait"}},
		{"null for an optional member", "Op", `[{title: "t1", input: {name: "a", count: null}}]`, []string{
			"[ERROR] t#Op: Example input of `t1`.count: Expected number value for integer shape, `smithy.api#Integer`; found null value | ExamplesTrait"}},
		{"output checked", "Op", `[{title: "t1", input: {name: "a"}, output: {}}]`, []string{
			"[ERROR] t#Op: Example output of `t1`: Missing required structure member `id` for `t#OpOutput` | ExamplesTrait"}},
		{"output and error", "Op", `[{title: "t1", input: {name: "a"}, output: {id: "x"}, error: {shapeId: "t#OpError", content: {}}}]`, []string{
			"[ERROR] t#Op: Example: `t1` has both output and error defined, only one should be present. | ExamplesTrait"}},
		{"error content checked", "Op", `[{title: "t1", input: {name: "a"}, error: {shapeId: "t#OpError", content: {message: 1}}}]`, []string{
			"[ERROR] t#Op: Example error of `t1`.message: Expected string value for string shape, `smithy.api#String`; found number value, `1` | ExamplesTrait"}},
		{"error not bound", "Op", `[{title: "t1", input: {name: "a"}, error: {shapeId: "t#Unbound", content: {}}}]`, []string{
			"[ERROR] t#Op: Error parameters provided for operation without the `t#Unbound` error: `t1` | ExamplesTrait"}},
		{"allowConstraintErrors without an error", "Op", `[{title: "t1", input: {name: "a", count: 0}, allowConstraintErrors: true}]`, []string{
			"[ERROR] t#Op: Example: `t1` has allowConstraintErrors enabled, so error must be defined. | ExamplesTrait",
			"[WARNING] t#Op: Example input of `t1`.count: Value provided for `t#OpInput$count` must be greater than or equal to 1, but found 0 | ExamplesTrait.Member.InvalidRange"}},
		{"allowConstraintErrors lowers constraints only", "Op", `[{title: "t1", input: {count: "x"}, allowConstraintErrors: true, error: {shapeId: "t#OpError", content: {}}}]`, []string{
			"[WARNING] t#Op: Example input of `t1`: Missing required structure member `name` for `t#OpInput` | ExamplesTrait",
			"[ERROR] t#Op: Example input of `t1`.count: Expected number value for integer shape, `smithy.api#Integer`; found string value, `x` | ExamplesTrait"}},
		{"member and target ranges both apply", "Op", `[{title: "t1", input: {name: "a", small: 3}}, {title: "t2", input: {name: "a", small: 11}}]`, []string{
			"[ERROR] t#Op: Example input of `t1`.small: Value provided for `t#Small` must be greater than or equal to 5, but found 3 | ExamplesTrait.Target.InvalidRange",
			"[ERROR] t#Op: Example input of `t2`.small: Value provided for `t#OpInput$small` must be less than or equal to 10, but found 11 | ExamplesTrait.Member.InvalidRange"}},
		{"unit input", "Other", `[{title: "t1", input: {foo: 1}}]`, []string{
			"[WARNING] t#Other: Example input of `t1`: Member `foo` does not exist in `smithy.api#Unit` | ExamplesTrait.UnknownMember.smithy.api#Unit.foo"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(examplesModel, "operation "+tc.op+" {", "@examples("+tc.examples+")\noperation "+tc.op+" {", 1)
			m := loadModel(t, src)
			checkEvents(t, tc.name, sv.CheckExamples(m), tc.want, true)
		})
	}
}

func TestTraitValueWording(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"unknown member of a prelude trait", `
@range(maxx: 1)
integer I`, []string{
			"[WARNING] t#I: Error validating trait `range`: Member `maxx` does not exist in `smithy.api#range` | TraitValue.UnknownMember.smithy.api#range.maxx"}},
		{"custom trait: type, range and required", `
@trait
structure cfg {
    @required
    name: String
    @range(min: 1)
    level: Integer
    pairs: Pairs
}
map Pairs { key: Key, value: String }
@length(max: 2)
string Key
@cfg(level: 0, pairs: {long: "v"})
string S`, []string{
			"[ERROR] t#S: Error validating trait `t#cfg`: Missing required structure member `name` for `t#cfg` | TraitValue",
			"[ERROR] t#S: Error validating trait `t#cfg`.level: Value provided for `t#cfg$level` must be greater than or equal to 1, but found 0 | TraitValue.Member.InvalidRange",
			"[ERROR] t#S: Error validating trait `t#cfg`.pairs.long (map-key): String value provided for `t#Key` must be <= 2 characters, but the provided value is 4 characters. | TraitValue"}},
		{"union with two members, unknown union member", `
@trait
union choice { a: String, b: String }
@choice(a: "x", b: "y")
string S1
@choice(c: "x")
string S2`, []string{
			"[ERROR] t#S1: Error validating trait `t#choice`: union values can contain a value for only a single member | TraitValue",
			"[ERROR] t#S2: Error validating trait `t#choice`: Member `c` does not exist in `t#choice` | TraitValue.UnknownMember.t#choice.c"}},
		{"null in a list that is not sparse", `
@trait
list names { member: String }
@names(["a", null])
string S`, []string{
			"[ERROR] t#S: Error validating trait `t#names`.1: Non-sparse list shape `t#names` cannot contain null values | TraitValue",
			"[ERROR] t#S: Error validating trait `t#names`.1: Expected string value for string shape, `smithy.api#String`; found null value | TraitValue"}},
		{"timestamp and float forms", `
@trait
structure times {
    @timestampFormat("http-date")
    h: Timestamp
    d: Timestamp
    f: Float
}
@times(h: "yesterday", d: true, f: "many")
string S
@times(h: "Tue, 3 Jun 2008 11:05:30 GMT")
string S2`, []string{
			"[ERROR] t#S: Error validating trait `t#times`.h: Invalid value provided for http-date formatted timestamp. Expected a string value that matches the IMF-fixdate production of RFC 9110 section-5.6.7. Found: yesterday | TraitValue",
			"[ERROR] t#S: Error validating trait `t#times`.d: Invalid boolean value provided for timestamp, `smithy.api#Timestamp`. Expected a number that contains epoch seconds with optional millisecond precision, or a string that contains an RFC 3339 formatted timestamp (e.g., \"1985-04-12T23:20:50.52Z\") | TraitValue",
			"[ERROR] t#S: Error validating trait `t#times`.f: Value for `smithy.api#Float` must either be numeric or one of the following strings: [\"NaN\", \"Infinity\", \"-Infinity\"], but was \"many\" | TraitValue"}},
		{"prelude traits the reference cannot create", `
@deprecated("soon")
@sensitive(true)
string A
@error("teapot")
structure E {}
@auth(["not a shape ID"])
service Svc {}
@length(min: 1, max: "x")
string B`, []string{
			"[ERROR] t#A: Error creating trait `deprecated`: Expected object, but found string. | Model",
			"[ERROR] t#A: Error creating trait `sensitive`: Annotation traits  must be an object or omitted in the IDL, but found boolean | Model",
			"[ERROR] t#B: Error creating trait `length`: Expected `max` to be a number; found string | Model",
			"[ERROR] t#E: Error creating trait `error`: error trait must be set to client or server, found `teapot` | Model",
			"[ERROR] t#Svc: Error creating trait `auth`: Invalid shape ID: not a shape ID | Model"}},
		{"nested member and target lengths both apply", `
@trait
structure codes {
    @length(max: 3)
    list: Codes
}
@length(min: 2)
list Codes { member: String }
@codes(list: ["a"])
string S`, []string{
			"[ERROR] t#S: Error validating trait `t#codes`.list: Value provided for `t#Codes` must have at least 2 elements, but the provided value only has 1 elements | TraitValue"}},
		{"externalDocumentation URLs", `
@externalDocumentation(Home: "https://example.com", Spec: "see the wiki", Mail: "mailto:a@example.com")
string A`, []string{
			"[ERROR] t#A: Error creating trait `externalDocumentation`: Each externalDocumentation value must be a valid URL. Found \"see the wiki\" for name \"Spec\" | Model"}},
		{"omitted values: {} and [] only for structures, maps and lists", `
@trait
structure marker {}
@trait
list tags { member: String }
@trait
boolean flag
@trait
string label
@marker
@tags
@flag
@label
string A
@marker(null)
string B`, []string{
			"[ERROR] t#A: Error validating trait `t#flag`: Expected boolean value for boolean shape, `t#flag`; found null value | TraitValue",
			"[ERROR] t#A: Error validating trait `t#label`: Expected string value for string shape, `t#label`; found null value | TraitValue",
			"[ERROR] t#B: Error validating trait `t#marker`: Expected object value for structure shape, `t#marker`; found null value | TraitValue"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := loadModel(t, "$version: \"2\"\nnamespace t\n"+tc.src)
			fs, err := sv.CheckTraitValues(m)
			if err != nil {
				t.Fatal(err)
			}
			var evs []model.Event
			for _, f := range fs {
				evs = append(evs, f.Events()...)
			}
			checkEvents(t, tc.name, evs, tc.want, false)
		})
	}
}

func TestCheckMetadata(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"valid", `metadata level = "LOW"
namespace t
@metadata(key: "level")
enum Level { LOW, HIGH }`, nil},
		{"enum value", `metadata level = "MID"
namespace t
@metadata(key: "level")
enum Level { LOW, HIGH }`, []string{
			"[ERROR] : metadata.level: String value provided for `t#Level` must be one of the following values: `HIGH`, `LOW` | TypedMetadata.level"}},
		{"nested required member and base64 blob", `metadata audit = [{data: "not base64!"}]
namespace t
@metadata(key: "audit")
list Audits { member: Audit }
structure Audit {
    @required
    namespace: String
    data: Blob
}`, []string{
			"[ERROR] : metadata.audit.0: Missing required structure member `namespace` for `t#Audit` | TypedMetadata.audit",
			"[ERROR] : metadata.audit.0.data: Blob value must be a valid base64 string | TypedMetadata.audit"}},
		{"key typed twice is not checked", `metadata level = 3
namespace t
@metadata(key: "level")
string A
@metadata(key: "level")
string B`, nil},
		{"untyped metadata is not checked", `metadata other = 3
namespace t
string A`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := loadModel(t, "$version: \"2\"\n"+strings.ReplaceAll(tc.src, "{ LOW, HIGH }", "{\n    LOW\n    HIGH\n}"))
			got := eventLines(sv.CheckMetadata(m))
			if want := strings.Join(tc.want, "\n"); got != want {
				t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, want)
			}
		})
	}
}
