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
	c.expandAllOf = opts.expandAllOf
	info, _ := root.Get("info")
	svcName := opts.Service
	if _, short, ok := strings.Cut(str(root, "x-smithy-service"), "#"); ok && svcName == "" && isIdentifier(short) {
		svcName = short // the service's own name, as `smithy openrpc` writes it
	}
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
	c.exported = str(root, "x-smithy-service") != ""
	svc := &shape{name: svcName, kind: "service", doc: str(info, "description"), traits: []string{c.jsonRPCTrait()}}
	if t := str(info, "title"); c.exported && t != "" && t != svcName {
		// The export's title is the service's @title, else its name.
		svc.traits = append(svc.traits, "@title("+quote(t)+")")
	}
	if t := externalDocsTrait(root); t != "" {
		svc.traits = append(svc.traits, t)
	}
	if ver := str(info, "version"); ver != "" {
		svc.body = append(svc.body, "version: "+quote(ver))
	}
	// Names are given in a fixed order, so that they do not depend on
	// which schema a method reaches first: the service, the operations,
	// the components (after their keys), then the shapes of inline
	// schemas as the methods reach them.
	type method struct {
		m             node.Node
		ptr, name, op string
		io            opIO
	}
	var list []method
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
		base := pascal(name)
		if _, short, ok := strings.Cut(str(m, "x-smithy-operation"), "#"); ok && isIdentifier(short) {
			// The operation's own name, as `smithy openrpc` writes it.
			base = short
		}
		opName := c.names.take(base)
		if opName == "" || !isIdentifier(opName) {
			opName = c.names.take("Method")
		}
		// The operation's inline input and output structures take these
		// names (Smithy IDL); a component must not. An input or output
		// that x-smithy-input / x-smithy-output names is that component.
		io := c.methodIO(m, mptr)
		var keys []string
		for _, k := range []struct{ key, suffix string }{{io.in, "Input"}, {io.out, "Output"}} {
			if k.key == "" {
				c.names.reserve(opName + k.suffix)
			} else {
				keys = append(keys, k.key)
			}
		}
		c.ioKeys = append(c.ioKeys, keys...)
		list = append(list, method{m, mptr, name, opName, io})
	}
	c.fixComponentNames(methods)
	errByCode := map[int64]*importedError{}
	var ops []*shape
	var cands []*candidate
	for _, m := range list {
		op, ex := c.method(m.m, m.ptr, m.name, m.op, m.io, errByCode)
		ops = append(ops, op)
		if ex != nil {
			cands = append(cands, c.pairings(ex)...)
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].name < ops[j].name })
	if len(ops) > 0 {
		var names []string
		for _, op := range ops {
			names = append(names, op.name)
		}
		svc.body = append(svc.body, "operations: ["+strings.Join(names, ", ")+"]")
	}
	c.nameMixins()
	c.dropUnusedUnknownMap()
	c.breakRecursion()
	c.dropUniqueItems()
	first := append([]*shape{svc}, ops...)
	idl := writeIDL(ns, first, c.shapes)
	if len(cands) > 0 {
		idl = c.withExamples(idl, ns, first, cands)
	}
	return &Result{IDL: idl, Diagnostics: c.sorted()}, nil
}

