$version: "2"

// The calculator of the seed's "Method modeling" section, extended with
// the other methods of the JSON-RPC 2.0 specification's examples. Unit
// tests of package rpc load it with the smithy.rpc traits.
namespace example

use smithy.rpc#jsonRpc
use smithy.rpc#method
use smithy.rpc#rpcError

@jsonRpc(versions: ["1.0", "2.0"])
service Calculator {
    version: "1"
    operations: [Subtract, Sum, NotifyHello, GetData, Update, Divide, Ping]
    errors: [Overloaded]
}

/// A 2.0-only service with a named-only method.
@jsonRpc(versions: ["2.0"])
service Documents {
    version: "1"
    operations: [Describe, Subtract]
}

@method(name: "subtract", params: "either", positional: ["minuend", "subtrahend"], resultMember: "value")
operation Subtract {
    input: SubtractInput
    output: SubtractOutput
}

structure SubtractInput {
    @required
    minuend: Integer

    @required
    subtrahend: Integer
}

structure SubtractOutput {
    @required
    value: Integer
}

@method(name: "sum", params: "positional", positional: ["a", "b", "c"], resultMember: "total")
operation Sum {
    input := {
        @required
        a: Integer
        b: Integer
        c: Integer
    }
    output := {
        @required
        total: Integer
    }
}

@method(name: "notify_hello", params: "positional", positional: ["value"], nullResult: true)
operation NotifyHello {
    input := {
        @required
        value: Integer
    }
}

@method(name: "get_data", params: "either", positional: [], resultMember: "data")
operation GetData {
    output := {
        @required
        data: DataList
    }
}

list DataList {
    member: Document
}

@method(name: "update", params: "positional", positional: ["a", "b", "c", "d", "e"], nullResult: true)
operation Update {
    input := {
        a: Integer
        b: Integer
        c: Integer
        d: Integer
        e: Integer
    }
}

/// Divides; the result is the whole output structure.
@method(name: "divide", params: "either", positional: ["dividend", "divisor"])
operation Divide {
    input := {
        @required
        dividend: Integer

        @required
        @range(min: 1)
        divisor: Integer
    }
    output := {
        @required
        quotient: Integer

        remainder: Integer
    }
    errors: [DivisionError, Unmapped]
}

/// A member whose own trait narrows its target: the result must honour the
/// member's @range, not only the target's.
@method(name: "ping", params: "either", positional: [], resultMember: "pong")
operation Ping {
    output := {
        @required
        @range(min: 1, max: 9)
        pong: Small
    }
}

@range(min: 0, max: 100)
integer Small

@method(name: "describe", resultMember: "text")
operation Describe {
    input := {
        @jsonName("Topic")
        topic: String
    }
    output := {
        text: String
    }
}

@error("client")
@rpcError(code: 1001, dataMember: "detail")
structure DivisionError {
    @required
    message: String

    @required
    detail: ErrorDetail
}

structure ErrorDetail {
    @required
    @length(min: 1)
    reason: String
}

/// Data is the whole structure.
@error("server")
@rpcError(code: 2002)
structure Overloaded {
    @required
    retryAfter: Integer
}

/// An error without @rpcError has no JSON-RPC code.
@error("server")
structure Unmapped {}
