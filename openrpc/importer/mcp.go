package importer

import (
	"fmt"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/node"
)

// mcpSenders are the unions of MCP's schema that list the messages each
// peer sends, and the kind of those messages.
var mcpSenders = []struct {
	union, from, kind string
}{
	{"ClientRequest", "client", "call"},
	{"ClientNotification", "client", "notification"},
	{"ServerRequest", "server", "call"},
	{"ServerNotification", "server", "notification"},
}

// MCP imports the Model Context Protocol's JSON Schema (schema.json, JSON
// Schema 2020-12) as a whole service, not as loose shapes: every message
// that the ClientRequest, ServerRequest, ClientNotification and
// ServerNotification unions list becomes an operation with
// @method(name, kind, from), the method named by its "method" const, its
// "params" as the input; a request's result is the definition named like
// it with "Result" for "Request" (CallToolRequest: CallToolResult), or
// EmptyResult when there is none. A definition whose "error" property
// fixes the code with a const (URLElicitationRequiredError) is a service
// error with @rpcError. @jsonRpc says what the envelope definitions say:
// batches: false when JSONRPCMessage has no array branch, nullIds:
// "reject" when the request id (JSONRPCRequest's "id") cannot be null.
//
// What the schema does not say (the errors that only the specification's
// pages show, which notification cancels a call, the results of a
// task-augmented request) comes from Options.Mapping, a small JSON file
// described in README.md ("MCP"), each entry with the reason it exists.
// Only the shapes the operations and errors reach are generated.
func MCP(data []byte, opts Options) (*Result, error) {
	ns, err := namespaceOf(opts)
	if err != nil {
		return nil, err
	}
	root, err := parse(data)
	if err != nil {
		return nil, err
	}
	mp, err := parseMCPMapping(opts.Mapping)
	if err != nil {
		return nil, err
	}
	defsKey := "$defs"
	defs, ok := root.Get(defsKey)
	if !ok {
		defsKey = "definitions"
		defs, ok = root.Get(defsKey)
	}
	if !ok || defs.Kind() != node.Object {
		return nil, &InputError{Pos: root.Pos(), Pointer: "/$defs", Message: "not the MCP schema: no $defs object"}
	}
	defPtr := func(name string) string { return "/" + defsKey + "/" + escapePointer(name) }
	// an index: Get walks the fields, and a schema of n definitions
	// looks them up n times
	defIndex := make(map[string]node.Node, defs.Len())
	for _, f := range defs.Fields() {
		if _, dup := defIndex[f.Key]; !dup {
			defIndex[f.Key] = f.Value
		}
	}
	defOf := func(name string) (node.Node, bool) {
		d, ok := defIndex[name]
		return d, ok && d.Kind() == node.Object
	}
	c := newConv(root)
	c.expandAllOf = opts.expandAllOf
	c.closed = map[string]bool{}
	for i, name := range mp.closed {
		d, ok := defOf(name)
		if !ok {
			return nil, &InputError{Source: "mapping", Pos: mp.closedPos[i], Pointer: "/closed/definitions/" + itoa(i), Message: fmt.Sprintf("%q is not a definition of the schema", name)}
		}
		if _, open := get(d, "additionalProperties"); open {
			return nil, &InputError{Source: "mapping", Pos: mp.closedPos[i], Pointer: "/closed/definitions/" + itoa(i), Message: fmt.Sprintf("%s says additionalProperties itself; the mapping cannot close it", name)}
		}
		c.closed[defPtr(name)] = true
	}
	c.metaKeys = mp.meta
	for _, mk := range mp.meta {
		// a stale entry (its definition gone from the schema) must not
		// turn silently into a document
		if r, ok := get(mk.schema, "$ref"); ok {
			prefix := "#/" + defsKey + "/"
			name, local := strings.CutPrefix(str(mk.schema, "$ref"), prefix)
			if _, ok := defOf(unescapePointer(name)); !local || !ok {
				return nil, &InputError{Source: "mapping", Pos: r.Pos(), Pointer: mk.ptr + "/$ref", Message: fmt.Sprintf("%s is not a definition of the schema", nodeText(r))}
			}
		}
	}
	c.required = map[string][]string{}
	for _, name := range sortedKeys(mp.required) {
		rq := mp.required[name]
		d, ok := defOf(name)
		props, _ := get(d, "properties")
		if !ok || props.Kind() != node.Object {
			return nil, &InputError{Source: "mapping", Pos: rq.pos, Pointer: "/required/" + escapePointer(name), Message: fmt.Sprintf("%q is not a definition of the schema with properties", name)}
		}
		for i, prop := range rq.props {
			if _, ok := props.Get(prop); !ok {
				return nil, &InputError{Source: "mapping", Pos: rq.propPos[i], Pointer: "/required/" + escapePointer(name) + "/properties/" + itoa(i), Message: fmt.Sprintf("%s has no property %q", name, prop)}
			}
		}
		c.required[defPtr(name)] = rq.props
	}

	// Which peer sends which message, from the four unions.
	type message struct {
		def, method, kind string
		from              map[string]bool
		n                 node.Node
	}
	msgs := map[string]*message{} // by definition name
	foundUnion := false
	for _, s := range mcpSenders {
		u, ok := defOf(s.union)
		if !ok {
			continue
		}
		foundUnion = true
		uptr := defPtr(s.union)
		key := "anyOf"
		list, ok := u.Get(key)
		if !ok {
			key = "oneOf"
			list, ok = u.Get(key)
		}
		if !ok || list.Kind() != node.Array {
			c.diag(u, uptr, "anyOf", "%s is not a union of message definitions; its messages are not imported", s.union)
			continue
		}
		for i, b := range list.Elems() {
			bptr := uptr + "/" + key + "/" + itoa(i)
			r := str(b, "$ref")
			prefix := "#" + "/" + defsKey + "/"
			if !strings.HasPrefix(r, prefix) {
				c.diag(b, bptr, "$ref", "a branch of %s must be a $ref to a message definition; skipped", s.union)
				continue
			}
			name := unescapePointer(r[len(prefix):])
			d, ok := defOf(name)
			if !ok {
				c.diag(b, bptr+"/$ref", "$ref", "%q is not a definition of this schema; skipped", r)
				continue
			}
			m := msgs[name]
			if m == nil {
				props, _ := get(d, "properties")
				meth, _ := get(props, "method")
				m = &message{def: name, method: str(meth, "const"), kind: s.kind, from: map[string]bool{}, n: d}
				if m.method == "" {
					c.diag(d, defPtr(name)+"/properties/method", "const", "message %s has no method const; skipped", name)
					continue
				}
				msgs[name] = m
			} else if m.kind != s.kind {
				c.diag(b, bptr, "$ref", "%s is listed both as a request and as a notification; kept as a %s", name, m.kind)
			}
			m.from[s.from] = true
		}
	}
	if !foundUnion {
		return nil, &InputError{Pos: defs.Pos(), Pointer: "/" + defsKey, Message: "not the MCP schema: none of the ClientRequest, ServerRequest, ClientNotification, ServerNotification unions is defined"}
	}
	list := make([]*message, 0, len(msgs))
	byMethod := map[string]*message{}
	for _, m := range msgs {
		list = append(list, m)
	}
	sort.Slice(list, func(i, j int) bool {
		return list[i].method < list[j].method || list[i].method == list[j].method && list[i].def < list[j].def
	})
	kept := list[:0]
	for _, m := range list {
		if byMethod[m.method] != nil || strings.HasPrefix(m.method, "rpc.") {
			c.diag(m.n, defPtr(m.def)+"/properties/method/const", "const", "method %q of %s is not unique or begins with \"rpc.\"; skipped", m.method, m.def)
			continue
		}
		byMethod[m.method] = m
		kept = append(kept, m)
	}
	list = kept
	if err := mp.check(func(method string) string {
		if m := byMethod[method]; m != nil {
			return m.kind
		}
		return ""
	}); err != nil {
		return nil, err
	}

	// Names: the service, then the operations (a request without its
	// "Request" suffix, a notification as it is), before any shape.
	svcName := opts.Service
	if svcName == "" {
		svcName = mp.service
	}
	if svcName == "" {
		svcName = "Mcp"
	}
	if !isIdentifier(svcName) {
		return nil, &OptionError{Option: "Service", Message: fmt.Sprintf("service name %q is not a Smithy identifier", svcName)}
	}
	c.names.reserve(svcName)
	opName := map[string]string{}
	for _, m := range list {
		base := pascal(m.def)
		if m.kind == "call" && strings.HasSuffix(base, "Request") && len(base) > len("Request") {
			base = strings.TrimSuffix(base, "Request")
		}
		opName[m.def] = c.names.take(orDefault(base, "Method"))
	}
	// A definition named as an operation's inline input or output keeps
	// its name; the operation's takes another (conv.io).
	for _, m := range list {
		for _, suffix := range []string{"Input", "Output"} {
			key := opName[m.def] + suffix
			if _, ok := defOf(key); !ok {
				continue
			}
			if c.fixed == nil {
				c.fixed = map[string]string{}
			}
			if ptr := defPtr(key); c.fixed[ptr] == "" {
				c.fixed[ptr] = c.names.take(c.nameFor(ptr))
			}
		}
	}
	for _, e := range mp.errors {
		e.shape = c.names.take(e.name)
	}

	refNode := func(name string, at node.Node) node.Node {
		return node.NewObject(node.Field{Key: "$ref", Value: node.NewString("#" + defPtr(name)).At(at.Pos())}).At(at.Pos())
	}
	// Schema-defined errors first (their shapes are service errors), in
	// name order.
	var svcErrors []string
	var defNames []string
	for _, f := range defs.Fields() {
		defNames = append(defNames, f.Key)
	}
	sort.Strings(defNames)
	errCodes := map[string]string{}
	for _, name := range defNames {
		d, _ := defOf(name)
		if id := c.mcpSchemaError(d, defPtr(name), name, errCodes); id != "" {
			svcErrors = append(svcErrors, id)
		}
	}
	for i, e := range mp.errors {
		if prev, dup := errCodes[e.code]; dup {
			return nil, &InputError{Source: "mapping", Pos: e.pos, Pointer: "/errors/" + itoa(i) + "/code", Message: fmt.Sprintf("code %s is already the error %s", e.code, prev)}
		}
		errCodes[e.code] = e.shape
		c.mcpMappingError(e, i)
		if len(e.methods) == 0 {
			svcErrors = append(svcErrors, e.shape)
		}
	}

	var ops []*shape
	for _, m := range list {
		name := opName[m.def]
		mptr := defPtr(m.def)
		op := &shape{name: name, kind: "operation", doc: docOf(m.n)}
		from := "either"
		if !(m.from["client"] && m.from["server"]) {
			for f := range m.from {
				from = f
			}
		}
		trait := "@method(name: " + quote(m.method) + ", kind: " + quote(m.kind) + ", from: " + quote(from)
		props, _ := get(m.n, "properties")
		if p, ok := get(props, "params"); ok {
			pptr := mptr + "/properties/params"
			hint := pascal(m.def) + "Params"
			if merged, mhint, ok := c.mergeBranches(p, pptr, hint); ok {
				p, hint = merged, mhint
			}
			t := c.schema(p, pptr, hint)
			if c.kindOf(t.id) == "structure" {
				op.body = append(op.body, "input: "+t.id)
			} else {
				c.diag(p, mptr+"/properties/params", "params", "params that are not one object are not expressible as named params; the method takes none")
				op.body = append(op.body, c.io(op, "input", nil)...)
			}
		} else {
			op.body = append(op.body, c.io(op, "input", nil)...)
		}
		if m.kind == "call" {
			results := []string(nil)
			why := ""
			if r, ok := mp.results[m.method]; ok {
				results, why = r.defs, r.why
			} else if base := strings.TrimSuffix(m.def, "Request"); base != m.def {
				if _, ok := defOf(base + "Result"); ok {
					results = []string{base + "Result"}
				}
			}
			if results == nil {
				for _, empty := range []string{"EmptyResult", "Result"} {
					if _, ok := defOf(empty); ok {
						results = []string{empty}
						break
					}
				}
			}
			var targets []target
			for _, r := range results {
				d, ok := defOf(r)
				if !ok {
					return nil, &InputError{Source: "mapping", Pos: mp.results[m.method].pos, Pointer: "/results/" + escapePointer(m.method), Message: fmt.Sprintf("%q is not a definition of the schema", r)}
				}
				targets = append(targets, c.schema(refNode(r, d), mptr, pascal(r)))
			}
			switch {
			case len(targets) == 0:
				c.diag(m.n, mptr, "result", "no %sResult, EmptyResult or Result definition: the result is any value", strings.TrimSuffix(m.def, "Request"))
				trait += `, resultMember: "result"`
				op.body = append(op.body, c.io(op, "output", []member{{name: "result", target: tDocument, traits: []string{"@required"}}})...)
			case len(targets) == 1 && c.kindOf(targets[0].id) == "structure":
				op.body = append(op.body, "output: "+targets[0].id)
			case len(targets) == 1:
				// a result that is not an object: the output's one member
				traits := []string{"@required"}
				if targets[0].nullable && !c.shapeNullable(targets[0].id) {
					traits = append(traits, "@nullable")
				}
				trait += `, resultMember: "result"`
				op.body = append(op.body, c.io(op, "output", []member{{name: "result", target: targets[0].id, traits: traits}})...)
			default:
				// several results: an untagged union as the output's one
				// member
				u := &shape{name: c.names.take(name + "Outcome"), kind: "union", traits: []string{"@untagged"},
					doc: "The results a " + m.method + " call may have." + whyDoc(why)}
				mnames := newUniqueNames()
				for i, t := range targets {
					u.members = append(u.members, member{name: mnames.take(lowerFirst(pascal(results[i]))), target: t.id})
				}
				c.shapes[u.name] = u
				trait += `, resultMember: "outcome"`
				op.body = append(op.body, c.io(op, "output", []member{{name: "outcome", target: u.name, traits: []string{"@required"}}})...)
			}
			var errs []string
			for _, e := range mp.errors {
				for _, em := range e.methods {
					if em == m.method {
						errs = append(errs, e.shape)
					}
				}
			}
			if len(errs) > 0 {
				op.body = append(op.body, "errors: ["+strings.Join(errs, ", ")+"]")
			}
		}
		op.traits = append(op.traits, trait+")")
		if cn, ok := mp.cancels[m.method]; ok {
			op.traits = append(op.traits, "@smithy.rpc#cancels(idMember: "+quote(cn.idMember)+", response: "+quote(cn.response)+")")
			op.doc = strings.TrimSpace(op.doc + whyDoc(cn.why))
		}
		ops = append(ops, op)
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].name < ops[j].name })
	// The shapes the mapping changed say why in their documentation.
	for _, name := range mp.closed {
		if sh := c.shapes[c.byPtr[defPtr(name)]]; sh != nil {
			sh.doc = strings.TrimSpace(sh.doc + whyDoc("closed (no unknown fields): "+mp.closedWhy))
		}
	}
	for _, name := range sortedKeys(mp.required) {
		if sh := c.shapes[c.byPtr[defPtr(name)]]; sh != nil {
			sh.doc = strings.TrimSpace(sh.doc + whyDoc(strings.Join(mp.required[name].props, ", ")+" required: "+mp.required[name].why))
		}
	}

	svc := &shape{name: svcName, kind: "service", traits: []string{c.mcpJSONRPC(root, defsKey, defOf, mp)}}
	svc.doc = "The Model Context Protocol"
	if mp.version != "" {
		svc.doc += " " + mp.version
	}
	svc.doc += ", imported from its JSON Schema: every message of the ClientRequest, ServerRequest, ClientNotification and ServerNotification unions, with the peer that sends it."
	if mp.version != "" {
		svc.body = append(svc.body, "version: "+quote(mp.version))
	}
	var opNames []string
	for _, op := range ops {
		opNames = append(opNames, op.name)
	}
	svc.body = append(svc.body, "operations: ["+strings.Join(opNames, ", ")+"]")
	if len(svcErrors) > 0 {
		sort.Strings(svcErrors)
		svc.body = append(svc.body, "errors: ["+strings.Join(svcErrors, ", ")+"]")
	}
	for _, mk := range c.metaKeys {
		if mk.target == nil {
			return nil, &InputError{Source: "mapping", Pos: mk.schema.Pos(), Pointer: strings.TrimSuffix(mk.ptr, "/schema"),
				Message: fmt.Sprintf("the schema has no _meta property that the operations reach; the entry for %q types nothing", mk.wire)}
		}
	}
	c.nameMixins()
	c.breakRecursion()
	c.dropUniqueItems()
	return &Result{IDL: writeIDL(ns, append([]*shape{svc}, ops...), c.shapes), Diagnostics: c.sorted()}, nil
}

