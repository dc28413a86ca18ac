// Package importer turns API descriptions that already exist into Smithy
// IDL 2.0: an OpenRPC document ([OpenRPC]) becomes a service with the
// smithy.rpc traits (@jsonRpc, @method, @rpcError), and a JSON Schema
// document ([JSONSchema], drafts 7 and 2020-12) becomes shapes; the LSP
// meta model ([LSP]) and the Model Context Protocol's schema.json ([MCP],
// with an optional mapping file for what the schema leaves to prose)
// become whole services, each message with its kind and sender. JSON Schema
// constructs map to Smithy shapes and to the alloy traits the value engine
// honors (alloy#untagged, alloy#discriminated, alloy#nullable,
// alloy#jsonUnknown); see README.md for the full mapping table.
//
// The output is deterministic (the same document gives the same bytes)
// and formatted. Everything that Smithy cannot express (not,
// if/then/else, tuple items, multipleOf, ...) is a [Diagnostic] with the
// JSON Pointer and position of the keyword: never a silent drop, and the
// import still writes a model. Input that is not JSON, or not the kind of
// document asked for, is an [*InputError] with its position.
//
// The package reads JSON with core/node, which keeps number tokens exact
// and object keys in source order; it does not use a JSON Schema library
// (see README.md for why).
package importer
