package importer

import (
	"fmt"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/node"
)

// OpenRPC imports an OpenRPC document (1.x): one service with @jsonRpc
// (JSON-RPC 2.0), one operation per method with @method, its params as
// input members, its result as the output member that resultMember names,
// its errors as @error structures with @rpcError, and
// components/schemas as shapes.
func OpenRPC(data []byte, opts Options) (*Result, error) {
	ns, err := namespaceOf(opts)
	if err != nil {
		return nil, err
	}
	root, err := parse(data)
	if err != nil {
		return nil, err
	}
	v, ok := root.Get("openrpc")
	if !ok || v.Kind() != node.String {
		return nil, &InputError{Pos: root.Pos(), Message: `not an OpenRPC document: no "openrpc" version string`}
	}
	methods, ok := root.Get("methods")
	if !ok || methods.Kind() != node.Array {
		return nil, &InputError{Pos: root.Pos(), Pointer: "/methods", Message: `an OpenRPC document needs a "methods" array`}
	}
	c := newConv(root)
	info, _ := root.Get("info")
	svcName := opts.Service
	if svcName == "" {
		svcName = pascal(str(info, "title"))
	}
	if svcName == "" {
		svcName = "Service"
	}
	if !isIdentifier(svcName) {
		return nil, &OptionError{Option: "Service", Message: fmt.Sprintf("service name %q is not a Smithy identifier", svcName)}
	}
	c.names.take(svcName)
	svc := &shape{name: svcName, kind: "service", doc: str(info, "description"), traits: []string{`@jsonRpc(versions: ["2.0"])`}}
	if ver := str(info, "version"); ver != "" {
		svc.body = append(svc.body, "version: "+quote(ver))
	}
	errByCode := map[string]string{}
	var ops []*shape
	wire := map[string]bool{}
	for i, m := range methods.Elems() {
		mptr := "/methods/" + itoa(i)
		m, mptr = c.derefObj(m, mptr)
		if m.Kind() != node.Object {
			c.diag(m, mptr, "methods", "a method must be an object; skipped")
			continue
		}
		name := str(m, "name")
		if name == "" || strings.HasPrefix(name, "rpc.") || wire[name] {
			c.diag(m, mptr+"/name", "name", "a method needs a unique name that does not begin with \"rpc.\"; skipped")
			continue
		}
		wire[name] = true
		op := c.method(m, mptr, name, errByCode)
		ops = append(ops, op)
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].name < ops[j].name })
	if len(ops) > 0 {
		var names []string
		for _, op := range ops {
			names = append(names, op.name)
		}
		svc.body = append(svc.body, "operations: ["+strings.Join(names, ", ")+"]")
	}
	first := append([]*shape{svc}, ops...)
	return &Result{IDL: writeIDL(ns, first, c.shapes), Diagnostics: c.sorted()}, nil
}

// derefObj follows a $ref of an OpenRPC object (method, content
// descriptor, error).
func (c *conv) derefObj(n node.Node, ptr string) (node.Node, string) {
	if r := str(n, "$ref"); r != "" {
		if t, tptr, ok := c.resolve(r); ok {
			return c.derefObj(t, tptr)
		}
		c.diag(n, ptr+"/$ref", "$ref", "reference %q cannot be resolved inside the document", r)
	}
	return n, ptr
}

