package importer

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/node"
)

// LSP imports the Language Server Protocol meta model (metaModel.json):
// one service with @jsonRpc (JSON-RPC 2.0, "$/" as optional method
// prefixes), every request as a call and every notification as a
// notification with its direction as @method(from) (clientToServer:
// client, serverToClient: server, both: either), params and results from
// the meta model's types, and LSP's error codes as service errors.
func LSP(data []byte, opts Options) (*Result, error) {
	ns, err := namespaceOf(opts)
	if err != nil {
		return nil, err
	}
	root, err := parse(data)
	if err != nil {
		return nil, err
	}
	for _, k := range []string{"requests", "notifications", "structures"} {
		if v, ok := root.Get(k); !ok || v.Kind() != node.Array {
			return nil, &InputError{Pos: root.Pos(), Pointer: "/" + k, Message: fmt.Sprintf("not an LSP meta model: no %q array", k)}
		}
	}
	l := &lspConv{conv: newConv(root), defs: map[string]lspDef{}, done: map[string]string{}, aliasNull: map[string]bool{},
		props: map[string]map[string]node.Node{}, closed: map[string]string{}}
	for _, k := range []string{"structures", "enumerations", "typeAliases"} {
		list, _ := root.Get(k)
		for i, d := range list.Elems() {
			if name := str(d, "name"); name != "" {
				if _, dup := l.defs[name]; !dup {
					l.defs[name] = lspDef{kind: k, n: d, ptr: "/" + k + "/" + itoa(i)}
				}
			}
		}
	}
	for _, k := range []string{"requests", "notifications", "structures", "typeAliases"} {
		list, _ := root.Get(k)
		l.findOrs(list, "/"+k, 0)
	}
	svcName := opts.Service
	if svcName == "" {
		svcName = "LanguageServer"
	}
	l.names.reserve(svcName)
	// The base protocol (not in the meta model): one JSON-RPC message per
	// Content-Length frame, so no batches; methods beginning with "$/"
	// are implementation dependent, so an unmodelled one is no finding
	// (a notification may be ignored, a call answered with -32601).
	svc := &shape{name: svcName, kind: "service",
		doc: "The Language Server Protocol " + str(get2(root, "metaData"), "version") + ", imported from its meta model.\n\n" +
			"The base protocol sends one message per Content-Length frame (no batches); a method beginning with \"$/\" " +
			"is implementation dependent: a peer that does not know it ignores such a notification and answers such a " +
			"request with MethodNotFound (-32601), so an unmodelled one is no finding, and a modelled one is checked.",
		traits: []string{`@jsonRpc(versions: ["2.0"], batches: false, optionalMethodPrefixes: ["$/"])`}}
	if v := str(get2(root, "metaData"), "version"); v != "" {
		svc.body = append(svc.body, "version: "+quote(v))
	}
	var ops []*shape
	seen := map[string]bool{}
	for _, k := range []string{"requests", "notifications"} {
		list, _ := root.Get(k)
		for i, m := range list.Elems() {
			ptr := "/" + k + "/" + itoa(i)
			name := str(m, "method")
			if name == "" || seen[name] || strings.HasPrefix(name, "rpc.") {
				l.diag(m, ptr+"/method", "method", "a message needs a unique method name that does not begin with \"rpc.\"; skipped")
				continue
			}
			seen[name] = true
			ops = append(ops, l.message(m, ptr, name, k == "notifications"))
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].name < ops[j].name })
	var opNames []string
	for _, op := range ops {
		opNames = append(opNames, op.name)
	}
	svc.body = append(svc.body, "operations: ["+strings.Join(opNames, ", ")+"]")
	if errs := l.errors(); len(errs) > 0 {
		svc.body = append(svc.body, "errors: ["+strings.Join(errs, ", ")+"]")
	}
	l.defPtr = func(name string) string { return l.defs[name].ptr }
	l.breakRecursion()
	l.dropUniqueItems()
	return &Result{IDL: writeIDL(ns, append([]*shape{svc}, ops...), l.shapes), Diagnostics: l.sorted()}, nil
}

func get2(n node.Node, key string) node.Node {
	v, _ := get(n, key)
	return v
}

type lspDef struct {
	kind string // structures, enumerations, typeAliases
	n    node.Node
	ptr  string
}

