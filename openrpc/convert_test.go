package openrpc_test

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
	"github.com/smithy-validation/go/rpc"
)

// at returns the value at a JSON Pointer of n.
func at(t testing.TB, n node.Node, ptr string) node.Node {
	t.Helper()
	cur := n
	for _, seg := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		if seg == "" {
			continue
		}
		seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
		switch cur.Kind() {
		case node.Object:
			v, ok := cur.Get(seg)
			if !ok {
				t.Fatalf("%s: no member %q", ptr, seg)
			}
			cur = v
		case node.Array:
			i, err := strconv.Atoi(seg)
			if err != nil || i >= cur.Len() {
				t.Fatalf("%s: no element %q", ptr, seg)
			}
			cur = cur.Elems()[i]
		default:
			t.Fatalf("%s: %q is inside a %s", ptr, seg, cur.Kind())
		}
	}
	return cur
}

func compact(n node.Node) string { return string(node.Marshal(n)) }

func convert(t testing.TB, src, svc string, cfg openrpc.Config) *openrpc.Result {
	t.Helper()
	m := assemble(t, map[string]string{"model.smithy": src})
	res, err := openrpc.Convert(m, shapeid.MustParse(svc), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// The seed's Calculator: passes the metaschema (Convert checks every
// document), subtract takes either form, both params required and in
// positional order, and the result is the value member's schema.
func TestCalculatorAcceptance(t *testing.T) {
	m := assembleFile(t, "../examples/calculator/calculator.smithy")
	res, err := openrpc.Convert(m, shapeid.MustParse("example#Calculator"), openrpc.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if f, err := openrpc.CheckDocument(res.JSON); err != nil || len(f) > 0 {
		t.Fatalf("metaschema: %v %v", f, err)
	}
	d := res.Document
	if got := at(t, d, "/methods/0/name").StringValue(); got != "subtract" {
		t.Fatalf("method %q", got)
	}
	if got := at(t, d, "/methods/0/paramStructure").StringValue(); got != "either" {
		t.Errorf("paramStructure %q, want either", got)
	}
	for i, name := range []string{"minuend", "subtrahend"} {
		p := at(t, d, "/methods/0/params/"+strconv.Itoa(i))
		if at(t, p, "/name").StringValue() != name || !at(t, p, "/required").BoolValue() {
			t.Errorf("param %d = %s, want %s required", i, compact(p), name)
		}
	}
	if n := at(t, d, "/methods/0/params").Len(); n != 2 {
		t.Errorf("%d params", n)
	}
	if got := at(t, d, "/methods/0/result/name").StringValue(); got != "value" {
		t.Errorf("result name %q", got)
	}
	want := compact(at(t, d, "/components/schemas/SubtractOutput/properties/value"))
	if got := compact(at(t, d, "/methods/0/result/schema")); got != want {
		t.Errorf("result schema %s, want the value member's %s", got, want)
	}
	if got := compact(at(t, d, "/methods/0/errors/0")); got != `{"code":1001,"message":"An application error whose `+"`data`"+` is the detail member."}` {
		t.Errorf("error %s", got)
	}
	if got := compact(at(t, d, "/x-smithy-jsonrpc/versions")); got != `["1.0","2.0"]` {
		t.Errorf("versions %s", got)
	}
	res2, err := openrpc.Convert(m, shapeid.MustParse("example#Calculator"), openrpc.Config{})
	if err != nil || !bytes.Equal(res.JSON, res2.JSON) {
		t.Errorf("a second export differs (err %v)", err)
	}
	if res.Service.Version() != rpc.V2_0 {
		t.Errorf("prepared for %v", res.Service.Version())
	}
}

const head = `$version: "2"
namespace example
use smithy.rpc#jsonRpc
use smithy.rpc#method
use smithy.rpc#rpcError
`

const shapesModel = head + `
@jsonRpc(versions: ["2.0"])
service S { version: "2024-01-01", operations: [Op] }

@method(name: "op")
operation Op { input: In, output: Out }

structure In {
    @required
    @jsonName("the-name")
    name: Name
    @range(max: 12345678901234567890)
    big: BigInteger
    @range(min: 0.5, max: 1e3)
    dec: BigDecimal
    @length(min: 2)
    shortName: Name
    b: Byte
    f: Float
    @range(min: 0)
    d: Double
    flag: Boolean
    when: Timestamp
    @timestampFormat("epoch-seconds")
    epoch: Timestamp
    @timestampFormat("http-date")
    http: Timestamp
    data: Blob
    doc: Document
    color: Color
    level: Level
    tags: TagSet
    sparse: SparseList
    counts: CountMap
    tree: Tree
    choice: Choice
}

@pattern("^[a-z]+$")
@length(max: 10)
string Name

enum Color {
    RED
    GREEN = "green"
}
intEnum Level {
    LOW = 1
    HIGH = 10
}

@length(min: 1)
@uniqueItems
list TagSet { member: String }

@sparse
list SparseList { member: Integer }

map CountMap { key: Name, value: Long }

structure Tree { children: Forest }
list Forest { member: Tree }

union Choice { text: String, number: Integer }

structure Out {}
`

func TestSchemas(t *testing.T) {
	res := convert(t, shapesModel, "example#S", openrpc.Config{})
	d := res.Document
	comp := "/components/schemas/"
	prop := comp + "In/properties/"
	cases := []struct{ name, ptr, want string }{
		{"jsonName ignored under MemberNames", prop + "name", `{"$ref":"#/components/schemas/Name"}`},
		{"constrained string", comp + "Name", `{"type":"string","maxLength":10,"pattern":"^[a-z]+$"}`},
		{"exact big bound", prop + "big", `{"anyOf":[{"type":"integer","maximum":12345678901234567890},{"type":"null"}],"x-smithy-null":"absent"}`},
		{"exact decimal bounds", prop + "dec/anyOf/0", `{"type":"number","minimum":0.5,"maximum":1e3}`},
		{"member length replaces the target's, titled with the target's component", prop + "shortName/anyOf/0", `{"type":"string","title":"Name","minLength":2,"pattern":"^[a-z]+$"}`},
		{"byte range", prop + "b/anyOf/0", `{"type":"integer","minimum":-128,"maximum":127}`},
		{"float: the engine's overflow limit, 2^128-2^103, exclusive", prop + "f/anyOf/0", `{"anyOf":[{"type":"number","exclusiveMinimum":-340282356779733661637539395458142568448,"exclusiveMaximum":340282356779733661637539395458142568448},{"enum":["NaN","Infinity","-Infinity"]}]}`},
		{"ranged double keeps Infinity and its overflow limit, 2^1024-2^970", prop + "d/anyOf/0", `{"anyOf":[{"type":"number","minimum":0,"exclusiveMaximum":179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792},{"enum":["Infinity"]}]}`},
		{"boolean", prop + "flag/anyOf/0", `{"type":"boolean"}`},
		{"timestamp default", prop + "when/anyOf/0", `{"type":"string","format":"date-time","pattern":"^(?:[1-9][0-9]{3}|0[1-9][0-9]{2}|00[1-9][0-9]|000[1-9])-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?Z$"}`},
		{"epoch-seconds within years 1..9999", prop + "epoch/anyOf/0", `{"type":"number","minimum":-62135596800,"exclusiveMaximum":253402300800}`},
		{"http-date", prop + "http/anyOf/0/type", `"string"`},
		{"blob base64", prop + "data/anyOf/0/contentEncoding", `"base64"`},
		{"document", prop + "doc/anyOf/0", `{}`},
		{"enum", comp + "Color", `{"type":"string","enum":["RED","green"]}`},
		{"intEnum", comp + "Level", `{"type":"integer","enum":[1,10]}`},
		{"set", comp + "TagSet", `{"type":"array","items":{"type":"string"},"minItems":1,"uniqueItems":true}`},
		{"sparse list", comp + "SparseList", `{"type":"array","items":{"anyOf":[{"type":"integer","minimum":-2147483648,"maximum":2147483647},{"type":"null"}]}}`},
		{"map", comp + "CountMap", `{"type":"object","propertyNames":{"$ref":"#/components/schemas/Name"},"additionalProperties":{"type":"integer","minimum":-9223372036854775808,"maximum":9223372036854775807}}`},
		{"recursion by reference", comp + "Forest", `{"type":"array","items":{"$ref":"#/components/schemas/Tree"}}`},
		{"recursive structure", comp + "Tree/properties/children", `{"anyOf":[{"$ref":"#/components/schemas/Forest"},{"type":"null"}],"x-smithy-null":"absent"}`},
		{"union key-tagged", comp + "Choice/oneOf/0", `{"required":["text"],"properties":{"text":{"not":{"type":"null"}}}}`},
		{"required", comp + "In/required", `["name"]`},
		{"named params: required first", "/methods/0/params/0/name", `"name"`},
		{"by-name", "/methods/0/paramStructure", `"by-name"`},
		{"whole output result", "/methods/0/result/schema", `{"$ref":"#/components/schemas/Out"}`},
		{"info version", "/info/version", `"2024-01-01"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := compact(at(t, d, c.ptr)); got != c.want {
				t.Errorf("%s = %s\nwant %s", c.ptr, got, c.want)
			}
		})
	}
	if !bytes.Contains(res.JSON, []byte(`"maximum": 12345678901234567890`)) {
		t.Error("the exact bound is not written as its token")
	}
}

func TestPolicies(t *testing.T) {
	res := convert(t, shapesModel, "example#S", openrpc.Config{
		MatchJSONNames: true, RejectUnknownMembers: true, RejectNullMembers: true,
		AnyTimestampFormat: true, BlobsAsText: true})
	d := res.Document
	cases := []struct{ name, ptr, want string }{
		{"jsonName", "/components/schemas/In/required", `["the-name"]`},
		{"param wire name", "/methods/0/params/0/name", `"the-name"`},
		{"unknown members rejected", "/components/schemas/In/additionalProperties", `false`},
		{"no null under RejectNullMembers", "/components/schemas/In/properties/b", `{"type":"integer","minimum":-128,"maximum":127}`},
		{"any timestamp format", "/components/schemas/In/properties/when/anyOf/2", `{"type":"number","minimum":-62135596800,"exclusiveMaximum":253402300800}`},
		{"blob as text", "/components/schemas/In/properties/data", `{"type":"string"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := compact(at(t, d, c.ptr)); got != c.want {
				t.Errorf("%s = %s\nwant %s", c.ptr, got, c.want)
			}
		})
	}
}

const conflictModel = `$version: "2"
namespace a
use smithy.rpc#jsonRpc
use smithy.rpc#method

@jsonRpc(versions: ["2.0"])
service S { version: "1", operations: [Op], rename: { "c#Other": "Renamed" } }

@method(name: "op")
operation Op { input: In, output: b#Thing }

structure In { one: Thing, two: c#Other }
structure Thing { x: String }
`

const conflictB = `$version: "2"
namespace b
structure Thing { y: Integer }
`

const conflictC = `$version: "2"
namespace c
structure Other { z: Boolean }
`

func TestNameConflicts(t *testing.T) {
	m := assemble(t, map[string]string{"a.smithy": conflictModel, "b.smithy": conflictB, "c.smithy": conflictC})
	res, err := openrpc.Convert(m, shapeid.MustParse("a#S"), openrpc.Config{})
	if err != nil {
		t.Fatal(err)
	}
	d := res.Document
	var names []string
	for _, f := range at(t, d, "/components/schemas").Fields() {
		names = append(names, f.Key)
	}
	if got := strings.Join(names, ","); got != "In,Renamed,a.Thing,b.Thing" {
		t.Errorf("components %s", got)
	}
	if got := compact(at(t, d, "/methods/0/result/schema")); got != `{"$ref":"#/components/schemas/b.Thing"}` {
		t.Errorf("result %s", got)
	}
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].Code != openrpc.CodeNameConflict {
		t.Errorf("diagnostics %v", res.Diagnostics)
	}
}

const alloyDefs = `$version: "2"
namespace alloy
@trait(selector: "union")
string discriminated
@trait(selector: "union")
structure untagged {}
@trait(selector: "structure > member")
structure nullable {}
@trait(selector: "structure > member")
structure jsonUnknown {}
`

const alloyModel = head + `
use alloy#discriminated
use alloy#untagged
use alloy#nullable
use alloy#jsonUnknown

@jsonRpc(versions: ["2.0"])
service S { version: "1", operations: [Op] }

@method(name: "op", resultMember: "block")
operation Op { input: In, output: Out }

structure In {
    @required
    @nullable
    maybe: String
    id: Id
    loose: Loose
    @required
    @jsonName("progress-token")
    token: Token
}

structure Out { @required block: Block }

@discriminated("type")
union Block { text: TextBlock, @jsonName("img") image: ImageBlock }
structure TextBlock { @required text: String }
structure ImageBlock { @required data: Blob }

@untagged
union Id { s: String, n: Integer }

@untagged
union Token { a: String, b: Name }
string Name

structure Loose {
    known: String
    @jsonUnknown
    rest: Extras
}
map Extras { key: String, value: Integer }
`

func TestAlloyTraits(t *testing.T) {
	m := assemble(t, map[string]string{"alloy.smithy": alloyDefs, "model.smithy": alloyModel})
	res, err := openrpc.Convert(m, shapeid.MustParse("example#S"), openrpc.Config{MatchJSONNames: true})
	if err != nil {
		t.Fatal(err)
	}
	d := res.Document
	comp := "/components/schemas/"
	cases := []struct{ name, ptr, want string }{
		{"nullable required member", comp + "In/properties/maybe", `{"anyOf":[{"type":"string"},{"type":"null"}]}`},
		{"nullable stays required", comp + "In/required", `["maybe","progress-token"]`},
		{"discriminated branch const", comp + "Block/oneOf/0/properties/type", `{"const":"text"}`},
		{"discriminated jsonName", comp + "Block/oneOf/1/properties/type", `{"const":"img"}`},
		{"discriminator required", comp + "Block/oneOf/1/required", `["type","data"]`},
		{"untagged disjoint: oneOf", comp + "Id", `{"oneOf":[{"type":"string"},{"type":"integer","minimum":-2147483648,"maximum":2147483647}]}`},
		{"untagged overlapping: anyOf", comp + "Token/anyOf/1", `{"$ref":"#/components/schemas/Name"}`},
		{"jsonUnknown", comp + "Loose/additionalProperties", `{"type":"integer","minimum":-2147483648,"maximum":2147483647}`},
		{"jsonUnknown member is no property", comp + "Loose/properties", `{"known":{"anyOf":[{"type":"string"},{"type":"null"}],"x-smithy-null":"absent"}}`},
		{"result member", "/methods/0/result/schema", `{"$ref":"#/components/schemas/Block"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := compact(at(t, d, c.ptr)); got != c.want {
				t.Errorf("%s = %s\nwant %s", c.ptr, got, c.want)
			}
		})
	}
	var loss bool
	for _, x := range res.Diagnostics {
		loss = loss || x.Code == openrpc.CodeLoss && x.Shape == shapeid.MustParse("example#Token")
	}
	if !loss {
		t.Errorf("no loss diagnostic for the overlapping untagged union: %v", res.Diagnostics)
	}
}

func TestOnlyVersion1(t *testing.T) {
	m := assemble(t, map[string]string{"m.smithy": head + `
@jsonRpc(versions: ["1.0"])
service S { version: "1", operations: [Op] }
@method(name: "op", params: "positional", positional: [])
operation Op {}
`})
	_, err := openrpc.Convert(m, shapeid.MustParse("example#S"), openrpc.Config{})
	if !errors.Is(err, openrpc.ErrNoVersion2) {
		t.Fatalf("err = %v", err)
	}
}

func TestPrepareErrorsPassThrough(t *testing.T) {
	m := assemble(t, map[string]string{"m.smithy": head + `
@jsonRpc(versions: ["2.0"])
service S { version: "1", operations: [Op] }
@method(name: "op", resultMember: "nope")
operation Op { output: O }
structure O {}
`})
	_, err := openrpc.Convert(m, shapeid.MustParse("example#S"), openrpc.Config{})
	var me *rpc.ModelError
	if !errors.As(err, &me) || !strings.Contains(err.Error(), `resultMember names "nope"`) {
		t.Fatalf("err = %v", err)
	}
}

const richModel = head + `
@jsonRpc(versions: ["2.0"])
@title("Rich service")
service S { version: "3", operations: [Get, Put, Ping], errors: [Oops] }

/// Gets a thing.
@method(name: "get", params: "positional", positional: ["opt", "id"])
@tags(["read", "things"])
@examples([
    { title: "one", documentation: "Gets one.", input: { id: "x", opt: 1 }, output: { thing: { label: "L" } } }
    { title: "broken", input: { id: "y" }, error: { shapeId: Oops, content: { message: "no" } } }
    { title: "missing id", input: { opt: 2 }, output: {} }
    { title: "allowed", input: { opt: 2 }, output: {}, allowConstraintErrors: true }
    { title: "bad result", input: { id: "z" }, output: { thing: { label: 5 } } }
])
operation Get { input: GetIn, output: GetOut }

@method(name: "put", nullResult: true)
@deprecated
operation Put { input: PutIn }

@method(name: "ping")
operation Ping {}

structure GetIn { opt: Integer, @required id: String }
structure GetOut { thing: Thing }
structure Thing { @jsonName("lbl") label: String }
structure PutIn { @required thing: Thing }

/// Something went wrong. Really wrong.
@error("server")
@rpcError(code: 5, noData: true)
structure Oops { message: String }
`

func TestMethods(t *testing.T) {
	res := convert(t, richModel, "example#S", openrpc.Config{MatchJSONNames: true, Info: openrpc.Info{Description: "configured", License: &openrpc.License{Name: "MIT"}}})
	d := res.Document
	cases := []struct{ name, ptr, want string }{
		{"title", "/info/title", `"Rich service"`},
		{"info override", "/info/description", `"configured"`},
		{"license", "/info/license", `{"name":"MIT"}`},
		{"methods by wire name", "/methods/0/name", `"get"`},
		{"positional order kept", "/methods/0/params/0/name", `"opt"`},
		{"optional first is not required", "/methods/0/params/0/required", `false`},
		{"by-position", "/methods/0/paramStructure", `"by-position"`},
		{"tags", "/methods/0/tags", `[{"name":"read"},{"name":"things"}]`},
		{"example params in descriptor order", "/methods/0/examples/0/params", `[{"name":"opt","value":1},{"name":"id","value":"x"}]`},
		{"example result in wire names", "/methods/0/examples/0/result", `{"name":"result","value":{"thing":{"lbl":"L"}}}`},
		{"error example left out", "/methods/0/examples/0", `{"name":"one","description":"Gets one.","params":[{"name":"opt","value":1},{"name":"id","value":"x"}],"result":{"name":"result","value":{"thing":{"lbl":"L"}}}}`},
		{"invalid example kept", "/methods/0/examples/1/name", `"missing id"`},
		{"service error message", "/methods/0/errors/0", `{"code":5,"message":"Something went wrong."}`},
		{"no data", "/methods/0/x-smithy-errors/0", `{"code":5,"error":"example#Oops","data":"none"}`},
		{"no input", "/methods/1/params", `[]`},
		{"unit result", "/methods/1/result/schema", `{"type":"object"}`},
		{"null result", "/methods/2/result", `{"name":"result","schema":{"type":"null"}}`},
		{"deprecated", "/methods/2/deprecated", `true`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := compact(at(t, d, c.ptr)); got != c.want {
				t.Errorf("%s = %s\nwant %s", c.ptr, got, c.want)
			}
		})
	}
	var msgs []string
	for _, x := range res.Diagnostics {
		msgs = append(msgs, x.String())
	}
	want := []string{
		`loss example#S: positional params beyond a method's Content Descriptors are an error (params-too-many, -32602), which OpenRPC cannot say: a client reading the document may send more (1 method takes params by position: "get")`,
		`example-invalid method "get" example#Get: example "bad result": its result fails validation: type /result/thing/lbl: expected a string, found an integer`,
		`example-invalid method "get" example#Get: example "missing id": its params fail validation: required /params: missing required member id`,
		`loss method "get" example#Get: example "broken" shows an error, which an OpenRPC Example Pairing cannot: it is left out`,
		`loss method "get" example#GetIn$id: required positional param "id" follows optional "opt": OpenRPC lists required params first, so the descriptors keep the wire order and the omitted optional params must be sent as explicit values`,
	}
	if got := strings.Join(msgs, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}

func TestExtensionsOmitted(t *testing.T) {
	m := assembleFile(t, "../examples/calculator/calculator.smithy")
	res, err := openrpc.Convert(m, shapeid.MustParse("example#Calculator"), openrpc.Config{Extensions: openrpc.ExtensionsOmit})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(res.JSON, []byte(`"x-`)) {
		t.Error("an x- field was written")
	}
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, d.String())
	}
	want := "loss example#Calculator: an optional member's null is its absence and a @nullable member's a value (RejectNullMembers refuses only the first), but both schemas take null: without x-smithy-null they do not say which, and an import makes every optional member @nullable\n" +
		"loss example#Calculator: positional params beyond a method's Content Descriptors are an error (params-too-many, -32602), which OpenRPC cannot say: a client reading the document may send more (1 method takes params by position: \"subtract\")\n" +
		"loss example#Calculator: the service also serves JSON-RPC 1.0, which OpenRPC does not describe (x-smithy-jsonrpc omitted)\n" +
		`loss method "subtract" example#CalculatorError: the schema of error 1001's data has no place in standard OpenRPC (x-smithy-errors omitted)`
	if strings.Join(got, "\n") != want {
		t.Errorf("diagnostics:\n%s", strings.Join(got, "\n"))
	}
}

// With rpc.discover prepared, the document lists it as the specification
// writes it, a server can answer the call with the document, and that
// answer passes both rpc (any object) and the document's own result
// schema (the metaschema).
func TestDiscover(t *testing.T) {
	m := assembleFile(t, "../examples/calculator/calculator.smithy")
	res, err := openrpc.Convert(m, shapeid.MustParse("example#Calculator"), openrpc.Config{RPCOptions: []rpc.Option{rpc.SystemExtension(rpc.Discover)}})
	if err != nil {
		t.Fatal(err)
	}
	d := res.Document
	if got := compact(at(t, d, "/methods/0")); got != `{"name":"rpc.discover","description":"Returns an OpenRPC schema as a description of this service","params":[],"result":{"name":"OpenRPC Schema","schema":{"$ref":"https://raw.githubusercontent.com/open-rpc/meta-schema/master/schema.json"}}}` {
		t.Errorf("rpc.discover: %s", got)
	}
	call := []byte(`{"jsonrpc":"2.0","method":"rpc.discover","id":7}`)
	reply := res.DiscoverResponse(node.NewNumber("7"))
	if r := res.Service.ValidatePair(call, reply); !r.Valid || len(r.Findings) > 0 {
		t.Errorf("rpc: %v", r.Findings)
	}
	check, err := openrpc.NewChecker(res.JSON)
	if err != nil {
		t.Fatal(err)
	}
	if err := check.CheckParams("rpc.discover", nil); err != nil {
		t.Error(err)
	}
	if err := check.CheckResult("rpc.discover", res.JSON); err != nil {
		t.Errorf("the document fails its own result schema: %v", err)
	}
	if err := check.CheckResult("rpc.discover", []byte(`{"openrpc":"1.3.2"}`)); err == nil || !strings.Contains(err.Error(), "missing required member(s)") {
		t.Errorf("a broken document: %v", err)
	}
	// Without the option the name stays reserved and is not described.
	plain, err := openrpc.Convert(m, shapeid.MustParse("example#Calculator"), openrpc.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(plain.JSON, []byte("rpc.discover")) {
		t.Error("rpc.discover described without the extension")
	}
	if r := plain.Service.ValidateRequest(call); r.Messages[0].RPCError != rpc.MethodNotFound {
		t.Errorf("without the extension: %v", r.Messages)
	}
}

// TestPatternExport: a @pattern means what java.util.regex reads (as the
// reference reads it); the schema gets its ECMA-262 spelling with that
// meaning, or no pattern and a loss diagnostic.
func TestPatternExport(t *testing.T) {
	m := assemble(t, map[string]string{"model.smithy": head + `
@jsonRpc(versions: ["2.0"])
service S { version: "1", operations: [Op] }

@method(name: "op")
operation Op { input: In }

structure In { plain: Plain, dot: Dot, spaces: Spaces, javaOnly: JavaOnly, anchors: Anchors }

@pattern("^[a-z0-9-]+$")
string Plain
@pattern("^.{1,3}$")
string Dot
@pattern("^\\s+$")
string Spaces
@pattern("^\\A[\\p{Print}&&[^|]]+\\z$")
string JavaOnly
@pattern("\\A[a-z]\\x{2028}\\z")
string Anchors
`})
	res, err := openrpc.Convert(m, shapeid.MustParse("example#S"), openrpc.Config{})
	if err != nil {
		t.Fatal(err)
	}
	comp := "/components/schemas/"
	for _, c := range []struct{ name, ptr, want string }{
		{"same spelling", comp + "Plain", `{"type":"string","pattern":"^[a-z0-9-]+$"}`},
		{"Java's dot", comp + "Dot", `{"type":"string","pattern":"^[^\\n\\r` + "\u0085\u2028\u2029" + `]{1,3}$"}`},
		{"Java's \\s", comp + "Spaces", `{"type":"string","pattern":"^[\\t-\\r ]+$"}`},
		{"no ECMA spelling: left out", comp + "JavaOnly", `{"type":"string"}`},
		{"\\A and \\z are ^ and $ exactly", comp + "Anchors", `{"type":"string","pattern":"^[a-z]` + "\u2028" + `$"}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := compact(at(t, res.Document, c.ptr)); got != c.want {
				t.Errorf("%s = %s\nwant %s", c.ptr, got, c.want)
			}
		})
	}
	var loss []string
	for _, x := range res.Diagnostics {
		if x.Code == openrpc.CodeLoss {
			loss = append(loss, x.Shape.String()+": "+x.Message)
		}
	}
	want := []string{
		"example#Dot: " + dollarLoss(`^.{1,3}$`),
		"example#JavaOnly: @pattern \"^\\\\A[\\\\p{Print}&&[^|]]+\\\\z$\" has no ECMA-262 spelling with the meaning the reference gives it (it uses the Java property \\p{Print}): the constraint is left out of the schema",
		"example#Plain: " + dollarLoss(`^[a-z0-9-]+$`),
		"example#Spaces: " + dollarLoss(`^\s+$`),
	}
	if strings.Join(loss, "\n") != strings.Join(want, "\n") {
		t.Errorf("loss diagnostics:\n%s\nwant:\n%s", strings.Join(loss, "\n"), strings.Join(want, "\n"))
	}
}

// dollarLoss is the loss diagnostic of a pattern with a $ anchor.
func dollarLoss(p string) string {
	return fmt.Sprintf("@pattern %q uses $, which java.util.regex also matches before a final line terminator and ECMA-262 does not: the schema rejects a value ending in \\n, \\r\\n, \\r, U+0085, U+2028 or U+2029 that the value engine accepts (docs/patterns.md)", p)
}
