package openrpc

import (
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"regexp/syntax"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/pattern"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// The alloy traits (https://github.com/disneystreaming/alloy), honored when
// a model defines or loads them: a discriminated union is a oneOf of its
// members' structures with a const discriminator, an untagged union a
// oneOf (or anyOf) of its members, a nullable member (or a member whose
// target is nullable) also takes null, and a jsonUnknown member's map
// value schema is additionalProperties; a union's jsonUnknown member (a
// document) adds the branch "exactly one field, named by no member". One
// value differs from the engine: a union value with a known member set to
// null next to an unknown member (the engine counts the null member as
// absent; the schema's branch counts fields).
var (
	AlloyDiscriminated = shapeid.New("alloy", "discriminated")
	AlloyUntagged      = shapeid.New("alloy", "untagged")
	AlloyNullable      = shapeid.New("alloy", "nullable")
	AlloyJSONUnknown   = shapeid.New("alloy", "jsonUnknown")
	// ClosedTrait is smithy.rpc#closed (rpc.ClosedTrait): a structure
	// whose unknown fields are errors under every policy, exported as
	// additionalProperties: false.
	ClosedTrait = shapeid.New("smithy.rpc", "closed")
)

// constraintTraits are the traits whose effective value shapes a value's
// schema: a member that applies one of them gets its own inline schema
// (its trait replaces the target's, as the value engine does), any other
// member refers to its target's schema.
var constraintTraits = []shapeid.ID{preludeid.Length, preludeid.Pattern, preludeid.Range, preludeid.Enum, preludeid.UniqueItems, preludeid.TimestampFormat, preludeid.IDRef}

// obj builds a JSON object with fields in insertion order.
type obj []node.Field

func (o *obj) add(k string, v node.Node) { *o = append(*o, node.Field{Key: k, Value: v}) }
func (o obj) node() node.Node            { return node.NewObject(o...) }
func str(s string) node.Node             { return node.NewString(s) }
func num(s string) node.Node             { return node.NewNumber(s) }

func strList(ss []string) node.Node {
	out := make([]node.Node, len(ss))
	for i, s := range ss {
		out[i] = str(s)
	}
	return node.NewArray(out...)
}

func typeSchema(t string) node.Node { return node.NewObject(node.Field{Key: "type", Value: str(t)}) }

var nullSchema = typeSchema("null")

// orNull returns a schema that also accepts null.
func orNull(s node.Node) node.Node {
	return node.NewObject(node.Field{Key: "anyOf", Value: node.NewArray(s, nullSchema)})
}

var notNull = node.NewObject(node.Field{Key: "not", Value: nullSchema})

// nullIf returns a member's value schema where the value engine accepts
// null exactly when ok: s or null when ok; else s, refusing null when s
// would take it (a document's {} takes any value, but a required
// document member, a non-sparse list's document element or, under
// RejectNullMembers, an optional one, may not be null).
func (g *schemas) nullIf(s node.Node, ok bool) node.Node {
	if ok {
		return orNull(s)
	}
	if g.schemaTypes(s, 0)&jsonNull == 0 {
		return s
	}
	if isEmptySchema(s) {
		return notNull
	}
	return node.NewObject(node.Field{Key: "allOf", Value: node.NewArray(s, notNull)})
}

// schemas converts Smithy shapes to JSON Schema draft-07 with reusable
// schemas under #/components/schemas.
type schemas struct {
	m      *model.Model
	p      *profile
	rename map[shapeid.ID]string
	names  map[shapeid.ID]string // component name of each shape that has one
	comps  map[string]node.Node
	// queue holds the shapes named but not yet converted.
	queue []shapeid.ID
	diags *diagnostics
	// byName and types serve disjoint: component names to shapes, and the
	// JSON types each component's schema accepts.
	byName map[string]shapeid.ID
	types  map[shapeid.ID]uint8
	// absentNulls is set when an optional member's schema takes null as
	// its absence (optionalNull).
	absentNulls bool
}

// isComponent reports whether a shape gets a reusable schema: every
// shape outside the prelude (aggregates, enums, constrained simple
// shapes); prelude shapes are written inline.
func isComponent(s *model.Shape) bool {
	return s.ID().Namespace != shapeid.Prelude && s.Type() != model.MemberType && !s.Type().IsService()
}

// collect returns every component shape reachable from roots (member
// IDs or shape IDs), sorted by shape ID.
func (g *schemas) collect(roots []shapeid.ID) []shapeid.ID {
	seen := map[shapeid.ID]bool{}
	var out []shapeid.ID
	var visit func(s *model.Shape)
	visit = func(s *model.Shape) {
		if seen[s.ID()] {
			return
		}
		seen[s.ID()] = true
		if s.Type() == model.MemberType {
			t, ok := g.m.Target(s)
			if ok && s.HasTrait(AlloyJSONUnknown) && t.Type() == model.MapType {
				// The map of a @jsonUnknown member is no schema of the
				// document: its structure's additionalProperties is the
				// map's value schema.
				if v, ok := t.Member("value"); ok {
					visit(v)
				}
				return
			}
			if ok {
				visit(t)
			}
			return
		}
		if isComponent(s) {
			out = append(out, s.ID())
		}
		for _, mem := range s.Members() {
			visit(mem)
		}
	}
	for _, id := range roots {
		if s, ok := g.m.Shape(id); ok {
			visit(s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return shapeid.Compare(out[i], out[j]) < 0 })
	return out
}

// assignNames gives each component a name: the service's rename when it
// has one, else the shape's name; when two shapes would share a name,
// each of them is named by its namespace and name ("a.b.Name"), which no
// plain shape name can equal. A rename that collides is an error.
func (g *schemas) assignNames(ids []shapeid.ID) error {
	g.names = map[shapeid.ID]string{}
	byName := map[string][]shapeid.ID{}
	for _, id := range ids {
		n := id.Name
		if r, ok := g.rename[id]; ok {
			n = r
		}
		byName[n] = append(byName[n], id)
	}
	keys := make([]string, 0, len(byName))
	for k := range byName {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		group := byName[k]
		if len(group) == 1 {
			g.names[group[0]] = k
			continue
		}
		var list []string
		for _, id := range group {
			if _, renamed := g.rename[id]; renamed {
				return fmt.Errorf("openrpc: the service renames %s to %q, which another shape of its closure is also named", id, k)
			}
			g.names[id] = id.Namespace + "." + id.Name
			list = append(list, id.String())
		}
		g.diags.add(Diagnostic{Code: CodeNameConflict, Shape: group[0],
			Message: fmt.Sprintf("shapes %s share the name %q: their schemas are named by namespace and name", strings.Join(list, ", "), k)})
	}
	return nil
}

// ref returns the schema of a shape: a reference to its component, or its
// schema inline for prelude shapes.
func (g *schemas) ref(id shapeid.ID) node.Node {
	if n, ok := g.names[id]; ok {
		return node.NewObject(node.Field{Key: "$ref", Value: str("#/components/schemas/" + n)})
	}
	s, ok := g.m.Shape(id)
	if !ok {
		g.diags.fail("unresolved reference to %s", id)
		return node.NewObject()
	}
	return g.shapeSchema(s, s.Traits(), nil)
}

// build converts every named component (following the queue so that
// shapes named later are converted too) and returns the components
// object, sorted by name.
func (g *schemas) build() node.Node {
	ids := make([]shapeid.ID, 0, len(g.names))
	for id := range g.names {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return shapeid.Compare(ids[i], ids[j]) < 0 })
	g.comps = map[string]node.Node{}
	for _, id := range ids {
		s, _ := g.m.Shape(id)
		g.comps[g.names[id]] = withDescription(g.shapeSchema(s, s.Traits(), nil), s)
	}
	names := make([]string, 0, len(g.comps))
	for n := range g.comps {
		names = append(names, n)
	}
	sort.Strings(names)
	var o obj
	for _, n := range names {
		o.add(n, g.comps[n])
	}
	return o.node()
}

// withDescription gives a component the shape's documentation as its
// description (structures and unions write theirs themselves), after its
// "type" when it has one: every documented shape keeps its text through
// an export and an import.
func withDescription(n node.Node, s *model.Shape) node.Node {
	d, ok := s.Trait(preludeid.Documentation)
	if !ok || d.Kind() != node.String || n.Kind() != node.Object {
		return n
	}
	if _, has := n.Get("description"); has {
		return n
	}
	fs := n.Fields()
	at := 0
	if len(fs) > 0 && fs[0].Key == "type" {
		at = 1
	}
	out := make([]node.Field, 0, len(fs)+1)
	out = append(out, fs[:at]...)
	out = append(out, node.Field{Key: "description", Value: d})
	return node.NewObject(append(out, fs[at:]...)...)
}

// optionalNull is a structure member's (or a param's) value schema: null
// is allowed for a nullable member, and for an optional one unless
// RejectNullMembers. The two nulls mean different things to the value
// engine (an optional member's null is its absence, which
// RejectNullMembers refuses; a @nullable member's is a value), but the
// same to JSON Schema: with the extensions, the optional member's null
// branch is marked "x-smithy-null": "absent", so that an import makes it
// an optional member again, not a @nullable one. With ExtensionsOmit,
// the service's one loss (nullLoss) says it.
func (g *schemas) optionalNull(sch node.Node, mem *model.Shape) node.Node {
	nullable := g.nullableMember(mem)
	absent := !nullable && !mem.HasTrait(preludeid.Required) && !g.p.nullsRejected
	out := g.nullIf(sch, nullable || absent)
	if !absent {
		return out
	}
	g.absentNulls = true
	if g.p.ext != ExtensionsEmit {
		return out
	}
	return node.NewObject(append(append([]node.Field(nil), out.Fields()...), node.Field{Key: NullExtension, Value: str("absent")})...)
}

// NullExtension marks the null branch of an optional member's schema as
// the member's absence (see optionalNull).
const NullExtension = "x-smithy-null"

// withDefault adds to the schema of a member's value (a property, or a
// param with property false: a Content Descriptor says deprecated itself)
// the annotations of the member's own traits that JSON Schema has:
// `default` for @default (the value the member takes when absent; an
// annotation, it changes no verdict) and, for a property, `deprecated` for
// @deprecated (JSON Schema 2019-09's annotation, which draft-07 validators
// ignore). An import reads both back. A `$ref` beside them stays a
// draft-07 reference: its siblings are annotations only.
func (g *schemas) withDefault(sch node.Node, mem *model.Shape, property bool) node.Node {
	d, hasDefault := mem.Trait(preludeid.Default)
	_, deprecated := mem.Trait(preludeid.Deprecated)
	deprecated = deprecated && property
	if !hasDefault && !deprecated || sch.Kind() != node.Object {
		return sch
	}
	fs := append([]node.Field(nil), sch.Fields()...)
	if hasDefault {
		// The default as the wire has it (a blob's in base64, a
		// timestamp's in its format), as an example's value.
		if t, ok := g.m.Target(mem); ok {
			d = g.scalarToWire(t, mem, d)
		}
		fs = append(fs, node.Field{Key: "default", Value: d})
	}
	if deprecated {
		fs = append(fs, node.Field{Key: "deprecated", Value: node.NewBool(true)})
	}
	return node.NewObject(fs...)
}

// memberDescription gives a property's schema the member's own
// documentation as its description, first: beside the null wrapper of an
// optional member or a `$ref` (an annotation, which draft-07 validators
// ignore there as they ignore every sibling of a reference, and which an
// import reads back as the member's), or on the member's inline schema,
// replacing a description the target's schema has there (the member's
// documentation is the member's; the target's is on its own component).
func memberDescription(sch node.Node, mem *model.Shape) node.Node {
	d, ok := mem.Trait(preludeid.Documentation)
	if !ok || d.Kind() != node.String || sch.Kind() != node.Object {
		return sch
	}
	fs := make([]node.Field, 0, len(sch.Fields())+1)
	fs = append(fs, node.Field{Key: "description", Value: d})
	for _, f := range sch.Fields() {
		if f.Key != "description" {
			fs = append(fs, f)
		}
	}
	return node.NewObject(fs...)
}

// memberSchema is the schema of a member's value, by its effective
// contract: a reference to the target when the member applies no
// constraint of its own, else the target's schema inline with the
// member's effective traits (a member trait replaces the target's).
func (g *schemas) memberSchema(mem *model.Shape) node.Node {
	target, ok := g.m.Target(mem)
	if !ok {
		g.diags.fail("member %s targets %s, which is not defined", mem.ID(), mem.Target())
		return node.NewObject()
	}
	own := false
	for _, t := range constraintTraits {
		if mem.HasTrait(t) {
			own = true
			break
		}
	}
	if !own {
		if _, named := g.names[target.ID()]; named {
			return g.ref(target.ID())
		}
		// A prelude shape, written inline: a loss it has is the member's.
		return g.shapeSchema(target, target.Traits(), mem)
	}
	sch := g.shapeSchema(target, g.m.EffectiveTraits(mem), mem)
	if n, named := g.names[target.ID()]; named && sch.Kind() == node.Object {
		// Titled with the target's component name, so that an import of
		// the export makes the member target that shape again, with the
		// constraints as its own traits.
		fs := sch.Fields()
		at := 0
		if len(fs) > 0 && fs[0].Key == "type" {
			at = 1
		}
		out := append(append(append(make([]node.Field, 0, len(fs)+1), fs[:at]...), node.Field{Key: "title", Value: str(n)}), fs[at:]...)
		sch = node.NewObject(out...)
	}
	return sch
}

// carrier is the shape a diagnostic about trait names: the member when
// the member applies the trait itself (its trait replaced the target's)
// or its target is a prelude shape (written inline, so the loss is the
// member's: a policy's, such as AnyTimestampFormat's http-date), else the
// shape s whose schema is being written. A loss found while
// writing a member's inline schema is the member's, never its target's
// (smithy.api#String carries no @pattern).
func carrier(s, mem *model.Shape, trait shapeid.ID) shapeid.ID {
	if mem != nil && (mem.HasTrait(trait) || s.ID().Namespace == shapeid.Prelude) {
		return mem.ID()
	}
	return s.ID()
}

// wireName is the name a member has on the wire under the naming policy.
func (g *schemas) wireName(mem *model.Shape) string {
	if g.p.jsonNames {
		if jn, ok := mem.Trait(preludeid.JSONName); ok && jn.Kind() == node.String {
			return jn.StringValue()
		}
	}
	return mem.MemberName()
}

func findTraitIn(ts []model.Trait, id shapeid.ID) (node.Node, bool) {
	for _, t := range ts {
		if t.ID == id {
			return t.Value, true
		}
	}
	return node.Node{}, false
}

// shapeSchema converts one shape with the given effective traits; mem is
// the member whose effective traits they are, nil for the shape's own.
func (g *schemas) shapeSchema(s *model.Shape, traits []model.Trait, mem *model.Shape) node.Node {
	var o obj
	switch s.Type() {
	case model.BooleanType:
		o.add("type", str("boolean"))
	case model.StringType:
		o.add("type", str("string"))
		if v, ok := findTraitIn(traits, preludeid.Enum); ok {
			var vals []node.Node
			for _, e := range v.Elems() {
				if ev, ok := e.Get("value"); ok && ev.Kind() == node.String {
					vals = append(vals, ev)
				}
			}
			o.add("enum", node.NewArray(vals...))
		}
		g.stringConstraints(&o, s, traits, mem)
	case model.EnumType:
		o.add("type", str("string"))
		var vals []node.Node
		for _, mem := range s.Members() {
			v := str(mem.MemberName())
			if ev, ok := mem.Trait(preludeid.EnumValue); ok && ev.Kind() == node.String {
				v = ev
			}
			vals = append(vals, v)
		}
		o.add("enum", node.NewArray(vals...))
		g.stringConstraints(&o, s, traits, mem)
	case model.IntEnumType:
		o.add("type", str("integer"))
		var vals []node.Node
		for _, mem := range s.Members() {
			if ev, ok := mem.Trait(preludeid.EnumValue); ok && ev.Kind() == node.Number {
				vals = append(vals, num(ev.NumberText()))
			}
		}
		o.add("enum", node.NewArray(vals...))
	case model.ByteType, model.ShortType, model.IntegerType, model.LongType, model.BigIntegerType:
		o.add("type", str("integer"))
		lo, hi := intBounds(s.Type())
		g.numberBounds(&o, traits, lo, hi, false)
	case model.FloatType, model.DoubleType, model.BigDecimalType:
		var n obj
		n.add("type", str("number"))
		switch s.Type() {
		case model.FloatType:
			g.numberBounds(&n, traits, "-"+floatLimit, floatLimit, true)
		case model.DoubleType:
			g.numberBounds(&n, traits, "-"+doubleLimit, doubleLimit, true)
		default:
			g.numberBounds(&n, traits, "", "", false)
		}
		if s.Type() == model.BigDecimalType {
			return n.node()
		}
		// Smithy's JSON writes the non-finite values as these strings; a
		// @range excludes NaN, and the infinity beyond a bound.
		specials := []string{"NaN", "Infinity", "-Infinity"}
		if r, ok := findTraitIn(traits, preludeid.Range); ok {
			specials = nil
			if _, hasMax := r.Get("max"); !hasMax {
				specials = append(specials, "Infinity")
			}
			if _, hasMin := r.Get("min"); !hasMin {
				specials = append(specials, "-Infinity")
			}
		}
		if len(specials) == 0 {
			return n.node()
		}
		var e obj
		e.add("enum", strList(specials))
		o.add("anyOf", node.NewArray(n.node(), e.node()))
	case model.TimestampType:
		return g.timestampSchema(s, traits, mem)
	case model.BlobType:
		o.add("type", str("string"))
		if !g.p.blobText {
			o.add("contentEncoding", str("base64"))
			o.add("pattern", str(base64Pattern))
			if _, ok := findTraitIn(traits, preludeid.Length); ok {
				g.diags.add(Diagnostic{Code: CodeLoss, Shape: carrier(s, mem, preludeid.Length), Message: "@length of a blob counts decoded bytes, which JSON Schema cannot count in base64 text: the constraint is left out of the schema"})
			}
		} else {
			g.lengthBounds(&o, traits, "minLength", "maxLength")
		}
	case model.DocumentType:
		// Any JSON value.
	case model.ListType, model.SetType:
		o.add("type", str("array"))
		if mem, ok := s.Member("member"); ok {
			o.add("items", g.nullIf(g.memberSchema(mem), g.nullableMember(mem) || s.HasTrait(preludeid.Sparse)))
		}
		g.lengthBounds(&o, traits, "minItems", "maxItems")
		if _, ok := findTraitIn(traits, preludeid.UniqueItems); ok || s.Type() == model.SetType {
			o.add("uniqueItems", node.NewBool(true))
		}
	case model.MapType:
		o.add("type", str("object"))
		if k, ok := s.Member("key"); ok {
			ks := g.memberSchema(k)
			if !isEmptySchema(ks) && !isStringOnly(ks) {
				o.add("propertyNames", ks)
			}
		}
		if v, ok := s.Member("value"); ok {
			o.add("additionalProperties", g.nullIf(g.memberSchema(v), g.nullableMember(v) || s.HasTrait(preludeid.Sparse)))
		}
		g.lengthBounds(&o, traits, "minProperties", "maxProperties")
	case model.StructureType:
		return g.structureSchema(s, "", "")
	case model.UnionType:
		return g.unionSchema(s)
	default:
		g.diags.fail("%s is a %s, which has no JSON value", s.ID(), s.Type())
	}
	if _, ok := findTraitIn(traits, preludeid.IDRef); ok {
		g.diags.add(Diagnostic{Code: CodeLoss, Shape: carrier(s, mem, preludeid.IDRef), Message: "@idRef checks that a string names a shape of the model, which JSON Schema cannot: the schema accepts any string"})
	}
	return o.node()
}

// base64Pattern accepts standard padded base64 (RFC 4648 section 4), as
// the value engine's BlobBase64 policy does.
const base64Pattern = `^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`

func isEmptySchema(n node.Node) bool { return n.Kind() == node.Object && n.Len() == 0 }

func isStringOnly(n node.Node) bool {
	t, ok := n.Get("type")
	return ok && n.Len() == 1 && t.StringValue() == "string"
}

func (g *schemas) stringConstraints(o *obj, s *model.Shape, traits []model.Trait, mem *model.Shape) {
	g.lengthBounds(o, traits, "minLength", "maxLength")
	if p, ok := findTraitIn(traits, preludeid.Pattern); ok && p.Kind() == node.String {
		// The model's pattern means what java.util.regex reads (as the
		// reference reads it); JSON Schema reads ECMA-262. A pattern is
		// exported in the spelling that gives it the same meaning there,
		// or left out with the loss said (docs/patterns.md).
		site := carrier(s, mem, preludeid.Pattern)
		e, err := pattern.ECMA(p.StringValue())
		if err != nil {
			why := err.Error()
			var pe *pattern.Error
			if errors.As(err, &pe) && pe.Unsupported() {
				why = "it uses " + pe.Construct
			}
			g.diags.add(Diagnostic{Code: CodeLoss, Shape: site, Message: fmt.Sprintf("@pattern %q has no ECMA-262 spelling with the meaning the reference gives it (%s): the constraint is left out of the schema", p.StringValue(), why)})
		} else if why := re2Refuses(e); why != "" {
			// ECMA-262 has lookarounds and back references; RE2 (Go's
			// regexp, Rust's regex, and the metaschema's format "regex"
			// as openrpc/jsonschema checks it) has neither, so
			// such a pattern would make the document fail its own
			// check and every RE2-based validator refuse the schema.
			// The pattern is left out and the loss said, with the
			// spelling an ECMA-262 reader could add by hand.
			g.diags.add(Diagnostic{Code: CodeLoss, Shape: site, Message: fmt.Sprintf("@pattern %q is %q in ECMA-262, which %s: RE2-based JSON Schema validators (and the metaschema's format \"regex\" as this module checks it) cannot compile it, so the constraint is left out of the schema", p.StringValue(), e, why)})
		} else {
			o.add("pattern", str(e))
			if endAnchor(p.StringValue()) {
				g.diags.add(Diagnostic{Code: CodeLoss, Shape: site, Message: fmt.Sprintf("@pattern %q uses $, which java.util.regex also matches before a final line terminator and ECMA-262 does not: the schema rejects a value ending in \\n, \\r\\n, \\r, U+0085, U+2028 or U+2029 that the value engine accepts (docs/patterns.md)", p.StringValue())})
			}
		}
	}
}

// endAnchor reports whether a pattern that pattern.ECMA spells has a $
// assertion: a '$' outside a class and not escaped. It reads the model's
// (Java) pattern, whose classes are flat when ECMA spells it: a \z, which
// ECMA spells '$', is the end of the input in both dialects, no loss.
func endAnchor(e string) bool {
	inClass := false
	for i := 0; i < len(e); i++ {
		switch c := e[i]; {
		case c == '\\':
			i++
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
		case c == '$':
			return true
		}
	}
	return false
}

// re2Refuses says why RE2 (Go's regexp) cannot compile an ECMA-262
// pattern, "" when it can.
func re2Refuses(e string) string {
	_, err := regexp.Compile(e)
	if err == nil {
		return ""
	}
	var se *syntax.Error
	if errors.As(err, &se) {
		return fmt.Sprintf("RE2 refuses at `%s` (%s)", se.Expr, se.Code)
	}
	return "RE2 refuses: " + err.Error()
}

func (g *schemas) lengthBounds(o *obj, traits []model.Trait, minKey, maxKey string) {
	l, ok := findTraitIn(traits, preludeid.Length)
	if !ok {
		return
	}
	if v, ok := l.Get("min"); ok && v.Kind() == node.Number {
		o.add(minKey, num(v.NumberText()))
	}
	if v, ok := l.Get("max"); ok && v.Kind() == node.Number {
		o.add(maxKey, num(v.NumberText()))
	}
}

// numberBounds writes the bounds of a number: the tighter of the type's
// own range (lo, hi; "" for none) and the effective @range, each written
// from its exact token. The type's bounds are exclusive when typeExcl is
// set (a float's or double's overflow limit, which no finite value
// reaches); a @range bound, inclusive, replaces one only when it is
// strictly tighter.
func (g *schemas) numberBounds(o *obj, traits []model.Trait, lo, hi string, typeExcl bool) {
	loExcl, hiExcl := typeExcl && lo != "", typeExcl && hi != ""
	if r, ok := findTraitIn(traits, preludeid.Range); ok {
		if v, ok := r.Get("min"); ok && v.Kind() == node.Number {
			if c, err := node.CompareNumbers(v.NumberText(), lo); lo == "" || err == nil && (c > 0 || c == 0 && !loExcl) {
				lo, loExcl = v.NumberText(), false
			}
		}
		if v, ok := r.Get("max"); ok && v.Kind() == node.Number {
			if c, err := node.CompareNumbers(v.NumberText(), hi); hi == "" || err == nil && (c < 0 || c == 0 && !hiExcl) {
				hi, hiExcl = v.NumberText(), false
			}
		}
	}
	switch {
	case lo == "":
	case loExcl:
		o.add("exclusiveMinimum", num(lo))
	default:
		o.add("minimum", num(lo))
	}
	switch {
	case hi == "":
	case hiExcl:
		o.add("exclusiveMaximum", num(hi))
	default:
		o.add("maximum", num(hi))
	}
}

// floatLimit and doubleLimit are the magnitudes from which a number token
// overflows a float and a double as the value engine reads it
// (strconv.ParseFloat, round half to even): the midpoint between the
// largest finite value and the next power of two, 2^128-2^103 and
// 2^1024-2^970. A token below the limit rounds to a finite value
// (3.4028235e38 is a float), one at or beyond it is an overflow; the
// schema says so with exclusiveMinimum and exclusiveMaximum, exact.
var (
	floatLimit  = overflowLimit(128, 103)
	doubleLimit = overflowLimit(1024, 970)
)

func overflowLimit(top, half uint) string {
	x := new(big.Int).Lsh(big.NewInt(1), top)
	return x.Sub(x, new(big.Int).Lsh(big.NewInt(1), half)).String()
}

func intBounds(t model.ShapeType) (string, string) {
	switch t {
	case model.ByteType:
		return "-128", "127"
	case model.ShortType:
		return "-32768", "32767"
	case model.IntegerType:
		return "-2147483648", "2147483647"
	case model.LongType:
		return "-9223372036854775808", "9223372036854775807"
	}
	return "", ""
}

// timestampSchema follows the effective @timestampFormat, else the
// timestamp policy.
func (g *schemas) timestampSchema(s *model.Shape, traits []model.Trait, mem *model.Shape) node.Node {
	dateTime := node.NewObject(node.Field{Key: "type", Value: str("string")}, node.Field{Key: "format", Value: str("date-time")},
		node.Field{Key: "pattern", Value: str(dateTimePattern)})
	httpDate := node.NewObject(node.Field{Key: "type", Value: str("string")}, node.Field{Key: "pattern", Value: str(httpDatePattern)})
	// The value engine's range of a timestamp, 0001-01-01T00:00:00Z up
	// to (not including) 10000-01-01T00:00:00Z, in epoch seconds.
	epoch := node.NewObject(node.Field{Key: "type", Value: str("number")},
		node.Field{Key: "minimum", Value: num(epochMin)}, node.Field{Key: "exclusiveMaximum", Value: num(epochEnd)})
	httpLoss := func() {
		g.diags.add(Diagnostic{Code: CodeLoss, Shape: carrier(s, mem, preludeid.TimestampFormat), Message: "an http-date's day of the month and day of the week must fit its date (no 31 Apr, Tuesday 29 Apr 2014), which the value engine checks and a pattern cannot: the schema accepts such dates"})
	}
	if f, ok := findTraitIn(traits, preludeid.TimestampFormat); ok {
		switch f.StringValue() {
		case "http-date":
			httpLoss()
			return httpDate
		case "epoch-seconds":
			return epoch
		}
		return dateTime
	}
	if g.p.anyTimestamp {
		httpLoss()
		return node.NewObject(node.Field{Key: "anyOf", Value: node.NewArray(dateTime, httpDate, epoch)})
	}
	return dateTime
}

// epochMin and epochEnd bound an epoch-seconds timestamp: the first
// second of year 1 and the first of year 10000, the range Smithy gives
// timestamps (the value engine's internal/timefmt; a test holds the two
// to the engine's verdicts on each side).
const (
	epochMin = "-62135596800"
	epochEnd = "253402300800"
)

// dateTimePattern narrows RFC 3339's date-time to Smithy's: an upper-case
// T, no UTC offset but Z, no year 0000 (Smithy's range starts at year 1;
// format date-time checks the rest of the values).
const dateTimePattern = `^(?:[1-9][0-9]{3}|0[1-9][0-9]{2}|00[1-9][0-9]|000[1-9])-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?Z$`

// httpDatePattern is the IMF-fixdate form of RFC 9110 section 5.6.7.
const httpDatePattern = `^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$`

// nullableMember reports whether a member takes null: alloy#nullable on
// the member or on the shape it targets (its effective traits, as the
// value engine reads them).
func (g *schemas) nullableMember(mem *model.Shape) bool {
	_, ok := g.m.EffectiveTrait(mem, AlloyNullable)
	return ok
}

// structureSchema converts a structure. extraKey, when set, is one more
// required string property with the constant value extraConst (the
// discriminator of an alloy#discriminated union's branch).
func (g *schemas) structureSchema(s *model.Shape, extraKey, extraConst string) node.Node {
	var o obj
	o.add("type", str("object"))
	if d, ok := s.Trait(preludeid.Documentation); ok && d.Kind() == node.String {
		o.add("description", d)
	}
	var props obj
	var required []string
	var unknown *node.Node
	if extraKey != "" {
		props.add(extraKey, node.NewObject(node.Field{Key: "const", Value: str(extraConst)}))
		required = append(required, extraKey)
	}
	for _, mem := range s.Members() {
		if mem.HasTrait(AlloyJSONUnknown) {
			// The member collects the fields that name no other member:
			// its map's value schema (or any value) is theirs.
			var add node.Node = node.NewObject()
			if t, ok := g.m.Target(mem); ok && t.Type() == model.MapType {
				if v, ok := t.Member("value"); ok {
					add = g.memberSchema(v)
				}
			}
			unknown = &add
			continue
		}
		ms := memberDescription(g.withDefault(g.optionalNull(g.memberSchema(mem), mem), mem, true), mem)
		req := mem.HasTrait(preludeid.Required) && !g.p.requiredIgnored
		props.add(g.wireName(mem), ms)
		if req {
			required = append(required, g.wireName(mem))
		}
	}
	if len(props) > 0 {
		o.add("properties", props.node())
	}
	if len(required) > 0 {
		o.add("required", strList(required))
	}
	switch {
	case unknown != nil:
		// Any value ({}) says the same as an absent additionalProperties
		// to a JSON Schema validator, but it is written: absent, the
		// structure is closed (its unknown members are the policy's
		// warnings, which JSON Schema cannot say), and an import of the
		// export tells the two apart.
		o.add("additionalProperties", *unknown)
	case s.HasTrait(ClosedTrait), g.p.unknownError:
		o.add("additionalProperties", node.NewBool(false))
	}
	return o.node()
}

// unionSchema converts a union: key-tagged (an object that sets exactly
// one member to a non-null value), alloy#discriminated (the members'
// structures, each with the discriminator field naming it) or
// alloy#untagged (the members' values themselves).
func (g *schemas) unionSchema(s *model.Shape) node.Node {
	if d, ok := s.Trait(AlloyDiscriminated); ok {
		// alloy#discriminated("type"): the value is the field's name.
		field := "type"
		if d.Kind() == node.String && d.StringValue() != "" {
			field = d.StringValue()
		} else if f, ok := d.Get("field"); ok && f.Kind() == node.String {
			field = f.StringValue()
		}
		var branches []node.Node
		for _, mem := range s.Members() {
			t, ok := g.m.Target(mem)
			if !ok || t.Type() != model.StructureType {
				g.diags.fail("member %s of the discriminated union %s must target a structure", mem.ID(), s.ID())
				continue
			}
			// The branch is the member's structure inline, titled with its
			// component's name, so that an import of the export makes the
			// member target that structure again.
			b := g.structureSchema(t, field, g.wireName(mem)).Fields()
			titled := append([]node.Field{b[0], {Key: "title", Value: str(g.names[t.ID()])}}, b[1:]...)
			branches = append(branches, node.NewObject(titled...))
		}
		return node.NewObject(node.Field{Key: "oneOf", Value: node.NewArray(branches...)})
	}
	if s.HasTrait(AlloyUntagged) {
		var branches []node.Node
		for _, mem := range s.Members() {
			branches = append(branches, g.memberSchema(mem))
		}
		// oneOf says "exactly one member matches", which JSON Schema can
		// check only when the members' values cannot overlap; otherwise
		// anyOf, and the loss is said.
		key := "oneOf"
		if !g.disjoint(s) {
			key = "anyOf"
			g.diags.add(Diagnostic{Code: CodeLoss, Shape: s.ID(), Message: "the members of this untagged union can hold the same JSON value: the schema is anyOf, which does not say which member a value is"})
		}
		return node.NewObject(node.Field{Key: key, Value: node.NewArray(branches...)})
	}
	var o obj
	o.add("type", str("object"))
	if d, ok := s.Trait(preludeid.Documentation); ok && d.Kind() == node.String {
		o.add("description", d)
	}
	var props obj
	var branches []node.Node
	var known []string
	var open *model.Shape // an alloy#jsonUnknown member: the union takes members it does not define
	for _, mem := range s.Members() {
		if mem.HasTrait(AlloyJSONUnknown) && open == nil {
			open = mem
			continue
		}
		ms := g.nullIf(g.memberSchema(mem), !g.p.nullsRejected || g.nullableMember(mem))
		w := g.wireName(mem)
		props.add(w, ms)
		known = append(known, w)
		branches = append(branches, node.NewObject(
			node.Field{Key: "required", Value: strList([]string{w})},
			node.Field{Key: "properties", Value: node.NewObject(node.Field{Key: w, Value: notNull})}))
	}
	if len(props) > 0 {
		o.add("properties", props.node())
	}
	if open != nil {
		// A known member set means no unknown one; an unknown member is
		// the only field, and its value is the open member's document.
		for i, b := range branches {
			fs := append(b.Fields(), node.Field{Key: "propertyNames", Value: node.NewObject(node.Field{Key: "enum", Value: strList(known)})})
			branches[i] = node.NewObject(fs...)
		}
		one := []node.Field{{Key: "minProperties", Value: node.NewNumber("1")}, {Key: "maxProperties", Value: node.NewNumber("1")}}
		if len(known) > 0 {
			one = append(one, node.Field{Key: "propertyNames", Value: node.NewObject(node.Field{Key: "not", Value: node.NewObject(node.Field{Key: "enum", Value: strList(known)})})})
		}
		branches = append(branches, node.NewObject(one...))
		o.add("additionalProperties", g.memberSchema(open))
	} else if g.p.unknownError {
		o.add("additionalProperties", node.NewBool(false))
	}
	o.add("oneOf", node.NewArray(branches...))
	return o.node()
}

// JSON types, as bits, for telling whether the members of an untagged
// union can hold the same value.
const (
	jsonNull uint8 = 1 << iota
	jsonBoolean
	jsonNumber
	jsonString
	jsonArray
	jsonObject
	jsonAny = jsonNull | jsonBoolean | jsonNumber | jsonString | jsonArray | jsonObject
)

// disjoint reports whether the members of an untagged union accept values
// of pairwise different JSON types, read from the schemas the export
// writes for them (a float's schema takes the string "NaN" as well as
// numbers): only then is oneOf the same as the engine's "at least one
// member accepts it", and every other union is anyOf.
func (g *schemas) disjoint(s *model.Shape) bool {
	var seen uint8
	for _, mem := range s.Members() {
		saved := g.diags
		g.diags = &diagnostics{} // the schema is written again where it belongs
		t := g.schemaTypes(g.memberSchema(mem), 0)
		g.diags = saved
		if t&seen != 0 {
			return false
		}
		seen |= t
	}
	return true
}

// schemaTypes returns the JSON types a schema written by this converter
// can accept: its type, its enum's or const's values' types, the union of
// its anyOf or oneOf branches, its $ref's target's; any type when it says
// none of these, when references nest deeper than maxTypeDepth, or on a
// reference cycle. Too many types is safe (the union becomes anyOf).
func (g *schemas) schemaTypes(n node.Node, depth int) uint8 {
	if n.Kind() != node.Object {
		return jsonAny
	}
	if depth > maxTypeDepth {
		return jsonAny
	}
	if r, ok := n.Get("$ref"); ok {
		return g.refTypes(strings.TrimPrefix(r.StringValue(), "#/components/schemas/"), depth)
	}
	if t, ok := n.Get("type"); ok && t.Kind() == node.String {
		return typeBit(t.StringValue())
	}
	if e, ok := n.Get("enum"); ok {
		var out uint8
		for _, v := range e.Elems() {
			out |= valueBit(v)
		}
		return out
	}
	if c, ok := n.Get("const"); ok {
		return valueBit(c)
	}
	var out uint8
	found := false
	for _, k := range []string{"anyOf", "oneOf"} {
		if bs, ok := n.Get(k); ok {
			found = true
			for _, b := range bs.Elems() {
				out |= g.schemaTypes(b, depth+1)
			}
		}
	}
	if !found {
		return jsonAny
	}
	return out
}

// refTypes is schemaTypes of a component, by name, computed once: a
// component met again while its own types are being found (a cycle) counts
// as any type.
func (g *schemas) refTypes(name string, depth int) uint8 {
	if g.byName == nil {
		g.byName = make(map[string]shapeid.ID, len(g.names))
		for id, n := range g.names {
			g.byName[n] = id
		}
		g.types = map[shapeid.ID]uint8{}
	}
	id, ok := g.byName[name]
	if !ok {
		return jsonAny
	}
	if t, ok := g.types[id]; ok {
		return t
	}
	sh, ok := g.m.Shape(id)
	if !ok {
		return jsonAny
	}
	g.types[id] = jsonAny // in progress
	saved := g.diags
	g.diags = &diagnostics{}
	sch := g.shapeSchemaShallow(sh)
	g.diags = saved
	t := g.schemaTypes(sch, depth+1)
	g.types[id] = t
	return t
}

// maxTypeDepth bounds schemaTypes's walk through nested untagged unions
// and references (a cycle among untagged unions ends there too).
const maxTypeDepth = 32

// shapeSchemaShallow is a shape's schema for schemaTypes: an untagged
// union's members are only read through its schema's branches, so its
// own disjointness is not decided (anyOf; the types are the same).
func (g *schemas) shapeSchemaShallow(s *model.Shape) node.Node {
	if s.Type() == model.UnionType && s.HasTrait(AlloyUntagged) {
		var branches []node.Node
		for _, mem := range s.Members() {
			branches = append(branches, g.memberSchema(mem))
		}
		return node.NewObject(node.Field{Key: "anyOf", Value: node.NewArray(branches...)})
	}
	return g.shapeSchema(s, s.Traits(), nil)
}

func typeBit(t string) uint8 {
	switch t {
	case "null":
		return jsonNull
	case "boolean":
		return jsonBoolean
	case "number", "integer":
		return jsonNumber
	case "string":
		return jsonString
	case "array":
		return jsonArray
	case "object":
		return jsonObject
	}
	return jsonAny
}

func valueBit(v node.Node) uint8 {
	switch v.Kind() {
	case node.Null:
		return jsonNull
	case node.Bool:
		return jsonBoolean
	case node.Number:
		return jsonNumber
	case node.String:
		return jsonString
	case node.Array:
		return jsonArray
	case node.Object:
		return jsonObject
	}
	return jsonAny
}

// The fixed parts of the schemas the export writes for Smithy's blobs,
// timestamps, floats and doubles, exported so that an import of an
// export (package openrpc/importer) reads each back as the kind it was
// written for.
const (
	// Base64Pattern is a blob's pattern (with contentEncoding base64).
	Base64Pattern = base64Pattern
	// DateTimePattern is a date-time timestamp's pattern (with format
	// date-time).
	DateTimePattern = dateTimePattern
	// HTTPDatePattern is an http-date timestamp's pattern.
	HTTPDatePattern = httpDatePattern
	// EpochSecondsMin and EpochSecondsEnd bound an epoch-seconds
	// timestamp (minimum, exclusiveMaximum).
	EpochSecondsMin = epochMin
	EpochSecondsEnd = epochEnd
)

// OverflowLimits returns the exclusive bounds of a float's and a
// double's number schema: the magnitudes from which a number token
// overflows the type (see floatLimit).
func OverflowLimits() (float, double string) { return floatLimit, doubleLimit }
