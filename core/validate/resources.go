package validate

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// shapesOfType returns the root shapes of type t in ID order. The slice is
// shared by the validators of a Check: do not modify it.
func shapesOfType(m *model.Model, t model.ShapeType) []*model.Shape { return indexOf(m).ofType(t) }

func resolve(m *model.Model, id shapeid.ID, t model.ShapeType) (*model.Shape, bool) {
	s, ok := m.Shape(id)
	if !ok || s.Type() != t {
		return nil, false
	}
	return s, true
}

// resourceCycles reports resources that contain themselves through
// `resources` bindings (ResourceCycle).
func resourceCycles(m *model.Model) []model.Event {
	resources := shapesOfType(m, model.ResourceType)
	if resourceForest(m, resources) {
		// A walk from each resource meets none twice: nothing to
		// report, and no walk from each (n² on a chain of n resources:
		// 9.5 s at 4,000).
		return nil
	}
	return resourceCycleWalks(m, resources)
}

// resourceForest reports whether every resource is bound at most once
// by the `resources` of the model's resources (a repeat counts) and no
// chain of bindings comes back to where it started: then the bindings
// reached from any resource form a tree.
func resourceForest(m *model.Model, resources []*model.Shape) bool {
	parent := make(map[*model.Shape]*model.Shape, len(resources))
	for _, r := range resources {
		for _, c := range r.Resources() {
			child, ok := resolve(m, c, model.ResourceType)
			if !ok {
				continue
			}
			if _, bound := parent[child]; bound {
				return false
			}
			parent[child] = r
		}
	}
	// Each resource has one parent at most: a cycle is a chain of
	// parents that comes back to a resource of the chain.
	const onChain, done = 1, 2
	state := make(map[*model.Shape]uint8, len(resources))
	var chain []*model.Shape
	for _, r := range resources {
		chain = chain[:0]
		x := r
		for x != nil && state[x] == 0 {
			state[x] = onChain
			chain = append(chain, x)
			x = parent[x]
		}
		if x != nil && state[x] == onChain {
			return false
		}
		for _, c := range chain {
			state[c] = done
		}
	}
	return true
}

// resourceCycleWalks is resourceCycles by a walk from each resource.
func resourceCycleWalks(m *model.Model, resources []*model.Shape) []model.Event {
	var events []model.Event
	for _, r := range resources {
		var path []shapeid.ID
		onPath := map[shapeid.ID]bool{}
		var walk func(s *model.Shape) bool
		walk = func(s *model.Shape) bool {
			if onPath[s.ID()] {
				parts := make([]string, 0, len(path)+1)
				for _, id := range path {
					parts = append(parts, id.String())
				}
				parts = append(parts, s.ID().String())
				events = append(events, errorf("ResourceCycle", s, "Circular resource hierarchy found: %s", strings.Join(parts, " -> ")))
				return true
			}
			onPath[s.ID()] = true
			path = append(path, s.ID())
			for _, c := range s.Resources() {
				if child, ok := resolve(m, c, model.ResourceType); ok && walk(child) {
					return true
				}
			}
			return false
		}
		walk(r)
	}
	return events
}

