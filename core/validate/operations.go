package validate

import (
	"fmt"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/selector"
	"github.com/smithy-validation/go/core/shapeid"
)

// referrers maps each shape ID to the relationships that point at it.
type referrer struct {
	from *model.Shape
	rel  rel
}

// referrers returns the relationships that point at a shape of m. The
// slices are shared by the validators of a Check: do not modify them.
func referrers(m *model.Model) func(*model.Shape) []referrer { return indexOf(m).referrersOf }

// operationInputOutput checks how @input and @output structures are used
// (OperationInputOutputMisuse, OperationInputOutputName) and warns about
// shapes whose names look like another operation's input or output
// (OperationNameAmbiguity).
func operationInputOutput(m *model.Model) []model.Event {
	refs := referrers(m)
	var events []model.Event
	check := func(trait shapeid.ID, descriptor, invalid string, want, other rel) {
		for _, s := range indexOf(m).rootsWithTrait(trait) {
			var ops []string
			for _, r := range refs(s) {
				switch r.rel {
				case want:
					ops = append(ops, r.from.ID().String())
					if !strings.HasPrefix(s.ID().Name, r.from.ID().Name) {
						events = append(events, eventf(model.Warning, "OperationInputOutputName."+descriptor, r.from,
							"The %s of this operation should target a shape that starts with the operation's name, '%s', but the targeted shape is `%s`",
							descriptor, r.from.ID().Name, s.ID()))
					}
				case other:
					events = append(events, errorf("OperationInputOutputMisuse", r.from,
						"Operation `%s` cannot target structures marked with the `@%s` trait: `%s`", invalid, descriptor, s.ID()))
				case relMemberTarget:
					events = append(events, errorf("OperationInputOutputMisuse", r.from,
						"Members cannot target structures marked with the @%s trait: %s", descriptor, s.ID()))
				}
			}
			if len(ops) > 1 {
				events = append(events, errorf("OperationInputOutputMisuse", s,
					"Shapes marked with the @%s trait cannot be used as %s by multiple operations: %s", descriptor, descriptor, tickedList(ops)))
			}
		}
	}
	check(preludeid.Input, "input", "output", relInput, relOutput)
	check(preludeid.Output, "output", "input", relOutput, relInput)
	for _, op := range shapesOfType(m, model.OperationType) {
		ambiguity := func(io shapeid.ID, descriptor string, suffixes ...string) {
			if io.IsZero() {
				io = preludeid.Unit
			}
			for _, suffix := range suffixes {
				id := shapeid.New(op.ID().Namespace, op.ID().Name+suffix)
				if id == io {
					continue
				}
				if s, ok := m.Shape(id); ok {
					events = append(events, eventf(model.Warning, "OperationNameAmbiguity", s,
						"The name of this shape implies that it is the %[1]s of %[2]s, but that operation uses %[3]s for %[1]s. This kind of ambiguity can confuse developers calling this operation and can cause issues in code generators that use similar naming conventions to generate %[1]s types.",
						descriptor, op.ID(), io))
				}
			}
		}
		ambiguity(op.Input(), "input", "Input", "Request")
		ambiguity(op.Output(), "output", "Output", "Response")
	}
	return events
}

// traitValidators runs the selectors of @traitValidators on trait
// definitions from each shape the trait is applied to (TraitValidators for
// malformed definitions; the definition's own event IDs for matches).
func traitValidators(m *model.Model) []model.Event {
	var events []model.Event
	var ev selector.Bounded
	evOK := false
	for _, def := range indexOf(m).rootsWithTrait(preludeid.TraitValidators) {
		tv, ok := findTrait(def, preludeid.TraitValidators)
		if !ok || tv.Value.Kind() != node.Object {
			continue
		}
		type validator struct {
			id       string
			sel      *selector.Selector
			message  string
			severity model.Severity
		}
		var vals []validator
		valid := true
		for _, f := range tv.Value.Fields() {
			if !validEventID(f.Key) {
				e := errorf("TraitValidators", def, "`%s` key is not a valid event ID: `%s`", preludeid.TraitValidators, f.Key)
				e.Source = tv.Source
				events = append(events, e)
				valid = false
				continue
			}
			text, _ := stringField(f.Value, "selector")
			sel, err := selector.Cached(text)
			if err != nil {
				e := errorf("TraitValidators", def, "Invalid selector for `%s` in `%s`: %v", f.Key, preludeid.TraitValidators, err)
				e.Source = tv.Source
				events = append(events, e)
				valid = false
				continue
			}
			v := validator{id: f.Key, sel: sel, severity: model.ErrorSeverity}
			v.message, _ = stringField(f.Value, "message")
			if sev, ok := stringField(f.Value, "severity"); ok {
				switch sev {
				case "NOTE":
					v.severity = model.Note
				case "WARNING":
					v.severity = model.Warning
				case "DANGER":
					v.severity = model.Danger
				}
			}
			vals = append(vals, v)
		}
		if !valid {
			continue
		}
		if !evOK {
			ev, evOK = indexOf(m).selectors(), true
		}
		stopped := make([]bool, len(vals))
		for applied := range eachShape(m) {
			if !applied.HasTrait(def.ID()) {
				continue
			}
			for i, v := range vals {
				if stopped[i] {
					continue
				}
				suffix := ""
				if v.message != "" {
					suffix = ": " + v.message
				}
				found, err := ev.SelectFrom(v.sel, applied)
				if e, ok := selectorLimit(err, fmt.Sprintf("%s of trait %s", v.id, def.ID()), v.sel.String(), model.Event{Shape: def.ID(), Source: tv.Source}); ok {
					// One event for the validator, whatever number of
					// shapes the trait is applied to after it.
					stopped[i] = true
					events = append(events, e)
					continue
				}
				for _, s := range found {
					events = append(events, eventf(v.severity, v.id, s,
						"Found an incompatible shape when validating the constraints of the `%s` trait attached to `%s`%s", def.ID(), applied.ID(), suffix))
				}
			}
		}
	}
	return events
}

