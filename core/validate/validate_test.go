package validate_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/validate"
)

func check(t *testing.T, src string, opts ...validate.Option) *validate.Report {
	t.Helper()
	a := assembly.New()
	if err := a.AddSource("test.smithy", []byte(src)); err != nil {
		t.Fatalf("load: %v", err)
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatalf("assemble: %v", err)
	}
	if res.Model == nil {
		t.Fatalf("assemble: no model: %v", res.Events)
	}
	return validate.Check(res.Model, append([]validate.Option{validate.WithEvents(res.Events)}, opts...)...)
}

func render(e model.Event) string {
	shape := "-"
	if !e.Shape.IsZero() {
		shape = e.Shape.String()
	}
	return fmt.Sprintf("[%s] %s: %s | %s", e.Severity, shape, e.Message, e.ID)
}

// matchAll checks that got and want pair up one to one: each want is a
// prefix of a rendered event up to its " | ", with the same event ID.
func matchAll(t *testing.T, name string, got []model.Event, want []string) {
	t.Helper()
	used := make([]bool, len(got))
	for _, w := range want {
		prefix, id, _ := strings.Cut(w, " | ")
		found := false
		for i, e := range got {
			r := render(e)
			if !used[i] && strings.HasPrefix(r, prefix) && e.ID == id {
				used[i], found = true, true
				break
			}
		}
		if !found {
			t.Errorf("%s: missing event %s", name, w)
		}
	}
	for i, e := range got {
		if !used[i] {
			t.Errorf("%s: unexpected event %s", name, render(e))
		}
	}
}

const header = "$version: \"2\"\nnamespace ns\n"

