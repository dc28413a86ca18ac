package validate

import (
	"slices"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// References between members and resources: ReferencesTrait (what a
// @references entry binds), MemberShouldReferenceResource (members that
// look like a resource identifier without a @references) and
// ServiceBoundResourceOperation (service operations whose members bind a
// resource's identifiers).

// resourceReference is one entry of a @references trait.
type resourceReference struct {
	resource shapeid.ID
	ids      map[string]string
	value    node.Node
}

// String renders the entry as the reference's Reference.toString does:
// "Reference" and the entry as compact JSON, resource first, ids sorted.
func (r resourceReference) String() string {
	fields := []node.Field{{Key: "resource", Value: node.NewString(r.resource.String())}}
	if len(r.ids) > 0 {
		keys := make([]string, 0, len(r.ids))
		for k := range r.ids {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var ids []node.Field
		for _, k := range keys {
			ids = append(ids, node.Field{Key: k, Value: node.NewString(r.ids[k])})
		}
		fields = append(fields, node.Field{Key: "ids", Value: node.NewObject(ids...)})
	}
	for _, k := range []string{"service", "rel"} {
		if v, ok := r.value.Get(k); ok && v.Kind() == node.String {
			fields = append(fields, node.Field{Key: k, Value: v})
		}
	}
	return "Reference" + string(node.Marshal(node.NewObject(fields...)))
}

// resolveShapeRef resolves a shape ID written in a trait value: absolute,
// or relative to ns, then to the prelude.
func resolveShapeRef(m *model.Model, text, ns string) (shapeid.ID, bool) {
	if strings.Contains(text, "#") {
		id, err := shapeid.Parse(text)
		return id, err == nil
	}
	id, ok := resolveRelative(text, ns)
	if !ok {
		return id, false
	}
	if _, found := m.Shape(id); !found {
		if p, ok := resolveRelative(text, shapeid.Prelude); ok {
			if _, inPrelude := m.Shape(p); inPrelude {
				return p, true
			}
		}
	}
	return id, true
}

// shapeReferences returns the well-formed entries of a shape's
// @references.
func shapeReferences(m *model.Model, s *model.Shape) []resourceReference {
	v, ok := s.Trait(preludeid.References)
	if !ok || v.Kind() != node.Array {
		return nil
	}
	var out []resourceReference
	for _, e := range v.Elems() {
		res, ok := e.Get("resource")
		if !ok || res.Kind() != node.String {
			continue
		}
		id, ok := resolveShapeRef(m, res.StringValue(), s.ID().Namespace)
		if !ok {
			continue
		}
		ref := resourceReference{resource: id, ids: map[string]string{}, value: e}
		if ids, ok := e.Get("ids"); ok && ids.Kind() == node.Object {
			for _, f := range ids.Fields() {
				if f.Value.Kind() == node.String {
					ref.ids[f.Key] = f.Value.StringValue()
				}
			}
		}
		out = append(out, ref)
	}
	return out
}

func identifierNames(r *model.Shape) []string {
	var names []string
	for _, nt := range r.Identifiers() {
		names = append(names, nt.Name)
	}
	sort.Strings(names)
	return names
}

// referencesTraits is ReferencesTrait: a reference names a resource; on a
// string it binds no ids and the resource has one identifier; on a
// structure its ids (or, implicitly, the resource's identifier names) are
// the resource's identifiers and name string members of the structure.
func referencesTraits(m *model.Model) []model.Event {
	var events []model.Event
	for _, s := range indexOf(m).rootsWithTrait(preludeid.References) {
		t, _ := findTrait(s, preludeid.References)
		for _, ref := range shapeReferences(m, s) {
			if s.Type() == model.StringType && len(ref.ids) > 0 {
				events = append(events, traitEventf(model.ErrorSeverity, "ReferencesTrait", s, t,
					"References applied to string shapes cannot contain 'ids': %s", ref))
			}
			target, ok := m.Shape(ref.resource)
			if !ok {
				continue
			}
			if target.Type() != model.ResourceType {
				events = append(events, traitEventf(model.ErrorSeverity, "ReferencesTrait", s, t,
					"`references` trait reference targets a %s shape not a resource: %s", target.Type(), ref))
				continue
			}
			switch s.Type() {
			case model.StringType:
				if len(target.Identifiers()) != 1 {
					events = append(events, traitEventf(model.ErrorSeverity, "ReferencesTrait", s, t,
						"This string shape contains an invalid reference to %s: %s. References on a string shape can only refer to resource shapes with exactly one entry in its identifiers property, but this shape has the following identifiers: [%s]",
						target.ID(), ref, tickedList(identifierNames(target))))
				}
			case model.StructureType:
				events = append(events, structureReference(m, s, t, ref, target)...)
			}
		}
	}
	return events
}

func structureReference(m *model.Model, s *model.Shape, t model.Trait, ref resourceReference, target *model.Shape) []model.Event {
	var events []model.Event
	implicit := len(ref.ids) == 0
	resolved := ref.ids
	ids := identifierNames(target)
	if implicit {
		resolved = map[string]string{}
		for _, n := range ids {
			resolved[n] = n
		}
		// An implicit binding of a resource without identifiers is
		// explicit (empty) in the reference's comparison.
		implicit = len(ids) > 0
	}
	if !implicit {
		if len(resolved) != len(ids) {
			prefix := "Not enough identifiers"
			if len(ids) < len(ref.ids) {
				prefix = "Too many identifiers"
			}
			events = append(events, traitEventf(model.ErrorSeverity, "ReferencesTrait", s, t,
				"%s were provided in the `ids` properties of %s. Expected %d identifiers(s), but found %d. This resource requires bindings for the following identifiers: [%s].",
				prefix, ref, len(ids), len(ref.ids), tickedList(ids)))
		}
		var extra []string
		for k := range resolved {
			if !slices.Contains(ids, k) {
				extra = append(extra, k)
			}
		}
		if len(extra) > 0 {
			events = append(events, traitEventf(model.ErrorSeverity, "ReferencesTrait", s, t,
				"`references` trait %s contains extraneous resource identifier bindings, [%s], that are not actually identifier names of the resource, `%s`. This resource has the following identifier names: [%s]",
				ref, tickedList(extra), ref.resource, tickedList(ids)))
		}
	}
	var reasons []string
	seen := map[string]bool{}
	for _, memberName := range resolved {
		if seen[memberName] {
			continue
		}
		seen[memberName] = true
		mem, ok := s.Member(memberName)
		switch {
		case !ok && implicit:
			reasons = append(reasons, "implicit binding of `"+memberName+"` is not part of the structure (set \"rel\" to \"collection\" to create a collection binding)")
		case !ok:
			reasons = append(reasons, "`"+memberName+"` refers to a member that is not part of the structure")
		default:
			if target, ok := m.Target(mem); !ok || target.Type() != model.StringType {
				reasons = append(reasons, "`"+memberName+"` refers to a member that does not target a string shape")
			}
		}
	}
	if len(reasons) > 0 {
		sort.Strings(reasons)
		events = append(events, traitEventf(model.ErrorSeverity, "ReferencesTrait", s, t,
			"`references` trait %s is invalid for the following reasons: %s", ref, strings.Join(reasons, "; ")))
	}
	return events
}

// memberShouldReferenceResource is MemberShouldReferenceResource: a
// string member named and typed like a resource's identifier, outside that
// resource (and its children) and without a @references to it on the
// member or its structure, probably should have one (WARNING).
func memberShouldReferenceResource(m *model.Model) []model.Event {
	// (identifier name, identifier target) -> resources, keys in the
	// order first seen.
	type identifier struct {
		name   string
		target shapeid.ID
	}
	byIdentifier := map[identifier][]shapeid.ID{}
	var keys []identifier
	for _, r := range shapesOfType(m, model.ResourceType) {
		for _, nt := range r.Identifiers() {
			k := identifier{nt.Name, nt.Target}
			if _, ok := byIdentifier[k]; !ok {
				keys = append(keys, k)
			}
			byIdentifier[k] = append(byIdentifier[k], r.ID())
		}
	}
	if len(byIdentifier) == 0 {
		return nil
	}
	// The members to look at: those named as an identifier that target
	// the identifier's shape, found from the shape's referrers.
	x := indexOf(m)
	var members []*model.Shape
	for _, k := range keys {
		t, ok := m.Shape(k.target)
		if !ok {
			continue
		}
		for _, r := range x.referrersOf(t) {
			if r.rel == relMemberTarget && r.from.MemberName() == k.name {
				members = append(members, r.from)
			}
		}
	}
	sort.Slice(members, func(i, j int) bool { return members[i].Ordinal() < members[j].Ordinal() })
	members = slices.Compact(members)
	var b *resourceBinder
	bound := map[*model.Shape][]shapeid.ID{} // container -> resources above it
	var events []model.Event
	for _, mem := range members {
		s := mem.Container()
		candidates := byIdentifier[identifier{mem.MemberName(), mem.Target()}]
		if len(candidates) == 0 {
			continue
		}
		if target, ok := m.Target(mem); !ok || target.Type() != model.StringType {
			continue
		}
		if b == nil {
			b = newResourceBinder(m)
		}
		var ignore []shapeid.ID
		for _, ref := range shapeReferences(m, mem) {
			ignore = append(ignore, ref.resource)
		}
		for _, ref := range shapeReferences(m, s) {
			ignore = append(ignore, ref.resource)
		}
		above, ok := bound[s]
		if !ok {
			above = b.resources(s)
			bound[s] = above
		}
		var potential []string
		for _, id := range candidates {
			if !slices.Contains(ignore, id) && !slices.Contains(above, id) {
				potential = append(potential, id.String())
			}
		}
		if len(potential) > 0 {
			events = append(events, eventf(model.Warning, "MemberShouldReferenceResource", mem,
				"This member appears to reference the following resources without being included in a `@references` trait: [%s]",
				tickedList(uniqueStrings(sortedCopy(potential)))))
		}
	}
	return events
}

func sortedCopy(list []string) []string {
	out := append([]string(nil), list...)
	sort.Strings(out)
	return out
}

// resourceBinder finds the resources from which a shape is reachable by
// directed relationships, and the resources those bind. Its visit marks
// are by ordinal and numbered per search, so that searches allocate no
// set.
type resourceBinder struct {
	refs    func(*model.Shape) []referrer
	visited []uint32 // by ordinal: the search that visited the shape
	search  uint32
	stack   []*model.Shape
}

func newResourceBinder(m *model.Model) *resourceBinder {
	return &resourceBinder{refs: referrers(m), visited: make([]uint32, m.NumShapes())}
}

// resources returns the resources above s, each at most once.
func (b *resourceBinder) resources(s *model.Shape) []shapeid.ID {
	b.search++
	visit := func(t *model.Shape) bool {
		if b.visited[t.Ordinal()] == b.search {
			return false
		}
		b.visited[t.Ordinal()] = b.search
		return true
	}
	var out []shapeid.ID
	visit(s)
	b.stack = append(b.stack[:0], s)
	for len(b.stack) > 0 {
		cur := b.stack[len(b.stack)-1]
		b.stack = b.stack[:len(b.stack)-1]
		for _, r := range b.refs(cur) {
			pred := r.from
			if pred.Container() != nil {
				pred = pred.Container() // a member's only predecessor is its container
				if !visit(r.from) {
					continue
				}
			}
			if !visit(pred) {
				continue
			}
			if pred.Type() == model.ResourceType {
				out = append(out, pred.ID())
				out = append(out, pred.Resources()...)
			}
			b.stack = append(b.stack, pred)
		}
	}
	return out
}

// serviceBoundResourceOperation is ServiceBoundResourceOperation: an
// operation bound directly to a service whose input or output has a
// required member named and typed like an identifier of a resource of the
// service probably belongs to that resource (WARNING
// ServiceBoundResourceOperation.<service>.<operation name>).
func serviceBoundResourceOperation(m *model.Model) []model.Event {
	var events []model.Event
	for _, svc := range shapesOfType(m, model.ServiceType) {
		resources := containedResources(m, svc)
		if len(resources) == 0 {
			continue
		}
		byIdentifier := map[string][]*model.Shape{}
		for _, r := range resources {
			for _, nt := range r.Identifiers() {
				byIdentifier[nt.Name] = append(byIdentifier[nt.Name], r)
			}
		}
		for _, opID := range svc.Operations() {
			op, ok := resolve(m, opID, model.OperationType)
			if !ok {
				continue
			}
			var better []string
			for _, input := range []bool{true, false} {
				io := ioStructure(m, op, input)
				if io == nil {
					continue
				}
				for _, mem := range io.Members() {
					if !mem.HasTrait(preludeid.Required) {
						continue
					}
					for _, r := range byIdentifier[mem.MemberName()] {
						for _, nt := range r.Identifiers() {
							if nt.Name == mem.MemberName() && nt.Target == mem.Target() {
								better = append(better, r.ID().String())
							}
						}
					}
				}
			}
			if len(better) == 0 {
				continue
			}
			e := eventf(model.Warning, "ServiceBoundResourceOperation."+svc.ID().String()+"."+op.ID().Name, op,
				"The `%s` operation is bound to the `%s` service but has members that match identifiers of the following resource shapes: [%s]. It may be more accurately bound to one of them than directly to the service.",
				op.ID(), svc.ID(), tickedList(uniqueStrings(sortedCopy(better))))
			events = append(events, e)
		}
	}
	return events
}