// whyDoc renders a mapping entry's reason as a documentation paragraph.
func whyDoc(why string) string {
	if why == "" {
		return ""
	}
	return "\n\nFrom the import's mapping file: " + why
}

// mcpJSONRPC renders the service's @jsonRpc: what the envelope definitions
// say about batches and null ids, and the mapping's idReuse.
func (c *conv) mcpJSONRPC(root node.Node, defsKey string, defOf func(string) (node.Node, bool), mp *mcpMapping) string {
	args := []string{`versions: ["2.0"]`}
	if msg, ok := defOf("JSONRPCMessage"); ok {
		arr := false
		for _, key := range []string{"anyOf", "oneOf"} {
			l, _ := get(msg, key)
			for _, b := range l.Elems() {
				b, _ = c.deref(b, "")
				if ts, _ := types(b); len(ts) == 1 && ts[0] == "array" {
					arr = true
				}
			}
		}
		if !arr {
			args = append(args, "batches: false")
		}
	}
	if req, ok := defOf("JSONRPCRequest"); ok {
		props, _ := get(req, "properties")
		if id, ok := get(props, "id"); ok {
			idS, _ := c.deref(id, "")
			if ts, nullable := types(idS); len(ts) > 0 && !nullable {
				args = append(args, `nullIds: "reject"`)
			}
		}
	}
	if mp.idReuse != "" {
		args = append(args, "idReuse: "+quote(mp.idReuse))
	}
	return "@jsonRpc(" + strings.Join(args, ", ") + ")"
}

