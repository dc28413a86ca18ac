package app

import (
	"fmt"
	"testing"
)

// TestModelCache checks the cache's bounds and keys: a hit returns the
// same assembled model, a changed text is a new model, the least recently
// used model is evicted past the entry bound, and the byte bound evicts
// too (a model larger than it is not kept).
func TestModelCache(t *testing.T) {
	src := func(i int, pad int) []modelFile {
		text := fmt.Sprintf("$version: \"2\"\nnamespace m%d\nstring S\n%*s", i, pad, "")
		return []modelFile{{name: "m.smithy", data: []byte(text)}}
	}
	c := NewModelCache(2, 200)
	a := c.get(src(1, 0))
	if a.err != nil || a.res.Model == nil {
		t.Fatalf("the model did not assemble: %v", a.err)
	}
	if c.get(src(1, 0)) != a {
		t.Error("a warm get assembled the model again")
	}
	b := c.get(src(2, 0))
	if b == a || c.Len() != 2 {
		t.Fatalf("a changed text must be another model; %d cached", c.Len())
	}
	c.get(src(1, 0)) // 1 is now the most recently used
	c.get(src(3, 0)) // evicts 2
	if c.get(src(1, 0)) != a {
		t.Error("the most recently used model was evicted")
	}
	if c.get(src(2, 0)) == b {
		t.Error("the least recently used model was not evicted")
	}
	big := c.get(src(4, 300))
	if big.err != nil || c.Len() != 2 || c.get(src(4, 300)) == big {
		t.Errorf("a model over the byte bound must be used and not kept (%d cached)", c.Len())
	}
	c2 := NewModelCache(10, 120)
	c2.get(src(1, 40))
	c2.get(src(2, 40))
	if c2.Len() != 1 {
		t.Errorf("the byte bound keeps %d models, want 1", c2.Len())
	}
}
