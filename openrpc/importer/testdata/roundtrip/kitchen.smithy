$version: "2"

// Every construct the openrpc export writes, for the round trip
// (roundtrip_test.go TestConstructsRoundTrip): export(import(export(M)))
// must be export(M) byte for byte.
namespace test.kitchen

use alloy#discriminated
use alloy#jsonUnknown
use alloy#nullable
use alloy#untagged
use smithy.rpc#cancels
use smithy.rpc#jsonRpc
use smithy.rpc#method
use smithy.rpc#rpcError

/// A service with one of everything.
@title("The Kitchen")
@externalDocumentation("Kitchen manual": "https://example.com/kitchen")
@jsonRpc(versions: ["2.0"], batches: false, nullIds: "reject", idReuse: "reject", optionalMethodPrefixes: ["$/"])
service Kitchen {
    version: "2026-12"
    operations: [Store, Fetch, Announce, Abort, Ping, Sum]
    errors: [Busy]
}

/// Stores an item.
@method(name: "kitchen/store", params: "named", kind: "call", from: "client")
@tags(["write", "items"])
@externalDocumentation("Method specification": "https://example.com/kitchen/store")
@examples([
    {
        title: "store a box"
        documentation: "Stores a round box under k1 (a renamed param, nested unions)."
        input: {
            key: "k1"
            item: {
                kind: "box"
                size: 3
                shape: { type: "circle", radius: 1.5 }
                value: ["a", "b"]
                choice: { first: "x" }
                nested: { inner: {} }
                maybe: null
            }
            note: "fragile"
        }
        output: { stored: true, atEpoch: 1700000000 }
    }
    {
        title: "store without an answer"
        input: { key: "k2", item: { kind: "bag", value: { x: 4 }, shape: { type: "square", side: 2 } } }
    }
    {
        title: "an unknown key"
        input: { key: "k3", item: { kind: "bag" } }
        error: { shapeId: "test.kitchen#NotFound", content: { key: "k3" } }
    }
])
operation Store {
    input: StoreParams
    output: StoreResult
    errors: [NotFound, Invalid]
}

/// Fetches an item; the result is one member of the output.
@method(name: "kitchen.fetch", params: "either", positional: ["key", "depth"], resultMember: "item", from: "either")
@deprecated
@examples([
    { title: "found", input: { key: "k1", depth: 2 }, output: { item: { kind: "box" } } }
    { title: "not there", input: { key: "k9" }, output: { item: null } }
])
operation Fetch {
    input := {
        /// The key.
        @required
        key: Key

        @range(min: 0, max: 8)
        depth: Integer
    }
    output := {
        @nullable
        @required
        item: Item
    }
}

/// Announces something; never answered.
@method(name: "kitchen/announce", kind: "notification", from: "server")
@examples([{ title: "lunch", input: { message: "lunch is ready" } }])
operation Announce {
    input := {
        @required
        message: String
    }
}

/// Aborts a call.
@method(name: "$/abort", kind: "notification")
@cancels(idMember: "id", response: "optional")
operation Abort {
    input := {
        @required
        id: Document
    }
}

/// No params, a null result.
@method(name: "ping", params: "positional", positional: [], nullResult: true)
@examples([{ title: "ping" }])
operation Ping {}

/// Positional params only.
@method(name: "sum", params: "positional", positional: ["a", "b"])
@examples([{ title: "one and two", input: { a: 1, b: 2 }, output: { a: 3, b: 0 } }])
operation Sum {
    input: Pair
    output: Pair
}

/// Closed: a field that names no member is an error under every policy.
@smithy.rpc#closed
structure Pair {
    @required
    a: Long

    @required
    b: Long
}

structure StoreParams {
    @required
    @jsonName("item-key")
    key: Key

    @required
    item: Item

    /// Free text, one to 280 characters.
    @length(min: 1, max: 280)
    note: String

    @pattern("^[a-z]+$")
    @length(max: 12)
    label: Label

    tags: TagList

    /// A default a member takes when absent (written as the schema's default).
    @default("shelf")
    place: String

    @jsonUnknown
    extra: ExtraFields
}

