package importer_test

import (
	"fmt"
	"strings"

	"github.com/smithy-validation/go/openrpc/importer"
)

// The MCP mode: the messages of the sender unions become operations with
// their kind and sender, a request's result is the definition named like
// it, and the mapping adds what the schema says only in prose.
func ExampleMCP() {
	schema := `{"$defs":{
	  "PingRequest": {"properties": {"id": {"type": "integer"}, "method": {"const": "ping"}}},
	  "ReadRequest": {"properties": {"id": {"type": "integer"}, "method": {"const": "read"},
	                  "params": {"type": "object", "properties": {"uri": {"type": "string"}}, "required": ["uri"]}}},
	  "ReadResult": {"type": "object", "properties": {"text": {"type": "string"}}},
	  "EmptyResult": {"type": "object", "properties": {"_meta": {"type": "object"}}},
	  "ClientRequest": {"anyOf": [{"$ref": "#/$defs/PingRequest"}, {"$ref": "#/$defs/ReadRequest"}]},
	  "ServerRequest": {"anyOf": [{"$ref": "#/$defs/PingRequest"}]}}}`
	mapping := `{"errors": [{"name": "NotFound", "code": -32002, "methods": ["read"],
	  "why": "the specification's resources page shows it"}]}`
	res, err := importer.MCP([]byte(schema), importer.Options{Namespace: "mini", Mapping: []byte(mapping)})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range strings.Split(string(res.IDL), "\n") {
		if strings.HasPrefix(line, "@method") || strings.HasPrefix(line, "@rpcError") || strings.HasPrefix(line, "    errors:") {
			fmt.Println(line)
		}
	}
	// Output:
	// @method(name: "ping", kind: "call", from: "either")
	// @method(name: "read", kind: "call", from: "client")
	//     errors: [NotFound]
	// @rpcError(code: -32002, dataMember: "data", reservedRange: true)
}
