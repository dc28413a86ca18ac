package gate

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/mend"
	"github.com/smithy-validation/go/openrpc/jsonschema"
)

// MaxSchemaSize bounds a JSON Schema document (4 MiB: a tool's input
// schema is a few kilobytes; the bound keeps a hostile one from costing
// more than reading it).
const MaxSchemaSize = 4 << 20

// schemaURL is the URL a declaration's document is compiled under. A
// reference that leaves the document resolves against it and is refused:
// the gate loads nothing from files or the network.
const schemaURL = "urn:smithy-gate:schema"

// JSONSchemaDeclaration declares a value as a JSON Schema document (the
// seed's schema_json), checked with JSON Schema's own semantics by the
// project's validator, openrpc/jsonschema: the draft is the document's
// $schema (4, 6, 7, 2019-09 or 2020-12; 2020-12 when absent); "format" is
// asserted in drafts 4 to 7 and an annotation in 2019-09 and 2020-12. Its
// members are the root schema's "properties" (in document order) and
// "required".
//
// A finding's code is the JSON Schema keyword that failed ("type",
// "required", "minimum", ...; "schema" for a false schema), its path the
// instance location, its schema the keyword's location in the document
// ("#/properties/limit/type"); a
// key named twice in one object is a "duplicate-key" finding, as the value
// engine reports it, and the first occurrence is the one checked.
type JSONSchemaDeclaration struct {
	text    string
	root    *jsonschema.Schema
	members []mend.Member
	props   map[string]bool // names with a schema under "properties"
	base    string          // JSON Pointer of the schema the members come from
	// the schema the members come from, when its "properties" are
	// certainly applied (no "$ref" beside them, which draft 7 would
	// follow instead): the open-string rules are read from it
	at node.Node

	mu       sync.Mutex
	compiler *jsonschema.Compiler
	each     map[string]*jsonschema.Schema
	early    map[string]string // a "pattern" to its earlyPattern
}

// NewJSONSchemaDeclaration compiles a JSON Schema document. A document that
// is not JSON, over [MaxSchemaSize], not a schema, or that refers to
// another document is an [*mend.Error] with code E050 (an invalid
// parameter), exit 2, and the offset of the fault when there is one.
func NewJSONSchemaDeclaration(doc []byte) (*JSONSchemaDeclaration, error) {
	if len(doc) > MaxSchemaSize {
		return nil, usage("schema_json: the JSON Schema document is %d bytes, over the limit of %d", len(doc), MaxSchemaSize)
	}
	tree, err := node.Parse(doc)
	if err != nil {
		return nil, usageAt(err, "schema_json: not a JSON document")
	}
	if tree.Kind() != node.Object && tree.Kind() != node.Bool {
		return nil, usage("schema_json: a JSON Schema is an object or a boolean, not %s", kindName(tree.Kind()))
	}
	v, err := jsonschema.Decode(doc)
	if err != nil {
		return nil, usage("schema_json: not a JSON document: %v", err)
	}
	c := jsonschema.NewCompiler(jsonschema.Draft2020)
	if err := c.AddResource(schemaURL, v); err != nil {
		return nil, usage("schema_json: %s", schemaMessage(err))
	}
	root, err := c.Compile(schemaURL)
	if err != nil {
		return nil, usage("schema_json: %s", schemaMessage(err))
	}
	d := &JSONSchemaDeclaration{root: root, compiler: c, each: map[string]*jsonschema.Schema{}, early: map[string]string{}, props: map[string]bool{}}
	d.text = string(node.Marshal(tree))
	d.members = d.rootMembers(tree)
	return d, nil
}

