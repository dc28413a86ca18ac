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

import (
	"fmt"
	"unsafe"
)

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
//
// A Node is 32 bytes and holds no header: p points to a string's or a
// number's text (n bytes), or to an array's first element or an object's
// first field (n of them), which the node shares with its tree. A
// container's children are one allocation of exactly their number, so a
// tree is its scalars' nodes and its containers' arrays and nothing else
// (until issue 27 a container's node pointed to a 48-byte header holding
// two slices, and a node was 40 bytes).
type Node struct {
	p    unsafe.Pointer // *byte (text), *Node (elements) or *Field (fields)
	n    int            // bytes of text, elements or fields
	kind Kind
	b    bool
	pos  Pos
}

// Shared first element and field of empty containers: their address
// gives an empty container a non-nil slice. Never written.
var (
	emptyElem  [1]Node
	emptyField [1]Field
)

// text is a string's or a number's text.
func (n *Node) text() string { return unsafe.String((*byte)(n.p), n.n) }

// setText makes n's text s, shared.
func (n *Node) setText(s string) { n.p, n.n = unsafe.Pointer(unsafe.StringData(s)), len(s) }

// elems is an array's elements, nil for a node built without any.
func (n *Node) elems() []Node {
	if n.p == nil {
		return nil
	}
	return unsafe.Slice((*Node)(n.p), n.n)
}

// fields is an object's fields, nil for a node built without any.
func (n *Node) fields() []Field {
	if n.p == nil {
		return nil
	}
	return unsafe.Slice((*Field)(n.p), n.n)
}

// setElems makes n's elements es, shared (an empty es: a non-nil empty
// slice).
func (n *Node) setElems(es []Node) {
	if len(es) == 0 {
		n.p, n.n = unsafe.Pointer(&emptyElem[0]), 0
		return
	}
	n.p, n.n = unsafe.Pointer(unsafe.SliceData(es)), len(es)
}

// setFields makes n's fields fs, shared.
func (n *Node) setFields(fs []Field) {
	if len(fs) == 0 {
		n.p, n.n = unsafe.Pointer(&emptyField[0]), 0
		return
	}
	n.p, n.n = unsafe.Pointer(unsafe.SliceData(fs)), len(fs)
}

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
		return n.text()
	}
	return ""
}

// NumberText returns a number node's token exactly as written in the source
// (for example "-0.50e+3"), "" for other kinds.
func (n Node) NumberText() string {
	if n.kind == Number {
		return n.text()
	}
	return ""
}

// Elems returns the elements of an array node (nil otherwise). The slice
// belongs to the node: do not modify it.
func (n Node) Elems() []Node {
	if n.kind != Array {
		return nil
	}
	return n.elems()
}

// Len returns the number of elements of an array, members of an object
// (counting repeated keys), and 0 otherwise.
func (n Node) Len() int {
	if n.kind == Array || n.kind == Object {
		return n.n
	}
	return 0
}

// Fields returns the member occurrences of an object node in source order
// (nil otherwise). The slice belongs to the node: do not modify it.
func (n Node) Fields() []Field {
	if n.kind != Object {
		return nil
	}
	return n.fields()
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
func NewString(s string) Node {
	n := Node{kind: String}
	n.setText(s)
	return n
}

// NewNumber returns a number node with the given token text. The text must
// be a JSON number; it is not checked (use [IsNumber]).
func NewNumber(text string) Node {
	n := Node{kind: Number}
	n.setText(text)
	return n
}

// NewArray returns an array node. It keeps elems.
func NewArray(elems ...Node) Node {
	n := Node{kind: Array}
	n.setElems(elems)
	return n
}

// NewObject returns an object node with the fields in the given order. It
// keeps fields.
func NewObject(fields ...Field) Node {
	n := Node{kind: Object}
	n.setFields(fields)
	return n
}

// At returns a copy of n positioned at p. Loaders that build nodes from
// another syntax (the Smithy IDL) use it to keep source positions.
func (n Node) At(p Pos) Node { n.pos = p; return n }
