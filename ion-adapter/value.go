package ionadapter

import (
	"math"

	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// Value is one Ion value read into memory, with everything below it. It is
// immutable, and *Value is a [smithyvalidate.ValueView]: pass it to
// [smithyvalidate.Validator.Validate]. The view methods never allocate.
//
// What each Ion type becomes:
//
//   - null and typed nulls: [smithyvalidate.KindNull]; Scalar().NullOf is
//     the typed null's kind (null.int is KindInteger, null.list is
//     KindList, plain null is KindNull).
//   - bool: KindBool.
//   - int: KindInteger; Scalar().Text is the exact value in decimal
//     ("-12", "123456789012345678901234567890"), whatever radix the source
//     used.
//   - decimal: KindDecimal; Scalar().Text is a JSON number token with the
//     same coefficient, exponent and sign: 1.50 is "1.50", -0.0 is "-0.0",
//     1. (exponent 0) is "1e0", 1d2 is "1e2", 15d-32 is "15e-32".
//   - float: KindFloat; Scalar().Float keeps the binary value, signed zero,
//     NaN and the infinities.
//   - timestamp: KindTimestamp; Scalar().Time has the instant in its
//     offset, the precision, the number of fraction digits and whether the
//     offset is known (-00:00 and date-only timestamps: unknown). A source
//     fraction finer than nanoseconds, which ion-go rounds, sets
//     Scalar().Unsupported instead of passing the rounded value off as the
//     source's.
//   - symbol: KindSymbol with its text. A symbol whose text is unknown
//     ($0, or an ID of a shared table that is not available) is spelled
//     $N and has Scalar().Unsupported set: the engine reports it, whatever
//     the policies.
//   - string: KindString.
//   - blob, clob: KindBlob, KindClob with the bytes.
//   - list, sexp: KindList, KindSexp.
//   - struct: KindObject; every field occurrence is kept, in order.
//
// Annotations are returned by Annotations. Pos is the zero Pos: ion-go
// reports no position for values (see the package documentation).
type Value struct {
	kind   sv.Kind
	nullOf sv.Kind
	b      bool
	bits   uint64 // float64 bits of a float
	text   string // integer and decimal tokens, string and symbol text
	x      *ext   // rarer parts, nil for plain scalars
}

// ext holds the parts of a value most values do not have: children and
// annotations, and the rarer scalar parts behind one more pointer.
type ext struct {
	annots []string
	elems  []Value
	fields []field
	r      *rare
}

// rare holds the payload of lobs and timestamps and what marks a value
// that cannot be presented faithfully.
type rare struct {
	bytes []byte
	time  sv.Timestamp
	// unsupported says why the value cannot be presented faithfully
	// (Scalar.Unsupported), pos where it is when known.
	unsupported string
	pos         node.Pos
}

// field is one struct field occurrence.
type field struct {
	name   string
	noText bool
	value  Value
}

func (v *Value) ext() *ext {
	if v.x == nil {
		v.x = new(ext)
	}
	return v.x
}

func (v *Value) rare() *rare {
	x := v.ext()
	if x.r == nil {
		x.r = new(rare)
	}
	return x.r
}

// Kind returns the kind of the value.
func (v *Value) Kind() sv.Kind { return v.kind }

// Pos returns the zero Pos, as ion-go's readers report no value positions,
// except for a text timestamp finer than nanoseconds: the adapter finds that
// one in the source to tell that ion-go rounded it.
func (v *Value) Pos() node.Pos {
	if v.x == nil || v.x.r == nil {
		return node.Pos{}
	}
	return v.x.r.pos
}

// Annotations returns the value's annotations in source order, nil when it
// has none. An annotation whose symbol has no known text is spelled $N (its
// symbol ID).
func (v *Value) Annotations() []string {
	if v.x == nil {
		return nil
	}
	return v.x.annots
}

// Scalar returns the payload of a scalar or null value. Its Bytes belong to
// the value and must not be changed.
func (v *Value) Scalar() sv.Scalar {
	s := sv.Scalar{Kind: v.kind, NullOf: v.nullOf, Bool: v.b, Text: v.text}
	if v.x != nil && v.x.r != nil {
		s.Unsupported = v.x.r.unsupported
	}
	switch v.kind {
	case sv.KindFloat:
		s.Float = math.Float64frombits(v.bits)
	case sv.KindBlob, sv.KindClob:
		s.Bytes = v.x.r.bytes
	case sv.KindTimestamp:
		s.Time = v.x.r.time
	}
	return s
}

// Len returns the number of elements of a list or s-expression, or of field
// occurrences of a struct; 0 for anything else.
func (v *Value) Len() int {
	if v.x == nil {
		return 0
	}
	if v.kind == sv.KindObject {
		return len(v.x.fields)
	}
	return len(v.x.elems)
}

// Elem returns element i of a list or s-expression.
func (v *Value) Elem(i int) sv.ValueView { return &v.x.elems[i] }

// Field returns field occurrence i of a struct. A field name whose symbol
// has no known text has NoText set and is spelled $N.
func (v *Value) Field(i int) sv.Field {
	f := &v.x.fields[i]
	return sv.Field{Name: f.name, NoText: f.noText, Value: &f.value}
}

var _ sv.ValueView = (*Value)(nil)
