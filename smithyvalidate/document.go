package smithyvalidate

import (
	"unsafe"

	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/node"
)

// JSONDocument is one JSON text read by the engine's direct reader, the
// one behind [Validator.ValidateJSON]: a core/node [node.Tape], no tree of
// nodes, and no allocation once a reused document has grown to the size
// of its inputs. It is for callers that must look at a value before they
// validate parts of it (a protocol envelope around a payload).
//
// The views of [JSONDocument.Root] are the ones ValidateJSON walks: field
// names, strings without escapes and number tokens are substrings of the
// text (no allocation), positions are those core/node's reader gives, and
// every occurrence of a repeated key is kept, in source order, so that
// validators report duplicates. A JSONDocument is not safe for concurrent
// use; the zero value is ready to use.
type JSONDocument struct {
	tape node.Tape
	read bool
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
	return d.ReadLimits(data, readLimits(opts))
}

// ReadLimits is [JSONDocument.Read] under the reader limits of lim as
// core/node applies them (MaxDepth from 0, MaxSize, MaxNumberLength and
// MaxStringLength; see docs/limits.md).
func (d *JSONDocument) ReadLimits(data []byte, lim limits.Limits) error {
	d.read = false
	var src string
	if len(data) > 0 {
		src = unsafe.String(&data[0], len(data))
	}
	if err := d.tape.Read(src, lim); err != nil {
		err = readError(&d.tape, err)
		d.tape.Reset()
		return err
	}
	d.read = true
	return nil
}

// Root returns the view of the top-level value of the last successful
// [JSONDocument.Read], valid until the next Read or Reset; nil when there
// is none.
func (d *JSONDocument) Root() ValueView {
	if !d.read {
		return nil
	}
	return tapeView{d.tape.Root()}
}

// Reset empties the document, keeping its capacity, and drops every
// reference to the last text (a pooled document must not pin it).
func (d *JSONDocument) Reset() {
	d.tape.Reset()
	d.read = false
}

// readLimits returns the reader's limits set by opts: Read resolves its
// options on every call, and merging whole configurations (readOptions)
// would cost a measurable part of reading a small message.
func readLimits(opts []Option) limits.Limits {
	lim := defaultConfig.lim
	for i := range opts {
		o := &opts[i]
		if o.set&setMaxDepth != 0 {
			lim.MaxDepth = o.cfg.lim.MaxDepth
		}
		if o.set&setMaxValueSize != 0 {
			lim.MaxSize = o.cfg.lim.MaxSize
		}
		if o.set&setMaxNumberLength != 0 {
			lim.MaxNumberLength = o.cfg.lim.MaxNumberLength
		}
	}
	return lim
}
