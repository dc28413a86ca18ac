package importer

import (
	"math"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/pattern"
	"github.com/smithy-validation/go/core/preludeid"
)

// objPart is the object keywords of one schema, or the merge of several
// (allOf).
type objPart struct {
	at       node.Node // the schema, for positions
	ptr      string
	props    []prop
	required []string
	// additional is additionalProperties (Kind 0 when absent).
	additional    node.Node
	additionalPtr string
	pattern       []node.Field
	patternPtr    string
	label         string // names the alternative ("" for the only one)
	doc           string
	// index maps a property name to its place in props (built by merge).
	index map[string]int
}

type prop struct {
	name   string
	schema node.Node
	ptr    string
}

// part reads the object keywords of s.
func (c *conv) part(s node.Node, ptr, label string) objPart {
	p := objPart{at: s, ptr: ptr, label: label, doc: docOf(s)}
	if ps, ok := get(s, "properties"); ok && ps.Kind() == node.Object {
		for _, f := range ps.Fields() {
			p.props = append(p.props, prop{name: f.Key, schema: f.Value, ptr: ptr + "/properties/" + escapePointer(f.Key)})
		}
	}
	if r, ok := get(s, "required"); ok && r.Kind() == node.Array {
		for _, e := range r.Elems() {
			if e.Kind() == node.String {
				p.required = append(p.required, e.StringValue())
			}
		}
	}
	if a, ok := get(s, "additionalProperties"); ok {
		p.additional, p.additionalPtr = a, ptr+"/additionalProperties"
	}
	if pp, ok := get(s, "patternProperties"); ok && pp.Kind() == node.Object {
		p.pattern, p.patternPtr = pp.Fields(), ptr+"/patternProperties"
	}
	return p
}

// merge is the allOf of two parts. With own, a's slices and index belong
// to the caller and are extended in place, so that a long allOf stays
// linear; otherwise they are copied (a is shared by several alternatives).
func (c *conv) merge(a, b objPart, own bool) objPart {
	out := a
	if !own || out.index == nil {
		out.props = append([]prop(nil), a.props...)
		out.required = append([]string(nil), a.required...)
		out.pattern = append([]node.Field(nil), a.pattern...)
		out.index = make(map[string]int, len(out.props)+len(b.props))
		for i, p := range out.props {
			if _, dup := out.index[p.name]; !dup {
				out.index[p.name] = i
			}
		}
	}
	before, shared, added := len(out.props), 0, ""
	for _, p := range b.props {
		if i, ok := out.index[p.name]; ok {
			if !node.Equal(out.props[i].schema, p.schema) {
				c.diag(p.schema, p.ptr, "allOf", "property %q is defined by two allOf branches; only the first definition is kept", p.name)
			}
			if i < before {
				shared++
			}
			continue
		}
		if added == "" {
			added = p.name
		}
		out.index[p.name] = len(out.props)
		out.props = append(out.props, p)
	}
	// A closed branch rejects, in JSON Schema, every property the other
	// branches add; the merge is closed to all of them (looser).
	switch {
	case a.closed() && added != "":
		c.diag(a.additional, a.additionalPtr, "allOf", "this allOf branch is closed, so JSON Schema rejects the properties other branches define (%q); the merged structure is closed to all of them", added)
	case b.closed() && shared < before:
		c.diag(b.additional, b.additionalPtr, "allOf", "this allOf branch is closed, so JSON Schema rejects the properties other branches define (%q); the merged structure is closed to all of them", out.props[firstNotIn(out.props[:before], b.props)].name)
	}
	out.required = append(out.required, b.required...)
	if b.additional.Kind() == node.Bool && !b.additional.BoolValue() || out.additional.Kind() == 0 {
		if b.additional.Kind() != 0 {
			out.additional, out.additionalPtr = b.additional, b.additionalPtr
		}
	}
	out.pattern = append(out.pattern, b.pattern...)
	if out.patternPtr == "" {
		out.patternPtr = b.patternPtr
	}
	switch {
	case a.label == "":
		out.label = b.label
	case b.label != "" && len(a.label) < 200:
		out.label = a.label + "_" + b.label
	}
	if out.doc == "" {
		out.doc = b.doc
	}
	return out
}

