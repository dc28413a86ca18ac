package importer

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/pattern"
	"github.com/smithy-validation/go/core/preludeid"
)

// Prelude targets, absolute so that a generated shape named "String"
// never captures them.
var (
	tDocument   = preludeid.Document.String()
	tString     = preludeid.String.String()
	tBoolean    = preludeid.Boolean.String()
	tBigInteger = preludeid.BigInteger.String()
	tBigDecimal = preludeid.BigDecimal.String()
	tInteger    = preludeid.Integer.String()
)

// maxAlternatives bounds the expansion of allOf over oneOf branches.
const maxAlternatives = 64

// conv converts JSON Schema nodes of one document into shapes.
type conv struct {
	root   node.Node
	shapes map[string]*shape
	names  *uniqueNames
	byPtr  map[string]string // pointer of a $ref target -> its shape name
	diags  []Diagnostic
	// refName names the shape of a local $ref target ("" for the default).
	refName func(ptr string) string
	unknown string // the shared jsonUnknown map, created on first use
	// memberDefault holds the pointers of schemas whose default a member
	// keeps (@default); any other default is a diagnostic.
	memberDefault map[string]bool
	// altSteps counts the steps of the current expansion of alternatives,
	// altBudget bounds them (see budget).
	altSteps, altBudget int
	// resolved caches resolve by reference; objIndex indexes the fields of
	// the objects resolve walked through, by their pointer.
	resolved map[string]resolvedRef
	objIndex map[string]map[string]int
	// closed holds the pointers of object schemas without
	// additionalProperties that are structures without @jsonUnknown (the
	// MCP mode's mapping "closed"): their unknown fields are reported by
	// the service's unknown-member policy.
	closed map[string]bool
	// required adds required properties to the object schema at a
	// pointer (the MCP mode's mapping "required").
	required map[string][]string
	// refHint names the shape of a $ref target that the importer made up
	// a reference to (the properties of merged branches), by pointer.
	refHint map[string]string
	// fixed holds the names given ahead of the conversion to the targets
	// of $refs, by pointer (OpenRPC's components/schemas, named after
	// their keys before any inline schema takes a name, so that a
	// component keeps its key's name whatever the order of the methods).
	fixed map[string]string
	// exported: the document was written by `smithy openrpc`
	// (x-smithy-service), whose schemas are read as its exact inverse
	// (README.md "Round trip").
	exported bool
	// ioKeys are the components that x-smithy-input and x-smithy-output
	// name (named after their keys with the other reached components).
	ioKeys []string
	// metaKeys are the keys of a _meta object that the MCP mode's mapping
	// "meta" types (io.modelcontextprotocol/related-task): a member of
	// every _meta object of the schema.
	metaKeys []metaKey
	// expandAllOf merges every allOf in place, never with mixins
	// (Options.expandAllOf).
	expandAllOf bool
	// mixinOf holds the mixin made of a definition, by its pointer;
	// pendingMixins the mixins not yet named (nameMixins).
	mixinOf       map[string]*shape
	pendingMixins []*shape
	// expanding holds the compositions being converted, by pointer: their
	// shape's name (composition).
	expanding map[string]string
	// defPtr returns the pointer of the definition a shape of that name
	// was made from, for shapes that keep none in ptr (the LSP mode's);
	// nil when every shape does.
	defPtr func(name string) string
}

func newConv(root node.Node) *conv {
	return &conv{root: root, shapes: map[string]*shape{}, names: newUniqueNames(), byPtr: map[string]string{}, memberDefault: map[string]bool{},
		resolved: map[string]resolvedRef{}, objIndex: map[string]map[string]int{}}
}

// target is where a schema lands: a shape ID, and whether null is a value.
type target struct {
	id       string
	nullable bool
	nullOnly bool // the schema accepts null and nothing else
	// explicitNull: the schema names null beside a document ({"anyOf":
	// [{}, {"type": "null"}]}): the member is @nullable, since a
	// required document member does not take null otherwise.
	explicitNull bool
	// traits are constraint traits that the member targeting id applies
	// itself (an inline schema of an export: see exportedScalar).
	traits []string
}

// nullableMember reports whether a member of target tg is @nullable:
// its schema accepts null and its target does not say so already. A
// document holds null, and an optional member's null is its absence, so
// an optional document member is @nullable only when its schema names
// null (explicitNull); a required one whenever its schema accepts null
// ({}, true), since the engine refuses null for a required member that is
// not @nullable. (The export writes a required document that refuses
// null as {"not": {"type": "null"}}, which is not nullable.)
func (c *conv) nullableMember(tg target, required bool) bool {
	return tg.nullable && !c.shapeNullable(tg.id)
}

