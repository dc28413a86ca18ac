package rpc

import (
	sv "github.com/smithy-validation/go/smithyvalidate"
	"github.com/smithy-validation/go/smithyvalidate/stream"
)

// textReader reads JSON text (a message, a transcript line) into a view
// with the one JSON reader, core/node's tape, through stream.Document (no
// tree, no allocation once warm), under the limits of the service's
// ReaderOptions as core/node resolves them, every duplicate key kept. The
// view, and every string of it, shares the text's memory until the next
// read or reset: whatever outlives the call is copied (see detach,
// cloneFinding).
type textReader struct {
	doc stream.Document
}

// read reads data; the error is core/node's reader's, a depth or number
// limit with the path of the value that went over it (*sv.ReadLimitError).
func (r *textReader) read(s *PreparedService, data []byte) (sv.ValueView, error) {
	if err := r.doc.Read(data, s.limits); err != nil {
		return nil, err
	}
	return r.doc.Root(), nil
}

// readLine reads a transcript line. The record is one level above its
// message, so the line's depth limit is one more than a message's: a
// message nests as deep in a line as it may alone (inMessage reports a
// limit inside the message against the message's own limit).
func (r *textReader) readLine(s *PreparedService, line []byte) (sv.ValueView, error) {
	lim := s.limits
	lim.MaxDepth++
	if err := r.doc.Read(line, lim); err != nil {
		return nil, err
	}
	return r.doc.Root(), nil
}

// reset drops the references to the last text.
func (r *textReader) reset() { r.doc.Reset() }
