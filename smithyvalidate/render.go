package smithyvalidate

import (
	"strconv"

	"github.com/smithy-validation/go/core/node"
)

// The JSON rendering is the contract's `--format json` document:
//
//	{"valid":false,"complete":true,"findings":[{"severity":"error",
//	 "class":"instance","code":"type","path":"/params/1",
//	 "shape":"example#SubtractInput$subtrahend","line":1,"column":52,
//	 "message":"expected an integer, found a string"}]}
//
// Keys are always in this order; "index" (the document index, for
// transcripts) comes before "path" when the path has one; "shape", "line"
// and "column" are left out when unknown. The bytes depend only on the
// result: every program that renders a result prints the same text.

// AppendJSON appends the JSON rendering of r to dst. With indent "" the
// output is compact; otherwise each member is on its own line, indented
// by indent per level (the contract's example uses two spaces). There is no
// trailing newline.
func (r Result) AppendJSON(dst []byte, indent string) []byte {
	return node.AppendJSON(dst, r.Node(), node.Indent(indent))
}

// MarshalJSON returns the compact JSON rendering of r.
func (r Result) MarshalJSON() ([]byte, error) { return r.AppendJSON(nil, ""), nil }

// Node returns the JSON rendering of r as a node, for callers that embed
// it in a larger document.
func (r Result) Node() node.Node {
	fs := make([]node.Node, len(r.Findings))
	for i := range r.Findings {
		fs[i] = r.Findings[i].Node()
	}
	return node.NewObject(
		node.Field{Key: "valid", Value: node.NewBool(r.Valid)},
		node.Field{Key: "complete", Value: node.NewBool(r.Complete)},
		node.Field{Key: "findings", Value: node.NewArray(fs...)},
	)
}

// Node returns the JSON rendering of one finding (see [Result.AppendJSON]).
func (f Finding) Node() node.Node {
	fields := make([]node.Field, 0, 9)
	add := func(k string, v node.Node) { fields = append(fields, node.Field{Key: k, Value: v}) }
	add("severity", node.NewString(f.Severity.String()))
	add("class", node.NewString(f.Class.String()))
	add("code", node.NewString(string(f.Code)))
	if i, ok := f.Path.Document(); ok {
		add("index", node.NewNumber(strconv.Itoa(i)))
	}
	add("path", node.NewString(f.Path.String()))
	if !f.Shape.IsZero() {
		add("shape", node.NewString(f.Shape.String()))
	}
	if f.Pos.IsValid() {
		add("line", node.NewNumber(strconv.Itoa(int(f.Pos.Line))))
		add("column", node.NewNumber(strconv.Itoa(int(f.Pos.Column))))
	}
	add("message", node.NewString(f.Message))
	return node.NewObject(fields...)
}

// MarshalJSON returns the compact JSON rendering of f.
func (f Finding) MarshalJSON() ([]byte, error) { return node.AppendJSON(nil, f.Node()), nil }

// AppendText appends the text rendering of r to dst: one line per finding,
// in order, each ending in a newline:
//
//	[index ]line:column: severity code path shape: message
//
// for example
//
//	1:52: error type /params/1 example#SubtractInput$subtrahend: expected an integer, found a string
//
// An unknown position is "-", the root path is written `""`, a missing
// shape "-"; "[index] " appears only for paths with a document index. A
// valid result with no findings renders as nothing.
func (r Result) AppendText(dst []byte) []byte {
	for i := range r.Findings {
		dst = r.Findings[i].appendText(dst)
		dst = append(dst, '\n')
	}
	return dst
}

// Text returns [Result.AppendText] as a string.
func (r Result) Text() string { return string(r.AppendText(nil)) }

func (f Finding) appendText(dst []byte) []byte {
	if i, ok := f.Path.Document(); ok {
		dst = append(dst, '[')
		dst = strconv.AppendInt(dst, int64(i), 10)
		dst = append(dst, "] "...)
	}
	if f.Pos.IsValid() {
		dst = strconv.AppendInt(dst, int64(f.Pos.Line), 10)
		dst = append(dst, ':')
		dst = strconv.AppendInt(dst, int64(f.Pos.Column), 10)
	} else {
		dst = append(dst, '-')
	}
	dst = append(dst, ": "...)
	dst = append(dst, f.Severity.String()...)
	dst = append(dst, ' ')
	dst = append(dst, f.Code...)
	dst = append(dst, ' ')
	if f.Path.Len() == 0 {
		dst = append(dst, `""`...)
	} else {
		dst = f.Path.AppendPointer(dst)
	}
	dst = append(dst, ' ')
	if f.Shape.IsZero() {
		dst = append(dst, '-')
	} else {
		dst = append(dst, f.Shape.String()...)
	}
	dst = append(dst, ": "...)
	return append(dst, f.Message...)
}