func (c *conv) diag(n node.Node, ptr, keyword, format string, args ...any) {
	c.diags = append(c.diags, Diagnostic{Pointer: ptr, Pos: n.Pos(), Keyword: keyword, Message: fmt.Sprintf(format, args...)})
}

func get(n node.Node, key string) (node.Node, bool) {
	if n.Kind() != node.Object {
		return node.Node{}, false
	}
	return n.Get(key)
}

func str(n node.Node, key string) string {
	v, ok := get(n, key)
	if !ok || v.Kind() != node.String {
		return ""
	}
	return v.StringValue()
}

func docOf(n node.Node) string {
	if d := str(n, "description"); d != "" {
		return d
	}
	return str(n, "title")
}

// resolve follows a local $ref ("#/a/b") to its node. Objects along the
// way are indexed by key on first use (fields are a list, and a document
// with n components and n references must not take n*n steps).
func (c *conv) resolve(ref string) (node.Node, string, bool) {
	if ref == "#" {
		return c.root, "", true
	}
	if !strings.HasPrefix(ref, "#/") {
		return node.Node{}, "", false
	}
	if r, ok := c.resolved[ref]; ok {
		return r.n, r.ptr, r.ok
	}
	cur, at := c.root, ""
	ok := true
	for _, tok := range strings.Split(ref[2:], "/") {
		tok = unescapePointer(tok)
		switch cur.Kind() {
		case node.Object:
			idx, have := c.objIndex[at]
			if !have {
				idx = make(map[string]int, cur.Len())
				for i, f := range cur.Fields() {
					if _, dup := idx[f.Key]; !dup {
						idx[f.Key] = i
					}
				}
				c.objIndex[at] = idx
			}
			i, found := idx[tok]
			if !found {
				ok = false
				break
			}
			cur = cur.Fields()[i].Value
		case node.Array:
			i := 0
			for _, ch := range tok {
				if ch < '0' || ch > '9' || i > 1<<30 {
					i = -1
					break
				}
				i = i*10 + int(ch-'0')
			}
			if tok == "" || i < 0 || i >= cur.Len() {
				ok = false
				break
			}
			cur = cur.Elems()[i]
		default:
			ok = false
		}
		if !ok {
			break
		}
		at += "/" + escapePointer(tok)
	}
	if !ok {
		cur, at = node.Node{}, ""
	}
	c.resolved[ref] = resolvedRef{cur, at, ok}
	return cur, at, ok
}

type resolvedRef struct {
	n   node.Node
	ptr string
	ok  bool
}

// deref follows $ref chains (bounded) to a schema that is not a bare $ref.
func (c *conv) deref(s node.Node, ptr string) (node.Node, string) {
	for i := 0; i < 32; i++ {
		r := str(s, "$ref")
		if r == "" {
			return s, ptr
		}
		t, p, ok := c.resolve(r)
		if !ok {
			return s, ptr
		}
		s, ptr = t, p
	}
	return s, ptr
}

// isNullOnly reports whether s accepts null and nothing else.
func (c *conv) isNullOnly(s node.Node, ptr string) bool {
	s, _ = c.deref(s, ptr)
	if t, ok := get(s, "type"); ok {
		if t.Kind() == node.String {
			return t.StringValue() == "null"
		}
		if t.Kind() == node.Array && t.Len() == 1 && t.Elems()[0].Kind() == node.String {
			return t.Elems()[0].StringValue() == "null"
		}
	}
	if v, ok := get(s, "const"); ok {
		return v.IsNull()
	}
	return false
}

// schema converts s (at ptr) and returns its target; hint names a shape
// that must be generated for it.
func (c *conv) schema(s node.Node, ptr, hint string) target {
	switch s.Kind() {
	case node.Bool:
		if !s.BoolValue() {
			c.diag(s, ptr, "false", "the schema that accepts nothing is modeled as a document")
		}
		return target{id: tDocument, nullable: true}
	case node.Object:
	default:
		c.diag(s, ptr, "schema", "a schema must be an object or a boolean, found a %s; modeled as a document", s.Kind())
		return target{id: tDocument, nullable: true}
	}
	if r, ok := get(s, "$ref"); ok {
		return c.ref(s, r, ptr, hint)
	}
	if inner, iptr, nullable, ok := c.nullWrapper(s, ptr); ok {
		tg := c.schema(inner, iptr, hint)
		if nullable {
			tg.nullable, tg.explicitNull = true, true
		} else if !c.shapeNullable(tg.id) {
			tg.nullable = false
		}
		return tg
	}
	if c.isNullOnly(s, ptr) {
		return target{id: c.nullShape(s, ptr), nullable: true, nullOnly: true}
	}
	if t, ok := c.titledMember(s, ptr); ok {
		return t
	}
	if t, ok := c.trivial(s); ok {
		return t
	}
	if kind, traits, ok := c.exportedScalar(s, ptr); ok {
		// A member's own constraints on a prelude shape, written inline.
		return target{id: preludeKinds[kind], traits: traits}
	}
	if name, ok := c.expanding[ptr]; ok {
		// the composition at ptr is being converted: its shape
		return target{id: name, nullable: c.shapeNullable(name)}
	}
	name := c.names.take(hint)
	sh := c.define(name, s, ptr)
	return target{id: name, nullable: sh.nullable}
}

