package selector

import (
	"sync"

	"github.com/smithy-validation/go/core/model"
)

// "~>" without a fresh search from every shape. A search from each shape
// of one strongly connected component of n shapes walks the whole
// component n times (n² relationships: 4,000 structures in a cycle took
// 27 s to validate through @uniqueItems' `:not(> member ~> ...)`). Two
// places evaluate it once for many shapes instead:
//
//   - a chain's "~>" step fed a set of shapes ([andExpr.pushSet]) yields
//     the union of the shapes' closures, each without the shape itself,
//     from one search over the whole set (pushRecursiveSet);
//   - ":not(... ~> F)" and ":test(... ~> F)", where F is a chain of
//     filters, ask only whether some shape of a closure passes F: that
//     is the same for every shape of a strongly connected component but
//     the shape itself, and is computed once per shape of the model
//     (existsPlan, reachMemo).
//
// A third asks of a shape whether it reaches itself:
//
//   - ":in(P ~> F)", P forward steps (traits excluded) and filters, F
//     filters, yields a shape s when s passes F and some shape p != s
//     that P yields from s reaches s. s reaches p, so p reaches s exactly
//     when both are in one strongly connected component: the components
//     are numbered once (inPlan, Evaluator.componentOf) and the search
//     from every p of every shape (n² over a cycle of n shapes) is gone.
//
// Each counts the relationships it follows in Evaluator.recVisits, which
// the tests read to check that the work grows linearly.

// pushRecursiveSet sends next every shape t that some shape s of starts
// reaches in one or more forward steps (traits excluded) with t != s: the
// union of what "~>" yields from each start. One search labels each shape
// with at most two of the starts it is reached from (a shape is relabeled
// at most twice, so the search follows each relationship at most twice):
// a shape that is not a start is yielded on its first label, a start on a
// label other than itself (two labels tell whether another start reaches
// it, whatever the order they come in).
func pushRecursiveSet(c *evalCtx, starts []*model.Shape, next receiver) bool {
	if len(starts) == 1 {
		return recursiveNeighborExpr{}.push(c, starts[0], next)
	}
	ours := true
	for _, s := range starts {
		ours = ours && s.Model() == c.ev.m
	}
	if ours {
		return pushRecursiveOrdinals(c, starts, next)
	}
	labels := make(map[*model.Shape][2]*model.Shape, len(starts))
	isStart := make(map[*model.Shape]bool, len(starts))
	for _, s := range starts {
		isStart[s] = true
	}
	yielded := map[*model.Shape]bool{}
	var queue []pendingLabel
	stopped := false
	label := func(t, origin *model.Shape) {
		l := labels[t]
		if !addLabel(&l, origin) {
			return
		}
		labels[t] = l
		queue = append(queue, pendingLabel{t, origin})
		if (!isStart[t] || origin != t) && !yielded[t] {
			yielded[t] = true
			if !next(t) {
				stopped = true
			}
		}
	}
	for _, s := range starts {
		queue = append(queue, pendingLabel{s, s})
	}
	for len(queue) > 0 && !stopped {
		p := queue[0]
		queue = queue[1:]
		c.ev.forwardEach(p.at, false, func(r relationship) bool {
			c.ev.recVisits.Add(1)
			c.charge(1)
			label(r.to, p.origin)
			return !stopped
		})
	}
	return !stopped
}

// pushRecursiveOrdinals is pushRecursiveSet for starts of the
// evaluator's model: the labels and marks live in arrays by ordinal, with
// a stamp per search, taken from a pool (maps per search cost several
// times the search when a :in or :test searches from a set of shapes
// for each shape of a cycle).
func pushRecursiveOrdinals(c *evalCtx, starts []*model.Shape, next receiver) bool {
	w := c.ev.acquireSetWalk()
	defer c.ev.setWalks.Put(w)
	w.stamp++
	if w.stamp == 0 { // wrapped: forget every old mark
		clear(w.labeled)
		clear(w.start)
		clear(w.yielded)
		w.stamp = 1
	}
	stamp := w.stamp
	for _, s := range starts {
		w.start[s.Ordinal()] = stamp
	}
	queue := w.queue[:0]
	defer func() { w.queue = queue[:0] }()
	stopped := false
	label := func(t, origin *model.Shape) {
		o := t.Ordinal()
		if w.labeled[o] != stamp {
			w.labeled[o] = stamp
			w.labels[o] = [2]*model.Shape{}
		}
		if !addLabel(&w.labels[o], origin) {
			return
		}
		queue = append(queue, pendingLabel{t, origin})
		if (w.start[o] != stamp || origin != t) && w.yielded[o] != stamp {
			w.yielded[o] = stamp
			if !next(t) {
				stopped = true
			}
		}
	}
	for _, s := range starts {
		queue = append(queue, pendingLabel{s, s})
	}
	for i := 0; i < len(queue) && !stopped; i++ {
		p := queue[i]
		c.ev.forwardEach(p.at, false, func(r relationship) bool {
			c.ev.recVisits.Add(1)
			c.charge(1)
			label(r.to, p.origin)
			return !stopped
		})
	}
	return !stopped
}

