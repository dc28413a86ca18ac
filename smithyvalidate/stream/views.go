package stream

import sv "github.com/smithy-validation/go/smithyvalidate"

// MemberView is for a program that scans many small objects (a protocol
// envelope in every message): type-assert a [sv.ValueView] to it and fall
// back to [sv.ValueView.Field] when the view does not implement it. It
// gives a field occurrence's name and value without building the whole
// [sv.Field] record. The name's position is left out (a reader derives it
// on demand, and a valid value never needs it): take it from
// Field(i).NamePos for a finding.
//
// Member(i) returns exactly Field(i).Name and Field(i).Value. Only views
// whose fields always have text (NoText unset) and the default path
// segment (At zero) implement it; the object views of [Document] do, and
// the value engine reads objects through it.
type MemberView interface {
	sv.ValueView
	Member(i int) (name string, value sv.ValueView)
}

// TextView is for a program that reads a few small scalars of many values
// (the id, method and version marker of every message): type-assert a
// [sv.ValueView] to it and fall back to [sv.ValueView.Kind] and
// [sv.ValueView.Scalar] when the view does not implement it. It gives a
// value's kind and the text of a string or number without building the
// whole [sv.Scalar] record.
//
// Text() returns exactly Kind() and Scalar().Text: the text of a string,
// or the JSON number token of an integer or decimal, and "" for the other
// kinds of JSON values. The views of [Document] and [sv.NodeView]
// implement it.
type TextView interface {
	sv.ValueView
	Text() (kind sv.Kind, text string)
}
