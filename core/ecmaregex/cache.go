package ecmaregex

import "sync"

// maxCached bounds the number of patterns [Cached] keeps; patterns beyond
// the bound are compiled on every call.
const maxCached = 4096

var (
	cacheMu sync.RWMutex
	cache   = map[string]cacheEntry{}
)

type cacheEntry struct {
	re  *Regexp
	err error
}

// Cached returns [Compile] of pattern, compiling it on first use and
// keeping it for the life of the process: a model repeats a few patterns
// on many shapes, and each prepared validator that reaches one shares the
// compiled form (a Regexp is safe for concurrent use). Errors are cached
// too.
func Cached(pattern string) (*Regexp, error) {
	cacheMu.RLock()
	e, ok := cache[pattern]
	cacheMu.RUnlock()
	if ok {
		return e.re, e.err
	}
	re, err := Compile(pattern)
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if prev, ok := cache[pattern]; ok {
		return prev.re, prev.err
	}
	if len(cache) < maxCached {
		cache[pattern] = cacheEntry{re: re, err: err}
	}
	return re, err
}
