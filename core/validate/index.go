package validate

import (
	"iter"
	"sort"
	"sync"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/selector"
	"github.com/smithy-validation/go/core/shapeid"
)

// index holds what several validators derive from a whole model: every
// shape with its members, the reverse relationships, the shapes that apply
// each trait. [Check] builds one index per model for the duration of the
// run, so that each is computed at most once however many validators use
// it; a validator called on its own gets a fresh index.
type index struct {
	m *model.Model

	// The relationships that point at the shape of ordinal i are
	// refs[refsAt[i]:refsAt[i+1]]: offsets into one array, not a slice
	// per shape, which the garbage collector would scan. A shape's
	// outgoing relationships are not kept: see appendOutgoing.
	// walkOnce guards byTrait and traitIDs, computed together.
	walkOnce sync.Once

	refsOnce sync.Once
	refs     []referrer
	refsAt   []int32

	byTrait  map[shapeid.ID][]*model.Shape
	traitIDs []shapeid.ID // the keys of byTrait, sorted

	evalOnce   sync.Once
	eval       *selector.Evaluator
	budgetOnce sync.Once
	budget     *selector.Budget // see selectors

	typesOnce sync.Once
	byType    map[model.ShapeType][]*model.Shape

	setsMu sync.Mutex
	sets   map[shapeid.ID]shapeSet

	closureMu sync.Mutex
	closures  map[*model.Shape][]*model.Shape

	scratchMu sync.Mutex
	scratch   []*model.Shape // see reachable
	seen      []bool         // see reachable: by ordinal, all false between walks

	resourcesMu sync.Mutex
	resources   map[*model.Shape][]*model.Shape // by service, see containedResources
}

var (
	indexMu sync.Mutex
	indexes = map[*model.Model]*sharedIndex{}
)

type sharedIndex struct {
	idx  *index
	done chan struct{} // closed when the Check that made idx ends
}

// useIndex makes indexOf(m) return one index, the running Check's, until
// the returned function is called. Checks of one model run one at a
// time: a second waits for the first to end and then gets an index of its
// own, so that each Check spends its own selector budget (shared, two
// Checks at once spent one budget together, and each could be stopped by
// the other's work: a SelectorLimit that depended on timing).
func useIndex(m *model.Model) (release func()) {
	for {
		indexMu.Lock()
		s, ok := indexes[m]
		if !ok {
			s = &sharedIndex{idx: &index{m: m}, done: make(chan struct{})}
			indexes[m] = s
			indexMu.Unlock()
			return func() {
				indexMu.Lock()
				delete(indexes, m)
				indexMu.Unlock()
				close(s.done)
			}
		}
		indexMu.Unlock()
		<-s.done
	}
}

// indexOf returns the index of m shared by the running Check, or a new one.
func indexOf(m *model.Model) *index {
	indexMu.Lock()
	defer indexMu.Unlock()
	if s, ok := indexes[m]; ok {
		return s.idx
	}
	return &index{m: m}
}

// eachShape returns every shape of the model in ordinal order: each root
// shape in ID order, followed by its members. No list of them is kept:
// one was 2.4 MB on the chain of 100,000 structures of
// docs/performance.md ("Where a model's bytes go", ninth round), alive at
// the largest live heap of the run, and the model's own order serves.
func (x *index) eachShape() iter.Seq[*model.Shape] { return eachShape(x.m) }

func eachShape(m *model.Model) iter.Seq[*model.Shape] {
	return func(yield func(*model.Shape) bool) {
		for _, s := range m.Shapes() {
			if !yield(s) {
				return
			}
			for _, mem := range s.Members() {
				if !yield(mem) {
					return
				}
			}
		}
	}
}

// referrersOf returns the relationships that point at s, by ordinal. The
// slice is shared: callers must not modify it.
func (x *index) referrersOf(s *model.Shape) []referrer {
	x.refsOnce.Do(func() {
		// Counted first, then filled into one array, each target's
		// referrers in ordinal order.
		n := x.m.NumShapes()
		at := make([]int32, n+1)
		var out []reference
		for from := range x.eachShape() {
			out = appendOutgoing(out[:0], from)
			for _, r := range out {
				if r.target != nil && x.own(r.target) {
					at[r.target.Ordinal()+1]++
				}
			}
		}
		for i := 1; i < len(at); i++ {
			at[i] += at[i-1]
		}
		refs := make([]referrer, at[n])
		next := append([]int32(nil), at[:n]...)
		for from := range x.eachShape() {
			out = appendOutgoing(out[:0], from)
			for _, r := range out {
				if r.target != nil && x.own(r.target) {
					t := r.target.Ordinal()
					refs[next[t]] = referrer{from, r.rel}
					next[t]++
				}
			}
		}
		x.refs, x.refsAt = refs, at
	})
	if x.own(s) {
		o := s.Ordinal()
		return x.refs[x.refsAt[o]:x.refsAt[o+1]:x.refsAt[o+1]]
	}
	return nil
}

