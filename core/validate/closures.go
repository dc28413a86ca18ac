package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/selector"
	"github.com/smithy-validation/go/core/shapeid"
)

// Shape closures: the shapes reachable from a service (Service: names
// must be case-insensitively unique in a service's closure, renames must
// make sense) and the named closures of the `shapeClosures` metadata
// (ShapeClosure).

// reachable returns the shapes reachable from roots by following the
// directed relationships of the model (members, member targets, bindings,
// input, output, errors, identifiers, properties, lifecycle operations,
// mixins; traits excluded), roots first, each once, breadth first.
// A closure of one shape is computed once per Check: the slice is shared
// by the validators, which must not modify it.
func reachable(m *model.Model, roots ...*model.Shape) []*model.Shape {
	x := indexOf(m)
	if len(roots) == 1 {
		return x.closure(roots[0])
	}
	return x.reachable(roots)
}

func (x *index) reachable(roots []*model.Shape) []*model.Shape {
	// The walk's queue is the index's scratch array, reused by every
	// walk (a large closure would otherwise grow a new one, copying it
	// each time); the result is a copy of exactly its length.
	x.scratchMu.Lock()
	defer x.scratchMu.Unlock()
	// The set of shapes seen is the index's too, by ordinal: a new one
	// each walk would cost walks × shapes. The queue holds exactly the
	// shapes marked, so they are unmarked from it at the end.
	if len(x.seen) != x.m.NumShapes() {
		x.seen = make([]bool, x.m.NumShapes())
	}
	seen := x.seen
	queue := x.scratch[:0]
	for _, r := range roots {
		if x.own(r) && !seen[r.Ordinal()] {
			seen[r.Ordinal()] = true
			queue = append(queue, r)
		}
	}
	var out []reference
	for i := 0; i < len(queue); i++ {
		out = appendOutgoing(out[:0], queue[i])
		for _, r := range out {
			if t := r.target; t != nil && !seen[t.Ordinal()] {
				seen[t.Ordinal()] = true
				queue = append(queue, t)
			}
		}
	}
	for _, s := range queue {
		seen[s.Ordinal()] = false
	}
	x.scratch = queue[:0]
	return append([]*model.Shape(nil), queue...)
}

// services is Service: shapes of a service's closure whose names (after
// the service's renames) are equal ignoring case conflict: an ERROR unless
// both are equivalent simple shapes (NOTE) or lists of equivalent members
// (WARNING); and each rename must name a shape of the closure that may be
// renamed, with a valid, different identifier.
func services(m *model.Model) []model.Event {
	var events []model.Event
	for _, svc := range shapesOfType(m, model.ServiceType) {
		rename := map[shapeid.ID]string{}
		for _, r := range svc.Rename() {
			rename[r.Target] = r.Name
		}
		shapes := reachable(m, svc)
		nameOf := func(s *model.Shape) string {
			if r, ok := rename[s.ID()]; ok {
				return r
			}
			return s.ID().Name
		}
		// Names are first grouped by a hash of their lower case, which
		// needs no string per shape; only shapes whose hashes collide
		// are grouped by the lower-cased name itself.
		first := make(map[uint64]int32, len(shapes)/2)
		var colliding []*model.Shape
		for i, s := range shapes {
			if s.Container() != nil {
				continue
			}
			h := foldString(nameOf(s), 14695981039346656037)
			f, ok := first[h]
			if !ok {
				first[h] = int32(i)
				continue
			}
			if f >= 0 {
				colliding = append(colliding, shapes[f])
				first[h] = -1
			}
			colliding = append(colliding, s)
		}
		byName := map[string][]*model.Shape{}
		var names []string
		for _, s := range colliding {
			key := strings.ToLower(nameOf(s))
			if byName[key] == nil {
				names = append(names, key)
			}
			byName[key] = append(byName[key], s)
		}
		sort.Strings(names)
		d := conflictDetector{m: m, cache: map[[2]*model.Shape]model.Severity{}}
		for _, key := range names {
			group := byName[key]
			if len(group) < 2 {
				continue
			}
			sort.Slice(group, func(i, j int) bool { return shapeid.Compare(group[i].ID(), group[j].ID()) < 0 })
			for _, subject := range group {
				for _, other := range group {
					if other == subject {
						continue
					}
					sev, conflict := d.detect(subject, other)
					if !conflict {
						continue
					}
					var b strings.Builder
					if r, ok := rename[subject.ID()]; ok {
						fmt.Fprintf(&b, "Renamed shape name %q", r)
					} else {
						fmt.Fprintf(&b, "Shape name `%s`", subject.ID())
					}
					fmt.Fprintf(&b, " conflicts with `%s` ", other.ID())
					if r, ok := rename[other.ID()]; ok {
						fmt.Fprintf(&b, "(renamed to %q) ", r)
					}
					verb := "should"
					if sev >= model.Danger {
						verb = "must"
					}
					fmt.Fprintf(&b, "in the `%s` service closure. Shapes in the closure of a service %s have case-insensitively unique names regardless of their namespaces. Use the `rename` property of the service to disambiguate shape names.", svc.ID(), verb)
					events = append(events, eventf(sev, "Service", subject, "%s", b.String()))
				}
			}
		}
		events = append(events, serviceRenames(m, svc, shapes)...)
	}
	return events
}

