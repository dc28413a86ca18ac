module github.com/smithy-validation/go/consumers/openrpc

go 1.24

require github.com/smithy-validation/go/openrpc v0.1.0

// openrpc checks its output against the OpenRPC metaschema with this module,
// which the contract allows. A user's `go mod tidy` lists it here as indirect
// once openrpc imports it; listing it from the start makes the proven graph
// the same before and after that import.
require github.com/santhosh-tekuri/jsonschema/v5 v5.3.1 // indirect
