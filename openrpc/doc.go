// Package openrpc exports Smithy services modeled with the smithy.rpc traits
// as OpenRPC 1.3.2 documents with JSON Schema draft-07 schemas.
//
// The exporter arrives with its own issue; this module holds only its
// package documentation until then.
package openrpc