// rootMembers reads the members of the root schema, following local
// references ("$ref": "#/...") from the root, at most 32 of them.
func (d *JSONSchemaDeclaration) rootMembers(tree node.Node) []mend.Member {
	at, base := tree, ""
	for i := 0; i < 32; i++ {
		ref, ok := at.Get("$ref")
		if !ok || ref.Kind() != node.String || !strings.HasPrefix(ref.StringValue(), "#") {
			break
		}
		if _, has := at.Get("properties"); has {
			break
		}
		next, ok := resolvePointer(tree, strings.TrimPrefix(ref.StringValue(), "#"))
		if !ok {
			break
		}
		at, base = next, strings.TrimPrefix(ref.StringValue(), "#")
	}
	d.base = base
	if at.Kind() != node.Object {
		return nil
	}
	if _, ref := at.Get("$ref"); !ref {
		d.at = at
	}
	var out []mend.Member
	index := map[string]int{}
	if props, ok := at.Get("properties"); ok && props.Kind() == node.Object {
		for _, f := range props.Fields() {
			if _, dup := index[f.Key]; dup {
				continue
			}
			index[f.Key] = len(out)
			out = append(out, mend.Member{Name: f.Key})
			d.props[f.Key] = true
		}
	}
	if req, ok := at.Get("required"); ok && req.Kind() == node.Array {
		for _, r := range req.Elems() {
			if r.Kind() != node.String {
				continue
			}
			if i, ok := index[r.StringValue()]; ok {
				out[i].Required = true
				continue
			}
			index[r.StringValue()] = len(out)
			out = append(out, mend.Member{Name: r.StringValue(), Required: true})
		}
	}
	return out
}

// OpenStringRules says what member's string must satisfy that can be
// judged while it arrives ([mend.OpenStringDeclaration]): the keywords
// written in the member's own schema under the root's "properties",
// which hold whatever else the schema says (keywords of one schema all
// apply): "maxLength", "enum" (its strings; a string is never equal to
// its other values), "const" and "pattern" when a prefix can be judged
// against it exactly: the validator matches it with Go's regexp, and
// the rule is Go's own parse of it written for core/pattern with Go's
// meaning (pattern.go says which patterns are left to the string's end).
// A member schema with "$ref" (which
// draft 7 follows instead of its other keywords), a key written twice
// (the validator keeps the last, this reading the first) or a keyword
// of the wrong type gives no rules.
func (d *JSONSchemaDeclaration) OpenStringRules(member string) (mend.StringRules, bool) {
	return d.OpenStringRulesAt([]mend.PathStep{{Key: member, Index: -1}})
}

// OpenStringRulesAt says what the string at path must satisfy that can
// be judged while it arrives ([mend.OpenStringPathDeclaration]): the
// keywords OpenStringRules reads, in the schema reached from the root's
// by a chain of schemas each certainly applied to the value on the way:
// "properties" for a member it names, "additionalProperties" (a schema)
// for one it does not name when there are no "patternProperties", and
// "items" (one schema for every element, with no "prefixItems") for an
// element. A schema on the way with "$ref", a tuple ("items" as an
// array, or "prefixItems": an element's rules would depend on its
// index), a key written twice or a keyword of the wrong type gives no
// rules; so do "allOf", "anyOf", "oneOf" and the like, whose branches
// are not followed (they add rules, and their findings name other
// keywords' locations).
func (d *JSONSchemaDeclaration) OpenStringRulesAt(path []mend.PathStep) (mend.StringRules, bool) {
	none := mend.StringRules{}
	sch := d.at
	if sch.Kind() != node.Object || len(path) == 0 {
		return none, false
	}
	for _, step := range path {
		if sch.Kind() != node.Object {
			return none, false
		}
		if _, ok := sch.Get("$ref"); ok {
			return none, false
		}
		next, ok := childSchema(sch, step)
		if !ok {
			return none, false
		}
		sch = next
	}
	if sch.Kind() != node.Object {
		return none, false
	}
	for _, f := range sch.Fields() {
		if f.Key == "$ref" {
			return none, false
		}
	}
	r := mend.StringRules{MaxLength: -1}
	if v, ok := once(sch, "maxLength"); ok {
		n, isInt := nonNegativeInt(v)
		if !isInt {
			return none, false
		}
		r.MaxLength, r.MaxLengthCode = n, "maxLength"
	}
	if v, ok := once(sch, "const"); ok {
		r.Enum, r.EnumCode = []string{}, "const"
		if v.Kind() == node.String {
			r.Enum = []string{v.StringValue()}
		}
	} else if v, ok := once(sch, "enum"); ok {
		if v.Kind() != node.Array {
			return none, false
		}
		r.Enum, r.EnumCode = []string{}, "enum"
		for _, e := range v.Elems() {
			if e.Kind() == node.String {
				r.Enum = append(r.Enum, e.StringValue())
			}
		}
	}
	if v, ok := once(sch, "pattern"); ok {
		if v.Kind() != node.String {
			return none, false
		}
		if p := d.earlyPattern(v.StringValue()); p != "" {
			r.Pattern, r.PatternCode = p, "pattern"
		}
	}
	return r, r.MaxLength >= 0 || r.Enum != nil || r.Pattern != ""
}

