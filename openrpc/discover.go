package openrpc

import (
	"github.com/smithy-validation/go/core/node"
)

// DiscoverResultRef is the schema of rpc.discover's result as the OpenRPC
// specification writes it: the OpenRPC metaschema, which this package
// vendors ([Metaschema]) and checks it against ([CheckDocument]). It is
// the one reference of an exported document outside the document.
const DiscoverResultRef = "https://raw.githubusercontent.com/open-rpc/meta-schema/master/schema.json"

// discoverMethod is the rpc.discover method of a service prepared with
// rpc.SystemExtension(rpc.Discover), as the OpenRPC specification's
// "Service Discovery Method" section writes it.
func discoverMethod() node.Node {
	return node.NewObject(
		node.Field{Key: "name", Value: str(DiscoverMethod)},
		node.Field{Key: "description", Value: str("Returns an OpenRPC schema as a description of this service")},
		node.Field{Key: "params", Value: node.NewArray()},
		node.Field{Key: "result", Value: node.NewObject(
			node.Field{Key: "name", Value: str("OpenRPC Schema")},
			node.Field{Key: "schema", Value: node.NewObject(node.Field{Key: "$ref", Value: str(DiscoverResultRef)})})})
}

// DiscoverResponse returns the JSON-RPC 2.0 response that answers an
// rpc.discover call with id (its exact JSON value) with the document:
// what a server that serves its description sends.
func (r *Result) DiscoverResponse(id node.Node) []byte {
	return append(node.Marshal(node.NewObject(
		node.Field{Key: "jsonrpc", Value: str("2.0")},
		node.Field{Key: "result", Value: r.Document},
		node.Field{Key: "id", Value: id})), '\n')
}
