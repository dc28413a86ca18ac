package smithyvalidate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// Severity is how much a finding matters. Only SeverityError makes a
// result invalid.
type Severity uint8

// The severities, strongest first.
const (
	SeverityError Severity = iota
	SeverityWarning
	SeverityAdvisory
)

var severityNames = [...]string{"error", "warning", "advisory"}

// String returns "error", "warning" or "advisory".
func (s Severity) String() string {
	if int(s) < len(severityNames) {
		return severityNames[s]
	}
	return fmt.Sprintf("Severity(%d)", uint8(s))
}

// Class says what a finding is about, as a stable name. This package
// defines the two classes of a value's validation; a module that checks
// more than values (a protocol's envelopes, say) defines its own classes
// with this type, as it defines its own codes.
type Class string

// The classes of the value engine.
const (
	// ClassInstance: application data against shapes.
	ClassInstance Class = "instance"
	// ClassLimit: validation stopped early at a limit.
	ClassLimit Class = "limit"
)

// String returns the class's name.
func (c Class) String() string { return string(c) }

// Finding is one problem found in a value. It is data: a program switches
// on Code, locates the value by Path or Pos and the governing contract by
// Shape; Message is rendered from these fields for people and is never
// parsed back.
type Finding struct {
	Severity Severity
	Class    Class
	Code     Code
	// Path locates the offending value in the input (for a map key: the
	// entry; for a missing member: the object).
	Path Path
	// Shape is the shape whose contract was checked: the member ID
	// (ns#S$m) when a member governs, the shape ID otherwise; zero when no
	// shape applies.
	Shape shapeid.ID
	// Pos is the offending value's position in the input text, zero when
	// unknown.
	Pos node.Pos
	// Want is the requirement as text ("integer", "<= 20", a pattern, a
	// shape ID), and Got what was found ("string", "21", a count); either
	// may be empty.
	Want, Got string
	// Related is a second position the finding is about (the first
	// occurrence of a duplicate key or item), zero when none.
	Related node.Pos
	// Message is the human-readable text, rendered from the fields above.
	Message string
}

// String renders f in the text format of [Result.Text] (one line, no
// newline).
func (f Finding) String() string { return string(f.appendText(nil)) }

// Result is the outcome of validating one input.
type Result struct {
	// Valid is true when no finding has severity error.
	Valid bool
	// Complete is false when validation stopped early: at a limit (a
	// ClassLimit finding says which), or at the first error under
	// [FailFast].
	Complete bool
	// Findings are ordered by document index, position in the input, then
	// code (then path, shape and message): the same input gives the same
	// order.
	Findings []Finding
}

// SortFindings sorts findings in the order of a [Result]: by document
// index, position in the input (byte offset), code, then path, shape and
// message. Callers that merge their own findings with the engine's use it,
// so that both orders stay one.
func SortFindings(fs []Finding) {
	slices.SortStableFunc(fs, CompareFindings)
}

// CompareFindings is the order of [SortFindings].
func CompareFindings(a, b Finding) int {
	if a.Path.doc != b.Path.doc {
		return cmpInt(a.Path.doc, b.Path.doc)
	}
	if a.Pos.Offset != b.Pos.Offset {
		return cmpInt(int(a.Pos.Offset), int(b.Pos.Offset))
	}
	if c := strings.Compare(string(a.Code), string(b.Code)); c != 0 {
		return c
	}
	if c := a.Path.compare(b.Path); c != 0 {
		return c
	}
	if c := shapeid.Compare(a.Shape, b.Shape); c != 0 {
		return c
	}
	return strings.Compare(a.Message, b.Message)
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
