package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/prelude"
	"github.com/smithy-validation/go/core/selector"
	"github.com/smithy-validation/go/core/shapeid"
)

// metaValidators are the validators a model declares in its `validators`
// metadata.
type metaValidators []metaValidator

type metaValidator struct {
	name, id   string
	message    string
	hasMessage bool
	severity   model.Severity
	hasSev     bool
	namespaces []string
	selector   *selector.Selector // events only for shapes it selects
	source     model.SourceLocation
	run        func(m *model.Model, ev selector.Bounded) ([]model.Event, error)
	// text is the selector the validator evaluates, for the event of
	// the selector budget (see selectorlimit.go).
	text string
}

// loadMetadataValidators reads the validators, suppressions and
// severityOverrides metadata, returning the validators and the problems
// found (Model events, and UnknownValidator_<name> warnings for validators
// this implementation does not have).
func loadMetadataValidators(m *model.Model) (metaValidators, []model.Event) {
	var events []model.Event
	metaErr := func(n node.Node, format string, args ...any) {
		events = append(events, model.Event{Severity: model.ErrorSeverity, ID: "Model", Source: metadataSource(m, n), Message: fmt.Sprintf(format, args...)})
	}
	checkRules := func(key string, fields []string, severity bool) {
		v, ok := m.MetadataValue(key)
		if !ok {
			return
		}
		if v.Kind() != node.Array {
			metaErr(v, "Expected array, but found %s.", kindName(v))
			return
		}
		for i, e := range v.Elems() {
			if e.Kind() != node.Object {
				metaErr(e, "Expected array element %d to be a object but found %s.", i, kindName(e))
				continue
			}
			for _, f := range fields {
				fv, ok := e.Get(f)
				if !ok {
					metaErr(e, "Missing expected member `%s`.", f)
					break
				}
				if fv.Kind() != node.String {
					metaErr(fv, "Expected `%s` to be a string; found %s", f, kindName(fv))
					break
				}
				if severity && f == "severity" && fv.StringValue() != "DANGER" && fv.StringValue() != "WARNING" {
					metaErr(fv, "Expected one of `DANGER`, `WARNING`; got `%s`.", fv.StringValue())
				}
			}
		}
	}
	checkRules("suppressions", []string{"id", "namespace"}, false)
	checkRules("severityOverrides", []string{"id", "namespace", "severity"}, true)

	v, ok := m.MetadataValue("validators")
	if !ok {
		return nil, events
	}
	if v.Kind() != node.Array {
		metaErr(v, "validators must be an array. Found %s.", kindName(v))
		return nil, events
	}
	var vals metaValidators
	for _, e := range v.Elems() {
		if e.Kind() != node.Object {
			metaErr(e, "Each element of `validators` must be an object. Found %s.", kindName(e))
			continue
		}
		mv, err := loadMetaValidator(m, e)
		if err != "" {
			metaErr(e, "%s", err)
			continue
		}
		if mv.run == nil {
			events = append(events, model.Event{Severity: model.Warning, ID: "UnknownValidator_" + mv.name, Source: mv.source,
				Message: fmt.Sprintf("Unable to locate a validator named `%s`", mv.name)})
			continue
		}
		vals = append(vals, mv)
	}
	return vals, events
}