func serviceRenames(m *model.Model, svc *model.Shape, shapes []*model.Shape) []model.Event {
	renames := svc.Rename()
	if len(renames) == 0 {
		return nil
	}
	in := map[shapeid.ID]*model.Shape{}
	for _, s := range shapes {
		in[s.ID()] = s
		for _, mem := range s.Members() {
			in[mem.ID()] = mem
		}
	}
	var events []model.Event
	for _, r := range renames {
		switch {
		case !shapeid.IsIdentifier(r.Name):
			events = append(events, errorf("Service", svc, "Service attempts to rename `%s` to an invalid identifier, %q", r.Target, r.Name))
		case r.Name == r.Target.Name:
			events = append(events, errorf("Service", svc, "Service rename for `%s` does not actually change the name from `%s`", r.Target, r.Name))
		}
		s, ok := in[r.Target]
		if !ok {
			events = append(events, errorf("Service", svc, "Service attempts to rename a shape not in the service: %s", r.Target))
			continue
		}
		if t := s.Type(); s.Container() != nil || t == model.ResourceType || t == model.OperationType {
			events = append(events, errorf("Service", svc, "Service attempts to rename a %s shape from `%s` to %q; %ss cannot be renamed", t, r.Target, r.Name, t))
		}
	}
	return events
}

// conflictDetector decides how serious a name conflict between two shapes
// is, as the reference does: shapes of different types or traits, and
// shapes other than simple shapes, lists and members, are ERRORs; simple
// shapes NOTEs; lists and members WARNINGs unless their members (or
// targets) conflict more.
type conflictDetector struct {
	m     *model.Model
	cache map[[2]*model.Shape]model.Severity
}

// detect returns the severity of a conflict between a and b; false when a
// or b is missing.
func (d *conflictDetector) detect(a, b *model.Shape) (model.Severity, bool) {
	if a == nil || b == nil {
		return 0, false
	}
	key := [2]*model.Shape{a, b}
	if shapeid.Compare(b.ID(), a.ID()) < 0 {
		key = [2]*model.Shape{b, a}
	}
	if sev, ok := d.cache[key]; ok {
		return sev, true
	}
	sev := d.conflict(a, b)
	d.cache[key] = sev
	return sev, true
}

func (d *conflictDetector) conflict(a, b *model.Shape) model.Severity {
	collection := func(s *model.Shape) bool { return s.Type() == model.ListType || s.Type() == model.SetType }
	allowed := func(s *model.Shape) bool { return s.Type().IsSimple() || collection(s) || s.Container() != nil }
	if !allowed(a) || !allowed(b) || a.Type() != b.Type() || !sameTraits(a.Traits(), b.Traits()) {
		return model.ErrorSeverity
	}
	var inner model.Severity
	var hasInner bool
	switch {
	case a.Container() != nil:
		at, _ := d.m.Target(a)
		bt, _ := d.m.Target(b)
		inner, hasInner = d.detect(at, bt)
	case collection(a):
		am, _ := a.Member("member")
		bm, _ := b.Member("member")
		inner, hasInner = d.detect(am, bm)
	}
	if hasInner && inner >= model.Warning {
		return inner
	}
	if a.Type().IsSimple() && a.Container() == nil {
		return model.Note
	}
	return model.Warning
}

