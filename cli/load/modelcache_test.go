package load

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
)

// TestModelCache checks the cache's bounds and keys: a hit returns the
// same assembled model, a changed text is a new model, the least recently
// used model is evicted past the entry bound, and the memory bound evicts
// too (a model larger than it is not kept).
func TestModelCache(t *testing.T) {
	src := func(i int, pad int) []File {
		text := fmt.Sprintf("$version: \"2\"\nnamespace m%d\nstring S\n", i) + strings.Repeat(" ", pad)
		return []File{{Name: "m.smithy", Data: []byte(text)}}
	}
	one := modelCost(assemble(src(1, 0)))
	c := NewCache(2, 3*one)
	a := c.get(src(1, 0))
	if a.err != nil || a.Res.Model == nil {
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
	big := c.get(src(4, int(3*one))) // its source alone passes the bound
	if big.err != nil || c.Len() != 2 || c.get(src(4, int(3*one))) == big {
		t.Errorf("a model over the memory bound must be used and not kept (%d cached)", c.Len())
	}
	c2 := NewCache(10, one+one/2)
	c2.get(src(1, 0))
	c2.get(src(2, 0))
	if c2.Len() != 1 || c2.Bytes() > one+one/2 {
		t.Errorf("the memory bound keeps %d models (%d bytes), want 1", c2.Len(), c2.Bytes())
	}
	// What is prepared from a cached model counts: preparing validators
	// grows the model's cost and evicts the others past the bound.
	c3 := NewCache(10, 2*one+one/2)
	m1 := c3.get(src(1, 0))
	c3.get(src(2, 0))
	before := c3.Bytes()
	if _, err := m1.Validator(shapeid.MustParse("m1#S")); err != nil {
		t.Fatal(err)
	}
	if c3.Bytes() <= before {
		t.Errorf("a prepared validator added nothing: %d bytes before and after", before)
	}
}

// genModel is a model of n groups of shapes of one kind, in namespace
// m<i>: the kinds whose memory the cost estimate is checked against.
func genModel(kind string, i, n int) []File {
	var b strings.Builder
	fmt.Fprintf(&b, "$version: \"2\"\nnamespace m%d\n", i)
	for k := range n {
		switch kind {
		case "structures":
			fmt.Fprintf(&b, "/// Doc %d\n@length(min: 1, max: 10)\nstring S%d\nstructure T%d {\n  @required a: S%d\n  b: Integer\n  c: T%d\n}\n", k, k, k, k, k)
		case "traits":
			fmt.Fprintf(&b, "@documentation(\"%s\")\n@pattern(\"^[a-z]+$\")\n@length(min: 1, max: 10)\n@tags([\"a\", \"b\", \"c\", \"d\"])\n@externalDocumentation(a: \"http://x\", b: \"http://y\")\nstring S%d\n", strings.Repeat("word ", 20), k)
		case "enums":
			fmt.Fprintf(&b, "enum E%d {\n", k)
			for j := range 20 {
				fmt.Fprintf(&b, "  V%d\n", j)
			}
			b.WriteString("}\n")
		case "wide":
			fmt.Fprintf(&b, "structure W%d {\n", k)
			for j := range 40 {
				fmt.Fprintf(&b, "  m%d: String\n", j)
			}
			b.WriteString("}\n")
		case "recursive":
			fmt.Fprintf(&b, "list L%d { member: M%d }\nmap M%d { key: String, value: U%d }\nunion U%d { a: String, b: Integer, c: L%d }\n", k, k, k, k, k, k)
		}
	}
	if kind == "json" {
		b.Reset()
		fmt.Fprintf(&b, `{"smithy":"2.0","shapes":{`)
		for k := range n {
			if k > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"j%d#S%d":{"type":"string","traits":{"smithy.api#length":{"min":1,"max":10},"smithy.api#documentation":"doc"}},"j%d#T%d":{"type":"structure","members":{"a":{"target":"j%d#S%d","traits":{"smithy.api#required":{}}},"b":{"target":"smithy.api#Integer"}}}`, i, k, i, k, i, k)
		}
		b.WriteString("}}")
		return []File{{Name: "m.json", Data: []byte(b.String())}}
	}
	return []File{{Name: "m.smithy", Data: []byte(b.String())}}
}

var modelKinds = []string{"structures", "traits", "enums", "wide", "recursive", "json"}

// liveHeap is the heap in use after collecting garbage.
func liveHeap() int64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// ownShapes are the shapes a model file defines (not the prelude's, nor
// the trait definitions every model carries).
func ownShapes(lm *Model, ns func(string) bool) []shapeid.ID {
	var ids []shapeid.ID
	for _, s := range lm.Res.Model.Shapes() {
		if ns(s.ID().Namespace) {
			ids = append(ids, s.ID())
		}
	}
	return ids
}

// TestModelCostEstimate: for each kind of model, the estimate of what an
// assembled model and its prepared validators hold is at or above the
// heap they retain (measured after GC), and within 3 times it, so the
// cache's bound is a bound without wasting most of it.
func TestModelCostEstimate(t *testing.T) {
	if testing.Short() {
		t.Skip("assembles six models of a thousand shapes")
	}
	for i, kind := range modelKinds {
		t.Run(kind, func(t *testing.T) {
			files := genModel(kind, i, 500)
			h0 := liveHeap()
			lm := assemble(files)
			h1 := liveHeap()
			if lm.err != nil || lm.Res.HasErrors() {
				t.Fatalf("the model does not assemble: %v %v", lm.err, lm.Res.Events)
			}
			est := modelCost(lm)
			var pest int64
			for _, id := range ownShapes(lm, func(ns string) bool { return strings.HasPrefix(ns, "m") || strings.HasPrefix(ns, "j") }) {
				if _, err := lm.Validator(id); err != nil {
					t.Fatal(err)
				}
				pest += preparedCost(lm.Res.Model, id)
			}
			h2 := liveHeap()
			runtime.KeepAlive(lm)
			held, pheld := h1-h0, h2-h1
			t.Logf("%s: %d bytes of source; the model holds %d (estimate %d, %.2fx), its validators %d (estimate %d, %.2fx)",
				kind, lm.size, held, est, float64(est)/float64(held), pheld, pest, float64(pest)/float64(pheld))
			if est < held || est > 3*held {
				t.Errorf("the model's estimate %d is not within 1-3 times what it holds, %d", est, held)
			}
			if pest < pheld || pest > 3*pheld {
				t.Errorf("the validators' estimate %d is not within 1-3 times what they hold, %d", pest, pheld)
			}
		})
	}
}

// TestModelCacheMemory fills a cache bounded at 24 MiB with 84 models of
// every kind, more than three times that by estimate (72 were, until the
// model packed its members), preparing validators from
// each, and measures the heap the cache holds after GC: at most its bound
// and 8 MiB of slack. A cache bounded by source bytes (64 MiB of source
// was ~6 GB) keeps every one of these models, about 100 MB.
func TestModelCacheMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("assembles 100 MB of models")
	}
	const bound = 24 << 20
	h0 := liveHeap()
	c := NewCache(1000, bound)
	var inserted int64
	for i := range 84 {
		lm := c.get(genModel(modelKinds[i%len(modelKinds)], i, 200))
		if lm.err != nil {
			t.Fatal(lm.err)
		}
		inserted += modelCost(lm)
		prefix := fmt.Sprintf("m%d", i)
		for k, id := range ownShapes(lm, func(ns string) bool { return ns == prefix || ns == "j"+fmt.Sprint(i) }) {
			if k%4 == 0 {
				lm.Validator(id)
			}
		}
	}
	held := liveHeap() - h0
	runtime.KeepAlive(c)
	t.Logf("%d models cached, %d bytes by estimate; %d bytes of heap held (bound %d; %d inserted)", c.Len(), c.Bytes(), held, bound, inserted)
	if inserted < 3*bound {
		t.Errorf("the models inserted hold %d bytes by estimate: too few to fill the cache", inserted)
	}
	if c.Bytes() > bound || c.Bytes() < bound/2 {
		t.Errorf("the cache holds %d bytes by estimate: not filled to its bound %d", c.Bytes(), bound)
	}
	if held > bound+8<<20 {
		t.Errorf("the cache holds %d bytes of heap, over its bound %d and 8 MiB of slack", held, bound)
	}
}
