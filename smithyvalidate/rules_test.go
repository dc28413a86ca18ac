package smithyvalidate_test

import (
	"strings"
	"testing"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

const rulesModel = `$version: "2"
namespace t

boolean Bool
@range(min: 10, max: 20)
byte RByte
short Short
integer Int
long Long
bigInteger BigInt
@range(min: 1.5, max: 2.5)
bigDecimal BigDec
@range(min: 10, max: 20)
float RFloat
float Float
double Double
@range(min: 0)
double PosDouble
@range(min: -9223372036854775809)
bigInteger HugeMin
@length(min: 1, max: 3)
string Short3
@pattern("^[A-Z]+$")
string Upper
@pattern("\\d")
string HasDigit
@pattern("^a.c$")
string Dot
@pattern("^\\s+$")
string Spaces
enum Color {
    RED = "red"
    GREEN
}
intEnum Level {
    LOW = 1
    HIGH = 2
}
@enum([{value: "foo"}, {value: "bar"}])
string Legacy
@length(min: 1, max: 3)
blob Blob3
timestamp Ts
@timestampFormat("http-date")
timestamp HttpTs
@timestampFormat("epoch-seconds")
timestamp EpochTs
document Doc
@length(min: 1, max: 2)
list Strs { member: String }
@uniqueItems
list UniqueStrs { member: String }
@sparse
list SparseStrs { member: String }
@uniqueItems
list UniqueTs { member: Timestamp }
@uniqueItems
list UniqueNums { member: BigDecimal }
@uniqueItems
list UniquePoints { member: Point }
structure Point { x: Integer, y: Integer }
@uniqueItems
list UniqueGrids { member: UniqueRows }
@uniqueItems
list UniqueRows { member: UniquePoints }
@length(max: 2)
map M { key: Key, value: Integer }
@length(min: 1, max: 2)
@pattern("^[a-z]+$")
string Key
@sparse
map SparseM { key: String, value: Integer }
map EnumKeys { key: Color, value: Integer }
structure S {
    @required
    a: String
    b: Integer
    @jsonName("C")
    c: String
    @range(min: 100)
    d: RByte
    @timestampFormat("epoch-seconds")
    e: HttpTs
    f: Integer = 0
    nested: S
    items: SList
}
list SList { member: S }
union U { s: String, i: Integer }
@idRef
string Ref
@idRef(failWhenMissing: true)
string RefMust
@idRef(failWhenMissing: true, selector: "integer")
string IntRef
@idRef(selector: "union > member")
string UnionMemberRef
@idRef(selector: "[id|name ^= Sh]")
string ShRef
`

type ruleCase struct {
	shape, value string
	want         string // summary(); "" for no finding
}

func runRules(t *testing.T, cases []ruleCase, opts ...sv.Option) {
	t.Helper()
	m := loadModel(t, rulesModel)
	validators := map[string]*sv.Validator{}
	for _, tc := range cases {
		name := tc.shape + " " + tc.value
		t.Run(name, func(t *testing.T) {
			v := validators[tc.shape]
			if v == nil {
				v = mustPrepare(t, m, "t#"+tc.shape, opts...)
				validators[tc.shape] = v
			}
			r := validateJSON(t, v, tc.value)
			if got := summary(r); got != tc.want {
				t.Errorf("%s %s:\n got  %q\n want %q\n%s", tc.shape, tc.value, got, tc.want, r.Text())
			}
			if want := wantValid(tc.want); r.Valid != want {
				t.Errorf("%s %s: Valid = %v, want %v", tc.shape, tc.value, r.Valid, want)
			}
		})
	}
}

func TestScalarRules(t *testing.T) {
	runRules(t, []ruleCase{
		{"Bool", `true`, ""},
		{"Bool", `"true"`, "type  t#Bool"},
		{"Bool", `null`, "null  t#Bool"},

		{"RByte", `10`, ""},
		{"RByte", `20`, ""},
		{"RByte", `21`, "range  t#RByte"},
		{"RByte", `9`, "range  t#RByte"},
		{"RByte", `256`, "type-range  t#RByte"},
		{"RByte", `-129`, "type-range  t#RByte"},
		{"RByte", `10.2`, "not-integer  t#RByte"},
		{"RByte", `1.0`, "not-integer  t#RByte"},
		{"RByte", `1e1`, "not-integer  t#RByte"},
		{"Short", `32767`, ""},
		{"Short", `32768`, "type-range  t#Short"},
		{"Int", `-2147483648`, ""},
		{"Int", `2147483648`, "type-range  t#Int"},
		{"Long", `9223372036854775807`, ""},
		{"Long", `-9223372036854775808`, ""},
		{"Long", `9223372036854775808`, "type-range  t#Long"},
		{"Long", `-0`, ""},
		{"BigInt", `123456789012345678901234567890`, ""},
		{"BigInt", `1.5`, "not-integer  t#BigInt"},
		{"HugeMin", `-9223372036854775809`, ""},
		{"HugeMin", `-9223372036854775810`, "range  t#HugeMin"},
		{"HugeMin", `-99999999999999999999`, "range  t#HugeMin"},
		{"BigDec", `1.5`, ""},
		{"BigDec", `2.50`, ""},
		{"BigDec", `0.25e1`, ""},
		{"BigDec", `2.5000000000000000000001`, "range  t#BigDec"},
		{"BigDec", `1.4999999999999999999999`, "range  t#BigDec"},
		{"BigDec", `2`, ""},
		{"BigDec", `"2"`, "type  t#BigDec"},

		{"RFloat", `10`, ""},
		{"RFloat", `20.0`, ""},
		{"RFloat", `20.000000000000000001`, "range  t#RFloat"},
		{"RFloat", `"NaN"`, "range  t#RFloat"},
		{"RFloat", `"Infinity"`, "range  t#RFloat"},
		{"RFloat", `"-Infinity"`, "range  t#RFloat"},
		{"PosDouble", `"Infinity"`, ""},
		{"PosDouble", `"-Infinity"`, "range  t#PosDouble"},
		{"Float", `"NaN"`, ""},
		{"Float", `"+Infinity"`, "float-string  t#Float"},
		{"Float", `3.5e38`, "type-range  t#Float"},
		{"Float", `1e-50`, ""},
		{"Double", `3.5e38`, ""},
		{"Double", `1e400`, "type-range  t#Double"},
		{"Double", `true`, "type  t#Double"},

		{"Short3", `"abc"`, ""},
		{"Short3", `"abcd"`, "length  t#Short3"},
		{"Short3", `""`, "length  t#Short3"},
		{"Short3", `"😀😀😀"`, ""}, // three scalar values (six UTF-16 units)
		{"Short3", `"é"`, ""},
		{"Upper", `"ABC"`, ""},
		{"Upper", `"abc"`, "pattern  t#Upper"},
		{"HasDigit", `"abc1def"`, ""}, // unanchored
		{"HasDigit", `"abc"`, "pattern  t#HasDigit"},
		{"Dot", `"abc"`, ""},
		{"Dot", `"a\rc"`, "pattern  t#Dot"},     // Java's '.' excludes \r
		{"Dot", `"a\u0085c"`, "pattern  t#Dot"}, // and NEXT LINE
		{"Dot", `"a😀c"`, ""},
		{"Spaces", "\" \\t\\n\\u000b\\f\\r\"", ""},
		{"Spaces", "\"\\u00a0\\ufeff\"", "pattern  t#Spaces"}, // Java's \s is ASCII (ECMA's is not)
		{"Color", `"red"`, ""},
		{"Color", `"GREEN"`, ""},
		{"Color", `"RED"`, "enum  t#Color"},
		{"Level", `2`, ""},
		{"Level", `3`, "enum  t#Level"},
		{"Level", `1.0`, "not-integer  t#Level"},
		{"Legacy", `"bar"`, ""},
		{"Legacy", `"baz"`, "enum  t#Legacy"},

		{"Blob3", `"Zm9v"`, ""}, // "foo": 3 bytes
		{"Blob3", `"Zm9vYg=="`, "length  t#Blob3"},
		{"Blob3", `""`, "length  t#Blob3"},
		{"Blob3", `"Zm9"`, "blob-encoding  t#Blob3"},
		{"Blob3", `"Zm9v!"`, "blob-encoding  t#Blob3"},
		{"Blob3", `"Zh=="`, "blob-encoding  t#Blob3"}, // non-zero unused bits
		{"Blob3", `5`, "type  t#Blob3"},

		{"Ts", `"1985-04-12T23:20:50.52Z"`, ""},
		{"Ts", `"1985-04-12T23:20:50Z"`, ""},
		{"Ts", `"2016-12-31T23:59:60Z"`, ""},
		{"Ts", `"1985-04-12T23:20:50.52+01:00"`, "timestamp  t#Ts"},
		{"Ts", `"1985-04-12t23:20:50Z"`, "timestamp  t#Ts"},
		{"Ts", `"1985-02-30T23:20:50Z"`, "timestamp  t#Ts"},
		{"Ts", `"0000-01-01T00:00:00Z"`, "timestamp  t#Ts"},
		{"Ts", `1507837929`, "type  t#Ts"},
		{"HttpTs", `"Tue, 29 Apr 2014 18:30:38 GMT"`, ""},
		{"HttpTs", `"Wed, 29 Apr 2014 18:30:38 GMT"`, "timestamp  t#HttpTs"},
		{"HttpTs", `"Tue, 29 Apr 2014 18:30:38 PST"`, "timestamp  t#HttpTs"},
		// Application data keeps the IMF-fixdate; only a model's values
		// are read as the reference reads them (referenceHTTPDates).
		{"HttpTs", `"Tue, 3 Jun 2008 11:05:30 GMT"`, "timestamp  t#HttpTs"},
		{"HttpTs", `123`, "type  t#HttpTs"},
		{"EpochTs", `1507837929.123`, ""},
		{"EpochTs", `-62135596800`, ""},
		{"EpochTs", `-62135596801`, "timestamp  t#EpochTs"},
		{"EpochTs", `253402300800`, "timestamp  t#EpochTs"},
		{"EpochTs", `"1985-04-12T23:20:50.52Z"`, "type  t#EpochTs"},

		{"Doc", `{"a":[1,null,{"b":"c"}],"d":1.5e400}`, ""},
		{"Doc", `{"a":1,"a":2}`, "duplicate-key /a"},
		{"Doc", `null`, ""},

		{"Ref", `"smithy.api#String"`, ""},
		{"Ref", `"ns.x#NotThere"`, ""},
		{"Ref", `"String"`, "id-ref  t#Ref"},
		{"RefMust", `"ns.x#NotThere"`, "id-ref-missing  t#RefMust"},
		{"IntRef", `"t#Int"`, ""},
		{"IntRef", `"t#Level"`, ""},
		{"IntRef", `"t#Short"`, "id-ref-selector  t#IntRef"},
		{"UnionMemberRef", `"t#U$s"`, ""},
		{"UnionMemberRef", `"t#U"`, "id-ref-selector  t#UnionMemberRef"},
		{"UnionMemberRef", `"t#Short"`, "id-ref-selector  t#UnionMemberRef"},
		{"ShRef", `"t#Short"`, ""},
		{"ShRef", `"t#Short3"`, ""},
		{"ShRef", `"t#Int"`, "id-ref-selector  t#ShRef"},
	})
}

func TestAggregateRules(t *testing.T) {
	runRules(t, []ruleCase{
		{"Strs", `["a"]`, ""},
		{"Strs", `[]`, "length  t#Strs"},
		{"Strs", `["a","b","c"]`, "length  t#Strs"},
		{"Strs", `["a",1]`, "type /1 t#Strs$member"},
		{"Strs", `["a",null]`, "null /1 t#Strs$member"},
		{"Strs", `{}`, "type  t#Strs"},
		{"SparseStrs", `["a",null]`, ""},
		{"UniqueStrs", `["a","b"]`, ""},
		{"UniqueStrs", `["a","b","a","a"]`, "unique-items /2 t#UniqueStrs; unique-items /3 t#UniqueStrs"},
		{"UniqueNums", `[1, 1.0, 10e-1, 2]`, "unique-items /1 t#UniqueNums; unique-items /2 t#UniqueNums"},
		{"UniqueTs", `["1970-01-01T00:00:00Z","1970-01-01T00:00:00.000Z"]`, "unique-items /1 t#UniqueTs"},
		{"UniquePoints", `[{"x":1,"y":2},{"y":2,"x":1},{"x":1,"y":2,"z":null}]`, "unique-items /1 t#UniquePoints; unique-items /2 t#UniquePoints; unknown-member /2/z t#Point"},
		{"UniquePoints", `[{"x":1},{"x":1,"y":null}]`, "unique-items /1 t#UniquePoints"},
		// Nested lists: containers are compared by digest, each hashed once.
		{"UniqueGrids", `[[[{"x":1}],[{"x":2}]], [[{"x":2}],[{"x":1}]], [[{"x":1}],[{"x":2}]]]`, "unique-items /2 t#UniqueGrids"},
		{"UniqueGrids", `[[[{"x":1},{"x":1}]], [[{"x":1}]]]`, "unique-items /0/0/1 t#UniqueRows$member"},
		{"UniqueGrids", `[[[{"x":1,"y":2}],[{"y":2,"x":1}]]]`, "unique-items /0/1 t#UniqueGrids$member"},

		{"M", `{"ab":1,"c":2}`, ""},
		{"M", `{"ab":1,"c":2,"d":3}`, "length  t#M"},
		{"M", `{"abc":1}`, "length /abc t#M$key"},
		{"M", `{"A":1}`, "pattern /A t#M$key"},
		{"M", `{"a":"x"}`, "type /a t#M$value"},
		{"M", `{"a":null}`, "null /a t#M$value"},
		{"M", `{"a":1,"a":2}`, "duplicate-key /a"},
		{"SparseM", `{"a":null}`, ""},
		{"EnumKeys", `{"red":1,"GREEN":2}`, ""},
		{"EnumKeys", `{"blue":1}`, "enum /blue t#EnumKeys$key"},

		{"S", `{"a":"x"}`, ""},
		{"S", `{}`, "required  t#S$a"},
		{"S", `{"a":null}`, "null /a t#S$a"},
		{"S", `{"a":"x","b":null}`, ""},
		{"S", `{"a":"x","zz":1}`, "unknown-member /zz t#S"},
		{"S", `{"a":"x","c":"y"}`, ""},
		{"S", `{"a":"x","C":"y"}`, "unknown-member /C t#S"},
		{"S", `{"a":"x","d":110}`, ""},              // the member's @range replaces RByte's
		{"S", `{"a":"x","d":15}`, "range /d t#S$d"}, // 15 is fine for RByte, not for d
		{"S", `{"a":"x","d":200}`, "type-range /d t#S$d"},
		{"S", `{"a":"x","e":1234}`, ""}, // the member's epoch-seconds wins over http-date
		{"S", `{"a":"x","e":"Tue, 29 Apr 2014 18:30:38 GMT"}`, "type /e t#S$e"},
		{"S", `{"a":"x","a":"y"}`, "duplicate-key /a"},
		{"S", `{"a":"x","nested":{"b":1}}`, "required /nested t#S$a"},
		{"S", `{"a":"x","items":[{"a":"y"},{"a":1}]}`, "type /items/1/a t#S$a"},
		{"S", `[]`, "type  t#S"},

		{"U", `{"s":"x"}`, ""},
		{"U", `{"i":1}`, ""},
		{"U", `{}`, "union  t#U"},
		{"U", `{"s":"x","i":1}`, "union  t#U"},
		{"U", `{"s":"x","i":null}`, ""},
		{"U", `{"s":1}`, "type /s t#U$s"},
		{"U", `{"q":1}`, "union  t#U; unknown-member /q t#U"},
	})
}

func TestPolicies(t *testing.T) {
	t.Run("JSONNames", func(t *testing.T) {
		runRules(t, []ruleCase{
			{"S", `{"a":"x","C":"y"}`, ""},
			{"S", `{"a":"x","c":"y"}`, "unknown-member /c t#S"},
		}, sv.MatchJSONNames(true))
	})
	t.Run("RejectNullMembers", func(t *testing.T) {
		runRules(t, []ruleCase{
			{"S", `{"a":"x","b":null}`, "null /b t#S$b"},
			{"U", `{"s":"x","i":null}`, "null /i t#U$i"},
		}, sv.RejectNullMembers(true))
	})
	t.Run("RejectUnknownMembers", func(t *testing.T) {
		m := loadModel(t, rulesModel)
		v := mustPrepare(t, m, "t#S", sv.RejectUnknownMembers(true))
		r := validateJSON(t, v, `{"a":"x","zz":1}`)
		if r.Valid || r.Findings[0].Severity != sv.SeverityError {
			t.Errorf("got %v", r)
		}
		v = mustPrepare(t, m, "t#S", sv.IgnoreUnknownMembers(true))
		if r := validateJSON(t, v, `{"a":"x","zz":1}`); len(r.Findings) != 0 {
			t.Errorf("got %v", r)
		}
		// The two switches exclude each other; the later one wins, joined
		// or not, and either turned off leaves the default (a warning).
		for _, tc := range []struct {
			name string
			opts []sv.Option
			want string // the severity of the one finding, "" for none
		}{
			{"reject then ignore", []sv.Option{sv.RejectUnknownMembers(true), sv.IgnoreUnknownMembers(true)}, ""},
			{"ignore then reject, joined", []sv.Option{sv.JoinOptions(sv.IgnoreUnknownMembers(true), sv.RejectUnknownMembers(true))}, "error"},
			{"reject turned off", []sv.Option{sv.RejectUnknownMembers(true), sv.RejectUnknownMembers(false)}, "warning"},
			{"ignore turned off by reject off", []sv.Option{sv.IgnoreUnknownMembers(true), sv.RejectUnknownMembers(false)}, "warning"},
			{"other switches kept", []sv.Option{sv.JoinOptions(sv.RejectUnknownMembers(true), sv.FailFast(true)), sv.AllowDuplicateKeys(true)}, "error"},
		} {
			r := validateJSON(t, mustPrepare(t, m, "t#S", tc.opts...), `{"a":"x","zz":1}`)
			got := ""
			if len(r.Findings) > 0 {
				got = r.Findings[0].Severity.String()
			}
			if got != tc.want || len(r.Findings) > 1 {
				t.Errorf("%s: got %v, want one %q finding", tc.name, r.Findings, tc.want)
			}
		}
	})
	t.Run("AllowMissingRequired", func(t *testing.T) {
		runRules(t, []ruleCase{{"S", `{}`, ""}}, sv.AllowMissingRequired(true))
	})
	t.Run("AllowDuplicateKeys", func(t *testing.T) {
		runRules(t, []ruleCase{
			{"M", `{"a":1,"a":2}`, ""},
			{"M", `{"a":1,"a":"x"}`, "type /a t#M$value"},
			{"Doc", `{"a":1,"a":2}`, ""},
		}, sv.AllowDuplicateKeys(true))
	})
	t.Run("BlobsAsText", func(t *testing.T) {
		runRules(t, []ruleCase{
			{"Blob3", `"foo"`, ""},
			{"Blob3", `"fooo"`, "length  t#Blob3"},
		}, sv.BlobsAsText(true))
	})
	t.Run("AnyTimestampFormat", func(t *testing.T) {
		runRules(t, []ruleCase{
			{"Ts", `1507837929`, ""},
			{"Ts", `"Tue, 29 Apr 2014 18:30:38 GMT"`, ""},
			{"Ts", `"1985-04-12T23:20:50.52Z"`, ""},
			{"Ts", `"yesterday"`, "timestamp  t#Ts"},
			{"HttpTs", `123`, "type  t#HttpTs"}, // the trait decides alone
		}, sv.AnyTimestampFormat(true))
	})
	t.Run("AcceptIntegralDecimals", func(t *testing.T) {
		runRules(t, []ruleCase{
			{"RByte", `1.0e1`, ""},
			{"RByte", `10.5`, "not-integer  t#RByte"},
			{"RByte", `2.1e1`, "range  t#RByte"},
			{"Level", `2.0`, ""},
		}, sv.AcceptIntegralDecimals(true))
	})
}

// wantValid reports whether a summary lists only findings that are not
// errors by default.
func wantValid(summary string) bool {
	if summary == "" {
		return true
	}
	for _, part := range strings.Split(summary, "; ") {
		switch strings.Fields(part)[0] {
		case "unknown-member":
		default:
			return false
		}
	}
	return true
}
