package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Draft is a JSON Schema draft, by its number or year.
type Draft int

// The drafts the package knows.
const (
	Draft4    Draft = 4
	Draft6    Draft = 6
	Draft7    Draft = 7
	Draft2019 Draft = 2019
	Draft2020 Draft = 2020
)

func (d Draft) String() string {
	switch d {
	case Draft2019:
		return "2019-09"
	case Draft2020:
		return "2020-12"
	}
	return "draft-0" + strconv.Itoa(int(d))
}

// MaxDepth bounds the nesting of a schema document.
const MaxDepth = 1000

// MaxValidationDepth bounds a validation: schemas applied one inside
// another, at most. A value as deep as the project's readers allow (1,000
// levels) under a schema that takes two schemas a level ("items" and a
// "$ref") is well inside it.
const MaxValidationDepth = 20 * MaxDepth

// draftOf returns the draft a "$schema" URL names (http or https, with or
// without an empty fragment).
func draftOf(u string) (Draft, bool) {
	u = strings.TrimPrefix(strings.TrimPrefix(u, "http://"), "https://")
	if i := strings.IndexByte(u, '#'); i >= 0 && (u[i:] == "#" || u[i:] == "#/") {
		u = u[:i]
	}
	switch u {
	case "json-schema.org/schema", "json-schema.org/draft/2020-12/schema":
		return Draft2020, true
	case "json-schema.org/draft/2019-09/schema":
		return Draft2019, true
	case "json-schema.org/draft-07/schema":
		return Draft7, true
	case "json-schema.org/draft-06/schema":
		return Draft6, true
	case "json-schema.org/draft-04/schema":
		return Draft4, true
	}
	return 0, false
}

// SchemaError is a schema that does not compile: where (the document's URL
// and a JSON Pointer into it) and why.
type SchemaError struct {
	URL     string // the document
	Pointer string // the keyword or schema at fault, "" for the document
	Message string
}

func (e *SchemaError) Error() string {
	return e.URL + "#" + e.Pointer + ": " + e.Message
}

// Decode reads one JSON text as the validator takes values: objects as
// map[string]any, arrays as []any, numbers as json.Number (their exact
// text). Anything after the value is an error.
func Decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("text after the JSON value")
	}
	return v, nil
}

// Compiler holds schema documents by URL and compiles schemas from them.
// A Compiler is not safe for concurrent use; the schemas it returns are.
type Compiler struct {
	// Draft is the draft of a document with no "$schema" (2020-12 when
	// zero).
	Draft Draft

	docs     map[string]*document
	res      map[string]*resource // by absolute URL without fragment
	compiled map[string]*Schema   // by document URL "#" pointer
	unevals  bool                 // some schema compiled has unevaluated*
}

type document struct {
	url       string
	root      any
	draft     Draft
	ready     bool
	resources []*resource
	walked    map[string]bool // pointers indexed
}

type resource struct {
	doc     *document
	ptr     string
	url     string
	anchors map[string]string // name to pointer in the document
	dynamic map[string]string // $dynamicAnchor name to pointer

	dynSchemas map[string]*Schema // the same, compiled
}

// NewCompiler returns a compiler holding no document, whose default
// draft is d (2020-12 when zero).
func NewCompiler(d Draft) *Compiler {
	return &Compiler{Draft: d, docs: map[string]*document{}, res: map[string]*resource{}, compiled: map[string]*Schema{}}
}

// Compile compiles one document (a decoded value, see [Decode]) as a
// schema, of draft d when it has no "$schema". Its references must stay
// inside it.
func Compile(doc any, d Draft) (*Schema, error) {
	c := NewCompiler(d)
	const u = "urn:jsonschema:document"
	if err := c.AddResource(u, doc); err != nil {
		return nil, err
	}
	return c.Compile(u)
}

// AddResource adds a document (a decoded value, see [Decode]) under an
// absolute URL without fragment. A URL added twice keeps the first.
func (c *Compiler) AddResource(u string, doc any) error {
	base, frag := splitFrag(u)
	if frag != "" {
		return fmt.Errorf("jsonschema: a document's URL has no fragment: %s", u)
	}
	if _, ok := c.docs[base]; ok {
		return nil
	}
	d := &document{url: base, root: doc, walked: map[string]bool{}}
	c.docs[base] = d
	r := &resource{doc: d, url: base, anchors: map[string]string{}, dynamic: map[string]string{}}
	d.resources = append(d.resources, r)
	c.res[base] = r
	return nil
}

