package validate_test

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
)

// familyCase is one model and the events of one validator family it must
// produce; events of other validators are ignored.
type familyCase struct {
	name string
	src  string
	want []string
}

// runFamily checks each case's events whose ID is one of ids (or a dotted
// extension of one) against want, one to one.
func runFamily(t *testing.T, ids []string, tests []familyCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Metadata statements come before the namespace statement.
			var meta, body []string
			for _, line := range strings.Split(tc.src, "\n") {
				if strings.HasPrefix(line, "metadata ") {
					meta = append(meta, line)
				} else {
					body = append(body, line)
				}
			}
			src := "$version: \"2\"\n" + strings.Join(meta, "\n") + "\nnamespace ns\n" + strings.Join(body, "\n")
			rep := check(t, src)
			var got []model.Event
			for _, e := range rep.Events {
				for _, id := range ids {
					if e.ID == id || strings.HasPrefix(e.ID, id+".") {
						got = append(got, e)
						break
					}
				}
			}
			matchAll(t, tc.name, got, tc.want)
		})
	}
}

func TestConstraintTraits(t *testing.T) {
	runFamily(t, []string{"RangeTrait", "LengthTrait", "PatternTrait", "Model"}, []familyCase{
		{"valid bounds", `
@range(min: 1, max: 10) integer I
@range(min: 0.5, max: 1.5) double D
@length(min: 0, max: 0) string S
@pattern("^a+$") string P
`, nil},
		{"range min above max", `@range(min: 10, max: 1) integer I`,
			[]string{"[ERROR] ns#I: A range trait is applied with a `min` value greater than its `max` value. | RangeTrait"}},
		{"range decimal compared exactly", `@range(min: 1e1, max: 10.0) bigDecimal B`, nil},
		{"range fraction on an integer member", `
structure S { @range(max: 2.5) n: Integer }`,
			[]string{"[ERROR] ns#S$n: Member `ns#S$n` is marked with the `range` trait, but its `max` property is a decimal (2.5) when its target (`smithy.api#Integer`) does not support decimals. | RangeTrait"}},
		{"range fraction on a long", `@range(min: 0.1) long L`,
			[]string{"[ERROR] ns#L: Shape `ns#L` is marked with the `range` trait, but its `min` property is a decimal (0.1) when its shape (`long`) does not support decimals. | RangeTrait"}},
		{"length negative and reversed", `@length(min: -1, max: -2) string S`, []string{
			"[ERROR] ns#S: A length trait is applied with a negative `min` value. | LengthTrait",
			"[ERROR] ns#S: A length trait is applied with a negative `max` value. | LengthTrait",
			"[ERROR] ns#S: A length trait is applied with a `min` value greater than its `max` value. | LengthTrait"}},
		{"pattern without anchors", `@pattern("a") string S`,
			[]string{"[WARNING] ns#S: A pattern trait is applied without a leading '^' and trailing '$', meaning only part of the string must match the regular expression. | PatternTrait"}},
		// A pattern java.util.regex rejects fails the reference's trait
		// creation: one Model ERROR with Java's message, nothing else.
		{"reversed class range", `@pattern("^[z-a]$") string S`,
			[]string{"[ERROR] ns#S: Error creating trait `pattern`: Invalid pattern trait regular expression: `^[z-a]$`. Illegal character range near index 4\n^[z-a]$\n    ^ | Model"}},
		{"unclosed flag group", `@pattern("^(?i$") string S`,
			[]string{"[ERROR] ns#S: Error creating trait `pattern`: Invalid pattern trait regular expression: `^(?i$`. Unknown inline modifier near index 4\n^(?i$\n    ^ | Model"}},
		{"unknown property", `@pattern("\\p{Nope}") string S`,
			[]string{"[ERROR] ns#S: Error creating trait `pattern`: Invalid pattern trait regular expression: `\\p{Nope}`. Unknown character property name {Nope} near index 7\n\\p{Nope}\n       ^ | Model"}},
		{"counts out of order", `@pattern("^a{2,1}$") string S`,
			[]string{"[ERROR] ns#S: Error creating trait `pattern`: Invalid pattern trait regular expression: `^a{2,1}$`. Illegal repetition range near index 6\n^a{2,1}$\n      ^ | Model"}},
		{"lookarounds are checked, not reported", `@pattern("^(?!-)[a-z-]+(?<!-)$") string S`, nil},
		{"java constructs are valid", `@pattern("^\\A[\\p{Print}&&[^|]]\\p{IsAlphabetic}[a[bc]]\\z$") string S`, nil},
		{"a backreference is valid but not runnable", `@pattern("^(a)\\1$") string S`,
			[]string{"[WARNING] ns#S: The pattern trait regular expression `^(a)\\1$` uses a backreference, which this validator cannot run: values are not checked against it | PatternTrait.Unsupported"}},
	})
}

