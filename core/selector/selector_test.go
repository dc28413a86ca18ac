package selector_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/selector"
	"github.com/smithy-validation/go/core/shapeid"
)

func load(t *testing.T, src string) *model.Model {
	t.Helper()
	a := assembly.New()
	if err := a.AddSource("test.smithy", []byte(src)); err != nil {
		t.Fatalf("load: %v", err)
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatalf("assemble: %v", err)
	}
	for _, e := range res.Events {
		if e.Severity == model.ErrorSeverity {
			t.Fatalf("assemble: %s", e)
		}
	}
	return res.Model
}

type selectCase struct {
	name     string
	selector string
	want     []string // shape IDs outside smithy.api, sorted; "smithy.api#..." entries are checked too
}

// run checks each case: the non-prelude shapes selected must be exactly
// want, and every prelude shape listed in want must be selected.
func run(t *testing.T, m *model.Model, cases []selectCase) {
	t.Helper()
	ev := selector.NewEvaluator(m)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sel, err := selector.Parse(tc.selector)
			if err != nil {
				t.Fatalf("%s: Parse(%q): %v", tc.name, tc.selector, err)
			}
			var got []string
			all := map[string]bool{}
			for _, s := range ev.Select(sel) {
				all[s.ID().String()] = true
				if s.ID().Namespace != shapeid.Prelude {
					got = append(got, s.ID().String())
				}
			}
			var want []string
			for _, w := range tc.want {
				if strings.HasPrefix(w, shapeid.Prelude+"#") {
					if !all[w] {
						t.Errorf("%s: %q does not select %s", tc.name, tc.selector, w)
					}
					continue
				}
				want = append(want, w)
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s: %q\n got: %v\nwant: %v", tc.name, tc.selector, got, want)
			}
			// Matches agrees with Select, shape by shape, through both the
			// evaluator and the one-shot method.
			for _, s := range m.Shapes() {
				for _, x := range append([]*model.Shape{s}, s.Members()...) {
					if x.ID().Namespace == shapeid.Prelude {
						continue
					}
					in := all[x.ID().String()]
					if ev.Matches(sel, x) != in {
						t.Errorf("%s: Matches(%s) = %v, Select says %v", tc.name, x.ID(), !in, in)
					}
				}
			}
		})
	}
}

const typesModel = `$version: "2"
namespace smithy.example

string MyString
@sensitive
string Secret
enum Color { RED GREEN }
intEnum Level {
    LOW = 1
    HIGH = 2
}
integer MyInteger
long MyLong
float MyFloat
blob MyBlob
timestamp MyTime
document MyDoc
list StringList { member: String }
map StringMap { key: String, value: Integer }
structure Struct { foo: String }
union Choice { a: String }
`

func TestShapeTypes(t *testing.T) {
	m := load(t, typesModel)
	run(t, m, []selectCase{
		{"number", "number", []string{"smithy.example#Level", "smithy.example#MyFloat", "smithy.example#MyInteger", "smithy.example#MyLong"}},
		{"string matches enum", "string", []string{"smithy.example#Color", "smithy.example#MyString", "smithy.example#Secret"}},
		{"enum only", "enum", []string{"smithy.example#Color"}},
		{"integer matches intEnum", "integer", []string{"smithy.example#Level", "smithy.example#MyInteger"}},
		{"collection is list", "collection", []string{"smithy.example#StringList"}},
		{"set is list", "set", []string{"smithy.example#StringList"}},
		{"aggregateType", "aggregateType", []string{"smithy.example#Choice", "smithy.example#StringList", "smithy.example#StringMap", "smithy.example#Struct"}},
		{"simpleType", "simpleType :not(number) :not(string)", []string{"smithy.example#MyBlob", "smithy.example#MyDoc", "smithy.example#MyTime"}},
		{"dataType is simple or aggregate", "dataType :not(simpleType)", []string{"smithy.example#Choice", "smithy.example#StringList", "smithy.example#StringMap", "smithy.example#Struct"}},
		{"member", "member [id|namespace = 'smithy.example'] :not([id|name = Color]) :not([id|name = Level])", []string{
			"smithy.example#Choice$a", "smithy.example#StringList$member", "smithy.example#StringMap$key", "smithy.example#StringMap$value", "smithy.example#Struct$foo"}},
		{"sensitive strings", "string [trait|sensitive]", []string{"smithy.example#Secret"}},
		{"compound without spaces", "string[trait|sensitive]", []string{"smithy.example#Secret"}},
		{"star", "*[id|name = MyBlob]", []string{"smithy.example#MyBlob"}},
	})
}

