package selector

import (
	"sort"
	"sync"
	"sync/atomic"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// Selector is a compiled selector. It is immutable and safe for concurrent
// use.
type Selector struct {
	text     string
	root     expr
	nvars    int
	varSlots map[string]int
	roots    []expr
	warnings []string
	filter   bool
	// backward is set when the selector can be matched against one
	// shape by walking backwards from it (see backward.go).
	backward bool
}

// String returns the selector as written.
func (s *Selector) String() string { return s.text }

// Warnings returns what the selector uses that the specification asks
// implementations to tolerate without failing: unknown function names
// (they yield no shapes), unknown relationship names (never traversed) and
// the deprecated :each function (an alias of :is).
func (s *Selector) Warnings() []string { return append([]string(nil), s.warnings...) }

// IsFilter reports whether the selector only ever yields the shape it
// starts from (shape types, attributes, :test, :not, :in, ...), so that
// matching one shape needs no evaluation of the rest of the model.
func (s *Selector) IsFilter() bool { return s.filter }

// HasVariables reports whether the selector sets or reads variables
// ($name(...), ${name}): without them, every starting shape that yields a
// shape yields the same [Match], and [Evaluator.Select] tells all that
// [Evaluator.Each] does but the count.
func (s *Selector) HasVariables() bool { return s.nvars > 0 }

// Select returns the shapes of m (root shapes and members) that the
// selector yields from any starting shape, sorted by shape ID.
func (s *Selector) Select(m *model.Model) []*model.Shape { return NewEvaluator(m).Select(s) }

// Matches reports whether shape is among the shapes the selector selects
// in m. For a filter selector ([Selector.IsFilter]) only shape is
// evaluated; otherwise the whole model is (use an [Evaluator] to share that
// work between calls).
func (s *Selector) Matches(m *model.Model, shape *model.Shape) bool {
	return NewEvaluator(m).Matches(s, shape)
}

// Evaluator evaluates selectors against one model, computing what does not
// depend on the selector (every shape, reverse relationships) once, and
// caching whole-model results of non-filter selectors for [Evaluator.Matches].
// It is safe for concurrent use.
type Evaluator struct {
	m *model.Model

	allOnce sync.Once
	all     []*model.Shape // every shape and member, sorted by ID

	rootsOnce   sync.Once
	byType      [256][]*model.Shape // root shapes by type, in ID order
	membersOnce sync.Once
	members     []*model.Shape // in ID order

	revOnce   sync.Once
	reverse   []reverseRel // see reverseOf
	reverseAt []int32

	mu      sync.Mutex
	results map[*Selector]map[*model.Shape]bool
	roots   map[*Selector][]shapeSet
	reach   map[*existsPlan]*reachMemo // see reach.go
	// comps numbers the strongly connected component of each shape (by
	// ordinal, from 1; 0 not known yet): see inPlan.
	compsMu sync.Mutex
	comps   []int32
	ncomps  int32
	lists   map[*Selector]*reachList

	// recVisits counts the relationships "~>" followed (for the tests).
	recVisits atomic.Int64
	// valuesCompared counts the work of attribute comparisons: the pairs
	// of values compared one by one, the values read once (for the tests;
	// see comparator.compare).
	valuesCompared atomic.Int64
	// walks holds *walkState (see recursiveNeighborExpr.push), setWalks
	// *setWalk (see pushRecursiveOrdinals).
	walks, setWalks sync.Pool
}

// NewEvaluator returns an evaluator for m.
func NewEvaluator(m *model.Model) *Evaluator { return &Evaluator{m: m} }

// Model returns the evaluator's model.
func (e *Evaluator) Model() *model.Model { return e.m }

// shapes returns every shape of the model, members included, sorted by ID.
func (e *Evaluator) shapes() []*model.Shape {
	e.allOnce.Do(func() {
		// Root shapes come sorted, and a shape's members sort right after
		// it (an ID orders by namespace, name, then member): only each
		// shape's members need sorting, not the whole list.
		e.all = make([]*model.Shape, 0, e.m.NumShapes())
		for _, s := range e.m.Shapes() {
			e.all = append(e.all, s)
			start := len(e.all)
			e.all = append(e.all, s.Members()...)
			members := e.all[start:]
			if len(members) > 1 && !sort.SliceIsSorted(members, func(i, j int) bool { return members[i].MemberName() < members[j].MemberName() }) {
				sort.Slice(members, func(i, j int) bool { return members[i].MemberName() < members[j].MemberName() })
			}
		}
	})
	return e.all
}

// ofType returns the shapes of type t in ID order. Root shapes are listed
// from the model's root shapes alone, without its members.
func (e *Evaluator) ofType(t model.ShapeType) []*model.Shape {
	if t == model.MemberType {
		e.membersOnce.Do(func() {
			for _, s := range e.shapes() {
				if s.Type() == model.MemberType {
					e.members = append(e.members, s)
				}
			}
		})
		return e.members
	}
	e.rootsOnce.Do(func() {
		for _, s := range e.m.Shapes() {
			e.byType[s.Type()] = append(e.byType[s.Type()], s)
		}
	})
	return e.byType[t]
}

// startsFor returns the starting shapes from which x may yield something,
// in the order of shapes(): a selector that begins with a shape type
// (`operation [trait|paginated]`, `structure > member`) yields nothing from
// shapes of other types, which are not even looked at.
func (e *Evaluator) startsFor(x expr) []*model.Shape {
	if a, ok := x.(andExpr); ok {
		x = a[0]
	}
	t, ok := x.(typeTest)
	if !ok {
		return e.shapes()
	}
	var out []*model.Shape
	types := 0
	for typ := range model.ShapeType(255) {
		if t.fn(typ) {
			if list := e.ofType(typ); len(list) > 0 {
				out = append(out, list...)
				types++
			}
		}
	}
	if types > 1 {
		sortByID(out)
	}
	return out
}

// Select returns the shapes sel yields from every starting shape, sorted by
// shape ID.
func (e *Evaluator) Select(sel *Selector) []*model.Shape { return e.selectWithin(sel, nil) }

func (e *Evaluator) selectWithin(sel *Selector, b *Budget) []*model.Shape {
	return sortedSet(e.selectSet(sel, b, nil))
}

// sortedSet returns the shapes of set sorted by shape ID.
func sortedSet(set map[*model.Shape]bool) []*model.Shape {
	out := make([]*model.Shape, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sortByID(out)
	return out
}

// SelectFrom returns the shapes sel yields when start is the only starting
// shape, sorted by shape ID (as a trait's validators select from the shape
// the trait is applied to).
func (e *Evaluator) SelectFrom(sel *Selector, start *model.Shape) []*model.Shape {
	return e.selectFromWithin(sel, start, nil)
}

func (e *Evaluator) selectFromWithin(sel *Selector, start *model.Shape, b *Budget) []*model.Shape {
	c := e.newCtx(sel, b)
	c.charge(1)
	var set shapeSet
	add := func(t *model.Shape) bool { set.add(t); return true }
	if r, ok := reachFilters(sel.root); ok && sel.nvars == 0 && start.Model() == e.m {
		// "P ~> F" from each shape of a cycle would search the cycle
		// each time (see reach.go).
		if r.prefix == nil || received(c, start, r.prefix) {
			e.selectReach(c, sel, r.tail, start, add)
		}
	} else {
		sel.root.push(c, start, add)
	}
	out := set.list
	sort.Slice(out, func(i, j int) bool { return shapeid.Compare(out[i].ID(), out[j].ID()) < 0 })
	return out
}

// Match is one shape a selector yielded and the variables set when it was
// yielded (for EmitEachSelector message templates).
type Match struct {
	Shape *model.Shape
	vars  map[string][]*model.Shape
	c     *evalCtx
}

// Vars returns the shapes bound to each variable when the shape was
// yielded.
func (m Match) Vars() map[string][]*model.Shape { return m.vars }

// Each calls fn for every shape sel yields, in the order of the starting
// shapes (sorted by ID), with the variables in scope; a shape yielded
// several times is reported once per starting shape that yields it. The
// order of the shapes one starting shape yields is not specified.
func (e *Evaluator) Each(sel *Selector, fn func(Match)) { e.eachWithin(sel, fn, nil) }

func (e *Evaluator) eachWithin(sel *Selector, fn func(Match), b *Budget) {
	c := e.newCtx(sel, b)
	if r, ok := reachFilters(sel.root); ok && sel.nvars == 0 {
		// "P ~> F" from each shape of a cycle would search the cycle
		// each time: the shapes of one strongly connected component
		// yield the same list but themselves (see reach.go).
		for _, s := range e.startsFor(sel.root) {
			c.charge(1)
			if r.prefix != nil && !received(c, s, r.prefix) {
				continue
			}
			e.selectReach(c, sel, r.tail, s, func(t *model.Shape) bool {
				fn(Match{Shape: t, c: c})
				return true
			})
		}
		return
	}
	// A filter yields at most its starting shape: nothing to tell apart.
	// Otherwise a set remembers what the current one yielded (a new one
	// once it is not empty: clearing a map costs its capacity).
	var seen map[*model.Shape]bool
	if !sel.filter {
		seen = map[*model.Shape]bool{}
	}
	emit := func(t *model.Shape) bool {
		if seen != nil {
			if seen[t] {
				return true
			}
			seen[t] = true
		}
		c.charge(1)
		fn(Match{Shape: t, vars: c.snapshotVars(), c: c})
		return true
	}
	for _, s := range e.startsFor(sel.root) {
		c.charge(1)
		c.clearVars()
		if len(seen) > 0 {
			seen = map[*model.Shape]bool{}
		}
		sel.root.push(c, s, emit)
	}
}

// Matches reports whether shape is among the shapes sel selects.
func (e *Evaluator) Matches(sel *Selector, shape *model.Shape) bool {
	if sel.filter {
		c := e.newCtx(sel, nil)
		return received(c, shape, sel.root)
	}
	if sel.backward {
		e.mu.Lock()
		r, done := e.results[sel]
		e.mu.Unlock()
		if done {
			return r[shape]
		}
		b := backMatch{c: e.newCtx(sel, nil), budget: backwardBudget}
		if found, ok := b.yields(sel.root, shape, noThen); ok {
			return found
		}
	}
	return e.selectSet(sel, nil, nil)[shape]
}

// MatchEach calls fn with each of shapes and whether sel selects it, as
// [Evaluator.Matches] tells, with what a match needs set up once for all
// of them.
func (e *Evaluator) MatchEach(sel *Selector, shapes []*model.Shape, fn func(s *model.Shape, matched bool)) {
	e.matchEachWithin(sel, shapes, fn, nil)
}

func (e *Evaluator) matchEachWithin(sel *Selector, shapes []*model.Shape, fn func(s *model.Shape, matched bool), bud *Budget) {
	switch {
	case sel.filter:
		c := e.newCtx(sel, bud)
		found := false
		recv := func(*model.Shape) bool { found = true; return false }
		for _, s := range shapes {
			c.charge(1)
			found = false
			c.clearVars()
			sel.root.push(c, s, recv)
			fn(s, found)
		}
		return
	case sel.backward:
		e.mu.Lock()
		r, done := e.results[sel]
		e.mu.Unlock()
		if done {
			for _, s := range shapes {
				fn(s, r[s])
			}
			return
		}
		// One context for every backward match: a chain that can be
		// walked backwards has no variables to clear.
		c := e.newCtx(sel, bud)
		for i, s := range shapes {
			b := backMatch{c: c, budget: backwardBudget}
			found, ok := b.yields(sel.root, s, noThen)
			c.charge(int64(backwardBudget - max(b.budget, 0)))
			if !ok {
				// Past the budget: the whole-model result answers for
				// this shape and the rest.
				set := e.selectSet(sel, bud, nil)
				for _, s := range shapes[i:] {
					fn(s, set[s])
				}
				return
			}
			fn(s, found)
		}
		return
	}
	set := e.selectSet(sel, bud, nil)
	for _, s := range shapes {
		fn(s, set[s])
	}
}

// selectSet returns the shapes sel yields from every starting shape, from
// the evaluator's results when it has them. Otherwise it fills set (a new
// one when nil), which holds what was found so far when b stops the
// evaluation.
func (e *Evaluator) selectSet(sel *Selector, b *Budget, set map[*model.Shape]bool) map[*model.Shape]bool {
	e.mu.Lock()
	if r, ok := e.results[sel]; ok {
		e.mu.Unlock()
		return r
	}
	e.mu.Unlock()
	if set == nil {
		set = map[*model.Shape]bool{}
	}
	c := e.newCtx(sel, b)
	pushAll(c, sel.root, e.startsFor(sel.root), func(t *model.Shape) bool { set[t] = true; return true })
	e.mu.Lock()
	if e.results == nil {
		e.results = map[*Selector]map[*model.Shape]bool{}
	}
	e.results[sel] = set
	e.mu.Unlock()
	return set
}

// newCtx prepares an evaluation of sel under b (nil: no bound): :root
// subexpressions are evaluated once, in an isolated context, before
// anything else.
func (e *Evaluator) newCtx(sel *Selector, b *Budget) *evalCtx {
	c := &evalCtx{ev: e, sel: sel, vars: make([]shapeSet, sel.nvars), budget: b}
	if len(sel.roots) == 0 {
		return c
	}
	e.mu.Lock()
	roots, ok := e.roots[sel]
	e.mu.Unlock()
	if ok {
		c.roots = roots
		return c
	}
	for _, r := range sel.roots {
		rc := &evalCtx{ev: e, sel: sel, vars: make([]shapeSet, sel.nvars), roots: c.roots, budget: b}
		var set shapeSet
		pushAll(rc, r, e.startsFor(r), func(t *model.Shape) bool { set.add(t); return true })
		c.roots = append(c.roots, set)
	}
	e.mu.Lock()
	if e.roots == nil {
		e.roots = map[*Selector][]shapeSet{}
	}
	e.roots[sel] = c.roots
	e.mu.Unlock()
	return c
}

// evalCtx is the state of one evaluation: the variables of the current
// starting shape and the :root results.
type evalCtx struct {
	ev    *Evaluator
	sel   *Selector
	vars  []shapeSet
	roots []shapeSet
	// budget, when not nil, bounds the evaluation (see budget.go).
	budget *Budget
	// found and setFound serve received, thens backMatch, chains and
	// chainDepth andExpr.pushSet.
	found      []bool
	setFound   []receiver
	thens      []then
	chains     []*chainState
	chainDepth int
}

func (c *evalCtx) clearVars() {
	for i := range c.vars {
		c.vars[i] = shapeSet{}
	}
}

func (c *evalCtx) snapshotVars() map[string][]*model.Shape {
	if len(c.sel.varSlots) == 0 {
		return nil
	}
	out := make(map[string][]*model.Shape, len(c.sel.varSlots))
	for name, slot := range c.sel.varSlots {
		if c.vars[slot].list != nil {
			out[name] = append([]*model.Shape(nil), c.vars[slot].list...)
		}
	}
	return out
}

// shapeSet is an insertion-ordered set of shapes. A small set is its
// list alone, searched in order; a map is built once it grows past
// smallSet shapes (most sets of a match hold a shape or two, and a map
// per set would cost more than the match).
type shapeSet struct {
	list []*model.Shape
	set  map[*model.Shape]bool
}

const smallSet = 8

func (s *shapeSet) add(t *model.Shape) {
	if s.has(t) {
		return
	}
	s.list = append(s.list, t)
	switch {
	case s.set != nil:
		s.set[t] = true
	case len(s.list) > smallSet:
		s.set = make(map[*model.Shape]bool, 2*len(s.list))
		for _, x := range s.list {
			s.set[x] = true
		}
	}
}

func (s *shapeSet) has(t *model.Shape) bool {
	if s.set != nil {
		return s.set[t]
	}
	for _, x := range s.list {
		if x == t {
			return true
		}
	}
	return false
}

// receiver gets each shape an expression yields; returning false stops
// the evaluation.
type receiver func(*model.Shape) bool

// expr is one compiled selector expression. push sends the shapes it
// yields for s to next and returns false when next asked to stop.
type expr interface {
	push(c *evalCtx, s *model.Shape, next receiver) bool
	filter() bool
}

// received reports whether e yields anything for s.
func received(c *evalCtx, s *model.Shape, e expr) bool {
	// The flag and the receiver that sets it are the context's, one per
	// nesting depth (a :test inside a :test), made once: a match asks
	// this of many shapes.
	d := len(c.found)
	c.found = append(c.found, false)
	if d == len(c.setFound) {
		c.setFound = append(c.setFound, func(*model.Shape) bool { c.found[d] = true; return false })
	}
	e.push(c, s, c.setFound[d])
	found := c.found[d]
	c.found = c.found[:d]
	return found
}

// identity is "*" and the empty chain.
type identity struct{}

func (identity) push(c *evalCtx, s *model.Shape, next receiver) bool { return next(s) }
func (identity) filter() bool                                        { return true }

// andExpr is a chain of expressions, each fed what the previous yields.
type andExpr []expr

func and(steps []expr) expr {
	switch len(steps) {
	case 0:
		return identity{}
	case 1:
		return steps[0]
	}
	return andExpr(steps)
}

func (a andExpr) push(c *evalCtx, s *model.Shape, next receiver) bool {
	if c.sel.nvars > 0 {
		return a.from(0, c, s, next)
	}
	start := [1]*model.Shape{s}
	return a.pushSet(c, start[:], next)
}

// pushSet evaluates the chain one step at a time over sets of shapes: each
// step sees every shape once, however many paths lead to it, so a chain of
// k steps costs k passes over the relationships it reaches instead of the
// number of paths (which grows exponentially with k on a model with
// fan-out and cycles: "~> ~> ~> ..."). Selectors with variables take the
// path-at-a-time walk of [andExpr.from] instead, since what a variable holds
// depends on the path that set it.
func (a andExpr) pushSet(c *evalCtx, starts []*model.Shape, next receiver) bool {
	st := c.acquireChain()
	defer c.releaseChain()
	frontier := starts
	for _, step := range a[:len(a)-1] {
		st.reset()
		if _, ok := step.(recursiveNeighborExpr); ok {
			// One search for the whole frontier (see reach.go).
			pushRecursiveSet(c, frontier, st.add)
		} else if r, ok := step.(*recursiveExpr); ok {
			r.pushSet(c, frontier, st.add)
		} else {
			for _, t := range frontier {
				step.push(c, t, st.add)
			}
		}
		if len(st.out.list) == 0 {
			return true
		}
		frontier = st.out.list
	}
	st.reset() // what the last step yielded
	st.next = next
	if _, ok := a[len(a)-1].(recursiveNeighborExpr); ok {
		return pushRecursiveSet(c, frontier, st.yield)
	}
	if r, ok := a[len(a)-1].(*recursiveExpr); ok {
		return r.pushSet(c, frontier, st.yield)
	}
	for _, t := range frontier {
		if !a[len(a)-1].push(c, t, st.yield) {
			return false
		}
	}
	return true
}

// chainState is what one andExpr.pushSet in progress uses: the set a
// step fills, the receivers that fill it (made once), and two lists the
// steps' sets take turns with (a step reads the list the one before it
// filled). An evaluation keeps one per nesting depth of chains
// (evalCtx.chains), so that a chain evaluated from every shape of a model
// allocates nothing once its lists have grown.
type chainState struct {
	out        shapeSet
	next       receiver
	add, yield receiver
	lists      [2][]*model.Shape
	cur        int // the index in lists of out.list
}

// reset empties the set for the next step, in the list the step before
// did not use (which the next step reads).
func (st *chainState) reset() {
	st.lists[st.cur] = st.out.list[:0]
	st.cur ^= 1
	st.out.list = st.lists[st.cur][:0]
	if st.out.set != nil {
		clear(st.out.set)
	}
}

func (c *evalCtx) acquireChain() *chainState {
	d := c.chainDepth
	c.chainDepth++
	if d == len(c.chains) {
		st := &chainState{}
		st.add = func(t *model.Shape) bool { st.out.add(t); return true }
		st.yield = func(t *model.Shape) bool {
			if st.out.has(t) {
				return true
			}
			st.out.add(t)
			return st.next(t)
		}
		c.chains = append(c.chains, st)
	}
	return c.chains[d]
}

func (c *evalCtx) releaseChain() {
	c.chainDepth--
	c.chains[c.chainDepth].next = nil
}

// pushAll sends what x yields from every shape of starts to next: a chain
// without variables is evaluated over the whole set at once (see
// [andExpr.pushSet]), anything else one starting shape at a time with the
// variables cleared in between.
func pushAll(c *evalCtx, x expr, starts []*model.Shape, next receiver) {
	c.charge(int64(len(starts)))
	if a, ok := x.(andExpr); ok && c.sel.nvars == 0 {
		a.pushSet(c, starts, next)
		return
	}
	for _, s := range starts {
		c.clearVars()
		x.push(c, s, next)
	}
}

func (a andExpr) from(i int, c *evalCtx, s *model.Shape, next receiver) bool {
	if i == len(a)-1 {
		return a[i].push(c, s, next)
	}
	return a[i].push(c, s, func(t *model.Shape) bool { return a.from(i+1, c, t, next) })
}

func (a andExpr) filter() bool {
	for _, e := range a {
		if !e.filter() {
			return false
		}
	}
	return true
}

// typeTest is a shape type or category.
type typeTest struct {
	name string
	fn   func(model.ShapeType) bool
}

func (t typeTest) push(c *evalCtx, s *model.Shape, next receiver) bool {
	if t.fn(s.Type()) {
		return next(s)
	}
	return true
}
func (typeTest) filter() bool { return true }

// attrExpr is `[path]` or `[path op values i]`.
type attrExpr struct {
	path   []string
	cmp    comparator
	values []value
	ci     bool
	// trait is set for `[trait|X]` existence checks, answered directly.
	trait shapeid.ID
}

func newAttrExpr(path []string, cmp comparator, values []string, ci bool) expr {
	a := &attrExpr{path: path, cmp: cmp, ci: ci}
	for _, v := range values {
		a.values = append(a.values, literal(v))
	}
	if cmp == cmpNone && len(path) == 2 && path[0] == "trait" && len(path[1]) > 0 && path[1][0] != '(' {
		a.trait, _ = shapeid.Parse(absoluteTraitName(path[1]))
	}
	return a
}

func (a *attrExpr) push(c *evalCtx, s *model.Shape, next receiver) bool {
	if a.matches(c, s) {
		return next(s)
	}
	return true
}

func (a *attrExpr) matches(c *evalCtx, s *model.Shape) bool {
	if !a.trait.IsZero() {
		return s.HasTrait(a.trait)
	}
	lhs := shapeValue(c, s).path(a.path)
	if a.cmp == cmpNone {
		return lhs.present()
	}
	for _, rhs := range a.values {
		if a.cmp.compare(c, lhs, rhs, a.ci) {
			return true
		}
	}
	return false
}

func (*attrExpr) filter() bool { return true }

// scopedExpr is `[@path: assertion && ...]`.
type scopedExpr struct {
	path       []string
	assertions []assertion
}

type assertion struct {
	lhs scopedValue
	cmp comparator
	rhs []scopedValue
	ci  bool
}

// scopedValue is a context value `@{path}` or a literal.
type scopedValue struct {
	path    []string
	isPath  bool
	literal string
}

func (v scopedValue) resolve(scope value) value {
	if v.isPath {
		return scope.path(v.path)
	}
	return literal(v.literal)
}

func (e *scopedExpr) push(c *evalCtx, s *model.Shape, next receiver) bool {
	scope := shapeValue(c, s).path(e.path)
	if !scope.present() {
		return true
	}
	for _, v := range scope.flattened() {
		if e.matchesScope(c, v) {
			return next(s)
		}
	}
	return true
}

func (e *scopedExpr) matchesScope(c *evalCtx, scope value) bool {
	for _, a := range e.assertions {
		lhs := a.lhs.resolve(scope)
		ok := false
		for _, r := range a.rhs {
			if a.cmp.compare(c, lhs, r.resolve(scope), a.ci) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func (*scopedExpr) filter() bool { return true }

// testExpr is :test(a, b, ...).
// plans[i] is set when args[i] ends in "~>" and filters (see reach.go).
type testExpr struct {
	args  []expr
	plans []*existsPlan
}

func newTest(args []expr) *testExpr {
	t := &testExpr{args: args, plans: make([]*existsPlan, len(args))}
	for i, a := range args {
		t.plans[i] = planExists(a)
	}
	return t
}

func (t *testExpr) push(c *evalCtx, s *model.Shape, next receiver) bool {
	for i, a := range t.args {
		if yields(c, s, a, t.plans[i]) {
			return next(s)
		}
	}
	return true
}

// yields reports whether a yields anything from s, by plan when it can.
func yields(c *evalCtx, s *model.Shape, a expr, plan *existsPlan) bool {
	if plan != nil {
		if found, ok := plan.exists(c, s); ok {
			return found
		}
	}
	return received(c, s, a)
}
func (*testExpr) filter() bool { return true }

// isExpr is :is(a, b, ...): the shapes each argument yields.
type isExpr struct{ args []expr }

func is(args []expr) expr {
	if len(args) == 1 {
		return args[0]
	}
	return &isExpr{args: args}
}

func (e *isExpr) push(c *evalCtx, s *model.Shape, next receiver) bool {
	for _, a := range e.args {
		if !a.push(c, s, next) {
			return false
		}
	}
	return true
}

func (e *isExpr) filter() bool {
	for _, a := range e.args {
		if !a.filter() {
			return false
		}
	}
	return true
}

// notExpr is :not(a).
type notExpr struct {
	arg  expr
	plan *existsPlan // see reach.go
}

func (n *notExpr) push(c *evalCtx, s *model.Shape, next receiver) bool {
	if !yields(c, s, n.arg, n.plan) {
		return next(s)
	}
	return true
}
func (*notExpr) filter() bool { return true }

// inExpr is :in(a): the shape if a yields it.
type inExpr struct {
	arg  expr
	plan *inPlan // see reach.go
}

func (e *inExpr) push(c *evalCtx, s *model.Shape, next receiver) bool {
	found := false
	switch a := e.arg.(type) {
	case varGetExpr:
		found = c.vars[a.slot].has(s)
	case rootExpr:
		found = c.roots[a.index].has(s)
	default:
		if e.plan != nil {
			var ok bool
			if found, ok = e.plan.yieldsItself(c, s); ok {
				break
			}
		}
		e.arg.push(c, s, func(t *model.Shape) bool {
			if t == s {
				found = true
				return false
			}
			return true
		})
	}
	if found {
		return next(s)
	}
	return true
}
func (*inExpr) filter() bool { return true }

// rootExpr is :root(a), evaluated once against every shape.
type rootExpr struct{ index int }

func (r rootExpr) push(c *evalCtx, s *model.Shape, next receiver) bool {
	c.charge(int64(len(c.roots[r.index].list)))
	for _, t := range c.roots[r.index].list {
		if !next(t) {
			return false
		}
	}
	return true
}
func (rootExpr) filter() bool { return false }

// varSetExpr is $name(a): stores what a yields, then yields the shape.
type varSetExpr struct {
	slot int
	arg  expr
}

func (v *varSetExpr) push(c *evalCtx, s *model.Shape, next receiver) bool {
	var set shapeSet
	v.arg.push(c, s, func(t *model.Shape) bool { set.add(t); return true })
	if set.list == nil {
		set.list = []*model.Shape{}
	}
	c.vars[v.slot] = set
	return next(s)
}
func (*varSetExpr) filter() bool { return true }

// varGetExpr is ${name}.
type varGetExpr struct{ slot int }

func (v varGetExpr) push(c *evalCtx, s *model.Shape, next receiver) bool {
	c.charge(int64(len(c.vars[v.slot].list)))
	for _, t := range c.vars[v.slot].list {
		if !next(t) {
			return false
		}
	}
	return true
}
func (varGetExpr) filter() bool { return false }

// topDownExpr is :topdown(qualifier[, disqualifier]).
type topDownExpr struct {
	qualifier, disqualifier expr
}

func (t *topDownExpr) push(c *evalCtx, s *model.Shape, next receiver) bool {
	switch s.Type() {
	case model.ServiceType, model.ResourceType, model.OperationType:
		return t.walk(false, c, s, next, map[*model.Shape]bool{})
	}
	return true
}

func (t *topDownExpr) walk(qualified bool, c *evalCtx, s *model.Shape, next receiver, visited map[*model.Shape]bool) bool {
	if visited[s] {
		return true
	}
	visited[s] = true
	c.charge(1)
	if !qualified && received(c, s, t.qualifier) {
		qualified = true
	}
	if qualified && t.disqualifier != nil && received(c, s, t.disqualifier) {
		qualified = false
	}
	if qualified && !next(s) {
		return false
	}
	rels := c.ev.forward(s, false)
	c.charge(int64(len(rels)))
	for _, r := range rels {
		if r.to != s && (r.kind == relResource || r.kind == relOperation) {
			if !t.walk(qualified, c, r.to, next, visited) {
				return false
			}
		}
	}
	return true
}
func (*topDownExpr) filter() bool { return false }

// recursiveExpr is :recursive(a): a applied to the shape, then to every new
// shape it yields, until nothing new comes.
type recursiveExpr struct{ arg expr }

func (r *recursiveExpr) push(c *evalCtx, s *model.Shape, next receiver) bool {
	return r.pushSet(c, []*model.Shape{s}, next)
}

// pushSet sends next what r yields from any shape of starts, from one
// search: the shapes reached from some start by one or more applications
// of r.arg. Without variables (a chain's steps over sets, see
// [andExpr.pushSet]) what r.arg yields from a shape does not depend on
// the start it was reached from, so the union needs no search from each
// start (n² over a cycle of n shapes: `structure :recursive(> member >)`).
// A start is marked only once some start reaches it: it is searched from
// at most twice.
func (r *recursiveExpr) pushSet(c *evalCtx, starts []*model.Shape, next receiver) bool {
	queue := append([]*model.Shape(nil), starts...)
	visited := map[*model.Shape]bool{}
	for i := 0; i < len(queue); i++ {
		stopped := false
		r.arg.push(c, queue[i], func(t *model.Shape) bool {
			if visited[t] {
				return true
			}
			visited[t] = true
			c.charge(1)
			if !next(t) {
				stopped = true
				return false
			}
			queue = append(queue, t)
			return true
		})
		if stopped {
			return false
		}
	}
	return true
}

func (*recursiveExpr) filter() bool { return false }

// unknownFuncExpr is a function the specification does not define: it
// yields no shapes.
type unknownFuncExpr struct{ name string }

func (unknownFuncExpr) push(*evalCtx, *model.Shape, receiver) bool { return true }
func (unknownFuncExpr) filter() bool                               { return true }

// sortByID sorts shapes by shape ID, the order of Evaluator.shapes.
func sortByID(shapes []*model.Shape) {
	sort.Slice(shapes, func(i, j int) bool { return shapeid.Compare(shapes[i].ID(), shapes[j].ID()) < 0 })
}