func TestEnumValidators(t *testing.T) {
	runFamily(t, []string{"EnumShape", "EnumTrait", "EnumNamesPresent", "ModelDeprecation"}, []familyCase{
		{"valid enums", `
enum E {
    A
    B = "b"
}
intEnum I {
    ONE = 1
    TWO = 2
}
`, nil},
		{"duplicate and empty enum values", `
enum E {
    A = "x"
    B = "x"
    C = ""
}`, []string{
			"[ERROR] ns#E$B: Multiple enum members found with duplicate value `x` | EnumShape",
			"[ERROR] ns#E$C: enum values may not be empty. | EnumShape"}},
		{"intEnum value out of range", `
intEnum I {
    @enumValue(2147483648)
    BIG
}`, []string{"[ERROR] ns#I$BIG: intEnum members must fit within an integer, but found: 2147483648 | EnumShape"}},
		{"lower-case member names", `
enum E { lower }
intEnum I {
    mixedCase = 1
}`, []string{
			"[WARNING] ns#E$lower: The name `lower` does not match the recommended enum name format | EnumShape",
			"[WARNING] ns#I$mixedCase: The name `mixedCase` does not match the recommended enum name format | EnumShape"}},
		{"legacy enum trait", `
@enum([{value: "a", name: "A"}, {value: "a", name: "A"}, {value: "b"}])
string S`, []string{
			"[WARNING] ns#S: The enum trait is deprecated. Smithy 2.0 models should use the enum shape. | ModelDeprecation",
			"[ERROR] ns#S: Duplicate enum trait values found with the same `value` property of 'a' | EnumTrait",
			"[ERROR] ns#S: Duplicate enum trait values found with the same `name` property of 'A' | EnumTrait",
			"[ERROR] ns#S: `b` enum value body is missing the `name` property; | EnumTrait"}},
		{"legacy enum trait without names", `
@enum([{value: "a"}])
string S`, []string{
			"[WARNING] ns#S: The enum trait is deprecated. | ModelDeprecation",
			"[WARNING] ns#S: Enums should define the `name` property to allow rich types to be generated in code generators. | EnumNamesPresent"}},
	})
}

func TestIdempotencyValidators(t *testing.T) {
	runFamily(t, []string{"IdempotentTrait", "IdempotencyTokenIgnored"}, []familyCase{
		{"valid idempotent operation", `
@idempotent(exists: [Conflict])
operation Op { input := { @idempotencyToken token: String }, errors: [Conflict] }
@error("client") structure Conflict {}
`, nil},
		{"both properties and an unbound error", `
@idempotent(exists: [Conflict], notFound: [Missing])
operation Op { errors: [Conflict] }
@error("client") structure Conflict {}
@error("client") structure Missing {}
`, []string{
			"[ERROR] ns#Op: The `exists` and `notFound` properties of the `@idempotent` trait are mutually exclusive. Only one may be specified. | IdempotentTrait",
			"[ERROR] ns#Op: The `notFound` property references error `ns#Missing`, but it is not in the operation's errors list. Expected one of `ns#Conflict` | IdempotentTrait"}},
		{"token outside an operation input", `
operation Op { input: In, output: In }
structure In { @idempotencyToken token: String }
structure Holder { in: In }
`, []string{"[WARNING] ns#In$token: The `idempotencyToken` trait only has an effect when applied to a top-level operation input member, but it was applied and ignored in the following contexts: {member target: [ns#Holder$in], output: [ns#Op]} | IdempotencyTokenIgnored"}},
	})
}