// alternatives expands s (allOf of objects, oneOf/anyOf of objects) into
// the object parts any of which a value must match; ok is false when a
// branch is not an object schema or the expansion is too large.
func (c *conv) alternatives(s node.Node, ptr, label string, depth int) ([]objPart, bool) {
	if c.altSteps++; depth > 16 || c.altSteps > c.altBudget {
		return nil, false
	}
	if r := str(s, "$ref"); r != "" {
		t, tptr, ok := c.resolve(r)
		if !ok {
			return nil, false
		}
		if label == "" {
			label = c.nameFor(tptr)
		}
		return c.alternatives(t, tptr, label, depth+1)
	}
	if s.Kind() != node.Object {
		return nil, false
	}
	if typs, _ := types(s); len(typs) > 1 || len(typs) == 1 && typs[0] != "object" {
		return nil, false
	}
	for _, k := range []string{"const", "enum", "items"} {
		if _, ok := get(s, k); ok {
			return nil, false
		}
	}
	if label == "" {
		label = pascal(str(s, "title"))
	}
	c.losses(s, ptr)
	out := []objPart{c.part(s, ptr, label)}
	if all, ok := get(s, "allOf"); ok && all.Kind() == node.Array {
		for i, b := range all.Elems() {
			alts, ok := c.alternatives(b, ptr+"/allOf/"+itoa(i), "", depth+1)
			if !ok {
				return nil, false
			}
			if out, ok = c.product(out, alts); !ok {
				return nil, false
			}
		}
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		one, ok := get(s, key)
		if !ok || one.Kind() != node.Array {
			continue
		}
		var alts []objPart
		for i, b := range one.Elems() {
			if c.isNullOnly(b, ptr) {
				return nil, false
			}
			bl := pascal(str(b, "title"))
			if bl == "" && str(b, "$ref") == "" {
				bl = "Option" + itoa(i+1)
			}
			more, ok := c.alternatives(b, ptr+"/"+key+"/"+itoa(i), bl, depth+1)
			if !ok {
				return nil, false
			}
			alts = append(alts, more...)
		}
		if out, ok = c.product(out, alts); !ok {
			return nil, false
		}
	}
	return out, true
}

// budget starts the step count of one expansion: shared references make
// a composition a graph, and expanding it as a tree could take exponential
// time, so each expansion may take a bounded number of steps.
func (c *conv) budget(branches int) {
	c.altSteps, c.altBudget = 0, 1024+16*branches
}

func (c *conv) product(a, b []objPart) ([]objPart, bool) {
	if len(a)*len(b) > maxAlternatives {
		return nil, false
	}
	out := make([]objPart, 0, len(a)*len(b))
	own := len(a) == 1 && len(b) == 1 // the one alternative is extended in place
	for _, x := range a {
		for _, y := range b {
			out = append(out, c.merge(x, y, own))
		}
	}
	return out, true
}