const attrModel = `$version: "2"
namespace smithy.example

@deprecated(since: "2019")
string Old
@deprecated(since: "2021")
string Newer
string _Underscored
string Trailing_
string Mid_dle

structure Query {
    @httpQuery("nextToken")
    token: String
    @httpQuery("pageSize")
    size: Integer
    aVeryLongMemberNameIndeed: String
}

@error("client") @httpError(404)
structure NotFound {}
@error("server") @httpError(503)
structure Unavailable {}

@range(min: 1, max: 10)
integer OneToTen
@range(min: 10, max: 1)
integer Backwards
@length(min: 1)
string AtLeastOne
@length(max: 5)
string AtMostFive
@length(min: 10)
string AtLeastTen

@documentation("TODO: write this")
string Todo
@documentation("ok")
string Short
@externalDocumentation(Homepage: "https://example.com", "Reference Docs": "https://example.com/ref")
string Documented
@tags(["foo", "bar"])
string Tagged
@enum([{value: "a", tags: ["internal"]}, {value: "b", deprecated: true, tags: ["deprecated"]}])
string OldEnum

@trait
structure myTrait {}
@myTrait
string Custom

service MyService { version: "2018-01-01" }
service OtherService { version: "2020-01-01" }
`

func TestAttributes(t *testing.T) {
	m := load(t, attrModel)
	run(t, m, []selectCase{
		{"namespace equals", "[id|namespace = 'smithy.example'] [id|name = Old]", []string{"smithy.example#Old"}},
		{"namespace not equal", "[id|namespace != 'smithy.example'] [id|name = String]", []string{}},
		{"id equals", "[id = smithy.example#Old]", []string{"smithy.example#Old"}},
		{"quoted member id", "[id = 'smithy.example#Query$token']", []string{"smithy.example#Query$token"}},
		{"several values", "[trait|deprecated|since = 2019, 2020]", []string{"smithy.example#Old"}},
		{"starts with", "[id|namespace = smithy.example] [id|name ^= '_']", []string{"smithy.example#_Underscored"}},
		{"ends with", "[id|namespace = smithy.example] [id|name $= '_']", []string{"smithy.example#Trailing_"}},
		{"contains", "[id|namespace = smithy.example] [id|name *= '_'] :not(member)", []string{"smithy.example#Mid_dle", "smithy.example#Trailing_", "smithy.example#_Underscored"}},
		{"exists true", "[trait|required ?= true] [id|namespace = smithy.example]", []string{}},
		{"exists false", "[id|namespace = smithy.example] [trait|length ?= false] string :not(enum) [trait|documentation]", []string{"smithy.example#Short", "smithy.example#Todo"}},
		{"case insensitive", "[trait|httpQuery *= TOKEN i]", []string{"smithy.example#Query$token"}},
		{"case sensitive", "[trait|httpQuery *= TOKEN]", []string{}},
		{"greater than", "[trait|httpError > 500]", []string{"smithy.example#Unavailable"}},
		{"not a number", `[trait|httpError >= "not a number!"]`, []string{}},
		{"less or equal", "[trait|httpError <= 404]", []string{"smithy.example#NotFound"}},
		{"range min", "[trait|range|min = 1]", []string{"smithy.example#OneToTen"}},
		{"whitespace is insignificant", "[trait | range\n    | min = 1 ]", []string{"smithy.example#OneToTen"}},
		{"member name", "[id|member = token]", []string{"smithy.example#Query$token"}},
		{"id length", "[id|(length) > 45]", []string{"smithy.example#Query$aVeryLongMemberNameIndeed"}},
		{"member length", "[id|member|(length) > 20]", []string{"smithy.example#Query$aVeryLongMemberNameIndeed"}},
		{"service attribute", "[service] [id|namespace = smithy.example]", []string{"smithy.example#MyService", "smithy.example#OtherService"}},
		{"service id", "[service = smithy.example#MyService]", []string{"smithy.example#MyService"}},
		{"service version", "[service|version ^= '2018-']", []string{"smithy.example#MyService"}},
		{"service id name", "[service|id|name = OtherService]", []string{"smithy.example#OtherService"}},
		{"trait keys namespace", "[trait|(keys)|namespace = 'smithy.example']", []string{"smithy.example#Custom"}},
		{"trait values property", "[trait|(values)|tags] [id|namespace = smithy.example]", []string{}},
		{"trait length", "[trait|(length) > 1] [id|namespace = smithy.example]", []string{"smithy.example#NotFound", "smithy.example#Unavailable"}},
		{"error equals", "[trait|error = client]", []string{"smithy.example#NotFound"}},
		{"error not equal", "[trait|error != client]", []string{"smithy.example#Unavailable"}},
		{"documentation contains any", "[trait|documentation *= TODO, FIXME]", []string{"smithy.example#Todo"}},
		{"absolute trait id", "[trait|smithy.api#deprecated]", []string{"smithy.example#Newer", "smithy.example#Old"}},
		{"custom trait", "[trait|smithy.example#myTrait]", []string{"smithy.example#Custom"}},
		{"node keys", "[trait|externalDocumentation|(keys) = Homepage]", []string{"smithy.example#Documented"}},
		{"nested projection", "[trait|enum|(values)|tags|(values) = internal]", []string{"smithy.example#OldEnum"}},
		{"projection existence", "[trait|enum|(values)|tags|(values)]", []string{"smithy.example#OldEnum"}},
		{"string length", "[trait|documentation|(length) < 3]", []string{"smithy.example#Short"}},
		{"quoted property", "[trait|externalDocumentation|'Reference Docs']", []string{"smithy.example#Documented"}},
		{"missing nested property", "[trait|documentation|invalid|child = Hi]", []string{}},
		{"projection compared to value", "[trait|tags|(values) = foo]", []string{"smithy.example#Tagged"}},
		{"first of projection", "[trait|tags|(values)|(first) = foo]", []string{"smithy.example#Tagged"}},
		{"length compliance >", "[trait|length|min > 1]", []string{"smithy.example#AtLeastTen"}},
		{"length compliance >=", "[trait|length|min >= 1] [id|namespace = smithy.example]", []string{"smithy.example#AtLeastOne", "smithy.example#AtLeastTen"}},
		{"length compliance <", "[trait|length|min < 2] [id|namespace = smithy.example]", []string{"smithy.example#AtLeastOne"}},
		{"scoped min greater than max", "[@trait|range: @{min} > @{max}]", []string{"smithy.example#Backwards"}},
		{"scoped projection", `[@trait|enum|(values): @{deprecated} = true && @{tags|(values)} = "deprecated"]`, []string{"smithy.example#OldEnum"}},
		{"scoped and fails", `[@trait|enum|(values): @{deprecated} = true && @{tags|(values)} = "internal"]`, []string{}},
		{"scoped traits applied to themselves", "[trait|trait][@: @{trait|(keys)} = @{id}]", []string{"smithy.api#trait", "smithy.api#documentation"}},
		{"scoped length and several values", "[@trait|httpQuery: @{(length)} = 9 && @{(length)} != 1, 2]", []string{"smithy.example#Query$token"}},
	})
}