type lspConv struct {
	*conv
	defs map[string]lspDef
	done map[string]string // definition name -> its target ("" while in progress)
	// aliasNull: the type aliases whose type takes null although their
	// target does not say so (LSPAny, a document), so that every
	// reference to them does, not only the first
	aliasNull map[string]bool
	// props memoizes the properties of a structure with its parents'
	// (wire name -> property), for the union analysis of closeSubsets
	// and within.
	props map[string]map[string]node.Node
	// pruned: the "or" items left out as values of another item (their
	// pointers), each reported once.
	pruned map[string]bool
	// anyMemo: whether the type at a source offset takes every value
	// (isAny).
	anyMemo map[int32]bool
	// closed: structure definitions to import without @jsonUnknown, with
	// the structure whose properties include theirs (for the diagnostic).
	closed map[string]string
}

// message makes the operation of one request or notification.
func (l *lspConv) message(m node.Node, ptr, name string, notification bool) *shape {
	// Named as the meta model names the message (its typeName, the name
	// vscode-languageserver-protocol gives it: HoverRequest,
	// ShowMessageNotification), which is unique where the method's words
	// are not distinct enough (window/showMessage and
	// window/showMessageRequest would make WindowShowMessage and
	// WindowShowMessageRequest, which reads as the first one's input);
	// else after the method.
	opName := str(m, "typeName")
	if !isIdentifier(opName) || !isLetter(opName[0]) {
		opName = orDefault(pascal(name), "Method")
	}
	op := &shape{name: l.names.take(opName), kind: "operation", doc: str(m, "documentation")}
	from := map[string]string{"clientToServer": "client", "serverToClient": "server", "both": "either"}[str(m, "messageDirection")]
	if from == "" {
		l.diag(m, ptr+"/messageDirection", "messageDirection", "unknown direction %q; taken as either", str(m, "messageDirection"))
		from = "either"
	}
	kind := "call"
	if notification {
		kind = "notification"
	}
	trait := "@method(name: " + quote(name) + ", kind: " + quote(kind) + ", from: " + quote(from)
	if p, ok := get(m, "params"); ok {
		t := l.typ(p, ptr+"/params", op.name+"Input")
		if l.kindOf(t.id) == "structure" {
			op.body = append(op.body, "input: "+t.id)
		} else if t.id == tDocument {
			// any value (LSPAny: telemetry/event): as named params, any
			// object
			l.diag(p, ptr+"/params", "params", "params of any value are any object (named params); an array of params is not accepted")
			op.body = append(op.body, l.io(op, "input", []member{{name: "additionalProperties", target: l.unknownMap(), traits: []string{"@jsonUnknown"}}})...)
		} else {
			l.diag(p, ptr+"/params", "params", "params that are not one structure are not expressible as named params; the method takes none")
			op.body = append(op.body, l.io(op, "input", nil)...)
		}
	} else {
		op.body = append(op.body, l.io(op, "input", nil)...)
	}
	if !notification {
		r, _ := get(m, "result")
		var t target
		if str(r, "kind") == "base" && str(r, "name") == "null" {
			t = target{nullOnly: true} // nullResult says it exactly: no Null shape, no diagnostic
		} else {
			t = l.typ(r, ptr+"/result", op.name+"Result")
		}
		if t.nullOnly {
			trait += ", nullResult: true"
			op.body = append(op.body, l.io(op, "output", nil)...)
		} else {
			trait += `, resultMember: "result"`
			traits := []string{"@required"}
			if t.nullable && !l.shapeNullable(t.id) {
				traits = append(traits, "@nullable")
			}
			op.body = append(op.body, l.io(op, "output", []member{{name: "result", target: t.id, traits: traits}})...)
		}
	}
	op.traits = append(op.traits, trait+")")
	if name == "$/cancelRequest" && notification && l.hasMember(op, "id") {
		// The base protocol, not the meta model, says what this
		// notification does: it names the call to cancel by the id in its
		// params, and "a request that got canceled still needs to return
		// from the server and send a response back" (the result, or the
		// error RequestCancelled).
		op.traits = append(op.traits, `@smithy.rpc#cancels(idMember: "id", response: "required")`)
	}
	if d := str(m, "deprecated"); d != "" {
		op.traits = append(op.traits, "@deprecated(message: "+quote(d)+")")
	}
	return op
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// typ converts a meta model type.
func (l *lspConv) typ(t node.Node, ptr, hint string) target {
	switch str(t, "kind") {
	case "base":
		return l.base(t, ptr)
	case "reference":
		return l.ref(t, ptr)
	case "array":
		name := l.names.take(hint)
		sh := &shape{name: name, kind: "list"}
		l.shapes[name] = sh
		e := l.typ(get2(t, "element"), ptr+"/element", name+"Item")
		m := member{name: "member", target: e.id}
		if e.nullable && !l.shapeNullable(e.id) && e.id != tDocument {
			m.traits = append(m.traits, "@nullable")
		}
		if e.id == tDocument {
			// a document takes null, except as a list element (LSPAny[]:
			// workspace/configuration's result)
			sh.traits = append(sh.traits, "@sparse")
		}
		sh.members = []member{m}
		return target{id: name}
	case "map":
		name := l.names.take(hint)
		sh := &shape{name: name, kind: "map"}
		l.shapes[name] = sh
		k := l.typ(get2(t, "key"), ptr+"/key", name+"Key")
		if kk := l.kindOf(k.id); k.id != tString && kk != "string" && kk != "enum" {
			l.diag(t, ptr+"/key", "key", "a map key that is not a string is modeled as a string")
			k = target{id: tString}
		}
		v := l.typ(get2(t, "value"), ptr+"/value", name+"Value")
		vm := member{name: "value", target: v.id}
		if v.nullable && !l.shapeNullable(v.id) && v.id != tDocument {
			vm.traits = append(vm.traits, "@nullable")
		}
		if v.id == tDocument {
			sh.traits = append(sh.traits, "@sparse")
		}
		sh.members = []member{{name: "key", target: k.id}, vm}
		return target{id: name}
	case "or":
		return l.or(t, ptr, hint)
	case "and":
		name := l.names.take(hint)
		sh := &shape{name: name, kind: "structure"}
		l.shapes[name] = sh
		names := newUniqueNames()
		have := map[string]bool{}
		for i, it := range get2(t, "items").Elems() {
			for _, m := range l.propsOf(it, ptr+"/items/"+itoa(i), name, names, have) {
				sh.members = append(sh.members, m)
			}
		}
		sh.members = append(sh.members, member{name: names.take("additionalProperties"), target: l.unknownMap(), traits: []string{"@jsonUnknown"}})
		return target{id: name}
	case "tuple":
		l.diag(t, ptr, "tuple", "a tuple's position types are not expressible; modeled as a list of documents of its length")
		name := l.names.take(hint)
		n := itoa(get2(t, "items").Len())
		l.shapes[name] = &shape{name: name, kind: "list", traits: []string{"@length(min: " + n + ", max: " + n + ")", "@sparse"},
			members: []member{{name: "member", target: tDocument}}}
		return target{id: name}
	case "literal":
		name := l.names.take(hint)
		sh := &shape{name: name, kind: "structure"}
		l.shapes[name] = sh
		names := newUniqueNames()
		l.structure(sh, get2(get2(t, "value"), "properties"), ptr+"/value/properties", names)
		// open, as the named structures: a TypeScript object literal type
		// ({} included) accepts more properties
		sh.members = append(sh.members, member{name: names.take("additionalProperties"), target: l.unknownMap(), traits: []string{"@jsonUnknown"}})
		return target{id: name}
	case "stringLiteral", "integerLiteral":
		name := l.names.take(hint)
		sh := &shape{name: name}
		l.shapes[name] = sh
		v := get2(t, "value")
		l.enum(sh, t, []node.Node{v}, ptr+"/value", "value")
		return target{id: name}
	case "booleanLiteral":
		l.diag(t, ptr, "booleanLiteral", "a boolean literal is modeled as any boolean")
		return target{id: tBoolean}
	}
	l.diag(t, ptr, "kind", "unknown type kind %q; modeled as a document", str(t, "kind"))
	return target{id: tDocument}
}

func (l *lspConv) base(t node.Node, ptr string) target {
	switch str(t, "name") {
	case "string", "URI", "DocumentUri", "RegExp":
		return target{id: tString}
	case "boolean":
		return target{id: tBoolean}
	case "integer":
		return target{id: tInteger}
	case "uinteger":
		if _, ok := l.shapes["Uinteger"]; !ok {
			l.names.reserve("Uinteger")
			l.shapes["Uinteger"] = &shape{name: "Uinteger", kind: "integer", doc: "An unsigned integer, 0 to 2^31 - 1.",
				traits: []string{"@range(min: 0, max: 2147483647)"}}
		}
		return target{id: "Uinteger"}
	case "decimal":
		return target{id: tBigDecimal}
	case "null":
		return target{id: l.nullShape(t, ptr), nullable: true, nullOnly: true}
	}
	l.diag(t, ptr, "base", "unknown base type %q; modeled as a document", str(t, "name"))
	return target{id: tDocument}
}

// ref converts a reference to a structure, enumeration or type alias.
func (l *lspConv) ref(t node.Node, ptr string) target {
	name := str(t, "name")
	if id, ok := l.done[name]; ok {
		if id == "" {
			l.diag(t, ptr, "reference", "type alias %q refers to itself; modeled as a document", name)
			return target{id: tDocument}
		}
		return target{id: id, nullable: l.shapeNullable(id) || l.aliasNull[name]}
	}
	d, ok := l.defs[name]
	if !ok {
		l.diag(t, ptr, "reference", "unknown type %q; modeled as a document", name)
		return target{id: tDocument}
	}
	switch d.kind {
	case "structures":
		id := l.names.take(orDefault(pascal(name), "Structure"))
		l.done[name] = id
		sh := &shape{name: id, kind: "structure", doc: str(d.n, "documentation")}
		l.shapes[id] = sh
		names := newUniqueNames()
		have := map[string]bool{}
		sh.members = l.propsOf(t, ptr, id, names, have)
		if other, ok := l.closed[name]; ok {
			sh.doc = strings.TrimSpace(sh.doc + "\n\nClosed (no unknown fields): an alternative to " + other +
				" in an untagged union, whose properties include all of this one's; open, it would also accept every " + other + ".")
		} else {
			sh.members = append(sh.members, member{name: names.take("additionalProperties"), target: l.unknownMap(), traits: []string{"@jsonUnknown"}})
		}
		return target{id: id}
	case "enumerations":
		id := l.names.take(orDefault(pascal(name), "Enumeration"))
		l.done[name] = id
		sh := &shape{name: id, doc: str(d.n, "documentation")}
		l.shapes[id] = sh
		base := str(get2(d.n, "type"), "name")
		if b, ok := get(d.n, "supportsCustomValues"); ok && b.Kind() == node.Bool && b.BoolValue() {
			// any value of the base type: the listed ones are documentation
			var vals []string
			for _, v := range get2(d.n, "values").Elems() {
				vals = append(vals, fmt.Sprintf("%s (%s)", nodeText(get2(v, "value")), str(v, "name")))
			}
			sh.doc = strings.TrimSpace(sh.doc + "\n\nKnown values (others are allowed): " + strings.Join(vals, ", ") + ".")
			switch base {
			case "string":
				sh.kind = "string"
			case "uinteger":
				sh.kind, sh.traits = "integer", []string{"@range(min: 0)"}
			default:
				sh.kind = "integer"
			}
			return target{id: id}
		}
		l.enumeration(sh, d)
		return target{id: id}
	default: // typeAliases
		at := get2(d.n, "type")
		switch str(at, "kind") {
		case "reference", "base":
			l.done[name] = ""
			tg := l.typ(at, d.ptr+"/type", pascal(name))
			l.done[name], l.aliasNull[name] = tg.id, tg.nullable
			return tg
		}
		id := l.names.take(orDefault(pascal(name), "Alias"))
		l.done[name] = id
		// the alias's own shape: convert into a fresh name, then rename
		tg := l.typ(at, d.ptr+"/type", id+"Type")
		if sh, ok := l.shapes[tg.id]; ok && tg.id != id {
			delete(l.shapes, tg.id)
			sh.name = id
			if sh.doc == "" {
				sh.doc = str(d.n, "documentation")
			}
			l.shapes[id] = sh
			return target{id: id, nullable: tg.nullable || sh.nullable}
		}
		l.done[name], l.aliasNull[name] = tg.id, tg.nullable
		return tg
	}
}

func nodeText(n node.Node) string {
	if n.Kind() == node.String {
		return quote(n.StringValue())
	}
	return n.NumberText()
}

// propsOf returns the members of a structure reference or literal: its
// own properties, then those of its extends and mixins.
func (l *lspConv) propsOf(t node.Node, ptr, owner string, names *uniqueNames, have map[string]bool) []member {
	switch str(t, "kind") {
	case "literal":
		sh := &shape{name: owner}
		l.structure(sh, get2(get2(t, "value"), "properties"), ptr+"/value/properties", names, have)
		return sh.members
	case "reference":
		d, ok := l.defs[str(t, "name")]
		if !ok || d.kind != "structures" {
			l.diag(t, ptr, "reference", "%q is not a structure; its properties are not merged", str(t, "name"))
			return nil
		}
		// Each structure is merged once into one target: a cycle of
		// extends ends, and a diamond is not walked twice. (have holds
		// "s:" structure names and "p:" property names.)
		visit := "s:" + str(t, "name")
		if have[visit] {
			return nil
		}
		have[visit] = true
		// Own properties first: a subtype that redefines a property
		// (narrowing its type) wins over its parents.
		sh := &shape{name: owner}
		l.structure(sh, get2(d.n, "properties"), d.ptr+"/properties", names, have)
		out := sh.members
		for _, k := range []string{"extends", "mixins"} {
			for i, p := range get2(d.n, k).Elems() {
				out = append(out, l.propsOf(p, d.ptr+"/"+k+"/"+itoa(i), owner, names, have)...)
			}
		}
		return out
	}
	l.diag(t, ptr, "kind", "an %q type cannot be merged into a structure", str(t, "kind"))
	return nil
}

// structure adds the members of a properties list to sh.
func (l *lspConv) structure(sh *shape, props node.Node, ptr string, names *uniqueNames, haveOpt ...map[string]bool) {
	have := map[string]bool{}
	if len(haveOpt) > 0 {
		have = haveOpt[0]
	}
	for i, p := range props.Elems() {
		pname := str(p, "name")
		if pname == "" || have["p:"+pname] {
			continue // defined already, by a subtype (which wins) or a sibling
		}
		have["p:"+pname] = true
		pp := ptr + "/" + itoa(i)
		tg := l.typ(get2(p, "type"), pp+"/type", sh.name+pascal(pname))
		m := member{name: names.take(memberName(pname)), target: tg.id, doc: str(p, "documentation")}
		o, ok := get(p, "optional")
		required := !ok || o.Kind() != node.Bool || !o.BoolValue()
		if required {
			m.traits = append(m.traits, "@required")
		}
		// A type that includes null (LSPAny, T | null) makes the member
		// @nullable, optional ones too: a required member refuses null
		// unless @nullable, and so does an optional one under
		// RejectNullMembers (--nulls reject), where null is not its absence.
		if tg.nullable && !l.shapeNullable(tg.id) {
			m.traits = append(m.traits, "@nullable")
		}
		m.traits = jsonNameTraits(m.name, pname, m.traits)
		sh.members = append(sh.members, m)
	}
}

// or converts an "or" type: null items make it nullable, string literals
// an enum, anything else an untagged union.
func (l *lspConv) or(t node.Node, ptr, hint string) target {
	var items []node.Node
	var ptrs []string
	nullable := false
	allStrings := true
	for i, it := range get2(t, "items").Elems() {
		if str(it, "kind") == "base" && str(it, "name") == "null" {
			nullable = true
			continue
		}
		if str(it, "kind") != "stringLiteral" {
			allStrings = false
		}
		items = append(items, it)
		ptrs = append(ptrs, ptr+"/items/"+itoa(i))
	}
	if l.anyValue(t, map[string]bool{}, 0) {
		// LSPAny: string, decimal, boolean, null, an object of itself and
		// an array of itself is any JSON value, exactly a document (as an
		// untagged union, nested values would be tried against every
		// member at every level)
		return target{id: tDocument, nullable: true}
	}
	if !allStrings {
		// an item whose values are all values of another item adds no
		// value to the union, only ties (lsp_within.go)
		keep := l.pruneSubsumed(items, ptrs)
		if len(keep) < len(items) {
			var ki []node.Node
			var kp []string
			for _, i := range keep {
				ki, kp = append(ki, items[i]), append(kp, ptrs[i])
			}
			items, ptrs = ki, kp
		}
	}
	switch {
	case len(items) == 0:
		return target{id: l.nullShape(t, ptr), nullable: true, nullOnly: true}
	case len(items) == 1:
		tg := l.typ(items[0], ptrs[0], hint)
		tg.nullable = tg.nullable || nullable
		return tg
	case allStrings:
		name := l.names.take(hint)
		sh := &shape{name: name}
		l.shapes[name] = sh
		var vals []node.Node
		for _, it := range items {
			vals = append(vals, get2(it, "value"))
		}
		l.enum(sh, t, vals, ptr, "or")
		return target{id: name, nullable: nullable}
	}
	name := l.names.take(hint)
	sh := &shape{name: name, kind: "union", traits: []string{"@untagged"}}
	l.shapes[name] = sh
	names := newUniqueNames()
	for i, it := range items {
		label := orDefault(pascal(l.label(it, 0)), "Option")
		tg := l.typ(it, ptrs[i], name+label)
		if tg.nullable && !tg.nullOnly {
			nullable = true
		}
		sh.members = append(sh.members, member{name: names.take(lowerCamel(label)), target: tg.id})
	}
	return target{id: name, nullable: nullable}
}

// errors makes the error structures of the ErrorCodes and LSPErrorCodes
// enumerations, except the codes JSON-RPC itself defines.
func (l *lspConv) errors() []string {
	var ids []string
	seen := map[int64]bool{}
	for _, enum := range []string{"ErrorCodes", "LSPErrorCodes"} {
		d, ok := l.defs[enum]
		if !ok {
			continue
		}
		for _, v := range get2(d.n, "values").Elems() {
			code, ok := node.SmallInt(get2(v, "value").NumberText())
			if !ok || code < math.MinInt32 || code > math.MaxInt32 || seen[code] {
				continue
			}
			if code == -32700 || code >= -32603 && code <= -32600 {
				continue // JSON-RPC's own: never an application error
			}
			if n := str(v, "name"); strings.Contains(n, "RangeStart") || strings.Contains(n, "RangeEnd") || strings.HasPrefix(n, "serverError") {
				continue // the bounds of a reserved range, not errors
			}
			seen[code] = true
			name := l.names.take(orDefault(pascal(str(v, "name")), "Error") + "Error")
			trait := "@rpcError(code: " + itoa(int(code)) + ", dataMember: \"data\""
			if code >= -32768 && code <= -32000 {
				trait += ", reservedRange: true"
			}
			l.shapes[name] = &shape{name: name, kind: "structure", doc: str(v, "documentation"),
				traits:  []string{`@error("server")`, trait + ")"},
				members: []member{{name: "data", target: tDocument, doc: "The error's data, any JSON value."}}}
			ids = append(ids, name)
		}
	}
	sort.Strings(ids)
	return ids
}

// anyValue reports whether meta model type t accepts every JSON value: an
// "or" of any string, any number (decimal), boolean, null, an object with
// string keys whose values accept every value, and an array likewise (a
// reference back to an alias being checked counts as every value).
func (l *lspConv) anyValue(t node.Node, visiting map[string]bool, depth int) bool {
	if depth > 16 {
		return false
	}
	switch str(t, "kind") {
	case "reference":
		name := str(t, "name")
		if visiting[name] {
			return true
		}
		d, ok := l.defs[name]
		if !ok || d.kind != "typeAliases" {
			return false
		}
		visiting[name] = true
		defer delete(visiting, name)
		return l.anyValue(get2(d.n, "type"), visiting, depth+1)
	case "or":
	default:
		return false
	}
	have := map[string]bool{}
	for _, it := range get2(t, "items").Elems() {
		k := str(it, "kind")
		// assumed: the item refers back to an alias being checked, whose
		// values are taken to be every value (the check is coinductive)
		assumed := false
		for hops := 0; k == "reference" && hops < 16; hops++ {
			name := str(it, "name")
			d, ok := l.defs[name]
			if !ok || d.kind != "typeAliases" {
				break
			}
			if visiting[name] {
				assumed = true
			} else {
				visiting[name] = true
				defer delete(visiting, name)
			}
			it = get2(d.n, "type")
			k = str(it, "kind")
			if assumed {
				break
			}
		}
		switch k {
		case "base":
			switch str(it, "name") {
			case "string":
				have["string"] = true
			case "decimal":
				have["number"] = true
			case "boolean":
				have["boolean"] = true
			case "null":
				have["null"] = true
			}
		case "map":
			key := get2(it, "key")
			if str(key, "kind") == "base" && str(key, "name") == "string" && (assumed || l.anyValue(get2(it, "value"), visiting, depth+1)) {
				have["object"] = true
			}
		case "array":
			if assumed || l.anyValue(get2(it, "element"), visiting, depth+1) {
				have["array"] = true
			}
		case "or":
			// an "or" that includes itself adds nothing by that item
			if !assumed && l.anyValue(it, visiting, depth+1) {
				return true
			}
		}
	}
	return len(have) == 6
}

// enumeration makes the enum or intEnum of a closed enumeration, each
// value named after the meta model's name for it (MessageType's 1 is
// ERROR, MarkupKind's "plaintext" PLAIN_TEXT) and documented with its
// documentation; values that are not all non-empty strings or all 32-bit
// integers go to the JSON Schema rule (the base type, a diagnostic).
func (l *lspConv) enumeration(sh *shape, d lspDef) {
	var vals []node.Node
	for _, v := range get2(d.n, "values").Elems() {
		vals = append(vals, get2(v, "value"))
	}
	l.enum(sh, d.n, vals, d.ptr+"/values", "values")
	if sh.kind != "enum" && sh.kind != "intEnum" {
		return
	}
	// l.enum keeps the first of duplicate values, in order: name them
	// from the first value definition with that value.
	byValue := map[string]node.Node{}
	for _, v := range get2(d.n, "values").Elems() {
		key := nodeText(get2(v, "value"))
		if _, ok := byValue[key]; !ok {
			byValue[key] = v
		}
	}
	names := newUniqueNames()
	for i := range sh.members {
		v, ok := byValue[sh.members[i].target]
		if !ok {
			continue
		}
		if n := upperSnake(str(v, "name")); n != "" {
			sh.members[i].name = names.take(n)
		} else {
			sh.members[i].name = names.take(sh.members[i].name)
		}
		sh.members[i].doc = str(v, "documentation")
	}
}

// upperSnake makes an enum member name of a meta model value name:
// "PlainText" is PLAIN_TEXT, "UTF16" UTF16, "TypeParameter"
// TYPE_PARAMETER; "" when the name has no letter.
func upperSnake(s string) string {
	var b strings.Builder
	for _, w := range words(s) {
		for i := 0; i < len(w); i++ {
			c := w[i]
			if i > 0 && isUpper(c) && (isLower(w[i-1]) || isDigit(w[i-1]) && i+1 < len(w) && isLower(w[i+1])) {
				b.WriteByte('_')
			}
			if b.Len() > 0 && i == 0 {
				b.WriteByte('_')
			}
			b.WriteString(strings.ToUpper(string(c)))
		}
	}
	out := b.String()
	if out == "" || !isLetter(out[0]) {
		return ""
	}
	return out
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

// hasMember reports whether operation op's input structure has a member
// of that wire name.
func (l *lspConv) hasMember(op *shape, wire string) bool {
	for _, line := range op.body {
		if id, ok := strings.CutPrefix(line, "input: "); ok {
			if sh, ok := l.shapes[id]; ok {
				for _, m := range sh.members {
					if m.name == wire {
						return true
					}
				}
			}
		}
	}
	return false
}

// label names an "or" item after what it is: a reference or base type by
// its name, an array by its element's label and "List" (Location[] is
// LocationList), a string literal by its value, anything else by its
// kind.
func (l *lspConv) label(t node.Node, depth int) string {
	switch k := str(t, "kind"); k {
	case "reference", "base":
		return orDefault(str(t, "name"), k)
	case "array":
		if depth < 4 {
			return pascal(l.label(get2(t, "element"), depth+1)) + "List"
		}
	case "stringLiteral":
		if v := get2(t, "value"); v.Kind() == node.String && pascal(v.StringValue()) != "" {
			return v.StringValue()
		}
	}
	return str(t, "kind")
}

// lowerCamel lowers the leading capitals of an upper-camel-case name:
// MarkupContent is markupContent, URI uri, URIList uriList.
func lowerCamel(s string) string {
	n := 0
	for n < len(s) && isUpper(s[n]) {
		n++
	}
	switch {
	case n == 0:
		return s
	case n > 1 && n < len(s) && isLower(s[n]):
		n-- // the last capital begins the next word
	}
	return strings.ToLower(s[:n]) + s[n:]
}

// closeSubsets finds the structures among the items of an "or" whose
// properties are all properties of another item's structure (LSP's
// XOptions beside XRegistrationOptions, TextEdit beside AnnotatedTextEdit,
// the whole-document change beside the incremental one) and marks them
// closed, with a diagnostic. Open (TypeScript's structural typing, as
// every other structure here), such a structure accepts every value of the
// larger one, its extra properties as unknown fields, and the untagged
// union could not tell the two apart (an untagged-ambiguous advisory on
// correct traffic); closed, the larger one is the only exact fit. Two
// structures that differ by a string literal property (a "kind": "full"
// or "unchanged") are told apart by it and stay open. A structure is
// closed wherever it is used, since it is one shape, so every "or" of the
// model is seen (findOrs) before any shape is made.
func (l *lspConv) closeSubsets(items []node.Node, ptr string) {
	type item struct {
		name  string
		props map[string]node.Node
	}
	var ss []item
	for _, it := range items {
		if name := l.structureOf(it); name != "" {
			ss = append(ss, item{name, l.propsByName(name)})
		}
	}
	if len(ss) > maxOrStructures {
		// Bounded: pairs of items are compared, so a hostile "or" of
		// thousands of structures would be quadratic. LSP's largest has 3.
		l.diag(items[0], ptr, "or", "an \"or\" of %d structures (more than %d) is not searched for alternatives to close; its structures stay open", len(ss), maxOrStructures)
		return
	}
	for i, a := range ss {
		for j, b := range ss {
			if i == j || len(a.props) >= len(b.props) || !subsetUndistinguished(a.props, b.props) {
				continue
			}
			if _, ok := l.closed[a.name]; ok {
				break
			}
			l.closed[a.name] = b.name
			l.diag(l.defs[a.name].n, l.defs[a.name].ptr, "or", "%s is closed (no @jsonUnknown): its properties are all properties of %s, its alternative in an untagged union, which would otherwise also match it; an unknown field of a %s is reported by the service's unknown-member policy", a.name, b.name, a.name)
			break
		}
	}
}

// maxOrStructures bounds the structures of one "or" that closeSubsets
// compares pairwise.
const maxOrStructures = 32

// structureOf returns the structure definition an "or" item refers to,
// through type aliases; "" for anything else.
func (l *lspConv) structureOf(t node.Node) string {
	for hops := 0; hops < 16 && str(t, "kind") == "reference"; hops++ {
		d, ok := l.defs[str(t, "name")]
		switch {
		case !ok:
			return ""
		case d.kind == "structures":
			return str(t, "name")
		case d.kind != "typeAliases":
			return ""
		}
		t = get2(d.n, "type")
	}
	return ""
}

// propsByName returns the properties of a structure definition and its
// parents (wire name -> property; a subtype's own definition of a name
// wins), memoized for the
// structure asked about only: a parent's set is not kept, so that a long
// chain of extends costs what the expansion of the asked structure costs
// (the import makes that expansion anyway), not the sum over the chain.
func (l *lspConv) propsByName(name string) map[string]node.Node {
	if p, ok := l.props[name]; ok {
		return p
	}
	out := map[string]node.Node{}
	seen := map[string]bool{}
	var walk func(name string, depth int)
	walk = func(name string, depth int) {
		d, ok := l.defs[name]
		if !ok || d.kind != "structures" || seen[name] || depth > 256 {
			return // a cycle or a diamond of extends is walked once
		}
		seen[name] = true
		for _, p := range get2(d.n, "properties").Elems() {
			if n := str(p, "name"); n != "" {
				if _, ok := out[n]; !ok {
					out[n] = p
				}
			}
		}
		for _, k := range []string{"extends", "mixins"} {
			for _, r := range get2(d.n, k).Elems() {
				walk(str(r, "name"), depth+1)
			}
		}
	}
	walk(name, 0)
	l.props[name] = out
	return out
}

// subsetUndistinguished reports whether every property of a is one of b
// and no property of both is a string literal of a different value in
// each (which tells the two apart).
func subsetUndistinguished(a, b map[string]node.Node) bool {
	for n, pa := range a {
		pb, ok := b[n]
		if !ok {
			return false
		}
		ta, tb := get2(pa, "type"), get2(pb, "type")
		if str(ta, "kind") == "stringLiteral" && str(tb, "kind") == "stringLiteral" && nodeText(get2(ta, "value")) != nodeText(get2(tb, "value")) {
			return false
		}
	}
	return true
}

// findOrs walks a part of the meta model once and runs closeSubsets on
// every "or" type in it.
func (l *lspConv) findOrs(n node.Node, ptr string, depth int) {
	if depth > 256 {
		return
	}
	switch n.Kind() {
	case node.Object:
		if str(n, "kind") == "or" {
			l.closeSubsets(get2(n, "items").Elems(), ptr+"/items")
		}
		for _, f := range n.Fields() {
			l.findOrs(f.Value, ptr+"/"+escapePointer(f.Key), depth+1)
		}
	case node.Array:
		for i, e := range n.Elems() {
			l.findOrs(e, ptr+"/"+itoa(i), depth+1)
		}
	}
}