type pendingLabel struct{ at, origin *model.Shape }

// addLabel gives a shape labeled l the start origin it is reached from,
// and reports whether that is new: a shape keeps at most two labels
// (enough to tell whether a start other than itself reaches it), so the
// search follows each relationship at most twice.
func addLabel(l *[2]*model.Shape, origin *model.Shape) bool {
	switch {
	case l[0] == origin || l[1] == origin || l[1] != nil:
		return false
	case l[0] == nil:
		l[0] = origin
	default:
		l[1] = origin
	}
	return true
}

// setWalk is what one pushRecursiveOrdinals in progress uses; the
// evaluator keeps them in a pool.
type setWalk struct {
	stamp                   uint32
	labeled, start, yielded []uint32 // by ordinal: the stamp of the search
	labels                  [][2]*model.Shape
	queue                   []pendingLabel
}

func (e *Evaluator) acquireSetWalk() *setWalk {
	if w, ok := e.setWalks.Get().(*setWalk); ok {
		return w
	}
	n := e.m.NumShapes()
	return &setWalk{labeled: make([]uint32, n), start: make([]uint32, n), yielded: make([]uint32, n), labels: make([][2]*model.Shape, n)}
}

// existsPlan is the argument of a :not or :test that ends in "~>"
// followed by filters: prefix (nil for none), "~>", then tail; or that
// ends in an :is(...) some of whose arguments are such chains and the
// others local (see local): prefix (nil for none), then any of args,
// each by its plan any[i] when it has one.
type existsPlan struct {
	prefix expr
	tail   expr
	any    []*existsPlan
	args   []expr
}

// planExists returns the plan for x, or nil when x is not such a chain.
func planExists(x expr) *existsPlan {
	switch x := x.(type) {
	case recursiveNeighborExpr:
		return &existsPlan{tail: identity{}}
	case *isExpr:
		return planAny(x)
	case andExpr:
		last := len(x) - 1
		if is, ok := x[last].(*isExpr); ok {
			if p := planAny(is); p != nil {
				if last > 0 {
					p.prefix = and(x[:last])
				}
				return p
			}
		}
		for i := last; i >= 0; i-- {
			if _, ok := x[i].(recursiveNeighborExpr); ok {
				if !and(x[i+1:]).filter() {
					return nil
				}
				p := &existsPlan{tail: and(x[i+1:])}
				if i > 0 {
					p.prefix = and(x[:i])
				}
				return p
			}
			if !x[i].filter() {
				return nil
			}
		}
	}
	return nil
}

// planAny returns the plan of an :is(...) one of whose arguments at least
// has a plan and whose others are local, or nil.
func planAny(x *isExpr) *existsPlan {
	p := &existsPlan{args: x.args, any: make([]*existsPlan, len(x.args))}
	planned := false
	for i, a := range x.args {
		if q := planExists(a); q != nil {
			p.any[i] = q
			planned = true
		} else if !local(a) {
			return nil
		}
	}
	if !planned {
		return nil
	}
	return p
}

// local reports whether x, evaluated from a shape, looks only at the
// shape and the shapes a fixed number of steps away (no "~>", variable,
// :root, :recursive or :topdown), or answers from a plan's memo.
func local(x expr) bool {
	switch x := x.(type) {
	case identity, typeTest, *attrExpr, *scopedExpr, *neighborExpr, unknownFuncExpr:
		return true
	case andExpr:
		for _, a := range x {
			if !local(a) {
				return false
			}
		}
		return true
	case *isExpr:
		for _, a := range x.args {
			if !local(a) {
				return false
			}
		}
		return true
	case *notExpr:
		return x.plan != nil || local(x.arg)
	case *testExpr:
		for i, a := range x.args {
			if x.plans[i] == nil && !local(a) {
				return false
			}
		}
		return true
	}
	return false
}

