package ionadapter

import (
	"math"
	"slices"
	"testing"
	"time"

	"github.com/amazon-ion/ion-go/ion"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

func TestDecimalText(t *testing.T) {
	for _, c := range []struct{ name, ion, want string }{
		{"scale kept", "1.50", "1.50"},
		{"d0 exponent", "1.50d0", "1.50"},
		{"negative", "-1.5", "-1.5"},
		{"negative zero", "-0.0", "-0.0"},
		{"negative zero scale 0", "-0.", "-0e0"},
		{"negative zero positive exponent", "-0d2", "-0e2"},
		{"zero with scale", "0.00", "0.00"},
		{"exponent 0", "1.", "1e0"},
		{"positive exponent", "1d2", "1e2"},
		{"leading zeros", "0.00015", "0.00015"},
		{"coefficient at the point", "0.15", "0.15"},
		{"many leading zeros", "1.5d-30", "15e-31"},
		{"big coefficient", "12345678901234567890.12345678901234567890", "12345678901234567890.12345678901234567890"},
	} {
		d, err := ion.ParseDecimal(c.ion)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := decimalText(d); got != c.want {
			t.Errorf("%s: decimalText(%s) = %q, want %q", c.name, c.ion, got, c.want)
		}
	}
}

func TestScalars(t *testing.T) {
	negZero := math.Copysign(0, -1)
	for _, c := range []struct {
		name string
		ion  string
		want sv.Scalar
	}{
		{"null", "null", sv.Scalar{Kind: sv.KindNull, NullOf: sv.KindNull}},
		{"null.null", "null.null", sv.Scalar{Kind: sv.KindNull, NullOf: sv.KindNull}},
		{"null.bool", "null.bool", sv.Scalar{Kind: sv.KindNull, NullOf: sv.KindBool}},
		{"null.int", "null.int", sv.Scalar{Kind: sv.KindNull, NullOf: sv.KindInteger}},
		{"null.float", "null.float", sv.Scalar{Kind: sv.KindNull, NullOf: sv.KindFloat}},
		{"null.decimal", "null.decimal", sv.Scalar{Kind: sv.KindNull, NullOf: sv.KindDecimal}},
		{"null.timestamp", "null.timestamp", sv.Scalar{Kind: sv.KindNull, NullOf: sv.KindTimestamp}},
		{"null.symbol", "null.symbol", sv.Scalar{Kind: sv.KindNull, NullOf: sv.KindSymbol}},
		{"null.string", "null.string", sv.Scalar{Kind: sv.KindNull, NullOf: sv.KindString}},
		{"null.blob", "null.blob", sv.Scalar{Kind: sv.KindNull, NullOf: sv.KindBlob}},
		{"null.clob", "null.clob", sv.Scalar{Kind: sv.KindNull, NullOf: sv.KindClob}},
		{"null.list", "null.list", sv.Scalar{Kind: sv.KindNull, NullOf: sv.KindList}},
		{"null.sexp", "null.sexp", sv.Scalar{Kind: sv.KindNull, NullOf: sv.KindSexp}},
		{"null.struct", "null.struct", sv.Scalar{Kind: sv.KindNull, NullOf: sv.KindObject}},
		{"false", "false", sv.Scalar{Kind: sv.KindBool}},
		{"true", "true", sv.Scalar{Kind: sv.KindBool, Bool: true}},
		{"int", "-12", sv.Scalar{Kind: sv.KindInteger, Text: "-12"}},
		{"binary int", "0b101", sv.Scalar{Kind: sv.KindInteger, Text: "5"}},
		{"underscores", "1_000", sv.Scalar{Kind: sv.KindInteger, Text: "1000"}},
		{"big int", "-123456789012345678901234567890", sv.Scalar{Kind: sv.KindInteger, Text: "-123456789012345678901234567890"}},
		{"decimal", "1.50", sv.Scalar{Kind: sv.KindDecimal, Text: "1.50"}},
		{"float", "1.5e0", sv.Scalar{Kind: sv.KindFloat, Float: 1.5}},
		{"string", `"héllo"`, sv.Scalar{Kind: sv.KindString, Text: "héllo"}},
		{"long string", `'''a''' '''b'''`, sv.Scalar{Kind: sv.KindString, Text: "ab"}},
		{"symbol", `abc`, sv.Scalar{Kind: sv.KindSymbol, Text: "abc"}},
		{"quoted symbol", `'a b'`, sv.Scalar{Kind: sv.KindSymbol, Text: "a b"}},
		{"quoted version marker is a symbol", `'$ion_1_0'`, sv.Scalar{Kind: sv.KindSymbol, Text: "$ion_1_0"}},
		{"blob", `{{aGk=}}`, sv.Scalar{Kind: sv.KindBlob, Bytes: []byte("hi")}},
		{"clob", `{{"hi"}}`, sv.Scalar{Kind: sv.KindClob, Bytes: []byte("hi")}},
	} {
		for _, bin := range []bool{false, true} {
			data := []byte(c.ion)
			if bin {
				data = toBinary(t, c.ion)
			}
			v, err := Parse(data)
			if err != nil {
				t.Errorf("%s (binary %v): Parse(%s): %v", c.name, bin, c.ion, err)
				continue
			}
			if got := v.Scalar(); !equalScalar(got, c.want) || v.Kind() != c.want.Kind {
				t.Errorf("%s (binary %v): Parse(%s): kind %v scalar %+v, want %+v", c.name, bin, c.ion, v.Kind(), got, c.want)
			}
		}
	}
	// Floats: signed zero and the non-finite values keep their bits.
	for _, c := range []struct {
		name string
		ion  string
		want float64
	}{
		{"negative zero", "-0e0", negZero},
		{"positive zero", "0e0", 0},
		{"nan", "nan", math.NaN()},
		{"+inf", "+inf", math.Inf(1)},
		{"-inf", "-inf", math.Inf(-1)},
		{"double", "0.1e0", 0.1},
	} {
		for _, bin := range []bool{false, true} {
			data := []byte(c.ion)
			if bin {
				data = toBinary(t, c.ion)
			}
			v, err := Parse(data)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			got := v.Scalar().Float
			if v.Kind() != sv.KindFloat || math.Float64bits(got) != math.Float64bits(c.want) && !(math.IsNaN(got) && math.IsNaN(c.want)) {
				t.Errorf("%s (binary %v): Parse(%s) = %v %v (bits %x), want %v (bits %x)", c.name, bin, c.ion, v.Kind(), got, math.Float64bits(got), c.want, math.Float64bits(c.want))
			}
		}
	}
}

func equalScalar(a, b sv.Scalar) bool {
	return a.Kind == b.Kind && a.NullOf == b.NullOf && a.Bool == b.Bool && a.Text == b.Text &&
		(a.Float == b.Float) && string(a.Bytes) == string(b.Bytes) && a.Time.Time.Equal(b.Time.Time) &&
		a.Time.Precision == b.Time.Precision && a.Time.FractionDigits == b.Time.FractionDigits && a.Time.OffsetKnown == b.Time.OffsetKnown
}

func TestTimestamps(t *testing.T) {
	plus1 := time.FixedZone("", 3600)
	for _, c := range []struct {
		name string
		ion  string
		want sv.Timestamp
		zone *time.Location
	}{
		{"year", "2020T", sv.Timestamp{Time: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC), Precision: sv.PrecisionYear}, nil},
		{"month", "2020-02T", sv.Timestamp{Time: time.Date(2020, 2, 1, 0, 0, 0, 0, time.UTC), Precision: sv.PrecisionMonth}, nil},
		{"day", "2020-02-03", sv.Timestamp{Time: time.Date(2020, 2, 3, 0, 0, 0, 0, time.UTC), Precision: sv.PrecisionDay}, nil},
		{"minute", "2020-02-03T04:05Z", sv.Timestamp{Time: time.Date(2020, 2, 3, 4, 5, 0, 0, time.UTC), Precision: sv.PrecisionMinute, OffsetKnown: true}, nil},
		{"second", "2020-02-03T04:05:06Z", sv.Timestamp{Time: time.Date(2020, 2, 3, 4, 5, 6, 0, time.UTC), Precision: sv.PrecisionSecond, OffsetKnown: true}, nil},
		{"unknown offset", "2020-02-03T04:05:06-00:00", sv.Timestamp{Time: time.Date(2020, 2, 3, 4, 5, 6, 0, time.UTC), Precision: sv.PrecisionSecond}, nil},
		{"fraction", "2020-02-03T04:05:06.50+01:00", sv.Timestamp{Time: time.Date(2020, 2, 3, 4, 5, 6, 500000000, plus1), Precision: sv.PrecisionFraction, FractionDigits: 2, OffsetKnown: true}, plus1},
		{"nanoseconds", "2020-02-03T04:05:06.123456789Z", sv.Timestamp{Time: time.Date(2020, 2, 3, 4, 5, 6, 123456789, time.UTC), Precision: sv.PrecisionFraction, FractionDigits: 9, OffsetKnown: true}, nil},
	} {
		for _, bin := range []bool{false, true} {
			data := []byte(c.ion)
			if bin {
				data = toBinary(t, c.ion)
			}
			v, err := Parse(data)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			got := v.Scalar().Time
			if v.Kind() != sv.KindTimestamp || !got.Time.Equal(c.want.Time) || got.Precision != c.want.Precision ||
				got.FractionDigits != c.want.FractionDigits || got.OffsetKnown != c.want.OffsetKnown {
				t.Errorf("%s (binary %v): Parse(%s) = %+v, want %+v", c.name, bin, c.ion, got, c.want)
			}
			if c.zone != nil {
				if _, off := got.Time.Zone(); off != 3600 {
					t.Errorf("%s (binary %v): offset %d, want 3600 (the offset written)", c.name, bin, off)
				}
			}
		}
	}
}

