package smithyvalidate

import (
	"errors"
	"unsafe"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/smithyvalidate/internal/jsontape"
)

// JSONDocument is one JSON text read by the engine's direct reader, the
// one behind [Validator.ValidateJSON]: a flat tape of tokens, no tree of
// nodes, and no allocation once a reused document has grown to the size
// of its inputs. It is for callers that must look at a value before they
// validate parts of it (the rpc module reads a JSON-RPC envelope, then
// hands params or a result to a validator).
//
// The views of [JSONDocument.Root] are the ones ValidateJSON walks: field
// names, strings without escapes and number tokens are substrings of the
// text (no allocation), positions are those core/node's reader gives, and
// every occurrence of a repeated key is kept, in source order, so that
// validators report duplicates. A JSONDocument is not safe for concurrent
// use; the zero value is ready to use.
type JSONDocument struct {
	tape jsontape.Tape
	// tree holds the text when the tape refused it but core/node's reader
	// did not (the two readers accept the same grammar, so this is a
	// safety net, not a path taken in practice).
	tree    node.Node
	useTree bool
	read    bool
}

// Read reads data with the run limits of opts ([MaxDepth], [MaxValueSize],
// [MaxNumberLength]; policies are ignored), replacing the previous text.
// data is kept by reference, not copied, until the next Read or
// [JSONDocument.Reset]: do not modify it meanwhile, and copy any string of
// a view that must outlive it.
//
// The error is the one core/node's reader gives for the same text and
// limits (with every duplicate key kept): a [*node.SyntaxError] or a
// [*node.LimitError], positions included; a depth or number limit comes
// wrapped in a [*ReadLimitError] that adds the path of the value that went
// over the limit (errors.As still finds the *node.LimitError). So
// [ReadErrorFinding] turns it into the finding ValidateJSON would report.
// After an error the document is empty.
func (d *JSONDocument) Read(data []byte, opts ...Option) error {
	depth, size, number := readLimits(opts)
	// The tape resets itself when it reads; only the fallback tree is
	// dropped here.
	if d.useTree {
		d.tree, d.useTree = node.Node{}, false
	}
	d.read = false
	if len(data) > size {
		// Do not scan what is refused (nor keep the last text).
		d.tape.Reset()
		return &node.LimitError{Pos: posAt(data[:size], size), Limit: node.LimitSize, Max: size}
	}
	var src string
	if len(data) > 0 {
		src = unsafe.String(&data[0], len(data))
	}
	if err := d.tape.Read(src, jsontape.Limits{MaxDepth: depth, MaxNumberLength: number}); err != nil {
		// The tape only says no: core/node says what and where, the
		// tape's open containers the path of a limit.
		cfg := defaultConfig
		cfg.maxDepth, cfg.maxValue, cfg.maxNumber = depth, size, number
		n, err := node.ParseString(src, cfg.readerOptions()...)
		if err != nil {
			if le := (*node.LimitError)(nil); errors.As(err, &le) && (le.Limit == node.LimitDepth || le.Limit == node.LimitNumberLength) {
				err = &ReadLimitError{LimitError: le, Path: limitPath(&d.tape, err)}
			}
			d.tape.Reset()
			return err
		}
		d.tape.Reset()
		d.tree, d.useTree = n, true
	}
	d.read = true
	return nil
}

// Root returns the view of the top-level value of the last successful
// [JSONDocument.Read], valid until the next Read or Reset; nil when there
// is none.
func (d *JSONDocument) Root() ValueView {
	switch {
	case !d.read:
		return nil
	case d.useTree:
		return NodeView(&d.tree)
	}
	return tapeView{d.tape.Root()}
}

// Reset empties the document, keeping its capacity, and drops every
// reference to the last text (a pooled document must not pin it).
func (d *JSONDocument) Reset() {
	d.tape.Reset()
	d.tree, d.useTree, d.read = node.Node{}, false, false
}

// readLimits returns the reader's limits set by opts: Read resolves its
// options on every call, and merging whole configurations (readOptions)
// would cost a measurable part of reading a small message.
func readLimits(opts []Option) (depth, size, number int) {
	depth, size, number = defaultConfig.maxDepth, defaultConfig.maxValue, defaultConfig.maxNumber
	for i := range opts {
		o := &opts[i]
		if o.set&setMaxDepth != 0 {
			depth = o.cfg.maxDepth
		}
		if o.set&setMaxValueSize != 0 {
			size = o.cfg.maxValue
		}
		if o.set&setMaxNumberLength != 0 {
			number = o.cfg.maxNumber
		}
	}
	return depth, size, number
}