// mcpSchemaError makes the error structure of a definition whose "error"
// property fixes the code with a const (through $ref and allOf), as MCP's
// URLElicitationRequiredError does; "" for any other definition.
func (c *conv) mcpSchemaError(d node.Node, ptr, name string, byCode map[string]string) string {
	props, _ := get(d, "properties")
	es, ok := get(props, "error")
	if !ok {
		return ""
	}
	eptr := ptr + "/properties/error"
	var code node.Node
	var data node.Node
	dataPtr := ""
	dataRequired := false
	var walk func(s node.Node, p string, depth int)
	walk = func(s node.Node, p string, depth int) {
		if depth > 8 {
			return
		}
		s, p = c.deref(s, p)
		if all, ok := get(s, "allOf"); ok {
			for i, b := range all.Elems() {
				walk(b, p+"/allOf/"+itoa(i), depth+1)
			}
		}
		ps, _ := get(s, "properties")
		if cd, ok := get(ps, "code"); ok {
			if v, ok := get(cd, "const"); ok && v.Kind() == node.Number {
				code = v
				if dd, ok := get(ps, "data"); ok {
					data, dataPtr = dd, p+"/properties/data"
				}
				req, _ := get(s, "required")
				for _, r := range req.Elems() {
					if r.Kind() == node.String && r.StringValue() == "data" {
						dataRequired = true
					}
				}
			}
		}
	}
	walk(es, eptr, 0)
	if code.Kind() != node.Number {
		return ""
	}
	n, ok := node.SmallInt(code.NumberText())
	if !ok || n < -1<<31 || n > 1<<31-1 || n == -32700 || n >= -32603 && n <= -32600 {
		c.diag(code, eptr, "const", "error code %s is not a 32-bit integer that an application may define; %s is not an error shape", code.NumberText(), name)
		return ""
	}
	if prev, dup := byCode[code.NumberText()]; dup {
		c.diag(code, eptr, "const", "error code %s is already the error %s; %s is not an error shape", code.NumberText(), prev, name)
		return ""
	}
	sname := c.names.take(orDefault(pascal(name), "Error"))
	byCode[code.NumberText()] = sname
	sh := &shape{name: sname, kind: "structure", doc: docOf(d), traits: []string{`@error("client")`, rpcErrorTrait(n, code.NumberText())}}
	c.shapes[sname] = sh
	sh.members = append(sh.members, member{name: "message", target: tString, traits: []string{"@required"}})
	dm := member{name: "data", target: tDocument}
	if data.Kind() == node.Object || data.Kind() == node.Bool {
		t := c.schema(data, dataPtr, sname+"Data")
		dm.target = t.id
		if t.nullable && t.id != tDocument && !c.shapeNullable(t.id) {
			dm.traits = append(dm.traits, "@nullable")
		}
	}
	if dataRequired {
		dm.traits = append([]string{"@required"}, dm.traits...)
	}
	sh.members = append(sh.members, dm)
	return sname
}

