package pattern

import "github.com/smithy-validation/go/core/internal/compiled"

// patterns keeps compiled patterns; 4096 bounds it (a pattern beyond the
// bound is compiled on every call).
var patterns = compiled.New(4096, Compile)

// Cached returns [Compile] of pattern, compiling it on first use and
// keeping it for the life of the process: a model repeats a few patterns
// on many shapes, and each prepared validator that reaches one shares the
// compiled form (a Regexp is safe for concurrent use). Errors are cached
// too.
func Cached(pattern string) (*Regexp, error) { return patterns.Get(pattern) }
