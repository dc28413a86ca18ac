package importer

import (
	"math/big"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/openrpc"
)

// A document that `smithy openrpc` wrote (x-smithy-service) is read as
// the export's exact inverse where the schema alone is ambiguous: the
// schema the export writes for a scalar shape with its effective
// constraint traits (a blob, a timestamp of each format, a float or a
// double, a constrained string or number) is that kind again, and such a
// schema written inline for a member is the prelude shape with the
// constraints as the member's traits (the export writes a member that
// applies a constraint of its own inline, with its effective traits).

// preludeKinds are the prelude shapes of the scalar kinds.
var preludeKinds = map[string]string{
	"blob": preludeid.Blob.String(), "timestamp": preludeid.Timestamp.String(),
	"float": preludeid.Float.String(), "double": preludeid.Double.String(),
	"string": tString, "integer": tInteger, "long": preludeid.Long.String(),
	"bigInteger": tBigInteger, "bigDecimal": tBigDecimal,
}

// fieldsOf returns a schema's keywords but its annotations: its
// description, and the default and deprecated the export writes beside a
// member's schema (the member reads them; fill reports a default of any
// other schema).
func fieldsOf(s node.Node) map[string]node.Node {
	out := map[string]node.Node{}
	for _, f := range s.Fields() {
		if f.Key != "description" && f.Key != "default" && f.Key != "deprecated" {
			out[f.Key] = f.Value
		}
	}
	return out
}

func isString(n node.Node, v string) bool { return n.Kind() == node.String && n.StringValue() == v }
func isNumber(n node.Node, v string) bool { return n.Kind() == node.Number && n.NumberText() == v }

// exportedScalar recognizes the export's schema of a scalar shape and
// returns its kind and constraint traits; ok is false for any other
// schema.
func (c *conv) exportedScalar(s node.Node, ptr string) (kind string, traits []string, ok bool) {
	if !c.exported || s.Kind() != node.Object {
		return "", nil, false
	}
	f := fieldsOf(s)
	has := func(keys ...string) bool {
		if len(f) != len(keys) {
			return false
		}
		for _, k := range keys {
			if _, ok := f[k]; !ok {
				return false
			}
		}
		return true
	}
	switch {
	case has("type", "contentEncoding", "pattern") && isString(f["type"], "string") && isString(f["contentEncoding"], "base64") && isString(f["pattern"], openrpc.Base64Pattern):
		return "blob", nil, true
	case isTimestamp(s, "date-time"):
		return "timestamp", []string{`@timestampFormat("date-time")`}, true
	case isTimestamp(s, "http-date"):
		return "timestamp", []string{`@timestampFormat("http-date")`}, true
	case isTimestamp(s, "epoch-seconds"):
		return "timestamp", []string{`@timestampFormat("epoch-seconds")`}, true
	case has("anyOf"):
		// The any-format policy's timestamp, or a float or a double.
		alts := f["anyOf"]
		if alts.Kind() == node.Array && alts.Len() == 3 && isTimestamp(alts.Elems()[0], "date-time") && isTimestamp(alts.Elems()[1], "http-date") && isTimestamp(alts.Elems()[2], "epoch-seconds") {
			return "timestamp", nil, true
		}
		if alts.Kind() != node.Array || alts.Len() != 2 || fieldsOf(alts.Elems()[1]) == nil {
			return "", nil, false
		}
		e := fieldsOf(alts.Elems()[1])
		if len(e) != 1 || e["enum"].Kind() != node.Array {
			return "", nil, false
		}
		return floatKind(alts.Elems()[0], e["enum"])
	case has("type") || !isString(f["type"], "string") && !isString(f["type"], "integer") && !isString(f["type"], "number"):
		return "", nil, false
	}
	switch f["type"].StringValue() {
	case "string":
		for k := range f {
			if k != "type" && k != "minLength" && k != "maxLength" && k != "pattern" {
				return "", nil, false
			}
		}
		if p, ok := f["pattern"]; ok {
			if p.Kind() != node.String {
				return "", nil, false
			}
			if t := c.patternTrait(p.StringValue(), p, ptr+"/pattern"); t != "" {
				traits = append(traits, t)
			}
		}
		if t := c.lengthTrait(s, ptr, "minLength", "maxLength"); t != "" {
			traits = append(traits, t)
		}
		return "string", traits, true
	case "number":
		if kind, traits, ok := floatKind(s, node.Node{}); ok {
			return kind, traits, true
		}
	}
	// An integer or a decimal with inclusive bounds: @range with the
	// tokens as written, the integer kind the bounds fit.
	var lo, hi *big.Rat
	var parts []string
	for k := range f {
		switch k {
		case "type":
			continue
		case "minimum", "maximum":
		default:
			return "", nil, false
		}
		r, _, ok := bound(s, k)
		if !ok || f["type"].StringValue() == "integer" && !r.IsInt() {
			return "", nil, false
		}
		if k == "minimum" {
			lo = r
		} else {
			hi = r
		}
	}
	if v, ok := f["minimum"]; ok {
		parts = append(parts, "min: "+v.NumberText())
	}
	if v, ok := f["maximum"]; ok {
		parts = append(parts, "max: "+v.NumberText())
	}
	kind = "bigDecimal"
	if f["type"].StringValue() == "integer" {
		kind = "bigInteger"
		switch {
		case lo != nil && hi != nil && lo.Num().Cmp(minInt32) >= 0 && hi.Num().Cmp(maxInt32) <= 0:
			kind = "integer"
		case lo != nil && hi != nil && lo.Num().Cmp(minInt64) >= 0 && hi.Num().Cmp(maxInt64) <= 0:
			kind = "long"
		}
	}
	return kind, []string{"@range(" + joinComma(parts) + ")"}, true
}