func rpcErrorTrait(n int64, code string) string {
	t := "@rpcError(code: " + code + ", dataMember: \"data\""
	if n >= -32768 && n <= -32000 {
		t += ", reservedRange: true"
	}
	return t + ")"
}

// mcpMappingError makes the error structure of the mapping's i-th error.
func (c *conv) mcpMappingError(e *mcpError, i int) {
	sh := &shape{name: e.shape, kind: "structure", doc: strings.TrimSpace(e.description + whyDoc(e.why)),
		traits: []string{`@error("client")`, rpcErrorTrait(e.n, e.code)}}
	c.shapes[e.shape] = sh
	sh.members = append(sh.members, member{name: "message", target: tString, traits: []string{"@required"}})
	dm := member{name: "data", target: tDocument}
	if e.data.Kind() == node.Object || e.data.Kind() == node.Bool {
		from := len(c.diags)
		t := c.schema(e.data, "/errors/"+itoa(i)+"/data", e.shape+"Data")
		for k := from; k < len(c.diags); k++ {
			c.diags[k].Source = "mapping"
		}
		dm.target = t.id
		if t.nullable && t.id != tDocument && !c.shapeNullable(t.id) {
			dm.traits = append(dm.traits, "@nullable")
		}
	}
	if e.dataRequired {
		dm.traits = append([]string{"@required"}, dm.traits...)
	}
	sh.members = append(sh.members, dm)
}

