// The smithy.api prelude: the shapes and trait definitions that every
// Smithy model can use. Shapes not marked @private can be referred to
// with a relative shape ID from any namespace.
//
// Written for this project from the Smithy 2.0 specification; the shapes,
// selectors and constraints follow the reference implementation's prelude
// (core/prelude/prelude_test.go compares the two).
$version: "2.0"

namespace smithy.api

string String

blob Blob

bigInteger BigInteger

bigDecimal BigDecimal

timestamp Timestamp

document Document

boolean Boolean

byte Byte

short Short

integer Integer

long Long

float Float

double Double

@default(false)
boolean PrimitiveBoolean

@default(0)
byte PrimitiveByte

@default(0)
short PrimitiveShort

@default(0)
integer PrimitiveInteger

@default(0)
long PrimitiveLong

@default(0)
float PrimitiveFloat

@default(0)
double PrimitiveDouble

@unitType
structure Unit {}

/// Marks a shape as a trait definition.
@trait(
    selector: ":is(simpleType, list, map, structure, union)"
    breakingChanges: [
        {
            change: "presence"
        }
        {
            path: "/structurallyExclusive"
            change: "any"
        }
        {
            path: "/conflicts"
            change: "update"
            severity: "NOTE"
            message: "Adding more conflicts to a trait could cause previously written models to fail validation."
        }
    ]
)
structure trait {
    /// Selector of the shapes the trait can be applied to; every shape by default.
    selector: String

    /// Whether only one member of a structure, or only one member targeting a shape, may carry the trait.
    structurallyExclusive: StructurallyExclusive

    /// Traits that may not be applied together with this trait.
    conflicts: NonEmptyStringList

    /// Changes to the trait that break compatibility.
    breakingChanges: TraitDiffRules
}

@private
@length(min: 1)
list TraitDiffRules {
    member: TraitDiffRule
}

@private
structure TraitDiffRule {
    /// JSON pointer to the part of the trait value the rule is about; the whole value when not set.
    path: String

    /// The kind of change the rule is about.
    @required
    change: TraitChangeType

    /// How serious a matching change is.
    severity: Severity = "ERROR"

    /// Explains why the change is breaking.
    message: String
}

@private
enum TraitChangeType {
    /// The value changed.
    UPDATE = "update"

    /// The value was added.
    ADD = "add"

    /// The value was removed.
    REMOVE = "remove"

    /// The value was added or removed.
    PRESENCE = "presence"

    /// Any change at all.
    ANY = "any"
}

@private
enum Severity {
    /// Informational.
    NOTE

    /// Possibly a problem.
    WARNING

    /// Likely a problem; can be suppressed.
    DANGER

    /// A problem; cannot be suppressed.
    ERROR
}

@private
enum StructurallyExclusive {
    /// Only one member of the structure may have the trait.
    MEMBER = "member"

    /// Only one member of the structure may target a shape that has the trait.
    TARGET = "target"
}

/// Marks a shape or member as deprecated.
@trait
structure deprecated {
    /// What to use instead, or why it is deprecated.
    message: String

    /// When it was deprecated (a date or a version).
    since: String
}

/// Smithy 1.0 only: the shape or member may be null. Replaced by the default trait in 2.0.
@trait(
    selector: """
        :test(boolean, byte, short, integer, long, float, double,
        member > :test(boolean, byte, short, integer, long, float, double))"""
)
structure box {}

/// Documentation in CommonMark.
@trait
string documentation

/// Links to documentation outside of the model, keyed by a name.
@trait
@length(min: 1)
map externalDocumentation {
    key: NonEmptyString
    value: NonEmptyString
}

/// Auth schemes that an operation or service supports, in order of preference.
@trait(selector: ":is(service, operation)")
@uniqueItems
list auth {
    member: AuthTraitReference
}

/// The shape ID of an auth scheme trait.
@idRef(selector: "[trait|authDefinition]")
@private
string AuthTraitReference