/// The named params that name no member: a map of documents, as alloy's
/// jsonUnknown selector requires (validated_test.go TestFixturesValidate).
map ExtraFields {
    key: String
    value: Document
}

structure StoreResult {
    @required
    stored: Boolean

    at: Timestamp

    @timestampFormat("epoch-seconds")
    atEpoch: Timestamp

    @timestampFormat("http-date")
    atHttp: Timestamp
}

/// An item key.
@pattern("^k[0-9]+$")
string Key

@length(min: 1)
string Label

/// Everything an item holds.
structure Item {
    @required
    kind: Kind

    size: Size

    @range(min: 0)
    weight: Float

    ratio: Double

    @range(min: 0.5, max: 99.5)
    score: BigDecimal

    big: BigInteger

    small: Byte

    @range(min: -3)
    short: Short

    blob: Blob

    when: Stamp

    level: Level

    shape: Shape

    value: Value

    choice: Choice

    counts: Counts

    holes: Holes

    @nullable
    maybe: String

    @default(false)
    @deprecated
    fragile: Boolean

    any: Document

    nested: Nested

    coded: Coded

    defaults: Defaults

    @jsonUnknown
    rest: Rest
}

/// A @default of each kind of target, written as the schema's default
/// and read back with its exact token.
structure Defaults {
    @default(7)
    byte: Byte

    @default(-300)
    short: Short

    @default(3)
    integer: Integer

    @default(9007199254740993)
    long: Long

    @default(1.5)
    float: Float

    @default(2.50)
    double: Double

    @default(123456789012345678901234567890)
    bigInteger: BigInteger

    @default(0.10)
    bigDecimal: BigDecimal

    @default("bag")
    kind: Kind

    @default(2)
    level: Level

    @default([])
    holes: Holes

    @default({})
    counts: Counts

    @default("text")
    any: Document

    @default("")
    blob: Blob

    @default("1985-04-12T23:20:50.52Z")
    at: Timestamp

    @default(5)
    size: Size
}

map Rest {
    key: String
    value: Document
}

/// A nested, open structure.
structure Nested {
    inner: Nested

    @jsonUnknown
    more: Rest
}

enum Kind {
    BOX = "box"
    BAG = "bag"
}

intEnum Level {
    LOW = 1
    HIGH = 2
}

@range(min: 1, max: 100)
integer Size

@timestampFormat("date-time")
timestamp Stamp

@uniqueItems
@length(min: 1, max: 5)
list TagList {
    member: Label
}

@sparse
list Holes {
    member: Document
}

@length(max: 10)
map Counts {
    key: Key
    value: Integer
}

/// A discriminated union.
@discriminated("type")
union Shape {
    circle: Circle

    @jsonName("quad")
    square: Square
}

@smithy.rpc#closed
structure Circle {
    @required
    @jsonName("r")
    radius: Double
}

structure Square {
    @required
    side: Double
}

/// An untagged union of disjoint members.
@untagged
union Value {
    text: String
    flag: Boolean
    list: TagList
    point: Point
}

structure Point {
    @jsonName("x-pos")
    x: Integer
}

/// A key-tagged union.
union Choice {
    first: String
    second: Integer
}

/// The kitchen is busy.
@error("server")
@rpcError(code: -32001, reservedRange: true, noData: true)
structure Busy {}

/// No such item. The data is the structure.
@error("client")
@rpcError(code: 404)
structure NotFound {
    @required
    key: Key
}

/// An invalid item.
@error("client")
@rpcError(code: 422, dataMember: "detail")
structure Invalid {
    @required
    message: String

    detail: Detail
}

structure Detail {
    @required
    field: String
}

/// A member's own constraint on a shape that nothing else targets.
structure Coded {
    @length(max: 3)
    code: Code

    @length(min: 1)
    items: TagList

    @timestampFormat("epoch-seconds")
    stamp: Stamp
}

@pattern("^[A-Z]+$")
string Code