func TestValidators(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"valid model", `
service S { version: "1", operations: [Op] }
operation Op { input: OpInput, output: OpOutput, errors: [Oops] }
@input structure OpInput { @required id: String }
@output structure OpOutput {}
@error("client") structure Oops {}
`, nil},
		{"undefined trait", `
@notDefined
string S
`, []string{"[ERROR] ns#S: Unable to resolve trait `ns#notDefined`. If this is a custom trait, then it must be defined before it can be used in a model. | Model.UnresolvedTrait"}},
		{"shape applied as a trait without @trait", `
structure notATrait {}
@notATrait
string S
`, []string{"[ERROR] ns#notATrait: Shape `ns#notATrait` cannot be applied as a trait. If this is a custom trait, please add `@trait` to this shape. | Model"}},
		{"trait on the wrong shape", `
@idempotent
string S
`, []string{"[ERROR] ns#S: Trait `idempotent` cannot be applied to `ns#S`. This trait may only be applied to shapes that match the following selector: operation | TraitTarget"}},
		{"custom trait selector with newlines", "@trait(selector: \"\"\"\n    structure\n    > member\"\"\")\nstructure memberOnly {}\n@memberOnly\nstring S\n",
			[]string{"[ERROR] ns#S: Trait `ns#memberOnly` cannot be applied to `ns#S`. This trait may only be applied to shapes that match the following selector: structure > member | TraitTarget"}},
		{"non-filter selector", `
@trait(selector: "operation -[input]-> structure > member")
structure inputMember {}
structure Other { @inputMember a: String }
operation Op { input: In }
structure In { @inputMember b: String }
`, []string{"[ERROR] ns#Other$a: Trait `ns#inputMember` cannot be applied to `ns#Other$a`. | TraitTarget"}},
		{"mixin applied as a trait", `
@trait @mixin
structure mixedTrait {}
@mixedTrait
string S
`, []string{"[ERROR] ns#S: Trait `ns#mixedTrait` is a mixin and cannot be applied to `ns#S`. | TraitTarget"}},
		{"conflicting traits", `
@trait(conflicts: [b])
structure a {}
@trait
structure b {}
@a @b
string S
`, []string{"[ERROR] ns#S: Found conflicting traits on string shape: `ns#a` conflicts with `ns#b` | TraitConflict"}},
		{"prelude conflicting traits", `
operation Op {}
@readonly @idempotent
operation Both {}
`, []string{"[ERROR] ns#Both: Found conflicting traits on operation shape: `idempotent` conflicts with `readonly`, `readonly` conflicts with `idempotent` | TraitConflict"}},
		{"case-insensitive shape IDs", `
structure A { foo: String, Foo: String }
`, []string{
			"[ERROR] ns#A$Foo: Shape ID `ns#A$Foo` conflicts with other shape IDs in the model: [`ns#A$foo`] | ShapeIdConflict",
			"[ERROR] ns#A$foo: Shape ID `ns#A$foo` conflicts with other shape IDs in the model: [`ns#A$Foo`] | ShapeIdConflict"}},
		{"operation input output error targets", `
operation Op { input: Integer, output: Integer, errors: [Integer] }
`, []string{
			"[ERROR] ns#Op: operation shape `input` relationships must target a structure shape, but found (integer: `smithy.api#Integer`) | Target",
			"[ERROR] ns#Op: operation shape `output` relationships must target a structure shape, but found (integer: `smithy.api#Integer`) | Target",
			"[ERROR] ns#Op: operation shape `error` relationships must target a structure shape, but found (integer: `smithy.api#Integer`) | Target"}},
		{"error without @error and input with @error", `
operation Op { input: Oops, errors: [NotError] }
@error("client") structure Oops {}
structure NotError {}
`, []string{
			"[ERROR] ns#Op: Operation input targets an invalid structure `ns#Oops` that is marked with the `error` trait. | Target",
			"[ERROR] ns#Op: `ns#NotError` cannot be bound as an error because it is not marked with the `error` trait. | Target"}},
		{"member targets a service and a mixin", `
service Svc { version: "1" }
@mixin structure M {}
structure S { a: Svc, b: M }
`, []string{
			"[ERROR] ns#S$a: Members cannot target service shapes, but found (service: `ns#Svc`) | Target",
			"[ERROR] ns#S$b: Illegal MEMBER_TARGET reference to mixin `ns#M`; shapes marked with the mixin trait can only be referenced to apply them as a mixin. | Target"}},
		{"member targets a trait definition", `
@trait structure t {}
list L { member: t }
`, []string{"[ERROR] ns#L$member: Found a MEMBER_TARGET reference to trait definition `ns#t`. | Target"}},
		{"map key must be a string", `
structure K {}
map M { key: K, value: String }
`, []string{"[ERROR] ns#M: Map key member targets (structure: `ns#K`), but is expected to target a string | Target"}},
		{"resource bindings", `
resource R { identifiers: { id: Integer }, read: Integer, resources: [String] }
`, []string{
			"[ERROR] ns#R: resource shape `identifier` relationships must target a string shape, but found (integer: `smithy.api#Integer`) | Target",
			"[ERROR] ns#R: Resource read lifecycle operation must target an operation, but found (integer: `smithy.api#Integer`) | Target",
			"[ERROR] ns#R: resource shape `resource` relationships must target a resource shape, but found (string: `smithy.api#String`) | Target"}},
		{"mixin that is not a mixin", `
structure A {}
structure B with [A] {}
`, []string{"[ERROR] ns#B: Attempted to use ns#A as a mixin, but it is not marked with the mixin trait | Target"}},
		{"target errors stop trait checks", `
@idempotent
string S
structure T { a: Svc }
service Svc { version: "1" }
`, []string{"[ERROR] ns#T$a: Members cannot target service shapes | Target"}},
		{"resource cycle", `
resource A { resources: [B] }
resource B { resources: [A] }
`, []string{
			"[ERROR] ns#A: Circular resource hierarchy found: ns#A -> ns#B -> ns#A | ResourceCycle",
			"[ERROR] ns#B: Circular resource hierarchy found: ns#B -> ns#A -> ns#B | ResourceCycle"}},
		{"operation bound twice", `
service Svc { version: "1", operations: [Op], resources: [R] }
resource R { operations: [Op] }
operation Op {}
`, []string{"[ERROR] ns#Op: An operation can appear only once in an entire service closure. This operation is illegally bound into the `ns#Svc` service closure from multiple shapes: (resource: `ns#R`), (service: `ns#Svc`) | SingleOperationBinding"}},
		{"resource bound twice", `
service Svc { version: "1", resources: [A, B] }
resource A { resources: [B] }
resource B {}
`, []string{"[ERROR] ns#B: A resource can appear only once in an entire service closure. This resource is illegally bound into the `ns#Svc` service closure from multiple shapes: [`ns#A`, `ns#Svc`] | SingleResourceBinding"}},
		{"child resource identifiers", `
resource Parent { identifiers: { a: String, b: String }, resources: [Child] }
resource Child { identifiers: { a: String }, properties: { a: String } }
`, []string{
			"[ERROR] ns#Child: This resource is bound as a child of `ns#Parent`, but it is invalid because its `identifiers` property is missing the following identifiers that are defined in `ns#Parent`: [b] | ResourceIdentifier",
			"[ERROR] ns#Child: Resource identifier `a` cannot also be a resource property | ResourceIdentifier",
			"[ERROR] ns#Child: Resource property `a` is not used in the input or output of create or an instance operation. | ResourceOperationInputOutput"}},
		{"identifier bindings", `
resource R { identifiers: { id: String }, read: GetR, list: ListR }
@readonly operation GetR { input := {} }
@readonly operation ListR { input := { @required id: String } }
`, []string{
			"[ERROR] ns#GetR: This operation does not form a valid instance operation when bound to resource `ns#R`. All of the identifiers of the resource were not implicitly or explicitly bound to the input of the operation. Expected the following identifier bindings: [required member named `id` that targets `smithy.api#String`]. Found the following identifier bindings: [] | ResourceIdentifierBinding",
			"[ERROR] ns#ListR: This operation is bound as a collection operation on the `ns#R` resource, but it improperly binds all of the identifiers of the resource to members of the operation input. | ResourceIdentifierBinding"}},
		{"explicit identifier bindings", `
resource R { identifiers: { id: String }, read: GetR }
@readonly operation GetR { input := { @required @resourceIdentifier("id") a: String, @required id: String } }
`, []string{"[WARNING] ns#GetRInput: Implicit resource identifier for 'id' is overridden by `resourceIdentifier` trait on members: 'a' | ResourceIdentifierBinding"}},
		{"lifecycle traits", `
resource R { identifiers: { id: String }, read: GetR, delete: DeleteR }
operation GetR { input := { @required id: String } }
@readonly operation DeleteR { input := { @required id: String } }
`, []string{
			"[ERROR] ns#R: The `read` lifecycle operation of this resource targets an invalid operation, `ns#GetR`. The targeted operation must be marked with the readonly trait. | ResourceLifecycle",
			"[ERROR] ns#R: The `delete` lifecycle operation of this resource targets an invalid operation, `ns#DeleteR`. The targeted operation must not be marked with the readonly trait. | ResourceLifecycle",
			"[ERROR] ns#R: The `delete` lifecycle operation of this resource targets an invalid operation, `ns#DeleteR`. The targeted operation must be marked as idempotent. | ResourceLifecycle"}},
		{"structurally exclusive member trait", `
structure S { @httpPayload a: Blob, @httpPayload b: Blob }
`, []string{"[ERROR] ns#S: The `httpPayload` trait can be applied to only a single member of a shape, but it was found on the following members: `a`, `b` | ExclusiveStructureMemberTrait"}},
		{"structurally exclusive target trait", `
@streaming blob Stream
structure S { @required a: Stream, @required b: Stream }
`, []string{"[ERROR] ns#S: Only a single member of a structure can target a shape marked with the `streaming` trait, but it was found on the following members: `a`, `b` | ExclusiveStructureMemberTrait"}},
		{"unit outside unions", `
structure S { a: Unit }
union U { a: Unit }
`, []string{"[ERROR] ns#S$a: Only members of a union, enum, or intEnum can reference smithy.api#Unit | UnitType"}},
		{"unions", `
union Empty {}
union U { a: PrimitiveInteger }
`, []string{
			"[ERROR] ns#Empty: Tagged unions must have one or more members | Union",
			"[NOTE] ns#U$a: This union member targets `smithy.api#PrimitiveInteger`, a shape with a default value of `0`. | Union"}},
		{"deprecated and unstable traits", `
@trait @deprecated(message: "gone")
structure old {}
@trait @unstable
structure beta {}
@old @beta
string S
`, []string{
			"[WARNING] ns#S: This shape applies a trait that is deprecated: ns#old, gone | DeprecatedTrait",
			"[WARNING] ns#S: This shape applies a trait that is unstable: ns#beta | UnstableTrait.ns#beta"}},
		{"input and output misuse", `
operation GetA { input: GetAInput, output: GetAInput }
@input structure GetAInput {}
structure Holder { a: GetAInput }
`, []string{
			"[ERROR] ns#GetA: Operation `output` cannot target structures marked with the `@input` trait: `ns#GetAInput` | OperationInputOutputMisuse",
			"[ERROR] ns#Holder$a: Members cannot target structures marked with the @input trait: ns#GetAInput | OperationInputOutputMisuse"}},
		{"input shared and misnamed", `
operation A { input: Shared }
operation B { input: Shared }
@input structure Shared {}
`, []string{
			"[ERROR] ns#Shared: Shapes marked with the @input trait cannot be used as input by multiple operations: `ns#A`, `ns#B` | OperationInputOutputMisuse",
			"[WARNING] ns#A: The input of this operation should target a shape that starts with the operation's name, 'A', but the targeted shape is `ns#Shared` | OperationInputOutputName.input",
			"[WARNING] ns#B: The input of this operation should target a shape that starts with the operation's name, 'B', but the targeted shape is `ns#Shared` | OperationInputOutputName.input"}},
		{"operation name ambiguity", `
operation Get { input: Params }
structure Params {}
structure GetRequest {}
`, []string{"[WARNING] ns#GetRequest: The name of this shape implies that it is the input of ns#Get, but that operation uses ns#Params for input. | OperationNameAmbiguity"}},
		{"trait validators", `
@trait(selector: "service")
@traitValidators(
    "myProtocol.NoDocuments": { selector: "~> member :test(> document)", message: "Documents are not supported" }
)
structure myProtocol {}
@myProtocol
service Svc { version: "1", operations: [Op] }
operation Op { input := { doc: Document } }
`, []string{"[ERROR] ns#OpInput$doc: Found an incompatible shape when validating the constraints of the `ns#myProtocol` trait attached to `ns#Svc`: Documents are not supported | myProtocol.NoDocuments"}},
		{"trait validators event IDs", `
@trait
@traitValidators("a.1": { selector: "*" })
structure t {}
`, []string{"[ERROR] ns#t: `smithy.api#traitValidators` key is not a valid event ID: `a.1` | TraitValidators"}},
		{"list recursion", `
list L { member: L }
`, []string{"[ERROR] ns#L: Found invalid shape recursion: ns#L$member > ns#L. A recursive list, set, or map shape is only valid if an intermediate reference is through a union or structure. | ShapeRecursion"}},
		{"required structure recursion", `
structure A { @required b: B }
structure B { @required a: A }
structure Fine { next: Fine }
`, []string{
			"[ERROR] ns#A: Found invalid shape recursion: ns#A$b > ns#B > ns#B$a > ns#A. A structure cannot be mutually recursive through all required members. | ShapeRecursion",
			"[ERROR] ns#B: Found invalid shape recursion: ns#B$a > ns#A > ns#A$b > ns#B. A structure cannot be mutually recursive through all required members. | ShapeRecursion"}},
		{"union recursion", `
union U { a: U }
union Ok { a: U, b: String }
`, []string{"[ERROR] ns#U: It is impossible to create instances of this recursive union | ShapeRecursion"}},
		{"deprecated shape reference", `
@deprecated(message: "use B", since: "1.1")
string A
structure S { a: A }
`, []string{"[WARNING] ns#S$a: Member targets a deprecated shape, ns#A. use B (since 1.1) | DeprecatedShape.ns#A"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := check(t, header+tc.src)
			matchAll(t, tc.name, rep.Events, tc.want)
		})
	}
}

