package render

import (
	"strings"

	"github.com/smithy-validation/go/core/model"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// Diag is one finding or model event as every output format but JSON
// prints it: the engine's data (or a model event's) with the input file
// it is about. The formats render from these fields only.
type Diag struct {
	// File is the input the diagnostic is about, as the user named it
	// ("<stdin>" for -), "" when none.
	File string
	// Line and Col locate it in File (1-based; Col in bytes), 0 when
	// unknown.
	Line, Col int
	// Index is the document index (the transcript line, 0-based), -1 when
	// the input has one document.
	Index int
	// elem is the batch element the finding is in (its path's first
	// index), -1 when none.
	elem     int
	Severity string // error, warning, advisory (model events: danger, note too)
	Code     string
	Class    string // instance, envelope, exchange, limit; "model" for events
	Path     string // JSON Pointer; "" for the root or none
	Shape    string // shape or member ID, "" when none
	Message  string
	// Source is the source line cut around Col, with control characters
	// escaped, and Caret the 0-based column of the caret in it (-1: no
	// caret); both empty until the source lines are looked up.
	Source string
	Caret  int
	// sourced says Source was looked up (an empty line is a line too).
	sourced bool
	// runeCol is Col in Unicode code points, 0 until the line is read.
	runeCol int
}

// codePointCol is the column in Unicode code points when the line was
// read, else the byte column.
func (d *Diag) codePointCol() int {
	if d.runeCol > 0 {
		return d.runeCol
	}
	return d.Col
}

// isError reports whether d makes the input invalid.
func (d *Diag) isError() bool { return d.Severity == "error" }

// findingDiag converts an engine finding about file. line0 is added to
// the finding's line when its position is relative to a part of the file.
func findingDiag(file string, f *sv.Finding) Diag {
	d := Diag{
		File:     file,
		Index:    -1,
		Severity: f.Severity.String(),
		Code:     string(f.Code),
		Class:    f.Class.String(),
		Message:  f.Message,
	}
	if i, ok := f.Path.Document(); ok {
		d.Index = i
	}
	if f.Path.Len() > 0 {
		d.Path = f.Path.String()
	}
	if !f.Shape.IsZero() {
		d.Shape = f.Shape.String()
	}
	if f.Pos.IsValid() {
		d.Line, d.Col = int(f.Pos.Line), int(f.Pos.Column)
	}
	return d
}

// EventDiag converts a model validation event; its file is the model
// file the event is in.
func EventDiag(ev *model.Event) Diag {
	d := Diag{
		File:     ev.Source.File,
		Index:    -1,
		Severity: strings.ToLower(ev.Severity.String()),
		Code:     ev.ID,
		Class:    "model",
		Message:  ev.Message,
	}
	if !ev.Shape.IsZero() {
		d.Shape = ev.Shape.String()
	}
	if ev.Source.Pos.IsValid() {
		d.Line, d.Col = int(ev.Source.Pos.Line), int(ev.Source.Pos.Column)
	}
	return d
}

// DisplayName is how an input file is named in the output: "-" is
// "<stdin>".
func DisplayName(path string) string {
	if path == "-" {
		return "<stdin>"
	}
	return path
}
