package rpc

import (
	"fmt"
	"slices"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// The members of the traits that model a protocol that already exists
// (README, "Protocols that already exist"): @jsonRpc(batches, nullIds, idReuse,
// optionalMethodPrefixes), @method(kind,
// from), @cancels and @rpcError(reservedRange). Every default is the
// behaviour of a model that does not use them.

// CancelsTrait is smithy.rpc#cancels, applied to a notification method:
// `@cancels(idMember: "requestId", response: "optional")`.
var CancelsTrait = shapeid.New(TraitsNamespace, "cancels")

// MethodKind is how a method is sent (@method(kind: ...)).
type MethodKind uint8

const (
	// EitherKind: as a call or as a notification (the default).
	EitherKind MethodKind = iota
	// CallKind: always as a call (with an id), which is answered.
	CallKind
	// NotificationKind: always as a notification (no id; JSON-RPC 1.0: a
	// null id), never answered.
	NotificationKind
)

// String returns "either", "call" or "notification".
func (k MethodKind) String() string {
	switch k {
	case EitherKind:
		return "either"
	case CallKind:
		return "call"
	case NotificationKind:
		return "notification"
	}
	return fmt.Sprintf("MethodKind(%d)", uint8(k))
}

// Sender is the peer that sends a method (@method(from: ...)).
type Sender uint8

const (
	// EitherPeer: either peer (the default).
	EitherPeer Sender = iota
	// ClientOnly: only the client sends it.
	ClientOnly
	// ServerOnly: only the server sends it.
	ServerOnly
)

// String returns "either", "client" or "server".
func (s Sender) String() string {
	switch s {
	case EitherPeer:
		return "either"
	case ClientOnly:
		return "client"
	case ServerOnly:
		return "server"
	}
	return fmt.Sprintf("Sender(%d)", uint8(s))
}

// allows reports whether peer p may send the method.
func (s Sender) allows(p Peer) bool {
	switch s {
	case ClientOnly:
		return p == Client
	case ServerOnly:
		return p == Server
	}
	return true
}

// NullIDPolicy is what a JSON-RPC 2.0 call with a null id is
// (@jsonRpc(nullIds: ...)).
type NullIDPolicy uint8

const (
	// AdviseNullIDs: valid, with an id-null advisory (the default).
	AdviseNullIDs NullIDPolicy = iota
	// RejectNullIDs: an id-null error; the call is an invalid request
	// (-32600).
	RejectNullIDs
)

// String returns "advise" or "reject".
func (p NullIDPolicy) String() string {
	if p == RejectNullIDs {
		return "reject"
	}
	return "advise"
}

// IDReusePolicy is whether a peer may use a call id twice in one exchange
// (@jsonRpc(idReuse: ...)).
type IDReusePolicy uint8

const (
	// AllowIDReuse: an id may be used again; only a reuse while the first
	// call awaits its response is reported (id-ambiguous, a warning). The
	// default.
	AllowIDReuse IDReusePolicy = iota
	// RejectIDReuse: any second call with an id the same peer used before
	// in the exchange, answered or not, is an error (id-reused, -32600).
	RejectIDReuse
)

// String returns "allow" or "reject".
func (p IDReusePolicy) String() string {
	if p == RejectIDReuse {
		return "reject"
	}
	return "allow"
}

// Cancellation is a method's @cancels trait: the notification cancels an
// earlier call of its sender, whose id is in the input member IDMember.
type Cancellation struct {
	// IDMember is the input member that holds the cancelled call's id.
	IDMember string
	// ResponseRequired says the cancelled call must still be answered
	// (LSP's $/cancelRequest); false: it need not be (MCP's
	// notifications/cancelled), so a complete transcript does not report
	// it unanswered.
	ResponseRequired bool

	// position is IDMember's index in the method's positional list, -1
	// when the method takes named params only.
	position int
	// names are IDMember's names on the wire: the member name, and its
	// @jsonName when it has another.
	names []string
}

// Protocol is the service-wide part of a protocol profile, from @jsonRpc.
type Protocol struct {
	// Batches says JSON-RPC 2.0 batches are accepted (default true).
	Batches bool
	// NullIDs is what a 2.0 call with a null id is.
	NullIDs NullIDPolicy
	// IDReuse is whether a peer may use a call id twice.
	IDReuse IDReusePolicy
	// OptionalMethodPrefixes are the method-name prefixes of optional
	// methods (@jsonRpc(optionalMethodPrefixes)): a message of a method
	// the service does not model whose name begins with one of them is
	// allowed, unchecked, and so is any answer to it (see
	// [Protocol.OptionalMethod]). In the order the trait lists them.
	OptionalMethodPrefixes []string
}

// OptionalMethod reports whether name begins with one of the optional
// method prefixes: when the service does not model the method, a message
// of it is no finding (it is not method-not-found), its params and any
// answer to it are not checked, and its rpc_error is 0. Names beginning
// with "rpc." are never optional: they stay reserved for system
// extensions.
func (p Protocol) OptionalMethod(name string) bool {
	if strings.HasPrefix(name, "rpc.") {
		return false
	}
	for _, pre := range p.OptionalMethodPrefixes {
		if strings.HasPrefix(name, pre) {
			return true
		}
	}
	return false
}

// Protocol returns the service's protocol profile from @jsonRpc (the
// defaults for [EnvelopeOnly]).
func (s *PreparedService) Protocol() Protocol { return s.proto }

// Kind returns how the method is sent.
func (m *Method) Kind() MethodKind { return m.kind }

// From returns the peer that sends the method.
func (m *Method) From() Sender { return m.from }

// Cancels returns the method's @cancels trait, if it has one.
func (m *Method) Cancels() (Cancellation, bool) {
	if m.cancels == nil {
		return Cancellation{}, false
	}
	return *m.cancels, true
}

// ReservedRange reports whether the code is inside -32768..-32000 and
// defined by the protocol (@rpcError(reservedRange: true)).
func (e *ErrorMapping) ReservedRange() bool { return e.reserved }

var knownCancelsKey = map[string]bool{"idMember": true, "response": true}

// protocol reads @jsonRpc's batches, nullIds and idReuse (t is the trait,
// declared the versions the service declares).
func (p *preparer) protocol(svc shapeid.ID, t model.Trait, declared []ProtocolVersion) Protocol {
	out := Protocol{Batches: true}
	v := t.Value
	only10 := len(declared) == 1 && declared[0] == V1_0
	if b, ok := v.Get("batches"); ok {
		switch {
		case b.Kind() != node.Bool:
			p.problem(svc, JSONRPCTrait, at(t, b), "batches must be a boolean, not %s", node.Marshal(b))
		case only10:
			p.problem(svc, JSONRPCTrait, at(t, b), "batches applies to JSON-RPC 2.0, but the service declares only 1.0, which has no batches: remove it")
		default:
			out.Batches = b.BoolValue()
		}
	}
	if n, ok := v.Get("nullIds"); ok {
		switch {
		case n.Kind() != node.String || (n.StringValue() != "advise" && n.StringValue() != "reject"):
			p.problem(svc, JSONRPCTrait, at(t, n), "nullIds must be \"advise\" or \"reject\", not %s", node.Marshal(n))
		case only10:
			p.problem(svc, JSONRPCTrait, at(t, n), "nullIds applies to JSON-RPC 2.0, but the service declares only 1.0, where a null id marks a notification: remove it")
		case n.StringValue() == "reject":
			out.NullIDs = RejectNullIDs
		}
	}
	if r, ok := v.Get("idReuse"); ok {
		switch {
		case r.Kind() != node.String || (r.StringValue() != "allow" && r.StringValue() != "reject"):
			p.problem(svc, JSONRPCTrait, at(t, r), "idReuse must be \"allow\" or \"reject\", not %s", node.Marshal(r))
		case r.StringValue() == "reject":
			out.IDReuse = RejectIDReuse
		}
	}
	if l, ok := v.Get("optionalMethodPrefixes"); ok {
		out.OptionalMethodPrefixes = p.optionalPrefixes(svc, t, l)
	}
	return out
}

// optionalPrefixes reads @jsonRpc(optionalMethodPrefixes): a list of
// distinct non-empty strings, none beginning with "rpc." (those names are
// reserved for system extensions, so such a prefix could allow nothing).
// The prefixes that pass are kept; each one that does not is a problem.
func (p *preparer) optionalPrefixes(svc shapeid.ID, t model.Trait, l node.Node) []string {
	if l.Kind() != node.Array {
		p.problem(svc, JSONRPCTrait, at(t, l), "optionalMethodPrefixes must be a list of method-name prefixes such as \"$/\", not %s", node.Marshal(l))
		return nil
	}
	var out []string
	for _, e := range l.Elems() {
		pre := e.StringValue()
		switch {
		case e.Kind() != node.String:
			p.problem(svc, JSONRPCTrait, at(t, e), "an optional method prefix must be a string, not %s", node.Marshal(e))
		case pre == "":
			p.problem(svc, JSONRPCTrait, at(t, e), "an optional method prefix must not be empty: it would make every method that the service does not model optional")
		case strings.HasPrefix(pre, "rpc."):
			p.problem(svc, JSONRPCTrait, at(t, e), "optional method prefix %q begins with \"rpc.\": those names are reserved for system extensions and stay method-reserved", pre)
		case slices.Contains(out, pre):
			p.problem(svc, JSONRPCTrait, at(t, e), "optional method prefix %q is listed twice", pre)
		default:
			out = append(out, pre)
		}
	}
	return out
}

// methodProtocol reads @method's kind and from, checks that a
// notification method has nothing to answer with, and reads @cancels.
// fail reports a problem at a node of the @method trait t.
func (p *preparer) methodProtocol(op *model.Shape, t model.Trait, meth *Method, fail func(node.Node, string, ...any)) {
	v := t.Value
	if k, ok := v.Get("kind"); ok {
		switch k.StringValue() {
		case "call":
			meth.kind = CallKind
		case "notification":
			meth.kind = NotificationKind
		case "either":
			meth.kind = EitherKind
		default:
			fail(k, "kind must be \"call\", \"notification\" or \"either\", not %s", node.Marshal(k))
		}
		if k.Kind() != node.String {
			meth.kind = EitherKind
		}
	}
	if f, ok := v.Get("from"); ok {
		switch f.StringValue() {
		case "client":
			meth.from = ClientOnly
		case "server":
			meth.from = ServerOnly
		case "either":
			meth.from = EitherPeer
		default:
			fail(f, "from must be \"client\", \"server\" or \"either\", not %s", node.Marshal(f))
		}
		if f.Kind() != node.String {
			meth.from = EitherPeer
		}
	}
	if meth.kind == NotificationKind {
		// A notification is never answered: nothing may describe an
		// answer.
		if !meth.output.IsZero() {
			fail(v, "a notification method (kind \"notification\") is never answered, but the operation has output %s: remove the output", meth.output)
		}
		if rm, ok := v.Get("resultMember"); ok {
			fail(rm, "a notification method (kind \"notification\") is never answered: resultMember selects nothing")
		}
		if nr, ok := v.Get("nullResult"); ok {
			fail(nr, "a notification method (kind \"notification\") is never answered: nullResult describes nothing")
		}
		for _, e := range op.Errors() {
			if es, ok := p.m.Shape(e); ok {
				if _, has := findTrait(es, RPCErrorTrait); has {
					p.problem(op.ID(), shapeid.ID{}, op.Source(), "a notification method (kind \"notification\") is never answered, but the operation lists error %s, which has a JSON-RPC code: remove it", e)
				}
			}
		}
	}
	p.cancels(op, meth)
}

// cancels reads an operation's @cancels trait into meth.
func (p *preparer) cancels(op *model.Shape, meth *Method) {
	t, ok := findTrait(op, CancelsTrait)
	if !ok {
		return
	}
	id := op.ID()
	v := t.Value
	fail := func(n node.Node, format string, args ...any) {
		p.problem(id, CancelsTrait, at(t, n), format, args...)
	}
	if v.Kind() != node.Object {
		fail(v, "the trait value must be an object, not %s", v.Kind())
		return
	}
	p.unknownKeys(id, t, knownCancelsKey)
	c := &Cancellation{position: -1}
	bad := false
	if meth.kind != NotificationKind {
		fail(v, "@cancels applies to notification methods: set @method(kind: \"notification\") (the method is %q)", meth.kind)
		bad = true
	}
	switch r, ok := v.Get("response"); {
	case !ok:
		fail(v, "response is required: \"optional\" (the cancelled call need not be answered) or \"required\" (it is still answered)")
		bad = true
	case r.StringValue() == "optional" && r.Kind() == node.String:
	case r.StringValue() == "required" && r.Kind() == node.String:
		c.ResponseRequired = true
	default:
		fail(r, "response must be \"optional\" or \"required\", not %s", node.Marshal(r))
		bad = true
	}
	m, ok := v.Get("idMember")
	switch {
	case !ok:
		fail(v, "idMember is required: the input member that holds the cancelled call's id")
		bad = true
	case m.Kind() != node.String || m.StringValue() == "":
		fail(m, "idMember must be a member name, not %s", node.Marshal(m))
		bad = true
	default:
		name := m.StringValue()
		var in *model.Shape
		if !meth.input.IsZero() {
			in, _ = p.m.Shape(meth.input)
		}
		if in == nil {
			fail(m, "idMember names %q but the operation has no input", name)
			bad = true
			break
		}
		mem, has := in.Member(name)
		if !has {
			fail(m, "idMember names %q, which is not a member of %s", name, meth.input)
			bad = true
			break
		}
		if target, ok := p.m.Shape(mem.Target()); ok && !canHoldID(target.Type()) {
			fail(m, "idMember %q targets %s, a %s, which cannot hold a request id (a string or a number)", name, mem.Target(), target.Type())
			bad = true
		}
		c.IDMember = name
		c.names = []string{name}
		if jn, ok := mem.Trait(preludeid.JSONName); ok && jn.Kind() == node.String && jn.StringValue() != name {
			c.names = append(c.names, jn.StringValue())
		}
		for i, n := range meth.positional {
			if n == name {
				c.position = i
			}
		}
	}
	if !bad {
		meth.cancels = c
	}
}

// canHoldID reports whether a member of shape type t can hold a JSON-RPC
// 2.0 id (a string or a number): scalars of those kinds, and shapes whose
// values may be anything (documents, unions such as alloy#untagged ones).
func canHoldID(t model.ShapeType) bool {
	switch t {
	case model.StringType, model.EnumType, model.ByteType, model.ShortType, model.IntegerType, model.IntEnumType, model.LongType,
		model.FloatType, model.DoubleType, model.BigIntegerType, model.BigDecimalType, model.DocumentType, model.UnionType:
		return true
	}
	return false
}

// reservedCode checks a code inside the reserved range under
// @rpcError(reservedRange): allowed when the flag is true, unless it is
// one of the codes JSON-RPC itself defines. It reports whether the code is
// acceptable.
func reservedCode(c int64, reserved bool) (ok bool, why string) {
	inRange := c >= ReservedCodeMin && c <= ReservedCodeMax
	switch {
	case !inRange && reserved:
		return false, fmt.Sprintf("reservedRange is true but code %d is outside -32768..-32000: remove reservedRange", c)
	case !inRange:
		return true, ""
	case !reserved:
		return false, fmt.Sprintf("code %d is in the range -32768..-32000 that JSON-RPC reserves for protocol errors (if the protocol itself defines it, say so with reservedRange: true)", c)
	case c == ParseError || (c >= InternalError && c <= InvalidRequest):
		return false, fmt.Sprintf("code %d is one that JSON-RPC itself defines (%s): reservedRange is for codes the protocol adds", c, protocolName(int(c)))
	}
	return true, ""
}

// methodProfile checks a request against its method's kind and sender.
func (c *checker) methodProfile(in *info, meth *Method, obj, name sv.ValueView, at sv.Path) {
	switch {
	case !in.id.IsPresent() && c.cutOpen(at):
		// A message that a limit cut before any id: a call or a
		// notification, as what follows says.
	case meth.kind == NotificationKind && in.kind == KindRequest:
		c.report(CodeNotificationWithID, at.Key("id"), in.idPos, meth.operation,
			"method %q is a notification (kind \"notification\"), but it was sent with an id, as a call: an invalid request", meth.name)
		in.fail(InvalidRequest)
	case meth.kind == CallKind && in.kind == KindNotification:
		what := "without an id"
		if c.s.version == V1_0 {
			what = "with a null id"
		}
		c.report(CodeCallWithoutID, at, obj.Pos(), meth.operation,
			"method %q is a call (kind \"call\"), but it was sent %s, as a notification: an invalid request, which nobody answers", meth.name, what)
		in.fail(InvalidRequest)
	}
	if c.m.peerKnown && !meth.from.allows(c.m.from) {
		c.report(CodeMethodWrongPeer, at.Key("method"), name.Pos(), meth.operation,
			"method %q is sent by the %s (@method(from: %q)), but the %s sent it: the %s does not provide it", meth.name, meth.from, meth.from.String(), c.m.from, c.m.from.other())
		in.fail(MethodNotFound)
	}
}

// cancelledID returns the value of a @cancels notification's id member in
// params (nil when absent).
func cancelledID(cn *Cancellation, params sv.ValueView) sv.ValueView {
	if params == nil {
		return nil
	}
	switch params.Kind() {
	case sv.KindObject:
		if m, ok := params.(*lazyMember); ok {
			// A fast line's params: found in the text when it can be,
			// without reading the line into a tape.
			if v, ok := m.scalarMember(cn.names); ok {
				return v
			}
		}
		for _, n := range cn.names {
			if f, ok := field(params, n); ok {
				return f.Value
			}
		}
	case sv.KindList:
		if cn.position >= 0 && cn.position < params.Len() {
			return params.Elem(cn.position)
		}
	}
	return nil
}

// viewID returns a present id whose value is v (a string, a number, or
// anything else for JSON-RPC 1.0).
func viewID(v sv.ValueView) RequestID {
	k, t := kindText(v)
	switch k {
	case sv.KindString:
		return PresentID(node.NewString(t))
	case sv.KindInteger, sv.KindDecimal:
		return PresentID(node.NewNumber(t))
	}
	return PresentID(toNodeKind(v, k))
}