func TestMetadataValidators(t *testing.T) {
	tests := []struct {
		name       string
		src        string
		want       []string
		suppressed []string
	}{
		{"emit each selector", `metadata validators = [{name: "EmitEachSelector", id: "NoLists", configuration: {selector: "list"}}]
namespace ns
list L { member: String }
string S
`, []string{"[DANGER] ns#L: Selector capture matched selector: list | NoLists"}, nil},
		{"message template and variables", `metadata validators = [{
    name: "EmitEachSelector"
    configuration: {
        selector: "$unstable(-[trait]-> [trait|unstable]) ${unstable}"
        messageTemplate: "@{id|name} is @@unstable: @{var|unstable|id} (@{trait|documentation})"
    }
}]
namespace ns
@trait @unstable structure experimental {}
/// Docs
@experimental string S
`, []string{
			"[DANGER] ns#experimental: experimental is @unstable: [ns#experimental] () | EmitEachSelector",
			"[WARNING] ns#S: This shape applies a trait that is unstable: ns#experimental | UnstableTrait.ns#experimental"}, nil},
		{"template on the matched shape", `metadata validators = [{
    name: "EmitEachSelector"
    configuration: {
        selector: "string $unstable(-[trait]-> [trait|unstable]) :test(${unstable})"
        messageTemplate: "@{id|name} applies @{var|unstable|id}; docs @{trait|documentation}, tags @{trait|tags}"
    }
}]
namespace ns
@trait @unstable structure experimental {}
/// Docs
@experimental @tags(["a", "b"]) string S
`, []string{
			"[DANGER] ns#S: S applies [ns#experimental]; docs \"Docs\", tags [\"a\",\"b\"] | EmitEachSelector",
			"[WARNING] ns#S: This shape applies a trait that is unstable: ns#experimental | UnstableTrait.ns#experimental"}, nil},
		{"bind to trait", `metadata validators = [{name: "EmitEachSelector", id: "Documented", configuration: {selector: "*", bindToTrait: documentation}}]
namespace ns
/// Hello
string A
string B
`, []string{"[DANGER] ns#A: Selector capture matched selector: * | Documented"}, nil},
		{"emit none selector", `metadata validators = [{name: "EmitNoneSelector", id: "NoLength", configuration: {selector: "[trait|length]"}}]
namespace ns
string S
`, []string{"[DANGER] -: Expected at least one shape to match selector: [trait|length] | NoLength"}, nil},
		{"definition properties", `metadata validators = [{
    name: "EmitEachSelector", id: "Custom.Id", severity: "WARNING", message: "Custom: {super}", namespaces: ["ns"], selector: "[id|name ^= A]"
    configuration: {selector: "string"}
}]
namespace ns
string A1
string B1
`, []string{"[WARNING] ns#A1: Custom: Selector capture matched selector: string | Custom.Id"}, nil},
		{"unknown validator", `metadata validators = [{name: "NoSuchValidator"}]
namespace ns
`, []string{"[WARNING] -: Unable to locate a validator named `NoSuchValidator` | UnknownValidator_NoSuchValidator"}, nil},
		{"invalid selector", `metadata validators = [{name: "EmitEachSelector", configuration: {selector: "nope"}}]
namespace ns
`, []string{"[ERROR] -: Error creating `EmitEachSelector` validator: Deserialization error at (/selector): unable to create software.amazon.smithy.model.selector.Selector from \"nope\": Unable to deserialize Node using fromNode method: Syntax error at line 1 column 5, near ``: Unknown shape type: nope; expression: nope | Model"}, nil},
		{"validators must be an array", `metadata validators = {}
namespace ns
`, []string{"[ERROR] -: validators must be an array. Found object. | Model"}, nil},
		{"unreferenced shapes", `metadata validators = [{name: "UnreferencedShape"}]
namespace ns
service Svc { version: "1", operations: [Op] }
operation Op { input := { a: Used } }
string Used
string Unused
@trait structure t { x: ForTrait }
string ForTrait
`, []string{"[NOTE] ns#Unused: This shape is unreferenced. It has no modeled connections to shapes that match the following selector: `service` | UnreferencedShape"}, nil},
		// As the reference's IdRefShapeRelationships: a shape ID in a
		// trait value, where the trait's shape has @idRef (on a member,
		// a target, a list member, a map key or value, a union member,
		// the trait itself, deep in a recursive shape), connects the
		// shape it names; a string that is no shape ID, or names none,
		// connects nothing.
		{"unreferenced shapes and @idRef", `metadata validators = [{name: "UnreferencedShape"}]
namespace ns
service Svc { version: "1", operations: [Op] }
@refs(ids: ["ns#ByList"], one: "ns#ByMember", m: {"ns#ByKey": "ns#ByValue"}, u: {id: "ns#ByUnion"}, bad: "not an id", gone: "ns#Gone", deep: {next: {next: {id: "ns#ByDeep"}}})
@self("ns#BySelf")
operation Op {}
@trait structure refs { ids: IdList, @idRef one: String, m: IdMap, u: IdUnion, bad: Id, gone: Id, deep: Rec }
@trait @idRef string self
@idRef string Id
list IdList { member: Id }
map IdMap { key: Id, value: Id }
union IdUnion { id: Id }
structure Rec { next: Rec, @idRef id: String }
string ByList
string ByMember
string ByKey
string ByValue
string ByUnion
string ByDeep
string BySelf
@self("ns#ByUnused")
string Unused
string ByUnused
`, []string{
			"[NOTE] ns#ByUnused: This shape is unreferenced. | UnreferencedShape",
			"[NOTE] ns#Unused: This shape is unreferenced. | UnreferencedShape"}, nil},
		{"suppressions", `metadata validators = [{name: "EmitEachSelector", id: "Lists", configuration: {selector: "list"}}]
metadata suppressions = [{id: "Lists", namespace: "other", reason: "not ours"}]
namespace ns
list A { member: String }
@suppress(["Lists"])
list B { member: String }
`, []string{"[DANGER] ns#A: Selector capture matched selector: list | Lists"}, []string{"[DANGER] ns#B: Selector capture matched selector: list | Lists"}},
		{"metadata suppression with reason", `metadata validators = [{name: "EmitEachSelector", id: "Lists.Sub", configuration: {selector: "list"}}]
metadata suppressions = [{id: "Lists", namespace: "*", reason: "not now"}]
namespace ns
list A { member: String }
`, nil, []string{"[DANGER] ns#A: Selector capture matched selector: list | Lists.Sub"}},
		{"errors cannot be suppressed", `metadata suppressions = [{id: "TraitTarget", namespace: "*"}]
namespace ns
@suppress(["TraitTarget"])
@idempotent
string S
`, []string{"[ERROR] ns#S: Trait `idempotent` cannot be applied to `ns#S`. | TraitTarget"}, nil},
		{"severity overrides", `metadata validators = [{name: "EmitEachSelector", id: "Note.Lists", severity: "NOTE", configuration: {selector: "list"}}]
metadata severityOverrides = [{id: "Note", namespace: "ns", severity: "DANGER"}]
namespace ns
list A { member: String }
`, []string{"[DANGER] ns#A: Selector capture matched selector: list | Note.Lists"}, nil},
		{"bad severity override", `metadata severityOverrides = [{id: "X", namespace: "*", severity: "ERROR"}, true]
namespace ns
`, []string{
			"[ERROR] -: Expected one of `DANGER`, `WARNING`; got `ERROR`. | Model",
			"[ERROR] -: Expected array element 1 to be a object but found boolean. | Model"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := check(t, "$version: \"2\"\n"+tc.src)
			matchAll(t, tc.name, rep.Events, tc.want)
			var sup []model.Event
			for _, s := range rep.Suppressed {
				sup = append(sup, s.Event)
			}
			matchAll(t, tc.name+" (suppressed)", sup, tc.suppressed)
		})
	}
}