func TestJsonName(t *testing.T) {
	runFamily(t, []string{"JsonName"}, []familyCase{
		{"distinct names", `structure S { @jsonName("x") a: String, b: String }`, nil},
		{"names without jsonName are not compared", `structure S { a: String, A: String }`, nil},
		{"conflict with a member name", `structure S { @jsonName("b") a: String, b: String }`,
			[]string{"[ERROR] ns#S: This shape contains members with conflicting JSON names that resolve to 'b': a, b | JsonName"}},
		{"conflict in a union", `union U { @jsonName("z") a: String, @jsonName("z") b: String }`,
			[]string{"[ERROR] ns#U: This shape contains members with conflicting JSON names that resolve to 'z': a, b | JsonName"}},
	})
}

func TestTraitDefinitionValidators(t *testing.T) {
	runFamily(t, []string{"TraitBreakingChanges", "MetadataTrait"}, []familyCase{
		{"valid breaking change path", `
@trait(breakingChanges: [{change: "remove", path: "/a/b"}])
structure t { a: Inner }
structure Inner { b: String }
`, nil},
		{"missing nested member", `
@trait(breakingChanges: [{change: "remove", path: "/a/c"}])
structure t { a: Inner }
structure Inner { b: String }
`, []string{"[ERROR] ns#t: Invalid trait breakingChanges element 0, '/a/c', at segment 'c': Evaluated shape `ns#Inner`, a structure, has no member named `c` | TraitBreakingChanges"}},
		{"metadata key typed twice", `
@metadata(key: "k") string A
@metadata(key: "k") string B
@metadata(key: "other") string C
`, []string{
			"[ERROR] ns#A: A type has already been defined for the metadata key `k`. Conflicts with: [ns#B] | MetadataTrait",
			"[ERROR] ns#B: A type has already been defined for the metadata key `k`. Conflicts with: [ns#A] | MetadataTrait"}},
		{"reserved metadata key", `@metadata(key: "validators") list V { member: String }`,
			[]string{"[ERROR] ns#V: The metadata key `validators` has been reserved by Smithy and may not be defined elsewhere. | MetadataTrait"}},
	})
}

func TestServiceClosure(t *testing.T) {
	runFamily(t, []string{"Service"}, []familyCase{
		{"unique names", `
service S { version: "1", operations: [Op] }
operation Op { input: OpInput }
@input structure OpInput { a: String }
`, nil},
		{"structures with the same name in two namespaces", `
service S { version: "1", operations: [Op] }
operation Op { input: OpInput }
@input structure OpInput { a: other#OpInput }
`, nil}, // other#OpInput is undefined: assembly reports it, no conflict here
		{"simple shape shadowing the prelude", `
service S { version: "1", operations: [Op] }
operation Op { input: OpInput }
@input structure OpInput { a: String, b: smithy.api#String }
string String
`, []string{"[NOTE] ns#String: Shape name `ns#String` conflicts with `smithy.api#String` in the `ns#S` service closure. Shapes in the closure of a service should have | Service"}},
		// connect, datazone and emr of the AWS models: a shape of the
		// service's namespace named Unit, and operations whose input or
		// output is smithy.api#Unit (written or by default), which is no
		// relationship in the reference implementation, so not in the
		// closure.
		{"a shape named Unit beside Unit input and output", `
service S { version: "1", operations: [Op, Op2] }
operation Op { input: smithy.api#Unit, output: OpOutput }
operation Op2 {}
@output structure OpOutput { a: Unit }
enum Unit { SECONDS }
`, nil},
		// A union member that targets Unit is a relationship there too:
		// the conflict is real.
		{"a shape named Unit beside a union member of Unit", `
service S { version: "1", operations: [Op] }
operation Op { output: OpOutput }
@output structure OpOutput { a: Unit, u: Choice }
union Choice { none: smithy.api#Unit, some: String }
enum Unit { SECONDS }
`, []string{
			"[ERROR] ns#Unit: Shape name `ns#Unit` conflicts with `smithy.api#Unit` in the `ns#S` service closure. | Service",
			"[ERROR] smithy.api#Unit: Shape name `smithy.api#Unit` conflicts with `ns#Unit` in the `ns#S` service closure. | Service"}},
		{"rename rules", `
service S { version: "1", operations: [Op], rename: { "ns#OpInput": "OpInput", "ns#Op": "Op2", "ns#Gone": "X", "ns#In2": "no!" } }
operation Op { input: OpInput }
@input structure OpInput { a: In2 }
structure In2 {}
structure Gone {}
`, []string{
			"[ERROR] ns#S: Service rename for `ns#OpInput` does not actually change the name from `OpInput` | Service",
			"[ERROR] ns#S: Service attempts to rename a operation shape from `ns#Op` to \"Op2\"; operations cannot be renamed | Service",
			"[ERROR] ns#S: Service attempts to rename a shape not in the service: ns#Gone | Service",
			"[ERROR] ns#S: Service attempts to rename `ns#In2` to an invalid identifier, \"no!\" | Service"}},
		{"rename onto another name", `
service S { version: "1", operations: [Op], rename: { "ns#A": "B" } }
operation Op { input: OpInput }
@input structure OpInput { a: A, b: B }
structure A {}
structure B {}
`, []string{
			"[ERROR] ns#A: Renamed shape name \"B\" conflicts with `ns#B` in the `ns#S` service closure. Shapes in the closure of a service must | Service",
			"[ERROR] ns#B: Shape name `ns#B` conflicts with `ns#A` (renamed to \"B\") in the `ns#S` service closure. | Service"}},
	})
}