/// Marks a trait as a protocol definition trait.
@trait(
    selector: "structure[trait|trait]"
    breakingChanges: [
        {
            change: "presence"
        }
    ]
)
structure protocolDefinition {
    /// Traits that a protocol supports and that its implementations must honour.
    traits: TraitShapeIdList

    /// Set when the protocol cannot serialize inline document values.
    @deprecated(message: "Use the `@traitValidators` trait instead")
    noInlineDocumentSupport: Boolean
}

@private
list TraitShapeIdList {
    member: TraitShapeId
}

@private
@idRef(failWhenMissing: true, selector: "[trait|trait]")
string TraitShapeId

/// Marks a trait as an auth scheme definition trait.
@trait(
    selector: "structure[trait|trait]"
    breakingChanges: [
        {
            change: "presence"
        }
    ]
)
structure authDefinition {
    /// Traits that the auth scheme uses.
    traits: TraitShapeIdList
}

/// HTTP Basic authentication (RFC 2617).
@trait(
    selector: "service"
    breakingChanges: [
        {
            change: "remove"
        }
    ]
)
@authDefinition
@externalDocumentation("RFC 2617": "https://tools.ietf.org/html/rfc2617.html")
structure httpBasicAuth {}

/// HTTP Digest authentication (RFC 2617).
@trait(
    selector: "service"
    breakingChanges: [
        {
            change: "remove"
        }
    ]
)
@authDefinition
@externalDocumentation("RFC 2617": "https://tools.ietf.org/html/rfc2617.html")
structure httpDigestAuth {}

/// HTTP Bearer authentication (RFC 6750).
@trait(
    selector: "service"
    breakingChanges: [
        {
            change: "remove"
        }
    ]
)
@authDefinition
@externalDocumentation("RFC 6750": "https://tools.ietf.org/html/rfc6750.html")
structure httpBearerAuth {}

/// Authentication with an API key sent in a header or a query parameter.
@trait(
    selector: "service"
    breakingChanges: [
        {
            change: "remove"
        }
    ]
)
@authDefinition
structure httpApiKeyAuth {
    /// Name of the header or query parameter that holds the key.
    @required
    name: NonEmptyString

    /// Where the key is sent.
    @required
    in: HttpApiKeyLocations

    /// Scheme put in front of the key in the Authorization header; only with in = header.
    scheme: NonEmptyString
}

/// Selector-based rules that shapes carrying the trait must follow, keyed by event ID suffix.
@trait(selector: "[trait|trait]")
map traitValidators {
    /// Suffix appended to the event ID of the trait's validation events.
    @length(min: 1)
    key: String

    /// The rule.
    value: TraitValidator
}

@private
structure TraitValidator {
    /// Selector evaluated from the shape with the trait; each match emits an event.
    @required
    selector: String

    /// Message of the emitted events.
    message: String

    /// Severity of the emitted events.
    severity: Severity = "ERROR"
}

/// Shared, model-wide information, given by the `metadata` keys of a model.
@trait(selector: "dataType :not([trait|input]) :not([trait|output])")
structure metadata {
    /// Lists shapes that are part of the model even though nothing refers to them.
    @required
    @length(min: 1)
    key: String
}

/// A list of shape closures.
@private
@metadata(key: "shapeClosures")
list ShapeClosures {
    member: ShapeClosure
}

/// A set of shapes selected by a root shape and its closure.
@private
structure ShapeClosure {
    /// Identifier of the closure.
    @required
    id: ClosureId

    /// Namespaces whose shapes are added to the closure.
    includeNamespaces: Namespaces = []

    /// Selector whose matches are added to the closure.
    @length(min: 1)
    includeBySelector: String

    /// Shapes renamed in the closure.
    rename: Renames = {}

    /// Documentation of the closure.
    documentation: CommonMark
}

/// Identifier of a shape closure.
@private
@idRef(failWhenMissing: false)
string ClosureId

