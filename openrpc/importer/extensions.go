package importer

import (
	"strings"

	"github.com/smithy-validation/go/core/node"
)

// The x-smithy-* extensions that `smithy openrpc` writes say what OpenRPC
// cannot; the import reads each back, so that an export of a Smithy model
// imports to a model whose export is the same document (README.md "Round
// trip"). Every value is checked against the trait member it becomes: a
// value that does not fit is a diagnostic and left out, never a model
// that does not load.

// enumValues are the values of the smithy.rpc enumerations an extension
// carries.
var (
	jsonRPCVersions = []string{"1.0", "2.0"}
	nullIDPolicies  = []string{"advise", "reject"}
	idReusePolicies = []string{"allow", "reject"}
	methodKinds     = []string{"call", "notification", "either"}
	methodSenders   = []string{"client", "server", "either"}
	cancelResponses = []string{"optional", "required"}
)

func oneOf(v node.Node, values []string) bool {
	if v.Kind() != node.String {
		return false
	}
	for _, x := range values {
		if v.StringValue() == x {
			return true
		}
	}
	return false
}

// stringSet reports whether v is an array of distinct strings, each
// accepted by ok.
func stringSet(v node.Node, ok func(node.Node) bool) bool {
	if v.Kind() != node.Array {
		return false
	}
	seen := map[string]bool{}
	for _, e := range v.Elems() {
		if e.Kind() != node.String || !ok(e) || seen[e.StringValue()] {
			return false
		}
		seen[e.StringValue()] = true
	}
	return true
}

// smithyValue renders a JSON value as a Smithy IDL node value.
func smithyValue(n node.Node) string {
	switch n.Kind() {
	case node.String:
		return quote(n.StringValue())
	case node.Number:
		return n.NumberText()
	case node.Bool:
		if n.BoolValue() {
			return "true"
		}
		return "false"
	case node.Array:
		parts := make([]string, 0, n.Len())
		for _, e := range n.Elems() {
			parts = append(parts, smithyValue(e))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case node.Object:
		parts := make([]string, 0, n.Len())
		for _, f := range n.Fields() {
			parts = append(parts, quote(f.Key)+": "+smithyValue(f.Value))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return "null"
}

// jsonRPCTrait is the service's @jsonRpc: versions 2.0 (what an OpenRPC
// document describes), or what x-smithy-jsonrpc says: its versions (which
// must include 2.0) and the other members of the trait, in the order
// written.
func (c *conv) jsonRPCTrait() string {
	const plain = `@jsonRpc(versions: ["2.0"])`
	x, ok := get(c.root, "x-smithy-jsonrpc")
	if !ok {
		return plain
	}
	const ptr = "/x-smithy-jsonrpc"
	if x.Kind() != node.Object {
		c.diag(x, ptr, "x-smithy-jsonrpc", "x-smithy-jsonrpc must be an object; ignored")
		return plain
	}
	versions := `versions: ["2.0"]`
	var rest []string
	seen := map[string]bool{}
	for _, f := range x.Fields() {
		fptr := ptr + "/" + escapePointer(f.Key)
		if seen[f.Key] {
			c.diag(f.Value, fptr, f.Key, "x-smithy-jsonrpc gives %q twice; the first is kept", f.Key)
			continue
		}
		seen[f.Key] = true
		var valid bool
		switch f.Key {
		case "versions":
			has2 := false
			valid = stringSet(f.Value, func(e node.Node) bool {
				has2 = has2 || e.StringValue() == "2.0"
				return oneOf(e, jsonRPCVersions)
			}) && has2
		case "batches":
			valid = f.Value.Kind() == node.Bool
		case "nullIds":
			valid = oneOf(f.Value, nullIDPolicies)
		case "idReuse":
			valid = oneOf(f.Value, idReusePolicies)
		case "optionalMethodPrefixes":
			valid = stringSet(f.Value, func(e node.Node) bool { return e.StringValue() != "" })
		default:
			c.diag(f.Value, fptr, f.Key, "@jsonRpc has no member %q; ignored", f.Key)
			continue
		}
		if !valid {
			c.diag(f.Value, fptr, f.Key, "not a value of @jsonRpc's %s (versions must include \"2.0\", which the document describes); ignored", f.Key)
			continue
		}
		if f.Key == "versions" {
			versions = "versions: " + smithyValue(f.Value)
			continue
		}
		rest = append(rest, f.Key+": "+smithyValue(f.Value))
	}
	return "@jsonRpc(" + strings.Join(append([]string{versions}, rest...), ", ") + ")"
}

// methodExtension reads a method's x-smithy-method: the @method members
// OpenRPC has no field for (kind, from), returned as rendered fields in
// the order written, and the other smithy.rpc traits of the operation
// (@cancels), rendered; kind is the method's kind ("" when not given).
// inputs lists the operation's input member names, which @cancels's
// idMember must name.
func (c *conv) methodExtension(m node.Node, mptr string, inputs []string) (fields, traits []string, kind string) {
	x, ok := get(m, "x-smithy-method")
	if !ok {
		return nil, nil, ""
	}
	ptr := mptr + "/x-smithy-method"
	if x.Kind() != node.Object {
		c.diag(x, ptr, "x-smithy-method", "x-smithy-method must be an object; ignored")
		return nil, nil, ""
	}
	seen := map[string]bool{}
	for _, f := range x.Fields() {
		fptr := ptr + "/" + escapePointer(f.Key)
		if seen[f.Key] {
			c.diag(f.Value, fptr, f.Key, "x-smithy-method gives %q twice; the first is kept", f.Key)
			continue
		}
		seen[f.Key] = true
		switch f.Key {
		case "kind", "from":
			values := methodKinds
			if f.Key == "from" {
				values = methodSenders
			}
			if !oneOf(f.Value, values) {
				c.diag(f.Value, fptr, f.Key, "@method's %s is one of %s; ignored", f.Key, strings.Join(values, ", "))
				continue
			}
			if f.Key == "kind" {
				kind = f.Value.StringValue()
			}
			fields = append(fields, f.Key+": "+quote(f.Value.StringValue()))
		case "cancels":
			id, idOK := get(f.Value, "idMember")
			resp, respOK := get(f.Value, "response")
			named := false
			for _, in := range inputs {
				named = named || idOK && id.Kind() == node.String && id.StringValue() == in
			}
			if f.Value.Kind() != node.Object || f.Value.Len() != 2 || !named || !respOK || !oneOf(resp, cancelResponses) {
				c.diag(f.Value, fptr, f.Key, "@cancels is {idMember: an input member, response: optional or required}; ignored")
				continue
			}
			traits = append(traits, "@smithy.rpc#cancels(idMember: "+quote(id.StringValue())+", response: "+quote(resp.StringValue())+")")
		default:
			c.diag(f.Value, fptr, f.Key, "neither a member of @method nor a smithy.rpc trait of an operation: %q; ignored", f.Key)
		}
	}
	return fields, traits, kind
}
