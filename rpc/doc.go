// Package rpc validates JSON-RPC 1.0 and 2.0 messages, batches and transcripts
// against Smithy services modeled with the smithy.rpc traits.
package rpc