func loadMetaValidator(m *model.Model, e node.Node) (metaValidator, string) {
	mv := metaValidator{source: metadataSource(m, e)}
	name, ok := e.Get("name")
	if !ok {
		return mv, "Missing expected member `name`."
	}
	if name.Kind() != node.String {
		return mv, fmt.Sprintf("Expected `name` to be a string; found %s", kindName(name))
	}
	mv.name, mv.id = name.StringValue(), name.StringValue()
	if id, ok := stringField(e, "id"); ok {
		mv.id = id
	}
	if msg, ok := stringField(e, "message"); ok {
		mv.message, mv.hasMessage = msg, true
	}
	if sev, ok := e.Get("severity"); ok {
		switch sev.StringValue() {
		case "DANGER":
			mv.severity = model.Danger
		case "WARNING":
			mv.severity = model.Warning
		case "NOTE":
			mv.severity = model.Note
		default:
			return mv, fmt.Sprintf("Expected one of `DANGER`, `WARNING`, `NOTE`; got `%s`.", sev.StringValue())
		}
		mv.hasSev = true
	}
	if ns, ok := e.Get("namespaces"); ok {
		for _, n := range ns.Elems() {
			mv.namespaces = append(mv.namespaces, n.StringValue())
		}
	}
	if s, ok := stringField(e, "selector"); ok {
		sel, err := selector.Cached(s)
		if err != nil {
			return mv, fmt.Sprintf("Error creating `%s` validator: invalid selector: %v", mv.name, err)
		}
		mv.selector = sel
	}
	config, _ := e.Get("configuration")
	var err string
	switch mv.name {
	case "EmitEachSelector":
		mv.run, err = emitEachSelector(mv.name, config)
	case "EmitNoneSelector":
		mv.run, err = emitNoneSelector(mv.name, config)
	case "UnreferencedShape":
		mv.run, err = unreferencedShape(mv.name, config)
	}
	switch {
	case mv.name == "UnreferencedShape":
		mv.text = "service"
		if v, ok := config.Get("rootShapeSelector"); ok {
			mv.text = v.StringValue()
		}
	default:
		if v, ok := config.Get("selector"); ok {
			mv.text = v.StringValue()
		}
	}
	if err != "" {
		return mv, fmt.Sprintf("Error creating `%s` validator: %s", mv.name, err)
	}
	return mv, ""
}

func configSelector(config node.Node) (*selector.Selector, string) {
	sv, ok := config.Get("selector")
	if !ok {
		return nil, "selector is required"
	}
	if sv.Kind() != node.String {
		return nil, fmt.Sprintf("Deserialization error at (/selector): expected a string, found %s", kindName(sv))
	}
	sel, err := selector.Cached(sv.StringValue())
	if err != nil {
		// The wording is the reference implementation's, Java class name
		// included, so that its conformance corpus and users comparing
		// outputs see the same text.
		return nil, fmt.Sprintf("Deserialization error at (/selector): unable to create software.amazon.smithy.model.selector.Selector from %q: Unable to deserialize Node using fromNode method: %v", sv.StringValue(), err)
	}
	return sel, ""
}

// emitEachSelector is the EmitEachSelector validator: a DANGER event for
// each shape the selector yields (with bindToTrait, only shapes with that
// trait, at the trait's location).
func emitEachSelector(id string, config node.Node) (func(*model.Model, selector.Bounded) ([]model.Event, error), string) {
	sel, err := configSelector(config)
	if err != "" {
		return nil, err
	}
	var bind shapeid.ID
	if b, ok := stringField(config, "bindToTrait"); ok {
		bid, ok := resolveRelative(b, shapeid.Prelude)
		if !ok {
			return nil, fmt.Sprintf("Deserialization error at (/bindToTrait): invalid shape ID %q", b)
		}
		bind = bid
	}
	var tmpl *selector.Template
	if t, ok := stringField(config, "messageTemplate"); ok {
		var terr error
		if tmpl, terr = selector.ParseTemplate(t); terr != nil {
			return nil, fmt.Sprintf("invalid messageTemplate: %v", terr)
		}
	}
	return func(m *model.Model, ev selector.Bounded) ([]model.Event, error) {
		var events []model.Event
		emit := func(s *model.Shape, msg string) {
			e := eventf(model.Danger, id, s, "%s", msg)
			if !bind.IsZero() {
				t, ok := findTrait(s, bind)
				if !ok {
					return
				}
				e.Source = t.Source
			}
			events = append(events, e)
		}
		if tmpl == nil {
			found, err := ev.Select(sel)
			for _, s := range found {
				emit(s, "Selector capture matched selector: "+sel.String())
			}
			return events, err
		}
		err := ev.Each(sel, func(mt selector.Match) { emit(mt.Shape, tmpl.Expand(mt)) })
		return events, err
	}, ""
}