// earlyPattern returns [earlyPattern] of src, translated once per
// declaration.
func (d *JSONSchemaDeclaration) earlyPattern(src string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	p, ok := d.early[src]
	if !ok {
		p = earlyPattern(src)
		d.early[src] = p
	}
	return p
}

// childSchema returns the schema that sch certainly applies to the value
// one step in: a member's under "properties" (or "additionalProperties"
// when "properties" does not name it and no "patternProperties" may), an
// element's under "items" when it is one schema for every element.
func childSchema(sch node.Node, step mend.PathStep) (node.Node, bool) {
	if step.Index >= 0 {
		if _, tuple := sch.Get("prefixItems"); tuple {
			return node.Node{}, false
		}
		items, ok := once(sch, "items")
		if !ok || items.Kind() != node.Object {
			return node.Node{}, false // absent, a tuple (an array) or a boolean
		}
		return items, true
	}
	props, has := sch.Get("properties")
	if has {
		p, ok := once(sch, "properties")
		if !ok || p.Kind() != node.Object {
			return node.Node{}, false
		}
		props = p
		if _, named := props.Get(step.Key); named {
			m, ok := once(props, step.Key)
			return m, ok
		}
	}
	if _, pat := sch.Get("patternProperties"); pat {
		return node.Node{}, false
	}
	add, ok := once(sch, "additionalProperties")
	if !ok || add.Kind() != node.Object {
		return node.Node{}, false
	}
	return add, true
}

// RefusesKind reports whether no value that begins with c ('{', '[' or
// '"') is valid at path ([mend.KindDeclaration]): the watcher then
// reports a wrong kind at the value's first byte. It reads only
// keywords that refuse a kind whatever else the value is: "type",
// "const", "enum", false, "allOf" (a branch refuses), "anyOf"/"oneOf"
// (every branch refuses); the rest (if/then/else, not, $ref...) can only
// refuse more, so ignoring them never says a kind is refused when some
// value of it is valid.
func (d *JSONSchemaDeclaration) RefusesKind(path []mend.PathStep, c byte) bool {
	sch := d.at
	for _, step := range path {
		if sch.Kind() != node.Object {
			return false
		}
		next, ok := childSchema(sch, step)
		if !ok {
			return false
		}
		sch = next
	}
	var kind node.Kind
	switch c {
	case '{':
		kind = node.Object
	case '[':
		kind = node.Array
	case '"':
		kind = node.String
	default:
		return false
	}
	return refusesKind(sch, kind, 0)
}

// maxKindDepth bounds the nesting of allOf/anyOf/oneOf RefusesKind reads.
const maxKindDepth = 32

func refusesKind(sch node.Node, kind node.Kind, depth int) bool {
	if sch.Kind() == node.Bool {
		return !sch.BoolValue()
	}
	if sch.Kind() != node.Object || depth > maxKindDepth {
		return false
	}
	name := map[node.Kind]string{node.Object: "object", node.Array: "array", node.String: "string"}[kind]
	if t, ok := once(sch, "type"); ok {
		switch t.Kind() {
		case node.String:
			if t.StringValue() != name {
				return true
			}
		case node.Array:
			takes := false
			for _, e := range t.Elems() {
				takes = takes || e.Kind() == node.String && e.StringValue() == name
			}
			if !takes {
				return true
			}
		}
	}
	if v, ok := once(sch, "const"); ok && v.Kind() != kind {
		return true
	}
	if e, ok := once(sch, "enum"); ok && e.Kind() == node.Array {
		takes := false
		for _, v := range e.Elems() {
			takes = takes || v.Kind() == kind
		}
		if !takes {
			return true
		}
	}
	if all, ok := once(sch, "allOf"); ok && all.Kind() == node.Array {
		for _, b := range all.Elems() {
			if refusesKind(b, kind, depth+1) {
				return true
			}
		}
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		if some, ok := once(sch, key); ok && some.Kind() == node.Array && some.Len() > 0 {
			every := true
			for _, b := range some.Elems() {
				every = every && refusesKind(b, kind, depth+1)
			}
			if every {
				return true
			}
		}
	}
	return false
}