// exists reports whether arg (the chain p was made from) yields anything
// from s. It needs a selector without variables (a filter's answer must
// not depend on the path) and shapes of the evaluator's model; ok is false
// otherwise.
func (p *existsPlan) exists(c *evalCtx, s *model.Shape) (found, ok bool) {
	if c.sel.nvars > 0 || s.Model() != c.ev.m {
		return false, false
	}
	if p.any != nil {
		if p.prefix == nil {
			return p.anyOf(c, s), true
		}
		p.prefix.push(c, s, func(t *model.Shape) bool {
			if t.Model() != c.ev.m {
				found = received(c, t, &isExpr{args: p.args})
			} else {
				found = p.anyOf(c, t)
			}
			return !found
		})
		return found, true
	}
	memo := c.ev.reachMemoFor(p)
	if p.prefix == nil {
		return memo.has(c, p, s), true
	}
	p.prefix.push(c, s, func(t *model.Shape) bool {
		if t.Model() != c.ev.m {
			// Not the model's own shape: search from it as before.
			found = received(c, t, andExpr{recursiveNeighborExpr{}, p.tail})
		} else {
			found = memo.has(c, p, t)
		}
		return !found
	})
	return found, true
}

// anyOf reports whether one of p.args yields anything from s, a shape
// of the evaluator's model.
func (p *existsPlan) anyOf(c *evalCtx, s *model.Shape) bool {
	for i, a := range p.args {
		if q := p.any[i]; q != nil {
			if found, _ := q.exists(c, s); found {
				return true
			}
		} else if received(c, s, a) {
			return true
		}
	}
	return false
}

// reachMemo holds, for one existsPlan and each shape of the model (by
// ordinal), whether "~> tail" yields anything from the shape.
type reachMemo struct {
	mu    sync.Mutex
	state []uint8 // 0 not known yet, else hasFlag and anyFlag bits + known
}

const (
	memoKnown = 1 << iota
	memoHas   // some shape of the closure but the shape itself passes tail
	memoAny   // some shape of the closure or the shape itself passes tail
)

func (e *Evaluator) reachMemoFor(p *existsPlan) *reachMemo {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.reach == nil {
		e.reach = map[*existsPlan]*reachMemo{}
	}
	m, ok := e.reach[p]
	if !ok {
		m = &reachMemo{state: make([]uint8, e.m.NumShapes())}
		e.reach[p] = m
	}
	return m
}

// has reports whether some shape that s reaches in one or more forward
// steps, other than s, passes p.tail, computing it (with Tarjan's
// strongly connected components over what s reaches that is not known
// yet) on first asking.
func (m *reachMemo) has(c *evalCtx, p *existsPlan, s *model.Shape) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if st := m.state[s.Ordinal()]; st&memoKnown != 0 {
		return st&memoHas != 0
	}
	m.solve(c, p, s)
	return m.state[s.Ordinal()]&memoHas != 0
}

// solve fills the state of every shape s reaches. Shapes of one component
// reach the same shapes: the component's own shapes when it has a cycle,
// and whatever its relationships out of it reach.
func (m *reachMemo) solve(c *evalCtx, p *existsPlan, root *model.Shape) {
	known := func(o int) bool { return m.state[o]&memoKnown != 0 }
	components(c, root, known, func(comp []*model.Shape, cyclic bool, out []*model.Shape) {
		down := false // something reached out of the component passes
		for _, t := range out {
			if m.state[t.Ordinal()]&memoAny != 0 {
				down = true
			}
		}
		npass := 0
		pass := make([]bool, len(comp))
		for k, x := range comp {
			if received(c, x, p.tail) {
				pass[k] = true
				npass++
			}
		}
		for k, x := range comp {
			st := uint8(memoKnown)
			others := npass
			if pass[k] {
				others--
			}
			if down || (cyclic && others > 0) {
				st |= memoHas
			}
			if down || npass > 0 {
				st |= memoAny
			}
			m.state[x.Ordinal()] = st
		}
	})
}