// onlyAnnotationsBeside reports whether every keyword of s but key is an
// annotation.
func onlyAnnotationsBeside(s node.Node, key string) bool {
	for _, f := range s.Fields() {
		switch f.Key {
		case key, "title", "description", "$comment", "default", "deprecated", "examples", "readOnly", "writeOnly":
		default:
			return false
		}
	}
	return true
}

// nullWrapper recognizes the two ways a schema says "this schema, or
// null" and "this schema, but not null" without a shape of its own:
// {"anyOf" or "oneOf": [S, {"type": "null"}]} (either order) and
// {"allOf": [S, {"not": {"type": "null"}}]}, with nothing beside but
// annotations (the export writes a member's default and deprecated
// there; the member reads them from the property's schema) and, in an
// export, "x-smithy-null": "absent", which says the null is an optional
// member's absence: S, not nullable. It returns S and whether null is allowed. Such a schema is
// S's shape with @nullable (or without it), not a union of one member:
// this is how the openrpc export writes a nullable or optional member,
// so that an import of an export gives back the member's own target.
func (c *conv) nullWrapper(s node.Node, ptr string) (inner node.Node, iptr string, nullable, ok bool) {
	if not, ok := get(s, "not"); ok && isNullType(not) && onlyAnnotationsBeside(s, "not") {
		// {"not": {"type": "null"}}: any value but null, a document
		// member that is not @nullable (its default and deprecated
		// beside it, as the export writes them, are the member's).
		return node.NewObject().At(s.Pos()), ptr, false, true
	}
	key := ""
	absent := false
	for _, f := range s.Fields() {
		switch f.Key {
		case "title", "description", "$comment", "default", "deprecated", "examples", "readOnly", "writeOnly":
		case "x-smithy-null":
			// The export's mark of an optional member's null: its
			// absence, not a value (no @nullable).
			if f.Value.Kind() == node.String && f.Value.StringValue() == "absent" {
				absent = c.exported
			} else {
				c.diag(f.Value, ptr+"/x-smithy-null", "x-smithy-null", `x-smithy-null must be "absent"; ignored`)
			}
		case "anyOf", "oneOf", "allOf":
			if key != "" {
				return node.Node{}, "", false, false
			}
			key = f.Key
		default:
			return node.Node{}, "", false, false
		}
	}
	if key == "" {
		return node.Node{}, "", false, false
	}
	list, _ := get(s, key)
	if list.Kind() != node.Array || list.Len() != 2 {
		return node.Node{}, "", false, false
	}
	for i, br := range list.Elems() {
		other := list.Elems()[1-i]
		optr := ptr + "/" + key + "/" + itoa(1-i)
		if key == "allOf" {
			if not, ok := get(br, "not"); ok && br.Len() == 1 && isNullType(not) {
				return other, optr, false, true
			}
			continue
		}
		if isNullType(br) && !isNullType(other) {
			return other, optr, !absent, true
		}
	}
	return node.Node{}, "", false, false
}

// isNullType reports whether s is exactly {"type": "null"}.
func isNullType(s node.Node) bool {
	t, ok := get(s, "type")
	return ok && s.Len() == 1 && t.Kind() == node.String && t.StringValue() == "null"
}

// trivial maps a schema with no constraint to a prelude shape.
func (c *conv) trivial(s node.Node) (target, bool) {
	typ := ""
	nullable := false
	for _, f := range s.Fields() {
		switch f.Key {
		case "title", "description", "$comment", "examples", "deprecated", "readOnly", "writeOnly", "$id", "$schema", "default":
		case "minimum", "maximum":
			if preludeInteger(s) == "" {
				return target{}, false
			}
		case "type":
			switch f.Value.Kind() {
			case node.String:
				typ = f.Value.StringValue()
			case node.Array:
				var other []string
				for _, e := range f.Value.Elems() {
					if e.Kind() != node.String {
						return target{}, false
					}
					if e.StringValue() == "null" {
						nullable = true
					} else {
						other = append(other, e.StringValue())
					}
				}
				if len(other) != 1 {
					return target{}, false
				}
				typ = other[0]
			default:
				return target{}, false
			}
		default:
			return target{}, false
		}
	}
	if id := preludeInteger(s); id != "" {
		return target{id: id}, true
	}
	switch typ {
	case "":
		return target{id: tDocument, nullable: true}, true
	case "string":
		return target{id: tString, nullable: nullable}, true
	case "boolean":
		return target{id: tBoolean, nullable: nullable}, true
	case "integer":
		return target{id: tBigInteger, nullable: nullable}, true
	case "number":
		return target{id: tBigDecimal, nullable: nullable}, true
	}
	return target{}, false
}

