package importer

import (
	"strings"

	"github.com/smithy-validation/go/core/node"
)

// allOf of objects as Smithy mixins.
//
// A composite {"allOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"},
// {inline object}]} becomes
//
//	@mixin(localTraits: [smithy.api#documentation])
//	structure AMixin { A's properties }
//	structure A with [AMixin] { additionalProperties (@jsonUnknown) }
//	structure X with [AMixin, BMixin] { the inline branch's properties,
//	    the composite's own, @required redefinitions, one @jsonUnknown }
//
// A definition keeps a concrete shape of its own name, since a member may
// not target a mixin; the mixin holds its properties only. Openness is
// per concrete shape: a mixin carries neither a @jsonUnknown member (two
// would collide by name in the composite) nor @smithy.rpc#closed (it would
// be inherited). The mixin's name is the definition's with the suffix
// "Mixin", handed out after every other shape has its name (nameMixins),
// so that it never takes a definition's name.
//
// Mixins express the allOf exactly only for plain objects, so anything
// else keeps the expansion (composition): a branch that is not a $ref to a
// plain object definition or a plain inline object (nested allOf, oneOf,
// anyOf, patternProperties, constraints Smithy has no trait for), a closed
// or schema-valued additionalProperties anywhere, a property two branches
// define (or member names that differ only in case), a definition still
// being converted (a recursive allOf), and documents that `smithy openrpc`
// wrote (their structures are flattened and read back as such).

// mixinKeys are the keywords a schema may have to take part in a mixin
// composition: an open object with properties and annotations.
var mixinKeys = map[string]bool{
	"type": true, "properties": true, "required": true, "additionalProperties": true,
	"title": true, "description": true, "$comment": true, "examples": true,
	"deprecated": true, "readOnly": true, "writeOnly": true,
}

// plainObject reports whether s is an open object schema of only the
// keywords in mixinKeys (plus allowed, for the composite's allOf).
func plainObject(s node.Node, allowed string) bool {
	if s.Kind() != node.Object {
		return false
	}
	for _, f := range s.Fields() {
		if f.Key == allowed {
			continue
		}
		if !mixinKeys[f.Key] {
			return false
		}
		switch f.Key {
		case "type":
			if f.Value.Kind() != node.String || f.Value.StringValue() != "object" {
				return false
			}
		case "properties":
			if f.Value.Kind() != node.Object {
				return false
			}
		case "required":
			if f.Value.Kind() != node.Array {
				return false
			}
		case "additionalProperties":
			if !openAdditional(f.Value) {
				return false
			}
		}
	}
	return true
}

// openAdditional reports whether additionalProperties a accepts any field
// (true or a schema without constraints).
func openAdditional(a node.Node) bool {
	switch a.Kind() {
	case node.Bool:
		return a.BoolValue()
	case node.Object:
		return isEmptySchema(a)
	}
	return false
}

// isRefOnly reports whether s is a $ref with nothing beside but
// annotations.
func isRefOnly(s node.Node) bool {
	if str(s, "$ref") == "" {
		return false
	}
	for _, f := range s.Fields() {
		switch f.Key {
		case "$ref", "title", "description", "$comment":
		default:
			return false
		}
	}
	return true
}

// mixinBranch is one $ref branch of a mixin composition.
type mixinBranch struct {
	ptr      string // the definition's pointer
	concrete *shape // the definition's shape
	members  []member
}

