package validate_test

import (
	"fmt"
	"strings"
	"testing"
)

func TestHTTPBindingValidators(t *testing.T) {
	runFamily(t, []string{"HttpLabelTrait", "HttpQueryTrait", "HttpQueryParamsTrait", "HttpHeaderTrait",
		"HttpPrefixHeadersTrait", "HttpPayload", "HttpBindingsMissing", "HttpBindingTraitIgnored"}, []familyCase{
		{"bound operation", `
service S { version: "1", operations: [Get] }
@http(method: "GET", uri: "/things/{id}?fixed=1") @readonly
operation Get { input: GetInput, output: GetOutput }
@input structure GetInput { @httpLabel @required id: String, @httpQuery("q") q: String, @httpHeader("X-A") a: String }
@output structure GetOutput { @httpHeader("X-B") b: String, body: String }
`, nil},
		{"label matched case-insensitively but not by name", `
@http(method: "GET", uri: "/things/{Id}") @readonly
operation Get { input: GetInput }
@input structure GetInput { @httpLabel @required id: String }
`, []string{"[ERROR] ns#Get: This operation uses `ns#GetInput` as input, but the following URI labels found in the operation's `http` trait do not have a corresponding member marked with the `httpLabel` trait: `Id` | HttpLabelTrait"}},
		{"greedy label binds an enum and an integer", `
@http(method: "GET", uri: "/e/{e+}") @readonly
operation E { input := { @httpLabel @required e: Color } }
@http(method: "GET", uri: "/i/{i+}") @readonly
operation I { input := { @httpLabel @required i: Integer } }
enum Color { RED }
`, []string{"[ERROR] ns#IInput$i: The `i` structure member corresponds to a greedy label when used as the input of the `ns#I` operation. This member targets (integer: `smithy.api#Integer`), but greedy labels must target string shapes. | HttpLabelTrait"}},
		{"operation without input has labels", `
@http(method: "GET", uri: "/{a}/{b}") @readonly
operation NoInput {}
`, []string{"[ERROR] ns#NoInput: This operation uses `smithy.api#Unit` as input, but the following URI labels found in the operation's `http` trait do not have a corresponding member marked with the `httpLabel` trait: `a`, `b` | HttpLabelTrait"}},
		{"query literal only conflicts with its own operation", `
@http(method: "POST", uri: "/a?mode=x")
operation A { input: Shared }
@http(method: "POST", uri: "/b?other")
operation B { input: Shared }
structure Shared { @httpQuery("mode") mode: String }
`, []string{"[ERROR] ns#Shared: `httpQuery` name `mode` conflicts with the `http` trait of the `ns#A` operation: `/a?mode=x` | HttpQueryTrait"}},
		{"query params and duplicated names", `
structure Q {
    @httpQuery("x") a: String
    @httpQuery("x") b: String
    @httpQueryParams rest: StringMap
}
map StringMap { key: String, value: String }
`, []string{
			"[ERROR] ns#Q: `httpQuery` parameter name binding conflicts found for the `x` parameter in the following structure members: `a`, `b` | HttpQueryTrait",
			"[NOTE] ns#Q: Structure member `rest` is marked with the `httpQueryParams` trait, and `httpQuery` traits are applied to the following members: `a`, `b`. The service will not be able to disambiguate between query string parameters intended for the `rest` member and those explicitly bound to the `httpQuery` members. | HttpQueryParamsTrait"}},
		{"headers: case-insensitive duplicates, reserved and invalid names", `
structure H {
    @httpHeader("X-Dup") a: String
    @httpHeader("x-dup") b: String
    @httpHeader("Host") c: String
    @httpHeader("bad:name") d: String
}
`, []string{
			"[ERROR] ns#H: `httpHeader` field name binding conflicts found for the `x-dup` header in the following structure members: `a`, `b` | HttpHeaderTrait",
			"[DANGER] ns#H$c: `Host` is not an allowed HTTP header binding | HttpHeaderTrait",
			"[DANGER] ns#H$d: `bad:name` is not a valid HTTP header field name according to section 5.6.2 of RFC 9110 | HttpHeaderTrait"}},
		{"prefix headers: a prefix and an empty prefix", `
structure P {
    @httpPrefixHeaders("X-Meta-") meta: StringMap
    @httpHeader("x-meta-id") id: String
    @httpHeader("x-other") other: String
}
structure E {
    @httpPrefixHeaders("") all: StringMap
    @httpHeader("X-One") one: String
}
map StringMap { key: String, value: String }
`, []string{
			"[ERROR] ns#P$id: `httpHeader` binding of `x-meta-id` conflicts with the `httpPrefixHeaders` binding of `ns#P$meta` to `x-meta-`. `httpHeader` bindings must not case-insensitively start with any `httpPrefixHeaders` bindings. | HttpPrefixHeadersTrait",
			"[NOTE] ns#E$one: `httpHeader` binding of `x-one` conflicts with the `httpPrefixHeaders` binding of `ns#E$all` to ``. The service will not be able to disambiguate between header parameters intended for the `ns#E$all` member and those explicitly bound to the `httpHeader` members. | HttpPrefixHeadersTrait"}},
		{"payload leaves members unbound in an error and in the output", `
@http(method: "POST", uri: "/p")
operation P { output: POutput, errors: [Oops] }
@output structure POutput { @httpPayload body: Blob, @httpResponseCode code: Integer, lost: String }
@error("client") structure Oops { @httpPayload body: Blob, @httpHeader("x") h: String, message: String }
`, []string{
			"[ERROR] ns#POutput: A member of this structure is marked with the `httpPayload` trait, but the following structure members are not explicitly bound to the HTTP message: `lost` | HttpPayload",
			"[ERROR] ns#Oops: A member of this structure is marked with the `httpPayload` trait, but the following structure members are not explicitly bound to the HTTP message: `message` | HttpPayload"}},
		{"bindings missing in a resource operation", `
service S { version: "1", operations: [Bound], resources: [R] }
resource R { operations: [Unbound] }
@http(method: "POST", uri: "/bound")
operation Bound {}
operation Unbound {}
service Plain { version: "1", operations: [Unbound] }
`, []string{"[WARNING] ns#Unbound: One or more operations in the `ns#S` service define the `http` trait, but this operation is missing the `http` trait. | HttpBindingsMissing"}},
		{"protocol requiring http", `
@trait(selector: "service") @protocolDefinition(traits: [http])
structure rest {}
@rest
service S { version: "1", operations: [Unbound] }
operation Unbound {}
@http(method: "POST", uri: "/elsewhere")
operation Elsewhere {}
`, []string{"[ERROR] ns#Unbound: The `ns#rest` protocol requires all operations in the `ns#S` service define the `http` trait, but this operation is missing the `http` trait. | HttpBindingsMissing"}},
		{"binding traits below the top level", `
@http(method: "POST", uri: "/n")
operation N { input: NInput, output: NOutput }
@input structure NInput { nested: Nested }
@output structure NOutput { @httpHeader("x-h") h: String }
structure Nested { @httpHeader("x-n") n: String }
structure Holder { a: NOutput, b: NOutput }
`, []string{
			"[WARNING] ns#Nested$n: The `httpHeader` trait applied to this member is ignored in all contexts. | HttpBindingTraitIgnored.TopLevel",
			"[WARNING] ns#NOutput$h: The `httpHeader` trait applied to this member is ignored in some contexts: {member target: [ns#Holder$a, ns#Holder$b]} | HttpBindingTraitIgnored.TopLevel"}},
	})
}

