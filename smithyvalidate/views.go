package smithyvalidate

import (
	"strings"

	"github.com/smithy-validation/go/core/node"
)

// NodeView returns the view of a core/node tree (JSON read by node.Parse,
// or built in code). Numbers without fraction or exponent are
// [KindInteger], other numbers [KindDecimal]; the token text is kept
// exactly. Object fields keep every occurrence (parse with
// node.DuplicateKeys(node.KeepDuplicates) to let the engine report repeated
// keys with both positions).
//
// The view reads the tree in place and never allocates: n must stay
// unchanged while it is validated.
func NodeView(n *node.Node) ValueView { return (*nodeView)(n) }

type nodeView node.Node

func (v *nodeView) n() *node.Node { return (*node.Node)(v) }

func (v *nodeView) Kind() Kind {
	n := v.n()
	switch n.Kind() {
	case node.Bool:
		return KindBool
	case node.Number:
		if isIntegerToken(n.NumberText()) {
			return KindInteger
		}
		return KindDecimal
	case node.String:
		return KindString
	case node.Array:
		return KindList
	case node.Object:
		return KindObject
	}
	return KindNull
}

// isIntegerToken reports whether a number token has neither fraction nor
// exponent.
func isIntegerToken(t string) bool { return strings.IndexAny(t, ".eE") < 0 }

func (v *nodeView) Pos() node.Pos         { return v.n().Pos() }
func (v *nodeView) Annotations() []string { return nil }
func (v *nodeView) Len() int              { return v.n().Len() }
func (v *nodeView) Elem(i int) ValueView  { return (*nodeView)(&v.n().Elems()[i]) }
func (v *nodeView) Field(i int) Field {
	f := &v.n().Fields()[i]
	return Field{Name: f.Key, NamePos: f.KeyPos, Value: (*nodeView)(&f.Value)}
}

// Text is the fast accessor stream.TextView names.
func (v *nodeView) Text() (Kind, string) {
	n := v.n()
	switch n.Kind() {
	case node.Number:
		t := n.NumberText()
		if isIntegerToken(t) {
			return KindInteger, t
		}
		return KindDecimal, t
	case node.String:
		return KindString, n.StringValue()
	}
	return v.Kind(), ""
}

func (v *nodeView) Scalar() Scalar {
	n := v.n()
	switch n.Kind() {
	case node.Bool:
		return Scalar{Kind: KindBool, Bool: n.BoolValue()}
	case node.Number:
		k := KindDecimal
		if isIntegerToken(n.NumberText()) {
			k = KindInteger
		}
		return Scalar{Kind: k, Text: n.NumberText()}
	case node.String:
		return Scalar{Kind: KindString, Text: n.StringValue()}
	case node.Null:
		return Scalar{Kind: KindNull}
	}
	return Scalar{Kind: v.Kind()}
}

// LocatedObject is an object whose fields are laid over values found
// elsewhere: it maps logical members onto their original source locations.
// JSON-RPC positional parameters are validated with it: [42, "23"]
// becomes an object with field "minuend" at Index(0) and "subtrahend" at
// Index(1), so that a finding names example#SubtractInput$subtrahend while
// its path is /params/1.
//
// The object has no source text of its own; Pos is the position reported
// for findings about the object as a whole (a missing member: use the
// array's position). A *LocatedObject is a [ValueView].
type LocatedObject struct {
	Position node.Pos
	Fields   []Field
}

// Positional returns the object that names the elements of list by names,
// in order: element i becomes field names[i] with path segment Index(i).
// Elements beyond len(names) are left out (report them yourself); names
// beyond the list's length are absent members.
func Positional(list ValueView, names ...string) *LocatedObject {
	n := min(list.Len(), len(names))
	o := &LocatedObject{Position: list.Pos(), Fields: make([]Field, n)}
	for i := 0; i < n; i++ {
		e := list.Elem(i)
		o.Fields[i] = Field{Name: names[i], NamePos: e.Pos(), Value: e, At: Index(i)}
	}
	return o
}

// jsonView is implemented by the views of JSON text this package makes
// (the tape's, NodeView's and LocatedObject): what the walker's fast paths
// need, as methods, so that it never asks which view it holds.
type jsonView interface {
	ValueView
	// allJSON reports whether the value and everything under it come
	// from JSON text, so that they have no annotations and only JSON
	// kinds. The walker asks once per check, at the root, and then skips
	// the questions only other sources need.
	allJSON() bool
	// text returns Scalar().Text of a string or number without building
	// the Scalar.
	text() string
}

// memberKinds is implemented by object views that give field occurrence
// i's name, value and the value's kind in one call, with the default path
// segment and a name with text (the tape's and NodeView's objects).
type memberKinds interface {
	memberKind(i int) (name string, value ValueView, k Kind)
}

// fieldLister is implemented by object views that hold their fields in a
// slice ([LocatedObject]): the walker reads them in place.
type fieldLister interface {
	fieldList() []Field
}

func (tapeView) allJSON() bool  { return true }
func (*nodeView) allJSON() bool { return true }

func (v tapeView) text() string { return v.e.Text() }

func (v *nodeView) text() string {
	if n := v.n(); n.Kind() == node.Number {
		return n.NumberText()
	}
	return v.n().StringValue()
}

func (v tapeView) memberKind(i int) (string, ValueView, Kind) {
	k, val := v.e.Member(i)
	return k.Text(), tapeView{val}, tapeView{val}.Kind()
}

func (v *nodeView) memberKind(i int) (string, ValueView, Kind) {
	f := &v.n().Fields()[i]
	val := (*nodeView)(&f.Value)
	return f.Key, val, val.Kind()
}

// allJSON is true when every field value is a JSON view: the object itself
// has no annotations.
func (o *LocatedObject) allJSON() bool {
	for i := range o.Fields {
		if _, ok := o.Fields[i].Value.(tapeView); ok {
			continue // the commonest, without a call
		}
		if !isJSONView(o.Fields[i].Value) {
			return false
		}
	}
	return true
}

func (o *LocatedObject) text() string       { return "" }
func (o *LocatedObject) fieldList() []Field { return o.Fields }

func (o *LocatedObject) Kind() Kind            { return KindObject }
func (o *LocatedObject) Pos() node.Pos         { return o.Position }
func (o *LocatedObject) Annotations() []string { return nil }
func (o *LocatedObject) Scalar() Scalar        { return Scalar{Kind: KindObject} }
func (o *LocatedObject) Len() int              { return len(o.Fields) }
func (o *LocatedObject) Elem(int) ValueView    { panic("smithyvalidate: Elem on an object") }
func (o *LocatedObject) Field(i int) Field     { return o.Fields[i] }