func TestSuppressionReason(t *testing.T) {
	rep := check(t, `$version: "2"
metadata validators = [{name: "EmitEachSelector", id: "Lists", configuration: {selector: "list"}}]
metadata suppressions = [{id: "Lists", namespace: "ns", reason: "legacy"}]
namespace ns
list A { member: String }
`)
	if len(rep.Suppressed) != 1 || rep.Suppressed[0].Reason != "legacy" {
		t.Errorf("Suppressed = %+v, want one event with reason legacy", rep.Suppressed)
	}
	if rep.HasErrors() {
		t.Errorf("HasErrors with only a suppressed DANGER: %v", rep.Events)
	}
}

func TestExtraValidatorsAndStages(t *testing.T) {
	var ran []string
	v := func(name string, st validate.Stage, sev model.Severity) validate.Validator {
		return validate.Validator{Name: name, Stage: st, Check: func(m *model.Model) []model.Event {
			ran = append(ran, name)
			return []model.Event{{Severity: sev, ID: name, Message: "from " + name}}
		}}
	}
	rep := check(t, header+"string S\n",
		validate.WithValidators(v("CriticalError", validate.StageCritical, model.ErrorSeverity), v("Later", validate.StageDefault, model.Warning)))
	if strings.Join(ran, ",") != "CriticalError" {
		t.Errorf("ran %v: a stage after an ERROR ran", ran)
	}
	matchAll(t, "stages", rep.Events, []string{"[ERROR] -: from CriticalError | CriticalError"})
}

