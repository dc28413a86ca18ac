$version: "2"

namespace example

use smithy.rpc#jsonRpc
use smithy.rpc#method
use smithy.rpc#rpcError

/// A calculator served over JSON-RPC 1.0 and 2.0 (the JSON-RPC 2.0
/// specification's examples).
@jsonRpc(versions: ["1.0", "2.0"])
service Calculator {
    version: "1"
    operations: [Subtract]
    errors: [CalculatorError]
}

/// Subtracts the subtrahend from the minuend.
@method(
    name: "subtract"
    params: "either"
    positional: ["minuend", "subtrahend"]
    resultMember: "value"
)
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

/// An application error whose `data` is the detail member.
@error("client")
@rpcError(code: 1001, dataMember: "detail")
structure CalculatorError {
    @required
    message: String

    detail: ErrorDetail
}

structure ErrorDetail {
    @required
    @length(min: 1)
    reason: String
}