func TestHTTPSemanticsValidators(t *testing.T) {
	runFamily(t, []string{"HttpMethodSemantics", "HttpResponseCodeSemantics", "HttpUriFormat", "HttpUriGreedyLabel", "CorsTrait"}, []familyCase{
		{"standard methods used as meant", `
@http(method: "GET", uri: "/a") @readonly operation A {}
@http(method: "PUT", uri: "/b") @idempotent operation B {}
@http(method: "DELETE", uri: "/c") @idempotent operation C {}
@http(method: "POST", uri: "/d", code: 201) operation D {}
@http(method: "CUSTOM", uri: "/e") operation E {}
`, nil},
		{"casing, traits and a payload", `
@http(method: "head", uri: "/h") @readonly operation H { input := { body: String } }
@http(method: "PUT", uri: "/p") operation P {}
@http(method: "POST", uri: "/r") @readonly operation R {}
@http(method: "PATCH", uri: "/i") @idempotent operation I {}
`, []string{
			"[WARNING] ns#H: This operation uses the `head` method in the `http` trait, but expected `HEAD`. | HttpMethodSemantics",
			"[DANGER] ns#H: This operation uses the `HEAD` method in the `http` trait, but the following members are sent as part of the payload of the request: `body`. | HttpMethodSemantics.UnexpectedPayload",
			"[WARNING] ns#P: This operation uses the `PUT` method in the `http` trait, but is not marked with the idempotent trait | HttpMethodSemantics.MissingIdempotentTrait",
			"[WARNING] ns#R: This operation uses the `POST` method in the `http` trait, but is marked with the readonly trait | HttpMethodSemantics.UnnecessaryReadonlyTrait"}},
		{"status codes", `
@http(method: "POST", uri: "/a", code: 302) operation A {}
@http(method: "POST", uri: "/b", code: 204) operation B { output := { @httpHeader("x") h: String } }
@http(method: "POST", uri: "/c", code: 205) operation C { output := { body: String } }
@error("server") @httpError(503) structure Fine {}
@error("server") @httpError(429) structure Wrong {}
`, []string{
			"[DANGER] ns#A: Expected an `http` code in the 2xx range, but found 302 | HttpResponseCodeSemantics",
			"[WARNING] ns#C: The HTTP 205 status code does not allow a response body. | HttpResponseCodeSemantics",
			"[DANGER] ns#Wrong: Expected an `httpError` code in the 5xx range for a `server` error, but found 429 | HttpResponseCodeSemantics"}},
		{"non-ASCII URI and greedy labels", `
@http(method: "POST", uri: "/café") operation A {}
@http(method: "POST", uri: "/{a+}/{b+}/{c}") operation B { input := { @httpLabel @required a: String, @httpLabel @required b: String, @httpLabel @required c: String } }
`, []string{
			"[ERROR] ns#A: @http trait `uri` is invalid: /café | HttpUriFormat",
			"[DANGER] ns#B: A greedy label must be the last label in its pattern: /{a+}/{b+}/{c} | HttpUriGreedyLabel.GreedyLabelIsNotLastLabel",
			"[DANGER] ns#B: At most one greedy label segment may exist in a pattern: /{a+}/{b+}/{c} | HttpUriGreedyLabel.MultipleGreedyLabels"}},
		{"cors origin and origins", `
@cors(origin: "https://a.example") service A { version: "1" }
@cors(origins: {prod: "https://p.example"}) service B { version: "1" }
@cors(origin: "https://a.example", origins: {}) service C { version: "1" }
@cors(origin: "*", origins: {prod: "https://p.example"}) service D { version: "1" }
`, []string{"[ERROR] ns#D: The `origin` and `origins` members of the `cors` trait are mutually exclusive. | CorsTrait"}},
	})
}