// preludeIntegers are the prelude integer shapes by their exact range, as
// the openrpc export writes them.
var preludeIntegers = []struct{ id, min, max string }{
	{preludeid.Byte.String(), "-128", "127"},
	{preludeid.Short.String(), "-32768", "32767"},
	{tInteger, "-2147483648", "2147483647"},
	{preludeid.Long.String(), "-9223372036854775808", "9223372036854775807"},
}

// preludeInteger returns the prelude shape of an integer schema whose
// only constraint is exactly the range of Byte, Short, Integer or Long:
// that shape says exactly what the schema says, with no shape of its own.
func preludeInteger(s node.Node) string {
	t, _ := get(s, "type")
	lo, _ := get(s, "minimum")
	hi, _ := get(s, "maximum")
	if t.Kind() != node.String || t.StringValue() != "integer" || lo.Kind() != node.Number || hi.Kind() != node.Number {
		return ""
	}
	if _, ok := get(s, "format"); ok {
		return ""
	}
	for _, p := range preludeIntegers {
		if lo.NumberText() == p.min && hi.NumberText() == p.max {
			return p.id
		}
	}
	return ""
}

// nullShape is the shape of a schema that accepts only null.
func (c *conv) nullShape(s node.Node, ptr string) string {
	const name = "Null"
	if _, ok := c.shapes[name]; !ok {
		c.names.reserve(name)
		c.shapes[name] = &shape{name: name, kind: "structure", nullable: true,
			doc: "The JSON null: a schema that accepts only null. Smithy has no null shape, so this nullable empty structure also accepts {}."}
	}
	c.diag(s, ptr, "type", "a schema that accepts only null is modeled as a nullable empty structure, which also accepts {}")
	return name
}

// ref converts a $ref schema.
func (c *conv) ref(s, r node.Node, ptr, hint string) target {
	for _, f := range s.Fields() {
		switch f.Key {
		case "$ref", "title", "description", "$comment", "examples", "deprecated", "readOnly", "writeOnly":
		case "default":
			if !c.memberDefault[ptr] {
				c.diag(f.Value, ptr+"/default", "default", "a default beside $ref that is not a structure member's is not kept")
			}
		default:
			c.diag(f.Value, ptr+"/"+escapePointer(f.Key), f.Key, "a keyword beside $ref is ignored (draft 7 ignores it)")
		}
	}
	if r.Kind() != node.String {
		c.diag(r, ptr+"/$ref", "$ref", "$ref is not a string; modeled as a document")
		return target{id: tDocument, nullable: true}
	}
	t, tptr, ok := c.resolve(r.StringValue())
	if !ok {
		c.diag(r, ptr+"/$ref", "$ref", "reference %q cannot be resolved inside the document; modeled as a document", r.StringValue())
		return target{id: tDocument, nullable: true}
	}
	if c.isNullOnly(t, tptr) {
		return target{id: c.nullShape(r, ptr+"/$ref"), nullable: true, nullOnly: true}
	}
	if name, ok := c.byPtr[tptr]; ok {
		if name == "" { // a $ref cycle that never reaches a shape
			c.diag(r, ptr+"/$ref", "$ref", "reference cycle; modeled as a document")
			return target{id: tDocument, nullable: true}
		}
		return target{id: name, nullable: c.shapes[name].nullable}
	}
	if str(t, "$ref") != "" { // an alias: the target of the target
		c.byPtr[tptr] = ""
		out := c.schema(t, tptr, c.nameFor(tptr))
		c.byPtr[tptr] = out.id
		if _, local := c.shapes[out.id]; !local {
			delete(c.byPtr, tptr)
		}
		return out
	}
	name, fixed := c.fixed[tptr]
	if !fixed {
		name = c.names.take(c.nameFor(tptr))
	}
	c.byPtr[tptr] = name
	sh := c.define(name, t, tptr)
	return target{id: name, nullable: sh.nullable}
}