func TestShapeClosures(t *testing.T) {
	runFamily(t, []string{"ShapeClosure"}, []familyCase{
		{"valid closure", `
metadata shapeClosures = [{ id: "ns#All", includeNamespaces: ["ns"] }]
structure A { b: B }
structure B {}
`, nil},
		{"selector adding shapes outside the namespaces", `
metadata shapeClosures = [{ id: "ns#Sel", includeBySelector: "structure" }]
structure A {}
`, nil},
		{"no roots and a duplicate id", `
metadata shapeClosures = [{ id: "ns#C" }, { id: "ns#C", includeNamespaces: ["ns"] }]
structure A {}
`, []string{
			"[ERROR] -: Shape closure `ns#C` must define at least one of `includeNamespaces` or `includeBySelector`. | ShapeClosure",
			"[ERROR] -: Shape closure id `ns#C` is declared more than once. | ShapeClosure"}},
		{"id of a shape, empty namespace, selector matching nothing", `
metadata shapeClosures = [{ id: "ns#A", includeNamespaces: ["nowhere"], includeBySelector: "service" }]
structure A {}
`, []string{
			"[ERROR] -: Shape closure ids must not match the ids of shapes in the model, but `ns#A` does. | ShapeClosure",
			"[DANGER] -: Shape closure `ns#A` includes namespace `nowhere`, which has no shapes in the model. | ShapeClosure.EmptyNamespace.ns#A",
			"[DANGER] -: Shape closure `ns#A` has an `includeBySelector` that matches no shapes in the model. | ShapeClosure.EmptySelector.ns#A"}},
		{"invalid selector", `
metadata shapeClosures = [{ id: "ns#C", includeBySelector: "][" }]
structure A {}
`, []string{"[ERROR] -: Shape closure `ns#C` has an invalid `includeBySelector`: Syntax error at line 1 column 1 | ShapeClosure"}},
		{"renames", `
metadata shapeClosures = [{ id: "ns#C", includeNamespaces: ["ns"], rename: { "ns#A": "b", "ns#Out": "X", "ns#B": "B" } }]
structure A {}
structure B {}
`, []string{
			"[ERROR] -: Shape closure `ns#C` rename for `ns#B` (\"B\") case-insensitively conflicts with the rename for `ns#A`. | ShapeClosure",
			"[ERROR] -: Shape closure `ns#C` attempts to rename `ns#Out`, which is not in the closure. | ShapeClosure",
			"[ERROR] -: Shape closure `ns#C` rename for `ns#B` does not change the name from `B`. | ShapeClosure"}},
	})
}

