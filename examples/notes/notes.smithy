$version: "2"

namespace example.notes

use smithy.rpc#jsonRpc
use smithy.rpc#method
use smithy.rpc#rpcError

/// A note-taking API over JSON-RPC 2.0: two methods and one error.
@jsonRpc(versions: ["2.0"])
service Notes {
    version: "1"
    operations: [AddNote, GetNote]
    errors: [NoteNotFound]
}

/// Stores a note and returns its id.
@method(name: "notes.add", resultMember: "id")
operation AddNote {
    input := {
        @required
        @length(min: 1, max: 1000)
        text: String

        tags: Tags
    }
    output := {
        @required
        id: NoteId
    }
}

/// Returns a note by id.
@method(name: "notes.get", params: "either", positional: ["id"])
operation GetNote {
    input := {
        @required
        id: NoteId
    }
    output := {
        @required
        id: NoteId

        @required
        text: String

        tags: Tags
    }
}

@pattern("^n[0-9]+$")
string NoteId

list Tags {
    member: String
}

/// No note has that id. The error object's `code` and `message` are not
/// data, and this error carries none: noData says so.
@error("client")
@rpcError(code: 404, noData: true)
structure NoteNotFound {}
