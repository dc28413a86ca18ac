package validate

import "github.com/smithy-validation/go/core/model"

// components are the strongly connected components of the graph that a
// follow function draws over the shapes of a model (Tarjan's algorithm,
// linear in the shapes and edges reached from the starting shapes). What
// it keeps per shape is in slices indexed by [model.Shape.Ordinal].
type components struct {
	comp   []int32 // component number + 1; 0 for a shape not reached
	looped []bool  // by component number: a cycle (two shapes or more, or a self-edge)
}

// cyclic reports whether s lies on a cycle.
func (c *components) cyclic(s *model.Shape) bool {
	i := c.comp[s.Ordinal()]
	return i > 0 && c.looped[i-1]
}

// same reports whether a and b are in one component.
func (c *components) same(a, b *model.Shape) bool {
	i, j := c.comp[a.Ordinal()], c.comp[b.Ordinal()]
	return i > 0 && i == j
}

// stronglyConnected computes the components of every shape of m reachable
// from starts through follow. The walk keeps its own stack, so a chain of
// any length costs no call depth.
func stronglyConnected(m *model.Model, starts []*model.Shape, follow func(*model.Shape) []*model.Shape) *components {
	n := m.NumShapes()
	c := &components{comp: make([]int32, n)}
	index := make([]int32, n) // visit number + 1; 0 for not visited
	low := make([]int32, n)
	onStack := make([]bool, n)
	selfEdge := make([]bool, n)
	var stack []*model.Shape
	type frame struct {
		s     *model.Shape
		edges []*model.Shape
		next  int
	}
	var next int32
	var frames []frame
	for _, root := range starts {
		if index[root.Ordinal()] != 0 {
			continue
		}
		visit := func(s *model.Shape) frame {
			next++
			index[s.Ordinal()], low[s.Ordinal()] = next, next
			stack = append(stack, s)
			onStack[s.Ordinal()] = true
			return frame{s: s, edges: follow(s)}
		}
		frames = append(frames[:0], visit(root))
		for len(frames) > 0 {
			f := &frames[len(frames)-1]
			if f.next < len(f.edges) {
				t := f.edges[f.next]
				f.next++
				if t == f.s {
					selfEdge[t.Ordinal()] = true
				}
				if index[t.Ordinal()] == 0 {
					frames = append(frames, visit(t))
				} else if onStack[t.Ordinal()] && index[t.Ordinal()] < low[f.s.Ordinal()] {
					low[f.s.Ordinal()] = index[t.Ordinal()]
				}
				continue
			}
			s := f.s
			frames = frames[:len(frames)-1]
			if len(frames) > 0 {
				if p := frames[len(frames)-1].s; low[s.Ordinal()] < low[p.Ordinal()] {
					low[p.Ordinal()] = low[s.Ordinal()]
				}
			}
			if low[s.Ordinal()] != index[s.Ordinal()] {
				continue
			}
			id := int32(len(c.looped)) + 1
			size := 0
			looped := false
			for {
				t := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[t.Ordinal()] = false
				c.comp[t.Ordinal()] = id
				looped = looped || selfEdge[t.Ordinal()]
				size++
				if t == s {
					break
				}
			}
			c.looped = append(c.looped, size > 1 || looped)
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
