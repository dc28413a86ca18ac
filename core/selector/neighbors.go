package selector

import (
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// relKind is a relationship type of the specification's "Relationships"
// table.
type relKind uint8

const (
	relResource relKind = iota
	relOperation
	relCollectionOperation
	relPut
	relCreate
	relRead
	relUpdate
	relDelete
	relList
	relIdentifier
	relProperty
	relInput
	relOutput
	relError
	relMember       // a member of a list, map, structure, union, enum or intEnum
	relMemberTarget // the shape a member targets (no label)
	relTrait
	relMixin
)

var relLabels = [...]string{
	relResource:            "resource",
	relOperation:           "operation",
	relCollectionOperation: "collectionOperation",
	relPut:                 "put",
	relCreate:              "create",
	relRead:                "read",
	relUpdate:              "update",
	relDelete:              "delete",
	relList:                "list",
	relIdentifier:          "identifier",
	relProperty:            "property",
	relInput:               "input",
	relOutput:              "output",
	relError:               "error",
	relMember:              "member",
	relMemberTarget:        "",
	relTrait:               "trait",
	relMixin:               "mixin",
}

// relKinds maps the model's relationship types onto the selector's.
var relKinds = [...]relKind{
	model.RelMixin: relMixin, model.RelOperation: relOperation, model.RelResource: relResource,
	model.RelError: relError, model.RelIdentifier: relIdentifier, model.RelProperty: relProperty,
	model.RelCreate: relCreate, model.RelPut: relPut, model.RelRead: relRead, model.RelUpdate: relUpdate,
	model.RelDelete: relDelete, model.RelList: relList, model.RelCollectionOperation: relCollectionOperation,
	model.RelInput: relInput, model.RelOutput: relOutput, model.RelMember: relMember,
	model.RelMemberTarget: relMemberTarget,
}

// Label returns the relationship's name in selectors ("" for member
// targets).
func (k relKind) label() string { return relLabels[k] }

// instanceOperation reports whether the relationship binds an instance
// operation of a resource (the deprecated "instanceOperation" name).
func (k relKind) instanceOperation() bool {
	switch k {
	case relOperation, relRead, relUpdate, relDelete, relPut:
		return true
	}
	return false
}

type relationship struct {
	kind     relKind
	from, to *model.Shape
}

// forward returns the relationships from s to shapes of the model (a
// reference to a shape the model does not define is left out), with trait
// relationships when asked.
func (e *Evaluator) forward(s *model.Shape, traits bool) []relationship {
	var out []relationship
	e.forwardEach(s, traits, func(r relationship) bool { out = append(out, r); return true })
	return out
}

// forwardEach calls fn with each relationship forward returns, in order,
// until fn returns false; it reports whether fn never did. Unlike
// forward it makes no list: a neighbor step asks this of every shape it
// passes.
func (e *Evaluator) forwardEach(s *model.Shape, traits bool, fn func(relationship) bool) bool {
	more := true
	add := func(k relKind, id shapeid.ID) {
		if !more || id.IsZero() {
			return
		}
		if t, ok := e.m.Shape(id); ok {
			more = fn(relationship{kind: k, from: s, to: t})
		}
	}
	if s.Model() == e.m {
		// The model resolved the references when it was built.
		// Unit input and output are no relationship there (nor in the
		// reference implementation's neighbor provider).
		s.RelatedShapes(func(r model.RelationshipType, _ shapeid.ID, t *model.Shape) {
			if !more || t == nil {
				return
			}
			more = fn(relationship{kind: relKinds[r], from: s, to: t})
		})
	} else {
		s.Relationships(func(r model.RelationshipType, id shapeid.ID) {
			add(relKinds[r], id)
		})
	}
	if traits {
		for _, t := range s.Traits() {
			add(relTrait, t.ID)
		}
	}
	return more
}

// reverseRel is a relationship seen from the shape it points at.
type reverseRel struct {
	from *model.Shape
	kind relKind
}

// reverseOf returns the relationships that point at s.
func (e *Evaluator) reverseOf(s *model.Shape, traits bool) []reverseRel {
	e.revOnce.Do(func() {
		// Those that point at the shape of ordinal i are
		// reverse[reverseAt[i]:reverseAt[i+1]], in the order of the
		// shapes they come from: one array for the model, not a slice
		// per shape (on the 402 AWS models 40 MB became 17).
		n := e.m.NumShapes()
		at := make([]int32, n+1)
		for _, from := range e.shapes() {
			e.forwardEach(from, true, func(r relationship) bool { at[r.to.Ordinal()+1]++; return true })
		}
		for i := 1; i <= n; i++ {
			at[i] += at[i-1]
		}
		rels := make([]reverseRel, at[n])
		next := append([]int32(nil), at[:n]...)
		for _, from := range e.shapes() {
			e.forwardEach(from, true, func(r relationship) bool {
				i := r.to.Ordinal()
				rels[next[i]] = reverseRel{from: from, kind: r.kind}
				next[i]++
				return true
			})
		}
		e.reverse, e.reverseAt = rels, at
	})
	var rels []reverseRel
	if i := s.Ordinal(); s.Model() == e.m && i+1 < len(e.reverseAt) {
		rels = e.reverse[e.reverseAt[i]:e.reverseAt[i+1]:e.reverseAt[i+1]]
	}
	if traits {
		return rels
	}
	out := rels[:0:0]
	for _, r := range rels {
		if r.kind != relTrait {
			out = append(out, r)
		}
	}
	return out
}

// neighborExpr is ">", "<", "-[rels]->" and "<-[rels]-".
type neighborExpr struct {
	forward bool
	rels    []string // nil: undirected (every relationship but traits)
	traits  bool
	// The reference implementation's deprecated relationships.
	bound, instanceOp bool
}

func newNeighbor(forward bool, rels []string) expr {
	n := &neighborExpr{forward: forward}
	for _, r := range rels {
		switch r {
		case "bound":
			n.bound = true
		case "instanceOperation":
			n.instanceOp = true
		case "trait":
			n.traits = true
			n.rels = append(n.rels, r)
		default:
			n.rels = append(n.rels, r)
		}
	}
	if n.rels == nil && (n.bound || n.instanceOp) {
		n.rels = []string{} // directed, but by the deprecated names only
	}
	return n
}

func (n *neighborExpr) wants(k relKind) bool {
	if n.rels == nil {
		return k != relTrait
	}
	if n.instanceOp && k.instanceOperation() {
		return true
	}
	l := k.label()
	for _, r := range n.rels {
		if r == l && l != "" {
			return true
		}
	}
	return false
}

func (n *neighborExpr) push(c *evalCtx, s *model.Shape, next receiver) bool {
	if n.forward {
		if !c.ev.forwardEach(s, n.traits, func(r relationship) bool { c.charge(1); return !n.wants(r.kind) || next(r.to) }) {
			return false
		}
	} else {
		rels := c.ev.reverseOf(s, n.traits)
		c.charge(int64(len(rels)))
		for _, r := range rels {
			if n.wants(r.kind) && !next(r.from) {
				return false
			}
		}
	}
	if n.bound && s.Type() == model.ResourceType {
		// "bound" yields the resources and services that bind a resource.
		for _, r := range c.ev.reverseOf(s, false) {
			if r.kind == relResource {
				if !next(r.from) {
					return false
				}
			}
		}
	}
	return true
}

func (*neighborExpr) filter() bool { return false }

// recursiveNeighborExpr is "~>": every shape in the closure of a shape
// (following forward relationships, traits excluded), the shape itself
// left out.
type recursiveNeighborExpr struct{}

func (recursiveNeighborExpr) push(c *evalCtx, s *model.Shape, next receiver) bool {
	if s.Model() != c.ev.m {
		return recursiveFrom(c, s, next)
	}
	// A search from each shape of a cycle (what no memo of reach.go
	// answers: under variables, say) marks shapes in an array by ordinal,
	// one per nesting depth of searches, with a new stamp per search:
	// a map per search and a list of relationships per shape cost about
	// ten times the search itself.
	w := c.ev.acquireWalk()
	defer c.ev.walks.Put(w)
	w.stamp++
	if w.stamp == 0 { // wrapped: forget every old mark
		clear(w.marks)
		w.stamp = 1
	}
	marks, stamp := w.marks, w.stamp
	marks[s.Ordinal()] = stamp
	stack := append(w.stack[:0], s)
	defer func() { w.stack = stack[:0] }()
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		rels := w.rels[:0]
		c.ev.forwardEach(cur, false, func(r relationship) bool { rels = append(rels, r); return true })
		w.rels = rels[:0]
		c.ev.recVisits.Add(int64(len(rels)))
		c.charge(int64(len(rels)))
		for i := len(rels) - 1; i >= 0; i-- {
			t := rels[i].to
			// A shape of the model, as forwardEach gives them.
			if marks[t.Ordinal()] == stamp {
				continue
			}
			marks[t.Ordinal()] = stamp
			if !next(t) {
				return false
			}
			stack = append(stack, t)
		}
	}
	return true
}