// Compile compiles the schema at u: a document's URL, with a fragment
// that is a JSON Pointer or an anchor when the schema is inside it.
func (c *Compiler) Compile(u string) (*Schema, error) {
	s, err := c.resolve(nil, u)
	if err != nil {
		return nil, err
	}
	if err := c.checkCycles(s); err != nil {
		return nil, err
	}
	return s, nil
}

func splitFrag(u string) (string, string) {
	if i := strings.IndexByte(u, '#'); i >= 0 {
		return u[:i], u[i+1:]
	}
	return u, ""
}

// prepare sets a document's draft and indexes its identifiers.
func (c *Compiler) prepare(d *document, seen int) error {
	if d.ready {
		return nil
	}
	if seen > 8 {
		return &SchemaError{URL: d.url, Pointer: "/$schema", Message: "a chain of $schema documents too long"}
	}
	d.draft = c.Draft
	if d.draft == 0 {
		d.draft = Draft2020
	}
	if m, ok := d.root.(map[string]any); ok {
		if v, ok := m["$schema"]; ok {
			s, ok := v.(string)
			if !ok {
				return &SchemaError{URL: d.url, Pointer: "/$schema", Message: "$schema must be a string, not " + kindOf(v)}
			}
			if dr, ok := draftOf(s); ok {
				d.draft = dr
			} else {
				mu, _ := splitFrag(s)
				md, ok := c.docs[mu]
				if !ok || md == d {
					return &SchemaError{URL: d.url, Pointer: "/$schema", Message: fmt.Sprintf("unknown $schema %q (the drafts are 4, 6, 7, 2019-09 and 2020-12)", s)}
				}
				if err := c.prepare(md, seen+1); err != nil {
					return err
				}
				d.draft = md.draft
			}
		}
	}
	d.ready = true
	return c.index(d, d.resources[0], d.root, "", 0)
}

// index registers the identifiers ($id, anchors) of the schema at ptr and
// of every schema inside it.
func (c *Compiler) index(d *document, r *resource, v any, ptr string, depth int) error {
	if depth > MaxDepth {
		return &SchemaError{URL: d.url, Pointer: ptr, Message: fmt.Sprintf("the schema nests more than %d levels", MaxDepth)}
	}
	if d.walked[ptr] {
		return nil
	}
	d.walked[ptr] = true
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	idKey := "$id"
	if d.draft == Draft4 {
		idKey = "id"
	}
	if id, ok := m[idKey].(string); ok && id != "" {
		if _, ref := m["$ref"]; !ref || d.draft >= Draft2019 {
			abs, err := resolveURL(r.url, id)
			if err != nil {
				return &SchemaError{URL: d.url, Pointer: ptr + "/" + idKey, Message: err.Error()}
			}
			u, frag := splitFrag(abs)
			if u != "" && u != r.url {
				if ptr == r.ptr {
					r.url = u // the document names itself
				} else {
					r = &resource{doc: d, ptr: ptr, url: u, anchors: map[string]string{}, dynamic: map[string]string{}}
					d.resources = append(d.resources, r)
				}
				if _, dup := c.res[u]; !dup {
					c.res[u] = r
				}
			}
			if frag != "" && d.draft < Draft2019 {
				r.anchors[frag] = ptr
			}
		}
	}
	if d.draft >= Draft2019 {
		if a, ok := m["$anchor"].(string); ok {
			r.anchors[a] = ptr
		}
	}
	if d.draft >= Draft2020 {
		if a, ok := m["$dynamicAnchor"].(string); ok {
			r.anchors[a] = ptr
			r.dynamic[a] = ptr
		}
	}
	var err error
	eachSub(d.draft, m, func(kw string, sub any) {
		if err == nil {
			err = c.index(d, r, sub, ptr+"/"+kw, depth+1)
		}
	})
	return err
}

