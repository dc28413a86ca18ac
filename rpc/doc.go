// Package rpc validates JSON-RPC 1.0 and 2.0 messages, batches and
// transcripts against Smithy services modeled with the smithy.rpc traits.
//
// # Traits
//
// The traits are Smithy IDL shipped in this package ([TraitsSource],
// [AddTraits]): @jsonRpc(versions: ["1.0", "2.0"]) on a service,
// @method(name, params: "named"|"positional"|"either", positional: [...],
// resultMember | nullResult: true) on operations and @rpcError(code,
// dataMember | noData: true) on error structures.
//
// An existing protocol (MCP, LSP) is modeled as it is with further members
// and one trait, each defaulting to the behaviour of a model without it:
// @jsonRpc(batches, nullIds, idReuse, optionalMethodPrefixes) ([Protocol];
// [Protocol.OptionalMethod]: unmodelled methods such as LSP's "$/" ones
// that a peer may send), @method(kind: "call" |
// "notification" | "either", from: "client" | "server" | "either")
// ([Method.Kind], [Method.From]), @cancels(idMember, response) on a
// notification method ([Method.Cancels]: a call it cancels need not, or
// must still, be answered) and @rpcError(reservedRange: true) for a code
// the protocol defines inside -32768..-32000 ([ErrorMapping.ReservedRange]).
// See ExampleMethod_Kind, ExampleProtocol_OptionalMethod and the README.
//
// # Preparing a service
//
// [Prepare] maps wire method names to operations, prepares the value
// engine's validators (package smithyvalidate) for inputs, result
// selections and error data, and fixes the JSON-RPC version and the
// profile (see [Option]). Params, results and error data name members on
// the wire by their @jsonName by default (see [PayloadOptions]); the
// value engine honors the alloy traits for JSON that was not designed
// with Smithy (alloy#discriminated, #untagged, #nullable, #jsonUnknown;
// add their definitions with smithyvalidate.AddAlloyTraits next to
// [AddTraits]). It rejects inconsistent mappings as a
// [*ModelError]; the version is never inferred ([ErrVersionRequired]). A
// [PreparedService] is read-only: prepare once, use it from many
// goroutines. [EnvelopeOnly] checks envelopes without a model.
//
// # Checking messages
//
//   - [PreparedService.ValidateMessage], [PreparedService.ValidateRequest]
//     and [PreparedService.ValidateResponse] (with a [ResponseContext]:
//     [BareResponse], [ForMethod], [ForRequest]) check one message or 2.0
//     batch;
//   - [PreparedService.ValidatePair] checks a request and its response;
//   - [PreparedService.NewExchange] streams a conversation ([Exchange.Feed],
//     [Exchange.FeedReply], [Exchange.FeedLine], [Exchange.Finish]), and
//     [PreparedService.ValidateTranscript] reads a JSON Lines transcript.
//
// Every check returns a [*Result]: the value engine's Valid, Complete and
// Findings (smithyvalidate.Finding, of class envelope, exchange, instance
// or limit, with codes listed in CODES.md and by [Codes]), the [Scope] of
// what could be checked, and one [MessageSummary] per message or batch
// element with its [Kind], id, method and the JSON-RPC error a conforming
// peer answers it with. Its JSON rendering is the `smithy validate-rpc
// --format json` output.
//
// # Decisions
//
//   - Ids correlate by exact JSON value ([RequestID]): 1 and 1.0 are the
//     same id (an advisory notes the spelling), 9007199254740993 is not
//     9007199254740992, "1" is not 1.
//   - Duplicate JSON keys are always reported, never resolved last-wins.
//   - Unknown envelope members are ignored unless [Extensions] says
//     otherwise; params' unknown members follow the engine's policy.
//   - Either peer may call in an exchange (1.0 is peer-to-peer; one 2.0
//     implementation may fill both roles); each peer's ids are separate.
//   - Nothing is claimed about transport, scheduling or silence: missing
//     responses are reported only for transcripts declared complete.
//
// # Layout
//
// traits.go and traits.smithy define the traits; prepare.go and payload.go
// prepare a service; protocol.go reads and checks the protocol-profile
// members, reuse.go applies idReuse and @cancels in exchanges; request.go, response.go and message.go hold the
// envelope rules of single messages and batches (a new JSON-RPC rule goes
// there, with its code in codes.go and CODES.md); exchange.go and
// transcript.go relate messages; lazy.go is the fast path of a transcript
// line (no tape for a line whose payload the value engine's one pass
// accepts; the same checks run on lazy views); result.go renders results.
package rpc
