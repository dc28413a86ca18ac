$version: "2"

// The smithy.rpc traits: how a Smithy service is served over JSON-RPC 1.0
// and 2.0. They are opt-in; the rpc Go module ships this file and the
// `smithy` command always loads it.
namespace smithy.rpc

/// Serves a service over JSON-RPC. `versions` lists the published protocol
/// versions the service supports, "1.0" and/or "2.0"; a version is never
/// inferred from a message.
@trait(selector: "service")
structure jsonRpc {
    /// The supported versions, each exactly "1.0" or "2.0", at least one,
    /// none twice.
    @required
    @length(min: 1)
    versions: JsonRpcVersionList

    /// Whether JSON-RPC 2.0 batches (arrays of requests) are accepted.
    /// Default true. With false a batch array is an invalid request
    /// (-32600), answered by one error object, and a response array is
    /// invalid too. Only meaningful for 2.0: JSON-RPC 1.0 has no batches,
    /// so a service that declares only 1.0 cannot set it.
    batches: Boolean

    /// What a JSON-RPC 2.0 call with a null id is: "advise" (the default:
    /// valid, an advisory) or "reject" (an invalid request, -32600). Only
    /// meaningful for 2.0: in 1.0 a null id marks a notification.
    nullIds: NullIdPolicy

    /// Whether a peer may use a call id again within one exchange:
    /// "allow" (the default: only a reuse while the first call is
    /// outstanding is reported, as ambiguous) or "reject" (any second use
    /// of an id by the same peer, also after the first call was answered,
    /// is an error, and an invalid request, -32600).
    idReuse: IdReusePolicy

    /// Method-name prefixes of optional methods: a message whose method
    /// begins with one of them and that the service does not model is
    /// allowed, unchecked (LSP's "$/": "protocol implementation dependent"
    /// messages that a peer is free to ignore). An unmodelled notification
    /// of such a name is no finding; an unmodelled call is valid too, and
    /// however it is answered (a result, or MethodNotFound -32601 from a
    /// peer that does not implement it) the answer is no finding. A method
    /// of such a name that the service models is checked as any other.
    /// Names beginning with "rpc." stay reserved: no prefix may begin with
    /// "rpc.".
    optionalMethodPrefixes: MethodPrefixList
}

@private
@uniqueItems
list MethodPrefixList {
    member: MethodPrefix
}

/// The beginning of method names, exact and case-sensitive.
@private
@length(min: 1)
string MethodPrefix

/// What a JSON-RPC 2.0 call with a null id is.
@private
enum NullIdPolicy {
    ADVISE = "advise"
    REJECT = "reject"
}

/// Whether a call id may be used twice in one exchange.
@private
enum IdReusePolicy {
    ALLOW = "allow"
    REJECT = "reject"
}

@private
@uniqueItems
list JsonRpcVersionList {
    member: JsonRpcVersion
}

/// A published JSON-RPC version.
@private
enum JsonRpcVersion {
    V1_0 = "1.0"
    V2_0 = "2.0"
}

/// Binds an operation to a JSON-RPC method.
///
/// Without `resultMember` or `nullResult`, the result is the whole output
/// structure. `resultMember` selects one output member: the result is that
/// member's value (scalar, array, object or null), checked against the
/// member's effective contract. `nullResult: true` says the result is
/// always null.
@trait(selector: "operation")
structure method {
    /// The wire method name, exact and case-sensitive. Names that begin
    /// with "rpc." are reserved by JSON-RPC 2.0 and cannot be used.
    @required
    @length(min: 1)
    name: String

    /// How parameters are passed: "named" (the default: params is an
    /// object), "positional" (an array) or "either". A "named" method has
    /// no JSON-RPC 1.0 mapping, because 1.0 params are always an array.
    params: ParamMode

    /// The input members in wire order: every member exactly once.
    /// Required when params is "positional" or "either"; not allowed
    /// with "named".
    positional: MemberNameList

    /// The output member whose value is the result. Cannot be combined
    /// with nullResult.
    resultMember: MemberName

    /// The result is always null. Cannot be combined with resultMember.
    nullResult: Boolean

    /// How the method is sent: "call" (always with an id, and answered),
    /// "notification" (never with an id, never answered) or "either" (the
    /// default). A notification method has no output, result selection or
    /// operation errors.
    kind: MethodKind

    /// The peer that sends the method: "client", "server" or "either"
    /// (the default). Checked where the sender is known (exchanges and
    /// transcripts); a method sent by the other peer is not one that the
    /// receiver provides (-32601).
    from: MethodSender
}