func TestContinueAfterCritical(t *testing.T) {
	src := header + `
@trait(selector: "operation") @unstable
structure beta {}
@beta
string S
`
	matchAll(t, "staged", check(t, src).Events, []string{"[ERROR] ns#S: Trait `ns#beta` cannot be applied to `ns#S`. | TraitTarget"})
	matchAll(t, "legacy", check(t, src, validate.ContinueAfterCritical()).Events, []string{
		"[ERROR] ns#S: Trait `ns#beta` cannot be applied to `ns#S`. | TraitTarget",
		"[WARNING] ns#S: This shape applies a trait that is unstable: ns#beta | UnstableTrait.ns#beta"})
}

func TestContainsID(t *testing.T) {
	tests := []struct {
		event, id string
		want      bool
	}{
		{"Foo", "Foo", true},
		{"Foo.Bar", "Foo", true},
		{"Foo.Bar.Baz", "Foo", true},
		{"Foo.", "Foo.", true},
		{"Foo.", "Foo", true},
		{"Foo", "Foo.", false},
		{"Foosball", "Foo", false},
		{"Foo", "Foo.Bar", false},
		{"Abc.Foo.Bar", "Foo.Bar", false},
	}
	for _, tc := range tests {
		if got := validate.ContainsID(tc.event, tc.id); got != tc.want {
			t.Errorf("ContainsID(%q, %q) = %v, want %v", tc.event, tc.id, got, tc.want)
		}
	}
}

