package load

import (
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// What a cached model holds in memory. The bound of the server's cache
// was in bytes of source until issue 21, and an assembled model holds 10
// to 300 times its source (the prelude and the trait definitions every
// model carries, then each shape, member, trait and trait value). Since
// issue 27 the model's part is [model.Model.Footprint], which the model
// computes when it is built from the sizes of what it holds (so that it
// follows the model's layout as that changes); the source, the events
// and what is prepared from the model later are counted here. The
// prepared parts are figures per shape covered, measured on this
// implementation with runtime.ReadMemStats after GC and rounded up, so
// that the estimate is at or above what is held for the models
// TestModelCostEstimate and TestModelCacheMemory fill the cache with:
// structure-, trait-, documentation- and enum-heavy IDL and JSON AST.
// docs/limits.md has the figures.
const (
	costModel      = 96 << 10 // the cache entry, the assembly's result and its tables
	costEvent      = 256      // one validation event kept
	costPrepared   = 1 << 10  // a prepared validator or service, beyond its shapes
	costPreparedSh = 256      // each shape (not a member) it covers
	costPreparedMb = 448      // each member of a structure, union, list or map it covers
	costPreparedEn = 64       // each member of an enum or intEnum it covers
)

// modelCost estimates the memory an assembled model holds (without what
// is prepared from it later: see preparedCost). A model that failed is
// its error and the events it keeps.
func modelCost(lm *Model) int64 {
	// The source stays alive too: the model's strings are slices of it.
	n := int64(costModel) + lm.size
	if lm.Res == nil {
		return n
	}
	n += int64(len(lm.Res.Events)) * costEvent
	for _, ev := range lm.Res.Events {
		n += int64(len(ev.Message))
	}
	if m := lm.Res.Model; m != nil {
		n += m.Footprint()
	}
	return n
}

// preparedCost estimates what a validator or a service prepared from m
// for root holds: a fixed part and a part for each shape it can reach
// (the shapes, members and targets its closure walks).
func preparedCost(m *model.Model, root shapeid.ID) int64 {
	start, ok := m.Shape(root)
	if !ok {
		return costPrepared
	}
	seen := map[*model.Shape]bool{start: true}
	queue := []*model.Shape{start}
	n := int64(costPrepared)
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		switch {
		case s.Container() == nil:
			n += costPreparedSh
		case s.Container().Type() == model.EnumType || s.Container().Type() == model.IntEnumType:
			n += costPreparedEn
		default:
			n += costPreparedMb
		}
		visit := func(t *model.Shape) {
			if t != nil && !seen[t] {
				seen[t] = true
				queue = append(queue, t)
			}
		}
		for _, mem := range s.Members() {
			visit(mem)
		}
		s.RelatedShapes(func(_ model.RelationshipType, _ shapeid.ID, t *model.Shape) { visit(t) })
	}
	return n
}
