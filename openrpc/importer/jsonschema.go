package importer

import (
	"sort"

	"github.com/smithy-validation/go/core/node"
)

// JSONSchema imports a JSON Schema document (draft 7 "definitions" or
// 2020-12 "$defs"): one shape per definition, named after it, and one for
// the root schema when it constrains anything (named after its title, or
// "Root"). There is no service: the shapes are for validate-value and for
// hand-written operations.
func JSONSchema(data []byte, opts Options) (*Result, error) {
	ns, err := namespaceOf(opts)
	if err != nil {
		return nil, err
	}
	root, err := parse(data)
	if err != nil {
		return nil, err
	}
	c := newConv(root)
	c.expandAllOf = opts.expandAllOf
	var defs []node.Field
	var defsKey []string
	for _, key := range []string{"$defs", "definitions"} {
		if d, ok := root.Get(key); ok && d.Kind() == node.Object {
			for _, f := range d.Fields() {
				defs = append(defs, f)
				defsKey = append(defsKey, key)
			}
		}
	}
	// Definitions are converted in name order, so that the names handed out
	// to their inline parts do not depend on the order of the document.
	idx := make([]int, len(defs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return defs[idx[a]].Key < defs[idx[b]].Key })
	for _, i := range idx {
		f := defs[i]
		ptr := "/" + defsKey[i] + "/" + escapePointer(f.Key)
		if _, done := c.byPtr[ptr]; done {
			continue
		}
		ref := node.NewObject(node.Field{Key: "$ref", Value: node.NewString("#" + ptr).At(f.Value.Pos())}).At(f.Value.Pos())
		c.schema(ref, ptr, c.nameFor(ptr))
	}
	rest := false
	for _, f := range root.Fields() {
		switch f.Key {
		case "$schema", "$id", "$defs", "definitions", "title", "description", "$comment":
		default:
			rest = true
		}
	}
	if rest {
		name := pascal(str(root, "title"))
		if name == "" {
			name = "Root"
		}
		name = c.names.take(name)
		c.byPtr[""] = name
		c.define(name, root, "")
	}
	c.nameMixins()
	c.breakRecursion()
	c.dropUniqueItems()
	return &Result{IDL: writeIDL(ns, nil, c.shapes), Diagnostics: c.sorted()}, nil
}
