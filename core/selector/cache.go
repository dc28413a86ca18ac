package selector

import "github.com/smithy-validation/go/core/internal/compiled"

// selectors keeps parsed selectors. 4096 bounds it: the prelude's trait
// definitions use a few dozen, and a model's custom traits add some more;
// text beyond the bound is compiled on every call.
var selectors = compiled.New(4096, Parse)

// Cached returns the compiled selector for text, compiling it on first use
// and keeping it for the life of the process: trait definition selectors
// (the prelude's first) are compiled once however many models are
// validated. Syntax errors are cached too.
func Cached(text string) (*Selector, error) { return selectors.Get(text) }