// allOperations returns a resource's operations, collection operations and
// lifecycle operations.
func allOperations(r *model.Shape) []shapeid.ID {
	out := make([]shapeid.ID, 0, 6+len(r.Operations())+len(r.CollectionOperations()))
	var seen map[shapeid.ID]bool // for resources with many operations
	add := func(id shapeid.ID) {
		if id.IsZero() {
			return
		}
		if seen != nil {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
			return
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
		if len(out) > 32 {
			seen = make(map[shapeid.ID]bool, cap(out))
			for _, o := range out {
				seen[o] = true
			}
		}
	}
	for _, lc := range []string{"put", "create", "read", "update", "delete", "list"} {
		add(r.Lifecycle(lc))
	}
	for _, id := range r.Operations() {
		add(id)
	}
	for _, id := range r.CollectionOperations() {
		add(id)
	}
	return out
}

// containedResources returns the resources in a service's closure, in
// the order a depth-first walk of the resource bindings meets them. The
// slice is shared by the validators of a Check: do not modify it.
func containedResources(m *model.Model, svc *model.Shape) []*model.Shape {
	x := indexOf(m)
	x.resourcesMu.Lock()
	out, ok := x.resources[svc]
	x.resourcesMu.Unlock()
	if ok {
		return out
	}
	seen := map[*model.Shape]bool{}
	var walk func(s *model.Shape)
	walk = func(s *model.Shape) {
		for _, ref := range x.outgoing(s) {
			r := ref.target
			if ref.rel != relResource || r == nil || r.Type() != model.ResourceType || seen[r] {
				continue
			}
			seen[r] = true
			out = append(out, r)
			walk(r)
		}
	}
	walk(svc)
	x.resourcesMu.Lock()
	if x.resources == nil {
		x.resources = map[*model.Shape][]*model.Shape{}
	}
	x.resources[svc] = out
	x.resourcesMu.Unlock()
	return out
}

// singleOperationBinding reports operations bound more than once into a
// service closure (SingleOperationBinding).
func singleOperationBinding(m *model.Model) []model.Event {
	var events []model.Event
	for _, svc := range shapesOfType(m, model.ServiceType) {
		resources := containedResources(m, svc)
		// Each operation's first binder; only the operations bound again
		// get a list of every binder. A map, not an array by ordinal: an
		// array of every shape for each service costs services × shapes
		// (a gigabyte of garbage for the 402 AWS models in one model).
		first := map[*model.Shape]*model.Shape{}
		containers := map[*model.Shape][]*model.Shape{}
		var ops []*model.Shape
		bind := func(op, by *model.Shape) {
			if op == nil || op.Type() != model.OperationType {
				return
			}
			f := first[op]
			switch {
			case f == nil:
				first[op] = by
				return
			case f == by:
				return
			}
			cs, ok := containers[op]
			if !ok {
				ops = append(ops, op)
				cs = []*model.Shape{f}
			}
			if !slices.Contains(cs, by) {
				containers[op] = append(cs, by)
			}
		}
		x := indexOf(m)
		bindAll := func(by *model.Shape, rels ...rel) {
			for _, ref := range x.outgoing(by) {
				if slices.Contains(rels, ref.rel) {
					bind(ref.target, by)
				}
			}
		}
		bindAll(svc, relOperation)
		for _, r := range resources {
			bindAll(r, relPut, relCreate, relRead, relUpdate, relDelete, relList, relOperation, relCollectionOperation)
		}
		for _, op := range ops {
			cs := containers[op]
			parts := make([]string, len(cs))
			for i, c := range cs {
				parts[i] = describe(c)
			}
			sort.Strings(parts)
			s := op
			events = append(events, errorf("SingleOperationBinding", s,
				"An operation can appear only once in an entire service closure. This operation is illegally bound into the `%s` service closure from multiple shapes: %s",
				svc.ID(), strings.Join(parts, ", ")))
		}
	}
	return events
}

// singleResourceBinding reports resources bound more than once into a
// service closure (SingleResourceBinding).
func singleResourceBinding(m *model.Model) []model.Event {
	var events []model.Event
	for _, svc := range shapesOfType(m, model.ServiceType) {
		resources := containedResources(m, svc)
		// binders maps each resource to the shapes of the closure that
		// bind it (each binder once), built in one pass.
		binders := map[shapeid.ID][]string{}
		bind := func(from *model.Shape) {
			once := make(map[shapeid.ID]bool, len(from.Resources()))
			for _, id := range from.Resources() {
				if !once[id] {
					once[id] = true
					binders[id] = append(binders[id], from.ID().String())
				}
			}
		}
		bind(svc)
		for _, other := range resources {
			bind(other)
		}
		for _, r := range resources {
			containers := binders[r.ID()]
			if len(containers) > 1 {
				events = append(events, errorf("SingleResourceBinding", r,
					"A resource can appear only once in an entire service closure. This resource is illegally bound into the `%s` service closure from multiple shapes: [%s]",
					svc.ID(), tickedList(containers)))
			}
		}
	}
	return events
}

// tickedList sorts the values and renders them as "`a`, `b`".
func tickedList(values []string) string {
	v := append([]string(nil), values...)
	sort.Strings(v)
	for i := range v {
		v[i] = "`" + v[i] + "`"
	}
	return strings.Join(v, ", ")
}

// resourceIdentifiers checks that identifiers are not also properties and
// that child resources repeat their parent's identifiers
// (ResourceIdentifier).
func resourceIdentifiers(m *model.Model) []model.Event {
	var events []model.Event
	for _, r := range shapesOfType(m, model.ResourceType) {
		props := map[string]bool{}
		for _, p := range r.Properties() {
			props[strings.ToLower(p.Name)] = true
		}
		for _, id := range r.Identifiers() {
			if props[strings.ToLower(id.Name)] {
				events = append(events, errorf("ResourceIdentifier", r, "Resource identifier `%s` cannot also be a resource property", id.Name))
			}
		}
		parentIDs := r.Identifiers()
		for _, cid := range r.Resources() {
			child, ok := resolve(m, cid, model.ResourceType)
			if !ok {
				continue
			}
			childIDs := map[string]shapeid.ID{}
			for _, nt := range child.Identifiers() {
				childIDs[nt.Name] = nt.Target
			}
			var missing, mismatched []string
			for _, nt := range parentIDs {
				got, ok := childIDs[nt.Name]
				switch {
				case !ok:
					missing = append(missing, nt.Name)
				case got != nt.Target:
					mismatched = append(mismatched, fmt.Sprintf("expected the `%s` member to target `%s`, but found a target of `%s`", nt.Name, nt.Target, got))
				}
			}
			if len(missing) > 0 {
				sort.Strings(missing)
				events = append(events, errorf("ResourceIdentifier", child,
					"This resource is bound as a child of `%s`, but it is invalid because its `identifiers` property is missing the following identifiers that are defined in `%s`: [%s]",
					r.ID(), r.ID(), strings.Join(missing, ", ")))
			}
			if len(mismatched) > 0 {
				sort.Strings(mismatched)
				events = append(events, errorf("ResourceIdentifier", child,
					"The `identifiers` property of this resource is incompatible with its binding to `%s`: %s", r.ID(), strings.Join(mismatched, "; ")))
			}
		}
	}
	return events
}

// identifierName returns the identifier a member binds with
// @resourceIdentifier, or "".
func identifierName(member *model.Shape) (string, bool) {
	v, ok := member.Trait(preludeid.ResourceIdentifier)
	if !ok || v.Kind() != node.String {
		return "", false
	}
	return v.StringValue(), true
}

// inputBindings computes which identifiers of r the structure binds:
// identifier name -> member name. A @resourceIdentifier member binds
// explicitly; a @required member named and typed as an identifier binds
// implicitly unless an explicit binding exists.
func inputBindings(r *model.Shape, structure *model.Shape) map[string]string {
	out := map[string]string{}
	if structure == nil {
		return out
	}
	ids := map[string]shapeid.ID{}
	for _, nt := range r.Identifiers() {
		ids[nt.Name] = nt.Target
	}
	explicit := map[string]bool{}
	for _, mem := range structure.Members() {
		if name, ok := identifierName(mem); ok {
			out[name] = mem.MemberName()
			explicit[name] = true
			continue
		}
		if t, ok := ids[mem.MemberName()]; ok && mem.HasTrait(preludeid.Required) && mem.Target() == t && !explicit[mem.MemberName()] {
			if _, done := out[mem.MemberName()]; !done {
				out[mem.MemberName()] = mem.MemberName()
			}
		}
	}
	return out
}

func isCollectionOperation(r *model.Shape, op shapeid.ID) bool {
	return slices.Contains(r.CollectionOperations(), op) || r.Lifecycle("create") == op || r.Lifecycle("list") == op
}

func inputStructure(m *model.Model, op *model.Shape) *model.Shape {
	in, ok := resolve(m, op.Input(), model.StructureType)
	if !ok {
		return nil
	}
	return in
}

// resourceIdentifierBindings checks how operations bind the identifiers of
// the resources they are bound to, and conflicting @resourceIdentifier
// members (ResourceIdentifierBinding).
func resourceIdentifierBindings(m *model.Model) []model.Event {
	var events []model.Event
	// Structures whose members use @resourceIdentifier.
	for _, s := range indexOf(m).containersOf(preludeid.ResourceIdentifier) {
		potential := map[string][]string{}
		explicit := map[string][]string{}
		var names []string
		for _, mem := range s.Members() {
			name := mem.MemberName()
			if id, ok := identifierName(mem); ok {
				name = id
				explicit[id] = append(explicit[id], mem.MemberName())
			}
			if _, seen := potential[name]; !seen {
				names = append(names, name)
			}
			potential[name] = append(potential[name], mem.MemberName())
		}
		sort.Strings(names)
		for _, name := range names {
			members := potential[name]
			if len(members) < 2 || !slices.Contains(members, name) {
				continue
			}
			var others []string
			for _, x := range members {
				if x != name {
					others = append(others, x)
				}
			}
			sort.Strings(others)
			events = append(events, eventf(model.Warning, "ResourceIdentifierBinding", s,
				"Implicit resource identifier for '%s' is overridden by `resourceIdentifier` trait on members: '%s'", name, strings.Join(others, "', '")))
		}
		for _, name := range names {
			if members := explicit[name]; len(members) > 1 {
				sort.Strings(members)
				events = append(events, errorf("ResourceIdentifierBinding", s,
					"Conflicting resource identifier member bindings found for identifier '%s' between members: '%s'", name, strings.Join(members, "', '")))
			}
		}
	}
	for _, r := range shapesOfType(m, model.ResourceType) {
		// Operations of child resources must bind the parent's identifiers.
		for _, cid := range r.Resources() {
			child, ok := resolve(m, cid, model.ResourceType)
			if !ok {
				continue
			}
			for _, opID := range allOperations(child) {
				op, ok := resolve(m, opID, model.OperationType)
				if !ok {
					continue
				}
				bound := inputBindings(child, inputStructure(m, op))
				var missing []string
				for _, nt := range r.Identifiers() {
					if _, ok := bound[nt.Name]; !ok {
						missing = append(missing, nt.Name)
					}
				}
				if len(missing) > 0 {
					events = append(events, errorf("ResourceIdentifierBinding", op,
						"This operation is bound to the `%s` resource, which is a child of the `%s` resource, and it is missing the following resource identifier bindings of `%s`: [%s]",
						child.ID(), r.ID(), r.ID(), tickedList(missing)))
				}
			}
		}
		for _, opID := range allOperations(r) {
			op, ok := resolve(m, opID, model.OperationType)
			if !ok {
				continue
			}
			in := inputStructure(m, op)
			bound := inputBindings(r, in)
			all := allIdentifiersBound(r, in, bound)
			if isCollectionOperation(r, opID) {
				if all {
					events = append(events, errorf("ResourceIdentifierBinding", op,
						"This operation is bound as a collection operation on the `%s` resource, but it improperly binds all of the identifiers of the resource to members of the operation input.", r.ID()))
				}
				continue
			}
			if !all {
				var expected, found []string
				for _, nt := range r.Identifiers() {
					expected = append(expected, fmt.Sprintf("required member named `%s` that targets `%s`", nt.Name, nt.Target))
				}
				for id, mem := range bound {
					found = append(found, fmt.Sprintf("required member named `%s` that targets `%s`", id, mem))
				}
				sort.Strings(expected)
				sort.Strings(found)
				events = append(events, errorf("ResourceIdentifierBinding", op,
					"This operation does not form a valid instance operation when bound to resource `%s`. All of the identifiers of the resource were not implicitly or explicitly bound to the input of the operation. Expected the following identifier bindings: [%s]. Found the following identifier bindings: [%s]",
					r.ID(), strings.Join(expected, ", "), strings.Join(found, ", ")))
			}
		}
	}
	return events
}

func allIdentifiersBound(r, in *model.Shape, bound map[string]string) bool {
	for _, nt := range r.Identifiers() {
		name, ok := bound[nt.Name]
		if !ok || in == nil {
			return false
		}
		mem, ok := in.Member(name)
		if !ok || mem.Target() != nt.Target {
			return false
		}
	}
	return true
}

// resourceLifecycles checks the readonly and idempotent traits of
// lifecycle operations (ResourceLifecycle).
func resourceLifecycles(m *model.Model) []model.Event {
	var events []model.Event
	for _, r := range shapesOfType(m, model.ResourceType) {
		check := func(lc string, wantReadonly bool, wantIdempotent bool) {
			op, ok := resolve(m, r.Lifecycle(lc), model.OperationType)
			if !ok {
				return
			}
			if op.HasTrait(preludeid.Readonly) != wantReadonly {
				must := "must not"
				if wantReadonly {
					must = "must"
				}
				events = append(events, errorf("ResourceLifecycle", r,
					"The `%s` lifecycle operation of this resource targets an invalid operation, `%s`. The targeted operation %s be marked with the readonly trait.", lc, op.ID(), must))
			}
			if wantIdempotent && !op.HasTrait(preludeid.Idempotent) {
				events = append(events, errorf("ResourceLifecycle", r,
					"The `%s` lifecycle operation of this resource targets an invalid operation, `%s`. The targeted operation must be marked as idempotent.", lc, op.ID()))
			}
		}
		check("put", false, true)
		check("create", false, false)
		check("read", true, false)
		check("update", false, false)
		check("delete", false, true)
		check("list", true, false)
	}
	return events
}

// shapeIDConflicts reports shape IDs (members included) that differ only
// in case (ShapeIdConflict).
// foldHash is an FNV-1a hash of a shape ID's text with ASCII letters
// lowered (shape IDs are ASCII by their grammar; other bytes are hashed as
// they are, so IDs that differ outside ASCII only collide by chance, and
// collisions are checked exactly).
func foldHash(id shapeid.ID) uint64 {
	h := foldString(id.Namespace, 14695981039346656037)
	h = foldString("#", h)
	h = foldString(id.Name, h)
	if id.Member != "" {
		h = foldString("$", h)
		h = foldString(id.Member, h)
	}
	return h
}

// foldString continues FNV-1a hash h with s, ASCII letters lowered.
func foldString(s string, h uint64) uint64 {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h
}

// appendFoldedAlike appends the members whose names are equal ignoring
// case to another's.
func appendFoldedAlike(out, members []*model.Shape) []*model.Shape {
	if len(members) <= 32 {
		for a := 1; a < len(members); a++ {
			for b := 0; b < a; b++ {
				if strings.EqualFold(members[a].MemberName(), members[b].MemberName()) {
					out = append(out, members[a], members[b])
				}
			}
		}
		return out
	}
	seen := make(map[string]*model.Shape, len(members))
	for _, mem := range members {
		k := strings.ToLower(mem.MemberName())
		if o, dup := seen[k]; dup {
			out = append(out, o, mem)
		}
		seen[k] = mem
	}
	return out
}

func shapeIDConflicts(m *model.Model) []model.Event {
	// A root shape ID and a member ID never fold to the same text (only
	// one has a '$'), and two member IDs do only when their containers'
	// IDs do and their names do. So root shapes are first grouped by a
	// hash of their case-folded ID, which needs no string per shape; the
	// shapes that may conflict are those whose hashes collide, their
	// members, and members of one shape whose names fold alike. Only
	// those are grouped by the case-folded ID itself.
	roots := m.Shapes()
	first := make(map[uint64]int32, len(roots))
	var colliding []*model.Shape
	mark := func(s *model.Shape) {
		colliding = append(colliding, s)
		colliding = append(colliding, s.Members()...)
	}
	var ns string
	var nsHash uint64
	for i, s := range roots {
		id := s.ID()
		if id.Namespace != ns || i == 0 {
			ns = id.Namespace
			nsHash = foldString("#", foldString(ns, 14695981039346656037))
		}
		h := foldString(id.Name, nsHash)
		if f, ok := first[h]; !ok {
			first[h] = int32(i)
		} else {
			if f >= 0 {
				mark(roots[f])
				first[h] = -1 // marked
			}
			mark(s)
			continue
		}
		colliding = appendFoldedAlike(colliding, s.Members())
	}
	// In the order of the model's shapes, each once.
	sort.Slice(colliding, func(i, j int) bool { return colliding[i].Ordinal() < colliding[j].Ordinal() })
	colliding = slices.Compact(colliding)
	groups := map[string][]*model.Shape{}
	var keys []string
	for _, s := range colliding {
		k := strings.ToLower(s.ID().String())
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], s)
	}
	var events []model.Event
	for _, k := range keys {
		g := groups[k]
		if len(g) < 2 {
			continue
		}
		for _, s := range g {
			var others []string
			for _, o := range g {
				if o != s {
					others = append(others, o.ID().String())
				}
			}
			events = append(events, errorf("ShapeIdConflict", s, "Shape ID `%s` conflicts with other shape IDs in the model: [%s]", s.ID(), tickedList(others)))
		}
	}
	return events
}
