package jsonschema

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Finding is one keyword a value fails.
type Finding struct {
	// Keyword is the failing keyword ("type", "required", ...; "false"
	// for a false schema).
	Keyword string
	// InstanceLocation is a JSON Pointer to the failing value.
	InstanceLocation string
	// KeywordLocation is a JSON Pointer to the keyword along the path the
	// validation took from the schema validated against ("/$ref" included).
	KeywordLocation string
	// AbsoluteKeywordLocation is the keyword's own place: its document's
	// URL and a JSON Pointer fragment.
	AbsoluteKeywordLocation string
	// Message is rendered from the keyword, its value and the failing
	// value.
	Message string
}

func (f Finding) String() string {
	p := f.InstanceLocation
	if p == "" {
		p = "/"
	}
	return p + ": " + f.Message + " (" + f.AbsoluteKeywordLocation + ")"
}

// ErrLoop is returned (wrapped) when a chain of dynamic references comes
// back to a schema at the same value, and when a validation nests deeper
// than [MaxValidationDepth].
var ErrLoop = errors.New("jsonschema: the schema applies itself to the same value without end")

// Validate checks v (as [Decode] returns values; float64 and int numbers
// are taken too) and returns its findings, sorted by instance location,
// then keyword location; none when v is valid. The error is reserved for
// a validation that cannot finish ([ErrLoop]) or a value that is not
// JSON.
func (s *Schema) Validate(v any) ([]Finding, error) {
	vd := &validator{track: s.tracks()}
	vd.validate(s, v, "", "", nil)
	if vd.err != nil {
		return nil, vd.err
	}
	sort.SliceStable(vd.out, func(i, j int) bool {
		a, b := vd.out[i], vd.out[j]
		if a.InstanceLocation != b.InstanceLocation {
			return a.InstanceLocation < b.InstanceLocation
		}
		if a.KeywordLocation != b.KeywordLocation {
			return a.KeywordLocation < b.KeywordLocation
		}
		return a.Message < b.Message
	})
	return vd.out, nil
}

// Valid reports whether v is valid (false when the validation cannot
// finish).
func (s *Schema) Valid(v any) bool {
	fs, err := s.Validate(v)
	return err == nil && len(fs) == 0
}

type validator struct {
	out   []Finding
	err   error
	track bool
	depth int
	scope []*Schema
}

// uneval is what an in-place validation left unevaluated: property names
// and item indexes (nil: nothing tracked).
type uneval struct {
	props map[string]struct{}
	items map[int]struct{}
}

func (u *uneval) merge(o *uneval) {
	if u == nil || o == nil {
		return
	}
	for k := range u.props {
		if _, ok := o.props[k]; !ok {
			delete(u.props, k)
		}
	}
	for k := range u.items {
		if _, ok := o.items[k]; !ok {
			delete(u.items, k)
		}
	}
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number, float64, float32, int, int64, int32, uint, uint64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return ""
}

