package ionadapter

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// mappingCase is one row case of the seed's native-kind mapping table:
// an Ion value against a shape under some engine policies.
type mappingCase struct {
	name  string
	shape string // a shape of testModel (namespace ex), or smithy.api#X
	ion   string // Ion text; the binary form is written by ion-go
	opts  []sv.Option
	valid bool
	want  []string // summary(): "code path", sorted
	// textOnly: ion-go's reader changes the value, so ion-go's writer
	// cannot produce an equivalent binary (tested with hand-made bytes).
	textOnly bool
}

// The rows of "Ion profile and released API audit", in order. Each row has
// positive and negative cases.
var mappingRows = []struct {
	row   string
	cases []mappingCase
}{
	{"Null/bool/string", []mappingCase{
		{name: "string", shape: "smithy.api#String", ion: `"text"`, valid: true},
		{name: "bool", shape: "smithy.api#Boolean", ion: `true`, valid: true},
		{name: "optional member typed null is absent", shape: "Row", ion: `{id: "a", name: null.string}`, valid: true},
		{name: "sparse list typed null", shape: "SparseInts", ion: `[1, null.int, null]`, valid: true},
		{name: "document null", shape: "smithy.api#Document", ion: `[null, null.null]`, valid: true},
		{name: "typed null in a document", shape: "smithy.api#Document", ion: `{a: null.struct}`, want: []string{`unsupported /a`}},
		{name: "typed null of another type", shape: "Row", ion: `{id: "a", name: null.int}`, want: []string{`type /name`}},
		{name: "typed null of another type in a sparse list", shape: "SparseInts", ion: `[null.string]`, want: []string{`type /0`}},
		{name: "root typed null", shape: "smithy.api#String", ion: `null.string`, want: []string{`null ""`}},
		{name: "required member typed null", shape: "Row", ion: `{id: null.string}`, want: []string{`null /id`}},
		{name: "non-sparse list typed null", shape: "Ints", ion: `[1, null.int]`, want: []string{`null /1`}},
		{name: "string for boolean", shape: "smithy.api#Boolean", ion: `"true"`, want: []string{`type ""`}},
		{name: "bool for string", shape: "smithy.api#String", ion: `true`, want: []string{`type ""`}},
		{name: "missing required member", shape: "Row", ion: `{name: "x"}`, want: []string{`required ""`}},
	}},
	{"Int/decimal", []mappingCase{
		{name: "int", shape: "smithy.api#Integer", ion: `42`, valid: true},
		{name: "hex int", shape: "smithy.api#Integer", ion: `0x2A`, valid: true},
		{name: "long max", shape: "smithy.api#Long", ion: `9223372036854775807`, valid: true},
		{name: "big integer", shape: "smithy.api#BigInteger", ion: `123456789012345678901234567890`, valid: true},
		{name: "decimal keeps scale in range", shape: "Ratio", ion: `1.50`, valid: true},
		{name: "integral decimal accepted by policy", shape: "smithy.api#Integer", ion: `1.0`, opts: []sv.Option{sv.AcceptIntegralDecimals(true)}, valid: true},
		{name: "exponent-0 decimal accepted by policy", shape: "smithy.api#Integer", ion: `7.`, opts: []sv.Option{sv.AcceptIntegralDecimals(true)}, valid: true},
		{name: "integer range exact", shape: "Small", ion: `10`, valid: true},
		{name: "integer overflow", shape: "smithy.api#Integer", ion: `2147483648`, want: []string{`type-range ""`}},
		{name: "long overflow", shape: "smithy.api#Long", ion: `9223372036854775808`, want: []string{`type-range ""`}},
		{name: "integral decimal rejected by default", shape: "smithy.api#Integer", ion: `1.0`, want: []string{`not-integer ""`}},
		{name: "fractional decimal under policy", shape: "smithy.api#Integer", ion: `1.5`, opts: []sv.Option{sv.AcceptIntegralDecimals(true)}, want: []string{`not-integer ""`}},
		{name: "decimal above range", shape: "Ratio", ion: `1.51`, want: []string{`range ""`}},
		{name: "negative zero below range", shape: "Ratio", ion: `-0.0`, want: []string{`range ""`}},
		{name: "integer above range", shape: "Small", ion: `11`, want: []string{`range ""`}},
		{name: "string for integer", shape: "smithy.api#Integer", ion: `"1"`, want: []string{`type ""`}},
	}},
	{"Float", []mappingCase{
		{name: "double", shape: "smithy.api#Double", ion: `1.5e0`, valid: true},
		{name: "double nan without range", shape: "smithy.api#Double", ion: `nan`, valid: true},
		{name: "double infinity without range", shape: "smithy.api#Double", ion: `-inf`, valid: true},
		{name: "negative zero float in range", shape: "Score", ion: `-0e0`, valid: true},
		{name: "float max", shape: "smithy.api#Float", ion: `3.4028234663852886e38`, valid: true},
		{name: "int for double", shape: "smithy.api#Double", ion: `2`, valid: true},
		{name: "float beyond float32", shape: "smithy.api#Float", ion: `1e39`, want: []string{`type-range ""`}},
		{name: "nan under range", shape: "Score", ion: `nan`, want: []string{`range ""`}},
		{name: "infinity under range", shape: "Score", ion: `+inf`, want: []string{`range ""`}},
		{name: "float above range exactly", shape: "Score", ion: `10.000000000000002e0`, want: []string{`range ""`}},
		{name: "float for bigDecimal", shape: "smithy.api#BigDecimal", ion: `1.5e0`, want: []string{`unsupported ""`}},
		{name: "float for integer", shape: "smithy.api#Integer", ion: `1e0`, want: []string{`type ""`}},
	}},
	{"Timestamp", []mappingCase{
		{name: "second precision utc", shape: "smithy.api#Timestamp", ion: `2020-01-02T03:04:05Z`, valid: true},
		{name: "nanoseconds with offset", shape: "smithy.api#Timestamp", ion: `2020-01-02T03:04:05.123456789+01:00`, valid: true},
		{name: "date-time string", shape: "smithy.api#Timestamp", ion: `"2020-01-02T03:04:05Z"`, valid: true},
		{name: "minute precision", shape: "smithy.api#Timestamp", ion: `2020-01-02T03:04Z`, want: []string{`unsupported ""`}},
		{name: "unknown offset", shape: "smithy.api#Timestamp", ion: `2020-01-02T03:04:05-00:00`, want: []string{`unsupported ""`}},
		{name: "date only", shape: "smithy.api#Timestamp", ion: `2020-01-02T`, want: []string{`unsupported ""`}},
		{name: "finer than nanoseconds", shape: "smithy.api#Timestamp", ion: `2020-01-02T03:04:05.1234567891Z`, want: []string{`unsupported ""`}, textOnly: true},
		{name: "finer than nanoseconds in a document", shape: "smithy.api#Document", ion: `{t: 2020-01-02T03:04:05.0000000000Z}`, want: []string{`unsupported /t`}, textOnly: true},
		{name: "timestamp for string", shape: "smithy.api#String", ion: `2020-01-02T03:04:05Z`, want: []string{`type ""`}},
	}},
	{"Symbol", []mappingCase{
		{name: "symbol as string by policy", shape: "smithy.api#String", ion: `hello`, opts: []sv.Option{sv.SymbolsAsStrings(true)}, valid: true},
		{name: "symbol as enum by policy", shape: "Color", ion: `RED`, opts: []sv.Option{sv.SymbolsAsStrings(true)}, valid: true},
		{name: "symbol rejected by default", shape: "smithy.api#String", ion: `hello`, want: []string{`unsupported ""`}},
		{name: "symbol not an enum value", shape: "Color", ion: `BLUE`, opts: []sv.Option{sv.SymbolsAsStrings(true)}, want: []string{`enum ""`}},
		{name: "symbol without text", shape: "smithy.api#String", ion: `$0`, opts: []sv.Option{sv.SymbolsAsStrings(true)}, want: []string{`unsupported ""`}},
		{name: "symbol without text in a list", shape: "Tags", ion: `["a", $0]`, opts: []sv.Option{sv.SymbolsAsStrings(true)}, want: []string{`unsupported /1`}},
		{name: "field name without text", shape: "Row", ion: `{id: "a", $0: 1}`, want: []string{`unsupported /$0`}},
		{name: "undefined symbol ID", shape: "smithy.api#String", ion: `$99`, want: []string{`syntax ""`}, textOnly: true},
	}},
	{"Blob/clob", []mappingCase{
		{name: "blob", shape: "smithy.api#Blob", ion: `{{aGVsbG8=}}`, valid: true},
		{name: "blob byte length", shape: "Short", ion: `{{aGk=}}`, valid: true},
		{name: "clob as blob by policy", shape: "smithy.api#Blob", ion: `{{"hi"}}`, opts: []sv.Option{sv.ClobsAsBlobs(true)}, valid: true},
		{name: "blob too long", shape: "Short", ion: `{{aGVsbG8=}}`, want: []string{`length ""`}},
		{name: "clob rejected by default", shape: "smithy.api#Blob", ion: `{{"hi"}}`, want: []string{`unsupported ""`}},
		{name: "clob for string", shape: "smithy.api#String", ion: `{{"hi"}}`, want: []string{`unsupported ""`}},
		{name: "blob for string", shape: "smithy.api#String", ion: `{{aGk=}}`, want: []string{`type ""`}},
	}},
	{"Struct", []mappingCase{
		{name: "structure", shape: "Row", ion: `{id: "a", count: 3, tags: ["x"]}`, valid: true},
		{name: "map", shape: "Counts", ion: `{a: 1, 'b c': 2}`, valid: true},
		{name: "duplicates allowed by policy", shape: "Counts", ion: `{a: 1, a: 2}`, opts: []sv.Option{sv.AllowDuplicateKeys(true)}, valid: true},
		{name: "unknown member is a warning", shape: "Row", ion: `{id: "a", extra: 1}`, valid: true, want: []string{`unknown-member /extra`}},
		{name: "duplicate map key", shape: "Counts", ion: `{a: 1, a: 2}`, want: []string{`duplicate-key /a`}},
		{name: "duplicate member", shape: "Row", ion: `{id: "a", id: "b"}`, want: []string{`duplicate-key /id`}},
		{name: "duplicate member second occurrence not validated", shape: "Row", ion: `{id: "a", count: 1, count: "x"}`, want: []string{`duplicate-key /count`}},
		{name: "member of wrong type", shape: "Row", ion: `{id: "a", count: "3"}`, want: []string{`type /count`}},
		{name: "list for structure", shape: "Row", ion: `[]`, want: []string{`type ""`}},
	}},
	{"List/sexp", []mappingCase{
		{name: "list", shape: "Ints", ion: `[1, 2, 3]`, valid: true},
		{name: "sexp as list by policy", shape: "Ints", ion: `(1 2 3)`, opts: []sv.Option{sv.SexpsAsLists(true)}, valid: true},
		{name: "sexp rejected by default", shape: "Ints", ion: `(1 2 3)`, want: []string{`unsupported ""`}},
		{name: "list element of wrong type", shape: "Ints", ion: `[1, "2"]`, want: []string{`type /1`}},
		{name: "sexp element checked under policy", shape: "Ints", ion: `(1 two)`, opts: []sv.Option{sv.SexpsAsLists(true)}, want: []string{`unsupported /1`}},
	}},
	{"Annotations", []mappingCase{
		{name: "annotations ignored by policy", shape: "Row", ion: `row::{id: a::"x", count: b::c::1}`, opts: []sv.Option{sv.IgnoreAnnotations(true)}, valid: true},
		{name: "annotated root rejected", shape: "smithy.api#Integer", ion: `a::1`, want: []string{`annotation ""`}},
		{name: "annotated element rejected", shape: "Ints", ion: `[1, a::2]`, want: []string{`annotation /1`}},
		{name: "annotated null is not a null", shape: "SparseInts", ion: `[a::null.int]`, want: []string{`annotation /0`}},
		{name: "annotation never selects a union member", shape: "Choice", ion: `b::"x"`, opts: []sv.Option{sv.IgnoreAnnotations(true)}, want: []string{`type ""`}},
		{name: "union member by field", shape: "Choice", ion: `{b: "x"}`, valid: true},
	}},
	{"Document", []mappingCase{
		{name: "JSON-shaped document", shape: "smithy.api#Document", ion: `{a: [1, 1.50, "x", true, null, 2.5e0], b: {}}`, valid: true},
		{name: "symbol in document by policy", shape: "smithy.api#Document", ion: `[abc]`, opts: []sv.Option{sv.SymbolsAsStrings(true)}, valid: true},
		{name: "timestamp in document", shape: "smithy.api#Document", ion: `[2020-01-02T03:04:05Z]`, want: []string{`unsupported /0`}},
		{name: "blob in document", shape: "smithy.api#Document", ion: `{b: {{aGk=}}}`, want: []string{`unsupported /b`}},
		{name: "sexp in document", shape: "smithy.api#Document", ion: `(a)`, want: []string{`unsupported ""`}},
		{name: "symbol in document", shape: "smithy.api#Document", ion: `[abc]`, want: []string{`unsupported /0`}},
		{name: "nan in document", shape: "smithy.api#Document", ion: `[nan]`, want: []string{`unsupported /0`}},
		{name: "duplicate key in document", shape: "smithy.api#Document", ion: `{a: 1, a: 2}`, want: []string{`duplicate-key /a`}},
	}},
}

