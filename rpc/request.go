package rpc

import (
	"slices"
	"strings"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

var noShape shapeid.ID

// info is what the checks learned about one message or batch element; the
// exchange correlates with it. Views point into the message being checked
// and are valid only while it is.
type info struct {
	id       RequestID
	method   string
	meth     *Method
	rpcError int
	at       sv.Path
	element  int

	// responses
	result  sv.ValueView // nil when absent
	errObj  sv.ValueView // the error value, nil when absent or null
	errData sv.ValueView // the error's data, nil when absent
	errCode int64
	// cancel is the id a @cancels notification names (nil for none).
	cancel sv.ValueView

	pos     node.Pos
	idPos   node.Pos // the id value's position
	codePos node.Pos

	// The flags come last, together: info is zeroed for every message.
	kind      Kind
	response  bool
	idOK      bool // the id is present and of a valid type (detectable)
	idInt     bool // the id is a number token without fraction or exponent
	hasMethod bool
	hasCode   bool
	envelopOK bool // the response envelope is valid enough for payload checks
}

// stage ranks the protocol errors: the first stage that fails decides
// the answer (an invalid request is never reported as an unknown method).
func stage(code int) int {
	switch code {
	case ParseError:
		return 1
	case InvalidRequest:
		return 2
	case MethodNotFound:
		return 3
	case InvalidParams:
		return 4
	}
	return 5
}

// start readies in for a message or batch element at path at and
// position pos. It zeroes in in place and then sets the fields one by
// one: a composite literal stored through a pointer is built aside and
// copied, twice the stores of a struct this size, on every message.
func (in *info) start(kind Kind, at sv.Path, pos node.Pos, element int) {
	*in = info{}
	in.kind, in.at, in.pos, in.element = kind, at, pos, element
}

func (in *info) fail(code int) {
	if stage(code) < stage(in.rpcError) {
		in.rpcError = code
	}
}

var (
	requestMembers20  = []string{"jsonrpc", "method", "params", "id"}
	requestMembers10  = []string{"method", "params", "id"}
	responseMembers20 = []string{"jsonrpc", "result", "error", "id"}
	responseMembers10 = []string{"result", "error", "id"}
	errorMembers      = []string{"code", "message", "data"}
)

// extensions applies the extension policy to the members of an envelope
// object that the protocol does not define. It reports whether the
// policy rejected one.
func (c *checker) extensions(obj sv.ValueView, at sv.Path, known []string, what string) bool {
	if !c.s.cfg.on(reportExtensions | rejectExtensions) {
		return false
	}
	sev := sv.SeverityWarning
	if c.s.cfg.on(rejectExtensions) {
		sev = sv.SeverityError
	}
	found := false
	n := obj.Len()
	for i := 0; i < n; i++ {
		f := obj.Field(i)
		if slices.Contains(known, f.Name) {
			continue
		}
		c.reportSev(sev, CodeUnknownEnvelope, at.Key(strings.Clone(f.Name)), f.NamePos, noShape,
			"%s member %q is not defined by JSON-RPC %s (extension policy)", what, f.Name, c.s.version)
		found = true
	}
	return found && sev == sv.SeverityError
}

// versionMember checks the "jsonrpc" member: exactly the string "2.0"
// under 2.0, absent under 1.0.
func (c *checker) versionMember(obj sv.ValueView, m *members, at sv.Path) bool {
	f, ok := m.jsonrpc, m.is(hasJSONRPC)
	if c.s.version == V1_0 {
		if ok {
			c.report(CodeVersionForbidden, at.Key("jsonrpc"), f.namePos(obj), noShape,
				"JSON-RPC 1.0 messages have no \"jsonrpc\" member; this profile rejects %s (validate it as 2.0 instead)", describe(f.Value))
			return false
		}
		return true
	}
	var k sv.Kind
	var t string
	if ok {
		k, t = kindText(f.Value)
	}
	switch {
	case !ok:
		if c.cutOpen(at) {
			return true // it may come after the limit
		}
		c.report(CodeVersionMissing, at, obj.Pos(), noShape,
			"no \"jsonrpc\" member: a JSON-RPC 2.0 message must say \"jsonrpc\": \"2.0\" (a 1.0 message is not accepted as 2.0)")
		return false
	case k != sv.KindString || t != "2.0":
		c.report(CodeVersionMismatch, at.Key("jsonrpc"), f.Value.Pos(), noShape,
			"\"jsonrpc\" must be exactly the string \"2.0\", not %s", describe(f.Value))
		return false
	}
	return true
}

// idMember checks a request's or response's id. It sets in.id, in.idPos
// and in.idOK: the id, its position, and whether it is present with a type
// the version allows. It writes into in rather than returning the id, so
// that the id (a node) is not copied on every message.
func (c *checker) idMember(m *members, at sv.Path, call bool, in *info) {
	f, ok := m.id, m.is(hasID)
	if !ok {
		in.id, in.idOK, in.idPos = AbsentID(), false, node.Pos{}
		return
	}
	v := f.Value
	// Strings and numbers (nearly every id) are built from one call;
	// other kinds go through toNodeKind.
	k, t := kindText(v)
	var n node.Node
	switch k {
	case sv.KindString:
		n = node.NewString(t)
	case sv.KindInteger, sv.KindDecimal:
		n = node.NewNumber(t)
	default:
		n = toNodeKind(v, k)
	}
	in.idPos = v.Pos()
	in.id = PresentID(n.At(in.idPos))
	in.idInt = k == sv.KindInteger
	in.idOK = c.idValid(v, k, at, call, &in.id)
}

// idValid checks a present id's type (and, for calls, its number advice).
func (c *checker) idValid(v sv.ValueView, k sv.Kind, at sv.Path, call bool, id *RequestID) bool {
	if c.s.version == V1_0 {
		// 1.0 ids may be of any type; structured ids keep their identity.
		c.payloadDuplicates(v, at, sv.Key("id"))
		return true
	}
	p := func() sv.Path { return at.Key("id") }
	switch {
	case k == sv.KindString:
	case k == sv.KindNull:
		if call && c.s.proto.NullIDs == RejectNullIDs {
			c.reportSev(sv.SeverityError, CodeIDNull, p(), v.Pos(), noShape,
				"the id is null, which service %s rejects (@jsonRpc(nullIds: \"reject\")): an invalid request", c.s.service)
			return false
		}
		if call {
			c.report(CodeIDNull, p(), v.Pos(), noShape,
				"the id is null: this is a call, not a notification, but a null id is discouraged (responses use null for unknown ids)")
		}
	case isNumber(k):
		if !call {
			// A response echoes the request's id: the advice is the
			// request's.
			break
		}
		t := id.Value().NumberText()
		if k == sv.KindInteger && len(t) <= 15 {
			// At most 15 digits: exact in a double, no advice.
			break
		}
		d, err := node.ParseDecimal(t)
		switch {
		case err != nil:
		case !d.IsInteger():
			c.report(CodeIDFractional, p(), v.Pos(), noShape,
				"the id %s has a fractional part, which JSON-RPC 2.0 discourages", t)
		case !exactInDouble(d):
			c.report(CodeIDImprecise, p(), v.Pos(), noShape,
				"the id %s is beyond 2^53: a peer that reads numbers as doubles will not echo it exactly", t)
		}
	default:
		c.report(CodeIDType, p(), v.Pos(), noShape, "the id must be a string, a number or null, not %s", kindArticle(v))
		c.payloadDuplicates(v, at, sv.Key("id"))
		return false
	}
	return true
}

var (
	maxExactDouble, _ = node.ParseDecimal("9007199254740992")
	minExactDouble, _ = node.ParseDecimal("-9007199254740992")
)

// exactInDouble reports whether an integer's value is within ±2^53,
// where every integer has an exact binary64 double.
func exactInDouble(d node.Decimal) bool {
	return d.Cmp(maxExactDouble) <= 0 && d.Cmp(minExactDouble) >= 0
}

// request checks one request object (a message or a batch element):
// envelope, then method lookup and params.
func (c *checker) request(obj sv.ValueView, m *members, at sv.Path, element int, in *info) {
	in.start(KindRequest, at, obj.Pos(), element)
	if obj.Kind() != sv.KindObject {
		c.report(CodeNotObject, at, obj.Pos(), noShape, "a request must be a JSON object, not %s", kindArticle(obj))
		c.payloadDuplicates(obj, at)
		in.kind = KindInvalid
		in.fail(InvalidRequest)
		return
	}
	ok := true
	if m.dup || m.extra {
		ok = !c.duplicates(obj, at)
	}
	ok = c.versionMember(obj, m, at) && ok

	meth, hasM := m.method, m.is(hasMethod)
	var mk sv.Kind
	var mt string
	if hasM {
		mk, mt = kindText(meth.Value)
	}
	switch {
	case !hasM:
		c.report(CodeMethodMissing, at, obj.Pos(), noShape, "a request must have a \"method\" string")
		ok = false
	case mk != sv.KindString:
		c.report(CodeMethodType, at.Key("method"), meth.Value.Pos(), noShape, "\"method\" must be a string, not %s", kindArticle(meth.Value))
		c.payloadDuplicates(meth.Value, at, sv.Key("method"))
		ok = false
	default:
		in.method, in.hasMethod = mt, true
	}

	pf, hasP := m.params, m.is(hasParams)
	var params sv.ValueView
	if hasP {
		params = pf.Value
	}
	switch {
	case c.s.version == V1_0 && !hasP:
		if !c.cutOpen(at) {
			c.report(CodeParamsMissing, at, obj.Pos(), noShape, "a JSON-RPC 1.0 request must have \"params\": an array, empty when there are no arguments")
			ok = false
		}
	case c.s.version == V1_0 && params.Kind() != sv.KindList:
		c.report(CodeParamsType, at.Key("params"), params.Pos(), noShape, "JSON-RPC 1.0 params must be an array, not %s", kindArticle(params))
		ok = false
	case hasP && params.Kind() != sv.KindList && params.Kind() != sv.KindObject:
		c.report(CodeParamsType, at.Key("params"), params.Pos(), noShape, "params must be an array or an object when present, not %s", kindArticle(params))
		ok = false
	}

	c.idMember(m, at, true, in)
	switch {
	case c.s.version == V1_0 && !in.id.IsPresent():
		if !c.cutOpen(at) {
			c.report(CodeIDMissing, at, obj.Pos(), noShape, "a JSON-RPC 1.0 request must have an \"id\" (null for a notification)")
			ok = false
		}
	case in.id.IsPresent() && !in.idOK:
		ok = false
	}
	if m.extra || m.is(hasResult|hasError) {
		known := requestMembers20
		if c.s.version == V1_0 {
			known = requestMembers10
		}
		ok = !c.extensions(obj, at, known, "request") && ok
	}

	if !ok {
		in.kind = KindInvalid
		in.fail(InvalidRequest)
		if hasP {
			c.payloadDuplicates(params, at, sv.Key("params"))
		}
		return
	}
	if (c.s.version == V2_0 && !in.id.IsPresent()) || (c.s.version == V1_0 && in.id.IsNull()) {
		in.kind = KindNotification
	}
	c.method(in, obj, at, meth.Value, params)
}

// method looks the method up and checks the params (nil when omitted)
// against its input. Paths are built only for findings: a valid call
// costs none.
func (c *checker) method(in *info, obj sv.ValueView, at sv.Path, name, params sv.ValueView) {
	pKey := sv.Key("params")
	if c.s.model == nil {
		c.payloadDuplicates(params, at, pKey)
		return
	}
	// A transcript calls few methods, often the same one in a row: the
	// last one found is compared before the map is hashed.
	meth, ok := c.lastMeth, c.lastMeth != nil && c.lastMeth.name == in.method
	if !ok {
		meth, ok = c.s.methods[in.method]
		if ok {
			c.lastMeth = meth
		}
	}
	if !ok {
		c.payloadDuplicates(params, at, pKey)
		if c.s.proto.OptionalMethod(in.method) {
			// An optional method (@jsonRpc(optionalMethodPrefixes)) that
			// the service does not model: allowed, and unchecked.
			return
		}
		mp := at.Key("method")
		if strings.HasPrefix(in.method, "rpc.") {
			c.report(CodeMethodReserved, mp, name.Pos(), noShape,
				"method %q is a reserved \"rpc.\" system extension that service %s does not provide", in.method, c.s.service)
		} else {
			c.report(CodeMethodNotFound, mp, name.Pos(), noShape, "service %s has no method %q%s", c.s.service, in.method, c.suggest(in.method))
		}
		in.fail(MethodNotFound)
		return
	}
	in.meth = meth
	if meth.kind != EitherKind || meth.from != EitherPeer {
		c.methodProfile(in, meth, obj, name, at)
	}
	if meth.cancels != nil && in.kind == KindNotification {
		in.cancel = cancelledID(meth.cancels, params)
	}
	if params == nil {
		if c.cutOpen(at) {
			return // the params may come after the limit
		}
		// 2.0 only (1.0 requires params): no arguments at all.
		c.located = sv.LocatedObject{Position: obj.Pos()}
		if c.payload(meth.params.v, rel(at, sv.Root()), &c.located) {
			in.fail(InvalidParams)
		}
		c.located = sv.LocatedObject{}
		return
	}
	switch params.Kind() {
	case sv.KindList:
		if !meth.mode.byPosition() {
			c.report(CodeParamsByPosition, at.Key("params"), params.Pos(), meth.operation,
				"method %q takes named params (an object), not an array", meth.name)
			c.payloadDuplicates(params, at, pKey)
			in.fail(InvalidParams)
			return
		}
		n := params.Len()
		if n > len(meth.positional) {
			extra := params.Elem(len(meth.positional))
			c.report(CodeParamsTooMany, at.Key("params").Index(len(meth.positional)), extra.Pos(), meth.operation,
				"method %q takes at most %d positional params (%s), got %d", meth.name, len(meth.positional), strings.Join(meth.positional, ", "), n)
			in.fail(InvalidParams)
			for i := len(meth.positional); i < n; i++ {
				c.payloadDuplicates(params.Elem(i), at, pKey, sv.Index(i))
			}
		}
		n = min(n, len(meth.positional))
		// Each field is written where it is kept (a literal appended
		// would be built aside and copied).
		fields := slices.Grow(c.fields[:0], n)[:n]
		for i := range fields {
			e := params.Elem(i)
			f := &fields[i]
			f.Name, f.NoText, f.NamePos, f.Value, f.At = meth.positionalWire[i], false, e.Pos(), e, sv.Index(i)
		}
		c.fields = fields
		// The run's one LocatedObject is refilled in place. Views point
		// into the reader's tape, which keeps nothing of a message once
		// reset, so the fields are left for the next message to
		// overwrite (clearing them cost more than the rest of this loop).
		c.located.Position, c.located.Fields = params.Pos(), fields
		if c.payload(meth.params.v, rel(at, relParams), &c.located) {
			in.fail(InvalidParams)
		}
	case sv.KindObject:
		if !meth.mode.byName() {
			c.report(CodeParamsByName, at.Key("params"), params.Pos(), meth.operation,
				"method %q takes positional params (an array in the order %s), not an object", meth.name, strings.Join(meth.positional, ", "))
			c.payloadDuplicates(params, at, pKey)
			in.fail(InvalidParams)
			return
		}
		if c.payloadAt(meth.params.v, rel(at, relParams), params) {
			in.fail(InvalidParams)
		}
	}
}

// suggest names a method that differs from name only in case, the most
// common mistake (names match exactly, case included).
func (c *checker) suggest(name string) string {
	for _, n := range c.s.names {
		if strings.EqualFold(n, name) {
			return " (method names are case-sensitive: did you mean \"" + n + "\"?)"
		}
	}
	for _, op := range c.s.unmapped {
		if strings.EqualFold(op.Name, name) {
			return " (operation " + op.String() + " exists but has no @method trait, so no call reaches it)"
		}
	}
	return ""
}
