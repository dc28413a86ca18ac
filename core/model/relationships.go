package model

import (
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// RelationshipType is a relationship between shapes, as in the
// specification's table of shape relationships (selectors.rst).
type RelationshipType uint8

// The relationship types.
const (
	RelMixin RelationshipType = iota
	RelOperation
	RelResource
	RelError
	RelIdentifier
	RelProperty
	RelCreate
	RelPut
	RelRead
	RelUpdate
	RelDelete
	RelList
	RelCollectionOperation
	// RelInput and RelOutput link an operation to its input and output
	// structures; smithy.api#Unit is none.
	RelInput
	RelOutput
	// RelMember links a list, map, structure, union, enum or intEnum to
	// each of its members (the target is the member's ID).
	RelMember
	// RelMemberTarget links a member to the shape it targets (enum and
	// intEnum members have none: they all target smithy.api#Unit).
	RelMemberTarget
)

var relNames = [...]string{
	RelMixin: "mixin", RelOperation: "operation", RelResource: "resource", RelError: "error",
	RelIdentifier: "identifier", RelProperty: "property", RelCreate: "create", RelPut: "put",
	RelRead: "read", RelUpdate: "update", RelDelete: "delete", RelList: "list",
	RelCollectionOperation: "collectionOperation", RelInput: "input", RelOutput: "output",
	RelMember: "member", RelMemberTarget: "",
}

// String returns the relationship's name in selectors ("" for member
// targets, which selectors follow without a label).
func (r RelationshipType) String() string { return relNames[r] }

// Relationships calls fn for each shape s refers to, in a fixed order:
// mixins (not for members), then by shape type the service, resource and
// operation bindings, the members of aggregates and enums, or a member's
// target. References are given as written, whether or not the model
// defines them; zero IDs are left out.
//
// The list is the reference implementation's neighbor provider
// (NeighborVisitor) without its member-to-container relationships: an
// operation's input or output of smithy.api#Unit is no relationship
// (OperationShape.getInput is empty then), and neither is an enum or
// intEnum member's target. So smithy.api#Unit is in a service's closure
// only when a union member targets it, and a shape of the service's own
// namespace named Unit does not conflict with it otherwise. A union member
// that targets Unit is a relationship, as there.
func (s *Shape) Relationships(fn func(RelationshipType, shapeid.ID)) {
	add := func(r RelationshipType, id shapeid.ID) {
		if !id.IsZero() {
			fn(r, id)
		}
	}
	if s.Type() != MemberType {
		for _, id := range s.Mixins() {
			add(RelMixin, id)
		}
	}
	switch s.Type() {
	case ServiceType:
		for _, id := range s.Operations() {
			add(RelOperation, id)
		}
		for _, id := range s.Resources() {
			add(RelResource, id)
		}
		for _, id := range s.Errors() {
			add(RelError, id)
		}
	case ResourceType:
		for _, nt := range s.Identifiers() {
			add(RelIdentifier, nt.Target)
		}
		for _, nt := range s.Properties() {
			add(RelProperty, nt.Target)
		}
		for _, id := range s.Resources() {
			add(RelResource, id)
		}
		add(RelList, s.Lifecycle("list"))
		add(RelCreate, s.Lifecycle("create"))
		add(RelPut, s.Lifecycle("put"))
		add(RelRead, s.Lifecycle("read"))
		add(RelUpdate, s.Lifecycle("update"))
		add(RelDelete, s.Lifecycle("delete"))
		for _, id := range s.Operations() {
			add(RelOperation, id)
		}
		for _, id := range s.CollectionOperations() {
			add(RelCollectionOperation, id)
		}
	case OperationType:
		if in := s.Input(); in != preludeid.Unit {
			add(RelInput, in)
		}
		if out := s.Output(); out != preludeid.Unit {
			add(RelOutput, out)
		}
		for _, id := range s.Errors() {
			add(RelError, id)
		}
	case MemberType:
		if c := s.Container(); c == nil || (c.Type() != EnumType && c.Type() != IntEnumType) {
			add(RelMemberTarget, s.Target())
		}
	default:
		for _, m := range s.Members() {
			add(RelMember, m.ID())
		}
	}
}

// RelatedShapes calls fn for each relationship of s as [Shape.Relationships]
// lists them, with the shape of s's model the reference resolves to (nil
// when the model defines none). The model resolved them when it was built:
// no shape is looked up by ID.
func (s *Shape) RelatedShapes(fn func(r RelationshipType, id shapeid.ID, target *Shape)) {
	i, mi := 0, 0
	s.Relationships(func(r RelationshipType, id shapeid.ID) {
		switch r {
		case RelMember:
			fn(r, id, s.body.shapes[mi])
			mi++
		case RelMemberTarget:
			fn(r, id, s.targetShape)
		default:
			var t *Shape
			if rel := s.body.related(); i < len(rel) {
				t = rel[i]
			}
			i++
			fn(r, id, t)
		}
	})
}
