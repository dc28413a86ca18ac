package validate

import (
	"fmt"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/prelude"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/selector"
	"github.com/smithy-validation/go/core/shapeid"
)

// unreferencedShape is the UnreferencedShape validator of the validators
// metadata: a NOTE for each root shape outside the prelude that is not
// connected to a shape the rootShapeSelector selects (by default
// "service"), to a trait definition or to a @metadata shape.
//
// Besides the relationships of the model, a shape is connected to each
// shape that a trait value applied to it names through @idRef, as in the
// reference implementation (IdRefShapeRelationships): a string at a place
// of the value whose member, or its target, has @idRef (or a trait
// definition that has @idRef itself) and that is the ID of a shape of the
// model.
func unreferencedShape(id string, config node.Node) (func(*model.Model, selector.Bounded) ([]model.Event, error), string) {
	text := "service"
	if config.Kind() == node.Object {
		for _, f := range config.Fields() {
			if f.Key != "rootShapeSelector" {
				return nil, fmt.Sprintf("Expected an object with possible properties of `rootShapeSelector`, but found additional properties: `%s`", f.Key)
			}
		}
		if v, ok := config.Get("rootShapeSelector"); ok {
			text = v.StringValue()
		}
	}
	root, err := selector.Cached(text)
	if err != nil {
		return nil, fmt.Sprintf("Error parsing `rootShapeSelector`: %v", err)
	}
	return func(m *model.Model, ev selector.Bounded) ([]model.Event, error) {
		x := indexOf(m)
		roots, err := ev.Select(root)
		if err != nil {
			return nil, err
		}
		refs := newIDRefs(m, x)
		connected := make([]bool, m.NumShapes()) // by ordinal
		var stack []*model.Shape
		var out []reference
		walk := func(s *model.Shape) {
			if connected[s.Ordinal()] {
				return
			}
			stack = append(stack[:0], s)
			connected[s.Ordinal()] = true
			for len(stack) > 0 {
				cur := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if c := cur.Container(); c != nil && !connected[c.Ordinal()] {
					connected[c.Ordinal()] = true
					stack = append(stack, c)
				}
				out = appendOutgoing(out[:0], cur)
				for _, r := range out {
					if t := r.target; t != nil && !connected[t.Ordinal()] {
						connected[t.Ordinal()] = true
						stack = append(stack, t)
					}
				}
				refs.each(cur, func(t *model.Shape) {
					if !connected[t.Ordinal()] {
						connected[t.Ordinal()] = true
						stack = append(stack, t)
					}
				})
			}
		}
		for _, s := range roots {
			walk(s)
		}
		for _, s := range x.rootsWithTrait(preludeid.Trait) {
			walk(s)
		}
		for _, s := range x.rootsWithTrait(preludeid.Metadata) {
			walk(s)
		}
		var events []model.Event
		for _, s := range m.Shapes() {
			if !connected[s.Ordinal()] && !prelude.IsPreludeID(s.ID()) {
				events = append(events, eventf(model.Note, id, s,
					"This shape is unreferenced. It has no modeled connections to shapes that match the following selector: `%s`", root))
			}
		}
		return events, nil
	}, ""
}

// idRefs finds the shapes that trait values name through @idRef.
type idRefs struct {
	m *model.Model
	// reaches holds, by ordinal, the shapes and members whose values can
	// hold an @idRef string: those with @idRef, members whose target can,
	// and shapes with such a member.
	reaches []bool
	// edges are the shapes each shape's trait values name.
	edges map[*model.Shape][]*model.Shape
}

func newIDRefs(m *model.Model, x *index) *idRefs {
	r := &idRefs{m: m, reaches: make([]bool, m.NumShapes())}
	roots := m.Shapes()
	for _, s := range roots {
		r.reaches[s.Ordinal()] = s.HasTrait(preludeid.IDRef)
		for _, mem := range s.Members() {
			r.reaches[mem.Ordinal()] = mem.HasTrait(preludeid.IDRef)
		}
	}
	// To a fixed point: each pass carries reach one step up, from a
	// target to the members that target it and from a member to its
	// container; nesting is shallow, so passes are few.
	for changed := true; changed; {
		changed = false
		for _, s := range roots {
			for _, mem := range s.Members() {
				if !r.reaches[mem.Ordinal()] {
					if t := r.target(mem); t != nil && r.reaches[t.Ordinal()] {
						r.reaches[mem.Ordinal()], changed = true, true
					}
				}
				if r.reaches[mem.Ordinal()] && !r.reaches[s.Ordinal()] {
					r.reaches[s.Ordinal()], changed = true, true
				}
			}
		}
	}
	// Only the applications of traits whose values can name a shape are
	// read, once each.
	for _, id := range x.applied() {
		def, ok := m.Shape(id)
		if !ok || !r.reach(def) || !def.HasTrait(preludeid.Trait) {
			continue
		}
		for _, s := range x.withTrait(id) {
			v, _ := s.Trait(id)
			r.walk(def, v, func(t *model.Shape) {
				if r.edges == nil {
					r.edges = map[*model.Shape][]*model.Shape{}
				}
				r.edges[s] = append(r.edges[s], t)
			})
		}
	}
	return r
}

// reach reports whether a value of sh can hold an @idRef string.
func (r *idRefs) reach(sh *model.Shape) bool {
	i := sh.Ordinal()
	return i < len(r.reaches) && r.reaches[i] && sh.Model() == r.m
}

// each calls fn with each shape of the model that a trait value applied
// to s names through @idRef.
func (r *idRefs) each(s *model.Shape, fn func(*model.Shape)) {
	if r.edges == nil {
		return
	}
	for _, t := range r.edges[s] {
		fn(t)
	}
}

// target returns the shape that gives sh's values their type: a member's
// target, sh itself otherwise (nil when the model has none).
func (r *idRefs) target(sh *model.Shape) *model.Shape {
	if sh.Type() != model.MemberType {
		return sh
	}
	t, _ := r.m.Target(sh)
	return t
}

// walk follows value v of sh (a shape or member) to its @idRef strings.
func (r *idRefs) walk(sh *model.Shape, v node.Node, fn func(*model.Shape)) {
	if !r.reach(sh) {
		return
	}
	t := r.target(sh)
	if sh.HasTrait(preludeid.IDRef) || t != nil && t.HasTrait(preludeid.IDRef) {
		if v.Kind() == node.String {
			if id, err := shapeid.Parse(v.StringValue()); err == nil {
				if ref, ok := r.m.Shape(id); ok {
					fn(ref)
				}
			}
		}
		return
	}
	if t == nil {
		return
	}
	switch t.Type() {
	case model.ListType, model.SetType:
		if mem, ok := t.Member("member"); ok {
			for _, e := range v.Elems() {
				r.walk(mem, e, fn)
			}
		}
	case model.MapType:
		key, _ := t.Member("key")
		val, _ := t.Member("value")
		for _, f := range v.Fields() {
			if key != nil {
				r.walk(key, node.NewString(f.Key), fn)
			}
			if val != nil {
				r.walk(val, f.Value, fn)
			}
		}
	case model.StructureType, model.UnionType:
		for _, f := range v.Fields() {
			if mem, ok := t.Member(f.Key); ok {
				r.walk(mem, f.Value, fn)
			}
		}
	}
}