// nameFor is the shape name of a $ref target: its last pointer token.
func (c *conv) nameFor(ptr string) string {
	if h, ok := c.refHint[ptr]; ok {
		return h
	}
	i := strings.LastIndexByte(ptr, '/')
	n := pascal(unescapePointer(ptr[i+1:]))
	if n == "" {
		return "Schema"
	}
	return n
}

// define generates the shape name for schema s.
func (c *conv) define(name string, s node.Node, ptr string) *shape {
	sh := &shape{name: name, doc: docOf(s), ptr: ptr}
	c.shapes[name] = sh
	c.fill(sh, s, ptr)
	sh.done = true
	return sh
}

// lossKeywords are JSON Schema keywords that Smithy cannot express.
var lossKeywords = map[string]string{
	"not":                   "not is not expressible",
	"if":                    "if/then/else is not expressible",
	"then":                  "if/then/else is not expressible",
	"else":                  "if/then/else is not expressible",
	"multipleOf":            "multipleOf is not expressible",
	"dependencies":          "dependencies are not expressible",
	"dependentSchemas":      "dependentSchemas are not expressible",
	"dependentRequired":     "dependentRequired is not expressible",
	"propertyNames":         "propertyNames is not expressible",
	"contains":              "contains is not expressible",
	"minContains":           "minContains is not expressible",
	"maxContains":           "maxContains is not expressible",
	"unevaluatedProperties": "unevaluatedProperties is not expressible",
	"unevaluatedItems":      "unevaluatedItems is not expressible",
	"additionalItems":       "additionalItems (tuple) is not expressible",
	"prefixItems":           "tuple items are not expressible; the list accepts any items",
	"$dynamicRef":           "$dynamicRef is not resolved",
	"contentMediaType":      "contentMediaType is not asserted",
	"contentEncoding":       "contentEncoding is not asserted",
}

func (c *conv) losses(s node.Node, ptr string) {
	for _, f := range s.Fields() {
		if f.Key == "propertyNames" && c.exported {
			continue // the export writes it for a map's key (mapShape)
		}
		if msg, ok := lossKeywords[f.Key]; ok {
			c.diag(f.Value, ptr+"/"+f.Key, f.Key, "%s; the constraint is dropped", msg)
		}
	}
}

// types returns the non-null types s names and whether it names null.
func types(s node.Node) (list []string, nullable bool) {
	t, ok := get(s, "type")
	if !ok {
		return nil, false
	}
	if t.Kind() == node.String {
		if t.StringValue() == "null" {
			return nil, true
		}
		return []string{t.StringValue()}, false
	}
	for _, e := range t.Elems() {
		if e.Kind() != node.String {
			continue
		}
		if e.StringValue() == "null" {
			nullable = true
		} else {
			list = append(list, e.StringValue())
		}
	}
	return list, nullable
}

// fill makes sh the shape of schema s.
func (c *conv) fill(sh *shape, s node.Node, ptr string) {
	if d, ok := get(s, "default"); ok && !c.memberDefault[ptr] {
		c.diag(d, ptr+"/default", "default", "a default of a shape (not of a structure member) is not kept")
	}
	if kind, traits, ok := c.exportedScalar(s, ptr); ok {
		sh.kind = kind
		sh.traits = append(sh.traits, traits...)
		return
	}
	c.losses(s, ptr)
	typs, nullable := types(s)
	sh.nullable = nullable
	_, hasAll := get(s, "allOf")
	one, hasOne := get(s, "oneOf")
	if !hasOne {
		one, hasOne = get(s, "anyOf")
	}
	if hasOne && c.keyTagged(sh, s, ptr) {
		return
	}
	if hasAll || (hasOne && hasObjectKeywords(s)) {
		c.composition(sh, s, ptr)
		return
	}
	if hasOne {
		key := "oneOf"
		if _, ok := get(s, "oneOf"); !ok {
			key = "anyOf"
		}
		c.union(sh, s, one, ptr, key)
		return
	}
	if v, ok := get(s, "const"); ok {
		c.enum(sh, s, []node.Node{v}, ptr+"/const", "const")
		return
	}
	if v, ok := get(s, "enum"); ok && v.Kind() == node.Array {
		c.enum(sh, s, v.Elems(), ptr+"/enum", "enum")
		return
	}
	if len(typs) > 1 {
		c.multiType(sh, s, typs, ptr)
		return
	}
	typ := ""
	if len(typs) == 1 {
		typ = typs[0]
	} else {
		typ = inferType(s)
	}
	switch typ {
	case "object":
		c.object(sh, []objPart{c.part(s, ptr, "")}, s, ptr)
	case "array":
		c.array(sh, s, ptr)
	case "string":
		c.str(sh, s, ptr)
	case "integer":
		c.integer(sh, s, ptr)
	case "number":
		c.number(sh, s, ptr)
	case "boolean":
		sh.kind = "boolean"
	case "":
		sh.kind = "document"
		sh.nullable = false // a document holds null already
	default:
		c.diag(s, ptr+"/type", "type", "unknown type %q; modeled as a document", typ)
		sh.kind = "document"
	}
}