// fixComponentNames names every components/schemas entry that the
// methods reach after its key (in document order, unique without regard
// to case) before any shape is made: a shape made for an inline schema
// then never takes a component's name, and an export of the import,
// whose component keys are the shape names, is imported with the same
// names again. A component no method reaches gets no shape and takes no
// name.
func (c *conv) fixComponentNames(methods node.Node) {
	comps, _ := get(c.root, "components")
	schemas, _ := get(comps, "schemas")
	if schemas.Kind() != node.Object {
		return
	}
	reached := map[string]bool{}
	var walk func(n node.Node, depth int)
	reach := func(ref string, depth int) {
		if t, tptr, ok := c.resolve(ref); ok && !reached[tptr] {
			reached[tptr] = true
			walk(t, depth+1)
		}
	}
	walk = func(n node.Node, depth int) {
		if depth > maxWalkDepth {
			return
		}
		switch n.Kind() {
		case node.Object:
			for _, f := range n.Fields() {
				if f.Key == "$ref" && f.Value.Kind() == node.String {
					reach(f.Value.StringValue(), depth)
					continue
				}
				walk(f.Value, depth+1)
			}
		case node.Array:
			for _, e := range n.Elems() {
				walk(e, depth+1)
			}
		}
	}
	walk(methods, 0)
	// The input and output structures x-smithy-input and
	// x-smithy-output name.
	for _, k := range c.ioKeys {
		reach("#/components/schemas/"+escapePointer(k), 1)
	}
	// The error an x-smithy-errors entry names is the component of its
	// shape's name (see extError).
	for _, m := range methods.Elems() {
		xs, _ := get(m, "x-smithy-errors")
		for _, x := range xs.Elems() {
			if _, short, ok := strings.Cut(str(x, "error"), "#"); ok && short != "" {
				reach("#/components/schemas/"+escapePointer(short), 1)
			}
		}
	}
	c.fixed = make(map[string]string, schemas.Len())
	for _, f := range schemas.Fields() {
		ptr := "/components/schemas/" + escapePointer(f.Key)
		if _, dup := c.fixed[ptr]; dup || !reached[ptr] {
			continue
		}
		c.fixed[ptr] = c.names.take(c.nameFor(ptr))
	}
}

// dropUnusedUnknownMap removes the shared @jsonUnknown map when no member
// targets it any more (extError takes the member out of error
// structures whose data is a member or none).
func (c *conv) dropUnusedUnknownMap() {
	if c.unknown == "" {
		return
	}
	for _, sh := range c.shapes {
		for _, m := range sh.members {
			if m.target == c.unknown {
				return
			}
		}
	}
	delete(c.shapes, c.unknown)
	c.unknown = ""
}

// maxWalkDepth bounds the nesting fixComponentNames follows (the parser
// bounds a document's depth; references add to it).
const maxWalkDepth = 10000

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

// opIO is what a method written by `smithy openrpc` says of its
// operation's input and output structures: the component keys that
// x-smithy-input and x-smithy-output name ("" for none), and whether the
// method is such an export (x-smithy-operation): then an absent
// x-smithy-input or x-smithy-output means the operation has none.
type opIO struct {
	in, out  string
	exported bool
}

// methodIO reads x-smithy-operation, x-smithy-input and x-smithy-output.
func (c *conv) methodIO(m node.Node, mptr string) opIO {
	io := opIO{exported: str(m, "x-smithy-operation") != ""}
	for _, k := range []string{"x-smithy-input", "x-smithy-output"} {
		v, ok := get(m, k)
		if !ok {
			continue
		}
		key := c.componentOf(v)
		if key == "" {
			c.diag(v, mptr+"/"+k, k, "%s must be the shape ID of a structure whose schema is in components/schemas; ignored", k)
			io.exported = false
			continue
		}
		if k == "x-smithy-input" {
			io.in = key
		} else {
			io.out = key
		}
	}
	return io
}

// componentOf returns the components/schemas key of the object schema a
// shape ID names: the shape's name, or its namespace and name (as the
// export names two shapes that share a name); "" when there is none.
func (c *conv) componentOf(v node.Node) string {
	if v.Kind() != node.String {
		return ""
	}
	ns, name, ok := strings.Cut(v.StringValue(), "#")
	if !ok || !isIdentifier(name) || strings.Contains(name, "$") {
		return ""
	}
	for _, k := range []string{name, ns + "." + name} {
		if comp, _, found := c.resolve("#/components/schemas/" + escapePointer(k)); found && comp.Kind() == node.Object {
			if t, _ := types(comp); len(t) == 1 && t[0] == "object" {
				return k
			}
		}
	}
	return ""
}

// ioShape is the structure of the component key (an operation's input or
// output that the export names), nil when the component is no structure.
func (c *conv) ioShape(key, ptr string, at node.Node) *shape {
	ref := node.NewObject(node.Field{Key: "$ref", Value: node.NewString("#/components/schemas/" + escapePointer(key)).At(at.Pos())}).At(at.Pos())
	tg := c.schema(ref, ptr, key)
	if sh := c.shapes[tg.id]; sh != nil && sh.kind == "structure" && !tg.nullable {
		return sh
	}
	c.diag(at, ptr, "schema", "the component %q is not a structure's schema; the operation's structure is made from the descriptors", key)
	return nil
}