func TestPaginatedTrait(t *testing.T) {
	runFamily(t, []string{"PaginatedTrait"}, []familyCase{
		{"valid pagination", `
@paginated(inputToken: "next", outputToken: "next", pageSize: "size", items: "items")
operation List { input := { next: String, size: Integer }, output := { next: String, items: Names } }
list Names { member: String }
`, nil},
		{"missing and badly typed members", `
@paginated(inputToken: "nope", outputToken: "next", pageSize: "size", items: "items")
operation List { input := { size: String }, output := { @required next: String, items: String } }
`, []string{
			"[ERROR] ns#List: paginated trait `inputToken` targets a member `nope` that does not exist | PaginatedTrait",
			"[ERROR] ns#List: paginated trait `pageSize` member `size` targets a string shape, but must target one of the following: [`byte`, `integer`, `long`, `short`] | PaginatedTrait",
			"[DANGER] ns#List: paginated trait `outputToken` member `next` should not be required | PaginatedTrait.ShouldNotBeRequired.outputToken",
			"[ERROR] ns#List: paginated trait `items` member `items` targets a string shape, but must target one of the following: [`list`, `map`] | PaginatedTrait"}},
		{"paths", `
@paginated(inputToken: "a.b", outputToken: "x.y.z")
operation List { input := { a: String }, output := { x: X } }
structure X { y: Y }
structure Y { z: String }
`, []string{"[ERROR] ns#List: paginated trait `inputToken` does not allow path values | PaginatedTrait",
			"[WARNING] ns#List: paginated trait `outputToken` contains a path with more than two parts | PaginatedTrait.DeeplyNested.outputToken"}},
		{"merged with the service", `
@paginated(pageSize: "size")
service S { version: "1", operations: [List] }
@paginated(items: "items")
operation List { input := { size: Long }, output := { items: Names } }
list Names { member: String }
`, []string{
			"[ERROR] ns#List: When bound within the `ns#S` service, paginated trait `inputToken` is not configured | PaginatedTrait",
			"[ERROR] ns#List: When bound within the `ns#S` service, paginated trait `outputToken` is not configured | PaginatedTrait",
			"[DANGER] ns#List: When bound within the `ns#S` service, paginated trait `pageSize` member `size` targets a long shape, but this is not recommended. One of [`integer`] SHOULD be targeted. | PaginatedTrait.WrongShapeType.pageSize"}},
	})
}

func TestResourceReferences(t *testing.T) {
	runFamily(t, []string{"ReferencesTrait", "MemberShouldReferenceResource", "ServiceBoundResourceOperation"}, []familyCase{
		{"valid references", `
resource R { identifiers: { rId: String } }
@references([{resource: R}])
structure S { @required rId: String }
@references([{resource: R}])
string RId
`, nil},
		{"reference to a non-resource and ids on a string", `
resource R { identifiers: { a: String, b: String } }
@references([{resource: "smithy.api#String"}])
structure S {}
@references([{resource: R, ids: {a: "x"}}])
string Str
`, []string{
			"[ERROR] ns#S: `references` trait reference targets a string shape not a resource: Reference{\"resource\":\"smithy.api#String\"} | ReferencesTrait",
			"[ERROR] ns#Str: References applied to string shapes cannot contain 'ids': Reference{\"resource\":\"ns#R\",\"ids\":{\"a\":\"x\"}} | ReferencesTrait",
			"[ERROR] ns#Str: This string shape contains an invalid reference to ns#R: Reference{\"resource\":\"ns#R\",\"ids\":{\"a\":\"x\"}}. References on a string shape can only refer to resource shapes with exactly one entry in its identifiers property, but this shape has the following identifiers: [`a`, `b`] | ReferencesTrait"}},
		{"too many ids", `
resource R { identifiers: { a: String } }
@references([{resource: R, ids: {a: "a", b: "a"}}])
structure S { a: String }
`, []string{
			"[ERROR] ns#S: Too many identifiers were provided in the `ids` properties of Reference{\"resource\":\"ns#R\",\"ids\":{\"a\":\"a\",\"b\":\"a\"}}. Expected 1 identifiers(s), but found 2. | ReferencesTrait",
			"[ERROR] ns#S: `references` trait Reference{\"resource\":\"ns#R\",\"ids\":{\"a\":\"a\",\"b\":\"a\"}} contains extraneous resource identifier bindings, [`b`] | ReferencesTrait"}},
		{"member that looks like an identifier", `
resource R { identifiers: { rId: String } }
structure Other { rId: String }
`, []string{"[WARNING] ns#Other$rId: This member appears to reference the following resources without being included in a `@references` trait: [`ns#R`] | MemberShouldReferenceResource"}},
		{"operation bound to the service instead of the resource", `
service S { version: "1", operations: [GetR], resources: [R] }
resource R { identifiers: { rId: String } }
@readonly
operation GetR { input := { @required rId: String } }
`, []string{
			"[WARNING] ns#GetR: The `ns#GetR` operation is bound to the `ns#S` service but has members that match identifiers of the following resource shapes: [`ns#R`]. | ServiceBoundResourceOperation.ns#S.GetR",
			"[WARNING] ns#GetRInput$rId: This member appears to reference the following resources | MemberShouldReferenceResource"}},
	})
}