func hasObjectKeywords(s node.Node) bool {
	for _, k := range []string{"properties", "additionalProperties", "patternProperties", "required"} {
		if _, ok := get(s, k); ok {
			return true
		}
	}
	return false
}

// inferType guesses the type of a schema that names none from its keywords.
func inferType(s node.Node) string {
	switch {
	case hasObjectKeywords(s):
		return "object"
	}
	for _, k := range []string{"items", "minItems", "maxItems", "uniqueItems", "prefixItems"} {
		if _, ok := get(s, k); ok {
			return "array"
		}
	}
	for _, k := range []string{"pattern", "minLength", "maxLength", "format"} {
		if _, ok := get(s, k); ok {
			return "string"
		}
	}
	for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
		if _, ok := get(s, k); ok {
			return "number"
		}
	}
	return ""
}

// multiType makes an untagged union of one branch per type.
func (c *conv) multiType(sh *shape, s node.Node, typs []string, ptr string) {
	sh.kind = "union"
	sh.traits = append(sh.traits, "@untagged")
	names := newUniqueNames()
	for _, t := range typs {
		fields := []node.Field{{Key: "type", Value: node.NewString(t).At(s.Pos())}}
		for _, f := range s.Fields() {
			if f.Key != "type" && f.Key != "title" && f.Key != "description" {
				fields = append(fields, f)
			}
		}
		br := node.NewObject(fields...).At(s.Pos())
		tg := c.schema(br, ptr, sh.name+pascal(t))
		sh.members = append(sh.members, member{name: names.take(memberName(t) + "Value"), target: tg.id})
	}
}

// enum makes an enum, intEnum or constrained shape of listed values.
func (c *conv) enum(sh *shape, s node.Node, vals []node.Node, ptr, keyword string) {
	var strs, ints []node.Node
	var other bool
	for _, v := range vals {
		switch v.Kind() {
		case node.Null:
			sh.nullable = true
		case node.String:
			if v.StringValue() == "" {
				other = true
			} else {
				strs = append(strs, v)
			}
		case node.Number:
			if n, ok := node.SmallInt(v.NumberText()); ok && n >= math.MinInt32 && n <= math.MaxInt32 {
				ints = append(ints, v)
			} else {
				other = true
			}
		default:
			other = true
		}
	}
	switch {
	case !other && len(ints) == 0 && len(strs) > 0:
		sh.kind = "enum"
		names := newUniqueNames()
		seen := map[string]bool{}
		for _, v := range strs {
			if seen[v.StringValue()] {
				continue
			}
			seen[v.StringValue()] = true
			sh.members = append(sh.members, member{name: names.take(enumName(v.StringValue())), target: quote(v.StringValue())})
		}
	case !other && len(strs) == 0 && len(ints) > 0:
		sh.kind = "intEnum"
		names := newUniqueNames()
		seen := map[int64]bool{}
		for _, v := range ints {
			n, _ := node.SmallInt(v.NumberText())
			if seen[n] {
				continue
			}
			seen[n] = true
			name := "V" + strings.ReplaceAll(itoa(int(n)), "-", "MINUS")
			sh.members = append(sh.members, member{name: names.take(name), target: itoa(int(n))})
		}
	default:
		c.diag(s, ptr, keyword, "values that are not all non-empty strings or all 32-bit integers cannot be a Smithy enum; the shape accepts any value of the type")
		typs, _ := types(s)
		t := inferType(s)
		if len(typs) == 1 {
			t = typs[0]
		}
		switch t {
		case "string":
			c.str(sh, s, ptr)
		case "integer":
			c.integer(sh, s, ptr)
		case "number":
			c.number(sh, s, ptr)
		case "boolean":
			sh.kind = "boolean"
		default:
			sh.kind = "document"
			sh.nullable = false
		}
	}
}

