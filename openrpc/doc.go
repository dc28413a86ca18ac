// Package openrpc exports Smithy services modeled with the smithy.rpc
// traits as OpenRPC 1.3.2 documents with JSON Schema draft-07 schemas, and
// checks any OpenRPC document against the pinned OpenRPC metaschema
// 1.14.9.
//
// # Export
//
// [Convert] prepares the service with the rpc module ([rpc.Prepare]) and
// describes that prepared mapping: wire method names, paramStructure from
// the params mode (by-name, by-position, either), Content Descriptors in
// positional order (required before optional for named-only methods), the
// result selection (whole output, one member, null), application errors
// (@rpcError codes), @examples as Example Pairings, @tags, @deprecated.
// Nothing is derived a second time: the document says what the validator
// checks, with the payload policies of [Config] (naming, unknown members,
// nulls, timestamps, blobs) used for both.
//
// Schemas follow each member's effective contract: a member that applies
// its own constraint (@length, @range, @pattern, ...) gets the target's
// schema inline with its traits, which replace the target's; any other
// member refers to its target under #/components/schemas. Components are
// named by shape name (or the service's rename), and by namespace and
// name ("a.b.Name") where two shapes share a name. Numbers are written
// from their exact tokens: @range(max: 12345678901234567890) stays that
// number. Where the type itself bounds a value, the bound is the one the
// engine applies: a float's and a double's overflow limits (exclusive), an
// epoch-seconds timestamp's years 1 to 9999. The alloy traits
// (alloy#discriminated, alloy#untagged, alloy#nullable, alloy#jsonUnknown)
// are honored when the model has them; an untagged union is oneOf only
// when its members' schemas accept disjoint JSON types, else anyOf, the
// engine's "at least one member accepts it".
//
// Where a schema cannot say what the engine checks (a @pattern that RE2
// cannot compile, $ before a final line terminator, @idRef, an http-date's
// day, more positional params than descriptors), a [CodeLoss]
// [Diagnostic] says so, naming the member or shape that carries the
// constraint. The package's tests hold the schemas to the engine's verdict
// on generated values of every shape kind, except where such a loss is
// said.
//
// What OpenRPC cannot say is written as documented x-smithy-* fields
// (x-smithy-jsonrpc, x-smithy-errors, x-smithy-method; see README.md), or,
// with [ExtensionsOmit], reported as [Diagnostic]s of code [CodeLoss].
// OpenRPC describes JSON-RPC 2.0: a service that declares only 1.0 is
// [ErrNoVersion2].
//
// # Checks
//
// Every exported document passes [CheckDocument], the metaschema check,
// before Convert returns it; CheckDocument takes any document and returns
// [MetaFinding]s sorted by location, rendered from the locations and the
// document, never from the validator library's wording. [Checker] checks
// params and results against a document's descriptors with JSON Schema
// (and rpc.discover's result against the metaschema): a server can serve
// [Result.JSON] as its rpc.discover result.
package openrpc