func TestScopedAttributesOnTraits(t *testing.T) {
	m := load(t, `$version: "2"
namespace smithy.example

@idRef(failWhenMissing: true)
string NoMessage
@idRef(failWhenMissing: true, errorMessage: "oops")
string WithMessage

@httpApiKeyAuth(name: "X-Api-Token", in: "header")
service A { version: "1" }
@httpApiKeyAuth(name: "x-api-token", in: "query")
service B { version: "1" }
@httpApiKeyAuth(name: "Other", in: "header")
service C { version: "1" }
`)
	run(t, m, []selectCase{
		{"existence assertions", "[@trait|idRef: @{failWhenMissing} = true && @{errorMessage} ?= false]", []string{"smithy.example#NoMessage"}},
		{"several values", "[@trait|httpApiKeyAuth: @{in} = header && @{name} != 'x-api-token', 'authorization']", []string{"smithy.example#A", "smithy.example#C"}},
		{"case insensitive", "[@trait|httpApiKeyAuth: @{in} = HEADER i && @{name} = 'x-api-token', 'authorization' i]", []string{"smithy.example#A"}},
	})
}

const neighborModel = `$version: "2"
namespace smithy.example

@trait(selector: "service")
structure restJson1 {}

@trait(selector: "service")
list allowedTags { member: String }

@restJson1
@allowedTags(["internal", "external"])
service MyService {
    version: "2020-04-28"
    operations: [OperationA, OperationB, OperationC, OperationD]
    resources: [MyResource]
}

operation OperationA {
    input: OperationAInput
    output: OperationAOutput
    errors: [Oops]
}

@tags(["internal"])
operation OperationB {}

@tags(["internal", "external"])
operation OperationC {}

@tags(["invalid"])
@http(method: "GET", uri: "/d")
operation OperationD {}

@input
structure OperationAInput {
    badValue: BadEnum
    goodValue: GoodEnum
    names: NameList
}

@output
structure OperationAOutput {
    count: Count
    body: Body
}

@error("client")
structure Oops {}

@enum([{value: "a", tags: ["internal"]}, {value: "b", tags: ["invalid"]}])
string BadEnum

@enum([{value: "a"}, {value: "b", tags: ["internal", "external"]}, {value: "c", tags: ["internal"]}])
string GoodEnum

list NameList { member: Name }
string Name
integer Count

@streaming
blob Body

@streaming
blob Misplaced

structure Holder { misplaced: Misplaced }

resource MyResource {
    identifiers: { id: ResourceId }
    properties: { name: Name }
    read: GetMyResource
    resources: [Child]
}

resource Child {
    identifiers: { id: ResourceId, childId: ResourceId }
}

string ResourceId

@readonly
operation GetMyResource {
    input := { @required id: ResourceId }
}

@trait
structure unused {}
`