// eachSub calls f with the (escaped) path and value of every subschema
// position of m, in a fixed order.
func eachSub(d Draft, m map[string]any, f func(path string, sub any)) {
	single := []string{"not", "additionalProperties", "additionalItems", "items", "contains", "propertyNames",
		"if", "then", "else", "unevaluatedProperties", "unevaluatedItems", "contentSchema"}
	for _, kw := range single {
		if v, ok := m[kw]; ok {
			switch v.(type) {
			case map[string]any, bool:
				f(kw, v)
			}
		}
	}
	for _, kw := range []string{"allOf", "anyOf", "oneOf", "items", "prefixItems"} {
		if a, ok := m[kw].([]any); ok {
			for i, v := range a {
				f(kw+"/"+strconv.Itoa(i), v)
			}
		}
	}
	for _, kw := range []string{"properties", "patternProperties", "definitions", "$defs", "dependencies", "dependentSchemas"} {
		if o, ok := m[kw].(map[string]any); ok {
			for _, k := range slices.Sorted(maps.Keys(o)) {
				switch o[k].(type) {
				case map[string]any, bool:
					f(kw+"/"+escapeToken(k), o[k])
				}
			}
		}
	}
}

func resolveURL(base, ref string) (string, error) {
	if ref == "" {
		return base, nil
	}
	r, err := url.Parse(ref)
	if err != nil {
		return "", fmt.Errorf("%q is not a URI reference", ref)
	}
	if r.IsAbs() {
		return ref, nil
	}
	if strings.HasPrefix(ref, "#") {
		b, _ := splitFrag(base)
		return b + ref, nil
	}
	b, err := url.Parse(base)
	if err != nil || b.Opaque != "" {
		// an opaque base (urn:...) has no path to resolve against
		return ref, nil
	}
	return b.ResolveReference(r).String(), nil
}

// resource returns the innermost resource of d that holds ptr.
func (d *document) resourceAt(ptr string) *resource {
	best := d.resources[0]
	for _, r := range d.resources[1:] {
		if (ptr == r.ptr || strings.HasPrefix(ptr, r.ptr+"/")) && len(r.ptr) >= len(best.ptr) {
			best = r
		}
	}
	return best
}

// resolve compiles the schema a reference names, relative to the resource
// of from (nil: ref is absolute).
func (c *Compiler) resolve(from *Schema, ref string) (*Schema, error) {
	abs := ref
	if from != nil {
		var err error
		abs, err = resolveURL(from.res.url, ref)
		if err != nil {
			return nil, &SchemaError{URL: from.doc.url, Pointer: from.ptr, Message: err.Error()}
		}
	}
	u, frag := splitFrag(abs)
	r, ok := c.res[u]
	if !ok {
		msg := fmt.Sprintf("%s is another document, which is not loaded", u)
		if from == nil {
			return nil, fmt.Errorf("jsonschema: %s", msg)
		}
		return nil, &SchemaError{URL: from.doc.url, Pointer: from.ptr, Message: msg}
	}
	if err := c.prepare(r.doc, 0); err != nil {
		return nil, err
	}
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	ptr := r.ptr
	switch {
	case frag == "":
	case strings.HasPrefix(frag, "/"):
		ptr += frag
	default:
		p, ok := r.anchors[frag]
		if !ok {
			return nil, c.refError(from, abs, "names no anchor of its document")
		}
		ptr = p
	}
	return c.compileAt(r.doc, ptr, from, abs)
}

func (c *Compiler) refError(from *Schema, abs, msg string) error {
	if from == nil {
		return fmt.Errorf("jsonschema: %s %s", abs, msg)
	}
	return &SchemaError{URL: from.doc.url, Pointer: from.ptr, Message: fmt.Sprintf("the reference %s %s", abs, msg)}
}

