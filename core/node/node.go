// Package node holds exact JSON values ("nodes" in Smithy's vocabulary) and
// the project's own JSON reader and writer.
//
// Unlike encoding/json, a [Node] keeps everything the source said:
//
//   - numbers keep their token text exactly ("1e400", "0.10", a 500-digit
//     integer); nothing passes through float64. [CompareNumbers] and
//     [ParseDecimal] compare and inspect them exactly;
//   - strings are fully unescaped; invalid UTF-8 and unpaired surrogates are
//     rejected by the reader;
//   - objects keep member order and, when asked, every occurrence of a
//     repeated key (the default is to reject duplicates, naming both
//     positions);
//   - every node carries its [Pos]: byte offset, line and column.
//
// Nodes are values. A tree read by [Parse] is never modified by this module;
// treat it as read-only and share it freely between goroutines. A parsed
// tree shares memory with its input: keeping any string or number node
// keeps the whole input alive.
//
// # Reading
//
// [Parse] and [ParseString] read one strict RFC 8259 text. Limits on depth,
// size, number length and string length, and the policy for repeated keys,
// are [Option] values ([MaxDepth], [MaxSize], [MaxNumberLength],
// [MaxStringLength], [DuplicateKeys]); the defaults are the Default*
// constants. Every error is a [PosError]: a [*SyntaxError], a [*LimitError]
// or a [*DuplicateKeyError], each with the line and column it refers to.
// The reader never recurses and never panics.
//
// # Numbers
//
// [IsNumber] checks the number grammar, [CompareNumbers] compares two tokens
// by exact value, and [ParseDecimal] gives a [Decimal] with the sign,
// significant digits and an exponent of any size.
//
// # Writing and comparing
//
// [Marshal], [AppendJSON] and [Write] produce byte-deterministic JSON,
// compact or indented ([Indent]), in source or sorted key order
// ([SortKeys]), with numbers written exactly as read. [Equal] compares two
// nodes structurally, and [AppendCanonical] gives an encoding that is
// byte-equal exactly when nodes are Equal.
package node

import "fmt"

// Kind is the JSON type of a node.
type Kind uint8

// The node kinds.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{"null", "boolean", "number", "string", "array", "object"}

// String returns the JSON name of the kind: null, boolean, number, string,
// array or object.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Pos is a position in a source text. Offset is the 0-based byte offset;
// Line and Column are 1-based, and Column counts bytes from the start of the
// line (as go/token does), so it points at the exact byte. The zero Pos means
// "no position" (a node built in code).
type Pos struct {
	Offset int32
	Line   int32
	Column int32
}

// IsValid reports whether p is a real source position.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String renders p as line:column.
func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Column)
}

// Node is one JSON value. The zero Node is JSON null with no position.
type Node struct {
	kind Kind
	b    bool
	pos  Pos
	text string    // string value, or the number token exactly as written
	c    *children // contents of an array or object; nil for scalars
}

// children holds a container's contents behind one pointer: a Node is 40
// bytes instead of 80, which halves the memory a parsed document takes
// (most nodes are scalars and most of them sit in a Field).
type children struct {
	elems  []Node  // array elements
	fields []Field // object members, in source order
}

// Shared contents of empty containers; never modified.
var (
	emptyArray  = &children{elems: []Node{}}
	emptyObject = &children{fields: []Field{}}
)

// Field is one object member occurrence.
type Field struct {
	Key    string
	KeyPos Pos
	Value  Node
}

// Kind returns the node's JSON type.
func (n Node) Kind() Kind { return n.kind }

// Pos returns the node's source position (the zero Pos for built nodes).
func (n Node) Pos() Pos { return n.pos }

// IsNull reports whether the node is JSON null.
func (n Node) IsNull() bool { return n.kind == Null }

// BoolValue returns the value of a boolean node, false otherwise.
func (n Node) BoolValue() bool { return n.b }

// StringValue returns the decoded value of a string node, "" otherwise.
func (n Node) StringValue() string {
	if n.kind == String {
		return n.text
	}
	return ""
}

// NumberText returns a number node's token exactly as written in the source
// (for example "-0.50e+3"), "" for other kinds.
func (n Node) NumberText() string {
	if n.kind == Number {
		return n.text
	}
	return ""
}

// Elems returns the elements of an array node (nil otherwise). The slice
// belongs to the node: do not modify it.
func (n Node) Elems() []Node {
	if n.kind != Array || n.c == nil {
		return nil
	}
	return n.c.elems
}

// Len returns the number of elements of an array, members of an object
// (counting repeated keys), and 0 otherwise.
func (n Node) Len() int {
	switch {
	case n.c == nil:
		return 0
	case n.kind == Array:
		return len(n.c.elems)
	case n.kind == Object:
		return len(n.c.fields)
	}
	return 0
}

// Fields returns the member occurrences of an object node in source order
// (nil otherwise). The slice belongs to the node: do not modify it.
func (n Node) Fields() []Field {
	if n.kind != Object || n.c == nil {
		return nil
	}
	return n.c.fields
}

// Get returns the value of the first member named key of an object node.
func (n Node) Get(key string) (Node, bool) {
	fields := n.Fields()
	for i := range fields {
		if fields[i].Key == key {
			return fields[i].Value, true
		}
	}
	return Node{}, false
}

// Field returns the first member occurrence named key of an object node.
func (n Node) Field(key string) (Field, bool) {
	fields := n.Fields()
	for i := range fields {
		if fields[i].Key == key {
			return fields[i], true
		}
	}
	return Field{}, false
}

// NewNull returns a null node.
func NewNull() Node { return Node{} }

// NewBool returns a boolean node.
func NewBool(v bool) Node { return Node{kind: Bool, b: v} }

// NewString returns a string node.
func NewString(s string) Node { return Node{kind: String, text: s} }

// NewNumber returns a number node with the given token text. The text must
// be a JSON number; it is not checked (use [IsNumber]).
func NewNumber(text string) Node { return Node{kind: Number, text: text} }

// NewArray returns an array node. It keeps elems.
func NewArray(elems ...Node) Node {
	if len(elems) == 0 {
		return Node{kind: Array, c: emptyArray}
	}
	return Node{kind: Array, c: &children{elems: elems}}
}

// NewObject returns an object node with the fields in the given order. It
// keeps fields.
func NewObject(fields ...Field) Node {
	if len(fields) == 0 {
		return Node{kind: Object, c: emptyObject}
	}
	return Node{kind: Object, c: &children{fields: fields}}
}

// At returns a copy of n positioned at p. Loaders that build nodes from
// another syntax (the Smithy IDL) use it to keep source positions.
func (n Node) At(p Pos) Node { n.pos = p; return n }
