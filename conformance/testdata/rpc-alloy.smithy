$version: "2"

// A service whose payloads use the alloy traits, for the agreement of the
// value engine and the exported OpenRPC document (openrpc_alloy_test.go).
namespace example

use alloy#discriminated
use alloy#jsonUnknown
use alloy#nullable
use alloy#untagged
use smithy.rpc#jsonRpc
use smithy.rpc#method

@jsonRpc(versions: ["2.0"])
service Content { version: "1", operations: [Show] }

@method(name: "show", resultMember: "block")
operation Show {
    input := {
        @jsonName("_meta")
        meta: Meta
        @required
        content: Blocks
        @required
        @nullable
        cursor: String
        token: ProgressToken
        cursors: Cursors
        prev: Cursor
        kind: Kind
    }
    output := {
        @required
        block: ContentBlock
    }
}

structure Meta {
    progressToken: ProgressToken
    @jsonUnknown
    other: Extra
}

map Extra {
    key: String
    value: Document
}

@untagged
union ProgressToken {
    str: String
    num: Integer
}

list Blocks { member: ContentBlock }

@discriminated("type")
union ContentBlock {
    text: TextContent
    @jsonName("image/png")
    image: ImageContent
}

structure TextContent {
    @required
    text: String
}

structure ImageContent {
    @required
    data: String
    @required
    mimeType: String
}

list Cursors { member: Cursor }

/// Nullable where a member targets it (effective traits).
@nullable
string Cursor

/// An open union: a member it does not define is the document's.
union Kind {
    known: String
    @jsonUnknown
    other: Document
}