func TestHTTPURIConflicts(t *testing.T) {
	ops := func(n int, uri string) string {
		var b strings.Builder
		b.WriteString("service Big { version: \"1\", operations: [")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "Op%02d ", i)
		}
		b.WriteString("] }\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "@http(method: \"POST\", uri: %q) operation Op%02d {}\n", uri, i)
		}
		return b.String()
	}
	var listed []string
	for i := 1; i <= 50; i++ {
		listed = append(listed, fmt.Sprintf("`ns#Op%02d` (/same)", i))
	}
	runFamily(t, []string{"HttpUriConflict"}, []familyCase{
		{"label names, methods, query literals and services tell apart", `
service S { version: "1", operations: [A, B, C, D], resources: [R] }
service T { version: "1", operations: [E] }
resource R { operations: [F] }
@http(method: "POST", uri: "/x/{a}") operation A { input := { @httpLabel @required a: String } }
@http(method: "PUT", uri: "/x/{b}") @idempotent operation B { input := { @httpLabel @required b: String } }
@http(method: "POST", uri: "/x/literal") operation C {}
@http(method: "POST", uri: "/x/{a}?v=1") operation D { input := { @httpLabel @required a: String } }
@http(method: "POST", uri: "/x/{z}") operation E { input := { @httpLabel @required z: String } }
@http(method: "POST", uri: "/x/{c}") operation F { input := { @httpLabel @required c: String } }
`, []string{
			"[ERROR] ns#A: Operation URI, `/x/{a}`, conflicts with other operation URIs in the same service: [`ns#F` (/x/{c})] | HttpUriConflict",
			"[ERROR] ns#F: Operation URI, `/x/{c}`, conflicts with other operation URIs in the same service: [`ns#A` (/x/{a})] | HttpUriConflict"}},
		{"host prefixes", `
service S { version: "1", operations: [Same1, Same2, Pat1, Pat2, Lit] }
@http(method: "POST", uri: "/same") @endpoint(hostPrefix: "a.") operation Same1 {}
@http(method: "POST", uri: "/same") @endpoint(hostPrefix: "a.") operation Same2 {}
@http(method: "POST", uri: "/pat") @endpoint(hostPrefix: "{h}.") operation Pat1 { input := { @hostLabel @required @pattern("^[0-9]+$") h: String } }
@http(method: "POST", uri: "/pat") @endpoint(hostPrefix: "api.") operation Pat2 {}
@http(method: "POST", uri: "/pat") operation Lit {}
`, []string{
			"[ERROR] ns#Same1: Operation URI, `/same`, conflicts with other operation URIs in the same service: [`ns#Same2` (/same)] | HttpUriConflict",
			"[ERROR] ns#Same2: Operation URI, `/same`, conflicts with other operation URIs in the same service: [`ns#Same1` (/same)] | HttpUriConflict"}},
		{"prefixes starting alike conflict, as in the reference", `
service S { version: "1", operations: [A, B, C] }
@http(method: "POST", uri: "/p") @endpoint(hostPrefix: "a.") operation A {}
@http(method: "POST", uri: "/p") @endpoint(hostPrefix: "b.") operation B {}
@http(method: "POST", uri: "/p") @endpoint(hostPrefix: "{h}.") operation C { input := { @hostLabel @required h: String } }
`, []string{
			"[ERROR] ns#A: Operation URI, `/p`, conflicts with other operation URIs in the same service: [`ns#B` (/p), `ns#C` (/p)] | HttpUriConflict",
			"[ERROR] ns#B: Operation URI, `/p`, conflicts with other operation URIs in the same service: [`ns#A` (/p), `ns#C` (/p)] | HttpUriConflict",
			"[ERROR] ns#C: Operation URI, `/p`, conflicts with other operation URIs in the same service: [`ns#A` (/p), `ns#B` (/p)] | HttpUriConflict"}},
		{"a large group lists a bounded number", ops(61, "/same"), func() []string {
			var want []string
			want = append(want, "[ERROR] ns#Op00: Operation URI, `/same`, conflicts with other operation URIs in the same service: ["+strings.Join(listed, ", ")+", ... (10 more)] | HttpUriConflict")
			for i := 1; i < 61; i++ {
				want = append(want, fmt.Sprintf("[ERROR] ns#Op%02d: Operation URI, `/same`, conflicts | HttpUriConflict", i))
			}
			return want
		}()},
	})
}

