package rpc

import (
	"strings"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// info is what the checks learned about one message or batch element; the
// exchange correlates with it. Node fields point into the message being
// checked and are valid only while it is.
type info struct {
	kind      Kind
	response  bool
	id        RequestID
	idOK      bool // the id is present and of a valid type (detectable)
	method    string
	hasMethod bool
	meth      *Method
	rpcError  int

	// responses
	result    node.Node
	errObj    node.Node
	errCode   int64
	hasCode   bool
	envelopOK bool // the response envelope is valid enough for payload checks

	at      sv.Path
	pos     node.Pos
	element int
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

func (in *info) fail(code int) {
	if stage(code) < stage(in.rpcError) {
		in.rpcError = code
	}
}

// duplicates reports the repeated keys of an envelope object (the
// payloads are the engine's). The first occurrence is the one checked.
func (c *checker) duplicates(obj *node.Node, at sv.Path) bool {
	fs := obj.Fields()
	dup := false
	for i := 1; i < len(fs); i++ {
		for j := 0; j < i; j++ {
			if fs[j].Key == fs[i].Key {
				c.report(CodeDuplicateKey, at.Key(fs[i].Key), fs[i].KeyPos, shapeid.ID{},
					"duplicate key %q (first at %s): rejected, never resolved last-wins", fs[i].Key, c.pos(fs[j].KeyPos))
				dup = true
				break
			}
		}
	}
	return dup
}

// payloadDuplicates reports repeated keys inside a value that no
// validator looks at (an unknown method's params, envelope-only checks,
// ids): duplicate keys are rejected everywhere.
func (c *checker) payloadDuplicates(n *node.Node, at sv.Path) {
	switch n.Kind() {
	case node.Array:
		for i, e := range n.Elems() {
			if e.Kind() == node.Array || e.Kind() == node.Object {
				c.payloadDuplicates(&e, at.Index(i))
			}
		}
	case node.Object:
		fs := n.Fields()
		for i := range fs {
			for j := 0; j < i; j++ {
				if fs[j].Key == fs[i].Key {
					c.col.Add(sv.Finding{Severity: sv.SeverityError, Class: sv.ClassInstance, Code: sv.CodeDuplicateKey,
						Path: at.Key(fs[i].Key), Pos: c.pos(fs[i].KeyPos), Related: c.pos(fs[j].KeyPos), Got: fs[i].Key,
						Message: "duplicate key \"" + fs[i].Key + "\" (first at " + c.pos(fs[j].KeyPos).String() + ")"})
					break
				}
			}
			v := fs[i].Value
			if v.Kind() == node.Array || v.Kind() == node.Object {
				c.payloadDuplicates(&v, at.Key(fs[i].Key))
			}
		}
	}
}

// hasDuplicateKeys reports whether any object in n repeats a key; the
// reader keeps duplicates, so this is how a clean tree is recognized
// cheaply before walking it for findings.
func hasDuplicateKeys(n *node.Node) bool {
	switch n.Kind() {
	case node.Array:
		for i := range n.Elems() {
			if hasDuplicateKeys(&n.Elems()[i]) {
				return true
			}
		}
	case node.Object:
		fs := n.Fields()
		for i := range fs {
			for j := 0; j < i; j++ {
				if fs[j].Key == fs[i].Key {
					return true
				}
			}
			if hasDuplicateKeys(&fs[i].Value) {
				return true
			}
		}
	}
	return false
}

var (
	requestMembers20  = []string{"jsonrpc", "method", "params", "id"}
	requestMembers10  = []string{"method", "params", "id"}
	responseMembers20 = []string{"jsonrpc", "result", "error", "id"}
	responseMembers10 = []string{"result", "error", "id"}
	errorMembers      = []string{"code", "message", "data"}
)

// extensions applies the extension policy to the members of an envelope
// object that the protocol does not define.
func (c *checker) extensions(obj *node.Node, at sv.Path, known []string, what string) bool {
	if c.s.cfg.extensions == ExtensionsIgnored {
		return false
	}
	sev := sv.SeverityWarning
	if c.s.cfg.extensions == ExtensionsRejected {
		sev = sv.SeverityError
	}
	found := false
outer:
	for _, f := range obj.Fields() {
		for _, k := range known {
			if f.Key == k {
				continue outer
			}
		}
		c.reportSev(sev, CodeUnknownEnvelope, at.Key(f.Key), f.KeyPos, shapeid.ID{},
			"%s member %q is not defined by JSON-RPC %s (extension policy)", what, f.Key, c.s.version)
		found = true
	}
	return found && sev == sv.SeverityError
}

// version checks the "jsonrpc" member: exactly the string "2.0" under
// 2.0, absent under 1.0.
func (c *checker) versionMember(obj *node.Node, at sv.Path) bool {
	f, ok := obj.Field("jsonrpc")
	if c.s.version == V1_0 {
		if ok {
			c.report(CodeVersionForbidden, at.Key("jsonrpc"), f.KeyPos, shapeid.ID{},
				"JSON-RPC 1.0 messages have no \"jsonrpc\" member; this profile rejects %s (validate it as 2.0 instead)", node.Marshal(f.Value))
			return false
		}
		return true
	}
	switch {
	case !ok:
		c.report(CodeVersionMissing, at, obj.Pos(), shapeid.ID{},
			"no \"jsonrpc\" member: a JSON-RPC 2.0 message must say \"jsonrpc\": \"2.0\" (a 1.0 message is not accepted as 2.0)")
		return false
	case f.Value.Kind() != node.String || f.Value.StringValue() != "2.0":
		c.report(CodeVersionMismatch, at.Key("jsonrpc"), f.Value.Pos(), shapeid.ID{},
			"\"jsonrpc\" must be exactly the string \"2.0\", not %s", node.Marshal(f.Value))
		return false
	}
	return true
}

// idMember checks a request's or response's id. It returns the id and
// whether it is present with a type the version allows.
func (c *checker) idMember(obj *node.Node, at sv.Path, call bool) (RequestID, bool) {
	f, ok := obj.Field("id")
	if !ok {
		return AbsentID(), false
	}
	id := PresentID(f.Value)
	v := f.Value
	p := at.Key("id")
	if c.s.version == V1_0 {
		// 1.0 ids may be of any type; structured ids keep their identity.
		if v.Kind() == node.Array || v.Kind() == node.Object {
			c.payloadDuplicates(&v, p)
		}
		return id, true
	}
	switch v.Kind() {
	case node.String:
	case node.Null:
		if call {
			c.report(CodeIDNull, p, v.Pos(), shapeid.ID{},
				"the id is null: this is a call, not a notification, but a null id is discouraged (responses use null for unknown ids)")
		}
	case node.Number:
		d, err := node.ParseDecimal(v.NumberText())
		switch {
		case err != nil || !call:
			// A response echoes the request's id: the advice is the
			// request's.
		case !d.IsInteger():
			c.report(CodeIDFractional, p, v.Pos(), shapeid.ID{},
				"the id %s has a fractional part, which JSON-RPC 2.0 discourages", v.NumberText())
		case !exactInDouble(v.NumberText()):
			c.report(CodeIDImprecise, p, v.Pos(), shapeid.ID{},
				"the id %s is beyond 2^53: a peer that reads numbers as doubles will not echo it exactly", v.NumberText())
		}
	default:
		c.report(CodeIDType, p, v.Pos(), shapeid.ID{}, "the id must be a string, a number or null, not %s", kindArticle(v.Kind()))
		return id, false
	}
	return id, true
}

// exactInDouble reports whether an integer-valued number token's value is
// within ±2^53, where every integer has an exact binary64 double.
func exactInDouble(text string) bool {
	d, err := node.ParseDecimal(text)
	if err != nil {
		return true
	}
	lim, _ := node.ParseDecimal("9007199254740992")
	neg, _ := node.ParseDecimal("-9007199254740992")
	return d.Cmp(lim) <= 0 && d.Cmp(neg) >= 0
}

func kindArticle(k node.Kind) string {
	switch k {
	case node.Null:
		return "null"
	case node.Array, node.Object:
		return "an " + k.String()
	}
	return "a " + k.String()
}

// request checks one request object (a message or a batch element):
// envelope, then method lookup and params.
func (c *checker) request(obj *node.Node, at sv.Path, element int) info {
	in := info{kind: KindRequest, at: at, pos: obj.Pos(), element: element, rpcError: 0}
	if obj.Kind() != node.Object {
		c.report(CodeNotObject, at, obj.Pos(), shapeid.ID{}, "a request must be a JSON object, not %s", kindArticle(obj.Kind()))
		in.kind = KindInvalid
		in.fail(InvalidRequest)
		return in
	}
	ok := !c.duplicates(obj, at)
	ok = c.versionMember(obj, at) && ok

	m, hasM := obj.Field("method")
	switch {
	case !hasM:
		c.report(CodeMethodMissing, at, obj.Pos(), shapeid.ID{}, "a request must have a \"method\" string")
		ok = false
	case m.Value.Kind() != node.String:
		c.report(CodeMethodType, at.Key("method"), m.Value.Pos(), shapeid.ID{}, "\"method\" must be a string, not %s", kindArticle(m.Value.Kind()))
		ok = false
	default:
		in.method, in.hasMethod = m.Value.StringValue(), true
	}

	params, hasP := obj.Field("params")
	switch {
	case c.s.version == V1_0 && !hasP:
		c.report(CodeParamsMissing, at, obj.Pos(), shapeid.ID{}, "a JSON-RPC 1.0 request must have \"params\": an array, empty when there are no arguments")
		ok = false
	case c.s.version == V1_0 && params.Value.Kind() != node.Array:
		c.report(CodeParamsType, at.Key("params"), params.Value.Pos(), shapeid.ID{}, "JSON-RPC 1.0 params must be an array, not %s", kindArticle(params.Value.Kind()))
		ok = false
	case hasP && params.Value.Kind() != node.Array && params.Value.Kind() != node.Object:
		c.report(CodeParamsType, at.Key("params"), params.Value.Pos(), shapeid.ID{}, "params must be an array or an object when present, not %s", kindArticle(params.Value.Kind()))
		ok = false
	}

	id, idOK := c.idMember(obj, at, true)
	in.id, in.idOK = id, idOK
	switch {
	case c.s.version == V1_0 && !id.IsPresent():
		c.report(CodeIDMissing, at, obj.Pos(), shapeid.ID{}, "a JSON-RPC 1.0 request must have an \"id\" (null for a notification)")
		ok = false
	case id.IsPresent() && !idOK:
		ok = false
	}
	if c.s.version == V1_0 {
		ok = !c.extensions(obj, at, requestMembers10, "request") && ok
	} else {
		ok = !c.extensions(obj, at, requestMembers20, "request") && ok
	}

	if !ok {
		in.kind = KindInvalid
		in.fail(InvalidRequest)
		if hasP && (params.Value.Kind() == node.Array || params.Value.Kind() == node.Object) {
			c.payloadDuplicates(&params.Value, at.Key("params"))
		}
		return in
	}
	if (c.s.version == V2_0 && !id.IsPresent()) || (c.s.version == V1_0 && id.IsNull()) {
		in.kind = KindNotification
	}
	c.method(&in, obj, at, params, hasP)
	return in
}

// method looks the method up and checks the params against its input.
func (c *checker) method(in *info, obj *node.Node, at sv.Path, params node.Field, hasP bool) {
	pAt := at.Key("params")
	if c.s.model == nil {
		if hasP {
			c.payloadDuplicates(&params.Value, pAt)
		}
		return
	}
	meth, ok := c.s.methods[in.method]
	if !ok {
		if hasP {
			c.payloadDuplicates(&params.Value, pAt)
		}
		mp := at.Key("method")
		mpos := obj.Fields()[fieldIndex(obj, "method")].Value.Pos()
		if strings.HasPrefix(in.method, "rpc.") {
			c.report(CodeMethodReserved, mp, mpos, shapeid.ID{},
				"method %q is a reserved \"rpc.\" system extension that service %s does not provide", in.method, c.s.service)
		} else {
			c.report(CodeMethodNotFound, mp, mpos, shapeid.ID{}, "service %s has no method %q%s", c.s.service, in.method, c.suggest(in.method))
		}
		in.fail(MethodNotFound)
		return
	}
	in.meth = meth
	if !hasP {
		// 2.0 only (1.0 requires params): no arguments at all.
		empty := &sv.LocatedObject{Position: obj.Pos()}
		if c.payload(meth.params.v, at, empty) {
			in.fail(InvalidParams)
		}
		return
	}
	p := params.Value
	switch p.Kind() {
	case node.Array:
		if !meth.mode.byPosition() {
			c.report(CodeParamsByPosition, pAt, p.Pos(), meth.operation,
				"method %q takes named params (an object), not an array", meth.name)
			c.payloadDuplicates(&p, pAt)
			in.fail(InvalidParams)
			return
		}
		elems := p.Elems()
		if len(elems) > len(meth.positional) {
			extra := &elems[len(meth.positional)]
			c.report(CodeParamsTooMany, pAt.Index(len(meth.positional)), extra.Pos(), meth.operation,
				"method %q takes at most %d positional params (%s), got %d", meth.name, len(meth.positional), strings.Join(meth.positional, ", "), len(elems))
			in.fail(InvalidParams)
			for i := len(meth.positional); i < len(elems); i++ {
				c.payloadDuplicates(&elems[i], pAt.Index(i))
			}
		}
		n := min(len(elems), len(meth.positional))
		fields := c.fields[:0]
		for i := 0; i < n; i++ {
			fields = append(fields, sv.Field{Name: meth.positional[i], NamePos: elems[i].Pos(),
				Value: sv.NodeView(&elems[i]), At: sv.Index(i)})
		}
		c.fields = fields
		obj := &sv.LocatedObject{Position: p.Pos(), Fields: fields}
		if c.payload(meth.params.v, pAt, obj) {
			in.fail(InvalidParams)
		}
		clear(c.fields)
	case node.Object:
		if !meth.mode.byName() {
			c.report(CodeParamsByName, pAt, p.Pos(), meth.operation,
				"method %q takes positional params (an array in the order %s), not an object", meth.name, strings.Join(meth.positional, ", "))
			c.payloadDuplicates(&p, pAt)
			in.fail(InvalidParams)
			return
		}
		if c.payload(meth.params.v, pAt, sv.NodeView(&p)) {
			in.fail(InvalidParams)
		}
	}
}

func fieldIndex(obj *node.Node, key string) int {
	for i, f := range obj.Fields() {
		if f.Key == key {
			return i
		}
	}
	return -1
}

// suggest names a method that differs from name only in case, the most
// common mistake (names match exactly, case included).
func (c *checker) suggest(name string) string {
	for _, n := range c.s.names {
		if strings.EqualFold(n, name) {
			return " (method names are case-sensitive: did you mean \"" + n + "\"?)"
		}
	}
	return ""
}
