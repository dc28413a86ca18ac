package rpc

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/smithyvalidate"
)

// The reserved range of JSON-RPC 2.0 error codes (section 5.1): codes from
// and including -32768 to -32000 are the protocol's own.
const (
	ReservedCodeMin = -32768
	ReservedCodeMax = -32000
)

// The protocol error codes of JSON-RPC 2.0, section 5.1.
const (
	ParseError     = -32700 // invalid JSON
	InvalidRequest = -32600 // not a valid Request object
	MethodNotFound = -32601 // the method does not exist
	InvalidParams  = -32602 // invalid method parameters
	InternalError  = -32603 // internal JSON-RPC error
	// Implementation-defined server errors are -32099 through -32000.
	ServerErrorMin = -32099
	ServerErrorMax = -32000
)

// ErrVersionRequired is returned (wrapped) by [Prepare] when the service
// declares both versions and no [Version] option chose one.
var ErrVersionRequired = errors.New("rpc: the service declares several JSON-RPC versions: choose one")

// ModelError reports why a service cannot be prepared: every problem found
// in its JSON-RPC mapping (and in the shapes its payloads use), each with
// the shape, the trait and the source location at fault, in a
// deterministic order. The smithy command exits 3 on it.
type ModelError struct {
	Service  shapeid.ID
	Problems []smithyvalidate.ModelProblem
}