func TestHostLabels(t *testing.T) {
	runFamily(t, []string{"HostLabelTrait"}, []familyCase{
		{"bound labels", `
@endpoint(hostPrefix: "{Region}.api.") operation A { input := { @hostLabel @required region: String } }
`, []string{"[ERROR] ns#A: This operation uses ns#AInput as input, but the following host labels found in the operation's `endpoint` trait do not have a corresponding member marked with the `hostLabel` trait: `Region` | HostLabelTrait"}},
		{"unknown label member and no trailing period", `
@endpoint(hostPrefix: "{a}-api") operation B { input := { @hostLabel @required a: String, @hostLabel @required b: String } }
`, []string{
			"[ERROR] ns#BInput$b: This `b` structure member is marked with the `hostLabel` trait, but no corresponding `endpoint` label could be found when used as the input of the `ns#B` operation. | HostLabelTrait",
			"[DANGER] ns#B: `endpoint` trait hostPrefix contains host labels and does not end in a period (`.`). | HostLabelTrait"}},
		{"hosts that cannot expand", `
@endpoint(hostPrefix: "-bad.") operation C {}
@endpoint(hostPrefix: "a..b.") operation D {}
@endpoint(hostPrefix: "ok-1.x.") operation E {}
`, []string{
			"[ERROR] ns#C: The `endpoint` trait hostPrefix, -bad., could not expand in to a valid RFC 3986 host: -bad. | HostLabelTrait",
			"[ERROR] ns#D: The `endpoint` trait hostPrefix, a..b., could not expand in to a valid RFC 3986 host: a..b. | HostLabelTrait"}},
	})
}