// adopt gives the members of sh, an input or output structure made from
// its component, what the content descriptors descs say of them: the
// member name x-smithy-member gives (with @jsonName when the wire name
// differs), the description and deprecation. It returns the members'
// names in descriptor order; ok is false when a descriptor names no
// property of the structure.
func (c *conv) adopt(sh *shape, descs []node.Node) (names []string, ok bool) {
	taken := map[string]bool{}
	for _, m := range sh.members {
		taken[strings.ToLower(m.name)] = true
	}
	used := map[int]bool{}
	for _, d := range descs {
		wire := str(d, "name")
		i := -1
		for j := range sh.members {
			if sh.members[j].wireName() == wire && !sh.members[j].unknown() {
				i = j
				break
			}
		}
		if i < 0 || used[i] {
			return nil, false // no such property, or two descriptors of one
		}
		used[i] = true
		m := &sh.members[i]
		if _, want, found := strings.Cut(str(d, "x-smithy-member"), "$"); found && isIdentifier(want) && want != m.name && !taken[strings.ToLower(want)] {
			delete(taken, strings.ToLower(m.name))
			taken[strings.ToLower(want)] = true
			kept := m.traits[:0:0]
			for _, t := range m.traits {
				if !strings.HasPrefix(t, "@jsonName(") {
					kept = append(kept, t)
				}
			}
			m.name, m.wire = want, wire
			m.traits = jsonNameTraits(want, wire, kept)
		}
		if doc := strings.TrimSpace(str(d, "summary") + "\n\n" + str(d, "description")); doc != "" {
			if t := c.shapes[m.target]; t == nil || t.doc != doc {
				m.doc = doc
			}
		}
		if dep, ok := get(d, "deprecated"); ok && dep.Kind() == node.Bool && dep.BoolValue() && !hasTrait(m.traits, "@deprecated") {
			m.traits = append(m.traits, "@deprecated")
		}
		names = append(names, m.name)
	}
	return names, true
}

func hasTrait(traits []string, t string) bool {
	for _, x := range traits {
		if x == t {
			return true
		}
	}
	return false
}