// composition handles allOf (and object keywords beside oneOf): a
// structure with mixins where they express the allOf exactly
// (mixinComposite, mixin.go), else by expansion: one structure, or an
// untagged union of structures.
func (c *conv) composition(sh *shape, s node.Node, ptr string) {
	// A property of a branch may be this very schema again (a recursive
	// allOf: {"properties": {"child": {"allOf": [{"$ref": "#"}, ...]}}});
	// it is this shape (the same pointer, the same values), not one more
	// level of expansion without end.
	if c.expanding == nil {
		c.expanding = map[string]string{}
	}
	c.expanding[ptr] = sh.name
	defer delete(c.expanding, ptr)
	branches := 0
	for _, k := range []string{"allOf", "oneOf", "anyOf"} {
		if v, ok := get(s, k); ok {
			branches += v.Len()
		}
	}
	c.budget(branches)
	alts, ok := c.alternatives(s, ptr, "", 0)
	if !ok {
		key := "allOf"
		if _, has := get(s, key); !has {
			key = "oneOf"
		}
		v, _ := get(s, key)
		c.diag(v, ptr+"/"+key, key, "a composition of schemas that are not all objects (or of more than %d alternatives, or deeper than 16 references) is modeled as a document", maxAlternatives)
		sh.kind = "document"
		sh.nullable = false
		return
	}
	if len(alts) == 1 {
		if !c.mixinComposite(sh, s, ptr, alts[0]) {
			c.object(sh, alts, s, ptr)
		}
		return
	}
	c.diag(s, ptr, "oneOf", "oneOf requires exactly one branch to match; the untagged union accepts a value that several branches accept")
	sh.kind = "union"
	sh.traits = append(sh.traits, "@untagged")
	names := newUniqueNames()
	for i, a := range alts {
		label := a.label
		if label == "" {
			label = "Option" + itoa(i+1)
		}
		name := c.names.take(sh.name + pascal(label))
		sub := &shape{name: name, doc: a.doc}
		c.shapes[name] = sub
		c.object(sub, []objPart{a}, a.at, a.ptr)
		sh.members = append(sh.members, member{name: names.take(lowerFirst(pascal(label))), target: name})
	}
}