// once returns member key of object n when it is written exactly once.
func once(n node.Node, key string) (node.Node, bool) {
	var v node.Node
	k := 0
	for _, f := range n.Fields() {
		if f.Key == key {
			v = f.Value
			k++
		}
	}
	return v, k == 1
}

// nonNegativeInt reads a JSON Schema non-negative integer (2.0 is one).
func nonNegativeInt(v node.Node) (int, bool) {
	if v.Kind() != node.Number {
		return 0, false
	}
	d, err := node.ParseDecimal(v.NumberText())
	if err != nil {
		return 0, false
	}
	n, ok := d.Int64()
	if !ok || n < 0 || n >= 1<<31 {
		return 0, false
	}
	return int(n), true
}

// String returns the document, compacted.
func (d *JSONSchemaDeclaration) String() string { return d.text }

// Members returns the root schema's members.
func (d *JSONSchemaDeclaration) Members() []mend.Member { return d.members }

// Check validates a complete JSON text.
func (d *JSONSchemaDeclaration) Check(value []byte) (mend.SchemaVerdict, error) {
	tree, err := node.Parse(value, node.DuplicateKeys(node.KeepDuplicates))
	var le *node.LimitError
	if errors.As(err, &le) {
		// the value was not judged (a number past the reader's bound,
		// which the gate's own reader does not have): E020, as
		// mend.Declaration says, not the checker's failure
		return mend.SchemaVerdict{}, &mend.Error{Code: mend.CodeLimit, Exit: mend.ExitRefused,
			Offset: int(le.Pos.Offset), Line: int(le.Pos.Line), Column: int(le.Pos.Column),
			Message: "the declaration's check stopped at a limit: " + le.Error()}
	}
	if err != nil {
		return mend.SchemaVerdict{}, fmt.Errorf("the value is not JSON: %w", err)
	}
	var findings []mend.Finding
	duplicates(tree, "", &findings)
	fs, err := d.root.Validate(instance(tree))
	if err != nil {
		return mend.SchemaVerdict{}, err
	}
	for _, e := range fs {
		findings = append(findings, d.finding(tree, e))
	}
	sortFindings(findings)
	return mend.NewVerdict(d.members, value, findings), nil
}

// CheckMember validates value against properties[name] of the root
// schema; a member that is only required, with no schema of its own,
// accepts any value.
func (d *JSONSchemaDeclaration) CheckMember(name string, value []byte) (bool, error) {
	known := false
	for _, m := range d.members {
		if m.Name == name {
			known = true
			break
		}
	}
	if !known {
		return false, nil
	}
	tree, err := node.Parse(value)
	if err != nil {
		return false, nil
	}
	if _, ok := d.props[name]; !ok {
		return true, nil
	}
	d.mu.Lock()
	s, ok := d.each[name]
	if !ok {
		s, err = d.compiler.Compile(schemaURL + "#" + d.base + "/properties/" + escapeToken(name))
		if err != nil {
			d.mu.Unlock()
			return false, err
		}
		d.each[name] = s
	}
	d.mu.Unlock()
	fs, err := s.Validate(instance(tree))
	return err == nil && len(fs) == 0, nil
}