// method makes the operation of one OpenRPC method.
func (c *conv) method(m node.Node, mptr, name string, errByCode map[string]string) *shape {
	opName := c.names.take(pascal(name))
	if opName == "" || !isIdentifier(opName) {
		opName = c.names.take("Method")
	}
	op := &shape{name: opName, kind: "operation"}
	op.doc = strings.TrimSpace(str(m, "summary") + "\n\n" + str(m, "description"))
	mode := "either"
	if ps := str(m, "paramStructure"); ps != "" {
		switch ps {
		case "by-name":
			mode = "named"
		case "by-position":
			mode = "positional"
		case "either":
		default:
			c.diag(m, mptr+"/paramStructure", "paramStructure", "unknown paramStructure %q; taken as either", ps)
		}
	}
	var in []member
	names := newUniqueNames()
	var positional, wireNames []string
	if params, ok := get(m, "params"); ok && params.Kind() == node.Array {
		for i, p := range params.Elems() {
			pptr := mptr + "/params/" + itoa(i)
			p, pptr = c.derefObj(p, pptr)
			pname := str(p, "name")
			if pname == "" {
				c.diag(p, pptr, "name", "a content descriptor needs a name; skipped")
				continue
			}
			sch, _ := get(p, "schema")
			mem := c.descriptorMember(names, p, sch, pptr, opName+pascal(pname))
			if r, ok := get(p, "required"); ok && r.Kind() == node.Bool && r.BoolValue() {
				mem.traits = append([]string{"@required"}, mem.traits...)
			}
			if mode == "named" {
				mem.traits = jsonNameTraits(mem.name, pname, mem.traits)
			}
			in = append(in, mem)
			wireNames = append(wireNames, pname)
			positional = append(positional, quote(mem.name))
		}
	}
	if mode == "either" && len(in) > 0 {
		// by name the wire name must match too
		for i := range in {
			in[i].traits = jsonNameTraits(in[i].name, wireNames[i], in[i].traits)
		}
	}
	trait := "@method(name: " + quote(name) + ", params: " + quote(mode)
	if mode != "named" {
		trait += ", positional: [" + strings.Join(positional, ", ") + "]"
	}
	var out []member
	if r, ok := get(m, "result"); ok {
		rptr := mptr + "/result"
		r, rptr = c.derefObj(r, rptr)
		rname := str(r, "name")
		if rname == "" {
			rname = "result"
		}
		sch, _ := get(r, "schema")
		mem := c.descriptorMember(newUniqueNames(), r, sch, rptr, opName+"Result")
		mem.traits = append([]string{"@required"}, mem.traits...)
		if _, named := get(r, "name"); named {
			// not on the wire (the result is the member's value), but
			// the descriptor's name survives an export
			mem.traits = jsonNameTraits(mem.name, rname, mem.traits)
		}
		out = append(out, mem)
		trait += ", resultMember: " + quote(mem.name)
	} else {
		trait += `, kind: "notification"`
	}
	op.traits = append(op.traits, trait+")")
	if d, ok := get(m, "deprecated"); ok && d.Kind() == node.Bool && d.BoolValue() {
		op.traits = append(op.traits, "@deprecated")
	}
	if ed, ok := get(m, "externalDocs"); ok {
		if u := str(ed, "url"); u != "" {
			label := str(ed, "description")
			if label == "" {
				label = "Documentation"
			}
			op.traits = append(op.traits, "@externalDocumentation("+quote(label)+": "+quote(u)+")")
		}
	}
	op.body = append(op.body, renderInline("input", in)...)
	if _, ok := get(m, "result"); ok {
		op.body = append(op.body, renderInline("output", out)...)
	}
	if errs, ok := get(m, "errors"); ok && errs.Kind() == node.Array {
		var ids []string
		seen := map[string]bool{}
		for i, e := range errs.Elems() {
			eptr := mptr + "/errors/" + itoa(i)
			e, eptr = c.derefObj(e, eptr)
			if id := c.errorShape(e, eptr, errByCode); id != "" && !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
		if len(ids) > 0 {
			op.body = append(op.body, "errors: ["+strings.Join(ids, ", ")+"]")
		}
	}
	if ex, ok := get(m, "examples"); ok && ex.Len() > 0 {
		c.diag(ex, mptr+"/examples", "examples", "example pairings are not imported")
	}
	return op
}

// descriptorMember makes the member of a content descriptor.
func (c *conv) descriptorMember(names *uniqueNames, d, sch node.Node, ptr, hint string) member {
	mname := names.take(memberName(str(d, "name")))
	if sch.Kind() == 0 {
		c.diag(d, ptr, "schema", "a content descriptor needs a schema; modeled as a document")
		sch = node.NewBool(true)
	}
	tg := c.schema(sch, ptr+"/schema", hint)
	mem := member{name: mname, target: tg.id, doc: strings.TrimSpace(str(d, "summary") + "\n\n" + str(d, "description"))}
	if mem.doc == "" {
		mem.doc = str(sch, "title")
		if str(sch, "$ref") == "" {
			mem.doc = ""
		}
	}
	if tg.nullable && tg.id != tDocument && !c.shapeNullable(tg.id) {
		mem.traits = append(mem.traits, "@nullable")
	}
	if dep, ok := get(d, "deprecated"); ok && dep.Kind() == node.Bool && dep.BoolValue() {
		mem.traits = append(mem.traits, "@deprecated")
	}
	return mem
}

// renderInline renders "input := { ... }" lines of an operation.
func renderInline(kw string, ms []member) []string {
	if len(ms) == 0 {
		return []string{kw + " := {}"}
	}
	var b strings.Builder
	for i, m := range ms {
		if i > 0 && (m.doc != "" || len(m.traits) > 0) {
			b.WriteByte('\n')
		}
		writeDoc(&b, "    ", m.doc)
		writeTraits(&b, "    ", m.traits)
		b.WriteString("    " + m.name + ": " + m.target + "\n")
	}
	lines := []string{kw + " := {"}
	lines = append(lines, strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")...)
	return append(lines, "}")
}

// errorShape makes (once per code) the @error structure of an OpenRPC
// error object and returns its name ("" when the error is skipped).
func (c *conv) errorShape(e node.Node, ptr string, byCode map[string]string) string {
	code, ok := get(e, "code")
	if !ok || code.Kind() != node.Number {
		c.diag(e, ptr, "code", "an error needs an integer code; skipped")
		return ""
	}
	n, ok := node.SmallInt(code.NumberText())
	if !ok || n < -1<<31 || n > 1<<31-1 {
		c.diag(code, ptr+"/code", "code", "error code %s is not a 32-bit integer; skipped", code.NumberText())
		return ""
	}
	if n == -32700 || n >= -32603 && n <= -32600 {
		c.diag(code, ptr+"/code", "code", "error code %d is defined by JSON-RPC itself; skipped", n)
		return ""
	}
	key := code.NumberText()
	if id, ok := byCode[key]; ok {
		return id
	}
	base := pascal(str(e, "message"))
	if base == "" {
		base = "Error" + strings.ReplaceAll(key, "-", "Minus")
	} else if !strings.HasSuffix(base, "Error") {
		base += "Error"
	}
	name := c.names.take(base)
	byCode[key] = name
	trait := "@rpcError(code: " + key + ", dataMember: \"data\""
	if n >= -32768 && n <= -32000 {
		trait += ", reservedRange: true"
	}
	doc := str(e, "message")
	if doc != "" {
		doc = "The error \"" + doc + "\" (code " + key + ")."
	}
	c.shapes[name] = &shape{name: name, kind: "structure", doc: doc,
		traits:  []string{`@error("client")`, trait + ")"},
		members: []member{{name: "data", target: tDocument, doc: "The error's data, any JSON value."}}}
	return name
}

// sorted returns the diagnostics ordered by position, then pointer, with
// duplicates removed.
func (c *conv) sorted() []Diagnostic {
	d := c.diags
	sort.SliceStable(d, func(i, j int) bool {
		a, b := d[i], d[j]
		if a.Source != b.Source {
			return a.Source < b.Source
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		if a.Pos.Column != b.Pos.Column {
			return a.Pos.Column < b.Pos.Column
		}
		if a.Pointer != b.Pointer {
			return a.Pointer < b.Pointer
		}
		return a.Message < b.Message
	})
	out := d[:0:0]
	for i, x := range d {
		if i > 0 && x == d[i-1] {
			continue
		}
		out = append(out, x)
	}
	return out
}
