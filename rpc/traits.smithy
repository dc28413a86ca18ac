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
    /// JSON-RPC reserves for itself (-32768 through -32000).
    @required
    code: Integer

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