// finding renders one finding of the validator.
func (d *JSONSchemaDeclaration) finding(tree node.Node, e jsonschema.Finding) mend.Finding {
	f := mend.Finding{Severity: "error", Code: e.Keyword, Path: e.InstanceLocation,
		Schema: "#" + strings.TrimPrefix(strings.TrimPrefix(e.AbsoluteKeywordLocation, schemaURL), "#"), Message: e.Message}
	if f.Code == "false" {
		f.Code = "schema" // a false schema: nothing is valid
	}
	if n, ok := resolvePointer(tree, e.InstanceLocation); ok {
		p := n.Pos()
		f.Line, f.Column, f.Offset = int(p.Line), int(p.Column), int(p.Offset)
	}
	return f
}

// sortFindings orders findings by position, then code, path, schema and
// message (the validator's own order is by location, not position).
func sortFindings(fs []mend.Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		switch {
		case a.Offset != b.Offset:
			return a.Offset < b.Offset
		case a.Code != b.Code:
			return a.Code < b.Code
		case a.Path != b.Path:
			return a.Path < b.Path
		case a.Schema != b.Schema:
			return a.Schema < b.Schema
		}
		return a.Message < b.Message
	})
}

// duplicates reports every key an object names again, at the repeated
// key, as the value engine does.
func duplicates(n node.Node, path string, out *[]mend.Finding) {
	switch n.Kind() {
	case node.Array:
		for i, e := range n.Elems() {
			duplicates(e, path+"/"+strconv.Itoa(i), out)
		}
	case node.Object:
		seen := map[string]bool{}
		for _, f := range n.Fields() {
			p := path + "/" + escapeToken(f.Key)
			if seen[f.Key] {
				*out = append(*out, mend.Finding{Severity: "error", Code: "duplicate-key", Path: p,
					Line: int(f.KeyPos.Line), Column: int(f.KeyPos.Column), Offset: int(f.KeyPos.Offset),
					Message: fmt.Sprintf("the key %q is named twice (the first occurrence is checked)", f.Key)})
				continue
			}
			seen[f.Key] = true
			duplicates(f.Value, p, out)
		}
	}
}

// instance converts a tree to the validator's form: json.Number for
// numbers (their exact text), the first occurrence of a repeated key.
func instance(n node.Node) any {
	switch n.Kind() {
	case node.Bool:
		return n.BoolValue()
	case node.Number:
		return json.Number(n.NumberText())
	case node.String:
		return n.StringValue()
	case node.Array:
		out := make([]any, 0, n.Len())
		for _, e := range n.Elems() {
			out = append(out, instance(e))
		}
		return out
	case node.Object:
		out := make(map[string]any, n.Len())
		for _, f := range n.Fields() {
			if _, dup := out[f.Key]; !dup {
				out[f.Key] = instance(f.Value)
			}
		}
		return out
	}
	return nil
}

// resolvePointer finds the node a JSON Pointer names.
func resolvePointer(n node.Node, ptr string) (node.Node, bool) {
	if ptr == "" {
		return n, true
	}
	if ptr[0] != '/' {
		return node.Node{}, false
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch n.Kind() {
		case node.Object:
			next, ok := n.Get(tok)
			if !ok {
				return node.Node{}, false
			}
			n = next
		case node.Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= n.Len() {
				return node.Node{}, false
			}
			n = n.Elems()[i]
		default:
			return node.Node{}, false
		}
	}
	return n, true
}

func escapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func lastToken(ptr string) string {
	if i := strings.LastIndexByte(ptr, '/'); i >= 0 {
		ptr = ptr[i+1:]
	}
	return strings.ReplaceAll(strings.ReplaceAll(ptr, "~1", "/"), "~0", "~")
}

// schemaMessage shortens the compiler's error: the document's URL is ours,
// not the user's.
func schemaMessage(err error) string {
	msg := strings.TrimPrefix(err.Error(), "jsonschema: ")
	msg = strings.Replace(msg, "is another document, which is not loaded", "is another document, and the gate loads none (put what it defines under $defs)", 1)
	msg = strings.ReplaceAll(msg, schemaURL+"#", "#")
	msg = strings.ReplaceAll(msg, schemaURL, "the document")
	return msg
}

func kindName(k node.Kind) string {
	switch k {
	case node.Null:
		return "null"
	case node.Number:
		return "a number"
	case node.String:
		return "a string"
	case node.Array:
		return "an array"
	}
	return "an object"
}
