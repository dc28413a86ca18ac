package smithyvalidate_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// tv is a value tree built in tests with every kind a ValueView can
// present (as the ion-adapter module will).
type tv struct {
	kind   sv.Kind
	s      sv.Scalar
	ann    []string
	elems  []*tv
	fields []tf
}

type tf struct {
	name   string
	noText bool
	v      *tv
}

func (v *tv) Kind() sv.Kind           { return v.kind }
func (v *tv) Pos() node.Pos           { return node.Pos{} }
func (v *tv) Annotations() []string   { return v.ann }
func (v *tv) Scalar() sv.Scalar       { s := v.s; s.Kind = v.kind; return s }
func (v *tv) Elem(i int) sv.ValueView { return v.elems[i] }
func (v *tv) Len() int {
	if v.kind == sv.KindObject {
		return len(v.fields)
	}
	return len(v.elems)
}
func (v *tv) Field(i int) sv.Field {
	f := v.fields[i]
	return sv.Field{Name: f.name, NoText: f.noText, Value: f.v}
}

func obj(fields ...tf) *tv              { return &tv{kind: sv.KindObject, fields: fields} }
func fld(name string, v *tv) tf         { return tf{name: name, v: v} }
func scalar(k sv.Kind, s sv.Scalar) *tv { return &tv{kind: k, s: s} }
func str(s string) *tv                  { return scalar(sv.KindString, sv.Scalar{Text: s}) }
func sym(s string) *tv                  { return scalar(sv.KindSymbol, sv.Scalar{Text: s}) }
func flt(f float64) *tv                 { return scalar(sv.KindFloat, sv.Scalar{Float: f}) }
func dec(t string) *tv                  { return scalar(sv.KindDecimal, sv.Scalar{Text: t}) }
func typedNull(k sv.Kind) *tv           { return scalar(sv.KindNull, sv.Scalar{NullOf: k}) }
func annotated(v *tv, a ...string) *tv  { v.ann = a; return v }
func ts(t time.Time, p sv.TimePrecision, known bool) *tv {
	return scalar(sv.KindTimestamp, sv.Scalar{Time: sv.Timestamp{Time: t, Precision: p, OffsetKnown: known}})
}

const viewModel = `$version: "2"
namespace t

structure Ion {
    s: String
    i: Integer
    f: Float
    u: Unit
    bd: BigDecimal
    b: Blob
    ts: Timestamp
    l: Strs
    doc: Document
    sl: Sparse
}
@sparse
list Sparse { member: String }
@range(min: 0, max: 1)
double Unit
list Strs { member: String }
`