// outgoing returns the relationships of s as [references] lists them, in
// a new slice: for the few shapes a validator looks at one by one
// (services, resources). A walk over many shapes appends them to a
// buffer of its own with appendOutgoing.
func (x *index) outgoing(s *model.Shape) []reference { return references(s) }

// appendOutgoing appends the relationships of s as [references] lists
// them to buf. They are read from the model at each call, which resolved
// them when it was built, instead of kept for every shape in the index:
// that array (16 bytes a relationship and 4 a shape) was 7.6 MB on the
// chain of 100,000 structures of docs/performance.md ("Where a model's
// bytes go", ninth round), alive at the largest live heap of the run. A
// member and a shape with members and no mixins, the most common, are
// read here without the model's callbacks; anything else as [references].
func appendOutgoing(buf []reference, s *model.Shape) []reference {
	switch t := s.Type(); t {
	case model.MemberType:
		c := s.Container()
		if c == nil {
			break
		}
		if ct := c.Type(); ct == model.EnumType || ct == model.IntEnumType {
			return buf
		}
		if s.Target().IsZero() {
			return buf
		}
		target, _ := c.Model().Target(s)
		return append(buf, reference{rel: relMemberTarget, target: target})
	case model.ServiceType, model.ResourceType, model.OperationType:
	default:
		if len(s.Mixins()) != 0 {
			break
		}
		if t == model.MapType {
			for _, mem := range s.Members() {
				if mem.MemberName() == "key" {
					buf = append(buf, reference{rel: relMapKey, target: mem})
				} else {
					buf = append(buf, reference{rel: relMapValue, target: mem})
				}
			}
			return buf
		}
		memberRel := memberRelOf(t)
		if memberRel == relNone {
			if len(s.Members()) != 0 {
				return appendReferences(buf, s)
			}
			return buf
		}
		for _, mem := range s.Members() {
			buf = append(buf, reference{rel: memberRel, target: mem})
		}
		return buf
	}
	return appendReferences(buf, s)
}

// memberTarget returns the shape of the index's model that member s
// targets as its relationship (nil for a shape that is not a member, an
// enum member or a member whose target the model does not define).
func (x *index) memberTarget(s *model.Shape) *model.Shape {
	if s.Type() != model.MemberType || !x.own(s) {
		return nil
	}
	var buf [1]reference
	var t *model.Shape
	for _, r := range appendOutgoing(buf[:0], s) {
		t = r.target
	}
	return t
}

// walk computes in one pass over the shapes what the index keeps of each
// (the traits it applies).
func (x *index) walk() {
	// One lookup per trait application: trait IDs are numbered as they
	// come, the lists kept by number.
	num := map[shapeid.ID]int{}
	var lists [][]*model.Shape
	for s := range x.eachShape() {
		for _, t := range s.Traits() {
			k, ok := num[t.ID]
			if !ok {
				k = len(lists)
				num[t.ID] = k
				lists = append(lists, nil)
				x.traitIDs = append(x.traitIDs, t.ID)
			}
			lists[k] = append(lists[k], s)
		}
	}
	x.byTrait = make(map[shapeid.ID][]*model.Shape, len(lists))
	for i, id := range x.traitIDs {
		x.byTrait[id] = lists[i]
	}
	sort.Slice(x.traitIDs, func(i, j int) bool { return shapeid.Compare(x.traitIDs[i], x.traitIDs[j]) < 0 })
}

// own reports whether s is one of the index's model's shapes, whose
// ordinal indexes the index's tables.
func (x *index) own(s *model.Shape) bool { return s.Model() == x.m }

// ofType returns the root shapes of type t in ID order. The slice is
// shared: callers must not modify it.
func (x *index) ofType(t model.ShapeType) []*model.Shape {
	x.typesOnce.Do(func() {
		// Counted first: lists grown by append allocated twice what they
		// keep (4.4 MB for 0.9 on the chain of 100,000 structures).
		var n [model.ResourceType + 1]int
		for _, s := range x.m.Shapes() {
			if t := s.Type(); t <= model.ResourceType {
				n[t]++
			}
		}
		x.byType = map[model.ShapeType][]*model.Shape{}
		for _, s := range x.m.Shapes() {
			t := s.Type()
			if x.byType[t] == nil && t <= model.ResourceType {
				x.byType[t] = make([]*model.Shape, 0, n[t])
			}
			x.byType[t] = append(x.byType[t], s)
		}
	})
	return x.byType[t]
}