// mixinComposite makes sh, the allOf at ptr whose expansion is p, a
// structure with mixins, and reports whether it could; when it cannot
// (see the comment above), nothing is changed and the caller expands.
func (c *conv) mixinComposite(sh *shape, s node.Node, ptr string, p objPart) bool {
	if c.exported || c.expandAllOf || isMetaPtr(ptr) || !plainObject(s, "allOf") {
		return false
	}
	all, _ := get(s, "allOf")
	if all.Kind() != node.Array || len(p.pattern) > 0 || p.additional.Kind() != 0 && !openAdditional(p.additional) {
		return false
	}
	// Own properties: the composite's, then its inline branches'.
	own := c.part(s, ptr, "")
	// First the schemas alone, so that a composition mixins cannot
	// express converts no definition the expansion would not (an OpenRPC
	// component reached only through this allOf has no shape of its own).
	type refBranch struct {
		b         node.Node
		bptr, ptr string
	}
	var refs []refBranch
	seen := map[string]bool{}
	wire0, lower0 := map[string]int{}, map[string]int{}
	claim := func(part int, s node.Node, ptr string) bool {
		p := c.part(s, ptr, "")
		names := append([]string(nil), p.required...)
		for _, pr := range p.props {
			names = append(names, pr.name)
		}
		for _, n := range names {
			l := strings.ToLower(memberName(n))
			if w, ok := wire0[n]; ok && w != part {
				return false
			}
			if w, ok := lower0[l]; ok && w != part {
				return false
			}
			wire0[n], lower0[l] = part, part
		}
		return true
	}
	for i, b := range all.Elems() {
		bptr := ptr + "/allOf/" + itoa(i)
		if !isRefOnly(b) {
			if !plainObject(b, "") {
				return false
			}
			own.props = append(own.props, c.part(b, bptr, "").props...)
			continue
		}
		t, tptr, ok := c.resolve(str(b, "$ref"))
		if !ok || tptr == ptr || seen[tptr] || !plainObject(t, "") || len(c.required[tptr]) > 0 || isMetaPtr(tptr) {
			return false
		}
		if ps, _ := get(t, "properties"); ps.Len() == 0 {
			return false // a map, not a structure
		}
		seen[tptr] = true
		if !claim(len(refs)+1, t, tptr) {
			return false
		}
		refs = append(refs, refBranch{b, bptr, tptr})
	}
	if len(refs) == 0 {
		return false // no definition to mix in: the expansion is the structure
	}
	for _, pr := range own.props {
		if w, ok := wire0[pr.name]; ok && w != 0 {
			return false
		}
		if w, ok := lower0[strings.ToLower(memberName(pr.name))]; ok && w != 0 {
			return false
		}
	}
	var branches []mixinBranch
	for _, r := range refs {
		b, bptr, tptr := r.b, r.bptr, r.ptr
		br := mixinBranch{ptr: tptr}
		if mx := c.mixinOf[tptr]; mx != nil {
			br.concrete, br.members = c.shapes[c.byPtr[tptr]], mx.members
		} else {
			tg := c.schema(b, bptr, c.nameFor(tptr))
			br.concrete = c.shapes[tg.id]
			if br.concrete == nil || !br.concrete.done || br.concrete.kind != "structure" || len(br.concrete.traits) > 0 || len(br.concrete.mixins) > 0 {
				return false
			}
			for _, m := range br.concrete.members {
				if !m.unknown() {
					br.members = append(br.members, m)
				}
			}
		}
		branches = append(branches, br)
	}
	// Every property on the wire once, every member name once (Smithy
	// compares member names without regard to case).
	wires, lower := map[string]bool{}, map[string]bool{}
	inherited := map[string]member{}
	for _, br := range branches {
		for _, m := range br.members {
			w, l := m.wireName(), strings.ToLower(m.name)
			if wires[w] || lower[l] {
				return false
			}
			wires[w], lower[l] = true, true
			inherited[w] = m
		}
	}
	for _, pr := range own.props {
		if wires[pr.name] || lower[strings.ToLower(memberName(pr.name))] {
			return false
		}
		wires[pr.name] = true
		lower[strings.ToLower(memberName(pr.name))] = true
	}

	// The composite is now a structure with mixins.
	sh.kind = "structure"
	if sh.doc == "" {
		sh.doc = p.doc
	}
	for _, br := range branches {
		sh.mixins = append(sh.mixins, c.mixinFor(br.ptr, br.concrete))
	}
	required := map[string]bool{}
	var reqOrder []string
	for _, r := range append(append([]string(nil), p.required...), c.required[ptr]...) {
		if !required[r] {
			required[r] = true
			reqOrder = append(reqOrder, r)
		}
	}
	taken := newUniqueNames()
	for _, br := range branches {
		for _, m := range br.members {
			taken.reserve(m.name)
		}
	}
	defined := map[string]bool{}
	for _, pr := range own.props {
		defined[pr.name] = true
		sh.members = append(sh.members, c.propMember(sh, taken, pr, required[pr.name]))
	}
	for _, r := range reqOrder {
		switch m, ok := inherited[r]; {
		case defined[r]:
		case ok:
			if !hasTrait(m.traits, "@required") {
				// Required by another branch than the one that defines
				// it: the member redefined with the same target.
				sh.members = append(sh.members, member{name: m.name, target: m.target, traits: []string{"@required"}, wire: m.wire})
			}
		default:
			defined[r] = true
			n := taken.take(memberName(r))
			sh.members = append(sh.members, member{name: n, target: tDocument, traits: jsonNameTraits(n, r, []string{"@required"})})
		}
	}
	if !(c.closed[ptr] && p.additionalPtr == "") {
		// MCP mode's mapping may close the composite; otherwise it is open
		// as every branch is.
		sh.members = append(sh.members, member{name: taken.take("additionalProperties"), target: c.unknownMap(), traits: []string{"@jsonUnknown"}})
	}
	return true
}

// mixinFor returns the mixin of the definition at ptr, made of its
// concrete shape's members on first use (the concrete shape keeps only
// its @jsonUnknown member and uses the mixin).
func (c *conv) mixinFor(ptr string, concrete *shape) *shape {
	if mx := c.mixinOf[ptr]; mx != nil {
		return mx
	}
	mx := &shape{kind: "structure", base: concrete.name, done: true,
		traits: []string{"@mixin(localTraits: [smithy.api#documentation])"},
		doc:    "The properties of " + concrete.name + ", for " + concrete.name + " and the structures whose allOf includes it."}
	var rest []member
	for _, m := range concrete.members {
		if m.unknown() {
			rest = append(rest, m)
		} else {
			mx.members = append(mx.members, m)
		}
	}
	concrete.members = rest
	concrete.mixins = []*shape{mx}
	if c.mixinOf == nil {
		c.mixinOf = map[string]*shape{}
	}
	c.mixinOf[ptr] = mx
	c.pendingMixins = append(c.pendingMixins, mx)
	return mx
}

// nameMixins names the mixins, in the order they were made, once every
// other shape has its name: "<Definition>Mixin", or with a numeric suffix
// when a shape has that name.
func (c *conv) nameMixins() {
	for _, mx := range c.pendingMixins {
		mx.name = c.names.take(mx.base + "Mixin")
		c.shapes[mx.name] = mx
	}
	c.pendingMixins = nil
}