// str makes a string shape (or timestamp, blob by format).
func (c *conv) str(sh *shape, s node.Node, ptr string) {
	sh.kind = "string"
	_, hasPattern := get(s, "pattern")
	_, hasMin := get(s, "minLength")
	_, hasMax := get(s, "maxLength")
	if f, ok := get(s, "format"); ok && f.Kind() == node.String {
		switch {
		case f.StringValue() == "date-time" && !hasPattern && !hasMin && !hasMax:
			sh.kind = "timestamp"
			sh.traits = append(sh.traits, `@timestampFormat("date-time")`)
			return
		case f.StringValue() == "byte" && !hasPattern && !hasMin && !hasMax:
			sh.kind = "blob"
			return
		default:
			c.diag(f, ptr+"/format", "format", "format %q is not asserted (Smithy has no trait for it)", f.StringValue())
		}
	}
	if p, ok := get(s, "pattern"); ok && p.Kind() == node.String {
		if t := c.patternTrait(p.StringValue(), p, ptr+"/pattern"); t != "" {
			sh.traits = append(sh.traits, t)
		}
	}
	if t := c.lengthTrait(s, ptr, "minLength", "maxLength"); t != "" {
		sh.traits = append(sh.traits, t)
	}
}

// patternTrait is the @pattern trait of a JSON Schema pattern: its
// ECMA-262 meaning spelled for java.util.regex, which reads @pattern
// (pattern.FromECMA: '$' becomes \z, '.' and \s list ECMA's characters).
// A pattern with no such spelling is kept as written when Java reads it,
// with a diagnostic that its meaning may differ, and left out (a
// diagnostic) when Java refuses it.
func (c *conv) patternTrait(src string, n node.Node, ptr string) string {
	j, err := pattern.FromECMA(src)
	if err == nil {
		return "@pattern(" + quote(j) + ")"
	}
	why := err.Error()
	var pe *pattern.Error
	if errors.As(err, &pe) && pe.Unsupported() {
		why = "it uses " + pe.Construct
	}
	if _, jerr := pattern.Compile(src); jerr == nil || errors.As(jerr, &pe) && pe.Unsupported() {
		c.diag(n, ptr, "pattern", "pattern %q has no exact java.util.regex spelling (%s): kept as written, where Java's meaning may differ from ECMA-262's", src, why)
		return "@pattern(" + quote(src) + ")"
	}
	c.diag(n, ptr, "pattern", "pattern %q has no java.util.regex spelling (%s): the constraint is dropped", src, why)
	return ""
}

func (c *conv) lengthTrait(s node.Node, ptr, minKey, maxKey string) string {
	var parts []string
	for _, kv := range [][2]string{{minKey, "min"}, {maxKey, "max"}} {
		v, ok := get(s, kv[0])
		if !ok {
			continue
		}
		if v.Kind() != node.Number || !isNonNegInt(v.NumberText()) {
			c.diag(v, ptr+"/"+kv[0], kv[0], "not a non-negative integer; ignored")
			continue
		}
		parts = append(parts, kv[1]+": "+v.NumberText())
	}
	if len(parts) == 0 {
		return ""
	}
	return "@length(" + strings.Join(parts, ", ") + ")"
}

func isNonNegInt(t string) bool {
	if t == "" {
		return false
	}
	for i := 0; i < len(t); i++ {
		if !isDigit(t[i]) {
			return false
		}
	}
	return true
}

// bound reads a numeric keyword as an exact rational.
func bound(s node.Node, key string) (*big.Rat, node.Node, bool) {
	v, ok := get(s, key)
	if !ok || v.Kind() != node.Number {
		return nil, v, false
	}
	r, ok := new(big.Rat).SetString(v.NumberText())
	if !ok || len(v.NumberText()) > 400 {
		return nil, v, false
	}
	return r, v, true
}

var (
	minInt32 = big.NewInt(math.MinInt32)
	maxInt32 = big.NewInt(math.MaxInt32)
	minInt64 = big.NewInt(math.MinInt64)
	maxInt64 = big.NewInt(math.MaxInt64)
)

// integer makes an Integer, Long or BigInteger with @range.
func (c *conv) integer(sh *shape, s node.Node, ptr string) {
	lo, hi := c.intBound(s, ptr, "minimum", "exclusiveMinimum", true), c.intBound(s, ptr, "maximum", "exclusiveMaximum", false)
	switch {
	case lo != nil && hi != nil && lo.Cmp(minInt32) >= 0 && hi.Cmp(maxInt32) <= 0:
		sh.kind = "integer"
	case lo != nil && hi != nil && lo.Cmp(minInt64) >= 0 && hi.Cmp(maxInt64) <= 0:
		sh.kind = "long"
	default:
		sh.kind = "bigInteger"
	}
	if f, ok := get(s, "format"); ok && f.Kind() == node.String {
		switch f.StringValue() {
		case "int32", "int64":
			if sh.kind == "bigInteger" || (f.StringValue() == "int64" && sh.kind == "integer") {
				sh.kind = map[string]string{"int32": "integer", "int64": "long"}[f.StringValue()]
			}
		default:
			c.diag(f, ptr+"/format", "format", "format %q is not asserted", f.StringValue())
		}
	}
	var parts []string
	if lo != nil {
		parts = append(parts, "min: "+lo.String())
	}
	if hi != nil {
		parts = append(parts, "max: "+hi.String())
	}
	if len(parts) > 0 {
		sh.traits = append(sh.traits, "@range("+strings.Join(parts, ", ")+")")
	}
}