func joinComma(parts []string) string {
	out := ""
	for i, p := range parts {
		if i > 0 {
			out += ", "
		}
		out += p
	}
	return out
}

// isTimestamp reports whether s is exactly the export's schema of a
// timestamp of the format.
func isTimestamp(s node.Node, format string) bool {
	f := fieldsOf(s)
	switch format {
	case "date-time":
		return len(f) == 3 && isString(f["type"], "string") && isString(f["format"], "date-time") && isString(f["pattern"], openrpc.DateTimePattern)
	case "http-date":
		return len(f) == 2 && isString(f["type"], "string") && isString(f["pattern"], openrpc.HTTPDatePattern)
	}
	return len(f) == 3 && isString(f["type"], "number") && isNumber(f["minimum"], openrpc.EpochSecondsMin) && isNumber(f["exclusiveMaximum"], openrpc.EpochSecondsEnd)
}

// floatKind recognizes the number schema of a float or a double: bounded
// by the type's overflow limit (exclusive) where its @range is not,
// with the strings of the non-finite values the range allows (specials;
// Kind 0 when the schema is the number alone).
func floatKind(n, specials node.Node) (kind string, traits []string, ok bool) {
	fl, dl := openrpc.OverflowLimits()
	f := fieldsOf(n)
	if !isString(f["type"], "number") || len(fieldsOf(n)) != n.Len() {
		return "", nil, false
	}
	var parts []string
	limit := ""
	hasMin, hasMax := false, false
	for _, k := range []string{"minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"} {
		v, ok := f[k]
		if !ok {
			continue
		}
		if v.Kind() != node.Number {
			return "", nil, false
		}
		lower := k == "minimum" || k == "exclusiveMinimum"
		if lower && hasMin || !lower && hasMax {
			return "", nil, false
		}
		hasMin, hasMax = hasMin || lower, hasMax || !lower
		if k == "minimum" || k == "maximum" {
			parts = append(parts, map[bool]string{true: "min: ", false: "max: "}[lower]+v.NumberText())
			continue
		}
		l := v.NumberText()
		if lower {
			if len(l) == 0 || l[0] != '-' {
				return "", nil, false
			}
			l = l[1:]
		}
		which := map[string]string{fl: "float", dl: "double"}[l]
		if which == "" || limit != "" && limit != which {
			return "", nil, false
		}
		limit = which
	}
	if limit == "" || len(f) != 1+btoi(hasMin)+btoi(hasMax) {
		return "", nil, false
	}
	// The non-finite values the export allows: all three without a
	// @range, else the infinity on each side the range leaves open.
	var want []string
	if len(parts) == 0 {
		want = []string{"NaN", "Infinity", "-Infinity"}
	} else {
		if !hasRangeMax(parts) {
			want = append(want, "Infinity")
		}
		if !hasRangeMin(parts) {
			want = append(want, "-Infinity")
		}
	}
	var got []string
	for _, e := range specials.Elems() {
		if e.Kind() != node.String {
			return "", nil, false
		}
		got = append(got, e.StringValue())
	}
	if len(got) != len(want) {
		return "", nil, false
	}
	for i := range got {
		if got[i] != want[i] {
			return "", nil, false
		}
	}
	if len(parts) > 0 {
		traits = []string{"@range(" + joinComma(parts) + ")"}
	}
	return limit, traits, true
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func hasRangeMin(parts []string) bool { return len(parts) > 0 && parts[0][:4] == "min:" }
func hasRangeMax(parts []string) bool { return len(parts) > 0 && parts[len(parts)-1][:4] == "max:" }

// exportedBranch returns the structure of a discriminated union's branch
// in an export: the component its title names (the export writes the
// member's structure inline with the discriminator, titled with the
// structure's component name).
func (c *conv) exportedBranch(b node.Node, ptr string) (string, bool) {
	title := str(b, "title")
	if !c.exported || title == "" {
		return "", false
	}
	if comp, _, ok := c.resolve("#/components/schemas/" + escapePointer(title)); !ok || comp.Kind() != node.Object {
		return "", false
	}
	ref := node.NewObject(node.Field{Key: "$ref", Value: node.NewString("#/components/schemas/" + escapePointer(title)).At(b.Pos())}).At(b.Pos())
	tg := c.schema(ref, ptr+"/title", title)
	if sh := c.shapes[tg.id]; sh == nil || sh.kind != "structure" {
		return "", false
	}
	return tg.id, true
}

// keyTagged makes sh the key-tagged union the export writes as an object
// whose properties are the members and whose oneOf says that exactly one
// of them is set and not null (with one more branch, a single field that
// names no member, when the union has a @jsonUnknown member, whose schema
// is additionalProperties). It reports false for any other schema.
func (c *conv) keyTagged(sh *shape, s node.Node, ptr string) bool {
	if !c.exported {
		return false
	}
	f := fieldsOf(s)
	props, one := f["properties"], f["oneOf"]
	add, open := f["additionalProperties"]
	if !isString(f["type"], "object") || props.Kind() != node.Object || props.Len() == 0 || one.Kind() != node.Array {
		return false
	}
	if len(f) != 3+btoi(open) || one.Len() != props.Len()+btoi(open && add.Kind() == node.Object) {
		return false
	}
	notNullOnly := func(n node.Node) bool {
		not, ok := get(n, "not")
		return ok && n.Len() == 1 && isNullType(not)
	}
	for i, p := range props.Fields() {
		b := fieldsOf(one.Elems()[i])
		req, bp := b["required"], b["properties"]
		if len(b) != 2+btoi(open && add.Kind() == node.Object) || req.Kind() != node.Array || req.Len() != 1 || !isString(req.Elems()[0], p.Key) ||
			bp.Kind() != node.Object || bp.Len() != 1 || bp.Fields()[0].Key != p.Key || !notNullOnly(bp.Fields()[0].Value) {
			return false
		}
	}
	sh.kind = "union"
	names := newUniqueNames()
	for _, p := range props.Fields() {
		tg := c.schema(p.Value, ptr+"/properties/"+escapePointer(p.Key), sh.name+pascal(p.Key))
		name := names.take(memberName(p.Key))
		sh.members = append(sh.members, member{name: name, target: tg.id, wire: p.Key, traits: jsonNameTraits(name, p.Key, append([]string(nil), tg.traits...))})
	}
	if open && add.Kind() == node.Object {
		tg := c.schema(add, ptr+"/additionalProperties", sh.name+"Unknown")
		sh.members = append(sh.members, member{name: names.take("unknown"), target: tg.id, traits: []string{"@jsonUnknown"}})
	}
	return true
}

// titledMember returns the target of a member's inline schema in an
// export: the component its title names (the export titles the schema of
// a member that applies a constraint to a shape of the model), with the
// constraints the schema shows as the member's traits (they replace the
// target's, as the value engine reads them).
func (c *conv) titledMember(s node.Node, ptr string) (target, bool) {
	title := str(s, "title")
	if !c.exported || title == "" || str(s, "$ref") != "" {
		return target{}, false
	}
	comp, _, ok := c.resolve("#/components/schemas/" + escapePointer(title))
	var fields []node.Field
	for _, f := range s.Fields() {
		if f.Key != "title" {
			fields = append(fields, f)
		}
	}
	inline := node.NewObject(fields...).At(s.Pos())
	if !ok || comp.Kind() != node.Object || c.schemaKind(comp) != c.schemaKind(inline) {
		return target{}, false // no such component, or not a schema of its kind
	}
	var traits []string
	if _, ts, ok := c.exportedScalar(inline, ptr); ok {
		traits = ts
	} else {
		for _, k := range [][2]string{{"minItems", "maxItems"}, {"minProperties", "maxProperties"}} {
			if t := c.lengthTrait(inline, ptr, k[0], k[1]); t != "" {
				traits = append(traits, t)
			}
		}
		// @uniqueItems is a list's trait, never a member's (its selector
		// is a list): the inline schema shows the target's, which the
		// component says already.
		if u, ok := get(inline, "uniqueItems"); ok && u.Kind() == node.Bool && u.BoolValue() {
			if cu, ok := get(comp, "uniqueItems"); !ok || cu.Kind() != node.Bool || !cu.BoolValue() {
				c.diag(u, ptr+"/uniqueItems", "uniqueItems", "uniqueItems on a member whose list allows duplicates is not expressible (Smithy applies @uniqueItems to lists only); dropped")
			}
		}
	}
	ref := node.NewObject(node.Field{Key: "$ref", Value: node.NewString("#/components/schemas/" + escapePointer(title)).At(s.Pos())}).At(s.Pos())
	tg := c.schema(ref, ptr+"/title", title)
	tg.traits = traits
	return tg, true
}

// schemaKind is the kind of shape the export writes a schema for: a
// scalar's (exportedScalar), else the schema's type; it adds no
// diagnostic.
func (c *conv) schemaKind(s node.Node) string {
	n := len(c.diags)
	kind, _, ok := c.exportedScalar(s, "")
	c.diags = c.diags[:n]
	switch {
	case ok && (kind == "integer" || kind == "long" || kind == "bigInteger"):
		return "integer" // the bounds pick the kind; a member's range may fit a smaller one
	case ok:
		return kind
	}
	return str(s, "type")
}
