package importer

import (
	"sort"

	"github.com/smithy-validation/go/core/preludeid"
)

// breakRecursion makes the generated shapes a model that `smithy validate`
// accepts where the schema's references form a recursion that Smithy
// forbids (its ShapeRecursion validator, core/validate):
//
//   - a list or map that holds itself with no structure or union in between
//     (`{"type": "array", "items": {"$ref": "#"}}`, a map of itself): the
//     member that closes the cycle targets a document;
//   - structures that hold each other through required members only (a
//     schema no finite value satisfies, unless one of them is null): the
//     member that closes the cycle is no longer required;
//   - a union none of whose members can end the recursion (`{"oneOf":
//     [{"$ref": "#"}]}`): its first member targets a document.
//
// Each change is a diagnostic at the schema of the shape changed. Shapes
// are visited in name order, so the same document gives the same model.
func (c *conv) breakRecursion() {
	names := make([]string, 0, len(c.shapes))
	for n := range c.shapes {
		names = append(names, n)
	}
	sort.Strings(names)
	local := func(id string) *shape { return c.shapes[id] }

	// Lists and maps: a depth-first search over member targets that are
	// lists or maps; an edge back to a shape on the path closes a cycle.
	isCollection := func(s *shape) bool { return s != nil && (s.kind == "list" || s.kind == "map") }
	state := map[*shape]int{} // 1 on the path, 2 done
	var walkCollections func(s *shape)
	walkCollections = func(s *shape) {
		state[s] = 1
		for i := range s.members {
			t := local(s.members[i].target)
			if !isCollection(t) {
				continue
			}
			switch state[t] {
			case 0:
				walkCollections(t)
			case 1:
				m := &s.members[i]
				c.recursionDiag(s, "%s %s holds itself through %s with no structure or union in between, which Smithy forbids: its %s is modeled as a document",
					s.kind, s.name, m.target, m.name)
				m.target, m.traits = tDocument, nil
			}
		}
		state[s] = 2
	}
	for _, n := range names {
		if s := c.shapes[n]; isCollection(s) && state[s] == 0 {
			walkCollections(s)
		}
	}

	// Structures through required members: the members are the mixins'
	// then the shape's own, a redefinition keeping the mixin's traits.
	required := func(s *shape) []*member {
		var out []*member
		for _, mx := range s.mixins {
			for i := range mx.members {
				if hasTrait(mx.members[i].traits, "@required") || hasTrait(ownMember(s, mx.members[i].name), "@required") {
					out = append(out, &mx.members[i])
				}
			}
		}
		for i := range s.members {
			if hasTrait(s.members[i].traits, "@required") && !mixinMember(s, s.members[i].name) {
				out = append(out, &s.members[i])
			}
		}
		return out
	}
	isStructure := func(s *shape) bool { return s != nil && s.kind == "structure" }
	state = map[*shape]int{}
	var walkStructures func(s *shape)
	walkStructures = func(s *shape) {
		state[s] = 1
		for _, m := range required(s) {
			t := local(m.target)
			if !isStructure(t) {
				continue
			}
			switch state[t] {
			case 0:
				walkStructures(t)
			case 1:
				c.recursionDiag(s, "structure %s holds itself through %s by required members only, which Smithy forbids: %s is optional",
					s.name, m.target, m.name)
				m.traits = withoutTrait(m.traits, "@required")
				if own := ownMemberRef(s, m.name); own != nil {
					own.traits = withoutTrait(own.traits, "@required")
				}
			}
		}
		state[s] = 2
	}
	for _, n := range names {
		if s := c.shapes[n]; isStructure(s) && state[s] == 0 {
			walkStructures(s)
		}
	}

	// Unions: the reference's UnionTerminatesVisitor, as core/validate
	// runs it.
	for _, n := range names {
		s := c.shapes[n]
		if s.kind != "union" || len(s.members) == 0 || c.terminates(s, map[*member]bool{}) {
			continue
		}
		m := &s.members[0]
		c.recursionDiag(s, "no value of union %s ends its recursion through %s, which Smithy forbids: its member %s is modeled as a document",
			s.name, m.target, m.name)
		m.target, m.traits = tDocument, nil
	}
}