func lowerFirst(s string) string {
	if s == "" {
		return "option"
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// object makes a structure (or a map) of one object part.
func (c *conv) object(sh *shape, parts []objPart, s node.Node, ptr string) {
	p := parts[0]
	if len(p.props) == 0 && len(p.required) == 0 && !c.exportedStructure(p) && !(p.closed() && len(p.pattern) == 0) {
		// An object of no properties is a map, unless it accepts no field
		// at all: that is an empty closed structure, exactly.
		c.mapShape(sh, p, s, ptr)
		return
	}
	sh.kind = "structure"
	if sh.doc == "" {
		sh.doc = p.doc
	}
	required := map[string]bool{}
	for _, r := range p.required {
		required[r] = true
	}
	for _, r := range c.required[ptr] {
		required[r] = true // the MCP mapping's "required"
	}
	names := newUniqueNames()
	defined := map[string]bool{}
	for _, pr := range p.props {
		defined[pr.name] = true
		sh.members = append(sh.members, c.propMember(sh, names, pr, required[pr.name]))
	}
	for _, r := range p.required {
		if !defined[r] {
			defined[r] = true
			sh.members = append(sh.members, member{name: names.take(memberName(r)), target: tDocument,
				traits: jsonNameTraits(memberName(r), r, []string{"@required"})})
		}
	}
	for _, f := range p.pattern {
		c.diag(f.Value, p.patternPtr+"/"+escapePointer(f.Key), "patternProperties", "patternProperties beside properties are not expressible; such fields are unknown fields")
	}
	for _, f := range s.Fields() {
		if f.Key == "minProperties" || f.Key == "maxProperties" {
			c.diag(f.Value, ptr+"/"+f.Key, f.Key, "a property count of a structure is not expressible")
		}
	}
	if isMetaPtr(ptr) {
		for i, mk := range c.metaKeys {
			if !defined[mk.wire] {
				defined[mk.wire] = true
				sh.members = append(sh.members, c.metaMember(names, i))
			}
		}
	}
	switch a := p.additional; {
	case c.exported && a.Kind() == 0:
		// `smithy openrpc` writes additionalProperties for every
		// structure that has a @jsonUnknown member: this one has none.
	case p.closed() && len(p.pattern) == 0:
		// additionalProperties: false, the export's writing of a closed
		// structure too: a field that names no member is an error
		// whatever the service's unknown-member policy.
		sh.traits = append(sh.traits, "@"+closedTrait)
	case p.closed():
		// Closed, the structure would reject the fields the patterns
		// accept: it stays open (the diagnostic above says so).
		sh.members = append(sh.members, member{name: names.take("additionalProperties"), target: c.unknownMap(), traits: []string{"@jsonUnknown"}})
	case c.closed[ptr] && p.additionalPtr == "":
		// MCP mode, a definition the mapping closes: its unknown fields
		// are reported by the service's unknown-member policy.
	case a.Kind() == node.Object && !isEmptySchema(a):
		c.diag(a, p.additionalPtr, "additionalProperties", "schema-valued additionalProperties beside properties are not expressible; unknown fields are accepted as documents")
		fallthrough
	default:
		sh.members = append(sh.members, member{name: names.take("additionalProperties"), target: c.unknownMap(), traits: []string{"@jsonUnknown"}})
	}
}

// closedTrait is the trait of a closed structure, written absolute so that
// a model without closed structures needs no use statement for it.
const closedTrait = "smithy.rpc#closed"

// closed reports whether the part says additionalProperties: false.
func (p objPart) closed() bool {
	return p.additional.Kind() == node.Bool && !p.additional.BoolValue()
}

// exportedStructure reports whether an object part with no properties
// is a structure, not a map, in a document that `smithy openrpc` wrote:
// it writes a map's additionalProperties always as a schema, never as {}
// (its value schema says whether null is a value), so an object with
// nothing else, with additionalProperties {} (a @jsonUnknown member of
// any value) or false (closed, under RejectUnknownMembers), is a
// structure without members.
func (c *conv) exportedStructure(p objPart) bool {
	if !c.exported || len(p.pattern) > 0 {
		return false
	}
	return p.additional.Kind() == 0 || p.additional.Kind() == node.Object && isEmptySchema(p.additional) ||
		p.additional.Kind() == node.Bool && !p.additional.BoolValue() // closed (RejectUnknownMembers)
}

// firstNotIn returns the index of the first of ps whose name no prop of
// in has (only called when there is one).
func firstNotIn(ps, in []prop) int {
	names := make(map[string]bool, len(in))
	for _, p := range in {
		names[p.name] = true
	}
	for i, p := range ps {
		if !names[p.name] {
			return i
		}
	}
	return 0
}

func isEmptySchema(n node.Node) bool {
	for _, f := range n.Fields() {
		switch f.Key {
		case "title", "description", "$comment":
		default:
			return false
		}
	}
	return true
}

func jsonNameTraits(name, wire string, traits []string) []string {
	if name != wire {
		traits = append(traits, "@jsonName("+quote(wire)+")")
	}
	return traits
}

// propMember makes the member of one property.
func (c *conv) propMember(sh *shape, names *uniqueNames, pr prop, required bool) member {
	name := names.take(memberName(pr.name))
	c.memberDefault[pr.ptr] = true
	tg := c.schema(pr.schema, pr.ptr, sh.name+pascal(pr.name))
	m := member{name: name, target: tg.id, wire: pr.name}
	if ts, local := c.shapes[tg.id]; str(pr.schema, "$ref") != "" || !local {
		// a reference's own description, or one of a prelude type (which
		// has no shape of its own to carry it)
		m.doc = docOf(pr.schema)
	} else if ts.ptr != pr.ptr && !strings.HasPrefix(ts.ptr, pr.ptr+"/") {
		// the description of a schema that defines no shape of its own:
		// a null wrapper of another shape, or an export's member schema
		// titled with its target (the title is no documentation)
		m.doc = str(pr.schema, "description")
	}
	m.doc = c.wrapperDoc(pr.schema, pr.ptr, tg.id, m.doc)
	if required {
		m.traits = append(m.traits, "@required")
	}
	if c.nullableMember(tg, required) {
		m.traits = append(m.traits, "@nullable")
	}
	m.traits = append(m.traits, tg.traits...)
	if d, ok := get(pr.schema, "default"); ok {
		if k := c.defaultOutOfBounds(d, pr.schema, pr.ptr); k != "" {
			c.diag(d, pr.ptr+"/default", "default", "a default that breaks the schema's %s is not kept (Smithy rejects a @default its target's constraints reject)", k)
		} else if t := c.defaultTrait(d, tg.id, tg.traits); t != "" {
			m.traits = append(m.traits, t)
		} else {
			c.diag(d, pr.ptr+"/default", "default", "a default that Smithy cannot give the member's type (%s) is not kept", c.describeKind(tg.id))
		}
	}
	m.traits = jsonNameTraits(name, pr.name, m.traits)
	if d, ok := get(pr.schema, "deprecated"); ok && d.Kind() == node.Bool && d.BoolValue() {
		m.traits = append(m.traits, "@deprecated")
	}
	return m
}

// wrapperDoc places the description of a null wrapper ({"oneOf" or
// "anyOf": [S, {"type": "null"}]} with a description beside it) whose
// inner schema S defined the member's target id (an inline object, a
// constrained string): the shape takes S's own description, the wrapper's
// documents the member, which has no other (a property's member) or has
// doc, its content descriptor's; then the wrapper's documents the shape
// when S has none, and is dropped with a diagnostic at its pointer when
// both the member and the shape have their own. It returns the member's
// documentation. A wrapper of a reference or of a prelude type is the
// caller's (its description is the member's already).
func (c *conv) wrapperDoc(s node.Node, ptr, id, doc string) string {
	w, ok := get(s, "description")
	ts, local := c.shapes[id]
	if !ok || w.Kind() != node.String || w.StringValue() == "" || !local {
		return doc
	}
	from := len(c.diags)
	_, iptr, _, wrapped := c.nullWrapper(s, ptr)
	c.diags = c.diags[:from] // the member's conversion said them
	if !wrapped || ts.ptr != iptr && !strings.HasPrefix(ts.ptr, iptr+"/") {
		return doc
	}
	switch {
	case doc == "":
		return w.StringValue()
	case doc == w.StringValue():
	case ts.doc == "":
		ts.doc = w.StringValue()
	case ts.doc != w.StringValue():
		c.diag(w, ptr+"/description", "description", "the description of a null wrapper is dropped: the member and its inline shape have their own")
	}
	return doc
}

// defaultTrait renders the @default of a member targeting id for the
// JSON Schema default d, or "" when Smithy cannot say it for that target
// (the caller reports it). Smithy's rules (smithyvalidate.CheckDefaults):
// a value of the target's type (an integer of its range for byte, short,
// integer and long, an integer token for bigInteger, the wire form of a
// timestamp's format; an enum's or intEnum's own value), only [] for a
// list, only {} for a map, a scalar or an empty array or object for a
// document, none for a structure or a union. A number keeps its token
// exactly, as the export wrote it. The target's own constraints (@range,
// @length, @pattern) are not checked here (defaultOutOfBounds is).
func (c *conv) defaultTrait(d node.Node, id string, traits []string) string {
	kind := c.kindOf(id)
	if kind == "" {
		kind = preludeTargetKinds[id]
	}
	ok := false
	switch kind {
	case "string":
		ok = d.Kind() == node.String
	case "blob":
		// The wire's base64 (the export's blob schema), as the model's
		// text; bytes that are not UTF-8 have no model value.
		d, ok = blobModelValue(d)
	case "timestamp":
		// the wire form of its @timestampFormat (the member's, or the
		// shape's): a number of seconds or a date string
		format := append(append([]string(nil), traits...), c.traitsOf(id)...)
		switch {
		case hasTrait(format, `@timestampFormat("epoch-seconds")`):
			ok = d.Kind() == node.Number
		case hasTrait(format, `@timestampFormat("date-time")`), hasTrait(format, `@timestampFormat("http-date")`):
			ok = d.Kind() == node.String
		default:
			ok = d.Kind() == node.String || d.Kind() == node.Number
		}
	case "boolean":
		ok = d.Kind() == node.Bool
	case "byte", "short", "integer", "long":
		n, small := int64(0), false
		if d.Kind() == node.Number && isIntegerToken(d.NumberText()) {
			n, small = node.SmallInt(d.NumberText())
		}
		r := integerRanges[kind]
		ok = small && n >= r[0] && n <= r[1]
	case "bigInteger":
		ok = d.Kind() == node.Number && isIntegerToken(d.NumberText())
	case "float", "double", "bigDecimal":
		ok = d.Kind() == node.Number
	case "enum", "intEnum":
		if (kind == "enum") == (d.Kind() == node.String) && (d.Kind() == node.String || d.Kind() == node.Number) {
			for _, m := range c.shapes[id].members {
				ok = ok || m.target == smithyValue(d)
			}
		}
	case "list", "set":
		ok = d.Kind() == node.Array && d.Len() == 0
	case "map":
		ok = d.Kind() == node.Object && d.Len() == 0
	case "document":
		switch d.Kind() {
		case node.String, node.Number, node.Bool:
			ok = true
		case node.Array, node.Object:
			ok = d.Len() == 0
		}
	}
	if !ok {
		return ""
	}
	return "@default(" + smithyValue(d) + ")"
}

// traitsOf returns the rendered traits of a shape of the import.
func (c *conv) traitsOf(id string) []string {
	if s, ok := c.shapes[id]; ok {
		return s.traits
	}
	return nil
}

// describeKind names the type of a target for a diagnostic.
func (c *conv) describeKind(id string) string {
	if k := c.kindOf(id); k != "" {
		return k + " " + id
	}
	if k := preludeTargetKinds[id]; k != "" {
		return k
	}
	return id
}

// preludeTargetKinds are the kinds of the prelude shapes a member may target.
var preludeTargetKinds = map[string]string{
	tString: "string", tBoolean: "boolean", tDocument: "document",
	preludeid.Byte.String(): "byte", preludeid.Short.String(): "short", tInteger: "integer", preludeid.Long.String(): "long",
	tBigInteger: "bigInteger", tBigDecimal: "bigDecimal",
	preludeid.Float.String(): "float", preludeid.Double.String(): "double",
	preludeid.Timestamp.String(): "timestamp", preludeid.Blob.String(): "blob",
}

// integerRanges are the ranges of Smithy's fixed-size integer types.
var integerRanges = map[string][2]int64{
	"byte": {math.MinInt8, math.MaxInt8}, "short": {math.MinInt16, math.MaxInt16},
	"integer": {math.MinInt32, math.MaxInt32}, "long": {math.MinInt64, math.MaxInt64},
}

// isIntegerToken reports whether a JSON number token is written as an
// integer (no fraction, no exponent), as Smithy wants an integer default.
func isIntegerToken(t string) bool {
	return t != "" && !strings.ContainsAny(t, ".eE")
}

// unknownMap is the shared map that @jsonUnknown members target.
func (c *conv) unknownMap() string {
	if c.unknown == "" {
		c.unknown = c.names.take("UnknownFields")
		c.shapes[c.unknown] = &shape{name: c.unknown, kind: "map",
			doc:     "The fields of an open object that its schema does not name (@jsonUnknown).",
			members: []member{{name: "key", target: tString}, {name: "value", target: tDocument}}}
	}
	return c.unknown
}

// mapShape makes a map of an object part with no properties.
func (c *conv) mapShape(sh *shape, p objPart, s node.Node, ptr string) {
	sh.kind = "map"
	key, value := tString, target{id: tDocument}
	switch {
	case len(p.pattern) == 1 && p.closed():
		f := p.pattern[0]
		kname := c.names.take(sh.name + "Key")
		ks := &shape{name: kname, kind: "string"}
		if t := c.patternTrait(f.Key, p.at, p.patternPtr+"/"+escapePointer(f.Key)); t != "" {
			ks.traits = []string{t}
		}
		c.shapes[kname] = ks
		key = kname
		value = c.schema(f.Value, p.patternPtr+"/"+escapePointer(f.Key), sh.name+"Value")
	case len(p.pattern) > 0:
		c.diag(p.at, p.patternPtr, "patternProperties", "patternProperties other than one pattern of a closed object are not expressible; the map accepts any field")
	case p.additional.Kind() == node.Object:
		value = c.schema(p.additional, p.additionalPtr, sh.name+"Value")
	}
	if value.id == tDocument && key == tString && len(c.metaKeys) > 0 && isMetaPtr(ptr) && !p.closed() {
		// a _meta object of any keys and values, with the keys the
		// mapping types: a structure of them, open to any other key
		sh.kind = "structure"
		names := newUniqueNames()
		for i := range c.metaKeys {
			sh.members = append(sh.members, c.metaMember(names, i))
		}
		sh.members = append(sh.members, member{name: names.take("additionalProperties"), target: c.unknownMap(), traits: []string{"@jsonUnknown"}})
		for _, f := range s.Fields() {
			if f.Key == "minProperties" || f.Key == "maxProperties" {
				c.diag(f.Value, ptr+"/"+f.Key, f.Key, "a property count of a structure is not expressible")
			}
		}
		return
	}
	km := member{name: "key", target: key}
	if pn, ok := get(s, "propertyNames"); ok && c.exported {
		// The export's schema of the map's key (a string that is not any
		// string).
		tg := c.schema(pn, ptr+"/propertyNames", sh.name+"Key")
		if k := c.kindOf(tg.id); tg.id == tString || (k == "string" || k == "enum") && !tg.nullable {
			km = member{name: "key", target: tg.id, traits: tg.traits}
		} else {
			c.diag(pn, ptr+"/propertyNames", "propertyNames", "a map's key is a string; propertyNames that is not a string schema is dropped")
		}
	}
	vm := member{name: "value", target: value.id}
	if value.id == tDocument {
		sh.traits = append(sh.traits, "@sparse")
	} else if value.nullable && !c.shapeNullable(value.id) {
		vm.traits = append(vm.traits, "@nullable")
	}
	vm.traits = append(vm.traits, value.traits...)
	sh.members = []member{km, vm}
	if t := c.lengthTrait(s, ptr, "minProperties", "maxProperties"); t != "" {
		sh.traits = append(sh.traits, t)
	}
}

// metaKey is a key of _meta objects that the MCP mode's mapping types
// (its "meta" entry): the wire key, the member's name, the JSON Schema of
// its value and why.
type metaKey struct {
	wire, member, why string
	schema            node.Node
	ptr               string // the schema's pointer in the mapping
	target            *target
}

// isMetaPtr reports whether ptr is the schema of a property "_meta".
func isMetaPtr(ptr string) bool { return strings.HasSuffix(ptr, "/properties/_meta") }

// metaMember makes the optional member of the i-th typed _meta key; its
// schema is converted once, the first time (a diagnostic of it is the
// mapping's).
func (c *conv) metaMember(names *uniqueNames, i int) member {
	k := &c.metaKeys[i]
	if k.target == nil {
		from := len(c.diags)
		t := c.schema(k.schema, k.ptr, pascal(k.member))
		for j := from; j < len(c.diags); j++ {
			c.diags[j].Source = "mapping"
		}
		k.target = &t
	}
	m := member{name: names.take(k.member), target: k.target.id, doc: strings.TrimPrefix(whyDoc(k.why), "\n\n")}
	if k.target.nullable && k.target.id != tDocument && !c.shapeNullable(k.target.id) {
		m.traits = append(m.traits, "@nullable")
	}
	m.traits = jsonNameTraits(m.name, k.wire, m.traits)
	return m
}

// defaultOutOfBounds returns the keyword of the member's schema that its
// default d breaks ("" for none): a bound of a number (but 0, which Smithy
// lets a default break with a warning only, a Smithy 1.0 idiom), of a
// string's length in code points, of a list's or map's size, a string's
// pattern (see breaksPattern). It follows the schema through null wrappers
// and references (at most 16 steps), as the member's target and its traits
// say the same bounds.
func (c *conv) defaultOutOfBounds(d, s node.Node, ptr string) string {
	for step := 0; step < 16 && s.Kind() == node.Object; step++ {
		if k := outOfBounds(d, s); k != "" {
			return k
		}
		if r := str(s, "$ref"); r != "" {
			t, tptr, ok := c.resolve(r)
			if !ok {
				return ""
			}
			s, ptr = t, tptr
			continue
		}
		from := len(c.diags)
		inner, iptr, _, ok := c.nullWrapper(s, ptr)
		c.diags = c.diags[:from] // the member's conversion said them
		if !ok || inner.Kind() != node.Object || inner.Len() == 0 {
			return ""
		}
		s, ptr = inner, iptr
	}
	return ""
}

// outOfBounds checks d against the bounds of one schema.
func outOfBounds(d, s node.Node) string {
	var size int
	var lo, hi string
	switch d.Kind() {
	case node.Number:
		v, ok := new(big.Rat).SetString(d.NumberText())
		if !ok || v.Sign() == 0 {
			return ""
		}
		for _, b := range []struct {
			key  string
			want func(c int) bool
		}{
			{"minimum", func(c int) bool { return c >= 0 }}, {"maximum", func(c int) bool { return c <= 0 }},
			{"exclusiveMinimum", func(c int) bool { return c > 0 }}, {"exclusiveMaximum", func(c int) bool { return c < 0 }},
		} {
			if n, ok := get(s, b.key); ok && n.Kind() == node.Number {
				if bound, ok := new(big.Rat).SetString(n.NumberText()); ok && !b.want(v.Cmp(bound)) {
					return b.key
				}
			}
		}
		return ""
	case node.String:
		if breaksPattern(d.StringValue(), s) {
			return "pattern"
		}
		size, lo, hi = utf8.RuneCountInString(d.StringValue()), "minLength", "maxLength"
	case node.Array:
		size, lo, hi = d.Len(), "minItems", "maxItems"
	case node.Object:
		size, lo, hi = d.Len(), "minProperties", "maxProperties"
	default:
		return ""
	}
	if n, ok := get(s, lo); ok && n.Kind() == node.Number {
		if m, ok := node.SmallInt(n.NumberText()); ok && int64(size) < m {
			return lo
		}
	}
	if n, ok := get(s, hi); ok && n.Kind() == node.Number {
		if m, ok := node.SmallInt(n.NumberText()); ok && int64(size) > m {
			return hi
		}
	}
	return ""
}

// breaksPattern reports whether v fails the pattern of schema s as the
// written model's @pattern says it (patternTrait): the ECMA-262 pattern in
// its java.util.regex spelling, or as written when it has none that Java
// reads, run by package pattern as the value engine runs @pattern (a match
// anywhere, Java's Matcher.find). A pattern the engine cannot run (a
// backreference: `smithy validate` warns and checks no value against it)
// or one that is dropped (Java refuses it) checks nothing.
func breaksPattern(v string, s node.Node) bool {
	p, ok := get(s, "pattern")
	if !ok || p.Kind() != node.String {
		return false
	}
	java, err := pattern.FromECMA(p.StringValue())
	if err != nil {
		java = p.StringValue()
	}
	re, err := pattern.Cached(java)
	return err == nil && !re.MatchString(v)
}
