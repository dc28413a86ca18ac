package selector

import "sync"

// maxCached bounds the number of selectors [Cached] keeps: the prelude's
// trait definitions use a few dozen, and a model's custom traits add some
// more; text beyond the bound is compiled on every call.
const maxCached = 4096

var (
	cacheMu sync.RWMutex
	cache   = map[string]cacheEntry{}
)

type cacheEntry struct {
	sel *Selector
	err error
}

// Cached returns the compiled selector for text, compiling it on first use
// and keeping it for the life of the process: trait definition selectors
// (the prelude's first) are compiled once however many models are
// validated. Syntax errors are cached too.
func Cached(text string) (*Selector, error) {
	cacheMu.RLock()
	e, ok := cache[text]
	cacheMu.RUnlock()
	if ok {
		return e.sel, e.err
	}
	sel, err := Parse(text)
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if prev, ok := cache[text]; ok {
		return prev.sel, prev.err
	}
	if len(cache) < maxCached {
		cache[text] = cacheEntry{sel: sel, err: err}
	}
	return sel, err
}
