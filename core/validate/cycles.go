package validate

import "github.com/smithy-validation/go/core/model"

// components are the strongly connected components of the graph that a
// follow function draws over shapes (Tarjan's algorithm, linear in the
// shapes and edges reached from the starting shapes).
type components struct {
	comp   map[*model.Shape]int
	looped map[int]bool // components with a cycle: two shapes or more, or a self-edge
}

// cyclic reports whether s lies on a cycle.
func (c *components) cyclic(s *model.Shape) bool {
	i, ok := c.comp[s]
	return ok && c.looped[i]
}

// same reports whether a and b are in one component.
func (c *components) same(a, b *model.Shape) bool {
	i, ok := c.comp[a]
	j, ok2 := c.comp[b]
	return ok && ok2 && i == j
}

// stronglyConnected computes the components of every shape reachable from
// starts through follow. The walk keeps its own stack, so a chain of any
// length costs no call depth.
func stronglyConnected(starts []*model.Shape, follow func(*model.Shape) []*model.Shape) *components {
	c := &components{comp: map[*model.Shape]int{}, looped: map[int]bool{}}
	index := map[*model.Shape]int{}
	low := map[*model.Shape]int{}
	onStack := map[*model.Shape]bool{}
	var stack []*model.Shape
	type frame struct {
		s     *model.Shape
		edges []*model.Shape
		next  int
	}
	next := 0
	for _, root := range starts {
		if _, seen := index[root]; seen {
			continue
		}
		visit := func(s *model.Shape) frame {
			index[s], low[s] = next, next
			next++
			stack = append(stack, s)
			onStack[s] = true
			return frame{s: s, edges: follow(s)}
		}
		frames := []frame{visit(root)}
		for len(frames) > 0 {
			f := &frames[len(frames)-1]
			if f.next < len(f.edges) {
				t := f.edges[f.next]
				f.next++
				if t == f.s {
					c.looped[-1-index[t]] = true // a self-edge, resolved below
				}
				if _, seen := index[t]; !seen {
					frames = append(frames, visit(t))
				} else if onStack[t] && index[t] < low[f.s] {
					low[f.s] = index[t]
				}
				continue
			}
			s := f.s
			frames = frames[:len(frames)-1]
			if len(frames) > 0 {
				if p := frames[len(frames)-1].s; low[s] < low[p] {
					low[p] = low[s]
				}
			}
			if low[s] != index[s] {
				continue
			}
			id := index[s]
			size := 0
			for {
				t := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[t] = false
				c.comp[t] = id
				size++
				if t == s {
					break
				}
			}
			if size > 1 || c.looped[-1-id] {
				c.looped[id] = true
			}
		}
	}
	return c
}

// shortestCycle returns the shapes of a shortest path from start back to
// start, as the search reports it (the first step first, start itself left
// out at both ends), found breadth first inside start's component.
func shortestCycle(start *model.Shape, follow func(*model.Shape) []*model.Shape, comps *components) []*model.Shape {
	prev := map[*model.Shape]*model.Shape{}
	queue := []*model.Shape{start}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, t := range follow(s) {
			if !comps.same(start, t) {
				continue
			}
			if t == start {
				var path []*model.Shape
				for p := s; p != start; p = prev[p] {
					path = append(path, p)
				}
				for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
					path[i], path[j] = path[j], path[i]
				}
				return path
			}
			if _, seen := prev[t]; !seen {
				prev[t] = s
				queue = append(queue, t)
			}
		}
	}
	return nil
}