// intBound is the inclusive integer bound of an integer schema.
func (c *conv) intBound(s node.Node, ptr, incl, excl string, lower bool) *big.Int {
	var out *big.Int
	take := func(r *big.Rat, exclusive bool) {
		q := new(big.Int).Quo(r.Num(), r.Denom()) // truncated toward zero
		if !r.IsInt() {
			if lower && r.Sign() > 0 {
				q.Add(q, big.NewInt(1))
			} else if !lower && r.Sign() < 0 {
				q.Sub(q, big.NewInt(1))
			}
		} else if exclusive {
			if lower {
				q.Add(q, big.NewInt(1))
			} else {
				q.Sub(q, big.NewInt(1))
			}
		}
		if out == nil || (lower && q.Cmp(out) > 0) || (!lower && q.Cmp(out) < 0) {
			out = q
		}
	}
	exBool := false
	if v, ok := get(s, excl); ok && v.Kind() == node.Bool {
		exBool = v.BoolValue() // draft 4
	} else if r, v, ok := bound(s, excl); ok {
		take(r, true)
	} else if ok := v.Kind() != 0; ok && v.Kind() != node.Number {
		c.diag(v, ptr+"/"+excl, excl, "not a number; ignored")
	}
	if r, v, ok := bound(s, incl); ok {
		take(r, exBool)
	} else if _, present := get(s, incl); present {
		c.diag(v, ptr+"/"+incl, incl, "not a number; ignored")
	}
	return out
}

// number makes a BigDecimal with @range.
func (c *conv) number(sh *shape, s node.Node, ptr string) {
	sh.kind = "bigDecimal"
	var parts []string
	for _, kv := range [][3]string{{"minimum", "exclusiveMinimum", "min"}, {"maximum", "exclusiveMaximum", "max"}} {
		if v, ok := get(s, kv[1]); ok {
			if v.Kind() == node.Number {
				c.diag(v, ptr+"/"+kv[1], kv[1], "an exclusive bound of a number is kept as an inclusive @range bound")
				if _, has := get(s, kv[0]); !has {
					parts = append(parts, kv[2]+": "+v.NumberText())
				}
			} else if v.Kind() == node.Bool && v.BoolValue() {
				c.diag(v, ptr+"/"+kv[1], kv[1], "an exclusive bound of a number is kept as an inclusive @range bound")
			}
		}
		if v, ok := get(s, kv[0]); ok {
			if v.Kind() == node.Number {
				parts = append(parts, kv[2]+": "+v.NumberText())
			} else {
				c.diag(v, ptr+"/"+kv[0], kv[0], "not a number; ignored")
			}
		}
	}
	if len(parts) > 0 {
		sh.traits = append(sh.traits, "@range("+strings.Join(parts, ", ")+")")
	}
}

// array makes a list.
func (c *conv) array(sh *shape, s node.Node, ptr string) {
	sh.kind = "list"
	tg := target{id: tDocument}
	if it, ok := get(s, "items"); ok {
		if it.Kind() == node.Array {
			c.diag(it, ptr+"/items", "items", "tuple items are not expressible; the list accepts any items")
		} else {
			tg = c.schema(it, ptr+"/items", sh.name+"Item")
		}
	}
	m := member{name: "member", target: tg.id}
	if tg.nullable && tg.id != tDocument && !c.shapeNullable(tg.id) {
		m.traits = append(m.traits, "@nullable")
	}
	m.traits = append(m.traits, tg.traits...)
	if tg.id == tDocument {
		sh.traits = append(sh.traits, "@sparse")
	}
	sh.members = []member{m}
	if t := c.lengthTrait(s, ptr, "minItems", "maxItems"); t != "" {
		sh.traits = append(sh.traits, t)
	}
	if u, ok := get(s, "uniqueItems"); ok && u.Kind() == node.Bool && u.BoolValue() {
		if tg.id == tDocument || c.kindOf(tg.id) == "document" {
			c.diag(u, ptr+"/uniqueItems", "uniqueItems", "Smithy forbids @uniqueItems on a list of documents; dropped")
		} else {
			sh.traits = append(sh.traits, "@uniqueItems")
		}
	}
}

func (c *conv) shapeNullable(id string) bool {
	s, ok := c.shapes[id]
	return ok && s.nullable
}

func (c *conv) kindOf(id string) string {
	if s, ok := c.shapes[id]; ok {
		return s.kind
	}
	return ""
}
