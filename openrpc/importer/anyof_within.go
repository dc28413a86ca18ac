package importer

import (
	"github.com/smithy-validation/go/core/node"
)

// The anyOf counterpart of lsp_within.go. A value is valid against
// anyOf when at least one branch accepts it, so a branch whose every value
// another branch accepts adds nothing: leaving it out changes no verdict,
// and the untagged union made of the rest has one member fewer to tie on a
// value (the engine's untagged union takes the first member that accepts
// a value; two that accept it are a tie). oneOf is not pruned: there a
// value that two branches accept is refused, which a union without one of
// them would accept. An export's anyOf (an untagged union whose members
// overlap) is not pruned either: its members are the model's own, which
// the round trip gives back.
//
// The relation is conservative (a branch it cannot prove within another
// stays) and bounded: the branches are compared pairwise, at most
// maxAnyOfPrune of them, each comparison a few steps (no recursion into
// properties or items).

// maxAnyOfPrune bounds the branches an anyOf is pruned over (pairwise).
const maxAnyOfPrune = 64

// annotationKeys are the keywords that say nothing about which values a
// schema accepts.
var annotationKeys = map[string]bool{
	"title": true, "description": true, "$comment": true, "examples": true, "default": true,
	"deprecated": true, "readOnly": true, "writeOnly": true, "$id": true, "$schema": true,
}

// pruneAnyOf returns the indexes (into branches) of the branches to keep,
// and reports each one left out with the branch that holds its values.
func (c *conv) pruneAnyOf(branches []node.Node, ptrs []string, index []int) []int {
	keep := make([]int, 0, len(branches))
	if len(branches) < 2 || len(branches) > maxAnyOfPrune || c.exported {
		for i := range branches {
			keep = append(keep, i)
		}
		return keep
	}
	for i, a := range branches {
		by := -1
		for j, b := range branches {
			if i == j || !c.anyOfWithin(a, ptrs[i], b, ptrs[j]) {
				continue
			}
			// Two branches that accept the same values: the first stays.
			if j < i || !c.anyOfWithin(b, ptrs[j], a, ptrs[i]) {
				by = j
				break
			}
		}
		if by < 0 {
			keep = append(keep, i)
			continue
		}
		c.diag(branches[i], ptrs[i], "anyOf", "every value of anyOf branch %d is a value of branch %d: left out, which changes no verdict (anyOf needs one branch to match)", index[i], index[by])
	}
	return keep
}

// anyOfWithin reports whether every value a accepts, b accepts (proven
// only for the cases below; false when unsure).
func (c *conv) anyOfWithin(a node.Node, aptr string, b node.Node, bptr string) bool {
	// b's references: followed only when b is nothing but one (a 2020-12
	// $ref's siblings restrict it further).
	for n := 0; n < 32 && onlyRef(b); n++ {
		t, p, ok := c.resolve(str(b, "$ref"))
		if !ok {
			return false
		}
		b, bptr = t, p
	}
	if acceptsAll(b) {
		return true
	}
	if sameSchema(a, b) {
		return true
	}
	// a's siblings of a $ref only narrow it: its target bounds its values.
	a, _ = c.deref(a, aptr)
	if sameSchema(a, b) {
		return true
	}
	// b is nothing but a type: a is within when every value a accepts has
	// one of b's types.
	bt, ok := onlyTypes(b)
	if !ok {
		return false
	}
	at, ok := valueTypes(a)
	if !ok {
		return false
	}
	for _, t := range at {
		if !bt[t] && !(t == "integer" && bt["number"]) {
			return false
		}
	}
	return true
}

// onlyRef reports whether s is a $ref and annotations.
func onlyRef(s node.Node) bool {
	if s.Kind() != node.Object || str(s, "$ref") == "" {
		return false
	}
	for _, f := range s.Fields() {
		if f.Key != "$ref" && !annotationKeys[f.Key] {
			return false
		}
	}
	return true
}

// acceptsAll reports whether s accepts every value: true, or an object of
// annotations only.
func acceptsAll(s node.Node) bool {
	switch s.Kind() {
	case node.Bool:
		return s.BoolValue()
	case node.Object:
		for _, f := range s.Fields() {
			if !annotationKeys[f.Key] {
				return false
			}
		}
		return true
	}
	return false
}

// sameSchema reports whether a and b are the same schema but for
// annotations (compared as written: keys in order, numbers as tokens).
func sameSchema(a, b node.Node) bool {
	if a.Kind() != node.Object || b.Kind() != node.Object {
		return a.Kind() == node.Bool && b.Kind() == node.Bool && a.BoolValue() == b.BoolValue()
	}
	return string(node.Marshal(withoutAnnotations(a))) == string(node.Marshal(withoutAnnotations(b)))
}

func withoutAnnotations(s node.Node) node.Node {
	var fs []node.Field
	for _, f := range s.Fields() {
		if !annotationKeys[f.Key] {
			fs = append(fs, f)
		}
	}
	return node.NewObject(fs...)
}

// onlyTypes returns the types of a schema that is a `type` and
// annotations.
func onlyTypes(s node.Node) (map[string]bool, bool) {
	if s.Kind() != node.Object {
		return nil, false
	}
	t, ok := get(s, "type")
	if !ok {
		return nil, false
	}
	for _, f := range s.Fields() {
		if f.Key != "type" && !annotationKeys[f.Key] {
			return nil, false
		}
	}
	out := map[string]bool{}
	switch t.Kind() {
	case node.String:
		out[t.StringValue()] = true
	case node.Array:
		for _, e := range t.Elems() {
			if e.Kind() != node.String {
				return nil, false
			}
			out[e.StringValue()] = true
		}
	default:
		return nil, false
	}
	return out, true
}

// valueTypes returns JSON types that hold every value s accepts: its
// `type`, else the types of its const or enum values.
func valueTypes(s node.Node) ([]string, bool) {
	if s.Kind() != node.Object {
		return nil, false
	}
	if t, ok := get(s, "type"); ok {
		switch t.Kind() {
		case node.String:
			return []string{t.StringValue()}, true
		case node.Array:
			var out []string
			for _, e := range t.Elems() {
				if e.Kind() != node.String {
					return nil, false
				}
				out = append(out, e.StringValue())
			}
			return out, len(out) > 0
		}
		return nil, false
	}
	var values []node.Node
	if v, ok := get(s, "const"); ok {
		values = []node.Node{v}
	} else if v, ok := get(s, "enum"); ok && v.Kind() == node.Array && v.Len() > 0 {
		values = v.Elems()
	} else {
		return nil, false
	}
	var out []string
	for _, v := range values {
		out = append(out, jsonType(v))
	}
	return out, true
}

// jsonType is the JSON Schema type of a value: "integer" for an integral
// number (also a "number").
func jsonType(v node.Node) string {
	switch v.Kind() {
	case node.Null:
		return "null"
	case node.Bool:
		return "boolean"
	case node.String:
		return "string"
	case node.Array:
		return "array"
	case node.Object:
		return "object"
	case node.Number:
		if isIntegralToken(v.NumberText()) {
			return "integer"
		}
		return "number"
	}
	return ""
}

// isIntegralToken reports whether a JSON number token has no fraction or
// exponent (a conservative "integer": 1.0 is left a number).
func isIntegralToken(t string) bool {
	for _, r := range t {
		if r == '.' || r == 'e' || r == 'E' {
			return false
		}
	}
	return t != ""
}
