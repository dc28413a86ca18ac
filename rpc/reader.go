package rpc

import (
	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// textReader reads JSON text (a message, a transcript line) into a view.
// Under the reader's default limits it uses the value engine's direct
// reader (sv.JSONDocument: a tape, no tree, no allocation once warm);
// when ReaderOptions set limits, it uses core/node's reader, since those
// options are core/node's and only its reader can apply them. Both give
// the same views (positions, every duplicate key kept) and the same
// errors. The view, and every string of it, shares the text's memory
// until the next read or reset: whatever outlives the call is copied
// (see detach, cloneFinding).
type textReader struct {
	doc  sv.JSONDocument
	tree node.Node
}

// directOptions are the engine options that equal core/node's default
// reader limits (the engine's default depth is lower than core/node's).
var directOptions = []sv.Option{
	sv.MaxDepth(node.DefaultMaxDepth),
	sv.MaxValueSize(node.DefaultMaxSize),
	sv.MaxNumberLength(node.DefaultMaxNumberLength),
}

// read reads data; the error is core/node's reader's.
func (r *textReader) read(s *PreparedService, data []byte) (sv.ValueView, error) {
	if len(s.cfg.reader) == 0 {
		if err := r.doc.Read(data, directOptions...); err != nil {
			return nil, err
		}
		return r.doc.Root(), nil
	}
	n, err := node.Parse(data, s.reader...)
	if err != nil {
		r.tree = node.Node{}
		return nil, err
	}
	r.tree = n
	return sv.NodeView(&r.tree), nil
}

// reset drops the references to the last text.
func (r *textReader) reset() {
	r.doc.Reset()
	r.tree = node.Node{}
}