func TestMappingTable(t *testing.T) {
	for _, row := range mappingRows {
		var pos, neg int
		for _, c := range row.cases {
			if c.valid {
				pos++
			} else {
				neg++
			}
		}
		if pos == 0 || neg == 0 {
			t.Errorf("row %q: %d positive and %d negative cases; want both", row.row, pos, neg)
		}
		for _, c := range row.cases {
			t.Run(row.row+"/"+c.name, func(t *testing.T) {
				v := validator(t, c.shape, c.opts...)
				text, err := Validate(v, []byte(c.ion))
				if err != nil {
					t.Fatalf("%s: Validate(%s): %v", c.name, c.ion, err)
				}
				checkResult(t, c.name+" (text)", c.ion, text, c.valid, c.want)
				if c.textOnly {
					return
				}
				bin, err := Validate(v, toBinary(t, c.ion))
				if err != nil {
					t.Fatalf("%s: Validate(binary %s): %v", c.name, c.ion, err)
				}
				checkResult(t, c.name+" (binary)", c.ion, bin, c.valid, c.want)
				if !reflect.DeepEqual(withoutPos(text.Findings), withoutPos(bin.Findings)) {
					t.Errorf("%s: text and binary findings differ:\ntext:   %v\nbinary: %v", c.name, text.Findings, bin.Findings)
				}
			})
		}
	}
}

func checkResult(t *testing.T, name, in string, r sv.Result, valid bool, want []string) {
	t.Helper()
	got := summary(r.Findings)
	want = slices.Sorted(slices.Values(want))
	if r.Valid != valid || !r.Complete || !slices.Equal(got, want) {
		t.Errorf("%s: %s\n got valid=%v complete=%v findings %q\nwant valid=%v complete=true findings %q\n%s",
			name, in, r.Valid, r.Complete, got, valid, want, strings.TrimSpace(r.Text()))
	}
}
