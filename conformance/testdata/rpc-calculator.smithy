$version: "2"

// The methods of the JSON-RPC 2.0 specification's examples (section 7),
// modeled as the seed's calculator. "foobar" and "foo.get" stay unmodeled:
// the specification uses them as methods that do not exist.
namespace example

use smithy.rpc#jsonRpc
use smithy.rpc#method

@jsonRpc(versions: ["2.0"])
service Calculator {
    version: "1"
    operations: [Subtract, Sum, NotifySum, NotifyHello, Update, GetData]
}

@method(name: "subtract", params: "either", positional: ["minuend", "subtrahend"], resultMember: "value")
operation Subtract {
    input := {
        @required
        minuend: Integer

        @required
        subtrahend: Integer
    }
    output := {
        @required
        value: Integer
    }
}

@method(name: "sum", params: "positional", positional: ["a", "b", "c"], resultMember: "total")
operation Sum {
    input: Addends
    output := {
        @required
        total: Integer
    }
}

@method(name: "notify_sum", params: "positional", positional: ["a", "b", "c"], nullResult: true)
operation NotifySum {
    input: Addends
}

structure Addends {
    @required
    a: Integer

    b: Integer

    c: Integer
}

@method(name: "notify_hello", params: "positional", positional: ["value"], nullResult: true)
operation NotifyHello {
    input := {
        @required
        value: Integer
    }
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

@method(name: "get_data", params: "either", positional: [], resultMember: "data")
operation GetData {
    output := {
        @required
        data: Data
    }
}

/// ["hello", 5]: any JSON values.
list Data {
    member: Document
}