func TestNeighbors(t *testing.T) {
	m := load(t, neighborModel)
	ns := func(names ...string) []string {
		out := make([]string, len(names))
		for i, n := range names {
			out[i] = "smithy.example#" + n
		}
		return out
	}
	run(t, m, []selectCase{
		{"map members", "map > member [id|namespace = smithy.example]", nil},
		{"list member string", "list > member > string [id|namespace = smithy.example]", ns("Name")},
		{"operation relationships", "[id = smithy.example#OperationA] > *", ns("Oops", "OperationAInput", "OperationAOutput")},
		{"directed input output", "operation -[input, output]-> structure", ns("GetMyResourceInput", "OperationAInput", "OperationAOutput")},
		{"resource with identifier", "resource :test(-[identifier]->)", ns("Child", "MyResource")},
		{"resource property", "resource [id|name=MyResource] -[property]->", ns("Name")},
		{"trait relationship", "service :test(-[trait]-> [id|name = restJson1])", ns("MyService")},
		{"traits not followed by >", "service :test(> [id|name = restJson1])", nil},
		{"service closure operations", "service ~> operation", ns("GetMyResource", "OperationA", "OperationB", "OperationC", "OperationD")},
		{"closure without http", "service[trait|smithy.example#restJson1] ~> operation:not([trait|http])", ns("GetMyResource", "OperationA", "OperationB", "OperationC")},
		{"reverse strings of list members", "string :test(< member < list) [id|namespace = smithy.example]", ns("Name")},
		{"reverse chain", "string [id|namespace = smithy.example] < member < list", ns("NameList")},
		{"forward test equivalent", "list :test(> member > string) [id|namespace = smithy.example]", ns("NameList", "allowedTags")},
		{"unreferenced", ":not([trait|trait]) :not(< *) [id|namespace = smithy.example]", ns("Holder", "MyService")},
		{"misplaced streaming", "[trait|streaming] :test(<) :not(< member < structure <-[input, output]- operation)", ns("Misplaced")},
		{"unused traits", "[trait|trait] :not(<-[trait]-) [id|namespace = smithy.example]", ns("unused")},
		{"lifecycle", "resource -[read]->", ns("GetMyResource")},
		{"child resource", "resource -[resource]->", ns("Child")},
		{"deprecated bound", "resource -[bound]->", ns("MyResource", "MyService")},
		{"deprecated instanceOperation", "resource -[instanceOperation]->", ns("GetMyResource")},
		{"unknown relationship never traversed", "operation -[nope]->", nil},
		{"allowed tags", `service
    [trait|smithy.example#allowedTags]
    $service(*)
    ~>
    [trait|tags]
    :not([@: @{trait|tags|(values)} = @{var|service|trait|smithy.example#allowedTags|(values)}])`, ns("OperationD")},
		{"allowed enum tags with = fail", `service [trait|smithy.example#allowedTags] $service(*) ~> [trait|enum]
    :not([@: @{trait|enum|(values)|tags|(values)} = @{var|service|trait|smithy.example#allowedTags|(values)}])`, nil},
		{"allowed enum tags with subset", `service [trait|smithy.example#allowedTags] $service(*) ~> [trait|enum]
    :not([@: @{trait|enum|(values)|tags|(values)} {<} @{var|service|trait|smithy.example#allowedTags|(values)}])`, ns("BadEnum")},
		{"projection equals", "[id = smithy.example#OperationC] [@: @{trait|tags|(values)} {=} @{trait|tags|(values)}]", ns("OperationC")},
		{"projection not equals needs projections", "[id = smithy.example#OperationC] [@: @{trait|tags|(values)} {!=} @{id}]", ns("OperationC")},
		{"proper subset", "service $s(*) ~> operation [@: @{trait|tags|(values)} {<<} @{var|s|trait|smithy.example#allowedTags|(values)}]", ns("OperationB")},
		{"in with variable", `service
    $outputs(~> operation -[output]-> ~> number)
    ~> operation -[input]-> ~> string
    :not(:in(${outputs})) [id|namespace = smithy.example]`, ns("BadEnum", "GoodEnum", "Name", "ResourceId")},
		{"root", "number :in(:root(service ~> operation -[output]-> ~> number)) [id|namespace = smithy.example]", ns("Count")},
		{"root not in", "string :not(:in(:root(service ~> operation -[input]-> ~> string))) [id|namespace = smithy.example]", nil},
		{"variable get", "service $ops(-[operation]->) ${ops} [trait|http]", ns("OperationD")},
		{"missing variable yields nothing", "${nothing}", nil},
		{"is", ":is(list, map) [id|namespace = smithy.example]", ns("NameList", "allowedTags")},
		{"is yields each", ":is(list > member > *, resource > *) [id|namespace = smithy.example] :not(member)", ns("Child", "GetMyResource", "Name", "ResourceId")},
		{"each is an alias", ":each(list, integer) [id|namespace = smithy.example]", ns("Count", "NameList", "allowedTags")},
		{"not list member string", "list :not(> member > string) [id|namespace = smithy.example]", nil},
		{"test", "list:test(> member > string) [id|namespace = smithy.example]", ns("NameList", "allowedTags")},
		{"test bound without docs", ":test(< resource) :not([trait|documentation]) [id|namespace = smithy.example]", ns("Child", "GetMyResource", "Name", "ResourceId")},
		{"members without length", "structure > member :not([trait|length]) :test(> string :not([trait|length])) [id|name = OperationAInput]", ns("OperationAInput$badValue", "OperationAInput$goodValue")},
		{"service without protocol", "service :not(-[trait]-> [trait|protocolDefinition])", ns("MyService")},
		{"unknown function yields nothing", ":nope(string)", nil},
	})
}

