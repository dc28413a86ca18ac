$version: "2"

// The traits of the alloy project (https://github.com/disneystreaming/alloy)
// that say how JSON not designed with Smithy encodes unions, nulls and
// extra fields. The smithyvalidate engine honors them; the shape IDs,
// selectors and definition properties are alloy's, so that a model written
// for smithy4s or smithy-translate means the same here. Loaded as fallback
// definitions: a model that defines these shapes itself keeps its own.

namespace alloy

/// On a union: the value is the chosen member's structure as an object,
/// plus a field of this name holding the member's wire name.
@trait(selector: "union", conflicts: [untagged])
string discriminated

/// On a union: the value is exactly the encoding of one member, with no
/// tag; it is valid when at least one member's shape accepts it.
@trait(selector: "union", conflicts: [discriminated])
structure untagged {}

/// On a member: the value may be null, also when the member is required.
@trait(selector: ":not([trait|trait])")
structure nullable {}

/// On a structure member targeting a map of documents: the structure
/// accepts fields it does not define, each checked against the map. On a
/// union member targeting a document (not in an untagged union): the union
/// accepts a member it does not define, checked as that document.
@trait(
    selector: ":is(structure > member :test(> map > member[id|member=value] > document), union:not([trait|alloy#untagged]) > member :test(> document))"
    structurallyExclusive: "member"
    conflicts: [jsonName]
)
structure jsonUnknown {}
