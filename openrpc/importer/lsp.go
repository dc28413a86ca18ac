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
	l := &lspConv{conv: newConv(root), defs: map[string]lspDef{}, done: map[string]string{}}
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
	svcName := opts.Service
	if svcName == "" {
		svcName = "LanguageServer"
	}
	l.names.reserve(svcName)
	svc := &shape{name: svcName, kind: "service",
		doc:    "The Language Server Protocol " + str(get2(root, "metaData"), "version") + ", imported from its meta model.",
		traits: []string{`@jsonRpc(versions: ["2.0"], optionalMethodPrefixes: ["$/"])`}}
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
}

// message makes the operation of one request or notification.
func (l *lspConv) message(m node.Node, ptr, name string, notification bool) *shape {
	op := &shape{name: l.names.take(orDefault(pascal(name), "Method")), kind: "operation", doc: str(m, "documentation")}
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
		} else {
			l.diag(p, ptr+"/params", "params", "params that are not one structure are not expressible as named params; the method takes none")
			op.body = append(op.body, "input := {}")
		}
	} else {
		op.body = append(op.body, "input := {}")
	}
	if !notification {
		r, _ := get(m, "result")
		t := l.typ(r, ptr+"/result", op.name+"Result")
		if t.nullOnly {
			trait += ", nullResult: true"
			op.body = append(op.body, "output := {}")
		} else {
			trait += `, resultMember: "result"`
			traits := []string{"@required"}
			if t.nullable && !l.shapeNullable(t.id) {
				traits = append(traits, "@nullable")
			}
			op.body = append(op.body, renderInline("output", []member{{name: "result", target: t.id, traits: traits}})...)
		}
	}
	op.traits = append(op.traits, trait+")")
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
		l.structure(sh, get2(get2(t, "value"), "properties"), ptr+"/value/properties", newUniqueNames())
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
		return target{id: id, nullable: l.shapeNullable(id)}
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
		sh.members = append(sh.members, member{name: names.take("additionalProperties"), target: l.unknownMap(), traits: []string{"@jsonUnknown"}})
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
		var vals []node.Node
		for _, v := range get2(d.n, "values").Elems() {
			vals = append(vals, get2(v, "value"))
		}
		l.enum(sh, d.n, vals, d.ptr+"/values", "values")
		return target{id: id}
	default: // typeAliases
		at := get2(d.n, "type")
		switch str(at, "kind") {
		case "reference", "base":
			l.done[name] = ""
			tg := l.typ(at, d.ptr+"/type", pascal(name))
			l.done[name] = tg.id
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
		l.done[name] = tg.id
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
		if o, ok := get(p, "optional"); !ok || o.Kind() != node.Bool || !o.BoolValue() {
			m.traits = append(m.traits, "@required")
		}
		if tg.nullable && !l.shapeNullable(tg.id) && tg.id != tDocument {
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
		label := str(it, "name")
		if label == "" {
			label = str(it, "kind")
		}
		tg := l.typ(it, ptrs[i], name+pascal(label))
		if tg.nullable && !tg.nullOnly {
			nullable = true
		}
		sh.members = append(sh.members, member{name: names.take(lowerFirst(orDefault(pascal(label), "option"))), target: tg.id})
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
