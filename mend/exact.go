package mend

import (
	"github.com/smithy-validation/go/core/jsonscan"
	"github.com/smithy-validation/go/core/limits"
)

// The validity-first fast path. Most texts the gate sees are already
// JSON, and for them the reader's work (the container stack, a state
// per token, the look-aheads of its repairs) finds nothing to do. So a
// text is first scanned once by core/jsonscan, which allocates nothing
// and skips the bytes of a string eight at a time; when the scan says the
// text is exact JSON (UTF-8, within MaxSize and MaxDepth), the reading is
// built from what the scan found, and it is the reading the full reader
// would give: the text byte for byte, exactness exact, no repair, a
// complete value. Any other text is read by the full reader from its
// start: the scan up to the first fault is all that the fast path costs
// broken text (at most one scan of the text, about a third of
// encoding/json.Valid's time), so every damage stays linear.
// TestExactReadingIsTheReaders and FuzzExactReading compare the two
// readings field by field.

// exactReading returns the reading of text when text is exact JSON, and
// nil when the full reader must read it.
func exactReading(text []byte, o *Options) *reading {
	maxSize, maxDepth := o.MaxSize, o.MaxDepth
	if maxSize <= 0 {
		maxSize = limits.DefaultMaxSize
	}
	if maxDepth <= 0 {
		maxDepth = limits.DefaultMaxDepth
	}
	if len(text) > maxSize {
		return nil
	}
	s := jsonscan.Scan(text, maxDepth)
	if s.Status != jsonscan.Valid {
		return nil
	}
	g := &reading{out: text, state: "done", place: placer{same: -1}}
	g.res = Result{Text: string(text), Exactness: Exact, Completeness: Complete, Repairs: []Fix{}}
	// Every member of a root object is settled: the ',' or '}' after its
	// value is in the text.
	if s.Root == '{' && s.Elements > 0 {
		g.members = make([]bool, s.Elements)
		for k := range g.members {
			g.members[k] = true
		}
	}
	// A text that ends on the last byte of a top-level number or literal
	// (no whitespace after it) ends inside a token, as the reader sees it:
	// more digits could follow. Its syntax progress at the last reading
	// point is then ⌊1000·n/(n+1)⌋ (one closer owed), otherwise 1000.
	last := text[len(text)-1]
	open := last != '"' && last != '}' && last != ']' && !isSpace(last)
	if open {
		g.state = "token"
	}
	if o.progress {
		g.syntax = 1000
		if open {
			g.syntax = 1000 * len(text) / (len(text) + 1)
		}
	}
	return g
}