// mcpMapping is the parsed mapping file of the MCP mode.
type mcpMapping struct {
	service, version string
	idReuse          string
	closed           []string // definitions closed
	closedPos        []node.Pos
	closedWhy        string
	required         map[string]mcpRequired // by definition
	results          map[string]mcpResults
	cancels          map[string]mcpCancels
	errors           []*mcpError
	meta             []metaKey // by wire key
}

type mcpRequired struct {
	props   []string
	propPos []node.Pos
	why     string
	pos     node.Pos
}

type mcpResults struct {
	defs []string
	why  string
	pos  node.Pos
}

type mcpCancels struct {
	idMember, response, why string
	pos                     node.Pos
}

type mcpError struct {
	name, code, description, why string
	n                            int64
	methods                      []string
	methodPos                    []node.Pos
	data                         node.Node
	dataRequired                 bool
	pos                          node.Pos
	shape                        string // the shape name handed out
}

func mappingErr(n node.Node, ptr, format string, args ...any) error {
	return &InputError{Source: "mapping", Pos: n.Pos(), Pointer: ptr, Message: fmt.Sprintf(format, args...)}
}

// fields checks that object n (at ptr) has only the allowed keys and the
// required ones, all of the given kinds.
func mappingFields(n node.Node, ptr string, kinds map[string]node.Kind, required ...string) error {
	if n.Kind() != node.Object {
		return mappingErr(n, ptr, "must be an object, found a %s", n.Kind())
	}
	for _, f := range n.Fields() {
		k, ok := kinds[f.Key]
		if !ok {
			var known []string
			for key := range kinds {
				known = append(known, key)
			}
			sort.Strings(known)
			return mappingErr(f.Value, ptr+"/"+escapePointer(f.Key), "unknown key %q (known: %s)", f.Key, strings.Join(known, ", "))
		}
		if k != 0 && f.Value.Kind() != k {
			return mappingErr(f.Value, ptr+"/"+escapePointer(f.Key), "must be a %s, found a %s", k, f.Value.Kind())
		}
	}
	for _, r := range required {
		v, ok := n.Get(r)
		if !ok || v.Kind() == node.String && strings.TrimSpace(v.StringValue()) == "" {
			return mappingErr(n, ptr+"/"+r, "%q is required and must not be empty", r)
		}
	}
	return nil
}