func TestRecursiveAndTopDown(t *testing.T) {
	m := load(t, `$version: "2"
namespace smithy.example

@trait(selector: ":is(service, resource, operation)")
structure dataPlane {}
@trait(selector: ":is(service, resource, operation)")
structure controlPlane {}

@dataPlane
service Example {
    version: "2020-09-08"
    resources: [Foo]
    operations: [OperationA]
}

operation OperationA {}

@controlPlane
resource Foo {
    operations: [OperationB]
    resources: [Baz]
}

@dataPlane
operation OperationB {}

resource Baz {
    operations: [OperationC]
}

operation OperationC {}

@mixin
structure Base {}
@mixin
structure Middle with [Base] {}
structure Leaf with [Middle] {}

string MyShape
structure Uses { a: MyShape }
list UsesList { member: Uses }
`)
	ns := func(names ...string) []string {
		out := make([]string, len(names))
		for i, n := range names {
			out[i] = "smithy.example#" + n
		}
		return out
	}
	run(t, m, []selectCase{
		{"topdown", ":topdown([trait|smithy.example#dataPlane])", ns("Baz", "Example", "Foo", "OperationA", "OperationB", "OperationC")},
		{"topdown disqualifier", ":topdown([trait|smithy.example#dataPlane], [trait|smithy.example#controlPlane])", ns("Example", "OperationA", "OperationB")},
		{"topdown from resources", "resource :topdown([trait|smithy.example#dataPlane], [trait|smithy.example#controlPlane])", ns("OperationB")},
		{"recursive mixins", ":recursive(-[mixin]->) [id=smithy.example#Base]", ns("Base")},
		{"recursive mixin users", "structure :test(:recursive(-[mixin]->) [id=smithy.example#Base])", ns("Leaf", "Middle")},
		{"recursive resource hierarchy", "resource :test(:recursive(<-[resource]-) [id=smithy.example#Example])", ns("Baz", "Foo")},
		{"inverse closure", "[id=smithy.example#MyShape] :recursive(<)", ns("Uses", "Uses$a", "UsesList", "UsesList$member")},
	})
}