/// How a method is sent.
@private
enum MethodKind {
    CALL = "call"
    NOTIFICATION = "notification"
    EITHER = "either"
}

/// The peer that sends a method.
@private
enum MethodSender {
    CLIENT = "client"
    SERVER = "server"
    EITHER = "either"
}

/// Marks a notification method that cancels a call: the input member
/// `idMember` holds the id of a call that the notification's sender made
/// earlier. `response` says whether the cancelled call still has to be
/// answered: "optional" (the receiver need not answer it, as in MCP's
/// notifications/cancelled: a complete transcript does not report it
/// unanswered) or "required" (it is still answered, typically with an
/// error, as in LSP's $/cancelRequest).
@trait(selector: "operation [trait|smithy.rpc#method]")
structure cancels {
    /// The input member holding the cancelled call's id.
    @required
    idMember: MemberName

    /// Whether the cancelled call must still be answered.
    @required
    response: CancelResponse
}

/// Closes a structure: a value of it may have no field that names none of
/// its members. Such a field is an error (code unknown-member) whatever the
/// unknown-member policy, which decides only for the structures without
/// this trait (a warning by default). It is JSON Schema's
/// `additionalProperties: false` for one shape: `smithy openrpc` writes
/// that for a closed structure and `smithy import` reads it back as this
/// trait. The value engine (smithyvalidate) honors it in params, results,
/// error data and plain values alike. A closed structure has no
/// @alloy#jsonUnknown member, which would take the unknown fields.
@trait(selector: "structure :not(> member [trait|alloy#jsonUnknown])")
structure closed {}

/// Whether a cancelled call must still be answered.
@private
enum CancelResponse {
    OPTIONAL = "optional"
    REQUIRED = "required"
}

/// How a method takes its parameters.
@private
enum ParamMode {
    NAMED = "named"
    POSITIONAL = "positional"
    EITHER = "either"
}

@private
list MemberNameList {
    member: MemberName
}

@private
@length(min: 1)
string MemberName

/// Maps an error structure to a JSON-RPC application error code.
///
/// Without `dataMember` or `noData`, the error object's `data` is the
/// whole error structure. `dataMember` selects one member: `data` is that
/// member's value, checked against the member's effective contract.
/// `noData: true` says `data` is absent.
@trait(selector: "structure [trait|error]")
structure rpcError {
    /// The application error code: an integer outside the range that
    /// JSON-RPC reserves for itself (-32768 through -32000), unless
    /// reservedRange is true.
    @required
    code: Integer

    /// The code is inside -32768..-32000 and the protocol itself defines
    /// it (MCP's -32002, LSP's -32800..-32803): it is then checked like
    /// any application error, data included. Never allowed for the codes
    /// JSON-RPC defines (-32700, -32600..-32603).
    reservedRange: Boolean

    /// The member whose value is the error's data. Cannot be combined
    /// with noData.
    dataMember: MemberName

    /// The error has no data member. Cannot be combined with dataMember.
    noData: Boolean
}

/// The result of the rpc.discover system extension (prepared only when the
/// service is prepared with it): any JSON object, the service's OpenRPC
/// document.
@private
map DiscoverResult {
    key: String
    value: Document
}