func TestContainersAndAnnotations(t *testing.T) {
	src := `top::{a: 1, a: x::2, 'b': [1, (+ 2)], $0: null.list}`
	for _, bin := range []bool{false, true} {
		data := []byte(src)
		if bin {
			data = toBinary(t, src)
		}
		v, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		if v.Kind() != sv.KindObject || v.Len() != 4 || !slices.Equal(v.Annotations(), []string{"top"}) {
			t.Fatalf("binary %v: root kind %v len %d annotations %q", bin, v.Kind(), v.Len(), v.Annotations())
		}
		names := []string{}
		for i := 0; i < v.Len(); i++ {
			names = append(names, v.Field(i).Name)
		}
		if !slices.Equal(names, []string{"a", "a", "b", "$0"}) || !v.Field(3).NoText || v.Field(0).NoText {
			t.Errorf("binary %v: field names %q (NoText of $0: %v); want every occurrence in order", bin, names, v.Field(3).NoText)
		}
		if a := v.Field(1).Value.Annotations(); !slices.Equal(a, []string{"x"}) {
			t.Errorf("binary %v: annotations of the second a = %q", bin, a)
		}
		list := v.Field(2).Value
		if list.Kind() != sv.KindList || list.Len() != 2 || list.Elem(1).Kind() != sv.KindSexp || list.Elem(1).Len() != 2 {
			t.Errorf("binary %v: b = %v of %d, element 1 %v", bin, list.Kind(), list.Len(), list.Elem(1).Kind())
		}
		if op := list.Elem(1).Elem(0).Scalar(); op.Kind != sv.KindSymbol || op.Text != "+" {
			t.Errorf("binary %v: sexp operator = %+v", bin, op)
		}
		if n := v.Field(3).Value.Scalar(); n.Kind != sv.KindNull || n.NullOf != sv.KindList {
			t.Errorf("binary %v: null.list = %+v", bin, n)
		}
	}
}