func findTrait(s *model.Shape, id shapeid.ID) (model.Trait, bool) {
	for _, t := range s.Traits() {
		if t.ID == id {
			return t, true
		}
	}
	return model.Trait{}, false
}

// emitNoneSelector is the EmitNoneSelector validator: one DANGER event
// when the selector yields no shape outside the prelude.
func emitNoneSelector(id string, config node.Node) (func(*model.Model, selector.Bounded) ([]model.Event, error), string) {
	sel, err := configSelector(config)
	if err != "" {
		return nil, err
	}
	return func(m *model.Model, ev selector.Bounded) ([]model.Event, error) {
		found, err := ev.Select(sel)
		if err != nil {
			return nil, err
		}
		for _, s := range found {
			if !prelude.IsPreludeID(s.ID()) {
				return nil, nil
			}
		}
		return []model.Event{{Severity: model.Danger, ID: id, Message: "Expected at least one shape to match selector: " + sel.String()}}, nil
	}, ""
}

// run runs the metadata validators, applying each definition's
// namespaces, selector, id, severity and message.
func (vs metaValidators) run(m *model.Model) []model.Event {
	if len(vs) == 0 {
		return nil
	}
	ev := indexOf(m).selectors()
	var out []model.Event
	for _, v := range vs {
		var candidates map[shapeid.ID]bool
		if v.selector != nil {
			candidates = map[shapeid.ID]bool{}
			found, err := ev.Select(v.selector)
			if e, ok := selectorLimit(err, v.id, v.selector.String(), model.Event{Source: v.source}); ok {
				out = append(out, e)
				continue
			}
			for _, s := range found {
				candidates[s.ID()] = true
			}
		}
		events, err := v.run(m, ev)
		if e, ok := selectorLimit(err, v.id, v.text, model.Event{Source: v.source}); ok {
			// What the validator found before the bound is left out:
			// an EmitNoneSelector's verdict, say, needs the whole
			// evaluation.
			out = append(out, e)
			continue
		}
		for _, e := range events {
			if !e.Shape.IsZero() {
				if len(v.namespaces) > 0 && !slices.Contains(v.namespaces, e.Shape.Namespace) {
					continue
				}
				if candidates != nil && !candidates[e.Shape] {
					continue
				}
			}
			if v.id != v.name {
				if i := strings.IndexByte(e.ID, '.'); i >= 0 {
					e.ID = v.id + e.ID[i:]
				} else {
					e.ID = v.id
				}
			}
			if v.hasSev {
				e.Severity = v.severity
			}
			if v.hasMessage {
				e.Message = strings.ReplaceAll(v.message, "{super}", e.Message)
			}
			out = append(out, e)
		}
	}
	return out
}

func kindName(n node.Node) string { return n.Kind().String() }

// metadataSource locates a metadata value: its position, in the file of the
// metadata entry it belongs to.
func metadataSource(m *model.Model, n node.Node) model.SourceLocation {
	for _, e := range m.Metadata() {
		if within(e.Value, n) {
			return model.SourceLocation{File: e.Source.File, Pos: n.Pos()}
		}
	}
	return model.SourceLocation{Pos: n.Pos()}
}

func within(root, n node.Node) bool {
	if root.Pos() == n.Pos() && root.Kind() == n.Kind() {
		return true
	}
	switch root.Kind() {
	case node.Array:
		for _, e := range root.Elems() {
			if within(e, n) {
				return true
			}
		}
	case node.Object:
		for _, f := range root.Fields() {
			if within(f.Value, n) {
				return true
			}
		}
	}
	return false
}
