package rpc

import (
	"errors"

	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// textReader reads JSON text (a message, a transcript line) into a view.
// It uses the value engine's direct reader (sv.JSONDocument: a tape, no
// tree, no allocation once warm) under the reader's default limits and
// under any ReaderOptions that are plain limits the engine applies alike
// (see engineLimits); otherwise (a string-length limit below the size
// limit, a depth of 0 or beyond the engine's maximum, a number length of
// 0) it uses core/node's reader, whose options those are. Both give the
// same views (positions, every duplicate key kept) and the same errors.
// The view, and every string of it, shares the text's memory until the
// next read or reset: whatever outlives the call is copied (see detach,
// cloneFinding).
type textReader struct {
	doc  sv.JSONDocument
	tree node.Node
}

// engineLimits returns the engine reader options that apply the depth,
// size and number limits of c's ReaderOptions exactly as core/node's
// reader does, or nil when the engine's reader cannot (a depth of 0 or
// beyond sv.MaxMaxDepth, a number length of 0); and whether the engine's
// reader can read message text under all of them (direct: there is no
// string limit below the size limit either).
func engineLimits(c config) (limits []sv.Option, direct bool) {
	st := node.Resolve(c.reader...)
	if st.MaxDepth < 1 || st.MaxDepth > sv.MaxMaxDepth || st.MaxNumberLength < 1 {
		return nil, false
	}
	// Duplicate keys are kept whatever the options say (readerOptions),
	// as the engine's reader does.
	limits = []sv.Option{sv.MaxDepth(st.MaxDepth), sv.MaxValueSize(st.MaxSize), sv.MaxNumberLength(st.MaxNumberLength)}
	return limits, st.MaxStringLength >= st.MaxSize
}

// read reads data; the error is core/node's reader's.
func (r *textReader) read(s *PreparedService, data []byte) (sv.ValueView, error) {
	if s.direct {
		if err := r.doc.Read(data, s.limits...); err != nil {
			return nil, err
		}
		return r.doc.Root(), nil
	}
	n, err := node.Parse(data, s.reader...)
	if err != nil {
		r.tree = node.Node{}
		return nil, r.locate(s, data, err)
	}
	r.tree = n
	return sv.NodeView(&r.tree), nil
}

// locate gives a depth or number limit that core/node's reader met the
// path of the value that went over it, as the engine's reader does (its
// error is then the same *sv.ReadLimitError): the engine's reader reads
// the text again under the same depth, size and number limits, and stops
// at the same place, since no other limit stopped core/node's reader
// before it. Other errors, and limits the engine's reader cannot apply,
// are returned as they are.
func (r *textReader) locate(s *PreparedService, data []byte, err error) error {
	var le *node.LimitError
	if s.limits == nil || !errors.As(err, &le) || le.Limit != node.LimitDepth && le.Limit != node.LimitNumberLength {
		return err
	}
	again := r.doc.Read(data, s.limits...)
	r.doc.Reset()
	var rle *sv.ReadLimitError
	if errors.As(again, &rle) && rle.LimitError.Pos == le.Pos && rle.LimitError.Limit == le.Limit {
		return again
	}
	return err
}

// reset drops the references to the last text.
func (r *textReader) reset() {
	r.doc.Reset()
	r.tree = node.Node{}
}
