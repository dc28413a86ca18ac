package validate

import (
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
)

// ContainsID reports whether an event ID is id or one of its hierarchical
// children ("Foo.Bar" contains "Foo"; "Foosball" does not), as
// suppressions, severity overrides and the conformance corpus match IDs.
func ContainsID(eventID, id string) bool {
	if len(eventID) == len(id) {
		return eventID == id
	}
	return len(eventID) > len(id) && strings.HasPrefix(eventID, id) && eventID[len(id)] == '.'
}

// suppressor applies the @suppress trait and the suppressions and
// severityOverrides metadata of a model.
type suppressor struct {
	m         *model.Model
	rules     []metadataRule // suppressions
	overrides []metadataRule // severity overrides
}

type metadataRule struct {
	id, namespace, reason string
	severity              model.Severity
}

func (r metadataRule) matches(e model.Event) bool {
	if !ContainsID(e.ID, r.id) {
		return false
	}
	return r.namespace == "*" || (!e.Shape.IsZero() && e.Shape.Namespace == r.namespace)
}

// newSuppressor reads the metadata; malformed entries are reported by
// [metadataEvents] and otherwise ignored here.
func newSuppressor(m *model.Model) *suppressor {
	s := &suppressor{m: m}
	if v, ok := m.MetadataValue("suppressions"); ok && v.Kind() == node.Array {
		for _, e := range v.Elems() {
			id, ok1 := stringField(e, "id")
			ns, ok2 := stringField(e, "namespace")
			if !ok1 || !ok2 {
				continue
			}
			reason, _ := stringField(e, "reason")
			s.rules = append(s.rules, metadataRule{id: id, namespace: ns, reason: reason})
		}
	}
	if v, ok := m.MetadataValue("severityOverrides"); ok && v.Kind() == node.Array {
		for _, e := range v.Elems() {
			id, ok1 := stringField(e, "id")
			ns, ok2 := stringField(e, "namespace")
			sev, ok3 := stringField(e, "severity")
			if !ok1 || !ok2 || !ok3 {
				continue
			}
			r := metadataRule{id: id, namespace: ns}
			switch sev {
			case "WARNING":
				r.severity = model.Warning
			case "DANGER":
				r.severity = model.Danger
			default:
				continue
			}
			s.overrides = append(s.overrides, r)
		}
	}
	return s
}

func stringField(n node.Node, key string) (string, bool) {
	if n.Kind() != node.Object {
		return "", false
	}
	v, ok := n.Get(key)
	if !ok || v.Kind() != node.String {
		return "", false
	}
	return v.StringValue(), true
}

// suppressed reports whether e is suppressed, and the reason. ERROR events
// cannot be suppressed.
func (s *suppressor) suppressed(e model.Event) (string, bool) {
	if e.Severity == model.ErrorSeverity {
		return "", false
	}
	if !e.Shape.IsZero() {
		if sh, ok := s.m.Shape(e.Shape); ok {
			if v, ok := sh.Trait(preludeid.Suppress); ok {
				for _, id := range v.Elems() {
					if id.Kind() == node.String && ContainsID(e.ID, id.StringValue()) {
						return "", true
					}
				}
			}
		}
	}
	for _, r := range s.rules {
		if r.matches(e) {
			return r.reason, true
		}
	}
	return "", false
}

// override elevates e's severity by the severityOverrides metadata (never
// lowers it).
func (s *suppressor) override(e model.Event) model.Event {
	if e.Severity == model.ErrorSeverity {
		return e
	}
	for _, r := range s.overrides {
		if r.matches(e) && r.severity > e.Severity {
			e.Severity = r.severity
		}
	}
	return e
}
