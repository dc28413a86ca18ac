package openrpc

import (
	"errors"
	"fmt"
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
			if t, ok := g.m.Target(s); ok {
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
	return g.shapeSchema(s, s.Traits())
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
		g.comps[g.names[id]] = g.shapeSchema(s, s.Traits())
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
		return g.ref(target.ID())
	}
	return g.shapeSchema(target, g.m.EffectiveTraits(mem))
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

// shapeSchema converts one shape with the given effective traits.
func (g *schemas) shapeSchema(s *model.Shape, traits []model.Trait) node.Node {
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
		g.stringConstraints(&o, s, traits)
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
		g.stringConstraints(&o, s, traits)
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
		g.numberBounds(&o, traits, lo, hi)
	case model.FloatType, model.DoubleType, model.BigDecimalType:
		var n obj
		n.add("type", str("number"))
		lo, hi := "", ""
		if s.Type() == model.FloatType {
			lo, hi = "-3.4028234663852886e38", "3.4028234663852886e38"
		}
		g.numberBounds(&n, traits, lo, hi)
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
		return g.timestampSchema(traits)
	case model.BlobType:
		o.add("type", str("string"))
		if !g.p.blobText {
			o.add("contentEncoding", str("base64"))
			o.add("pattern", str(base64Pattern))
			if _, ok := findTraitIn(traits, preludeid.Length); ok {
				g.diags.add(Diagnostic{Code: CodeLoss, Shape: s.ID(), Message: "@length of a blob counts decoded bytes, which JSON Schema cannot count in base64 text: the constraint is left out of the schema"})
			}
		} else {
			g.lengthBounds(&o, traits, "minLength", "maxLength")
		}
	case model.DocumentType:
		// Any JSON value.
	case model.ListType, model.SetType:
		o.add("type", str("array"))
		if mem, ok := s.Member("member"); ok {
			items := g.memberSchema(mem)
			if g.nullableMember(mem) || s.HasTrait(preludeid.Sparse) {
				items = orNull(items)
			}
			o.add("items", items)
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
			vs := g.memberSchema(v)
			if g.nullableMember(v) || s.HasTrait(preludeid.Sparse) {
				vs = orNull(vs)
			}
			o.add("additionalProperties", vs)
		}
		g.lengthBounds(&o, traits, "minProperties", "maxProperties")
	case model.StructureType:
		return g.structureSchema(s, "", "")
	case model.UnionType:
		return g.unionSchema(s)
	default:
		g.diags.fail("%s is a %s, which has no JSON value", s.ID(), s.Type())
	}
	if d, ok := findTraitIn(traits, preludeid.IDRef); ok {
		_ = d
		g.diags.add(Diagnostic{Code: CodeLoss, Shape: s.ID(), Message: "@idRef checks that a string names a shape of the model, which JSON Schema cannot: the schema accepts any string"})
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

func (g *schemas) stringConstraints(o *obj, s *model.Shape, traits []model.Trait) {
	g.lengthBounds(o, traits, "minLength", "maxLength")
	if p, ok := findTraitIn(traits, preludeid.Pattern); ok && p.Kind() == node.String {
		// The model's pattern means what java.util.regex reads (as the
		// reference reads it); JSON Schema reads ECMA-262. A pattern is
		// exported in the spelling that gives it the same meaning there,
		// or left out with the loss said (docs/patterns.md).
		if e, err := pattern.ECMA(p.StringValue()); err == nil {
			o.add("pattern", str(e))
		} else {
			why := err.Error()
			var pe *pattern.Error
			if errors.As(err, &pe) && pe.Unsupported() {
				why = "it uses " + pe.Construct
			}
			g.diags.add(Diagnostic{Code: CodeLoss, Shape: s.ID(), Message: fmt.Sprintf("@pattern %q has no ECMA-262 spelling with the meaning the reference gives it (%s): the constraint is left out of the schema", p.StringValue(), why)})
		}
	}
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

// numberBounds writes minimum and maximum: the tighter of the type's own
// range (lo, hi; "" for none) and the effective @range, each written
// from its exact token.
func (g *schemas) numberBounds(o *obj, traits []model.Trait, lo, hi string) {
	if r, ok := findTraitIn(traits, preludeid.Range); ok {
		if v, ok := r.Get("min"); ok && v.Kind() == node.Number {
			if c, err := node.CompareNumbers(v.NumberText(), lo); lo == "" || err == nil && c > 0 {
				lo = v.NumberText()
			}
		}
		if v, ok := r.Get("max"); ok && v.Kind() == node.Number {
			if c, err := node.CompareNumbers(v.NumberText(), hi); hi == "" || err == nil && c < 0 {
				hi = v.NumberText()
			}
		}
	}
	if lo != "" {
		o.add("minimum", num(lo))
	}
	if hi != "" {
		o.add("maximum", num(hi))
	}
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
func (g *schemas) timestampSchema(traits []model.Trait) node.Node {
	dateTime := node.NewObject(node.Field{Key: "type", Value: str("string")}, node.Field{Key: "format", Value: str("date-time")},
		node.Field{Key: "pattern", Value: str(dateTimePattern)})
	httpDate := node.NewObject(node.Field{Key: "type", Value: str("string")}, node.Field{Key: "pattern", Value: str(httpDatePattern)})
	epoch := typeSchema("number")
	if f, ok := findTraitIn(traits, preludeid.TimestampFormat); ok {
		switch f.StringValue() {
		case "http-date":
			return httpDate
		case "epoch-seconds":
			return epoch
		}
		return dateTime
	}
	if g.p.anyTimestamp {
		return node.NewObject(node.Field{Key: "anyOf", Value: node.NewArray(dateTime, httpDate, epoch)})
	}
	return dateTime
}

// dateTimePattern narrows RFC 3339's date-time to Smithy's: an upper-case
// T, no UTC offset but Z (format date-time checks the values).
const dateTimePattern = `^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?Z$`

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
		ms := g.memberSchema(mem)
		req := mem.HasTrait(preludeid.Required) && !g.p.requiredIgnored
		if g.nullableMember(mem) || !mem.HasTrait(preludeid.Required) && !g.p.nullsRejected {
			ms = orNull(ms)
		}
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
		o.add("additionalProperties", *unknown)
	case g.p.unknownError:
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
			branches = append(branches, g.structureSchema(t, field, g.wireName(mem)))
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
	notNull := node.NewObject(node.Field{Key: "not", Value: nullSchema})
	for _, mem := range s.Members() {
		if mem.HasTrait(AlloyJSONUnknown) && open == nil {
			open = mem
			continue
		}
		ms := g.memberSchema(mem)
		if !g.p.nullsRejected || g.nullableMember(mem) {
			ms = orNull(ms)
		}
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

// disjoint reports whether the members of an untagged union target values
// of pairwise different JSON types.
func (g *schemas) disjoint(s *model.Shape) bool {
	seen := map[string]bool{}
	for _, mem := range s.Members() {
		t, ok := g.m.Target(mem)
		if !ok {
			return false
		}
		var k string
		switch t.Type() {
		case model.BooleanType:
			k = "boolean"
		case model.StringType, model.EnumType, model.BlobType:
			k = "string"
		case model.ByteType, model.ShortType, model.IntegerType, model.LongType, model.BigIntegerType, model.IntEnumType,
			model.FloatType, model.DoubleType, model.BigDecimalType:
			k = "number"
		case model.ListType, model.SetType:
			k = "array"
		case model.MapType, model.StructureType, model.UnionType:
			k = "object"
		default:
			return false
		}
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}
