package model

import (
	"fmt"

	"github.com/smithy-validation/go/core/shapeid"
)

// Severity is the severity of a validation event, as in the reference
// implementation.
type Severity uint8

// The severities, weakest first.
const (
	Note Severity = iota
	Warning
	Danger
	ErrorSeverity
)

var severityNames = [...]string{"NOTE", "WARNING", "DANGER", "ERROR"}

// String returns NOTE, WARNING, DANGER or ERROR.
func (s Severity) String() string {
	if int(s) < len(severityNames) {
		return severityNames[s]
	}
	return fmt.Sprintf("Severity(%d)", s)
}

// Event is a validation event about a model: what the loaders, assembly and
// model validators report. Shape is zero for events about no shape (written
// "-" in the text format).
type Event struct {
	Severity Severity
	ID       string // event ID, e.g. "Model", "Target", "TraitValue"
	Shape    shapeid.ID
	Source   SourceLocation
	Message  string
}

// String renders the event in the text format of `smithy validate`:
// `[ERROR] ns#Shape: message | EventId file:line:col`.
func (e Event) String() string {
	shape := "-"
	if !e.Shape.IsZero() {
		shape = e.Shape.String()
	}
	return fmt.Sprintf("[%s] %s: %s | %s %s", e.Severity, shape, e.Message, e.ID, e.Source)
}