func TestSelectOrderAndWarnings(t *testing.T) {
	m := load(t, `$version: "2"
namespace smithy.example
structure B { z: String, a: String }
structure A {}
`)
	sel := selector.MustParse(":is(structure > member, structure) [id|namespace = smithy.example]")
	var got []string
	for _, s := range sel.Select(m) {
		got = append(got, s.ID().String())
	}
	want := "smithy.example#A smithy.example#B smithy.example#B$a smithy.example#B$z"
	if strings.Join(got, " ") != want {
		t.Errorf("Select order:\n got: %v\nwant: %s", got, want)
	}
	if w := selector.MustParse(":each(string) -[nope]-> :what(*)").Warnings(); len(w) != 3 {
		t.Errorf("Warnings = %q, want 3 (each, relationship, function)", w)
	}
	if !selector.MustParse("structure :test(> member) [trait|error]").IsFilter() {
		t.Error("filter selector not recognized")
	}
	if selector.MustParse("structure > member").IsFilter() {
		t.Error("neighbor selector taken for a filter")
	}
}

func TestSyntaxErrors(t *testing.T) {
	tests := []struct {
		name, selector string
		line, column   int
		msg            string
	}{
		{"empty", "", 1, 1, "Unexpected selector EOF"},
		{"bang", "!", 1, 1, "Unexpected selector character: !"},
		{"single quoted text", "'foo'", 1, 1, "Unexpected selector character: '"},
		{"unknown type", "invalid", 1, 8, "Unknown shape type: invalid"},
		{"empty attribute", "[]", 1, 2, "Expected a valid identifier character, but found ']'"},
		{"empty path segment", "[foo|]", 1, 6, "Expected a valid identifier character, but found ']'"},
		{"missing key", "[|]", 1, 2, "Expected a valid identifier character, but found '|'"},
		{"missing value", "[a=]", 1, 4, "Expected a valid identifier character, but found ']'"},
		{"unclosed attribute", "[a=b", 1, 5, "Expected: ']', but found '[EOF]'"},
		{"comparator after type", "string=b", 1, 7, "Unexpected selector character: ="},
		{"unclosed single quote", "[foo=']", 1, 8, "Expected ' to close ]"},
		{"unclosed double quote", `[foo="]`, 1, 8, `Expected " to close ]`},
		{"double equals", "[foo==value]", 1, 6, "Expected a valid identifier character, but found '='"},
		{"caret without equals", "[foo^foo]", 1, 6, "Expected: '=', but found 'f'"},
		{"unclosed is", ":is(:not(string) > list", 1, 24, "Found '[EOF]', but expected one of the following tokens: ')' ','"},
		{"unknown type before neighbor", "foo -[input]->", 1, 4, "Unknown shape type: foo"},
		{"not without parens", ":not", 1, 5, "Expected: '(', but found '[EOF]'"},
		{"not open", ":not(", 1, 6, "Unexpected selector EOF"},
		{"not empty", ":not()", 1, 6, "Unexpected selector character: )"},
		{"unknown function empty", ":nay()", 1, 6, "Unexpected selector character: )"},
		{"trailing comma", ":is(string, )", 1, 13, "Unexpected selector character: )"},
		{"not with two arguments", ":not(string, integer)", 1, 2, "The :not function requires a single selector argument"},
		{"unknown attribute", "[foo]", 1, 2, "Invalid shape selector attribute: foo"},
		{"unknown id property", "[id|nope]", 1, 2, "Invalid nested 'id' selector attribute property: nope"},
		{"unknown service property", "[service|nope]", 1, 2, "Invalid nested 'service' selector attribute property: nope"},
		{"multi-line position", "string\n  [id|", 2, 7, "Expected a valid identifier character, but found '[EOF]'"},
		{"top-level comma", "string, integer", 1, 7, "Unexpected selector character: ,"},
		{"topdown arity", ":topdown(a, b, c)", 1, 11, "Unknown shape type: a"},
		{"topdown too many", ":topdown(string, string, string)", 1, 2, "The :topdown function accepts 1 or 2 selectors, but found 3"},
	}
	for _, tc := range tests {
		_, err := selector.Parse(tc.selector)
		var se *selector.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%s: Parse(%q) = %v, want a *SyntaxError", tc.name, tc.selector, err)
			continue
		}
		if se.Line != tc.line || se.Column != tc.column || se.Msg != tc.msg {
			t.Errorf("%s: Parse(%q)\n got: %d:%d %s\nwant: %d:%d %s", tc.name, tc.selector, se.Line, se.Column, se.Msg, tc.line, tc.column, tc.msg)
		}
	}
	// The rendered message follows the reference implementation.
	_, err := selector.Parse("foo -[]->")
	want := "Syntax error at line 1 column 4, near ` -[]->`: Unknown shape type: foo; expression: foo -[]->"
	if err == nil || err.Error() != want {
		t.Errorf("Error() = %v\nwant %s", err, want)
	}
}