func (e *ModelError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "rpc: cannot prepare service %s", e.Service)
	for i, p := range e.Problems {
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString("; ")
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// ParamMode is how a method takes its parameters (@method(params: ...)).
type ParamMode uint8

const (
	// ParamsNamed: params is an object whose members name the input
	// members (the default).
	ParamsNamed ParamMode = iota
	// ParamsPositional: params is an array in the order of
	// @method(positional: [...]).
	ParamsPositional
	// ParamsEither: either form.
	ParamsEither
)

// String returns "named", "positional" or "either".
func (m ParamMode) String() string {
	switch m {
	case ParamsNamed:
		return "named"
	case ParamsPositional:
		return "positional"
	case ParamsEither:
		return "either"
	}
	return fmt.Sprintf("ParamMode(%d)", uint8(m))
}

func (m ParamMode) byName() bool     { return m != ParamsPositional }
func (m ParamMode) byPosition() bool { return m != ParamsNamed }

// ResultKind is how a successful result maps to the operation's output.
type ResultKind uint8

const (
	// OutputStructure: the result is the whole output structure (an
	// object). It is the default.
	OutputStructure ResultKind = iota
	// OutputMember: the result is one output member's value, checked
	// against that member's effective contract (@method(resultMember)).
	OutputMember
	// NullResult: the result is null (@method(nullResult: true)).
	NullResult
)

// String returns "output-structure", "output-member" or "null".
func (k ResultKind) String() string {
	switch k {
	case OutputStructure:
		return "output-structure"
	case OutputMember:
		return "output-member"
	case NullResult:
		return "null"
	}
	return fmt.Sprintf("ResultKind(%d)", uint8(k))
}

// DataKind is how an application error's data maps to its error structure.
type DataKind uint8

const (
	// DataStructure: data is the whole error structure (the default).
	DataStructure DataKind = iota
	// DataMember: data is one member's value (@rpcError(dataMember)).
	DataMember
	// NoData: the error object has no data (@rpcError(noData: true)).
	NoData
)

// String returns "structure", "member" or "none".
func (k DataKind) String() string {
	switch k {
	case DataStructure:
		return "structure"
	case DataMember:
		return "member"
	case NoData:
		return "none"
	}
	return fmt.Sprintf("DataKind(%d)", uint8(k))
}

// Method is one prepared JSON-RPC method: an operation of the service with
// a @method trait. It is read-only.
type Method struct {
	name       string
	operation  shapeid.ID
	input      shapeid.ID // zero for no input (smithy.api#Unit)
	output     shapeid.ID // zero for no output
	mode       ParamMode
	positional []string
	// positionalWire are the positional members' wire names (their
	// @jsonName under the default naming), the names the params
	// validator knows them by.
	positionalWire []string
	result         ResultKind
	resultOf       shapeid.ID // the member ID for OutputMember
	errors         map[int64]*ErrorMapping
	errorCodes     []int64 // sorted
	kind           MethodKind
	from           Sender
	cancels        *Cancellation // nil without @cancels

	params  payload // the input structure
	results payload // the output structure or member
}

// Name returns the wire method name.
func (m *Method) Name() string { return m.name }

// Operation returns the operation's shape ID.
func (m *Method) Operation() shapeid.ID { return m.operation }

// Input returns the input structure's ID (zero when the operation has no
// input).
func (m *Method) Input() shapeid.ID { return m.input }

// Output returns the output structure's ID (zero when it has no output).
func (m *Method) Output() shapeid.ID { return m.output }

// ParamMode returns how the method takes its parameters.
func (m *Method) ParamMode() ParamMode { return m.mode }

// Positional returns the input member names in wire order (nil for a
// named-only method). The slice is a copy.
func (m *Method) Positional() []string { return append([]string(nil), m.positional...) }

// Result returns the result selection: its kind and, for OutputMember,
// the selected member's ID.
func (m *Method) Result() (ResultKind, shapeid.ID) { return m.result, m.resultOf }

// Errors returns the application errors the method may answer with (its
// operation's and its service's), ordered by code.
func (m *Method) Errors() []*ErrorMapping {
	out := make([]*ErrorMapping, len(m.errorCodes))
	for i, c := range m.errorCodes {
		out[i] = m.errors[c]
	}
	return out
}

// ErrorMapping is a modeled application error: an error structure with
// @rpcError. It is read-only.
type ErrorMapping struct {
	code   int64
	shape  shapeid.ID
	data   DataKind
	dataOf shapeid.ID // the member ID for DataMember
	check  payload
	// reserved: the code is inside -32768..-32000, defined by the
	// protocol (@rpcError(reservedRange: true)).
	reserved bool
}

// Code returns the application error code.
func (e *ErrorMapping) Code() int64 { return e.code }

// Shape returns the error structure's ID.
func (e *ErrorMapping) Shape() shapeid.ID { return e.shape }

// Data returns the data selection: its kind and, for DataMember, the
// selected member's ID.
func (e *ErrorMapping) Data() (DataKind, shapeid.ID) { return e.data, e.dataOf }

// PreparedService is a service prepared for one JSON-RPC version: wire
// method names mapped to operations, their input validators, result
// selections and error mappings, and the profile (options) messages are
// checked with. Prepare it once and use it from any number of goroutines.
//
// A PreparedService returns findings; it never invokes handlers or sends
// protocol errors.
type PreparedService struct {
	service  shapeid.ID // zero for EnvelopeOnly
	model    *model.Model
	version  ProtocolVersion
	declared []ProtocolVersion
	proto    Protocol // @jsonRpc's batches, nullIds, idReuse, optionalMethodPrefixes (protocol.go)
	cfg      config
	opts     Option // cfg's options, joined (exchanges resolve theirs after them)
	// limits are the reader's limits for message text, resolved from the
	// ReaderOptions (see textReader).
	limits limits.Limits
	// checkers pools the checkers of single-message runs (getChecker),
	// exchanges those of pairs (ValidatePair); pointers, so that a
	// PreparedService stays a plain value.
	checkers, exchanges *sync.Pool

	methods map[string]*Method
	names   []string // sorted
	// unmapped are the service's operations without @method, which no
	// call reaches; the method-not-found finding names them.
	unmapped   []shapeid.ID
	errors     map[int64]*ErrorMapping
	errorCodes []int64
}

// Service returns the service's shape ID (zero for [EnvelopeOnly]).
func (s *PreparedService) Service() shapeid.ID { return s.service }

// Version returns the JSON-RPC version messages are checked against.
func (s *PreparedService) Version() ProtocolVersion { return s.version }

// Scope returns what the service can check: [ScopeService] when prepared
// from a model, [ScopeEnvelope] for [EnvelopeOnly].
func (s *PreparedService) Scope() Scope {
	if s.model == nil {
		return ScopeEnvelope
	}
	return ScopeService
}

// Method returns the method with the given wire name.
func (s *PreparedService) Method(name string) (*Method, bool) {
	m, ok := s.methods[name]
	return m, ok
}

// Methods returns every method, ordered by wire name.
func (s *PreparedService) Methods() []*Method {
	out := make([]*Method, len(s.names))
	for i, n := range s.names {
		out[i] = s.methods[n]
	}
	return out
}

// ErrorMappings returns every modeled application error of the service,
// ordered by code.
func (s *PreparedService) ErrorMappings() []*ErrorMapping {
	out := make([]*ErrorMapping, len(s.errorCodes))
	for i, c := range s.errorCodes {
		out[i] = s.errors[c]
	}
	return out
}

// EnvelopeOnly returns a service with no model: it checks the envelopes
// of version v (structure, ids, batches) and correlation in exchanges, but
// not methods, params, results or error data, and its results say so
// ([ScopeEnvelope]).
func EnvelopeOnly(v ProtocolVersion, opts ...Option) (*PreparedService, error) {
	if !v.IsValid() {
		return nil, fmt.Errorf("rpc: EnvelopeOnly needs V1_0 or V2_0, not %v", v)
	}
	c := readOptions(opts)
	s := &PreparedService{version: v, declared: []ProtocolVersion{v}, proto: Protocol{Batches: true}, cfg: c, opts: JoinOptions(opts...), limits: readerLimits(c), checkers: new(sync.Pool), exchanges: new(sync.Pool)}
	return s, nil
}

// readerLimits resolves the ReaderOptions. Their duplicate-key policy is
// not used: the reader keeps every duplicate key so that they are reported
// with their paths (see message.go), never last-wins.
func readerLimits(c config) limits.Limits {
	return node.Resolve(c.reader...).Limits
}

var (
	knownMethodKey = map[string]bool{"name": true, "params": true, "positional": true, "resultMember": true, "nullResult": true, "kind": true, "from": true}
	knownErrorKey  = map[string]bool{"code": true, "dataMember": true, "noData": true, "reservedRange": true}
	knownJSONRPC   = map[string]bool{"versions": true, "batches": true, "nullIds": true, "idReuse": true, "optionalMethodPrefixes": true}
)

// Prepare prepares service svc of model m for one JSON-RPC version (see
// [Version]). It snapshots everything messages are checked against, so
// the result does not change if m is shared afterwards.
//
// Preparation rejects, as a [*ModelError] listing every problem: a
// missing or malformed @jsonRpc; a [Version] the service does not declare;
// duplicate wire method names; method names beginning with "rpc."; a
// positional list that misses or repeats an input member or names an
// unknown one, or one given to a named-only method; a named-only method in
// a service that declares 1.0; resultMember naming no output member, or
// combined with nullResult; @rpcError codes that are not integers, fall in
// the reserved range -32768..-32000 without reservedRange, or are used by
// two errors; dataMember
// naming no member, or combined with noData; and payload shapes the value
// engine cannot prepare; and misuses of the protocol-profile members
// (@jsonRpc batches, nullIds, idReuse, optionalMethodPrefixes; @method
// kind, from; @cancels;
// @rpcError reservedRange: see README "Protocols that already exist").
// Operations without @method are not JSON-RPC methods and are left out. When the service declares two versions and
// none was chosen, the error wraps [ErrVersionRequired].
func Prepare(m *model.Model, svc shapeid.ID, opts ...Option) (*PreparedService, error) {
	c := readOptions(opts)
	p := &preparer{m: m, err: &ModelError{Service: svc}}
	s := &PreparedService{service: svc, model: m, cfg: c, opts: JoinOptions(opts...), limits: readerLimits(c), checkers: new(sync.Pool), exchanges: new(sync.Pool),
		methods: map[string]*Method{}, errors: map[int64]*ErrorMapping{}}

	shape, ok := m.Shape(svc)
	if !ok || shape.Type() != model.ServiceType {
		what := "no shape"
		if ok {
			what = "a " + shape.Type().String() + ", not a service"
		}
		p.problem(svc, shapeid.ID{}, model.SourceLocation{}, "%s is %s", svc, what)
		return nil, p.err
	}
	s.declared = p.versions(shape)
	if len(s.declared) == 0 && len(p.err.Problems) > 0 {
		return nil, p.err
	}
	jt, _ := findTrait(shape, JSONRPCTrait)
	s.proto = p.protocol(svc, jt, s.declared)
	switch {
	case c.version != 0 && !c.version.IsValid():
		return nil, fmt.Errorf("rpc: %v is not a JSON-RPC version: use V1_0 or V2_0", c.version)
	case c.version != 0:
		if !slices.Contains(s.declared, c.version) {
			t, _ := findTrait(shape, JSONRPCTrait)
			p.problem(svc, JSONRPCTrait, t.Source, "the service does not declare JSON-RPC %s (it declares %s)", c.version, versionList(s.declared))
		}
		s.version = c.version
	case len(s.declared) == 1:
		s.version = s.declared[0]
	default:
		return nil, fmt.Errorf("%w: service %s declares %s", ErrVersionRequired, svc, versionList(s.declared))
	}

	// Errors bound to the service apply to every operation.
	svcErrors := p.errorMappings(s, shape.Errors())
	byName := map[string]*Method{}
	for _, opID := range p.operations(shape) {
		op, _ := m.Shape(opID)
		meth := p.method(s, op)
		if meth == nil {
			if _, has := findTrait(op, MethodTrait); has {
				// Its mapping failed; its payload shapes are still
				// prepared, so that their problems are reported too.
				for _, id := range []shapeid.ID{op.Input(), op.Output()} {
					if sh, ok := m.Shape(id); ok && sh.Type() == model.StructureType && id != preludeid.Unit {
						p.unprepared = append(p.unprepared, id)
					}
				}
			} else {
				s.unmapped = append(s.unmapped, opID)
				if t, has := findTrait(op, CancelsTrait); has {
					p.problem(opID, CancelsTrait, t.Source, "@cancels applies to notification methods, but the operation has no @method trait")
				}
			}
			continue
		}
		if prev, dup := byName[meth.name]; dup {
			t, _ := findTrait(op, MethodTrait)
			p.problem(opID, MethodTrait, t.Source, "method name %q is already used by %s", meth.name, prev.operation)
			continue
		}
		byName[meth.name] = meth
		meth.errors = map[int64]*ErrorMapping{}
		for _, e := range svcErrors {
			meth.errors[e.code] = e
		}
		for _, e := range p.errorMappings(s, op.Errors()) {
			meth.errors[e.code] = e
		}
		meth.errorCodes = sortedCodes(meth.errors)
	}
	if err := p.systemMethods(s, byName, svcErrors); err != nil {
		return nil, err
	}
	// The payloads of the methods and errors that were mapped are prepared
	// even when others were not: every problem of every shape is reported
	// at once.
	s.methods = byName
	for n := range byName {
		s.names = append(s.names, n)
	}
	sort.Strings(s.names)
	s.errorCodes = sortedCodes(s.errors)
	if err := p.preparePayloads(s); err != nil {
		return nil, err
	}
	return s, nil
}

func sortedCodes(m map[int64]*ErrorMapping) []int64 {
	out := make([]int64, 0, len(m))
	for c := range m {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func versionList(list []ProtocolVersion) string {
	parts := make([]string, len(list))
	for i, v := range list {
		parts[i] = `"` + v.String() + `"`
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// sortProblems orders problems by location and drops exact repeats (a
// payload shape shared by several methods is prepared for each).
func sortProblems(ps []smithyvalidate.ModelProblem) []smithyvalidate.ModelProblem {
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		if a.Source.File != b.Source.File {
			return a.Source.File < b.Source.File
		}
		if a.Source.Pos.Offset != b.Source.Pos.Offset {
			return a.Source.Pos.Offset < b.Source.Pos.Offset
		}
		if c := shapeid.Compare(a.Shape, b.Shape); c != 0 {
			return c < 0
		}
		return a.Message < b.Message
	})
	return slices.CompactFunc(ps, func(a, b smithyvalidate.ModelProblem) bool {
		return a.Shape == b.Shape && a.Trait == b.Trait && a.Source == b.Source && a.Message == b.Message
	})
}

// preparer collects the problems of one Prepare call.
type preparer struct {
	m   *model.Model
	err *ModelError
	// codes maps an application code to the error shape that claimed it.
	codes map[int64]shapeid.ID
	// seen caches the mapping of each error shape.
	seen map[shapeid.ID]*ErrorMapping
	// unprepared are the payload shapes of methods and errors whose
	// mapping failed: preparePayloads prepares them only to report their
	// problems too.
	unprepared []shapeid.ID
}

func (p *preparer) problem(shape, trait shapeid.ID, src model.SourceLocation, format string, args ...any) {
	p.err.Problems = append(p.err.Problems, smithyvalidate.ModelProblem{
		Shape: shape, Trait: trait, Source: src, Message: fmt.Sprintf(format, args...),
	})
}

// at locates a problem at a node of a trait value: the trait's file and
// the node's position when the loader kept it, the trait's location
// otherwise.
func at(t model.Trait, n node.Node) model.SourceLocation {
	if n.Pos().IsValid() {
		return model.SourceLocation{File: t.Source.File, Pos: n.Pos()}
	}
	return t.Source
}

func findTrait(s *model.Shape, id shapeid.ID) (model.Trait, bool) {
	for _, t := range s.Traits() {
		if t.ID == id {
			return t, true
		}
	}
	return model.Trait{}, false
}

// unknownKeys reports the members of a trait value that its definition
// does not have: a misspelled selector must not be silently ignored.
func (p *preparer) unknownKeys(shape shapeid.ID, t model.Trait, known map[string]bool) {
	for _, f := range t.Value.Fields() {
		if !known[f.Key] {
			names := make([]string, 0, len(known))
			for k := range known {
				names = append(names, k)
			}
			sort.Strings(names)
			p.problem(shape, t.ID, model.SourceLocation{File: t.Source.File, Pos: f.KeyPos}, "unknown property %q (the trait has %s)", f.Key, strings.Join(names, ", "))
		}
	}
}

func (p *preparer) versions(svc *model.Shape) []ProtocolVersion {
	t, ok := findTrait(svc, JSONRPCTrait)
	if !ok {
		p.problem(svc.ID(), JSONRPCTrait, svc.Source(), "the service has no @%s trait: it is not a JSON-RPC service", JSONRPCTrait)
		return nil
	}
	if t.Value.Kind() != node.Object {
		p.problem(svc.ID(), JSONRPCTrait, t.Source, "the trait value must be an object, not %s", t.Value.Kind())
		return nil
	}
	p.unknownKeys(svc.ID(), t, knownJSONRPC)
	list, ok := t.Value.Get("versions")
	if !ok {
		p.problem(svc.ID(), JSONRPCTrait, t.Source, "versions is required: list \"1.0\", \"2.0\" or both")
		return nil
	}
	if list.Kind() != node.Array || list.Len() == 0 {
		p.problem(svc.ID(), JSONRPCTrait, at(t, list), "versions must be a non-empty list of \"1.0\" and \"2.0\"")
		return nil
	}
	var out []ProtocolVersion
	for _, e := range list.Elems() {
		v, err := ParseVersion(e.StringValue())
		if e.Kind() != node.String || err != nil {
			p.problem(svc.ID(), JSONRPCTrait, at(t, e), "version %s is not supported: each version is exactly \"1.0\" or \"2.0\"", node.Marshal(e))
			continue
		}
		if slices.Contains(out, v) {
			p.problem(svc.ID(), JSONRPCTrait, at(t, e), "version %q is listed twice", v)
			continue
		}
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// operations returns the operations of the service's closure: bound
// directly or through resources (their lifecycle, collection and instance
// operations), each once, sorted by shape ID.
func (p *preparer) operations(svc *model.Shape) []shapeid.ID {
	seen := map[shapeid.ID]bool{}
	var out []shapeid.ID
	addOp := func(id shapeid.ID) {
		if id.IsZero() || seen[id] {
			return
		}
		seen[id] = true
		if s, ok := p.m.Shape(id); ok && s.Type() == model.OperationType {
			out = append(out, id)
		}
	}
	visited := map[shapeid.ID]bool{}
	var resource func(id shapeid.ID)
	resource = func(id shapeid.ID) {
		if visited[id] {
			return
		}
		visited[id] = true
		r, ok := p.m.Shape(id)
		if !ok {
			return
		}
		for _, name := range []string{"create", "put", "read", "update", "delete", "list"} {
			addOp(r.Lifecycle(name))
		}
		for _, o := range r.Operations() {
			addOp(o)
		}
		for _, o := range r.CollectionOperations() {
			addOp(o)
		}
		for _, sub := range r.Resources() {
			resource(sub)
		}
	}
	for _, o := range svc.Operations() {
		addOp(o)
	}
	for _, r := range svc.Resources() {
		resource(r)
	}
	sort.Slice(out, func(i, j int) bool { return shapeid.Compare(out[i], out[j]) < 0 })
	return out
}

// structureOf returns the structure an operation's input or output
// targets, zero for none (absent or smithy.api#Unit).
func (p *preparer) structureOf(op *model.Shape, id shapeid.ID, what string) (shapeid.ID, bool) {
	if id.IsZero() || id == preludeid.Unit {
		return shapeid.ID{}, true
	}
	s, ok := p.m.Shape(id)
	if !ok || s.Type() != model.StructureType {
		p.problem(op.ID(), shapeid.ID{}, op.Source(), "its %s %s is not a structure", what, id)
		return shapeid.ID{}, false
	}
	return id, true
}

func (p *preparer) method(s *PreparedService, op *model.Shape) *Method {
	t, ok := findTrait(op, MethodTrait)
	if !ok {
		return nil
	}
	id := op.ID()
	v := t.Value
	if v.Kind() != node.Object {
		p.problem(id, MethodTrait, t.Source, "the trait value must be an object, not %s", v.Kind())
		return nil
	}
	p.unknownKeys(id, t, knownMethodKey)
	meth := &Method{operation: id}
	bad := false
	fail := func(n node.Node, format string, args ...any) {
		p.problem(id, MethodTrait, at(t, n), format, args...)
		bad = true
	}

	name, ok := v.Get("name")
	switch {
	case !ok:
		fail(v, "name is required: the wire method name")
	case name.Kind() != node.String || name.StringValue() == "":
		fail(name, "name must be a non-empty string")
	case strings.HasPrefix(name.StringValue(), "rpc."):
		fail(name, "method name %q begins with \"rpc.\", which JSON-RPC reserves for system extensions", name.StringValue())
	default:
		meth.name = name.StringValue()
	}

	if mode, ok := v.Get("params"); ok {
		switch mode.StringValue() {
		case "named":
			meth.mode = ParamsNamed
		case "positional":
			meth.mode = ParamsPositional
		case "either":
			meth.mode = ParamsEither
		default:
			fail(mode, "params must be \"named\", \"positional\" or \"either\", not %s", node.Marshal(mode))
		}
	}

	input, inOK := p.structureOf(op, op.Input(), "input")
	output, outOK := p.structureOf(op, op.Output(), "output")
	bad = bad || !inOK || !outOK
	meth.input, meth.output = input, output
	var inputShape *model.Shape
	if !input.IsZero() {
		inputShape, _ = p.m.Shape(input)
	}

	pos, hasPos := v.Get("positional")
	switch {
	case hasPos && !meth.mode.byPosition():
		fail(pos, "positional is given but params is \"named\": set params to \"positional\" or \"either\", or remove the list")
	case !hasPos && meth.mode.byPosition():
		fail(v, "params is %q but there is no positional list: list every input member in wire order", meth.mode)
	case hasPos && pos.Kind() != node.Array:
		fail(pos, "positional must be a list of input member names")
	case hasPos:
		seen := map[string]bool{}
		for _, e := range pos.Elems() {
			n := e.StringValue()
			switch {
			case e.Kind() != node.String:
				fail(e, "positional entries must be member names, not %s", e.Kind())
				continue
			case seen[n]:
				fail(e, "positional lists member %q twice", n)
				continue
			}
			seen[n] = true
			if inputShape == nil {
				fail(e, "positional names %q but the operation has no input", n)
				continue
			}
			if _, ok := inputShape.Member(n); !ok {
				fail(e, "positional names %q, which is not a member of %s", n, input)
				continue
			}
			meth.positional = append(meth.positional, n)
		}
		if inputShape != nil {
			var missing []string
			for _, mem := range inputShape.Members() {
				if !seen[mem.MemberName()] {
					missing = append(missing, mem.MemberName())
				}
			}
			if len(missing) > 0 {
				fail(pos, "positional must list every member of %s exactly once; missing %s", input, strings.Join(missing, ", "))
			}
		}
	}
	if meth.mode == ParamsNamed && slices.Contains(s.declared, V1_0) {
		fail(v, "the method takes named params only, but the service declares JSON-RPC 1.0, whose params are always an array: use params \"positional\" or \"either\"")
	}

	rm, hasRM := v.Get("resultMember")
	nr, hasNR := v.Get("nullResult")
	if hasNR && nr.Kind() != node.Bool {
		fail(nr, "nullResult must be a boolean")
	}
	isNull := hasNR && nr.BoolValue()
	switch {
	case hasRM && isNull:
		fail(rm, "resultMember and nullResult: true cannot be combined: choose one result selection")
	case hasRM && rm.Kind() != node.String:
		fail(rm, "resultMember must be a member name")
	case hasRM:
		var out *model.Shape
		if !output.IsZero() {
			out, _ = p.m.Shape(output)
		}
		if out == nil {
			fail(rm, "resultMember names %q but the operation has no output", rm.StringValue())
		} else if _, ok := out.Member(rm.StringValue()); !ok {
			fail(rm, "resultMember names %q, which is not a member of %s", rm.StringValue(), output)
		} else {
			meth.result, meth.resultOf = OutputMember, output.WithMember(rm.StringValue())
		}
	case isNull:
		meth.result = NullResult
	}
	p.methodProtocol(op, t, meth, fail)
	if bad {
		return nil
	}
	return meth
}

// errorMappings returns the mappings of the @rpcError errors among ids
// (errors without @rpcError have no JSON-RPC code and are left out). Each
// error shape is checked once; a code claimed by two shapes is a problem.
func (p *preparer) errorMappings(s *PreparedService, ids []shapeid.ID) []*ErrorMapping {
	if p.seen == nil {
		p.seen = map[shapeid.ID]*ErrorMapping{}
		p.codes = map[int64]shapeid.ID{}
	}
	var out []*ErrorMapping
	for _, id := range ids {
		if e, ok := p.seen[id]; ok {
			if e != nil {
				out = append(out, e)
			}
			continue
		}
		e := p.errorMapping(id)
		p.seen[id] = e
		if e == nil {
			if es, ok := p.m.Shape(id); ok && es.Type() == model.StructureType && es.HasTrait(RPCErrorTrait) {
				p.unprepared = append(p.unprepared, id)
			}
			continue
		}
		if prev, dup := p.codes[e.code]; dup {
			es, _ := p.m.Shape(id)
			t, _ := findTrait(es, RPCErrorTrait)
			p.problem(id, RPCErrorTrait, at(t, codeNode(t)), "application error code %d is already used by %s", e.code, prev)
			continue
		}
		p.codes[e.code] = id
		s.errors[e.code] = e
		out = append(out, e)
	}
	return out
}

func codeNode(t model.Trait) node.Node {
	n, _ := t.Value.Get("code")
	return n
}

func (p *preparer) errorMapping(id shapeid.ID) *ErrorMapping {
	es, ok := p.m.Shape(id)
	if !ok {
		return nil
	}
	t, ok := findTrait(es, RPCErrorTrait)
	if !ok {
		return nil
	}
	v := t.Value
	if v.Kind() != node.Object {
		p.problem(id, RPCErrorTrait, t.Source, "the trait value must be an object, not %s", v.Kind())
		return nil
	}
	p.unknownKeys(id, t, knownErrorKey)
	e := &ErrorMapping{shape: id}
	bad := false
	fail := func(n node.Node, format string, args ...any) {
		p.problem(id, RPCErrorTrait, at(t, n), format, args...)
		bad = true
	}
	if es.Type() != model.StructureType {
		fail(v, "@rpcError applies to error structures, not a %s", es.Type())
	}
	rr, hasRR := v.Get("reservedRange")
	if hasRR && rr.Kind() != node.Bool {
		fail(rr, "reservedRange must be a boolean")
	}
	e.reserved = hasRR && rr.BoolValue()
	code, ok := v.Get("code")
	if !ok {
		fail(v, "code is required: the application error code")
	} else if c, ok := integerCode(code); !ok {
		fail(code, "code must be an integer, not %s", node.Marshal(code))
	} else if c < -1<<31 || c > 1<<31-1 {
		fail(code, "code %d does not fit a 32-bit integer", c)
	} else if ok, why := reservedCode(c, e.reserved); !ok {
		fail(code, "%s", why)
	} else {
		e.code = c
	}
	dm, hasDM := v.Get("dataMember")
	nd, hasND := v.Get("noData")
	if hasND && nd.Kind() != node.Bool {
		fail(nd, "noData must be a boolean")
	}
	switch noData := hasND && nd.BoolValue(); {
	case hasDM && noData:
		fail(dm, "dataMember and noData: true cannot be combined: choose one data selection")
	case hasDM && dm.Kind() != node.String:
		fail(dm, "dataMember must be a member name")
	case hasDM:
		if _, ok := es.Member(dm.StringValue()); !ok {
			fail(dm, "dataMember names %q, which is not a member of %s", dm.StringValue(), id)
		} else {
			e.data, e.dataOf = DataMember, id.WithMember(dm.StringValue())
		}
	case noData:
		e.data = NoData
	}
	if bad {
		return nil
	}
	return e
}

// integerCode reads an integer number token (no fraction or exponent)
// that fits an int64.
func integerCode(n node.Node) (int64, bool) {
	if n.Kind() != node.Number {
		return 0, false
	}
	return node.SmallInt(n.NumberText())
}
