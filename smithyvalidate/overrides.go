package smithyvalidate

import (
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// overriddenCodes are the codes of the constraint traits a member may
// apply over its target's, by trait.
var overriddenCodes = map[shapeid.ID]Code{
	preludeid.Range:       CodeRange,
	preludeid.Length:      CodeLength,
	preludeid.Pattern:     CodePattern,
	preludeid.UniqueItems: CodeUniqueItems,
}

// overrideChecker finds, in a value written in a model, the constraint
// findings that the engine's member rule hides and the Smithy reference
// reports: where a member applies a constraint trait (@range, @length,
// @pattern, @uniqueItems) that its target applies too, the engine checks
// the member's trait only (a member trait replaces the target's), while
// the reference checks both. The checker walks the value along its shape
// and checks each such member's value against the target's own contract,
// keeping the findings of the overridden traits at that value. Values of
// shapes that reach no such member are not walked.
type overrideChecker struct {
	m          *model.Model
	opts       []Option
	validators map[shapeid.ID]*Validator // the targets' own; nil: cannot be prepared
	reaches    map[shapeid.ID]bool       // whether a shape's values can hold an overriding member
}

func newOverrideChecker(m *model.Model, opts []Option) *overrideChecker {
	return &overrideChecker{m: m, opts: opts, validators: map[shapeid.ID]*Validator{}, reaches: map[shapeid.ID]bool{}}
}

// findings returns the hidden findings in val, a value of the shape or
// member id at path at.
func (oc *overrideChecker) findings(id shapeid.ID, val node.Node, at Path) []Finding {
	s, ok := oc.m.Shape(id)
	if !ok || !oc.reach(s) {
		return nil
	}
	var out []Finding
	oc.walk(s, val, at, &out, 0)
	return out
}

// reach reports whether a value of s (a shape or member) can hold a
// member that overrides a constraint of its target, s itself included.
func (oc *overrideChecker) reach(s *model.Shape) bool {
	target := s
	if s.Type() == model.MemberType {
		t, ok := oc.m.Target(s)
		if !ok {
			return false
		}
		if len(overrides(s, t)) > 0 {
			return true
		}
		target = t
	}
	r, seen := oc.reaches[target.ID()]
	if seen {
		return r
	}
	oc.reaches[target.ID()] = false // a cycle adds nothing new
	for _, mem := range target.Members() {
		if oc.reach(mem) {
			r = true
			break
		}
	}
	oc.reaches[target.ID()] = r
	return r
}

// overrides returns the constraint traits mem applies that its target
// applies too.
func overrides(mem, target *model.Shape) []shapeid.ID {
	var out []shapeid.ID
	for _, id := range constraintTraits {
		if _, ok := overriddenCodes[id]; ok && mem.HasTrait(id) && target.HasTrait(id) {
			out = append(out, id)
		}
	}
	return out
}

// maxOverrideDepth bounds the walk (the engine's own depth limit has
// already judged the value).
const maxOverrideDepth = 256

func (oc *overrideChecker) walk(s *model.Shape, val node.Node, at Path, out *[]Finding, depth int) {
	if depth > maxOverrideDepth || !oc.reach(s) {
		return
	}
	target := s
	if s.Type() == model.MemberType {
		t, ok := oc.m.Target(s)
		if !ok {
			return
		}
		target = t
		if traits := overrides(s, t); len(traits) > 0 {
			oc.checkTarget(t, traits, val, at, out)
		}
	}
	switch target.Type() {
	case model.StructureType, model.UnionType:
		for _, f := range val.Fields() {
			if mem, ok := target.Member(f.Key); ok {
				oc.walk(mem, f.Value, at.Key(f.Key), out, depth+1)
			}
		}
	case model.ListType, model.SetType:
		if mem, ok := target.Member("member"); ok {
			for i, e := range val.Elems() {
				oc.walk(mem, e, at.Index(i), out, depth+1)
			}
		}
	case model.MapType:
		if mem, ok := target.Member("value"); ok {
			for _, f := range val.Fields() {
				oc.walk(mem, f.Value, at.Key(f.Key), out, depth+1)
			}
		}
	}
}

// checkTarget checks val against the target's own contract and keeps the
// findings of the overridden traits about val itself.
func (oc *overrideChecker) checkTarget(t *model.Shape, traits []shapeid.ID, val node.Node, at Path, out *[]Finding) {
	v, ok := oc.validators[t.ID()]
	if !ok {
		v, _ = Prepare(oc.m, t.ID(), oc.opts...)
		oc.validators[t.ID()] = v
	}
	if v == nil {
		return
	}
	c := v.NewCollector()
	if err := v.Check(c, at, NodeView(&val)); err != nil {
		return
	}
	for _, f := range c.Result().Findings {
		for _, id := range traits {
			if f.Code == overriddenCodes[id] && (f.Path.Equal(at) || f.Code == CodeUniqueItems && f.Path.parent().Equal(at)) {
				*out = append(*out, f)
			}
		}
	}
}