// terminates reports whether a value of s can be written without
// recursing forever (core/validate's terminates over the generated shapes;
// visited is shared by the whole walk, as there).
func (c *conv) terminates(s *shape, visited map[*member]bool) bool {
	follow := func(m *member) bool {
		if visited[m] {
			return false
		}
		visited[m] = true
		t, ok := c.shapes[m.target]
		return !ok || c.terminates(t, visited)
	}
	var members []*member
	for _, mx := range s.mixins {
		for i := range mx.members {
			members = append(members, &mx.members[i])
		}
	}
	for i := range s.members {
		if !mixinMember(s, s.members[i].name) {
			members = append(members, &s.members[i])
		}
	}
	switch s.kind {
	case "structure":
		if len(members) == 0 {
			return true
		}
		for _, m := range members {
			if !hasTrait(m.traits, "@required") && !hasTrait(ownMember(s, m.name), "@required") {
				return true
			}
		}
		for _, m := range members {
			if follow(m) {
				return true
			}
		}
		return false
	case "union":
		for _, m := range members {
			if follow(m) {
				return true
			}
		}
		return false
	}
	return true
}

// ownMember returns the traits of s's own member name (a redefinition of a
// mixin's member), nil when s has none.
func ownMember(s *shape, name string) []string {
	if m := ownMemberRef(s, name); m != nil {
		return m.traits
	}
	return nil
}

func ownMemberRef(s *shape, name string) *member {
	for i := range s.members {
		if s.members[i].name == name {
			return &s.members[i]
		}
	}
	return nil
}

// mixinMember reports whether a mixin of s defines a member name.
func mixinMember(s *shape, name string) bool {
	for _, mx := range s.mixins {
		if ownMemberRef(mx, name) != nil {
			return true
		}
	}
	return false
}

func withoutTrait(traits []string, t string) []string {
	out := traits[:0:0]
	for _, x := range traits {
		if x != t {
			out = append(out, x)
		}
	}
	return out
}

// recursionDiag reports a change breakRecursion made to s, at the schema
// s was defined from.
func (c *conv) recursionDiag(s *shape, format string, args ...any) {
	n, ptr := c.root, s.ptr
	if ptr == "" && c.defPtr != nil {
		ptr = c.defPtr(s.name)
	}
	if ptr != "" {
		if at, _, ok := c.resolve("#" + ptr); ok {
			n = at
		}
	}
	c.diag(n, ptr, "$ref", format, args...)
}

// dropUniqueItems removes @uniqueItems from the lists whose items hold a
// document, a float or a double at any depth: Smithy's selector for the
// trait is `list :not(> member ~> :is(float, double, document))`, so a
// list of open objects (their @jsonUnknown member's map holds documents)
// is refused by `smithy validate`. The array() check saw only the item's
// own shape; this one follows every member and mixin, after
// breakRecursion, whose documents count too. Each drop is a diagnostic at
// the list's uniqueItems.
func (c *conv) dropUniqueItems() {
	forbidden := func(id string) bool {
		switch id {
		case tDocument, preludeid.Float.String(), preludeid.Double.String():
			return true
		}
		return false
	}
	// Reverse edges, and the shapes that are or hold one of those types
	// directly; every shape that reaches them is then found backwards.
	rev := map[*shape][]*shape{}
	var queue []*shape
	bad := map[*shape]bool{}
	mark := func(s *shape) {
		if !bad[s] {
			bad[s] = true
			queue = append(queue, s)
		}
	}
	names := make([]string, 0, len(c.shapes))
	for n := range c.shapes {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		s := c.shapes[n]
		if s.kind == "document" || s.kind == "float" || s.kind == "double" {
			mark(s)
		}
		edge := func(m member) {
			if s.kind == "enum" || s.kind == "intEnum" {
				return // an enum's members are values, not targets
			}
			if forbidden(m.target) {
				mark(s)
			} else if t := c.shapes[m.target]; t != nil {
				rev[t] = append(rev[t], s)
			}
		}
		for _, m := range s.members {
			edge(m)
		}
		for _, mx := range s.mixins {
			rev[mx] = append(rev[mx], s)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, p := range rev[s] {
			mark(p)
		}
	}
	for _, n := range names {
		s := c.shapes[n]
		if s.kind != "list" || !hasTrait(s.traits, "@uniqueItems") || len(s.members) == 0 {
			continue
		}
		target := s.members[0].target
		if t := c.shapes[target]; !forbidden(target) && (t == nil || !bad[t]) {
			continue
		}
		s.traits = withoutTrait(s.traits, "@uniqueItems")
		ptr := s.ptr
		if ptr == "" && c.defPtr != nil {
			ptr = c.defPtr(s.name)
		}
		n := c.root
		if at, _, ok := c.resolve("#" + ptr + "/uniqueItems"); ok {
			n = at
			ptr += "/uniqueItems"
		} else if at, _, ok := c.resolve("#" + ptr); ok {
			n = at
		}
		c.diag(n, ptr, "uniqueItems", "Smithy forbids @uniqueItems on a list whose items hold a document, float or double at any depth (through %s; an open object's unknown fields are documents); dropped", target)
	}
}
