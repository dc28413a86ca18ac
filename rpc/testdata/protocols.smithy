$version: "2"

// Two small protocols in the shape of MCP and LSP, for the protocol
// profile traits (protocol_test.go): kinds, senders, cancellation,
// batches, null ids, id reuse, protocol-defined reserved codes.
namespace example.protocols

use smithy.rpc#cancels
use smithy.rpc#jsonRpc
use smithy.rpc#method
use smithy.rpc#rpcError

@jsonRpc(versions: ["2.0"], batches: false, nullIds: "reject", idReuse: "reject")
service Mcp {
    version: "2025-11-25"
    operations: [Initialize, Initialized, CallTool, Cancelled, ReadResource, CreateMessage]
    errors: [ResourceNotFound]
}

@method(name: "initialize", kind: "call", from: "client")
operation Initialize {
    input := {
        @required
        protocolVersion: String
    }
    output := {
        @required
        protocolVersion: String
    }
}

@method(name: "notifications/initialized", kind: "notification", from: "client")
operation Initialized {
    input := {}
}

@method(name: "tools/call", kind: "call", from: "client")
operation CallTool {
    input := {
        @required
        name: String
    }
    output := {
        isError: Boolean
    }
}

@method(name: "resources/read", kind: "call", from: "client")
operation ReadResource {
    input := {
        @required
        uri: String
    }
    output := {}
}

@method(name: "sampling/createMessage", kind: "call", from: "server")
operation CreateMessage {
    input := {}
    output := {}
}

@method(name: "notifications/cancelled", kind: "notification")
@cancels(idMember: "requestId", response: "optional")
operation Cancelled {
    input := {
        @required
        requestId: Document
        reason: String
    }
}

@error("client")
@rpcError(code: -32002, reservedRange: true, dataMember: "uri")
structure ResourceNotFound {
    @required
    uri: String
    message: String
}

// "$/" messages are implementation dependent: unmodelled ones are allowed.
@jsonRpc(versions: ["2.0"], optionalMethodPrefixes: ["$/"])
service Lsp {
    version: "3.17"
    operations: [Hover, CancelRequest, ShowMessage]
    errors: [RequestCancelled, ServerNotInitialized]
}

@method(name: "textDocument/hover", kind: "call", from: "client")
operation Hover {
    input := {
        @required
        uri: String
    }
    output := {
        contents: String
    }
}

@method(name: "$/cancelRequest", kind: "notification", params: "either", positional: ["id"])
@cancels(idMember: "id", response: "required")
operation CancelRequest {
    input := {
        @required
        id: Document
    }
}

@method(name: "window/showMessage", kind: "notification", from: "server")
operation ShowMessage {
    input := {
        @required
        message: String
    }
}

// -32800 is below the reserved range: a plain application code.
@error("client")
@rpcError(code: -32800, noData: true)
structure RequestCancelled {}

@error("client")
@rpcError(code: -32002, reservedRange: true, noData: true)
structure ServerNotInitialized {}