/// A list of namespaces.
@private
@uniqueItems
list Namespaces {
    member: String
}

/// Maps shape IDs to new names.
@private
map Renames {
    /// The shape to rename.
    @idRef(
        failWhenMissing: true
        selector: ":not(:is(member, service, resource, operation))"
        errorMessage: """
            Renames must target shapes that are in the model and must not target \
            services, resources, operations, or members."""
    )
    key: String

    /// Its new name.
    value: Identifier
}

/// CommonMark text.
@private
@externalDocumentation("CommonMark Specification": "https://commonmark.org/")
@mediaType("text/markdown; charset=UTF-8; variant=CommonMark")
string CommonMark

/// A Smithy identifier.
@private
@pattern("^(_+[a-zA-Z0-9]|[a-zA-Z])\\w*$")
string Identifier

/// The default value of a shape or member.
@trait(selector: ":is(simpleType, list, map, structure > member :test(> :is(simpleType, list, map)))")
document default

/// Marks a default value as added after the member was first released.
@trait(
    selector: "structure > member [trait|default]"
    breakingChanges: [
        {
            change: "remove"
        }
    ]
)
structure addedDefault {}

/// Clients treat the member as optional even when it is required or has a default.
@trait(selector: "structure > member")
structure clientOptional {}

@private
enum HttpApiKeyLocations {
    HEADER = "header"
    QUERY = "query"
}

/// The operation may be called without authentication.
@trait(
    selector: "operation"
    breakingChanges: [
        {
            change: "remove"
        }
    ]
)
structure optionalAuth {}

/// Example inputs and outputs of an operation.
@trait(selector: "operation")
list examples {
    member: Example
}

@private
structure Example {
    @required
    title: String

    documentation: String

    input: Document

    output: Document

    error: ExampleError

    allowConstraintErrors: Boolean
}

@private
structure ExampleError {
    @idRef(selector: "structure[trait|error]")
    shapeId: String

    content: Document
}