// method makes the operation of one OpenRPC method, and returns what its
// Example Pairings need (nil when it has none).
func (c *conv) method(m node.Node, mptr, name, opName string, io opIO, errByCode map[int64]*importedError) (*shape, *pairingSource) {
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
	var descs []node.Node
	var dptrs []string
	if params, ok := get(m, "params"); ok && params.Kind() == node.Array {
		for i, p := range params.Elems() {
			pptr := mptr + "/params/" + itoa(i)
			p, pptr = c.derefObj(p, pptr)
			if str(p, "name") == "" {
				c.diag(p, pptr, "name", "a content descriptor needs a name; skipped")
				continue
			}
			descs, dptrs = append(descs, p), append(dptrs, pptr)
		}
	}
	var inputLine string
	var in []member
	var positional, inputNames []string
	var pnames []paramName
	if io.in != "" {
		if sh := c.ioShape(io.in, mptr+"/x-smithy-input", m); sh != nil {
			// By position every member is a param (rpc's rule): a
			// component with more members is not this method's input.
			if names, ok := c.adopt(sh, descs); ok && (mode == "named" || len(names) == len(sh.members)) {
				inputLine = "input: " + sh.name
				for i, n := range names {
					positional = append(positional, quote(n))
					pnames = append(pnames, paramName{wire: str(descs[i], "name"), member: n})
				}
				for _, mem := range sh.members {
					inputNames = append(inputNames, mem.name)
				}
			} else {
				c.diag(m, mptr+"/params", "params", "the params are not the properties of the component x-smithy-input names; the input is made from the descriptors")
			}
		}
	}
	if inputLine == "" && (len(descs) > 0 || !io.exported) {
		names := newUniqueNames()
		var wireNames []string
		seen := map[string]bool{}
		for i, p := range descs {
			pname := str(p, "name")
			sch, _ := get(p, "schema")
			r, _ := get(p, "required")
			required := r.Kind() == node.Bool && r.BoolValue()
			mem := c.descriptorMember(names, p, sch, dptrs[i], opName+pascal(pname), required)
			if required {
				mem.traits = append([]string{"@required"}, mem.traits...)
			}
			if seen[pname] && mode != "positional" {
				// OpenRPC requires unique names; two members with one
				// @jsonName are a model Smithy rejects (JsonName), so by
				// name the later descriptor is its member's name.
				c.diag(p, dptrs[i]+"/name", "name", "a second param named %q; by name it is %q", pname, mem.name)
				pname = mem.name
			}
			seen[pname] = true
			if mode == "named" {
				mem.traits = jsonNameTraits(mem.name, pname, mem.traits)
			}
			in = append(in, mem)
			wireNames = append(wireNames, pname)
			pnames = append(pnames, paramName{wire: pname, member: mem.name})
			positional = append(positional, quote(mem.name))
			inputNames = append(inputNames, mem.name)
		}
		if mode == "either" && len(in) > 0 {
			// by name the wire name must match too
			for i := range in {
				in[i].traits = jsonNameTraits(in[i].name, wireNames[i], in[i].traits)
			}
		}
	}
	trait := "@method(name: " + quote(name) + ", params: " + quote(mode)
	if mode != "named" {
		trait += ", positional: [" + strings.Join(positional, ", ") + "]"
	}
	var outputLine string
	var out []member
	rkind, rmember := resultNone, ""
	r, answered := get(m, "result")
	if answered {
		rptr := mptr + "/result"
		r, rptr = c.derefObj(r, rptr)
		rname := str(r, "name")
		if rname == "" {
			rname = "result"
		}
		sch, _ := get(r, "schema")
		var outShape *shape
		if io.out != "" {
			outShape = c.ioShape(io.out, mptr+"/x-smithy-output", m)
		}
		_, hasMember := get(r, "x-smithy-member")
		switch {
		case isNullType(sch) && rname == "result":
			// A result that is always null: @method(nullResult) with an
			// empty output, which the export writes back as this
			// descriptor (named "result", as it always names it).
			trait += ", nullResult: true"
			rkind = resultNull
			if outShape != nil {
				outputLine = "output: " + outShape.name
			}
		case outShape != nil && hasMember:
			// The output member that resultMember names.
			if names, ok := c.adopt(outShape, []node.Node{r}); ok {
				trait += ", resultMember: " + quote(names[0])
				outputLine = "output: " + outShape.name
				rkind, rmember = resultMember, names[0]
			}
		case outShape != nil && str(sch, "$ref") == "#/components/schemas/"+escapePointer(io.out):
			// The whole output is the result.
			outputLine = "output: " + outShape.name
			rkind = resultWhole
		case io.exported && io.out == "" && !hasMember && isObjectOnly(sch):
			// No output (smithy.api#Unit): the result is {}.
			outputLine = "-"
			rkind = resultWhole
		}
		if outputLine == "" && !strings.Contains(trait, "nullResult") {
			mem := c.descriptorMember(newUniqueNames(), r, sch, rptr, opName+"Result", true)
			mem.traits = append([]string{"@required"}, mem.traits...)
			if _, named := get(r, "name"); named {
				// not on the wire (the result is the member's value), but
				// the descriptor's name survives an export
				mem.traits = jsonNameTraits(mem.name, rname, mem.traits)
			}
			out = append(out, mem)
			trait += ", resultMember: " + quote(mem.name)
			rkind, rmember = resultMember, mem.name
		}
	} else if io.out != "" {
		if sh := c.ioShape(io.out, mptr+"/x-smithy-output", m); sh != nil {
			outputLine = "output: " + sh.name
		}
	}
	fields, extTraits, kind := c.methodExtension(m, mptr, inputNames)
	switch {
	case !answered && kind != "notification":
		if kind != "" {
			c.diag(m, mptr+"/x-smithy-method/kind", "kind", "a method without a result is a notification (OpenRPC 1.3), not %q", kind)
			fields = dropField(fields, "kind")
		}
		trait += `, kind: "notification"`
	case answered && kind == "notification":
		c.diag(m, mptr+"/x-smithy-method/kind", "kind", "a method with a result is not a notification; the kind is left out")
		fields = dropField(fields, "kind")
	}
	for _, f := range fields {
		trait += ", " + f
	}
	op.traits = append(op.traits, trait+")")
	op.traits = append(op.traits, extTraits...)
	if tags := c.tags(m, mptr); tags != "" {
		op.traits = append(op.traits, tags)
	}
	if d, ok := get(m, "deprecated"); ok && d.Kind() == node.Bool && d.BoolValue() {
		op.traits = append(op.traits, "@deprecated")
	}
	if t := externalDocsTrait(m); t != "" {
		op.traits = append(op.traits, t)
	}
	switch {
	case inputLine != "":
		op.body = append(op.body, inputLine)
	case len(in) > 0 || !io.exported:
		op.body = append(op.body, renderInline("input", in)...)
	}
	switch {
	case outputLine == "-":
	case outputLine != "":
		op.body = append(op.body, outputLine)
	case answered && (!io.exported || len(out) > 0):
		op.body = append(op.body, renderInline("output", out)...)
	}
	errs, hasErrs := get(m, "errors")
	if hasErrs && !answered && errs.Len() > 0 {
		// A method without a result is a notification (OpenRPC 1.3), and
		// JSON-RPC 2.0 forbids answering one: none of its errors can be
		// sent (the rpc module refuses a notification that lists errors).
		c.diag(errs, mptr+"/errors", "errors", "a method without a result is a notification, which is never answered: its errors are not imported")
		hasErrs = false
	}
	if hasErrs && errs.Kind() == node.Array {
		ext := map[int64]node.Node{}
		if xs, ok := get(m, "x-smithy-errors"); ok && xs.Kind() == node.Array {
			for _, x := range xs.Elems() {
				if cn, ok := get(x, "code"); ok && cn.Kind() == node.Number {
					if n, ok := node.SmallInt(cn.NumberText()); ok {
						ext[n] = x
					}
				}
			}
		}
		var ids []string
		seen := map[string]bool{}
		for i, e := range errs.Elems() {
			eptr := mptr + "/errors/" + itoa(i)
			e, eptr = c.derefObj(e, eptr)
			if id := c.errorShape(e, eptr, errByCode, ext); id != "" && !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
		if len(ids) > 0 {
			op.body = append(op.body, "errors: ["+strings.Join(ids, ", ")+"]")
		}
	}
	ex, ok := get(m, "examples")
	if !ok {
		return op, nil
	}
	if ex.Kind() != node.Array {
		c.diag(ex, mptr+"/examples", "examples", "examples must be an array of Example Pairings; not imported")
		return op, nil
	}
	if ex.Len() == 0 {
		return op, nil
	}
	return op, &pairingSource{op: op, method: name, ptr: mptr, list: ex, params: pnames, byPosition: mode != "named", result: rkind, member: rmember}
}

// isObjectOnly reports whether s is exactly {"type": "object"}: the
// export's schema of smithy.api#Unit.
func isObjectOnly(s node.Node) bool {
	t, ok := get(s, "type")
	return ok && s.Len() == 1 && t.Kind() == node.String && t.StringValue() == "object"
}

func dropField(fields []string, key string) []string {
	out := fields[:0:0]
	for _, f := range fields {
		if !strings.HasPrefix(f, key+": ") {
			out = append(out, f)
		}
	}
	return out
}

// tags renders a method's tags (Tag Objects, or references to
// components/tags) as @tags, "" when it has none.
func (c *conv) tags(m node.Node, mptr string) string {
	ts, ok := get(m, "tags")
	if !ok {
		return ""
	}
	var names []string
	for i, t := range ts.Elems() {
		t, _ = c.derefObj(t, mptr+"/tags/"+itoa(i))
		if n := str(t, "name"); n != "" {
			names = append(names, quote(n))
		} else {
			c.diag(t, mptr+"/tags/"+itoa(i), "tags", "a tag needs a name; skipped")
		}
	}
	if len(names) == 0 {
		return ""
	}
	return "@tags([" + strings.Join(names, ", ") + "])"
}

// externalDocsTrait is the @externalDocumentation of the externalDocs of
// the document (the service's) or of a method (the operation's): its
// description names the one entry ("Documentation" when it has none).
func externalDocsTrait(n node.Node) string {
	ed, ok := get(n, "externalDocs")
	if !ok {
		return ""
	}
	u := str(ed, "url")
	if u == "" {
		return ""
	}
	label := str(ed, "description")
	if label == "" {
		label = "Documentation"
	}
	return "@externalDocumentation(" + quote(label) + ": " + quote(u) + ")"
}

// schemaDocIsMember reports whether the description of a member's schema
// sch (at ptr) documents the member rather than its target id: beside a
// $ref, on a prelude type, on a schema that defines no shape of its own
// (a null wrapper of another shape).
func (c *conv) schemaDocIsMember(sch node.Node, ptr, id string) bool {
	ts, local := c.shapes[id]
	return str(sch, "$ref") != "" || !local || ts.ptr != ptr && !strings.HasPrefix(ts.ptr, ptr+"/")
}

// descriptorMember makes the member of a content descriptor (required: a
// required param, or the result).
func (c *conv) descriptorMember(names *uniqueNames, d, sch node.Node, ptr, hint string, required bool) member {
	mname := names.take(memberName(str(d, "name")))
	if sch.Kind() == 0 {
		c.diag(d, ptr, "schema", "a content descriptor needs a schema; modeled as a document")
		sch = node.NewBool(true)
	}
	c.memberDefault[ptr+"/schema"] = true
	tg := c.schema(sch, ptr+"/schema", hint)
	mem := member{name: mname, target: tg.id, doc: strings.TrimSpace(str(d, "summary") + "\n\n" + str(d, "description"))}
	if d, ok := get(sch, "description"); ok && mem.doc != "" && d.Kind() == node.String && d.StringValue() != "" && d.StringValue() != mem.doc && c.schemaDocIsMember(sch, ptr+"/schema", tg.id) {
		c.diag(d, ptr+"/schema/description", "description", "the schema's description is dropped: the param's own documents the member")
	}
	if mem.doc == "" {
		// No documentation of the descriptor's own: the schema's
		// description (or a reference's title) where a property's would
		// be the member's (propMember): beside a $ref, on a prelude type,
		// on a schema that defines no shape of its own. The title of an
		// inline schema is a name (Ethereum's "hydrated"), not
		// documentation.
		if str(sch, "$ref") != "" {
			mem.doc = docOf(sch)
		} else if c.schemaDocIsMember(sch, ptr+"/schema", tg.id) {
			mem.doc = str(sch, "description")
		}
	}
	mem.doc = c.wrapperDoc(sch, ptr+"/schema", tg.id, mem.doc)
	if c.nullableMember(tg, required) {
		mem.traits = append(mem.traits, "@nullable")
	}
	mem.traits = append(mem.traits, tg.traits...)
	if dv, ok := get(sch, "default"); ok {
		// The param's default, as a property's (propMember).
		if k := c.defaultOutOfBounds(dv, sch, ptr+"/schema"); k != "" {
			c.diag(dv, ptr+"/schema/default", "default", "a default that breaks the schema's %s is not kept (Smithy rejects a @default its target's constraints reject)", k)
		} else if t := c.defaultTrait(dv, tg.id, tg.traits); t != "" {
			mem.traits = append(mem.traits, t)
		} else {
			c.diag(dv, ptr+"/schema/default", "default", "a default that Smithy cannot give the member's type (%s) is not kept", c.describeKind(tg.id))
		}
	}
	if dep, ok := get(d, "deprecated"); ok && dep.Kind() == node.Bool && dep.BoolValue() {
		mem.traits = append(mem.traits, "@deprecated")
	}
	return mem
}

// io renders the input or output (kw) of op with members ms: inline
// (`input := {...}`, the structure Smithy names <op>Input or <op>Output)
// when that name is free, else a structure of its own under a free name,
// when a shape of the import took it (the union of params that are not
// one structure, a type or definition of that name): two shapes of one
// name would be a model `smithy validate` rejects. The LSP and MCP imports
// use it; the OpenRPC import reserves the names before any component
// takes one (methodIO).
func (c *conv) io(op *shape, kw string, ms []member) []string {
	suffix := map[string]string{"input": "Input", "output": "Output"}[kw]
	if !c.names.used[strings.ToLower(op.name+suffix)] {
		c.names.reserve(op.name + suffix)
		return renderInline(kw, ms)
	}
	name := c.names.take(op.name + suffix)
	c.shapes[name] = &shape{name: name, kind: "structure", members: ms}
	return []string{kw + ": " + name}
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

// importedError is the error shape made for a code, and the message it
// was made from.
type importedError struct{ name, message, ptr string }

// errorShape makes (once per code) the @error structure of an OpenRPC
// error object and returns its name ("" when the error is skipped). The
// rpc module gives a code one error shape per service, so a code that
// methods describe with different messages keeps the first message (a
// diagnostic says so). ext is the method's x-smithy-errors entry of that
// code, written by `smithy openrpc`: it names the error shape and says
// where its data is, so that an export of a Smithy model imports back to
// the same error structures.
func (c *conv) errorShape(e node.Node, ptr string, byCode map[int64]*importedError, ext map[int64]node.Node) string {
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
	msg := str(e, "message")
	if prev, ok := byCode[n]; ok {
		if msg != prev.message {
			c.diag(e, ptr+"/message", "message", "error %d is also described as %q (%s): a code is one error shape, documented with the first message", n, prev.message, prev.ptr)
		}
		return prev.name
	}
	key := itoa(int(n))
	trait := "@rpcError(code: " + key
	if name, data := c.extError(ext[n], ptr); name != "" {
		byCode[n] = &importedError{name, msg, ptr}
		c.shapes[name].traits = append(c.shapes[name].traits, `@error("client")`, trait+data+reserved(n)+")")
		return name
	}
	base := pascal(msg)
	if base == "" {
		base = "Error" + strings.ReplaceAll(key, "-", "Minus")
	} else if !strings.HasSuffix(base, "Error") {
		base += "Error"
	}
	name := c.names.take(base)
	byCode[n] = &importedError{name, msg, ptr}
	// The message itself is the documentation: an export writes the
	// documentation's first sentence as the message, so a round trip
	// gives it back.
	c.shapes[name] = &shape{name: name, kind: "structure", doc: msg,
		traits:  []string{`@error("client")`, trait + `, dataMember: "data"` + reserved(n) + ")"},
		members: []member{{name: "data", target: tDocument}}}
	return name
}

func reserved(code int64) string {
	if code >= -32768 && code <= -32000 {
		return ", reservedRange: true"
	}
	return ""
}

// extError makes the error structure an x-smithy-errors entry describes
// ({"code", "error": shape ID, "data": "structure" | "member" | "none",
// "member": member ID}) from the component schema of the error's name, and
// returns its name and the @rpcError fields that say where its data is;
// "" when the entry does not describe one (then the error is made from the
// Error Object alone).
func (c *conv) extError(x node.Node, ptr string) (name, data string) {
	if x.Kind() != node.Object {
		return "", ""
	}
	_, short, _ := strings.Cut(str(x, "error"), "#")
	cptr := "/components/schemas/" + escapePointer(short)
	if _, ok := c.fixed[cptr]; !ok || short == "" {
		return "", ""
	}
	if _, done := c.byPtr[cptr]; done {
		return "", "" // already a shape of its own (a member's target)
	}
	comp, _, _ := c.resolve("#" + cptr)
	var sh *shape
	if t, _ := types(comp); len(t) == 1 && t[0] == "object" && !hasObjectKeywords(comp) {
		// An error structure without members (its data is none, or it
		// carries none): an object without properties is otherwise a map.
		name := c.fixed[cptr]
		c.byPtr[cptr] = name
		sh = &shape{name: name, kind: "structure", doc: docOf(comp)}
		c.shapes[name] = sh
	} else {
		ref := node.NewObject(node.Field{Key: "$ref", Value: node.NewString("#" + cptr).At(x.Pos())}).At(x.Pos())
		tg := c.schema(ref, ptr, short)
		sh = c.shapes[tg.id]
		if sh == nil || sh.kind != "structure" {
			return "", ""
		}
	}
	if str(x, "data") != "structure" {
		// Only the data member's value is on the wire: the structure's
		// own unknown fields never are.
		kept := sh.members[:0]
		for _, m := range sh.members {
			if len(m.traits) == 0 || m.traits[0] != "@jsonUnknown" {
				kept = append(kept, m)
			}
		}
		sh.members = kept
	}
	switch str(x, "data") {
	case "none":
		return sh.name, ", noData: true"
	case "member":
		_, mem, _ := strings.Cut(str(x, "member"), "$")
		for _, m := range sh.members {
			if m.name == mem && mem != "" {
				return sh.name, ", dataMember: " + quote(mem)
			}
		}
		return "", ""
	case "structure":
		return sh.name, ""
	}
	return "", ""
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
