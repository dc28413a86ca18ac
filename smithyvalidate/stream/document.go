package stream

import (
	"unsafe"

	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// Document is for a program that reads many JSON texts, one at a time,
// looks at each before it validates parts of it, and must not allocate
// per text. It is one text read by core/node's tape (a flat list of
// tokens, no tree), the reader behind ValidateJSON, reused from one text
// to the next.
//
// The views of [Document.Root] are the ones ValidateJSON walks: field
// names, strings without escapes and number tokens are substrings of the
// text (no allocation), positions are those core/node's reader gives, and
// every occurrence of a repeated key is kept, in source order, so that
// validators report duplicates. They implement [MemberView] and
// [TextView]. A Document is not safe for concurrent use; the zero value is
// ready to use.
type Document struct {
	tape node.Tape
	read bool
}

// Read reads data under the reader limits of lim as core/node applies
// them (MaxDepth from 0, MaxSize, MaxNumberLength and MaxStringLength;
// [limits.Default] for the project's defaults, see docs/limits.md),
// replacing the previous text. data is kept by reference, not copied,
// until the next Read or [Document.Reset]: do not modify it meanwhile,
// and copy any string of a view that must outlive it.
//
// The error is the one core/node's reader gives for the same text and
// limits: a [*node.SyntaxError] or a [*node.LimitError], positions
// included; a depth or number limit comes wrapped in a
// [*sv.ReadLimitError] that adds the path of the value that went over the
// limit (errors.As still finds the *node.LimitError), so
// [sv.ReadErrorFinding] turns it into the finding ValidateJSON would
// report. After an error the document is empty.
func (d *Document) Read(data []byte, lim limits.Limits) error {
	d.read = false
	var src string
	if len(data) > 0 {
		src = unsafe.String(&data[0], len(data))
	}
	if err := d.tape.Read(src, lim); err != nil {
		err = sv.TapeError(&d.tape, err)
		d.tape.Reset()
		return err
	}
	d.read = true
	return nil
}

// Root returns the view of the top-level value of the last successful
// [Document.Read], valid until the next Read or Reset; nil when there is
// none.
func (d *Document) Root() sv.ValueView {
	if !d.read {
		return nil
	}
	return sv.TapeView(&d.tape)
}

// Reset empties the document, keeping its capacity, and drops every
// reference to the last text (a pooled document must not pin it).
func (d *Document) Reset() {
	d.tape.Reset()
	d.read = false
}