func TestHTTPPatternsAreModelErrors(t *testing.T) {
	runFamily(t, []string{"Model"}, []familyCase{
		{"no leading slash", `@http(method: "GET", uri: "x") @readonly operation A {}`,
			[]string{"[ERROR] ns#A: Error creating trait `http`: invalid URI pattern: a URI pattern must start with `/`: x | Model"}},
		{"empty segment", `@http(method: "GET", uri: "/a//b") @readonly operation A {}`,
			[]string{"[ERROR] ns#A: Error creating trait `http`: invalid URI pattern: empty segment at index 3 in /a//b | Model"}},
		{"duplicate label", `@http(method: "GET", uri: "/{a}/{A}") @readonly operation A {}`,
			[]string{"[ERROR] ns#A: Error creating trait `http`: invalid URI pattern: label `A` appears more than once in /{a}/{A} | Model"}},
		{"label in the query string", `@http(method: "GET", uri: "/a?x={b}") @readonly operation A {}`,
			[]string{"[ERROR] ns#A: Error creating trait `http`: invalid URI pattern: labels must not appear in the query string of a URI pattern: /a?x={b} | Model"}},
		{"adjacent host labels", `@endpoint(hostPrefix: "{a}{b}.") operation A {}`,
			[]string{"[ERROR] ns#A: Error creating trait `endpoint`: invalid host prefix: host labels must not be adjacent: {a}{b}. | Model"}},
		{"greedy host label", `@endpoint(hostPrefix: "{a+}.") operation A {}`,
			[]string{"[ERROR] ns#A: Error creating trait `endpoint`: invalid host prefix: a host prefix must not contain a greedy label: {a+}. | Model"}},
	})
}

func TestAuthValidators(t *testing.T) {
	runFamily(t, []string{"AuthTrait", "ServiceAuthDefinitions", "HttpApiKeyAuthTrait"}, []familyCase{
		{"one scheme and auth on operations of a resource", `
@httpBasicAuth
service S { version: "1", resources: [R] }
resource R { operations: [Op] }
@auth([httpBasicAuth, httpBearerAuth]) operation Op {}
`, []string{"[DANGER] ns#Op: auth trait applies authentication that is not configured on the service shape, `ns#S`: [smithy.api#httpBearerAuth] | AuthTrait"}},
		{"several schemes, with and without @auth", `
@httpBasicAuth @httpBearerAuth
service Unordered { version: "1" }
@httpBasicAuth @httpBearerAuth @auth([httpBearerAuth])
service Ordered { version: "1" }
`, []string{"[WARNING] ns#Unordered: This service uses multiple authentication schemes but does not have the `@auth` trait applied. | ServiceAuthDefinitions"}},
		{"api key scheme", `
@httpApiKeyAuth(name: "X-Api-Key", in: "header", scheme: "Bearer")
service Header { version: "1" }
@httpApiKeyAuth(name: "key", in: "query")
service Query { version: "1" }
@httpApiKeyAuth(name: "key", in: "query", scheme: "Bearer")
service Bad { version: "1" }
`, []string{"[ERROR] ns#Bad: The httpApiKeyAuth trait must have an `in` value of `header` when a `scheme` is provided, found: query | HttpApiKeyAuthTrait"}},
	})
}

