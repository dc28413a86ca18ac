// Package smithyvalidate is the value engine: it checks values (JSON, and
// any other format presented as a [ValueView], such as Amazon Ion) against
// shapes of a Smithy model.
//
// # Preparing and validating
//
// [Prepare] selects a shape by its typed ID (a root shape, or a member such
// as example#SubtractOutput$value) and compiles every contract reachable
// from it (effective member traits, patterns, ranges, lengths, enum sets,
// timestamp formats) into a [Validator]. A Validator is immutable and
// validates any number of values, concurrently:
//
//	v, err := smithyvalidate.Prepare(m, shapeid.MustParse("example#SubtractInput"))
//	// err is a *ModelError when the model cannot be validated against
//	res, err := v.ValidateJSON(data)
//	// err is an *InternalError only; bad data is in res.Findings
//
// [Validator.ValidateJSON] reads JSON bytes directly (no tree is built;
// text that is not JSON is a syntax finding with its position): one pass
// that checks while it tokenizes decides most valid values without
// allocating, and any value it does not pass is read into a tape and
// walked, which produces the findings (only where the one pass saw a
// value fail, when it could read the rest of the text),
// [Validator.ValidateNode] validates a core/node tree and
// [Validator.Validate] any [ValueView].
//
// A program that checks many small values in a row and must not allocate
// for each (a protocol validator reading every message of a connection)
// uses the package smithyvalidate/stream: a reusable reader whose views
// are substrings of the text, and accessors that skip building records.
// [TapeView] and [TapeError] serve a program that reads with core/node's
// tape itself, and [Validator.ValidJSONAt] one that holds a value inside a
// larger JSON text (a message's params): the one pass decides a valid
// value where it is, and only a value it does not accept needs a view.
//
// # Values
//
// The engine reads values through [ValueView], one source node at a time:
// [NodeView] presents core/node trees; an adapter presents another format
// (Amazon Ion, say) by implementing it.
// Scalars arrive as neutral [Scalar] payloads that keep what the source
// said: typed nulls, exact integer and decimal number tokens, binary
// floats, native timestamps, symbols, blobs and clobs. Object fields keep
// every occurrence. [LocatedObject] lays logical members over values found
// elsewhere, so that a positional parameter is validated as a structure
// member while findings keep its original location ([Positional]).
//
// # Findings and results
//
// A [Result] says whether the value is Valid (no finding of severity
// error) and whether validation was Complete (no limit stopped it), and
// lists [Finding]s in a deterministic order. A Finding is data: [Code]
// (a stable identifier; see [Codes] and CODES.md), [Severity], [Class],
// a structural [Path] rendered as a JSON Pointer, the governing shape or
// member ID, the position, and a message rendered from those.
// [Result.AppendJSON] and [Result.AppendText] render results in the
// contract's two formats (JSON and text).
//
// To validate several values into one result (a JSON-RPC envelope and its
// params, a transcript), use a [Collector] and [Validator.Check] with a
// base [Path] such as Root().Key("params") or InDocument(n). A collector
// keeps the engine's scratch storage between its checks (until Result):
// reuse one, with [Collector.Reset], to check many small values in a row
// without allocating.
//
// # Errors
//
// Bad data is never an error. A bad model is a [*ModelError] from
// [Prepare]; a fault of the engine (a recovered panic) is an
// [*InternalError]. Nothing in the value is coerced, normalized, defaulted
// or changed.
//
// # Policies and limits
//
// Where Smithy leaves a choice, an [Option] decides. Every policy is a
// switch, off by default, off being the strict reading:
// [AllowMissingRequired], [RejectNullMembers], [RejectUnknownMembers],
// [IgnoreUnknownMembers], [MatchJSONNames], [AllowDuplicateKeys],
// [BlobsAsText], [AnyTimestampFormat], [AcceptIntegralDecimals], and for
// Ion [IgnoreAnnotations], [SexpsAsLists], [SymbolsAsStrings] and
// [ClobsAsBlobs]. Options are values: [JoinOptions] combines them, the
// later one winning. Limits ([MaxDepth], [MaxFindings], [MaxValueSize],
// [MaxElements], [MaxNumberLength]) stop validation with a ClassLimit
// finding and Complete false; [FailFast] stops at the first error. What
// ended before a reader limit in JSON text keeps its findings when the
// rest could not change them (not those about a container the limit left
// open, nor those within an open untagged or discriminated union): an
// error before the limit makes the result invalid.
//
// # Reader limits
//
// A depth-limit or number-limit finding names the value that went over
// the limit, whichever reader met it: the container that opens one level
// deeper than MaxDepth (its Path has MaxDepth segments, its Pos is the
// opening bracket) or the number token longer than MaxNumberLength. The
// JSON readers ([Validator.ValidateJSON], and [TapeError] with
// [ReadErrorFinding] for a tape read elsewhere), the walker over a
// [ValueView] and the Ion adapter report the same path, under the path the
// value was read at. A size-limit for the whole input is at that path
// itself (the root of the value), and so is a JSON elements-limit, at the
// position of the first value or key past MaxElements (the Ion adapter's
// is at that value's path). Only the error path pays for this: the JSON
// reader keeps its open containers when a limit stops it, and the path is
// read from them; valid input costs nothing more.
//
// The limits and their defaults are the project's one set, shared with
// core/node's reader and every validator built on this one: package
// core/limits, and the table in docs/limits.md.
//
// The path is the full JSON Pointer, never shortened, in every output: a
// depth-limit at the default MaxDepth of 1000 in nested arrays is 1000
// "/0" segments (2000 bytes). It is exact and machine-usable, and bounded
// by the input: about two bytes of path per byte of text leading to it.
//
// Fixed rules (not options): @default values are never inserted (a missing
// @required member with a default is still missing); a sparse list or map
// is the only one that may hold null (or a member with alloy#nullable,
// below); a union value sets exactly one
// non-null member ({} is an error); @mixin shapes, services, operations and
// resources are never validation targets.
//
// # The alloy traits
//
// The engine honors the traits of the alloy project that the Smithy
// ecosystem (smithy4s, smithy-translate) uses for JSON that was not
// designed with Smithy, by their shape IDs (alloy#...):
//
//   - @discriminated("type") on a union: a value is the chosen member's
//     structure as an object plus the field "type" holding the member's
//     wire name (its @jsonName under [MatchJSONNames], as every member
//     name). A missing, non-string or unknown discriminator is a
//     discriminator finding at the field's path (positioned at the object
//     when the field is missing), listing the members' names. Every member
//     must target a structure with no member of the discriminator's name
//     (checked by [Prepare]).
//   - @untagged on a union: a value is exactly one member's encoding. Each
//     member is tried in model order and ranked by the findings it gives:
//     fewest errors, then fewest warnings, then fewest advisories. The
//     first member of the best rank is the value's, and its findings are
//     reported: a member that accepts the value with no finding wins over
//     one that accepts it only with warnings (an unknown member, say).
//     When no member accepts the value (every rank has errors), an
//     untagged finding names the closest before its findings; when several
//     members share the best rank and accept the value, an
//     untagged-ambiguous advisory names them (the first is taken). The
//     work is bounded: a value is tried against at most MaxUntaggedTries
//     combinations of the members of the untagged unions around it, then
//     validation stops with an untagged-limit finding.
//   - @nullable on a member (or the shape it targets): null is a value,
//     also of a @required member (which null then makes present), of a
//     list member or map value that is not @sparse, and of a root shape.
//     A typed Ion null must still fit the type.
//   - @jsonUnknown on one member of a structure, which targets a map: the
//     structure accepts fields that name none of its members, each
//     checked as an entry of that map (key and value shapes; null is a
//     value of a document). On a union member that targets a document: the
//     union accepts a member it does not define, checked as that document.
//     The member is not a field of its own on the wire; a structure has at
//     most one (checked by [Prepare]).
//
// The definitions, with alloy's shape IDs and selectors, are shipped here
// ([AlloyTraitsSource], [AddAlloyTraits]) and added as fallback
// definitions: a model that uses the traits without defining them gets
// them, a model that defines them keeps its own, quietly.
//
// # Closed structures
//
// The unknown-member policy is one switch for every structure of a value.
// A structure with smithy.rpc#closed ([ClosedTrait], this project's
// trait, defined with the other smithy.rpc traits by the rpc module)
// decides for itself: a field that names none of its members is an
// unknown-member error whatever the policy (JSON Schema's
// additionalProperties: false for one shape). Structures without it keep
// following the policy. In an @untagged union an error refutes the member,
// where the policy's warning only ranks it lower.
//
// # Layout
//
// Each constraint trait is one rule family, and each family has a file
// named after it (length.go, range.go, pattern.go, enum.go,
// timestampformat.go, unique.go, idref.go; for the alloy traits
// nullable.go, discriminated.go, untagged.go, jsonunknown.go, with their
// definitions in alloy.go) holding its two halves: the prepare step
// (prepareLength, prepareRange, preparePattern, prepareLegacyEnum,
// prepareTimestampFormat, prepareUniqueItems, prepareIDRef,
// prepareNullable, prepareDiscriminated, prepareUntagged), which compiles
// the trait's value into the plan or reports a model problem, and the
// check (checkLength, checkRange, checkPattern, checkStringEnum and
// checkIntEnum, timestampValue, uniqueItems, checkIDRef, discriminated,
// untagged, unknownField), which the walker calls on a value. prepare.go registers each family's
// prepare step, with the shape types it applies to, in one table
// (traitRules); validate.go walks values by shape type and scalars.go
// checks scalars, calling the checks. A new constraint trait therefore
// touches one prepare step and one check, in a new file named after it,
// plus its line in traitRules and the call of its check where the walker
// handles its shape types.
//
// The rest: value.go and views.go (the ValueView contract, NodeView,
// LocatedObject), tapeview.go (the views of core/node's tape), options.go,
// finding.go, codes.go, path.go, render.go, collector.go (results), and
// the model validators that need the engine (traitvalues.go, defaults.go,
// examples.go, metadata.go, modelvalidators.go).
//
// # Trait values
//
// [CheckTraitValues] checks every trait application of a model against its
// trait's definition with this engine and returns located findings.
// [ModelValidators] gives core/validate the model validators that need the
// engine (trait values, @default values, @examples, typed metadata), whose
// events carry the Smithy reference implementation's event IDs and
// wording, so that a suppression written for the reference applies.
package smithyvalidate