// components walks the forward relationships (traits excluded) of what
// root reaches, but the shapes known tells are done, with Tarjan's
// algorithm, and calls done with each strongly connected component, in
// reverse topological order (those reached out of one are done when it
// is): its shapes, whether it has a cycle (more than one shape, or one
// that refers to itself), and the shapes its relationships lead to out of
// it. done must make known report its shapes.
func components(c *evalCtx, root *model.Shape, known func(ordinal int) bool, done func(comp []*model.Shape, cyclic bool, out []*model.Shape)) {
	type frame struct {
		s    *model.Shape
		rels []relationship
		next int
	}
	n := c.ev.m.NumShapes()
	ours := func(t *model.Shape) bool { return t.Model() == c.ev.m && t.Ordinal() < n }
	index := make(map[int]int32) // ordinal -> DFS index (from 1), while not done
	low := make(map[int]int32)
	onStack := make(map[int]bool)
	var stack []*model.Shape
	var frames []frame
	counter := int32(0)
	enter := func(s *model.Shape) {
		counter++
		index[s.Ordinal()] = counter
		low[s.Ordinal()] = counter
		onStack[s.Ordinal()] = true
		stack = append(stack, s)
		frames = append(frames, frame{s: s, rels: c.ev.forward(s, false)})
	}
	enter(root)
	var out []*model.Shape
	for len(frames) > 0 {
		f := &frames[len(frames)-1]
		if f.next < len(f.rels) {
			t := f.rels[f.next].to
			f.next++
			c.ev.recVisits.Add(1)
			c.charge(1)
			if !ours(t) || known(t.Ordinal()) {
				continue
			}
			o := t.Ordinal()
			if index[o] == 0 {
				enter(t)
			} else if onStack[o] && index[o] < low[f.s.Ordinal()] {
				low[f.s.Ordinal()] = index[o]
			}
			continue
		}
		s := f.s
		frames = frames[:len(frames)-1]
		so := s.Ordinal()
		if len(frames) > 0 {
			if po := frames[len(frames)-1].s.Ordinal(); low[so] < low[po] {
				low[po] = low[so]
			}
		}
		if low[so] != index[so] {
			continue
		}
		// s roots a component: its shapes are stack[i:].
		i := len(stack) - 1
		for stack[i] != s {
			i--
		}
		comp := stack[i:]
		stack = stack[:i]
		cyclic := len(comp) > 1
		out = out[:0]
		for _, x := range comp {
			c.ev.forwardEach(x, false, func(r relationship) bool {
				t := r.to
				switch {
				case t == x:
					cyclic = true
				case !ours(t):
				case onStack[t.Ordinal()] && index[t.Ordinal()] >= index[so]:
					// In the component.
				default:
					out = append(out, t)
				}
				return true
			})
		}
		done(comp, cyclic, out)
		for _, x := range comp {
			delete(onStack, x.Ordinal())
			delete(index, x.Ordinal())
			delete(low, x.Ordinal())
		}
	}
}

// reachList is, for a selector "~> F" (F filters) evaluated from single
// shapes ([Evaluator.SelectFrom]: a trait's validators from each shape the
// trait is applied to), the shapes passing F that each component
// reaches, its own included: what the selector yields from a shape is
// its component's list without the shape itself. One list serves every
// shape of a cycle, and a component that adds nothing to the one list
// it reaches shares it.
type reachList struct {
	mu    sync.Mutex
	known []bool
	list  [][]*model.Shape // by ordinal, shared by a component's shapes
}

// reachFilters returns the plan of x when x is "P ~> F", P and F filters
// (P nil for none): what x yields from a shape passing P is what "~> F"
// yields from it.
func reachFilters(x expr) (*existsPlan, bool) {
	switch x := x.(type) {
	case recursiveNeighborExpr:
		return &existsPlan{tail: identity{}}, true
	case andExpr:
		for i, step := range x {
			if _, ok := step.(recursiveNeighborExpr); ok {
				if !and(x[:i]).filter() || !and(x[i+1:]).filter() {
					return nil, false
				}
				p := &existsPlan{tail: and(x[i+1:])}
				if i > 0 {
					p.prefix = and(x[:i])
				}
				return p, true
			}
		}
	}
	return nil, false
}