/// Marks a structure as an error, and says whose fault it is.
@trait(
    selector: "structure"
    conflicts: [trait]
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
enum error {
    CLIENT = "client"
    SERVER = "server"
}

/// The error can be retried.
@trait(
    selector: "structure[trait|error]"
    breakingChanges: [
        {
            change: "remove"
        }
    ]
)
structure retryable {
    /// The error is caused by throttling.
    throttling: Boolean
}

/// The operation has no side effects.
@trait(
    selector: "operation"
    conflicts: [idempotent]
    breakingChanges: [
        {
            change: "remove"
        }
    ]
)
structure readonly {}

/// Calling the operation more than once has the same effect as calling it once.
@trait(
    selector: "operation"
    conflicts: [readonly]
    breakingChanges: [
        {
            change: "remove"
        }
    ]
)
structure idempotent {
    /// Errors that idempotent callers may see when the resource already exists.
    exists: IdempotentErrors

    /// Errors that idempotent callers may see when the resource does not exist.
    notFound: IdempotentErrors
}

@private
list IdempotentErrors {
    @idRef(selector: "[trait|error]")
    member: String
}

/// The member is an idempotency token that clients fill in when it is not given.
@trait(
    selector: "structure > :test(member > string)"
    structurallyExclusive: "member"
    breakingChanges: [
        {
            change: "remove"
        }
    ]
)
@notProperty
structure idempotencyToken {}

/// The shape is meant for internal use and is not part of the public interface.
@trait(
    breakingChanges: [
        {
            change: "remove"
            severity: "WARNING"
            message: "Removing the @internal trait makes a shape externally visible."
        }
    ]
)
structure internal {}

/// Name of the member in JSON documents.
@trait(
    selector: ":is(structure, union) > member"
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
string jsonName

/// The member is serialized as an XML attribute.
@trait(
    selector: "structure > :test(member > :test(boolean, number, string, timestamp))"
    conflicts: [xmlNamespace]
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
structure xmlAttribute {}

/// The list or map is serialized without a wrapping element.
@trait(
    selector: ":is(structure, union) > :test(member > :test(list, map))"
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
structure xmlFlattened {}

/// Name of the XML element or attribute.
@trait(
    selector: ":is(structure, union, member)"
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
@pattern("^[a-zA-Z_][a-zA-Z_0-9-]*(:[a-zA-Z_][a-zA-Z_0-9-]*)?$")
string xmlName

/// The XML namespace of the shape.
@trait(
    selector: ":is(service, member, simpleType, list, map, structure, union)"
    conflicts: [xmlAttribute]
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
structure xmlNamespace {
    /// The namespace URI.
    @required
    uri: NonEmptyString

    /// The namespace prefix.
    @pattern("^[a-zA-Z_][a-zA-Z_0-9-]*$")
    prefix: NonEmptyString
}

@private
@length(min: 1)
string NonEmptyString

/// The put operation of the resource cannot replace an existing resource.
@trait(selector: "resource:test(-[put]->)")
structure noReplace {}

/// The media type of a blob or string.
@trait(
    selector: ":is(blob, string)"
    breakingChanges: [
        {
            change: "remove"
        }
    ]
)
string mediaType

/// References from a structure or string to resources.
@trait(selector: ":is(structure, string)")
list references {
    member: Reference
}

@private
structure Reference {
    /// The referenced resource.
    @required
    resource: NonEmptyString

    /// Maps identifier names of the resource to member names of the structure.
    ids: NonEmptyStringMap

    /// The service that holds the resource, when not the current one.
    service: NonEmptyString

    /// Relation of the reference, as in a link relation.
    rel: NonEmptyString
}

@private
map NonEmptyStringMap {
    key: NonEmptyString
    value: NonEmptyString
}

/// Binds the member to a resource identifier of another name.
@trait(
    selector: "structure > :test(member[trait|required] > string)"
    breakingChanges: [
        {
            change: "remove"
        }
    ]
)
@length(min: 1)
@notProperty
string resourceIdentifier

/// Only shapes of the same namespace may refer to the shape.
@trait
structure private {}

/// Values of the shape are sensitive and must be handled with care.
@trait(selector: ":not(:test(service, operation, resource, member))")
structure sensitive {}

/// The version or date in which the shape was added.
@trait
string since

/// The data is streamed.
@trait(
    selector: ":is(blob, union)"
    structurallyExclusive: "target"
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
structure streaming {}

/// The size of the stream must be known before it is sent.
@trait(
    selector: "blob[trait|streaming]"
    breakingChanges: [
        {
            change: "presence"
        }
    ]
)
structure requiresLength {}

/// Calls to the operation may wait for a long time before returning.
@trait(selector: "operation")
@unstable
structure longPoll {
    /// How long, in milliseconds, a call may wait.
    @required
    @range(min: 1)
    timeoutMillis: Integer
}

/// Tags for grouping and filtering shapes.
@trait
list tags {
    member: String
}

/// A human-readable name of a service or resource.
@trait
string title

/// Smithy 1.0 enum constants of a string shape.
@trait(
    selector: "string :not(enum)"
    breakingChanges: [
        {
            change: "presence"
        }
    ]
)
@length(min: 1)
@deprecated(message: "The enum trait is replaced by the enum shape in Smithy 2.0", since: "2.0")
list enum {
    member: EnumDefinition
}

/// One enum constant.
@private
structure EnumDefinition {
    /// The value of the constant.
    @required
    value: NonEmptyString

    /// The name used in code for the constant.
    name: EnumConstantBodyName

    /// Documentation of the constant.
    documentation: String

    /// Tags of the constant.
    tags: NonEmptyStringList

    /// Whether the constant is deprecated.
    deprecated: Boolean
}

/// The name of an enum constant.
@private
@pattern("^[a-zA-Z_]+[a-zA-Z_0-9]*$")
string EnumConstantBodyName

/// The value of an enum or intEnum member.
@trait(selector: ":is(enum, intEnum) > member")
@tags(["diff.error.const"])
document enumValue

/// Limits the length of a value (characters, bytes, elements or entries).
@trait(selector: ":test(list, map, string, blob, member > :is(list, map, string, blob))")
structure length {
    /// The smallest allowed length, inclusive.
    min: Long

    /// The largest allowed length, inclusive.
    max: Long
}

/// Limits the value of a number.
@trait(selector: ":test(number, member > number)")
structure range {
    /// The smallest allowed value, inclusive.
    min: BigDecimal

    /// The largest allowed value, inclusive.
    max: BigDecimal
}

/// A regular expression (ECMA 262) that string values must match.
@trait(
    selector: ":test(string, member > string)"
    breakingChanges: [
        {
            change: "add"
            severity: "WARNING"
            message: "The @pattern trait should only be added if the string already had adhered to the pattern."
        }
        {
            change: "update"
            severity: "NOTE"
            message: "Changes to the @pattern trait should generally make the string more permissive, not less."
        }
    ]
)
string pattern

/// The member must be set.
@trait(selector: "structure > member")
structure required {}

/// Binds the member to a resource property.
@trait(
    selector: "structure > member"
    conflicts: [resourceIdentifier]
    breakingChanges: [
        {
            change: "remove"
        }
        {
            change: "update"
        }
    ]
)
structure property {
    name: String
}

/// The member is not bound to a resource property.
@trait(
    selector: ":is(operation -[input, output]-> structure > member, [trait|trait])"
    breakingChanges: [
        {
            change: "add"
        }
    ]
)
@notProperty
structure notProperty {}

/// The member holds the resource's properties.
@trait(
    selector: "operation -[input, output]-> structure > member :test(> structure)"
    structurallyExclusive: "member"
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
@notProperty
structure nestedProperties {}

/// The member should be set.
@trait(
    selector: "structure > member"
    conflicts: [required]
)
structure recommended {
    /// Why the member should be set.
    reason: String
}

/// The list or map may hold null values.
@trait(
    selector: ":is(list, map)"
    breakingChanges: [
        {
            change: "presence"
        }
    ]
)
structure sparse {}

/// The elements of the list are unique.
@trait(
    selector: "list :not(> member ~> :is(float, double, document))"
    conflicts: [sparse]
    breakingChanges: [
        {
            change: "presence"
            severity: "WARNING"
        }
    ]
)
structure uniqueItems {}

/// The shape may change in incompatible ways.
@trait
structure unstable {}

/// The operation returns its results in pages.
@trait(
    selector: ":is(service, operation)"
    breakingChanges: [
        {
            change: "remove"
        }
        {
            path: "/inputToken"
            change: "update"
        }
        {
            path: "/outputToken"
            change: "update"
        }
        {
            path: "/items"
            change: "remove"
        }
        {
            path: "/items"
            change: "add"
            severity: "NOTE"
        }
        {
            path: "/items"
            change: "update"
            severity: "NOTE"
        }
        {
            path: "/pageSize"
            change: "update"
        }
        {
            path: "/pageSize"
            change: "remove"
        }
    ]
)
structure paginated {
    /// Input member holding the token of the page to get.
    inputToken: NonEmptyString

    /// Output member holding the token of the next page.
    outputToken: NonEmptyString

    /// Output member holding the items of the page.
    items: NonEmptyString

    /// Input member holding the largest number of items a page may hold.
    pageSize: NonEmptyString
}

/// Binds the operation to an HTTP method and URI.
@trait(
    selector: "operation"
    breakingChanges: [
        {
            change: "remove"
        }
        {
            path: "/method"
            change: "update"
        }
        {
            path: "/uri"
            change: "update"
        }
        {
            path: "/code"
            change: "update"
        }
        {
            path: "/code"
            change: "presence"
            severity: "DANGER"
            message: "Adding or removing is backward compatible only if the value is the default value of 200"
        }
    ]
)
structure http {
    /// The HTTP method.
    @required
    method: NonEmptyString

    /// The URI pattern, with labels in braces.
    @required
    uri: NonEmptyString

    @range(min: 100, max: 999)
    code: Integer = 200
}

/// Binds the member to a label of the URI pattern.
@trait(
    selector: "structure > member[trait|required] :test(> :test(string, number, boolean, timestamp))"
    conflicts: [httpHeader, httpQuery, httpPrefixHeaders, httpPayload, httpResponseCode, httpQueryParams]
    breakingChanges: [
        {
            change: "presence"
        }
    ]
)
structure httpLabel {}

/// Binds the member to a query string parameter.
@trait(
    selector: """
        structure > member
        :test(> :test(string, number, boolean, timestamp),
        > list > member > :test(string, number, boolean, timestamp))"""
    conflicts: [httpLabel, httpHeader, httpPrefixHeaders, httpPayload, httpResponseCode, httpQueryParams]
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
@length(min: 1)
string httpQuery

/// Binds a map member to the query string parameters not bound otherwise.
@trait(
    selector: """
        structure > member
        :test(> map > member[id|member=value] > :test(string, list > member > string))"""
    structurallyExclusive: "member"
    conflicts: [httpLabel, httpQuery, httpHeader, httpPayload, httpResponseCode, httpPrefixHeaders]
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
structure httpQueryParams {}

/// Binds the member to an HTTP header.
@trait(
    selector: """
        structure > :test(member > :test(boolean, number, string, timestamp,
        list > member > :test(boolean, number, string, timestamp)))"""
    conflicts: [httpLabel, httpQuery, httpPrefixHeaders, httpPayload, httpResponseCode, httpQueryParams]
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
@length(min: 1)
string httpHeader

/// Binds a map member to the HTTP headers whose names start with a prefix.
@trait(
    selector: """
        structure > member
        :test(> map :not([trait|sparse]) > member[id|member=value] > string)"""
    structurallyExclusive: "member"
    conflicts: [httpLabel, httpQuery, httpHeader, httpPayload, httpResponseCode, httpQueryParams]
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
string httpPrefixHeaders

/// Binds the member to the HTTP message body.
@trait(
    selector: "structure > member"
    conflicts: [httpLabel, httpQuery, httpHeader, httpPrefixHeaders, httpResponseCode, httpQueryParams]
    structurallyExclusive: "member"
    breakingChanges: [
        {
            change: "presence"
        }
    ]
)
structure httpPayload {}

/// The HTTP status code of the error.
@trait(
    selector: "structure[trait|error]"
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
integer httpError

/// Binds the member to the HTTP status code of the response.
@trait(
    selector: "structure :not([trait|input]) > member :test(> integer)"
    structurallyExclusive: "member"
    conflicts: [httpLabel, httpQuery, httpHeader, httpPrefixHeaders, httpPayload, httpQueryParams]
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
structure httpResponseCode {}

/// Cross-origin resource sharing settings of the service.
@trait(
    selector: "service"
    breakingChanges: [
        {
            change: "remove"
        }
    ]
)
structure cors {
    /// The origin allowed to call the service.
    origin: NonEmptyString = "*"

    /// Origins allowed to call the service, keyed by name.
    origins: NonEmptyStringMap

    /// How long, in seconds, a preflight response may be cached.
    maxAge: Integer = 600

    /// Headers allowed in requests besides the usual ones.
    additionalAllowedHeaders: NonEmptyStringList

    /// Headers exposed in responses besides the usual ones.
    additionalExposedHeaders: NonEmptyStringList
}

@private
list NonEmptyStringList {
    member: NonEmptyString
}

/// Binds the member to the payload of an event.
@trait(
    selector: "structure > :test(member > :test(blob, string, structure, union))"
    conflicts: [eventHeader]
    structurallyExclusive: "member"
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
structure eventPayload {}

/// Binds the member to a header of an event.
@trait(
    selector: """
        structure >
        :test(member > :test(boolean, byte, short, integer, long, blob, string, timestamp))"""
    conflicts: [eventPayload]
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
structure eventHeader {}

/// The string holds the shape ID of a shape.
@trait(selector: ":test(string, member > string)")
structure idRef {
    /// Selector that the referenced shape must match.
    selector: String = "*"

    /// Whether the referenced shape must exist.
    failWhenMissing: Boolean

    /// Message used when the reference is not valid.
    errorMessage: String
}

@trait(
    selector: ":test(timestamp, member > timestamp)"
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
enum timestampFormat {
    /// RFC 3339 date-time.
    DATE_TIME = "date-time"

    /// Seconds since the Unix epoch.
    EPOCH_SECONDS = "epoch-seconds"

    /// RFC 7231 IMF-fixdate.
    HTTP_DATE = "http-date"
}

/// Sets the host prefix of the operation's endpoint.
@trait(
    selector: "operation"
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
structure endpoint {
    /// The host prefix pattern, with labels in braces.
    @required
    hostPrefix: NonEmptyString
}

/// Binds the member to a label of the host prefix.
@trait(
    selector: "structure > :test(member[trait|required] > string)"
    breakingChanges: [
        {
            change: "any"
        }
    ]
)
structure hostLabel {}

/// Suppresses validation events of the given IDs on the shape.
@trait
list suppress {
    @length(min: 1)
    member: String
}

/// Requests to the operation need a checksum.
@unstable
@trait(selector: "operation")
structure httpChecksumRequired {}

/// Marks a structure as the input of one operation only.
@trait(
    selector: "structure"
    conflicts: [output, error]
    breakingChanges: [
        {
            change: "presence"
        }
    ]
)
structure input {}

/// Marks a structure as the output of one operation only.
@trait(
    selector: "structure"
    conflicts: [input, error]
    breakingChanges: [
        {
            change: "presence"
        }
    ]
)
structure output {}

/// Marks the unit type (smithy.api#Unit).
@trait(selector: "[id=smithy.api#Unit]")
structure unitType {}

/// Marks a shape as a mixin.
@trait(selector: ":not(member)")
structure mixin {
    localTraits: LocalMixinTraitList
}

@private
list LocalMixinTraitList {
    member: LocalMixinTrait
}

@idRef(
    selector: "[trait|trait]"
    failWhenMissing: true
    errorMessage: """
        Strings provided to the localTraits property of a mixin trait
        must target a valid trait."""
)
@private
string LocalMixinTrait

/// A list of compression encodings.
@private
list RequestCompressionEncodingsList {
    member: String
}

/// The operation supports compressed requests.
@trait(
    selector: "operation"
    breakingChanges: [
        {
            change: "remove"
            severity: "DANGER"
            message: """
                Trait was removed so newly generated clients will no longer compress requests, \
                but the service MUST continue to support removed compression algorithms in `encodings`."""
        }
        {
            change: "remove"
            path: "/encodings"
            message: "`encodings` was removed, but is required for the requestCompression trait."
        }
        {
            change: "add"
            severity: "NOTE"
            path: "/encodings/member"
            message: """
                Members of `encodings` were added. Once a compression algorithm is added, \
                the service MUST support the compression algorithm."""
        }
        {
            change: "remove"
            severity: "DANGER"
            path: "/encodings/member"
            message: """
                Members of `encodings` were removed so newly generated clients will no longer compress requests \
                for removed compression algorithms. The service MUST continue to support old clients by supporting \
                removed compression algorithms."""
        }
        {
            change: "update"
            severity: "DANGER"
            path: "/encodings/member"
            message: """
                Members of `encodings` were updated so newly generated clients will no longer compress requests \
                for compression algorithms prior to the updates. The service MUST continue to support old clients by \
                supporting compression algorithms prior to the updates."""
        }
    ]
)
structure requestCompression {
    @required
    encodings: RequestCompressionEncodingsList
}
