package validate

import (
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// Streams: StreamingTrait (where structures with a stream may be used,
// event stream unions, streaming blob members) and EventPayloadTrait.

// streamingTraits is StreamingTrait: a structure with a member targeting
// a stream may only be an operation input or output (input only when the
// stream has @requiresLength) or a mixin; every member of an event stream
// union targets a structure; a streaming blob member is @required or has
// a @default; in a service whose protocol supports @httpPayload, a member
// targeting a stream has @httpPayload.
func streamingTraits(m *model.Model) []model.Event {
	streams := indexOf(m).rootsWithTrait(preludeid.Streaming)
	if len(streams) == 0 {
		return nil
	}
	refs := referrers(m)
	var events []model.Event
	for _, stream := range streams {
		for _, r := range refs(stream) {
			if r.rel != relMemberTarget || r.from.Container() == nil {
				continue
			}
			container := r.from.Container()
			for _, use := range refs(container) {
				switch use.rel {
				case relInput, relMixin, relStructureMember, relUnionMember, relListMember, relMapKey, relMapValue,
					relEnumMember, relIntEnumMember:
				case relOutput:
					if stream.HasTrait(preludeid.RequiresLength) {
						events = append(events, errorf("StreamingTrait", container,
							"Structures that contain a reference to a stream marked with the @requiresLength trait can only be used as operation inputs, but this structure is referenced from `%s` as output",
							use.from.ID()))
					}
				case relMemberTarget:
					events = append(events, errorf("StreamingTrait", use.from,
						"Members cannot target structures that contain a stream, but this member targets %s", container.ID()))
				default:
					events = append(events, errorf("StreamingTrait", use.from,
						"This shape has an invalid `%s` relationship to a structure, `%s`, that contains a stream", use.rel, container.ID()))
				}
			}
		}
		if stream.Type() == model.UnionType {
			var invalid []string
			for _, mem := range stream.Members() {
				if t, ok := m.Target(mem); !ok || t.Type() != model.StructureType {
					invalid = append(invalid, mem.MemberName())
				}
			}
			if len(invalid) > 0 {
				events = append(events, errorf("StreamingTrait", stream,
					"Each member of an event stream union must target a structure shape, but the following union members do not: [%s]",
					strings.Join(invalid, ", ")))
			}
		}
		if stream.Type() == model.BlobType {
			for _, r := range refs(stream) {
				if r.rel == relMemberTarget && !r.from.HasTrait(preludeid.Required) && !r.from.HasTrait(preludeid.Default) {
					events = append(events, errorf("StreamingTrait", r.from,
						"Members that target blobs marked with the `streaming` trait MUST also be marked with the `required` or `default` trait."))
				}
			}
		}
	}
	for _, svc := range shapesOfType(m, model.ServiceType) {
		if _, ok := protocolListing(m, svc, preludeid.HTTPPayload); !ok {
			continue
		}
		for _, s := range reachable(m, svc) {
			if s.Container() == nil || s.HasTrait(preludeid.HTTPPayload) {
				continue
			}
			if t, ok := m.Target(s); ok && t.HasTrait(preludeid.Streaming) {
				events = append(events, errorf("StreamingTrait", s,
					"Member `%s` referencing @streaming shape `%s` must have the @httpPayload trait, as service `%s` has a protocol that supports @httpPayload.",
					s.ID(), t.ID(), svc.ID()))
			}
		}
	}
	return events
}

// protocolListing returns the first protocol trait of svc (a trait whose
// definition has @protocolDefinition) that lists trait among the traits
// it supports.
func protocolListing(m *model.Model, svc *model.Shape, trait shapeid.ID) (shapeid.ID, bool) {
	for _, p := range serviceTraitsWith(m, svc, preludeid.ProtocolDefinition) {
		def, _ := m.Shape(p)
		v, _ := def.Trait(preludeid.ProtocolDefinition)
		list, _ := v.Get("traits")
		for _, e := range list.Elems() {
			if id, ok := resolveShapeRef(m, e.StringValue(), p.Namespace); ok && id == trait {
				return p, true
			}
		}
	}
	return shapeid.ID{}, false
}

// eventPayloadTraits is EventPayloadTrait: in a structure with an
// @eventPayload member, every other member is an @eventHeader.
func eventPayloadTraits(m *model.Model) []model.Event {
	var events []model.Event
	for _, s := range indexOf(m).containersOf(preludeid.EventPayload) {
		if s.Type() != model.StructureType {
			continue
		}
		hasPayload := false
		var unmarked []string
		for _, mem := range s.Members() {
			switch {
			case mem.HasTrait(preludeid.EventPayload):
				hasPayload = true
			case !mem.HasTrait(preludeid.EventHeader):
				unmarked = append(unmarked, mem.MemberName())
			}
		}
		if hasPayload && len(unmarked) > 0 {
			events = append(events, errorf("EventPayloadTrait", s,
				"This event structure contains a member marked with the `eventPayload` trait, so all other members must be marked with the `eventHeader` trait. However, the following member(s) are not marked with the eventHeader trait: %s",
				tickedList(unmarked)))
		}
	}
	return events
}