func lookup(v any, ptr string) (any, bool) {
	if ptr == "" {
		return v, true
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = unescapeToken(tok)
		switch x := v.(type) {
		case map[string]any:
			n, ok := x[tok]
			if !ok {
				return nil, false
			}
			v = n
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) || (len(tok) > 1 && tok[0] == '0') {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

func escapeToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func unescapeToken(s string) string {
	if !strings.Contains(s, "~") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

// canonicalPtr re-escapes a pointer token by token (a fragment may
// spell the same pointer differently).
func canonicalPtr(p string) string {
	if p == "" {
		return p
	}
	toks := strings.Split(p[1:], "/")
	for i, t := range toks {
		toks[i] = escapeToken(unescapeToken(t))
	}
	return "/" + strings.Join(toks, "/")
}

func (c *Compiler) compileAt(d *document, ptr string, from *Schema, abs string) (*Schema, error) {
	ptr = canonicalPtr(ptr)
	key := d.url + "#" + ptr
	if s, ok := c.compiled[key]; ok {
		return s, nil
	}
	v, ok := lookup(d.root, ptr)
	if !ok {
		return nil, c.refError(from, abs, "names nothing in its document")
	}
	if !d.walked[ptr] {
		if err := c.index(d, d.resourceAt(ptr), v, ptr, 0); err != nil {
			return nil, err
		}
	}
	s := &Schema{doc: d, ptr: ptr, res: d.resourceAt(ptr), draft: d.draft, loc: key,
		minLength: -1, maxLength: -1, minItems: -1, maxItems: -1, minProps: -1, maxProps: -1, minContains: 1, maxContains: -1}
	c.compiled[key] = s
	if err := c.fill(s, v); err != nil {
		return nil, err
	}
	// the resource's dynamic anchors, which a $dynamicRef may land on
	r := s.res
	if len(r.dynamic) > 0 && r.dynSchemas == nil {
		r.dynSchemas = map[string]*Schema{}
		for _, name := range sortedStrings(r.dynamic) {
			t, err := c.compileAt(d, r.dynamic[name], s, d.url+"#"+r.dynamic[name])
			if err != nil {
				return nil, err
			}
			r.dynSchemas[name] = t
		}
	}
	return s, nil
}

func sortedStrings(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// sub compiles the subschema of s at path (escaped tokens).
func (c *Compiler) sub(s *Schema, path string) (*Schema, error) {
	return c.compileAt(s.doc, s.ptr+"/"+path, s, s.doc.url+"#"+s.ptr+"/"+path)
}

func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number, float64, float32, int, int64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// isSchemaValue reports whether v may be a schema: an object, or a
// boolean from draft 6 on.
func isSchemaValue(d Draft, v any) bool {
	switch v.(type) {
	case map[string]any:
		return true
	case bool:
		return d >= Draft6
	}
	return false
}

var typeNames = [...]string{"array", "boolean", "integer", "null", "number", "object", "string"}

// fill checks the keywords of one schema and compiles it.
func (c *Compiler) fill(s *Schema, v any) error {
	if b, ok := v.(bool); ok {
		s.always = &b
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return &SchemaError{URL: s.doc.url, Pointer: s.ptr, Message: "a schema is an object or a boolean, not " + kindOf(v)}
	}
	bad := func(kw, format string, a ...any) error {
		return &SchemaError{URL: s.doc.url, Pointer: s.ptr + "/" + escapeToken(kw), Message: kw + " " + fmt.Sprintf(format, a...)}
	}
	d := s.draft
	if err := c.checkPlain(s, m, bad); err != nil {
		return err
	}
	if rv, ok := m["$ref"]; ok {
		ref, ok := rv.(string)
		if !ok {
			return bad("$ref", "must be a string, not %s", kindOf(rv))
		}
		t, err := c.resolve(s, ref)
		if err != nil {
			return err
		}
		s.ref = t
		if d < Draft2019 {
			// the other keywords are ignored; they are checked all the
			// same (a metaschema would), on a schema that is then dropped
			scratch := &Schema{doc: s.doc, ptr: s.ptr + "/$ref-siblings", res: s.res, draft: d, loc: s.loc}
			m2 := make(map[string]any, len(m))
			for k, v := range m {
				if k != "$ref" {
					m2[k] = v
				}
			}
			return c.checkIgnored(scratch, s, m2)
		}
	}
	if d >= Draft2019 {
		if rv, ok := m["$recursiveRef"]; ok {
			ref, ok := rv.(string)
			if !ok {
				return bad("$recursiveRef", "must be a string, not %s", kindOf(rv))
			}
			t, err := c.resolve(s, ref)
			if err != nil {
				return err
			}
			s.recursiveRef = t
		}
		if b, ok := m["$recursiveAnchor"].(bool); ok {
			s.recursiveAnchor = b
		}
	}
	if d >= Draft2020 {
		if rv, ok := m["$dynamicRef"]; ok {
			ref, ok := rv.(string)
			if !ok {
				return bad("$dynamicRef", "must be a string, not %s", kindOf(rv))
			}
			t, err := c.resolve(s, ref)
			if err != nil {
				return err
			}
			s.dynamicRef = t
			if _, frag := splitFrag(ref); frag != "" && !strings.HasPrefix(frag, "/") {
				s.dynamicName = frag
			}
		}
		if a, ok := m["$dynamicAnchor"].(string); ok {
			s.dynamicAnchor = a
		}
	}
	if t, ok := m["type"]; ok {
		switch t := t.(type) {
		case string:
			if !knownType(t) {
				return bad("type", "names no JSON type: %q", t)
			}
			s.types = []string{t}
		case []any:
			if len(t) == 0 {
				return bad("type", "must list at least one type")
			}
			for _, e := range t {
				n, ok := e.(string)
				if !ok || !knownType(n) {
					return bad("type", "must list JSON type names, not %s", compact(e))
				}
				for _, prev := range s.types {
					if prev == n {
						return bad("type", "names %q twice", n)
					}
				}
				s.types = append(s.types, n)
			}
		default:
			return bad("type", "must be a string or an array, not %s", kindOf(t))
		}
	}
	if e, ok := m["enum"]; ok {
		a, ok := e.([]any)
		if !ok {
			return bad("enum", "must be an array, not %s", kindOf(e))
		}
		if d <= Draft7 {
			if len(a) == 0 {
				return bad("enum", "must have at least one value in %s", d)
			}
			if i, j, dup := firstDuplicate(a); dup {
				return bad("enum", "has equal values at indexes %d and %d (%s requires them unique)", i, j, d)
			}
		}
		s.enum, s.hasEnum = a, true
	}
	if cv, ok := m["const"]; ok && d >= Draft6 {
		s.constVal, s.hasConst = cv, true
	}
	for _, kw := range []string{"minimum", "maximum", "multipleOf"} {
		if nv, ok := m[kw]; ok {
			r, ok := ratOf(nv)
			if !ok {
				return bad(kw, "must be a number, not %s", kindOf(nv))
			}
			if kw == "multipleOf" && r.Sign() <= 0 {
				return bad(kw, "must be greater than 0")
			}
			switch kw {
			case "minimum":
				s.minimum = r
			case "maximum":
				s.maximum = r
			default:
				s.multipleOf = r
			}
		}
	}
	for _, kw := range []string{"exclusiveMinimum", "exclusiveMaximum"} {
		ev, ok := m[kw]
		if !ok {
			continue
		}
		if b, isBool := ev.(bool); isBool {
			if d >= Draft6 {
				return bad(kw, "must be a number in %s, not a boolean", d)
			}
			if b && kw == "exclusiveMinimum" {
				s.minimum, s.exclMin = nil, s.minimum
			} else if b {
				s.maximum, s.exclMax = nil, s.maximum
			}
			continue
		}
		r, ok := ratOf(ev)
		if !ok || d == Draft4 {
			return bad(kw, "must be a %s, not %s", map[bool]string{true: "boolean", false: "number"}[d == Draft4], kindOf(ev))
		}
		if kw == "exclusiveMinimum" {
			s.exclMin = r
		} else {
			s.exclMax = r
		}
	}
	counts := []struct {
		kw string
		to *int
	}{{"minLength", &s.minLength}, {"maxLength", &s.maxLength}, {"minItems", &s.minItems}, {"maxItems", &s.maxItems},
		{"minProperties", &s.minProps}, {"maxProperties", &s.maxProps}, {"minContains", &s.minContains}, {"maxContains", &s.maxContains}}
	for _, n := range counts {
		nv, ok := m[n.kw]
		if !ok || (d < Draft2019 && strings.HasSuffix(n.kw, "Contains")) {
			continue
		}
		i, ok := nonNegInt(nv)
		if !ok {
			return bad(n.kw, "must be a non-negative integer, not %s", compact(nv))
		}
		*n.to = i
	}
	if p, ok := m["pattern"]; ok {
		src, ok := p.(string)
		if !ok {
			return bad("pattern", "must be a string, not %s", kindOf(p))
		}
		re, err := regexp.Compile(src)
		if err != nil {
			return bad("pattern", "is not a regular expression: %v", err)
		}
		s.pattern = re
	}
	if f, ok := m["format"]; ok {
		name, ok := f.(string)
		if !ok {
			return bad("format", "must be a string, not %s", kindOf(f))
		}
		s.format = name
		if d < Draft2019 {
			s.formatFn = formatCheck(name)
		}
	}
	if r, ok := m["required"]; ok {
		l, err := names(r, d == Draft4)
		if err != "" {
			return bad("required", "%s", err)
		}
		s.required = l
	}
	if u, ok := m["uniqueItems"]; ok {
		b, ok := u.(bool)
		if !ok {
			return bad("uniqueItems", "must be a boolean, not %s", kindOf(u))
		}
		s.uniqueItems = b
	}
	if d >= Draft2019 {
		if dr, ok := m["dependentRequired"]; ok {
			o, ok := dr.(map[string]any)
			if !ok {
				return bad("dependentRequired", "must be an object, not %s", kindOf(dr))
			}
			for _, k := range slices.Sorted(maps.Keys(o)) {
				l, err := names(o[k], false)
				if err != "" {
					return bad("dependentRequired", "member %q: %s", k, err)
				}
				s.dependentRequired = append(s.dependentRequired, dependency{name: k, required: l})
			}
		}
	}

	// applicators
	one := func(kw string) (*Schema, error) {
		sv, ok := m[kw]
		if !ok {
			return nil, nil
		}
		if !isSchemaValue(d, sv) {
			return nil, bad(kw, "must be a schema (an object or a boolean), not %s", kindOf(sv))
		}
		return c.sub(s, escapeToken(kw))
	}
	list := func(kw string) ([]*Schema, error) {
		lv, ok := m[kw]
		if !ok {
			return nil, nil
		}
		a, ok := lv.([]any)
		if !ok || len(a) == 0 {
			return nil, bad(kw, "must be a non-empty array of schemas, not %s", compact(lv))
		}
		out := make([]*Schema, len(a))
		for i, e := range a {
			if !isSchemaValue(d, e) {
				return nil, &SchemaError{URL: s.doc.url, Pointer: s.ptr + "/" + kw + "/" + strconv.Itoa(i), Message: "a schema is an object or a boolean, not " + kindOf(e)}
			}
			sub, err := c.sub(s, kw+"/"+strconv.Itoa(i))
			if err != nil {
				return nil, err
			}
			out[i] = sub
		}
		return out, nil
	}
	named := func(kw string) ([]namedSchema, error) {
		ov, ok := m[kw]
		if !ok {
			return nil, nil
		}
		o, ok := ov.(map[string]any)
		if !ok {
			return nil, bad(kw, "must be an object, not %s", kindOf(ov))
		}
		var out []namedSchema
		for _, k := range slices.Sorted(maps.Keys(o)) {
			if !isSchemaValue(d, o[k]) {
				return nil, &SchemaError{URL: s.doc.url, Pointer: s.ptr + "/" + kw + "/" + escapeToken(k), Message: "a schema is an object or a boolean, not " + kindOf(o[k])}
			}
			sub, err := c.sub(s, kw+"/"+escapeToken(k))
			if err != nil {
				return nil, err
			}
			out = append(out, namedSchema{name: k, schema: sub})
		}
		return out, nil
	}
	var err error
	if s.not, err = one("not"); err != nil {
		return err
	}
	if s.allOf, err = list("allOf"); err != nil {
		return err
	}
	if s.anyOf, err = list("anyOf"); err != nil {
		return err
	}
	if s.oneOf, err = list("oneOf"); err != nil {
		return err
	}
	if s.properties, err = named("properties"); err != nil {
		return err
	}
	pats, err := named("patternProperties")
	if err != nil {
		return err
	}
	for _, p := range pats {
		re, err := regexp.Compile(p.name)
		if err != nil {
			return bad("patternProperties", "key %q is not a regular expression: %v", p.name, err)
		}
		s.patternProps = append(s.patternProps, patternSchema{re: re, src: p.name, schema: p.schema})
	}
	if ap, ok := m["additionalProperties"]; ok {
		if b, ok := ap.(bool); ok {
			s.addPropsBool = &b
		} else if s.addProps, err = one("additionalProperties"); err != nil {
			return err
		}
	}
	if dv, ok := m["dependencies"]; ok {
		o, ok := dv.(map[string]any)
		if !ok {
			return bad("dependencies", "must be an object, not %s", kindOf(dv))
		}
		for _, k := range slices.Sorted(maps.Keys(o)) {
			if l, isList := o[k].([]any); isList {
				req, msg := names(l, d == Draft4)
				if msg != "" {
					return bad("dependencies", "member %q: %s", k, msg)
				}
				s.dependencies = append(s.dependencies, dependency{name: k, required: req, isList: true})
				continue
			}
			if !isSchemaValue(d, o[k]) {
				return bad("dependencies", "member %q must be a schema or an array of names, not %s", k, kindOf(o[k]))
			}
			sub, err := c.sub(s, "dependencies/"+escapeToken(k))
			if err != nil {
				return err
			}
			s.dependencies = append(s.dependencies, dependency{name: k, schema: sub})
		}
	}
	if d >= Draft6 {
		if s.propertyNames, err = one("propertyNames"); err != nil {
			return err
		}
		if s.contains, err = one("contains"); err != nil {
			return err
		}
	}
	if d >= Draft7 {
		if _, ok := m["if"]; ok {
			if s.ifS, err = one("if"); err != nil {
				return err
			}
			if s.thenS, err = one("then"); err != nil {
				return err
			}
			if s.elseS, err = one("else"); err != nil {
				return err
			}
		}
	}
	if d >= Draft2019 {
		if s.dependentSchemas, err = named("dependentSchemas"); err != nil {
			return err
		}
		if s.unevalProps, err = one("unevaluatedProperties"); err != nil {
			return err
		}
		if s.unevalItems, err = one("unevaluatedItems"); err != nil {
			return err
		}
		if s.unevalProps != nil || s.unevalItems != nil {
			c.unevals = true
		}
	}
	if d >= Draft2020 {
		if s.prefixItems, err = list("prefixItems"); err != nil {
			return err
		}
		if s.items, err = one("items"); err != nil {
			return err
		}
	} else if iv, ok := m["items"]; ok {
		if _, isList := iv.([]any); isList {
			if s.itemList, err = list("items"); err != nil {
				return err
			}
			s.hasItemList = true
			if av, ok := m["additionalItems"]; ok {
				if b, ok := av.(bool); ok {
					s.addItemsBool = &b
				} else if s.addItems, err = one("additionalItems"); err != nil {
					return err
				}
			}
		} else if s.items, err = one("items"); err != nil {
			return err
		}
	}
	// schemas that are only referred to are compiled (and so checked) too
	for _, kw := range []string{"definitions", "$defs"} {
		if _, err := named(kw); err != nil {
			return err
		}
	}
	return nil
}

// checkIgnored checks the keywords beside a "$ref" of drafts 4 to 7,
// which are not applied: their subschemas are compiled at their own
// places, the schema itself on scratch, and errors name owner's place.
func (c *Compiler) checkIgnored(scratch, owner *Schema, m map[string]any) error {
	scratch.ptr = owner.ptr
	scratch.loc = owner.loc + "#ignored"
	err := c.fill(scratch, m)
	return err
}

// checkPlain checks the keywords that compile to nothing.
func (c *Compiler) checkPlain(s *Schema, m map[string]any, bad func(kw, format string, a ...any) error) error {
	for _, kw := range []string{"$id", "id", "$anchor", "$dynamicAnchor", "$comment", "title", "description", "contentEncoding", "contentMediaType", "$schema"} {
		if kw == "id" && s.draft != Draft4 {
			continue
		}
		if v, ok := m[kw]; ok {
			if _, ok := v.(string); !ok {
				return bad(kw, "must be a string, not %s", kindOf(v))
			}
		}
	}
	for _, kw := range []string{"$anchor", "$dynamicAnchor"} {
		if a, ok := m[kw].(string); ok && (s.draft >= Draft2020 || s.draft == Draft2019 && kw == "$anchor") && !validAnchor(a, s.draft) {
			return bad(kw, "is not a valid anchor name: %q", a)
		}
	}
	for _, kw := range []string{"readOnly", "writeOnly", "deprecated", "$recursiveAnchor"} {
		if v, ok := m[kw]; ok {
			if _, ok := v.(bool); !ok {
				return bad(kw, "must be a boolean, not %s", kindOf(v))
			}
		}
	}
	if v, ok := m["examples"]; ok {
		if _, ok := v.([]any); !ok {
			return bad("examples", "must be an array, not %s", kindOf(v))
		}
	}
	return nil
}

// validAnchor: a letter (or "_" in 2020-12), then letters, digits, "-",
// "." and "_" (and ":" in 2019-09).
func validAnchor(a string, d Draft) bool {
	if a == "" {
		return false
	}
	for i, r := range a {
		switch {
		case r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z':
		case r == '_' && (i > 0 || d >= Draft2020):
		case i > 0 && (r >= '0' && r <= '9' || r == '-' || r == '.' || r == ':' && d == Draft2019):
		default:
			return false
		}
	}
	return true
}

func knownType(t string) bool {
	for _, n := range typeNames {
		if n == t {
			return true
		}
	}
	return false
}

// names reads an array of distinct strings (not empty when nonEmpty);
// the second result says what is wrong when it is not one.
func names(v any, nonEmpty bool) ([]string, string) {
	l, msg := strings_(v)
	if msg != "" {
		return nil, msg
	}
	if nonEmpty && len(l) == 0 {
		return nil, "must name at least one property in draft-04"
	}
	seen := make(map[string]bool, len(l))
	for _, n := range l {
		if seen[n] {
			return nil, fmt.Sprintf("names %q twice", n)
		}
		seen[n] = true
	}
	return l, ""
}

// strings_ reads an array of strings; the second result says what is
// wrong when it is not one.
func strings_(v any) ([]string, string) {
	a, ok := v.([]any)
	if !ok {
		return nil, "must be an array of strings, not " + kindOf(v)
	}
	out := make([]string, 0, len(a))
	for _, e := range a {
		s, ok := e.(string)
		if !ok {
			return nil, "must be an array of strings, not one with " + kindOf(e)
		}
		out = append(out, s)
	}
	return out, ""
}

func nonNegInt(v any) (int, bool) {
	r, ok := ratOf(v)
	if !ok || !r.IsInt() || r.Sign() < 0 {
		return 0, false
	}
	if !r.Num().IsInt64() || r.Num().Int64() > 1<<31 {
		return 1 << 31, true
	}
	return int(r.Num().Int64()), true
}

// checkCycles refuses a schema that applies itself to the same value
// without end: a cycle of in-place applicators ($ref, allOf, not, ...)
// reachable from s.
func (c *Compiler) checkCycles(s *Schema) error {
	// every schema reachable from s, then the graph of in-place
	// applications among them
	var all []*Schema
	seen := map[*Schema]bool{s: true}
	for i := 0; i == 0 || i < len(all); i++ {
		if i == 0 {
			all = append(all, s)
		}
		t := all[i]
		for _, n := range append(t.inPlace(), t.children()...) {
			if !seen[n] {
				seen[n] = true
				all = append(all, n)
			}
		}
	}
	const (
		grey  = 1
		black = 2
	)
	color := make(map[*Schema]int, len(all))
	var visit func(s *Schema, depth int) error
	visit = func(s *Schema, depth int) error {
		switch color[s] {
		case grey:
			return &SchemaError{URL: s.doc.url, Pointer: s.ptr, Message: "a cycle of references applies this schema to the same value without end"}
		case black:
			return nil
		}
		if depth > MaxDepth {
			return &SchemaError{URL: s.doc.url, Pointer: s.ptr, Message: fmt.Sprintf("schemas apply one another more than %d levels deep", MaxDepth)}
		}
		color[s] = grey
		for _, t := range s.inPlace() {
			if err := visit(t, depth+1); err != nil {
				return err
			}
		}
		color[s] = black
		return nil
	}
	for _, t := range all {
		if err := visit(t, 0); err != nil {
			return err
		}
	}
	return nil
}

// inPlace lists the schemas s applies to the value it is given.
func (s *Schema) inPlace() []*Schema {
	var out []*Schema
	for _, t := range []*Schema{s.ref, s.recursiveRef, s.dynamicRef, s.not, s.ifS, s.thenS, s.elseS} {
		if t != nil {
			out = append(out, t)
		}
	}
	out = append(out, s.allOf...)
	out = append(out, s.anyOf...)
	out = append(out, s.oneOf...)
	for _, d := range s.dependencies {
		if d.schema != nil {
			out = append(out, d.schema)
		}
	}
	for _, d := range s.dependentSchemas {
		out = append(out, d.schema)
	}
	return out
}

// children lists the schemas s applies to values inside the one it is
// given.
func (s *Schema) children() []*Schema {
	var out []*Schema
	for _, t := range []*Schema{s.addProps, s.propertyNames, s.contains, s.items, s.addItems, s.unevalProps, s.unevalItems} {
		if t != nil {
			out = append(out, t)
		}
	}
	for _, p := range s.properties {
		out = append(out, p.schema)
	}
	for _, p := range s.patternProps {
		out = append(out, p.schema)
	}
	out = append(out, s.itemList...)
	out = append(out, s.prefixItems...)
	return out
}
