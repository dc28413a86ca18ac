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
	type pending struct{ at, origin *model.Shape }
	labels := make(map[*model.Shape][2]*model.Shape, len(starts))
	isStart := make(map[*model.Shape]bool, len(starts))
	for _, s := range starts {
		isStart[s] = true
	}
	yielded := map[*model.Shape]bool{}
	var queue []pending
	stopped := false
	label := func(t, origin *model.Shape) {
		l := labels[t]
		switch {
		case l[0] == origin || l[1] == origin || l[1] != nil:
			return
		case l[0] == nil:
			l[0] = origin
		default:
			l[1] = origin
		}
		labels[t] = l
		queue = append(queue, pending{t, origin})
		if (!isStart[t] || origin != t) && !yielded[t] {
			yielded[t] = true
			if !next(t) {
				stopped = true
			}
		}
	}
	for _, s := range starts {
		queue = append(queue, pending{s, s})
	}
	for len(queue) > 0 && !stopped {
		p := queue[0]
		queue = queue[1:]
		c.ev.forwardEach(p.at, false, func(r relationship) bool {
			c.ev.recVisits.Add(1)
			label(r.to, p.origin)
			return !stopped
		})
	}
	return !stopped
}

// existsPlan is the argument of a :not or :test that ends in "~>"
// followed by filters: prefix (nil for none), "~>", then tail.
type existsPlan struct {
	prefix expr
	tail   expr
}

// planExists returns the plan for x, or nil when x is not such a chain.
func planExists(x expr) *existsPlan {
	switch x := x.(type) {
	case recursiveNeighborExpr:
		return &existsPlan{tail: identity{}}
	case andExpr:
		for i := len(x) - 1; i >= 0; i-- {
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

// exists reports whether arg (the chain p was made from) yields anything
// from s. It needs a selector without variables (a filter's answer must
// not depend on the path) and shapes of the evaluator's model; ok is false
// otherwise.
func (p *existsPlan) exists(c *evalCtx, s *model.Shape) (found, ok bool) {
	if c.sel.nvars > 0 || s.Model() != c.ev.m {
		return false, false
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
// and whatever its relationships out of it reach. Components complete in
// reverse topological order, so those reached out of one are known when
// it completes.
func (m *reachMemo) solve(c *evalCtx, p *existsPlan, root *model.Shape) {
	type frame struct {
		s    *model.Shape
		rels []relationship
		next int
	}
	n := len(m.state)
	index := make(map[int]int32) // ordinal -> DFS index + 1, while unsolved
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
	passes := func(s *model.Shape) bool { return received(c, s, p.tail) }
	enter(root)
	for len(frames) > 0 {
		f := &frames[len(frames)-1]
		if f.next < len(f.rels) {
			t := f.rels[f.next].to
			f.next++
			c.ev.recVisits.Add(1)
			if t.Model() != c.ev.m || t.Ordinal() >= n {
				continue
			}
			o := t.Ordinal()
			if m.state[o]&memoKnown != 0 {
				continue
			}
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
		inComp := func(t *model.Shape) bool {
			o := t.Ordinal()
			return onStack[o] && index[o] >= index[so]
		}
		cyclic := len(comp) > 1
		down := false // something reached out of the component passes
		npass := 0
		pass := make([]bool, len(comp))
		for k, x := range comp {
			if passes(x) {
				pass[k] = true
				npass++
			}
			c.ev.forwardEach(x, false, func(r relationship) bool {
				t := r.to
				if t == x {
					cyclic = true
					return true
				}
				if t.Model() != c.ev.m || t.Ordinal() >= n || inComp(t) {
					return true
				}
				if m.state[t.Ordinal()]&memoAny != 0 {
					down = true
				}
				return true
			})
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
			delete(onStack, x.Ordinal())
			delete(index, x.Ordinal())
			delete(low, x.Ordinal())
		}
	}
}
