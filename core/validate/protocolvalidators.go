package validate

import (
	"slices"
	"sort"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// protocolValidators are the validators of HTTP bindings, endpoints,
// authentication and protocol traits (files http*.go, auth.go,
// protocols.go, mediatype.go, xml.go), with the reference
// implementation's event IDs, severities and wording. Where the reference
// is silent or its behavior would hurt, they decide so:
//
//   - An @http `uri` or @endpoint `hostPrefix` that is not a valid pattern
//     is a Model ERROR of the load stage (the reference fails to create
//     the trait while loading), so no later validator sees it.
//   - HttpUriConflict groups a service's operations by method and URI
//     pattern (label names erased, query literals as a set) and treats each
//     group's conflicts as cliques (no @endpoint; host prefixes starting
//     with a literal; starting with a label), so its cost and memory are
//     linear in the operations; only prefixes starting with a literal and
//     with a label in one group are compared pairwise (label @pattern
//     against literal). One event lists at most 50 conflicting operations
//     and counts the rest ("... (N more)").
//   - HttpUriGreedyLabel reports each of its two problems once per
//     operation (the reference repeats them for every later label).
//   - Label @pattern values that tell @endpoint host prefixes apart are
//     run with package pattern; one it cannot compile does not.
//   - XmlNamespaceTrait checks a URI reference with the grammar of RFC 2396
//     (java.net.URI's, which the reference uses): a scheme, an opaque or
//     hierarchical part, a query and a fragment, %HH escapes and non-ASCII
//     characters other than spaces and controls; a bracketed authority must
//     hold an IPv6 literal (only its characters are checked).
//   - MediaType words what follows the quoted value itself (the corpus
//     fixes only the start of the message).
//
// They run as two validators: HttpPatterns in the load stage and
// ProtocolTraits, which builds one protoIndex of the model and runs every
// check of protocolChecks over it (so no check scans the whole model or
// parses an @http URI again).
func protocolValidators() []Validator {
	return []Validator{
		{Name: "HttpPatterns", Stage: StageLoad, Check: httpPatterns},
		{Name: "ProtocolTraits", Stage: StageDefault, Check: protocolTraits},
	}
}

// protocolChecks are the checks ProtocolTraits runs over one shared
// index, each named by the event ID it reports (or the first segment of
// its dotted IDs).
var protocolChecks = []struct {
	id    string
	check func(ix *protoIndex) []model.Event
}{
	{"HttpLabelTrait", httpLabels},
	{"HttpQueryTrait", httpQueries},
	{"HttpQueryParamsTrait", httpQueryParams},
	{"HttpHeaderTrait", httpHeaders},
	{"HttpPrefixHeadersTrait", httpPrefixHeaders},
	{"HttpPayload", httpPayloads},
	{"HttpBindingsMissing", httpBindingsMissing},
	{"HttpBindingTraitIgnored", httpBindingTraitsIgnored},
	{"HttpMethodSemantics", httpMethodSemantics},
	{"HttpResponseCodeSemantics", httpResponseCodes},
	{"HttpUriFormat", httpURIFormats},
	{"HttpUriGreedyLabel", httpGreedyLabels},
	{"HttpUriConflict", httpURIConflicts},
	{"HostLabelTrait", hostLabels},
	{"CorsTrait", corsTraits},
	{"AuthTrait", authTraits},
	{"ServiceAuthDefinitions", serviceAuthDefinitions},
	{"HttpApiKeyAuthTrait", httpAPIKeyAuths},
	{"RequestCompressionTrait", requestCompressions},
	{"MediaType", mediaTypes},
	{"XmlNamespaceTrait", xmlNamespaces},
	{"XmlFlattenedTrait", xmlFlattenedNames},
	{"NoInlineDocumentSupport", noInlineDocumentSupport},
}

// protocolTraits runs every protocol check over one index of the model.
func protocolTraits(m *model.Model) []model.Event {
	ix := newProtoIndex(m)
	var events []model.Event
	for _, c := range protocolChecks {
		events = append(events, c.check(ix)...)
	}
	return events
}

// indexedTraits are the traits whose shapes protoIndex lists.
var indexedTraits = append([]shapeid.ID{preludeid.HTTP, preludeid.Endpoint, preludeid.HostLabel, preludeid.HTTPError, preludeid.Error,
	preludeid.CORS, preludeid.Auth, preludeid.HTTPAPIKeyAuth, preludeid.RequestCompression, preludeid.MediaType, preludeid.XMLNamespace,
	preludeid.XMLFlattened, preludeid.ProtocolDefinition}, httpBindingTraits...)

// protoIndex is what the protocol checks need of a model, found in one
// pass over its shapes and their traits, so that each check visits only
// the shapes it is about.
type protoIndex struct {
	m *model.Model
	// with lists the shapes and members applying each indexed trait, in
	// the order of their ordinals (shared with the model's index: not
	// to be modified).
	with      map[shapeid.ID][]*model.Shape
	services  []*model.Shape
	documents bool
	// bound are the structures with members that apply HTTP binding
	// traits, in shape ID order, and boundBits the union of those traits;
	// bits are the binding traits of each member, by ordinal.
	bound     []*model.Shape
	boundBits []uint8
	bits      []uint8
	// ops are the operations with a well-formed @http trait, https their
	// parsed traits, httpOf the position of each in ops.
	ops    []*model.Shape
	https  []httpBinding
	in     []*model.Shape // each operation's input structure (nil when it has none)
	out    []*model.Shape // and output structure
	httpOf map[*model.Shape]int
	svcOps map[*model.Shape][]*model.Shape
}

// serviceOps returns the operations in a service's closure (computed
// once per service).
func (ix *protoIndex) serviceOps(svc *model.Shape) []*model.Shape {
	ops, ok := ix.svcOps[svc]
	if !ok {
		ops = serviceOperations(ix.m, svc)
		ix.svcOps[svc] = ops
	}
	return ops
}

func newProtoIndex(m *model.Model) *protoIndex {
	// The shapes applying each trait come from the model's index, which
	// lists them for every trait in one pass over the model.
	x := indexOf(m)
	ix := &protoIndex{m: m, with: make(map[shapeid.ID][]*model.Shape, len(indexedTraits)), httpOf: map[*model.Shape]int{}, svcOps: map[*model.Shape][]*model.Shape{}}
	for _, id := range indexedTraits {
		if list := x.withTrait(id); len(list) > 0 {
			ix.with[id] = list
		}
	}
	ix.services = x.ofType(model.ServiceType)
	ix.documents = len(x.ofType(model.DocumentType)) > 0
	ix.bits = make([]uint8, m.NumShapes())
	var containers []*model.Shape
	for i, id := range httpBindingTraits {
		for _, mem := range ix.with[id] {
			if c := mem.Container(); c != nil {
				ix.bits[mem.Ordinal()] |= 1 << i
				containers = append(containers, c)
			}
		}
	}
	sort.Slice(containers, func(i, j int) bool { return containers[i].Ordinal() < containers[j].Ordinal() })
	for _, c := range slices.Compact(containers) {
		if c.Type() != model.StructureType {
			continue
		}
		var bits uint8
		for _, mem := range c.Members() {
			bits |= ix.bits[mem.Ordinal()]
		}
		ix.bound = append(ix.bound, c)
		ix.boundBits = append(ix.boundBits, bits)
	}
	for _, op := range ix.with[preludeid.HTTP] {
		if h, ok := operationHTTP(op); ok {
			ix.httpOf[op] = len(ix.ops)
			ix.ops = append(ix.ops, op)
			ix.https = append(ix.https, h)
			in, _ := operationStructure(m, op, true)
			out, _ := operationStructure(m, op, false)
			ix.in = append(ix.in, in)
			ix.out = append(ix.out, out)
		}
	}
	return ix
}

// containers returns the structures with members that apply one of the
// HTTP binding traits in bits, in shape ID order.
func (ix *protoIndex) containers(bits uint8) []*model.Shape {
	var out []*model.Shape
	for i, st := range ix.bound {
		if ix.boundBits[i]&bits != 0 {
			out = append(out, st)
		}
	}
	return out
}
