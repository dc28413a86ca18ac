package validate

import (
	"fmt"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// rel is a relationship type, named as the reference implementation's
// RelationshipType enum (its messages print these names).
type rel uint8

const (
	relNone rel = iota // a member relationship not yet named by its container
	relMixin
	relOperation
	relResource
	relError
	relIdentifier
	relProperty
	relCreate
	relPut
	relRead
	relUpdate
	relDelete
	relList
	relCollectionOperation
	relInput
	relOutput
	relMemberTarget
	relStructureMember
	relUnionMember
	relListMember
	relMapKey
	relMapValue
	relEnumMember
	relIntEnumMember
)

var relStrings = [...]string{
	relNone: "", relMixin: "MIXIN", relOperation: "OPERATION", relResource: "RESOURCE", relError: "ERROR",
	relIdentifier: "IDENTIFIER", relProperty: "PROPERTY", relCreate: "CREATE", relPut: "PUT", relRead: "READ",
	relUpdate: "UPDATE", relDelete: "DELETE", relList: "LIST", relCollectionOperation: "COLLECTION_OPERATION",
	relInput: "INPUT", relOutput: "OUTPUT", relMemberTarget: "MEMBER_TARGET", relStructureMember: "STRUCTURE_MEMBER",
	relUnionMember: "UNION_MEMBER", relListMember: "LIST_MEMBER", relMapKey: "MAP_KEY", relMapValue: "MAP_VALUE",
	relEnumMember: "ENUM_MEMBER", relIntEnumMember: "INT_ENUM_MEMBER",
}

// String returns the name of the reference implementation's enum.
func (r rel) String() string { return relStrings[r] }

// reference is an outgoing relationship of a shape.
type reference struct {
	rel rel
	// target is the shape the relationship refers to, nil when the
	// model has none.
	target *model.Shape
}

// references returns a shape's outgoing relationships (member containers
// left out), as the reference implementation's neighbor provider lists
// them, with the shapes they resolve to.
func references(s *model.Shape) []reference {
	out := make([]reference, 0, countReferences(s))
	return appendReferences(out, s)
}

// countReferences returns the length of references(s) (at most one more:
// it counts the member target of an enum member, which has none).
func countReferences(s *model.Shape) int {
	switch s.Type() {
	case model.MemberType:
		return 1
	case model.ServiceType, model.ResourceType, model.OperationType:
		n := len(s.Mixins())
		s.Relationships(func(model.RelationshipType, shapeid.ID) { n++ })
		return n
	}
	return len(s.Mixins()) + len(s.Members())
}

// appendReferences appends references(s) to out.
func appendReferences(out []reference, s *model.Shape) []reference {
	start := len(out)
	s.RelatedShapes(func(r model.RelationshipType, _ shapeid.ID, t *model.Shape) {
		out = append(out, reference{rel: refNames[r], target: t})
	})
	if s.Type() == model.MapType || s.Type().HasMembers() {
		// Member relationships are named by their container's type.
		memberRel := memberRelOf(s.Type())
		for i := start; i < len(out); i++ {
			if out[i].rel != relNone {
				continue
			}
			switch {
			case s.Type() == model.MapType && out[i].target.MemberName() == "key":
				out[i].rel = relMapKey
			case s.Type() == model.MapType:
				out[i].rel = relMapValue
			default:
				out[i].rel = memberRel
			}
		}
	}
	return out
}

// memberRelOf names the relationship from a shape of type t to its
// members (relNone for a map, whose members are its key and value, and
// for a type without members).
func memberRelOf(t model.ShapeType) rel {
	switch t {
	case model.StructureType:
		return relStructureMember
	case model.UnionType:
		return relUnionMember
	case model.ListType:
		return relListMember
	case model.EnumType:
		return relEnumMember
	case model.IntEnumType:
		return relIntEnumMember
	}
	return relNone
}

// refNames names the model's relationship types as the reference
// implementation does; members (relNone) are named by their container
// above.
var refNames = [...]rel{
	model.RelMixin: relMixin, model.RelOperation: relOperation, model.RelResource: relResource,
	model.RelError: relError, model.RelIdentifier: relIdentifier, model.RelProperty: relProperty,
	model.RelCreate: relCreate, model.RelPut: relPut, model.RelRead: relRead, model.RelUpdate: relUpdate,
	model.RelDelete: relDelete, model.RelList: relList, model.RelCollectionOperation: relCollectionOperation,
	model.RelInput: relInput, model.RelOutput: relOutput, model.RelMember: relNone,
	model.RelMemberTarget: relMemberTarget,
}

// deprecationLabels are the relationships that warn when they reference a
// deprecated shape.
var deprecationLabels = [len(relStrings)]string{
	relMemberTarget: "Member targets a deprecated shape",
	relResource:     "Binds a deprecated resource",
	relOperation:    "Binds a deprecated operation",
	relIdentifier:   "Resource identifier targets a deprecated shape",
	relProperty:     "Resource property targets a deprecated shape",
	relInput:        "Operation input targets a deprecated shape",
	relOutput:       "Operation output targets a deprecated shape",
	relError:        "Operation error targets a deprecated shape",
	relMixin:        "Applies a deprecated mixin",
}

// targets checks what each relationship may reference (Target): member
// and property targets, service, resource and operation bindings, operation
// input, output and errors, resource identifiers and lifecycle operations,
// mixins, and references to trait definitions and mixins outside `with`.
// Unresolved references are reported by assembly. References to
// deprecated shapes are warned about (DeprecatedShape.<shape ID>).
func targets(m *model.Model) []model.Event {
	var events []model.Event
	x := indexOf(m)
	f := targetFlags{trait: x.traitSet(preludeid.Trait), mixin: x.traitSet(preludeid.Mixin), deprecated: x.traitSet(preludeid.Deprecated)}
	var out []reference
	for s := range x.eachShape() {
		out = appendOutgoing(out[:0], s)
		for _, r := range out {
			if r.target != nil {
				events = append(events, checkTarget(m, f, s, r.target, r.rel)...)
			}
		}
	}
	return events
}

// targetFlags are the shapes with the traits checkTarget looks for.
type targetFlags struct{ trait, mixin, deprecated shapeSet }

func checkTarget(m *model.Model, f targetFlags, s, t *model.Shape, r rel) []model.Event {
	var events []model.Event
	if r != relMixin {
		if f.trait.has(t) {
			return []model.Event{errorf("Target", s, "Found a %s reference to trait definition `%s`. Trait definitions cannot be targeted by members or referenced by shapes in any other context other than applying them as traits.", r, t.ID())}
		}
		if t.Type() != model.MemberType && f.mixin.has(t) {
			return []model.Event{errorf("Target", s, "Illegal %s reference to mixin `%s`; shapes marked with the mixin trait can only be referenced to apply them as a mixin.", r, t.ID())}
		}
	}
	if label := deprecationLabels[r]; label != "" && f.deprecated.has(t) {
		if dv, ok := t.Trait(preludeid.Deprecated); ok {
			var b strings.Builder
			fmt.Fprintf(&b, "%s, %s", label, t.ID())
			if msg, ok := dv.Get("message"); ok && msg.Kind() == node.String {
				b.WriteString(". " + msg.StringValue())
			}
			if since, ok := dv.Get("since"); ok && since.Kind() == node.String {
				b.WriteString(" (since " + since.StringValue() + ")")
			}
			events = append(events, eventf(model.Warning, "DeprecatedShape."+t.ID().String(), s, "%s", b.String()))
		}
	}
	lower := func() string { return strings.ToLower(r.String()) } // for messages only
	badType := func(want model.ShapeType) model.Event {
		return errorf("Target", s, "%s shape `%s` relationships must target a %s shape, but found %s", s.Type(), lower(), want, describe(t))
	}
	switch r {
	case relProperty, relMemberTarget:
		switch t.Type() {
		case model.ServiceType, model.ResourceType, model.OperationType, model.MemberType:
			events = append(events, errorf("Target", s, "Members cannot target %s shapes, but found %s", t.Type(), describe(t)))
		}
	case relMapKey:
		if k, ok := m.Shape(t.Target()); ok && k.Type() != model.StringType && k.Type() != model.EnumType {
			events = append(events, errorf("Target", s, "Map key member targets %s, but is expected to target a string", describe(k)))
		}
	case relResource:
		if t.Type() != model.ResourceType {
			events = append(events, badType(model.ResourceType))
		}
	case relOperation:
		if t.Type() != model.OperationType {
			events = append(events, badType(model.OperationType))
		}
	case relInput, relOutput:
		if t.Type() != model.StructureType {
			events = append(events, badType(model.StructureType))
		} else if t.HasTrait(preludeid.Error) {
			events = append(events, errorf("Target", s, "Operation %s targets an invalid structure `%s` that is marked with the `error` trait.", lower(), t.ID()))
		}
	case relError:
		if t.Type() != model.StructureType {
			events = append(events, badType(model.StructureType))
		} else if !t.HasTrait(preludeid.Error) {
			events = append(events, errorf("Target", s, "`%s` cannot be bound as an error because it is not marked with the `error` trait.", t.ID()))
		}
	case relIdentifier:
		if t.Type() != model.StringType && t.Type() != model.EnumType {
			events = append(events, badType(model.StringType))
		}
	case relCreate, relRead, relUpdate, relDelete, relList:
		if t.Type() != model.OperationType {
			events = append(events, errorf("Target", s, "Resource %s lifecycle operation must target an operation, but found %s", lower(), describe(t)))
		}
	case relMixin:
		if !f.mixin.has(t) {
			events = append(events, errorf("Target", s, "Attempted to use %s as a mixin, but it is not marked with the mixin trait", t.ID()))
		}
	}
	return events
}