// selectReach sends next what "~> tail" yields from s, from the memo.
func (e *Evaluator) selectReach(c *evalCtx, sel *Selector, tail expr, s *model.Shape, next receiver) {
	e.mu.Lock()
	if e.lists == nil {
		e.lists = map[*Selector]*reachList{}
	}
	rl, ok := e.lists[sel]
	if !ok {
		rl = &reachList{known: make([]bool, e.m.NumShapes()), list: make([][]*model.Shape, e.m.NumShapes())}
		e.lists[sel] = rl
	}
	e.mu.Unlock()
	rl.mu.Lock()
	defer rl.mu.Unlock()
	if !rl.known[s.Ordinal()] {
		known := func(o int) bool { return rl.known[o] }
		components(c, s, known, func(comp []*model.Shape, _ bool, out []*model.Shape) {
			var own []*model.Shape
			for _, x := range comp {
				if received(c, x, tail) {
					own = append(own, x)
				}
			}
			// The lists reached out of the component, each once.
			// (a list is named by its first element's address: shared
			// lists are the same array).
			var lists [][]*model.Shape
			seenList := map[**model.Shape]bool{}
			for _, t := range out {
				l := rl.list[t.Ordinal()]
				if len(l) > 0 && !seenList[&l[0]] {
					seenList[&l[0]] = true
					lists = append(lists, l)
				}
			}
			var list []*model.Shape
			if len(own) == 0 && len(lists) == 1 {
				list = lists[0]
			} else {
				set := map[*model.Shape]bool{}
				for _, x := range own {
					set[x] = true
					list = append(list, x)
				}
				for _, l := range lists {
					for _, x := range l {
						if !set[x] {
							set[x] = true
							list = append(list, x)
						}
					}
				}
			}
			for _, x := range comp {
				rl.known[x.Ordinal()] = true
				rl.list[x.Ordinal()] = list
			}
		})
	}
	for _, t := range rl.list[s.Ordinal()] {
		c.charge(1)
		if t != s && !next(t) {
			return
		}
	}
}

// inPlan is the argument of an :in that is "P ~> F": P (nil for none)
// forward neighbor steps that follow no trait relationship, and filters;
// F filters.
type inPlan struct {
	prefix, tail expr
}

// planIn returns the plan for x, or nil when x is not such a chain.
func planIn(x expr) *inPlan {
	steps, ok := x.(andExpr)
	if !ok {
		if _, ok := x.(recursiveNeighborExpr); ok {
			return &inPlan{tail: identity{}}
		}
		return nil
	}
	for i, step := range steps {
		if _, ok := step.(recursiveNeighborExpr); ok {
			if !and(steps[i+1:]).filter() {
				return nil
			}
			p := &inPlan{tail: and(steps[i+1:])}
			if i > 0 {
				p.prefix = and(steps[:i])
			}
			return p
		}
		if n, ok := step.(*neighborExpr); ok && n.forward && !n.traits && !n.bound {
			continue
		}
		if !step.filter() {
			return nil
		}
	}
	return nil
}

// yieldsItself reports whether "P ~> F" yields s from s: whether s passes
// F and some shape p != s that P yields from s is in the component of s
// (s reaches p through P's forward steps, which "~>" follows too, so p
// reaches s exactly then). It needs a selector without variables (P's
// filters may set some) and shapes of the evaluator's model; ok is false
// otherwise.
func (p *inPlan) yieldsItself(c *evalCtx, s *model.Shape) (found, ok bool) {
	if c.sel.nvars > 0 || s.Model() != c.ev.m {
		return false, false
	}
	if p.prefix == nil || !received(c, s, p.tail) {
		// "~>" from s never yields s itself.
		return false, true
	}
	comp := c.ev.componentOf(c, s)
	ok = true
	p.prefix.push(c, s, func(t *model.Shape) bool {
		switch {
		case t == s:
		case t.Model() != c.ev.m:
			ok = false
		case c.ev.componentOf(c, t) == comp:
			found = true
		}
		return ok && !found
	})
	return found, ok
}

// componentOf returns the number of the strongly connected component of
// s (forward relationships, traits excluded), numbering those of what s
// reaches on first asking. A component is numbered once it is complete,
// so an evaluation stopped by its budget leaves only correct numbers.
func (e *Evaluator) componentOf(c *evalCtx, s *model.Shape) int32 {
	e.compsMu.Lock()
	defer e.compsMu.Unlock()
	if e.comps == nil {
		e.comps = make([]int32, e.m.NumShapes())
	}
	if id := e.comps[s.Ordinal()]; id != 0 {
		return id
	}
	known := func(o int) bool { return e.comps[o] != 0 }
	components(c, s, known, func(comp []*model.Shape, _ bool, _ []*model.Shape) {
		e.ncomps++
		for _, x := range comp {
			e.comps[x.Ordinal()] = e.ncomps
		}
	})
	return e.comps[s.Ordinal()]
}