func TestCached(t *testing.T) {
	a, err := selector.Cached("structure > member")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := selector.Cached("structure > member")
	if a != b {
		t.Error("Cached compiled the same text twice")
	}
	if _, err := selector.Cached("nope"); err == nil {
		t.Error("Cached hid a syntax error")
	}
}

// TestPreludeSelectors compiles the selector of every prelude trait
// definition: none may fail or need a tolerance warning.
func TestPreludeSelectors(t *testing.T) {
	m := load(t, "$version: \"2\"\nnamespace smithy.example\n")
	traitID := preludeid.Trait
	n := 0
	for _, s := range m.Shapes() {
		def, ok := s.Trait(traitID)
		if !ok {
			continue
		}
		text := "*"
		if v, ok := def.Get("selector"); ok {
			text = v.StringValue()
		}
		sel, err := selector.Cached(text)
		if err != nil {
			t.Errorf("%s: selector %q: %v", s.ID(), text, err)
			continue
		}
		if w := sel.Warnings(); len(w) > 0 {
			t.Errorf("%s: selector %q: warnings %q", s.ID(), text, w)
		}
		sel.Select(m)
		n++
	}
	if n < 50 {
		t.Errorf("only %d trait definitions found in the prelude", n)
	}
}

func TestTemplate(t *testing.T) {
	m := load(t, `$version: "2"
namespace smithy.example
/// Hello
@tags(["a"])
string A
`)
	tmpl, err := selector.ParseTemplate("@{id|name} has @@docs @{trait|documentation}, tags @{trait|tags}, @{trait|tags|(values)}, missing [@{trait|nope}]")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	selector.NewEvaluator(m).Each(selector.MustParse("[id = smithy.example#A]"), func(mt selector.Match) {
		got = append(got, tmpl.Expand(mt))
	})
	want := `A has @docs "Hello", tags ["a"], ["a"], missing []`
	if len(got) != 1 || got[0] != want {
		t.Errorf("Expand = %q, want %q", got, want)
	}
	if _, err := selector.ParseTemplate("bad @ here"); err == nil {
		t.Error("ParseTemplate accepted a lone @")
	}
}

