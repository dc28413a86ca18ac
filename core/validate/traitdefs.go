package validate

import (
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
)

// The validators of trait definitions and the shapes that type metadata:
// TraitBreakingChanges (the paths of a definition's breakingChanges rules)
// and MetadataTrait (one @metadata type per key, reserved keys).

// traitBreakingChanges is TraitBreakingChanges: each `path` of a trait
// definition's breakingChanges must name members that exist, segment by
// segment from the trait's shape.
func traitBreakingChanges(m *model.Model) []model.Event {
	var events []model.Event
	for _, def := range indexOf(m).rootsWithTrait(preludeid.Trait) {
		t, ok := findTrait(def, preludeid.Trait)
		if !ok || t.Value.Kind() != node.Object {
			continue
		}
		rules, ok := t.Value.Get("breakingChanges")
		if !ok || rules.Kind() != node.Array {
			continue
		}
		for i, rule := range rules.Elems() {
			path, ok := rule.Get("path")
			if !ok || path.Kind() != node.String || path.StringValue() == "" {
				continue
			}
			parts := pointerParts(path.StringValue())
			current := def
			for _, part := range parts {
				var next *model.Shape
				if mem, ok := current.Member(part); ok {
					next, _ = m.Target(mem)
				}
				if next == nil {
					events = append(events, traitEventf(model.ErrorSeverity, "TraitBreakingChanges", def, t,
						"Invalid trait breakingChanges element %d, '%s', at segment '%s': Evaluated shape `%s`, a %s, has no member named `%s`",
						i, path.StringValue(), part, current.ID(), current.Type(), part))
					break
				}
				current = next
			}
		}
	}
	return events
}

// pointerParts splits a JSON Pointer into its unescaped reference tokens.
func pointerParts(p string) []string {
	p = strings.TrimPrefix(p, "/")
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return parts
}

// reservedMetadataKeys are the metadata keys Smithy itself defines.
var reservedMetadataKeys = map[string]bool{"severityOverrides": true, "suppressions": true, "validators": true}

// metadataTraits is MetadataTrait: a metadata key is typed by one shape
// only, and the keys Smithy reserves cannot be typed.
func metadataTraits(m *model.Model) []model.Event {
	type typed struct {
		s *model.Shape
		t model.Trait
	}
	byKey := map[string][]typed{}
	var keys []string
	for _, s := range indexOf(m).rootsWithTrait(preludeid.Metadata) {
		t, ok := findTrait(s, preludeid.Metadata)
		if !ok {
			continue
		}
		k, ok := t.Value.Get("key")
		if !ok || k.Kind() != node.String {
			continue
		}
		if byKey[k.StringValue()] == nil {
			keys = append(keys, k.StringValue())
		}
		byKey[k.StringValue()] = append(byKey[k.StringValue()], typed{s, t})
	}
	var events []model.Event
	for _, key := range keys {
		shapes := byKey[key]
		switch {
		case reservedMetadataKeys[key]:
			for _, x := range shapes {
				events = append(events, traitEventf(model.ErrorSeverity, "MetadataTrait", x.s, x.t,
					"The metadata key `%s` has been reserved by Smithy and may not be defined elsewhere.", key))
			}
		case len(shapes) > 1:
			for _, x := range shapes {
				var others []string
				for _, o := range shapes {
					if o.s != x.s {
						others = append(others, o.s.ID().String())
					}
				}
				sort.Strings(others)
				events = append(events, traitEventf(model.ErrorSeverity, "MetadataTrait", x.s, x.t,
					"A type has already been defined for the metadata key `%s`. Conflicts with: [%s]", key, strings.Join(others, ", ")))
			}
		}
	}
	return events
}