func (vd *validator) validate(s *Schema, v any, iloc, kloc string, chain []*Schema) *uneval {
	if vd.err != nil {
		return nil
	}
	for _, c := range chain {
		if c == s {
			vd.err = fmt.Errorf("%w (%s at %q)", ErrLoop, s.loc, iloc)
			return nil
		}
	}
	if vd.depth >= MaxValidationDepth {
		vd.err = fmt.Errorf("%w: more than %d schemas deep at %q", ErrLoop, MaxValidationDepth, iloc)
		return nil
	}
	vd.depth++
	vd.scope = append(vd.scope, s)
	defer func() { vd.depth--; vd.scope = vd.scope[:len(vd.scope)-1] }()
	chain = append(chain[:len(chain):len(chain)], s)

	fail := func(kw, path, format string, a ...any) {
		k := kloc
		abs := s.loc
		if path != "" {
			k += "/" + path
			abs += "/" + path
		}
		vd.out = append(vd.out, Finding{Keyword: kw, InstanceLocation: iloc, KeywordLocation: k, AbsoluteKeywordLocation: abs, Message: fmt.Sprintf(format, a...)})
	}
	t := jsonType(v)
	if t == "" {
		vd.err = fmt.Errorf("jsonschema: %T at %q is not a JSON value", v, iloc)
		return nil
	}
	var u *uneval
	if vd.track {
		switch x := v.(type) {
		case map[string]any:
			u = &uneval{props: make(map[string]struct{}, len(x))}
			for k := range x {
				u.props[k] = struct{}{}
			}
		case []any:
			u = &uneval{items: make(map[int]struct{}, len(x))}
			for i := range x {
				u.items[i] = struct{}{}
			}
		}
	}
	if s.always != nil {
		if !*s.always {
			fail("false", "", "no value is allowed here")
		}
		return u
	}
	if len(s.types) > 0 && !typeMatches(s.types, t, v) {
		want := make([]string, len(s.types))
		for i, n := range s.types {
			want[i] = typeName(n)
		}
		fail("type", "type", "expected %s, found %s", strings.Join(want, " or "), article(t, v))
		return u
	}
	inPlace := func(t *Schema, path string) bool {
		n := len(vd.out)
		r := vd.validate(t, v, iloc, kloc+"/"+path, chain)
		ok := len(vd.out) == n && vd.err == nil
		if ok {
			u.merge(r)
		}
		return ok
	}
	child := func(t *Schema, path string, cv any, tok string) bool {
		n := len(vd.out)
		vd.validate(t, cv, iloc+"/"+escapeToken(tok), kloc+"/"+path, nil)
		return len(vd.out) == n
	}

	if s.hasConst && !equal(v, s.constVal) {
		fail("const", "const", "the value must be %s", compact(s.constVal))
	}
	if s.hasEnum {
		in := false
		for _, e := range s.enum {
			if equal(v, e) {
				in = true
				break
			}
		}
		if !in {
			fail("enum", "enum", "the value must be one of %s", compact(s.enum))
		}
	}
	if str, ok := v.(string); ok && s.formatFn != nil && !s.formatFn(str) {
		fail("format", "format", "%s is not a valid %s", strconv.Quote(str), s.format)
	}

	switch x := v.(type) {
	case map[string]any:
		if s.minProps >= 0 && len(x) < s.minProps {
			fail("minProperties", "minProperties", "at least %d properties are required, found %d", s.minProps, len(x))
		}
		if s.maxProps >= 0 && len(x) > s.maxProps {
			fail("maxProperties", "maxProperties", "at most %d properties are allowed, found %d", s.maxProps, len(x))
		}
		var missing []string
		for _, r := range s.required {
			if _, ok := x[r]; !ok {
				missing = append(missing, strconv.Quote(r))
			}
		}
		if len(missing) > 0 {
			fail("required", "required", "missing required properties: %s", strings.Join(missing, ", "))
		}
		for _, p := range s.properties {
			if pv, ok := x[p.name]; ok {
				if u != nil {
					delete(u.props, p.name)
				}
				child(p.schema, "properties/"+escapeToken(p.name), pv, p.name)
			}
		}
		if s.propertyNames != nil {
			for _, k := range slices.Sorted(maps.Keys(x)) {
				child(s.propertyNames, "propertyNames", k, k)
			}
		}
		var matched map[string]bool
		if len(s.patternProps) > 0 && (s.addProps != nil || s.addPropsBool != nil) {
			matched = map[string]bool{}
		}
		for _, p := range s.patternProps {
			for k, pv := range x {
				if p.re.MatchString(k) {
					if u != nil {
						delete(u.props, k)
					}
					if matched != nil {
						matched[k] = true
					}
					child(p.schema, "patternProperties/"+escapeToken(p.src), pv, k)
				}
			}
		}
		if s.addProps != nil || s.addPropsBool != nil {
			var extra []string
			for _, k := range slices.Sorted(maps.Keys(x)) {
				if matched[k] || s.hasProperty(k) {
					continue
				}
				extra = append(extra, k)
			}
			if s.addPropsBool != nil {
				if !*s.addPropsBool && len(extra) > 0 {
					q := make([]string, len(extra))
					for i, e := range extra {
						q[i] = strconv.Quote(e)
					}
					fail("additionalProperties", "additionalProperties", "properties %s are not allowed", strings.Join(q, ", "))
				}
			} else {
				for _, k := range extra {
					child(s.addProps, "additionalProperties", x[k], k)
				}
			}
			if u != nil {
				u.props = nil
			}
		}
		for _, d := range s.dependencies {
			if _, ok := x[d.name]; !ok {
				continue
			}
			if d.isList {
				for i, r := range d.required {
					if _, ok := x[r]; !ok {
						fail("dependencies", "dependencies/"+escapeToken(d.name)+"/"+strconv.Itoa(i), "property %q is required when %q is present", r, d.name)
					}
				}
				continue
			}
			inPlace(d.schema, "dependencies/"+escapeToken(d.name))
		}
		for _, d := range s.dependentRequired {
			if _, ok := x[d.name]; !ok {
				continue
			}
			for i, r := range d.required {
				if _, ok := x[r]; !ok {
					fail("dependentRequired", "dependentRequired/"+escapeToken(d.name)+"/"+strconv.Itoa(i), "property %q is required when %q is present", r, d.name)
				}
			}
		}
		for _, d := range s.dependentSchemas {
			if _, ok := x[d.name]; ok {
				inPlace(d.schema, "dependentSchemas/"+escapeToken(d.name))
			}
		}

	case []any:
		if s.minItems >= 0 && len(x) < s.minItems {
			fail("minItems", "minItems", "at least %d items are required, found %d", s.minItems, len(x))
		}
		if s.maxItems >= 0 && len(x) > s.maxItems {
			fail("maxItems", "maxItems", "at most %d items are allowed, found %d", s.maxItems, len(x))
		}
		if s.uniqueItems {
			if i, j, dup := firstDuplicate(x); dup {
				fail("uniqueItems", "uniqueItems", "the items at indexes %d and %d are equal", i, j)
			}
		}
		if s.hasItemList {
			for i, e := range x {
				if i < len(s.itemList) {
					if u != nil {
						delete(u.items, i)
					}
					child(s.itemList[i], "items/"+strconv.Itoa(i), e, strconv.Itoa(i))
				} else if s.addItems != nil {
					if u != nil {
						delete(u.items, i)
					}
					child(s.addItems, "additionalItems", e, strconv.Itoa(i))
				} else {
					break
				}
			}
			if s.addItemsBool != nil {
				if *s.addItemsBool {
					if u != nil {
						u.items = nil
					}
				} else if len(x) > len(s.itemList) {
					fail("additionalItems", "additionalItems", "at most %d items are allowed, found %d", len(s.itemList), len(x))
				}
			}
		} else if s.items != nil && s.draft < Draft2020 {
			for i, e := range x {
				child(s.items, "items", e, strconv.Itoa(i))
			}
			if u != nil {
				u.items = nil
			}
		}
		if s.draft >= Draft2020 {
			for i, e := range x {
				if i < len(s.prefixItems) {
					if u != nil {
						delete(u.items, i)
					}
					child(s.prefixItems[i], "prefixItems/"+strconv.Itoa(i), e, strconv.Itoa(i))
				} else if s.items != nil {
					if u != nil {
						delete(u.items, i)
					}
					child(s.items, "items", e, strconv.Itoa(i))
				} else {
					break
				}
			}
		}
		if s.contains != nil && (s.minContains >= 0 || s.maxContains >= 0) {
			n := len(vd.out)
			count := 0
			for i, e := range x {
				if child(s.contains, "contains", e, strconv.Itoa(i)) {
					count++
					if u != nil && s.draft >= Draft2020 {
						delete(u.items, i)
					}
				}
			}
			if s.minContains >= 0 && count < s.minContains {
				if len(vd.out) == n {
					fail("minContains", "minContains", "%d items are valid against contains, at least %d are required", count, s.minContains)
				}
			} else {
				vd.out = vd.out[:n]
			}
			if s.maxContains >= 0 && count > s.maxContains {
				fail("maxContains", "maxContains", "%d items are valid against contains, at most %d are allowed", count, s.maxContains)
			}
		}

	case string:
		if s.minLength >= 0 || s.maxLength >= 0 {
			n := utf8.RuneCountInString(x)
			if s.minLength >= 0 && n < s.minLength {
				fail("minLength", "minLength", "at least %d characters are required, found %d", s.minLength, n)
			}
			if s.maxLength >= 0 && n > s.maxLength {
				fail("maxLength", "maxLength", "at most %d characters are allowed, found %d", s.maxLength, n)
			}
		}
		if s.pattern != nil && !s.pattern.MatchString(x) {
			fail("pattern", "pattern", "does not match the pattern %s", strconv.Quote(s.pattern.String()))
		}

	default:
		if t == "number" {
			vd.numbers(s, v, fail)
		}
	}

	// references
	ref := func(t *Schema, kw string) {
		n := len(vd.out)
		if !inPlace(t, kw) && len(vd.out) == n && vd.err == nil {
			fail(kw, kw, "does not validate against %s", t.loc)
		}
	}
	if s.ref != nil {
		ref(s.ref, "$ref")
	}
	if s.recursiveRef != nil {
		t := s.recursiveRef
		if t.recursiveAnchor {
			for _, e := range vd.scope {
				if e.recursiveAnchor {
					t = e
					break
				}
			}
		}
		ref(t, "$recursiveRef")
	}
	if s.dynamicRef != nil {
		t := s.dynamicRef
		if s.dynamicName != "" && t.dynamicAnchor == s.dynamicName {
		outer:
			for _, e := range vd.scope {
				if d, ok := e.res.dynSchemas[s.dynamicName]; ok {
					t = d
					break outer
				}
			}
		}
		ref(t, "$dynamicRef")
	}
	if s.not != nil {
		n := len(vd.out)
		ok := inPlace(s.not, "not")
		vd.out = vd.out[:n]
		if ok && vd.err == nil {
			fail("not", "not", "the value must not be valid against the schema under not")
		}
	}
	for i, a := range s.allOf {
		inPlace(a, "allOf/"+strconv.Itoa(i))
	}
	if len(s.anyOf) > 0 {
		n := len(vd.out)
		any := false
		for i, a := range s.anyOf {
			if inPlace(a, "anyOf/"+strconv.Itoa(i)) {
				any = true
			}
		}
		if any {
			vd.out = vd.out[:n]
		}
	}
	if len(s.oneOf) > 0 {
		n := len(vd.out)
		first, second := -1, -1
		for i, a := range s.oneOf {
			if inPlace(a, "oneOf/"+strconv.Itoa(i)) {
				if first < 0 {
					first = i
				} else {
					second = i
					break
				}
			}
		}
		if first >= 0 {
			vd.out = vd.out[:n]
		}
		if second >= 0 {
			fail("oneOf", "oneOf", "the value is valid against more than one schema of oneOf (indexes %d and %d)", first, second)
		}
	}
	if s.ifS != nil {
		n := len(vd.out)
		ok := inPlace(s.ifS, "if")
		vd.out = vd.out[:n]
		if vd.err == nil {
			if ok && s.thenS != nil {
				inPlace(s.thenS, "then")
			} else if !ok && s.elseS != nil {
				inPlace(s.elseS, "else")
			}
		}
	}
	switch x := v.(type) {
	case map[string]any:
		if s.unevalProps != nil && u != nil {
			for _, k := range slices.Sorted(maps.Keys(x)) {
				if _, ok := u.props[k]; ok {
					child(s.unevalProps, "unevaluatedProperties", x[k], k)
				}
			}
			u.props = nil
		}
	case []any:
		if s.unevalItems != nil && u != nil {
			for i := range x {
				if _, ok := u.items[i]; ok {
					child(s.unevalItems, "unevaluatedItems", x[i], strconv.Itoa(i))
				}
			}
			u.items = nil
		}
	}
	return u
}

func (s *Schema) hasProperty(k string) bool {
	i := sort.Search(len(s.properties), func(i int) bool { return s.properties[i].name >= k })
	return i < len(s.properties) && s.properties[i].name == k
}

func typeMatches(types []string, t string, v any) bool {
	for _, want := range types {
		if want == t || want == "integer" && t == "number" && isInteger(v) {
			return true
		}
	}
	return false
}

func typeName(t string) string {
	switch t {
	case "null":
		return "null"
	case "array", "object", "integer":
		return "an " + t
	}
	return "a " + t
}

func article(t string, v any) string {
	switch t {
	case "null":
		return "null"
	case "number":
		if isInteger(v) {
			return "an integer"
		}
		return "a number"
	case "array", "object":
		return "an " + t
	}
	return "a " + t
}

// compact renders a small JSON value for a message (keys sorted, long
// texts cut).
func compact(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "?"
	}
	s := string(b)
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}