func TestResourceOperationInputOutput(t *testing.T) {
	runFamily(t, []string{"ResourceOperationInputOutput"}, []familyCase{
		{"properties bound by lifecycle operations", `
resource R { identifiers: { id: String }, properties: { name: String }, read: GetR, create: MakeR }
@readonly operation GetR { input := { @required id: String }, output := { @required id: String, name: String } }
operation MakeR { input := { name: String }, output := { @required id: String } }
`, nil},
		{"unused property, wrong target, unknown member", `
resource R { identifiers: { id: String }, properties: { name: String, size: Integer }, read: GetR }
@readonly operation GetR { input := { @required id: String }, output := { @required id: String, name: Integer, other: String } }
`, []string{
			"[ERROR] ns#GetROutput$name: This member must target `smithy.api#String`. This member is used as part of the `read` operation of the `ns#R` resource and conflicts with its `name` resource property. | ResourceOperationInputOutput",
			"[ERROR] ns#GetROutput$other: Member `other` does not target a property or identifier for resource `ns#R`. | ResourceOperationInputOutput",
			"[ERROR] ns#R: Resource property `size` is not used in the input or output of create or an instance operation. | ResourceOperationInputOutput"}},
		{"notProperty and property names", `
resource R { identifiers: { id: String }, properties: { name: String }, read: GetR }
@readonly operation GetR { input := { @required id: String }, output := { @property(name: "name") a: String, @property(name: "name") b: String, @notProperty c: Integer } }
`, []string{"[ERROR] ns#GetROutput: This shape contains members with conflicting resource property names that resolve to 'name': a, b | ResourceOperationInputOutput"}},
	})
}

func TestStreamingValidators(t *testing.T) {
	runFamily(t, []string{"StreamingTrait", "EventPayloadTrait"}, []familyCase{
		{"valid streaming input", `
operation Upload { input := { @required body: Stream } }
@streaming blob Stream
`, nil},
		{"optional streaming blob", `
operation Upload { input := { body: Stream } }
@streaming blob Stream
`, []string{"[ERROR] ns#UploadInput$body: Members that target blobs marked with the `streaming` trait MUST also be marked with the `required` or `default` trait. | StreamingTrait"}},
		{"structure with a stream used as a member and an error", `
operation Op { input: Holder, errors: [Oops] }
structure Holder { inner: Streamy }
structure Streamy { @required body: Stream }
@error("client") structure Oops { @required body: Stream }
@streaming blob Stream
`, []string{
			"[ERROR] ns#Holder$inner: Members cannot target structures that contain a stream, but this member targets ns#Streamy | StreamingTrait",
			"[ERROR] ns#Op: This shape has an invalid `ERROR` relationship to a structure, `ns#Oops`, that contains a stream | StreamingTrait"}},
		{"requiresLength stream in an output", `
operation Download { output := { @required body: Stream } }
@streaming @requiresLength blob Stream
`, []string{"[ERROR] ns#DownloadOutput: Structures that contain a reference to a stream marked with the @requiresLength trait can only be used as operation inputs, but this structure is referenced from `ns#Download` as output | StreamingTrait"}},
		{"event stream union of non-structures", `
@streaming union Events { a: String, b: Event }
structure Event {}
`, []string{"[ERROR] ns#Events: Each member of an event stream union must target a structure shape, but the following union members do not: [a] | StreamingTrait"}},
		{"event payload beside an unmarked member", `
structure Event { @eventPayload body: Blob, @eventHeader h: String, other: String }
`, []string{"[ERROR] ns#Event: This event structure contains a member marked with the `eventPayload` trait, so all other members must be marked with the `eventHeader` trait. However, the following member(s) are not marked with the eventHeader trait: `other` | EventPayloadTrait"}},
	})
}
