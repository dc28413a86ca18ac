package smithyvalidate

import (
	"fmt"
	"time"

	"github.com/smithy-validation/go/core/node"
)

// Kind is the kind of one source value as a [ValueView] presents it. The
// kinds are neutral: JSON uses a subset, Amazon Ion (through an adapter)
// uses all of them, and each keeps what its source said. The engine
// never turns one kind into another except by an explicit policy.
type Kind uint8

// The value kinds.
const (
	// KindNull is null. [Scalar.NullOf] says which kind of null (Ion's typed
	// nulls); it is KindNull for an untyped null such as JSON null.
	KindNull Kind = iota
	// KindBool is true or false ([Scalar.Bool]).
	KindBool
	// KindInteger is an integer written without fraction or exponent: a JSON
	// number token like -12, an Ion int. [Scalar.Text] holds it as a JSON
	// number token (digits with an optional '-', no leading zeros).
	KindInteger
	// KindDecimal is an exact decimal number: a JSON number token with a
	// fraction or an exponent (1.0, 2.5e-3), an Ion decimal. [Scalar.Text]
	// holds it as a JSON number token, spelled so that scale and sign are
	// kept ("1.50", "-0.0"); adapters convert their syntax to JSON's.
	KindDecimal
	// KindFloat is a binary floating-point number ([Scalar.Float]): Ion
	// float, with signed zero, infinities and NaN. JSON has no such kind.
	KindFloat
	// KindString is a Unicode string ([Scalar.Text], valid UTF-8).
	KindString
	// KindSymbol is an Ion symbol with known text ([Scalar.Text]).
	KindSymbol
	// KindTimestamp is a native timestamp ([Scalar.Time]).
	KindTimestamp
	// KindBlob is binary data ([Scalar.Bytes]).
	KindBlob
	// KindClob is Ion character data ([Scalar.Bytes]).
	KindClob
	// KindList is an ordered sequence: a JSON array, an Ion list.
	KindList
	// KindSexp is an Ion s-expression; it is never taken for a list unless
	// the [Sexps] policy says so.
	KindSexp
	// KindObject is a collection of fields: a JSON object, an Ion struct.
	KindObject
)

var kindNames = [...]string{
	KindNull:      "null",
	KindBool:      "boolean",
	KindInteger:   "integer",
	KindDecimal:   "decimal number",
	KindFloat:     "float",
	KindString:    "string",
	KindSymbol:    "symbol",
	KindTimestamp: "timestamp",
	KindBlob:      "blob",
	KindClob:      "clob",
	KindList:      "array",
	KindSexp:      "s-expression",
	KindObject:    "object",
}

// String names the kind as messages do: "null", "boolean", "integer",
// "decimal number", "float", "string", "symbol", "timestamp", "blob",
// "clob", "array", "s-expression", "object".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// article returns the kind with "a"/"an" ("null" has none).
func (k Kind) article() string {
	switch k {
	case KindNull:
		return "null"
	case KindInteger, KindList, KindObject, KindSexp:
		return "an " + k.String()
	}
	return "a " + k.String()
}

// IsContainer reports whether values of kind k have children: lists,
// s-expressions and objects.
func (k Kind) IsContainer() bool { return k == KindList || k == KindSexp || k == KindObject }

// Scalar is the neutral payload of a scalar value. Only the fields of its
// Kind are meaningful; the others are zero.
type Scalar struct {
	Kind Kind
	// NullOf is the kind of a typed null (Ion null.int is KindInteger); an
	// untyped null has NullOf == KindNull.
	NullOf Kind
	Bool   bool
	// Text is the text of a string or symbol, or the JSON number token of
	// an integer or decimal.
	Text  string
	Float float64
	// Bytes holds blob and clob data. It belongs to the view: the engine
	// reads it and keeps nothing.
	Bytes []byte
	Time  Timestamp
	// Unsupported, when not empty, says why the source value cannot be
	// presented faithfully (an Ion symbol without known text, a timestamp
	// finer than the adapter's clock); the rest of the payload is a best
	// effort. The engine then reports an unsupported finding with this
	// text at the value, whatever the shape and policies, and checks
	// nothing else about it. It is read for the kinds JSON does not have
	// (symbol, timestamp, float, blob, clob).
	Unsupported string
}

// Timestamp is a native timestamp (Ion). JSON timestamps are strings or
// numbers and never use it.
type Timestamp struct {
	// Time is the instant, in the offset it was written with.
	Time time.Time
	// Precision is the finest component the source wrote.
	Precision TimePrecision
	// FractionDigits is the number of fractional-second digits written
	// (Precision == PrecisionFraction).
	FractionDigits int
	// OffsetKnown is false for Ion's unknown local offset (-00:00).
	OffsetKnown bool
}

// TimePrecision is the precision of a native timestamp.
type TimePrecision uint8

// The precisions, coarsest first.
const (
	PrecisionYear TimePrecision = iota
	PrecisionMonth
	PrecisionDay
	PrecisionMinute
	PrecisionSecond
	PrecisionFraction
)

// ValueView presents one source value to the engine, one node at a time,
// without converting it: the engine asks for the kind, the scalar payload or
// the children of the node it is at, and nothing else.
//
// Implementations must be cheap to call and must not allocate on these
// calls: a pointer-shaped view (a pointer, or a struct holding exactly one
// pointer) stored in the interface costs nothing. Views are read
// concurrently by validations of the same value, so they must not change.
//
// The JSON views of this package are [NodeView] (over core/node trees) and
// the direct reader behind [Validator.ValidateJSON]; [LocatedObject] lays
// logical members over other views; an adapter presents another format
// (Amazon Ion, say) by implementing this interface.
type ValueView interface {
	// Kind returns the kind of the value.
	Kind() Kind
	// Pos returns the value's position in its source text, or the zero
	// Pos when unknown (binary sources, values built in code).
	Pos() node.Pos
	// Annotations returns the value's annotations (Ion), nil when none.
	// An annotated value is distinct from the bare value: the engine
	// rejects it unless the [Annotations] policy says to ignore them.
	Annotations() []string
	// Scalar returns the payload of a scalar (or null) value.
	Scalar() Scalar
	// Len returns the number of elements of a list or s-expression, or the
	// number of field occurrences of an object (repeated names counted).
	Len() int
	// Elem returns element i of a list or s-expression, 0 <= i < Len().
	Elem(i int) ValueView
	// Field returns field occurrence i of an object, 0 <= i < Len(), in
	// source order. Repeated names stay separate occurrences, each with its
	// own position.
	Field(i int) Field
}

// memberView is the optional fast accessor of object views (the stream
// package exports it, as stream.MemberView, with its contract: Member(i)
// returns exactly Field(i).Name and Field(i).Value). The walker reads
// objects through it when a view has it. The views of this package also
// have stream.TextView's Text.
type memberView interface {
	ValueView
	Member(i int) (name string, value ValueView)
}

// Field is one field occurrence of an object.
type Field struct {
	// Name is the field name. When NoText is set the name is an Ion symbol
	// whose text is unknown and Name holds its $N spelling; the engine
	// reports such a field and does not match it to a member.
	Name    string
	NoText  bool
	NamePos node.Pos
	Value   ValueView
	// At is the path segment of the value, relative to the object. The zero
	// Segment means Key(Name), the usual case; [LocatedObject] sets it to
	// the source location a logical member was read from (for example
	// Index(1) for the second positional parameter).
	At Segment
}