func TestNativeKinds(t *testing.T) {
	m := loadModel(t, viewModel)
	moment := time.Date(2024, 2, 29, 12, 0, 0, 0, time.FixedZone("", 3600))
	for _, tc := range []struct {
		name string
		val  *tv
		opts []sv.Option
		want string
	}{
		{"typed null member is absent", obj(fld("i", typedNull(sv.KindInteger))), nil, ""},
		{"typed null of another type", obj(fld("s", typedNull(sv.KindInteger))), nil, "type /s t#Ion$s"},
		{"typed null in document", obj(fld("doc", typedNull(sv.KindInteger))), nil, "unsupported /doc t#Ion$doc"},
		{"null.null in document", obj(fld("doc", typedNull(sv.KindNull))), nil, ""},
		{"typed null in sparse list", obj(fld("sl", &tv{kind: sv.KindList, elems: []*tv{typedNull(sv.KindString), typedNull(sv.KindBool)}})), nil, "type /sl/1 t#Sparse$member"},
		{"annotated null in sparse list", obj(fld("sl", &tv{kind: sv.KindList, elems: []*tv{annotated(typedNull(sv.KindNull), "a")}})), []sv.Option{sv.IgnoreAnnotations(true)}, ""},
		{"unsupported symbol", obj(fld("s", scalar(sv.KindSymbol, sv.Scalar{Text: "$0", Unsupported: "symbol $0 has no text"}))), []sv.Option{sv.SymbolsAsStrings(true)}, "unsupported /s t#Ion$s"},
		{"unsupported in document", obj(fld("doc", scalar(sv.KindTimestamp, sv.Scalar{Unsupported: "too precise"}))), nil, "unsupported /doc t#Ion$doc"},
		{"symbol for string", obj(fld("s", sym("x"))), nil, "unsupported /s t#Ion$s"},
		{"symbol as string", obj(fld("s", sym("x"))), []sv.Option{sv.SymbolsAsStrings(true)}, ""},
		{"clob for blob", obj(fld("b", scalar(sv.KindClob, sv.Scalar{Bytes: []byte("x")}))), nil, "unsupported /b t#Ion$b"},
		{"clob as blob", obj(fld("b", scalar(sv.KindClob, sv.Scalar{Bytes: []byte("x")}))), []sv.Option{sv.ClobsAsBlobs(true)}, ""},
		{"blob", obj(fld("b", scalar(sv.KindBlob, sv.Scalar{Bytes: []byte{0, 1}}))), nil, ""},
		{"native timestamp", obj(fld("ts", ts(moment, sv.PrecisionSecond, true))), nil, ""},
		{"unknown offset", obj(fld("ts", ts(moment, sv.PrecisionSecond, false))), nil, "unsupported /ts t#Ion$ts"},
		{"day precision", obj(fld("ts", ts(moment, sv.PrecisionDay, true))), nil, "unsupported /ts t#Ion$ts"},
		{"year 10000", obj(fld("ts", ts(time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), sv.PrecisionSecond, true))), nil, "timestamp /ts t#Ion$ts"},
		{"float overflow for float", obj(fld("f", flt(1e39))), nil, "type-range /f t#Ion$f"},
		{"NaN for float", obj(fld("f", flt(math.NaN()))), nil, ""},
		{"float in range", obj(fld("u", flt(0.5))), nil, ""},
		{"negative zero in range", obj(fld("u", flt(math.Copysign(0, -1)))), nil, ""},
		{"float above range", obj(fld("u", flt(1.0000000001))), nil, "range /u t#Ion$u"},
		{"NaN with range", obj(fld("u", flt(math.NaN()))), nil, "range /u t#Ion$u"},
		{"infinity with range", obj(fld("u", flt(math.Inf(1)))), nil, "range /u t#Ion$u"},
		{"float for integer", obj(fld("i", flt(1))), nil, "type /i t#Ion$i"},
		{"decimal for integer", obj(fld("i", dec("1.0"))), nil, "not-integer /i t#Ion$i"},
		{"float for bigDecimal", obj(fld("bd", flt(1.5))), nil, "unsupported /bd t#Ion$bd"},
		{"sexp for list", obj(fld("l", &tv{kind: sv.KindSexp, elems: []*tv{str("a")}})), nil, "unsupported /l t#Ion$l"},
		{"sexp as list", obj(fld("l", &tv{kind: sv.KindSexp, elems: []*tv{str("a")}})), []sv.Option{sv.SexpsAsLists(true)}, ""},
		{"annotated", obj(fld("s", annotated(str("x"), "a"))), nil, "annotation /s t#Ion$s"},
		{"annotations ignored", obj(fld("s", annotated(str("x"), "a"))), []sv.Option{sv.IgnoreAnnotations(true)}, ""},
		{"field without text", obj(tf{name: "$10", noText: true, v: str("x")}), nil, "unsupported /$10 t#Ion"},
		{"symbol in document", obj(fld("doc", obj(fld("a", sym("x"))))), nil, "unsupported /doc/a t#Ion$doc"},
		{"blob in document", obj(fld("doc", scalar(sv.KindBlob, sv.Scalar{}))), nil, "unsupported /doc t#Ion$doc"},
		{"infinite float in document", obj(fld("doc", flt(math.Inf(-1)))), nil, "unsupported /doc t#Ion$doc"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := mustPrepare(t, m, "t#Ion", tc.opts...)
			r, err := v.Validate(tc.val)
			if err != nil {
				t.Fatal(err)
			}
			if got := summary(r); got != tc.want {
				t.Errorf("%s: got %q, want %q\n%s", tc.name, got, tc.want, r.Text())
			}
		})
	}
}

// TestNativeTimestampOutOfRangeAsWritten: a native timestamp outside
// Smithy's range is named in its finding as it was written, RFC 3339
// with its own offset; it was time.Time's String, whose unnamed zone
// printed the offset twice ("0000-12-31 00:01:00 -2359 -2359").
func TestNativeTimestampOutOfRangeAsWritten(t *testing.T) {
	m := loadModel(t, viewModel)
	early := time.Date(1, 1, 1, 0, 0, 0, 500_000_000, time.FixedZone("", 23*3600+59*60))
	for _, tc := range []struct {
		name   string
		digits int
		want   string
	}{
		{"three digits written", 3, "0001-01-01T00:00:00.500+23:59"},
		{"digits not counted", 0, "0001-01-01T00:00:00.5+23:59"},
	} {
		val := scalar(sv.KindTimestamp, sv.Scalar{Time: sv.Timestamp{Time: early, Precision: sv.PrecisionFraction, FractionDigits: tc.digits, OffsetKnown: true}})
		r, err := mustPrepare(t, m, "t#Ion").Validate(obj(fld("ts", val)))
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Findings) != 1 {
			t.Fatalf("%s: want one finding, got %s", tc.name, r.Text())
		}
		if f := r.Findings[0]; f.Got != tc.want || !strings.Contains(f.Message, `"`+tc.want+`"`) {
			t.Errorf("%s: found %q, message %q: want the timestamp as written, %s", tc.name, f.Got, f.Message, tc.want)
		}
	}
}