func TestPreludeIsValid(t *testing.T) {
	rep := check(t, header)
	matchAll(t, "prelude", rep.Events, nil)
}

func TestBuiltinNamespaces(t *testing.T) {
	src := `$version: "2"
metadata validators = [{name: "EmitEachSelector", id: "Lists", configuration: {selector: "list"}}]
namespace ns
list A { member: String }
`
	a := assembly.New()
	_ = a.AddSource("a.smithy", []byte(src))
	_ = a.AddSource("lib.smithy", []byte("$version: \"2\"\nnamespace lib\nlist B { member: String }\n"))
	res, _ := a.Assemble()
	rep := validate.Check(res.Model, validate.Builtin("lib"))
	matchAll(t, "builtin", rep.Events, []string{"[DANGER] ns#A: Selector capture matched selector: list | Lists"})
}

func TestPrivateAccess(t *testing.T) {
	a := assembly.New()
	_ = a.AddSource("a.smithy", []byte(`$version: "2"
namespace other
@private string Secret
@private @trait structure hidden {}
@mixin structure M { @private field: String }
`))
	_ = a.AddSource("b.smithy", []byte(`$version: "2"
namespace ns
structure S { a: other#Secret }
@other#hidden string T
`))
	res, _ := a.Assemble()
	rep := validate.Check(res.Model, validate.WithEvents(res.Events))
	matchAll(t, "private", rep.Events, []string{
		"[ERROR] ns#S$a: This shape has an invalid member_target relationship that targets a private shape, `other#Secret`, in another namespace. | PrivateAccess",
		"[WARNING] ns#T: This shape has an invalid trait relationship that targets a private shape, `other#hidden`, in another namespace. | PrivateAccess",
		"[WARNING] other#M$field: The `@private` trait does not prevent a mixin member from being inherited | PrivateMixinMember",
	})
}