// validEventID reports whether an event ID is a valid namespace:
// identifiers separated by dots.
func validEventID(id string) bool {
	for _, part := range strings.Split(id, ".") {
		if !shapeid.IsIdentifier(part) {
			return false
		}
	}
	return true
}

// shapeRecursion reports recursion that no value can satisfy
// (ShapeRecursion): lists and maps that contain themselves without a
// structure or union in between, structures that contain themselves
// through required members only, and unions none of whose members can
// end the recursion.
func shapeRecursion(m *model.Model) []model.Event {
	var events []model.Event
	const maxPaths = 20
	// A path back to start stays inside start's strongly connected
	// component: shapes outside every cycle are never searched from, and a
	// search never leaves the component, so a long chain of shapes costs
	// linear time. Within a component the search for the first maxPaths
	// paths is bounded by maxSteps edges; a component so tangled that the
	// bound is hit before any path is found reports the shortest path.
	const maxSteps = 100_000
	search := func(start *model.Shape, follow func(from *model.Shape) []*model.Shape, comps *components, msg string) {
		if !comps.cyclic(start) {
			return
		}
		var path []*model.Shape
		onPath := map[*model.Shape]bool{}
		found, steps := 0, 0
		report := func(path []*model.Shape, t *model.Shape) {
			parts := make([]string, 0, len(path)+1)
			for _, p := range path {
				parts = append(parts, p.ID().String())
			}
			parts = append(parts, t.ID().String())
			events = append(events, errorf("ShapeRecursion", start, "Found invalid shape recursion: %s. %s", strings.Join(parts, " > "), msg))
			found++
		}
		var dfs func(s *model.Shape)
		dfs = func(s *model.Shape) {
			for _, t := range follow(s) {
				if found >= maxPaths || steps >= maxSteps {
					return
				}
				steps++
				if !comps.same(start, t) {
					continue
				}
				if t == start {
					report(path, t)
					continue
				}
				if onPath[t] {
					continue
				}
				onPath[t] = true
				path = append(path, t)
				dfs(t)
				path = path[:len(path)-1]
				onPath[t] = false
			}
		}
		dfs(start)
		if found == 0 {
			report(shortestCycle(start, follow, comps), start)
		}
	}
	x := indexOf(m)
	isRequired := x.traitSet(preludeid.Required)
	// A member's only relationship is its target: its neighbors.
	targetOf := x.memberTargets()
	collections := func(s *model.Shape) []*model.Shape {
		switch s.Type() {
		case model.MemberType:
			return targetOf(s)
		case model.ListType, model.MapType:
			return s.Members()
		}
		return nil
	}
	lists := append(append([]*model.Shape(nil), x.ofType(model.ListType)...), x.ofType(model.MapType)...)
	listComps := stronglyConnected(m, lists, collections)
	for _, s := range lists {
		search(s, collections, listComps, "A recursive list, set, or map shape is only valid if an intermediate reference is through a union or structure.")
	}
	required := func(s *model.Shape) []*model.Shape {
		switch s.Type() {
		case model.MemberType:
			return targetOf(s)
		case model.StructureType:
			var out []*model.Shape
			for _, mem := range s.Members() {
				if isRequired.has(mem) {
					out = append(out, mem)
				}
			}
			return out
		}
		return nil
	}
	structs := shapesOfType(m, model.StructureType)
	structComps := stronglyConnected(m, structs, required)
	for _, s := range structs {
		search(s, required, structComps, "A structure cannot be mutually recursive through all required members.")
	}
	for _, u := range shapesOfType(m, model.UnionType) {
		if len(u.Members()) > 0 && !terminates(m, u, map[*model.Shape]bool{}) {
			events = append(events, errorf("ShapeRecursion", u, "It is impossible to create instances of this recursive union"))
		}
	}
	return events
}

// terminates reports whether a value of s can be written without
// recursing forever (the reference's UnionTerminatesVisitor).
func terminates(m *model.Model, s *model.Shape, visited map[*model.Shape]bool) bool {
	member := func(mem *model.Shape) bool {
		if visited[mem] {
			return false
		}
		visited[mem] = true
		t, ok := m.Shape(mem.Target())
		return !ok || terminates(m, t, visited)
	}
	switch s.Type() {
	case model.StructureType:
		for _, mem := range s.Members() {
			if !mem.HasTrait(preludeid.Required) {
				return true
			}
		}
		if len(s.Members()) == 0 {
			return true
		}
		for _, mem := range s.Members() {
			if member(mem) {
				return true
			}
		}
		return false
	case model.UnionType:
		for _, mem := range s.Members() {
			if member(mem) {
				return true
			}
		}
		return false
	}
	return true
}