func TestProtocolTraitValidators(t *testing.T) {
	runFamily(t, []string{"RequestCompressionTrait", "MediaType", "XmlNamespaceTrait", "XmlFlattenedTrait", "NoInlineDocumentSupport"}, []familyCase{
		{"compression", `
@requestCompression(encodings: ["GZIP"]) operation Ok { input := { a: String } }
@requestCompression(encodings: ["gzip", "br"]) operation One { input := { a: String } }
@requestCompression(encodings: ["gzip"]) operation NoInput { input: Unit }
@requestCompression(encodings: ["gzip"]) operation Stream { input := { @httpPayload body: Big } }
@streaming @requiresLength blob Big
`, []string{
			"[ERROR] ns#One: Invalid compression algorithm found in `requestCompression` trait applied to `ns#One`: `br` | RequestCompressionTrait",
			"[ERROR] ns#NoInput: The `requestCompression` trait can only be applied to operations which have an input shape defined | RequestCompressionTrait",
			"[ERROR] ns#Stream: The `requestCompression` trait can only be applied to operations which do not have input members that target shapes with both the `streaming` and `requiresLength` traits applied, but found member `ns#StreamInput$body` targeting `ns#Big` | RequestCompressionTrait"}},
		{"media types", `
@mediaType("text/plain; charset=\"utf-8\"") string A
@mediaType("application/vnd.x+json ; a=b ;c=\"q\\\"d\"") string B
@mediaType("text") string C
@mediaType("text/plain; charset=\"open") string D
@mediaType("text /plain") string E
`, []string{
			"[ERROR] ns#C: Invalid mediaType value, \"text\": expected `/` at position 5 | MediaType",
			"[ERROR] ns#D: Invalid mediaType value, \"text/plain; charset=\"open\": expected `\"` at position 26 | MediaType",
			"[ERROR] ns#E: Invalid mediaType value, \"text /plain\": expected `/` at position 5 | MediaType"}},
		{"xml namespaces", `
@xmlNamespace(uri: "urn:example:ns") structure A {}
@xmlNamespace(uri: "https://[::1]:8080/x?q#f") structure B {}
@xmlNamespace(uri: "relative/path") structure C {}
@xmlNamespace(uri: "http://exa mple.com") structure D {}
@xmlNamespace(uri: "http://") structure E {}
@xmlNamespace(uri: "1http:x") structure F {}
@xmlNamespace(uri: "http://x/#a#b") structure G {}
@xmlNamespace(uri: "http://x/%zz") structure H {}
`, []string{
			"[ERROR] ns#D: An `xmlNamespace` trait is applied to the (structure: `ns#D`) shape with an invalid uri: http://exa mple.com | XmlNamespaceTrait",
			"[ERROR] ns#E: An `xmlNamespace` trait is applied to the (structure: `ns#E`) shape with an invalid uri: http:// | XmlNamespaceTrait",
			"[ERROR] ns#F: An `xmlNamespace` trait is applied to the (structure: `ns#F`) shape with an invalid uri: 1http:x | XmlNamespaceTrait",
			"[ERROR] ns#G: An `xmlNamespace` trait is applied to the (structure: `ns#G`) shape with an invalid uri: http://x/#a#b | XmlNamespaceTrait",
			"[ERROR] ns#H: An `xmlNamespace` trait is applied to the (structure: `ns#H`) shape with an invalid uri: http://x/%zz | XmlNamespaceTrait"}},
		{"flattened lists", `
structure S {
    @xmlFlattened renamed: Named
    @xmlFlattened same: SameName
    @xmlFlattened @xmlName("x") explicit: Named
    plain: Named
}
list Named { @xmlName("item") member: String }
list SameName { @xmlName("same") member: String }
`, []string{"[WARNING] ns#S$renamed: Member is `@xmlFlattened`, so `@xmlName` of target's member (`ns#Named$member`) has no effect. The flattened list elements will have the name of this member - `renamed`. If this is unintended, you can add `@xmlName(\"item\")` to this member. | XmlFlattenedTrait"}},
		{"documents deep in a protocol's closure", `
@trait(selector: "service") @protocolDefinition(noInlineDocumentSupport: true)
structure noDocs {}
@noDocs service S { version: "1", operations: [Op] }
@noDocs service Clean { version: "1" }
operation Op { input := { items: Items } }
list Items { member: Doc }
document Doc
`, []string{"[ERROR] ns#S: This service uses the `ns#noDocs` protocol which does not support inline document types, but the following document types were found in the closure of the service: [ns#Doc @ test.smithy: | NoInlineDocumentSupport"}},
	})
}
