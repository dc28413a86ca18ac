package load

import (
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// What a cached model holds in memory, estimated from the assembled
// model (issue 21: the cache's bound was in bytes of source, and an
// assembled model holds 10 to 300 times its source: the prelude and the
// trait definitions every model carries, then each shape, member, trait
// and trait value). The figures are per item of the model, measured on
// this implementation with runtime.ReadMemStats after GC (heap retained
// by assemble, then by Prepare) and rounded up, so that the estimate is
// at or above what is held for the models TestModelCacheMemory fills the
// cache with: structure-, trait-, documentation- and enum-heavy IDL and
// JSON AST. docs/limits.md has the figures.
const (
	costModel      = 96 << 10 // a model's own tables, beyond its shapes
	costShape      = 1280     // a root shape: its ID, definition, indexes
	costMember     = 720      // a member shape
	costTrait      = 240      // one trait application
	costNode       = 128      // one node of a trait value (or of metadata)
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
	// The source may stay alive too: the model's strings can be slices
	// of it.
	n := int64(costModel) + lm.size
	if lm.Res == nil {
		return n
	}
	n += int64(len(lm.Res.Events)) * costEvent
	for _, ev := range lm.Res.Events {
		n += int64(len(ev.Message))
	}
	m := lm.Res.Model
	if m == nil {
		return n
	}
	for _, md := range m.Metadata() {
		n += int64(len(md.Key)) + nodeCost(md.Value)
	}
	for _, s := range m.Shapes() {
		n += costShape + shapeCost(s)
		for _, mem := range s.Members() {
			n += costMember + int64(len(mem.MemberName())) + shapeCost(mem)
		}
	}
	return n
}

// shapeCost is what a shape's traits and ID text hold.
func shapeCost(s *model.Shape) int64 {
	n := int64(len(s.ID().String()))
	for _, t := range s.OwnTraits() {
		n += costTrait + nodeCost(t.Value)
	}
	return n
}

// nodeCost is what a node value holds: each node, its text and keys.
func nodeCost(v node.Node) int64 {
	n := int64(costNode)
	switch v.Kind() {
	case node.String:
		n += int64(len(v.StringValue()))
	case node.Number:
		n += int64(len(v.NumberText()))
	case node.Array:
		for _, e := range v.Elems() {
			n += nodeCost(e)
		}
	case node.Object:
		for _, f := range v.Fields() {
			n += int64(len(f.Key)) + nodeCost(f.Value)
		}
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