// TestUnitIsNoInputOrOutput checks that smithy.api#Unit is no operation's
// input or output and no enum member's target, as in the reference
// implementation's neighbor provider, while a union member may target it:
// selectors see the relationship list of core/model, which left Unit out
// of neither until the AWS models showed it.
func TestUnitIsNoInputOrOutput(t *testing.T) {
	m := load(t, `$version: "2"
namespace ns
service S { version: "1", operations: [UnitOp, In] }
operation UnitOp { input: Unit, output: smithy.api#Unit }
operation In { input: OpIn }
structure OpIn { e: E }
enum E { A }
structure Unit {}
union U { a: smithy.api#Unit }
`)
	ev := selector.NewEvaluator(m)
	for _, tc := range []struct {
		name, selector string
		unit           bool // smithy.api#Unit is selected
		want           []string
	}{
		{"an explicit or default Unit input and output are none", "operation -[input, output]-> *", false, []string{"ns#OpIn", "ns#Unit"}},
		{"a service's closure has no Unit", "service ~> *", false, []string{"ns#E", "ns#E$A", "ns#In", "ns#OpIn", "ns#OpIn$e", "ns#Unit", "ns#UnitOp"}},
		{"a Unit input or output has no reverse relationship", "structure[id=smithy.api#Unit] <-[input, output]- *", false, nil},
		{"an enum member targets nothing", "enum > member > *", false, nil},
		{"a union member targets Unit", "union > member > *", true, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sel, err := selector.Parse(tc.selector)
			if err != nil {
				t.Fatal(err)
			}
			unit := false
			var got []string
			for _, s := range ev.Select(sel) {
				if s.ID().String() == "smithy.api#Unit" {
					unit = true
				} else if s.ID().Namespace != shapeid.Prelude {
					got = append(got, s.ID().String())
				}
			}
			if unit != tc.unit {
				t.Errorf("%s: %q selects smithy.api#Unit: %v, want %v", tc.name, tc.selector, unit, tc.unit)
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("%s: %q\n got: %v\nwant: %v", tc.name, tc.selector, got, tc.want)
			}
		})
	}
}