// parseMCPMapping reads the mapping file (nil: an empty mapping).
func parseMCPMapping(data []byte) (*mcpMapping, error) {
	mp := &mcpMapping{results: map[string]mcpResults{}, cancels: map[string]mcpCancels{}, required: map[string]mcpRequired{}}
	if data == nil {
		return mp, nil
	}
	root, err := parse(data)
	if err != nil {
		if ie, ok := err.(*InputError); ok {
			ie.Source = "mapping"
		}
		return nil, err
	}
	if err := mappingFields(root, "", map[string]node.Kind{
		"$comment": node.String, "service": node.String, "version": node.String,
		"idReuse": node.Object, "closed": node.Object, "required": node.Object, "results": node.Object, "cancels": node.Object, "errors": node.Array,
		"meta": node.Object,
	}); err != nil {
		return nil, err
	}
	mp.service, mp.version = str(root, "service"), str(root, "version")
	if mp.service != "" && !isIdentifier(mp.service) {
		return nil, mappingErr(get2(root, "service"), "/service", "service name %q is not a Smithy identifier", mp.service)
	}
	if ir, ok := root.Get("idReuse"); ok {
		if err := mappingFields(ir, "/idReuse", map[string]node.Kind{"value": node.String, "why": node.String}, "value", "why"); err != nil {
			return nil, err
		}
		mp.idReuse = str(ir, "value")
		if mp.idReuse != "allow" && mp.idReuse != "reject" {
			return nil, mappingErr(get2(ir, "value"), "/idReuse/value", `idReuse is "allow" or "reject", not %q`, mp.idReuse)
		}
	}
	if cl, ok := root.Get("closed"); ok {
		if err := mappingFields(cl, "/closed", map[string]node.Kind{"definitions": node.Array, "why": node.String}, "definitions", "why"); err != nil {
			return nil, err
		}
		for i, d := range get2(cl, "definitions").Elems() {
			if d.Kind() != node.String || d.StringValue() == "" {
				return nil, mappingErr(d, "/closed/definitions/"+itoa(i), "a definition's name, a string")
			}
			mp.closed = append(mp.closed, d.StringValue())
			mp.closedPos = append(mp.closedPos, d.Pos())
		}
		mp.closedWhy = str(cl, "why")
	}
	if rq, ok := root.Get("required"); ok {
		for _, f := range rq.Fields() {
			ptr := "/required/" + escapePointer(f.Key)
			if err := mappingFields(f.Value, ptr, map[string]node.Kind{"properties": node.Array, "why": node.String}, "properties", "why"); err != nil {
				return nil, err
			}
			r := mcpRequired{why: str(f.Value, "why"), pos: f.Value.Pos()}
			for i, p := range get2(f.Value, "properties").Elems() {
				if p.Kind() != node.String {
					return nil, mappingErr(p, ptr+"/properties/"+itoa(i), "a property's name, a string")
				}
				r.props = append(r.props, p.StringValue())
				r.propPos = append(r.propPos, p.Pos())
			}
			mp.required[f.Key] = r
		}
	}
	if rs, ok := root.Get("results"); ok {
		for _, f := range rs.Fields() {
			ptr := "/results/" + escapePointer(f.Key)
			if err := mappingFields(f.Value, ptr, map[string]node.Kind{"results": node.Array, "why": node.String}, "results", "why"); err != nil {
				return nil, err
			}
			r := mcpResults{why: str(f.Value, "why"), pos: f.Value.Pos()}
			for i, d := range get2(f.Value, "results").Elems() {
				if d.Kind() != node.String || d.StringValue() == "" {
					return nil, mappingErr(d, ptr+"/results/"+itoa(i), "a result is the name of a definition")
				}
				r.defs = append(r.defs, d.StringValue())
			}
			if len(r.defs) == 0 {
				return nil, mappingErr(f.Value, ptr+"/results", "lists no result")
			}
			mp.results[f.Key] = r
		}
	}
	if cs, ok := root.Get("cancels"); ok {
		for _, f := range cs.Fields() {
			ptr := "/cancels/" + escapePointer(f.Key)
			if err := mappingFields(f.Value, ptr, map[string]node.Kind{"idMember": node.String, "response": node.String, "why": node.String}, "idMember", "response", "why"); err != nil {
				return nil, err
			}
			cn := mcpCancels{idMember: str(f.Value, "idMember"), response: str(f.Value, "response"), why: str(f.Value, "why"), pos: f.Value.Pos()}
			if cn.response != "optional" && cn.response != "required" {
				return nil, mappingErr(get2(f.Value, "response"), ptr+"/response", `response is "optional" or "required", not %q`, cn.response)
			}
			if !isIdentifier(cn.idMember) {
				return nil, mappingErr(get2(f.Value, "idMember"), ptr+"/idMember", "%q is not a member name", cn.idMember)
			}
			mp.cancels[f.Key] = cn
		}
	}
	if ms, ok := root.Get("meta"); ok {
		members := newUniqueNames()
		for _, f := range ms.Fields() {
			ptr := "/meta/" + escapePointer(f.Key)
			if err := mappingFields(f.Value, ptr, map[string]node.Kind{"member": node.String, "schema": 0, "why": node.String}, "member", "schema", "why"); err != nil {
				return nil, err
			}
			if f.Key == "" {
				return nil, mappingErr(f.Value, ptr, "a _meta key must not be empty")
			}
			mk := metaKey{wire: f.Key, member: str(f.Value, "member"), why: str(f.Value, "why"), ptr: ptr + "/schema"}
			if !isIdentifier(mk.member) || members.take(mk.member) != mk.member || mk.member == "additionalProperties" {
				return nil, mappingErr(get2(f.Value, "member"), ptr+"/member", "%q is not a Smithy identifier used once (nor additionalProperties)", mk.member)
			}
			mk.schema = get2(f.Value, "schema")
			if mk.schema.Kind() != node.Object && mk.schema.Kind() != node.Bool {
				return nil, mappingErr(mk.schema, ptr+"/schema", "schema is a JSON Schema (an object or a boolean)")
			}
			mp.meta = append(mp.meta, mk)
		}
		sort.Slice(mp.meta, func(i, j int) bool { return mp.meta[i].wire < mp.meta[j].wire })
	}
	if es, ok := root.Get("errors"); ok {
		names := newUniqueNames()
		for i, e := range es.Elems() {
			ptr := "/errors/" + itoa(i)
			if err := mappingFields(e, ptr, map[string]node.Kind{"name": node.String, "code": node.Number, "description": node.String,
				"methods": node.Array, "data": 0, "dataRequired": node.Bool, "why": node.String}, "name", "code", "why"); err != nil {
				return nil, err
			}
			me := &mcpError{name: str(e, "name"), description: str(e, "description"), why: str(e, "why"), pos: e.Pos()}
			if !isIdentifier(me.name) || names.take(me.name) != me.name {
				return nil, mappingErr(get2(e, "name"), ptr+"/name", "%q is not a Smithy identifier used once", me.name)
			}
			code := get2(e, "code")
			n, ok := node.SmallInt(code.NumberText())
			if !ok || n < -1<<31 || n > 1<<31-1 || n == -32700 || n >= -32603 && n <= -32600 {
				return nil, mappingErr(code, ptr+"/code", "code %s is not a 32-bit integer that a protocol may define (JSON-RPC's own codes are not application errors)", code.NumberText())
			}
			me.code, me.n = code.NumberText(), n
			for j, m := range get2(e, "methods").Elems() {
				if m.Kind() != node.String {
					return nil, mappingErr(m, ptr+"/methods/"+itoa(j), "a method is its wire name, a string")
				}
				me.methods = append(me.methods, m.StringValue())
				me.methodPos = append(me.methodPos, m.Pos())
			}
			if d, ok := e.Get("data"); ok {
				if d.Kind() != node.Object && d.Kind() != node.Bool {
					return nil, mappingErr(d, ptr+"/data", "data is a JSON Schema (an object or a boolean)")
				}
				me.data = d
			}
			if r, ok := e.Get("dataRequired"); ok {
				me.dataRequired = r.BoolValue()
			}
			mp.errors = append(mp.errors, me)
		}
	}
	return mp, nil
}

