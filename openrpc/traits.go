package openrpc

import (
	"fmt"
	"sort"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// Prelude traits and the export. A trait that tells a client something
// about a value, a method or the service is written where OpenRPC or JSON
// Schema has a place for it (README.md "What the document says"), else it
// is a loss diagnostic naming the shape or member that applies it: never
// a silent drop. Traits that are the model's own structure (@input,
// @output, @mixin, @private, @internal, @suppress, @trait, @box,
// @clientOptional, @addedDefault, @property, @notProperty, @references,
// @resourceIdentifier, @noReplace) or another protocol's bindings (the
// HTTP, XML and auth traits, @protocolDefinition, @authDefinition,
// @longPoll) say nothing about a JSON-RPC message and are not reported.

// lossyTrait is a prelude trait the document has no place for where it is
// applied, with why a client would miss it.
type lossyTrait struct {
	id   shapeid.ID
	what string
	// where it is written instead (and so no loss): the operation, the
	// service, a structure's member.
	onOperation, onService, onMember bool
}

var lossyTraits = []lossyTrait{
	{id: preludeid.Deprecated, what: "deprecated", onOperation: true, onMember: true},
	{id: preludeid.ExternalDocumentation, what: "external documentation (OpenRPC has externalDocs on the document and on methods, JSON Schema none)", onOperation: true, onService: true},
	{id: preludeid.Default, what: "a default value (written as the `default` of each member's schema, which Smithy requires to repeat it; the shape's own is not)", onMember: true},
	{id: preludeid.Sensitive, what: "sensitive data (not to be logged)"},
	{id: preludeid.Since, what: "the version it was added in"},
	{id: preludeid.Unstable, what: "unstable (may change)"},
	{id: preludeid.Recommended, what: "recommended (a client should set it)"},
	{id: preludeid.Tags, what: "tags (OpenRPC tags are on methods)", onOperation: true},
	{id: preludeid.Title, what: "a title (the service's is info.title; a schema's `title` names a component in this export)", onService: true},
	{id: preludeid.Idempotent, what: "idempotent (safe to retry)"},
	{id: preludeid.Readonly, what: "read-only (no side effects)"},
	{id: preludeid.Retryable, what: "retryable (the call may succeed when sent again)"},
	{id: preludeid.Paginated, what: "paginated"},
	{id: preludeid.IdempotencyToken, what: "an idempotency token (a client fills it with a unique value)"},
	{id: preludeid.MediaType, what: "a media type"},
}

// traitLosses reports the lossy traits applied by the service, the
// operations of the methods and every component shape and its members.
func (x *exporter) traitLosses(svc *model.Shape) {
	x.shapeLosses(svc, "", true, false)
	for _, meth := range x.s.Methods() {
		if meth.Operation().IsZero() {
			continue
		}
		if op, ok := x.m.Shape(meth.Operation()); ok {
			x.shapeLosses(op, meth.Name(), false, true)
		}
	}
	ids := make([]shapeid.ID, 0, len(x.g.names))
	for id := range x.g.names {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return shapeid.Compare(ids[i], ids[j]) < 0 })
	for _, id := range ids {
		s, ok := x.m.Shape(id)
		if !ok {
			continue
		}
		x.shapeLosses(s, "", false, false)
		for _, mem := range s.Members() {
			if mem.HasTrait(AlloyJSONUnknown) {
				continue // not a property: its documentation and traits are the map's
			}
			x.memberLosses(mem, s.Type() == model.StructureType)
		}
	}
}

func (x *exporter) shapeLosses(s *model.Shape, method string, service, operation bool) {
	for _, l := range lossyTraits {
		if s.HasTrait(l.id) && !(service && l.onService || operation && l.onOperation) {
			x.lossyTrait(s, method, l)
		}
	}
}

// memberLosses reports a member's lossy traits; a structure's member has
// its schema's `default` and `deprecated` (withDefault) and its
// `description` (memberDescription), a union's none: a union member is an
// alternative (a oneOf branch, or one of the properties only one of which
// is set), not a property an annotation of its own could describe.
func (x *exporter) memberLosses(mem *model.Shape, ofStructure bool) {
	for _, l := range lossyTraits {
		if mem.HasTrait(l.id) && !(ofStructure && l.onMember) {
			x.lossyTrait(mem, "", l)
		}
	}
	if d, ok := mem.Trait(preludeid.Documentation); ok && !ofStructure && d.Kind() == node.String && d.StringValue() != "" {
		x.lossyTrait(mem, "", lossyTrait{id: preludeid.Documentation, what: "a union member's own text"})
	}
}

func (x *exporter) lossyTrait(s *model.Shape, method string, l lossyTrait) {
	x.d.add(Diagnostic{Code: CodeLoss, Method: method, Shape: s.ID(), Message: fmt.Sprintf("@%s (%s) has no place in the document here", l.id.Name, l.what)})
}
