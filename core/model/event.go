package model

import (
	"fmt"
	"sort"

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

// SortEvents orders events by file, position, shape, event ID and message,
// so the same model always reports the same bytes.
func SortEvents(ev []Event) {
	sort.SliceStable(ev, func(i, j int) bool {
		a, b := ev[i], ev[j]
		if a.Source.File != b.Source.File {
			return a.Source.File < b.Source.File
		}
		if a.Source.Pos.Offset != b.Source.Pos.Offset {
			return a.Source.Pos.Offset < b.Source.Pos.Offset
		}
		if c := shapeid.Compare(a.Shape, b.Shape); c != 0 {
			return c < 0
		}
		if a.ID != b.ID {
			return a.ID < b.ID
		}
		return a.Message < b.Message
	})
}