func sameTraits(a, b []model.Trait) bool {
	if len(a) != len(b) {
		return false
	}
	byID := make(map[shapeid.ID]node.Node, len(a))
	for _, t := range a {
		byID[t.ID] = t.Value
	}
	for _, t := range b {
		v, ok := byID[t.ID]
		if !ok || !node.Equal(v, t.Value) {
			return false
		}
	}
	return true
}

// shapeClosureDef is one well-formed entry of the shapeClosures metadata.
type shapeClosureDef struct {
	id         string
	namespaces []string
	selector   *string
	rename     []model.NamedTarget
	source     model.SourceLocation
}

// parseShapeClosure reads an entry as the reference does; an entry it
// cannot read is left to TypedMetadata.
func parseShapeClosure(m *model.Model, n node.Node) (shapeClosureDef, bool) {
	var c shapeClosureDef
	if n.Kind() != node.Object {
		return c, false
	}
	id, ok := n.Get("id")
	if !ok || id.Kind() != node.String {
		return c, false
	}
	c.id = id.StringValue()
	c.source = metadataSource(m, n)
	if ns, ok := n.Get("includeNamespaces"); ok {
		if ns.Kind() != node.Array {
			return c, false
		}
		for _, e := range ns.Elems() {
			if e.Kind() != node.String {
				return c, false
			}
			c.namespaces = append(c.namespaces, e.StringValue())
		}
	}
	if sel, ok := n.Get("includeBySelector"); ok {
		if sel.Kind() != node.String {
			return c, false
		}
		text := sel.StringValue()
		c.selector = &text
	}
	if r, ok := n.Get("rename"); ok {
		if r.Kind() != node.Object {
			return c, false
		}
		for _, f := range r.Fields() {
			from, err := shapeid.Parse(f.Key)
			if err != nil || f.Value.Kind() != node.String {
				return c, false
			}
			c.rename = append(c.rename, model.NamedTarget{Name: f.Value.StringValue(), Target: from})
		}
	}
	return c, true
}

// shapeClosures is ShapeClosure: closure IDs unique and not shape IDs,
// each closure with roots, its namespaces and selector matching shapes
// (DANGER ShapeClosure.EmptyNamespace.<id>, ShapeClosure.EmptySelector.<id>),
// renames of shapes in the closure to new names that conflict with no
// other, and a WARNING (ShapeClosure.NameConflicts.<id>) for shapes whose
// names conflict case-insensitively.
func shapeClosures(m *model.Model) []model.Event {
	meta, ok := m.MetadataValue("shapeClosures")
	if !ok || meta.Kind() != node.Array {
		return nil
	}
	namespaces := map[string]bool{}
	for _, s := range m.Shapes() {
		namespaces[s.ID().Namespace] = true
	}
	var events []model.Event
	emit := func(sev model.Severity, id string, c shapeClosureDef, format string, args ...any) {
		events = append(events, model.Event{Severity: sev, ID: id, Source: c.source, Message: fmt.Sprintf(format, args...)})
	}
	seen := map[string]model.SourceLocation{}
	for _, e := range meta.Elems() {
		c, ok := parseShapeClosure(m, e)
		if !ok {
			continue
		}
		if prev, dup := seen[c.id]; dup {
			emit(model.ErrorSeverity, "ShapeClosure", c, "Shape closure id `%s` is declared more than once. The previous declaration is at %s.", c.id, prev)
			continue
		}
		seen[c.id] = c.source
		if id, err := shapeid.Parse(c.id); err == nil {
			if _, exists := m.Shape(id); exists {
				emit(model.ErrorSeverity, "ShapeClosure", c, "Shape closure ids must not match the ids of shapes in the model, but `%s` does.", c.id)
			}
		}
		if len(c.namespaces) == 0 && c.selector == nil {
			emit(model.ErrorSeverity, "ShapeClosure", c, "Shape closure `%s` must define at least one of `includeNamespaces` or `includeBySelector`.", c.id)
		}
		included := map[string]bool{}
		for _, ns := range c.namespaces {
			if namespaces[ns] {
				included[ns] = true
				continue
			}
			emit(model.Danger, "ShapeClosure.EmptyNamespace."+c.id, c, "Shape closure `%s` includes namespace `%s`, which has no shapes in the model.", c.id, ns)
		}
		var roots []*model.Shape
		for _, s := range m.Shapes() {
			if included[s.ID().Namespace] {
				roots = append(roots, s)
			}
		}
		if c.selector != nil {
			if *c.selector == "" {
				continue // the @length of includeBySelector reports it
			}
			sel, err := selector.Parse(*c.selector)
			if err != nil {
				emit(model.ErrorSeverity, "ShapeClosure", c, "Shape closure `%s` has an invalid `includeBySelector`: %v", c.id, err)
				continue
			}
			selected, serr := indexOf(m).selectors().Select(sel)
			if e, ok := selectorLimit(serr, "ShapeClosure "+c.id, *c.selector, model.Event{}); ok {
				emit(e.Severity, e.ID, c, "%s", e.Message)
				continue
			}
			outside := 0
			for _, s := range selected {
				if !included[s.ID().Namespace] {
					outside++
					roots = append(roots, s)
				}
			}
			switch {
			case len(included) == 0 && len(selected) == 0:
				emit(model.Danger, "ShapeClosure.EmptySelector."+c.id, c, "Shape closure `%s` has an `includeBySelector` that matches no shapes in the model.", c.id)
			case len(included) > 0 && outside == 0:
				emit(model.Danger, "ShapeClosure.EmptySelector."+c.id, c, "Shape closure `%s` has an `includeBySelector` that matches no shapes in the model that aren't already in an included namespace.", c.id)
			}
		}
		sort.Slice(roots, func(i, j int) bool { return shapeid.Compare(roots[i].ID(), roots[j].ID()) < 0 })
		shapes := reachable(m, roots...)
		closureRenames(c, shapes, emit)
		renamed := map[shapeid.ID]bool{}
		for _, r := range c.rename {
			renamed[r.Target] = true
		}
		byName := map[string][]string{}
		for _, s := range shapes {
			if s.Container() == nil && !renamed[s.ID()] {
				key := strings.ToLower(s.ID().Name)
				byName[key] = append(byName[key], s.ID().String())
			}
		}
		eachConflict(byName, func(_ string, ids []string) {
			emit(model.Warning, "ShapeClosure.NameConflicts."+c.id, c,
				"Shape closure `%s` contains shapes whose names conflict case-insensitively: [%s]. Shapes in a closure should have case-insensitively unique names regardless of their namespaces. Some code generators or other tools may require this in order to work. The `rename` property may be used to disambiguate them.",
				c.id, strings.Join(ids, ", "))
		})
	}
	return events
}