// check verifies that every method the mapping names is a message of the
// schema, of the kind the entry needs: a mapping that names a method the
// schema does not have is stale, and must not be silently ignored.
func (mp *mcpMapping) check(kindOf func(string) string) error {
	want := func(method, kind string, pos node.Pos, ptr string) error {
		if got := kindOf(method); got != kind {
			what := "not a message of the schema"
			if got != "" {
				what = "a " + got
			}
			return &InputError{Source: "mapping", Pos: pos, Pointer: ptr, Message: fmt.Sprintf("%q is %s; this entry needs a %s", method, what, kind)}
		}
		return nil
	}
	for _, m := range sortedKeys(mp.results) {
		if err := want(m, "call", mp.results[m].pos, "/results/"+escapePointer(m)); err != nil {
			return err
		}
	}
	for _, m := range sortedKeys(mp.cancels) {
		if err := want(m, "notification", mp.cancels[m].pos, "/cancels/"+escapePointer(m)); err != nil {
			return err
		}
	}
	for i, e := range mp.errors {
		for j, m := range e.methods {
			if err := want(m, "call", e.methodPos[j], "/errors/"+itoa(i)+"/methods/"+itoa(j)); err != nil {
				return err
			}
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// mergeBranches makes one object schema of params that are a union of
// objects (MCP's ElicitRequestParams: the form mode or the URL mode), since
// an operation's input is one structure: every branch's properties (a
// property that several branches fix with different const strings becomes
// an enum of them; otherwise the first branch's schema is kept), required
// where every branch requires them. That the branches exclude each other
// is lost: a diagnostic says so. ok is false for any other schema; name is
// the name of the union's definition when it is one.
func (c *conv) mergeBranches(s node.Node, ptr, fallback string) (merged node.Node, name string, ok bool) {
	name = fallback
	if r := str(s, "$ref"); r != "" {
		if _, tptr, found := c.resolve(r); found {
			name = c.nameFor(tptr)
		}
	}
	u, uptr := c.deref(s, ptr)
	key := "anyOf"
	list, has := get(u, key)
	if !has {
		key = "oneOf"
		list, has = get(u, key)
	}
	if !has || list.Kind() != node.Array || list.Len() < 2 || hasObjectKeywords(u) {
		return node.Node{}, "", false
	}
	type mprop struct {
		key    string
		schema node.Node
		consts []node.Node
		count  int // branches that require it
	}
	var order []*mprop
	byKey := map[string]*mprop{}
	for i, b := range list.Elems() {
		b, bptr := c.deref(b, uptr+"/"+key+"/"+itoa(i))
		if b.Kind() != node.Object {
			return node.Node{}, "", false
		}
		if ts, _ := types(b); len(ts) > 0 && (len(ts) != 1 || ts[0] != "object") {
			return node.Node{}, "", false
		}
		for _, k := range []string{"anyOf", "oneOf", "allOf"} {
			if _, nested := get(b, k); nested {
				return node.Node{}, "", false
			}
		}
		props, hasProps := get(b, "properties")
		if !hasProps || props.Kind() != node.Object {
			return node.Node{}, "", false
		}
		for _, f := range props.Fields() {
			p := byKey[f.Key]
			if p == nil {
				sch := f.Value
				if _, plain := c.trivial(sch); !plain && sch.Kind() == node.Object && str(sch, "$ref") == "" {
					// a reference to where the property is, so that its
					// shape's pointers (and diagnostics) are the schema's
					at := bptr + "/properties/" + escapePointer(f.Key)
					fs := []node.Field{{Key: "$ref", Value: node.NewString("#" + at).At(sch.Pos())}}
					if d := docOf(sch); d != "" {
						fs = append(fs, node.Field{Key: "description", Value: node.NewString(d).At(sch.Pos())})
					}
					if c.refHint == nil {
						c.refHint = map[string]string{}
					}
					c.refHint[at] = name + pascal(f.Key)
					sch = node.NewObject(fs...).At(sch.Pos())
				}
				p = &mprop{key: f.Key, schema: sch}
				byKey[f.Key] = p
				order = append(order, p)
			}
			if v, ok := get(f.Value, "const"); ok && v.Kind() == node.String {
				p.consts = append(p.consts, v)
			}
		}
		req, _ := get(b, "required")
		seen := map[string]bool{}
		for _, r := range req.Elems() {
			if r.Kind() == node.String && !seen[r.StringValue()] && byKey[r.StringValue()] != nil {
				seen[r.StringValue()] = true
				byKey[r.StringValue()].count++
			}
		}
	}
	var fields []node.Field
	var reqElems []node.Node
	for _, p := range order {
		sch := p.schema
		if len(p.consts) > 1 {
			var vals []node.Node
			dup := map[string]bool{}
			for _, v := range p.consts {
				if !dup[v.StringValue()] {
					dup[v.StringValue()] = true
					vals = append(vals, v)
				}
			}
			fs := []node.Field{{Key: "type", Value: node.NewString("string").At(sch.Pos())}, {Key: "enum", Value: node.NewArray(vals...).At(sch.Pos())}}
			if d := docOf(sch); d != "" {
				fs = append(fs, node.Field{Key: "description", Value: node.NewString(d).At(sch.Pos())})
			}
			sch = node.NewObject(fs...).At(sch.Pos())
		}
		fields = append(fields, node.Field{Key: p.key, Value: sch})
		if p.count == list.Len() {
			reqElems = append(reqElems, node.NewString(p.key).At(sch.Pos()))
		}
	}
	out := []node.Field{
		{Key: "type", Value: node.NewString("object").At(u.Pos())},
		{Key: "properties", Value: node.NewObject(fields...).At(u.Pos())},
		{Key: "required", Value: node.NewArray(reqElems...).At(u.Pos())},
	}
	if d := docOf(u); d != "" {
		out = append(out, node.Field{Key: "description", Value: node.NewString(d).At(u.Pos())})
	}
	c.diag(list, uptr+"/"+key, key, "params that are one of %d objects are one structure of all their properties (required where every branch requires them), since an operation's input is one structure; that the branches exclude each other is not checked", list.Len())
	return node.NewObject(out...).At(u.Pos()), name, true
}
