// Package compiled keeps the compiled form of texts (selectors, patterns)
// for the life of the process, so that a text a model repeats on many
// shapes, or that every model's prelude uses, is compiled once.
package compiled

import "sync"

// Cache maps a text to its compiled form and compile error. It holds at
// most Max entries; a text beyond the bound is compiled on every call. The
// compiled values must be safe for concurrent use. The zero Cache is not
// usable: use [New].
type Cache[T any] struct {
	max     int
	compile func(string) (T, error)
	mu      sync.RWMutex
	entries map[string]entry[T]
}

type entry[T any] struct {
	v   T
	err error
}

// New returns a cache of at most max entries that compiles with compile.
func New[T any](max int, compile func(string) (T, error)) *Cache[T] {
	return &Cache[T]{max: max, compile: compile, entries: map[string]entry[T]{}}
}

// Peek returns what the cache holds for text (ok false: nothing yet),
// compiling nothing.
func (c *Cache[T]) Peek(text string) (v T, err error, ok bool) {
	c.mu.RLock()
	e, ok := c.entries[text]
	c.mu.RUnlock()
	return e.v, e.err, ok
}

// Get returns the compiled form of text, compiling it on first use.
// Errors are cached too.
func (c *Cache[T]) Get(text string) (T, error) {
	c.mu.RLock()
	e, ok := c.entries[text]
	c.mu.RUnlock()
	if ok {
		return e.v, e.err
	}
	v, err := c.compile(text)
	c.mu.Lock()
	defer c.mu.Unlock()
	if prev, ok := c.entries[text]; ok {
		return prev.v, prev.err
	}
	if len(c.entries) < c.max {
		c.entries[text] = entry[T]{v: v, err: err}
	}
	return v, err
}
