package validate

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/selector"
	"github.com/smithy-validation/go/core/shapeid"
)

// unresolvedTraits reports traits applied as written (not those a shape
// inherits from a mixin, which are reported on the mixin) whose shape the
// model does not define (Model.UnresolvedTrait), and shapes applied as
// traits that are not trait definitions (Model, once per shape).
func unresolvedTraits(m *model.Model) []model.Event {
	var events []model.Event
	notTrait := map[shapeid.ID]bool{}
	check := func(owner shapeid.ID, traits []model.Trait) {
		for _, t := range traits {
			def, ok := m.Shape(t.ID)
			if !ok {
				events = append(events, model.Event{
					Severity: model.ErrorSeverity, ID: "Model.UnresolvedTrait", Shape: owner, Source: t.Source,
					Message: fmt.Sprintf("Unable to resolve trait `%s`. If this is a custom trait, then it must be defined before it can be used in a model.", t.ID),
				})
				continue
			}
			if !def.HasTrait(preludeid.Trait) && !notTrait[t.ID] {
				notTrait[t.ID] = true
				events = append(events, errorf("Model", def,
					"Shape `%s` cannot be applied as a trait. If this is a custom trait, please add `@trait` to this shape.", t.ID))
			}
		}
	}
	// Most models apply only defined traits: the applications are looked
	// at only when some applied trait ID is not a trait definition.
	bad := false
	for _, id := range indexOf(m).applied() {
		if def, ok := m.Shape(id); !ok || !def.HasTrait(preludeid.Trait) {
			bad = true
			break
		}
	}
	if !bad {
		return nil
	}
	for _, s := range m.Shapes() {
		d := s.Def()
		check(s.ID(), d.Traits)
		for _, md := range d.Members {
			check(s.ID().WithMember(md.Name), md.Traits())
		}
	}
	return events
}

var newlineRun = regexp.MustCompile(`\n\s*`)

// traitTargets reports traits applied to shapes their definition's
// selector does not match (TraitTarget), and mixins applied as traits.
func traitTargets(m *model.Model) []model.Event {
	x := indexOf(m)
	ev := x.selectors()
	var events []model.Event
	for _, id := range x.applied() {
		def, ok := m.Shape(id)
		if !ok {
			continue
		}
		apps := x.withTrait(id)
		if def.HasTrait(preludeid.Mixin) {
			for _, s := range apps {
				t, _ := findTrait(s, id)
				events = append(events, model.Event{Severity: model.ErrorSeverity, ID: "TraitTarget", Shape: s.ID(), Source: t.Source,
					Message: fmt.Sprintf("Trait `%s` is a mixin and cannot be applied to `%s`.", idiomatic(id), s.ID())})
			}
		}
		tv, ok := def.Trait(preludeid.Trait)
		if !ok {
			continue
		}
		text := "*"
		if v, ok := tv.Get("selector"); ok && v.Kind() == node.String {
			text = v.StringValue()
		}
		if text == "*" {
			continue
		}
		sel, err := selector.Cached(text)
		if err != nil {
			events = append(events, errorf("Model", def, "Invalid selector in the definition of trait `%s`: %v", idiomatic(id), err))
			continue
		}
		err = ev.MatchEach(sel, apps, func(s *model.Shape, matched bool) {
			if matched {
				return
			}
			t, _ := findTrait(s, id)
			events = append(events, model.Event{Severity: model.ErrorSeverity, ID: "TraitTarget", Shape: s.ID(), Source: t.Source,
				Message: fmt.Sprintf("Trait `%s` cannot be applied to `%s`. This trait may only be applied to shapes that match the following selector: %s",
					idiomatic(id), s.ID(), newlineRun.ReplaceAllString(text, " "))})
		})
		// The shapes matched before the bound keep their events.
		if e, ok := selectorLimit(err, "TraitTarget of trait "+idiomatic(id), text, model.Event{Shape: def.ID(), Source: def.Source()}); ok {
			events = append(events, e)
		}
	}
	return events
}

// traitConflicts reports shapes that apply two traits one of which lists
// the other in its definition's `conflicts` (TraitConflict).
func traitConflicts(m *model.Model) []model.Event {
	conflicts := map[shapeid.ID][]shapeid.ID{}
	x := indexOf(m)
	for _, s := range x.rootsWithTrait(preludeid.Trait) {
		tv, ok := s.Trait(preludeid.Trait)
		if !ok {
			continue
		}
		list, ok := tv.Get("conflicts")
		if !ok {
			continue
		}
		for _, c := range list.Elems() {
			if c.Kind() != node.String {
				continue
			}
			if id, ok := resolveRelative(c.StringValue(), s.ID().Namespace); ok {
				conflicts[s.ID()] = append(conflicts[s.ID()], id)
			}
		}
	}
	if len(conflicts) == 0 {
		return nil
	}
	// Only shapes that apply a trait with conflicts can have one: for
	// each such trait and each trait it conflicts with, the shapes that
	// apply both.
	lines := map[*model.Shape][]string{}
	var found []*model.Shape
	for _, id := range x.applied() {
		for _, c := range conflicts[id] {
			both := x.traitSet(c)
			for _, s := range x.withTrait(id) {
				if !both.has(s) {
					continue
				}
				if _, ok := lines[s]; !ok {
					found = append(found, s)
				}
				lines[s] = append(lines[s], fmt.Sprintf("`%s` conflicts with `%s`", idiomatic(id), idiomatic(c)))
			}
		}
	}
	var events []model.Event
	for _, s := range found {
		lines := lines[s]
		sort.Strings(lines)
		events = append(events, errorf("TraitConflict", s, "Found conflicting traits on %s shape: %s", s.Type(), strings.Join(lines, ", ")))
	}
	return events
}

// resolveRelative parses an absolute shape ID, or a bare name in ns.
func resolveRelative(text, ns string) (shapeid.ID, bool) {
	if !strings.Contains(text, "#") {
		text = ns + "#" + text
	}
	id, err := shapeid.Parse(text)
	return id, err == nil
}
