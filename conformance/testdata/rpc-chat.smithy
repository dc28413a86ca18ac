$version: "2"

// The JSON-RPC 1.0 specification's examples (section 4): echo, and the
// chat whose server calls back into the client with notifications. One
// service describes the methods of both peers.
namespace example

use smithy.rpc#jsonRpc
use smithy.rpc#method

@jsonRpc(versions: ["1.0"])
service Chat {
    version: "1"
    operations: [Echo, PostMessage, HandleMessage, UserLeft]
}

@method(name: "echo", params: "positional", positional: ["text"], resultMember: "text")
operation Echo {
    input := {
        @required
        text: String
    }
    output := {
        @required
        text: String
    }
}

@method(name: "postMessage", params: "positional", positional: ["message"], resultMember: "status")
operation PostMessage {
    input := {
        @required
        @length(min: 1)
        message: String
    }
    output := {
        @required
        @range(min: 0, max: 1)
        status: Integer
    }
}

/// Sent by the server to the client.
@method(name: "handleMessage", params: "positional", positional: ["user", "message"], nullResult: true)
operation HandleMessage {
    input := {
        @required
        user: String

        @required
        message: String
    }
}

/// Sent by the server to the client.
@method(name: "userLeft", params: "positional", positional: ["user"], nullResult: true)
operation UserLeft {
    input := {
        @required
        user: String
    }
}