// closureRenames checks a closure's renames, reporting through emit.
func closureRenames(c shapeClosureDef, shapes []*model.Shape, emit func(model.Severity, string, shapeClosureDef, string, ...any)) {
	if len(c.rename) == 0 {
		return
	}
	in := map[shapeid.ID]bool{}
	renamed := map[shapeid.ID]bool{}
	for _, r := range c.rename {
		renamed[r.Target] = true
	}
	nonRenamed := map[string]shapeid.ID{}
	for _, s := range shapes {
		in[s.ID()] = true
		for _, mem := range s.Members() {
			in[mem.ID()] = true
		}
		if s.Container() == nil && !renamed[s.ID()] {
			key := strings.ToLower(s.ID().Name)
			if prev, ok := nonRenamed[key]; !ok || shapeid.Compare(s.ID(), prev) < 0 {
				nonRenamed[key] = s.ID()
			}
		}
	}
	renamedNames := map[string]shapeid.ID{}
	for _, r := range c.rename {
		if r.Name == r.Target.Name {
			emit(model.ErrorSeverity, "ShapeClosure", c, "Shape closure `%s` rename for `%s` does not change the name from `%s`.", c.id, r.Target, r.Name)
		}
		if !in[r.Target] {
			emit(model.ErrorSeverity, "ShapeClosure", c, "Shape closure `%s` attempts to rename `%s`, which is not in the closure.", c.id, r.Target)
			continue
		}
		key := strings.ToLower(r.Name)
		if prev, ok := renamedNames[key]; ok {
			emit(model.ErrorSeverity, "ShapeClosure", c, "Shape closure `%s` rename for `%s` (%q) case-insensitively conflicts with the rename for `%s`.", c.id, r.Target, r.Name, prev)
		}
		renamedNames[key] = r.Target
		if other, ok := nonRenamed[key]; ok {
			emit(model.ErrorSeverity, "ShapeClosure", c, "Shape closure `%s` rename for `%s` (%q) case-insensitively conflicts with non-renamed shape `%s`.", c.id, r.Target, r.Name, other)
		}
	}
}