// recursiveFrom is "~>" from a shape of another model (a shape the
// caller made), with a map of the shapes visited.
func recursiveFrom(c *evalCtx, s *model.Shape, next receiver) bool {
	visited := map[*model.Shape]bool{s: true}
	stack := []*model.Shape{s}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		rels := c.ev.forward(cur, false)
		c.ev.recVisits.Add(int64(len(rels)))
		c.charge(int64(len(rels)))
		for i := len(rels) - 1; i >= 0; i-- {
			t := rels[i].to
			if visited[t] {
				continue
			}
			visited[t] = true
			if !next(t) {
				return false
			}
			stack = append(stack, t)
		}
	}
	return true
}

// walkState is what one recursiveNeighborExpr.push in progress uses (a
// "~>" inside a :test that the receiver of another "~>" evaluates uses
// another): the evaluator keeps them in a pool.
type walkState struct {
	marks []uint32 // by ordinal: the stamp of the search that reached it
	stamp uint32
	stack []*model.Shape
	rels  []relationship
}

func (e *Evaluator) acquireWalk() *walkState {
	if w, ok := e.walks.Get().(*walkState); ok {
		return w
	}
	return &walkState{marks: make([]uint32, e.m.NumShapes())}
}

func (recursiveNeighborExpr) filter() bool { return false }