// withTrait returns the shapes and members that apply trait id directly,
// in ordinal order (see eachShape). The slice is shared: callers must not modify
// it.
func (x *index) withTrait(id shapeid.ID) []*model.Shape {
	x.walkOnce.Do(x.walk)
	return x.byTrait[id]
}

// containersOf returns the root shapes with a member that applies trait
// id, in ID order.
func (x *index) containersOf(id shapeid.ID) []*model.Shape {
	var out []*model.Shape
	for _, s := range x.withTrait(id) {
		if c := s.Container(); c != nil && (len(out) == 0 || out[len(out)-1] != c) {
			out = append(out, c)
		}
	}
	return out
}

// applied returns the IDs of the traits that shapes and members apply
// (their own and those mixins give them), sorted. The slice is shared:
// callers must not modify it.
func (x *index) applied() []shapeid.ID {
	x.withTrait(shapeid.ID{})
	return x.traitIDs
}

// rootsWithTrait returns the root shapes that apply trait id, in ID order.
func (x *index) rootsWithTrait(id shapeid.ID) []*model.Shape {
	var out []*model.Shape
	for _, s := range x.withTrait(id) {
		if s.Container() == nil {
			out = append(out, s)
		}
	}
	return out
}

// evaluator returns a selector evaluator of the model shared by the
// validators, so that what it computes for one selector (neighbors, whole
// model results) serves the others.
func (x *index) evaluator() *selector.Evaluator {
	x.evalOnce.Do(func() { x.eval = selector.NewEvaluator(x.m) })
	return x.eval
}

// selectors returns the shared evaluator under the run's budget for the
// model's own selectors (see selectorBudget).
func (x *index) selectors() selector.Bounded {
	return x.evaluator().Within(x.selectorBudget(DefaultSelectorLimit(x.m)))
}

// selectorBudget returns the budget of the model's selectors, made with
// limit if it is not made yet (one a Check: see useIndex).
func (x *index) selectorBudget(limit int64) *selector.Budget {
	x.budgetOnce.Do(func() { x.budget = selector.NewBudget(limit) })
	return x.budget
}

// memberTargets returns a function that gives a member's target as a
// list of one shape (none for a shape that is not a member, an enum
// member or a member whose target the model does not define): the shapes
// a member refers to, read from the model (see memberTarget). The
// lists are carved from blocks of the function's own, which go with it:
// an array of every shape's target kept in the index for the rest of the
// validators was 2.4 MB on the chain of 100,000 structures of
// docs/performance.md ("Where a model's bytes go", eighth round), alive
// at the largest live heap of the run, and it is read for a few members
// (those of lists and maps, required ones). The lists must not be
// modified.
func (x *index) memberTargets() func(*model.Shape) []*model.Shape {
	var block []*model.Shape
	return func(s *model.Shape) []*model.Shape {
		t := x.memberTarget(s)
		if t == nil {
			return nil
		}
		if len(block) == cap(block) {
			block = make([]*model.Shape, 0, 256)
		}
		block = append(block, t)
		n := len(block)
		return block[n-1 : n : n]
	}
}

// closure returns the shapes reachable from root (see [reachable]),
// computed once. The slice is shared: callers must not modify it.
func (x *index) closure(root *model.Shape) []*model.Shape {
	x.closureMu.Lock()
	c, ok := x.closures[root]
	x.closureMu.Unlock()
	if ok {
		return c
	}
	c = x.reachable([]*model.Shape{root})
	x.closureMu.Lock()
	if x.closures == nil {
		x.closures = map[*model.Shape][]*model.Shape{}
	}
	x.closures[root] = c
	x.closureMu.Unlock()
	return c
}

// shapeSet is a set of shapes of one model, a bit per ordinal.
type shapeSet []uint64

func (b shapeSet) has(s *model.Shape) bool {
	i := s.Ordinal()
	return i>>6 < len(b) && b[i>>6]&(1<<(i&63)) != 0
}

// traitSet returns the shapes and members that apply trait id (as
// [model.Shape.HasTrait] tells), computed once.
func (x *index) traitSet(id shapeid.ID) shapeSet {
	x.setsMu.Lock()
	b, ok := x.sets[id]
	x.setsMu.Unlock()
	if ok {
		return b
	}
	b = make(shapeSet, (x.m.NumShapes()+63)/64)
	for _, s := range x.withTrait(id) {
		b[s.Ordinal()>>6] |= 1 << (s.Ordinal() & 63)
	}
	x.setsMu.Lock()
	if x.sets == nil {
		x.sets = map[shapeid.ID]shapeSet{}
	}
	x.sets[id] = b
	x.setsMu.Unlock()
	return b
}
