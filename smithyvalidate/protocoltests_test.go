package smithyvalidate_test

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// protocolTestTraits is the part of the smithy.test trait definitions
// CheckProtocolTests reads (the reference ships the whole set in
// smithy-protocol-test-traits).
const protocolTestTraits = `$version: "2"
namespace smithy.test

@trait(selector: "operation")
list httpRequestTests { member: TestCase }

@trait(selector: ":test(operation, structure[trait|error])")
list httpResponseTests { member: TestCase }

@trait(selector: "operation")
list eventStreamTests { member: StreamCase }

structure StreamCase {
    @required
    id: String
    @required
    protocol: String
    initialRequestParams: Document
    initialRequest: Document
    initialRequestShape: String
    initialResponseParams: Document
    events: Events
}

list Events { member: Event }

structure Event {
    @required
    type: String
    params: Document
    body: String
    bodyMediaType: String
}

@trait(selector: "operation")
list httpMalformedRequestTests { member: MalformedCase }

structure MalformedCase {
    @required
    id: String
    testParameters: TestParameters
}

map TestParameters { key: String, value: StringList }

list StringList { member: String }

structure TestCase {
    @required
    id: String
    @required
    protocol: String
    params: Document
    vendorParams: Document
    vendorParamsShape: String
    body: String
    bodyMediaType: String
}
`

const protocolTestsModel = `$version: "2"
namespace t

use smithy.test#httpRequestTests
use smithy.test#httpResponseTests
use smithy.test#eventStreamTests
use smithy.test#httpMalformedRequestTests

operation Op { input: OpInput, output: OpOutput, errors: [OpError] }

structure OpInput {
    @required
    name: String
    count: Integer
    when: Timestamp
    @timestampFormat("date-time")
    at: Timestamp
    data: Blob
    ratio: Float
    tags: Tags
    sparse: SparseMap
    doc: Document
}

structure OpOutput { id: String }

operation Chat { input: ChatInput, output: ChatOutput }

structure ChatInput {
    room: String
    messages: Messages
}

structure ChatOutput { id: String }

@streaming
union Messages { message: Message }

structure Message {
    @required
    text: String
    at: Timestamp
}

@error("client")
structure OpError { message: String }

structure Vendor { @required region: String }

list Tags { member: String }

@sparse
map SparseMap { key: String, value: String }
`

func TestCheckProtocolTests(t *testing.T) {
	for _, tc := range []struct {
		name, shape, trait string
		want               []string
	}{
		// The reference reads a test's values with its EPOCH_SECONDS
		// strategy (any @timestampFormat) and ALLOW_OPTIONAL_NULLS; blobs
		// are text.
		{"valid request", "operation Op", `@httpRequestTests([{id: "a", protocol: "p", params: {
            name: "n", count: null, when: 1576540098, at: 1576540098.5, data: "not base64 at all",
            ratio: "NaN", tags: ["x"], sparse: {k: null}, doc: {any: [null]}}}])`, nil},
		{"request params of the wrong type", "operation Op", `@httpRequestTests([{id: "a", protocol: "p", params: {name: 1}}])`, []string{
			"[ERROR] t#Op: smithy.test#httpRequestTests.0.params.name: Expected string value for string shape, `smithy.api#String`; found number value, `1` | HttpRequestTestsInput"}},
		{"missing required member", "operation Op", `@httpRequestTests([{id: "a", protocol: "p", params: {}}, {id: "b", protocol: "p"}])`, []string{
			"[ERROR] t#Op: smithy.test#httpRequestTests.0.params: Missing required structure member `name` for `t#OpInput` | HttpRequestTestsInput",
			"[ERROR] t#Op: smithy.test#httpRequestTests.1.params: Missing required structure member `name` for `t#OpInput` | HttpRequestTestsInput"}},
		{"a timestamp string, the member's format notwithstanding", "operation Op", `@httpRequestTests([{id: "a", protocol: "p", params: {name: "n", at: "1985-04-12T23:20:50.52Z"}}])`, []string{
			"[ERROR] t#Op: smithy.test#httpRequestTests.0.params.at: Invalid string value provided for timestamp, `t#OpInput$at`. Expected a number that contains epoch seconds with optional millisecond precision | HttpRequestTestsInput",
			"[ERROR] t#Op: smithy.test#httpRequestTests.0.params.at: Invalid string value provided for timestamp, `smithy.api#Timestamp`. Expected a number that contains epoch seconds with optional millisecond precision | HttpRequestTestsInput"}},
		{"null in a list that is not sparse", "operation Op", `@httpRequestTests([{id: "a", protocol: "p", params: {name: "n", tags: [null]}}])`, []string{
			"[ERROR] t#Op: smithy.test#httpRequestTests.0.params.tags.0: Non-sparse list shape `t#Tags` cannot contain null values | HttpRequestTestsInput"}},
		{"unknown member", "operation Op", `@httpRequestTests([{id: "a", protocol: "p", params: {name: "n", extra: 1}}])`, []string{
			"[WARNING] t#Op: smithy.test#httpRequestTests.0.params: Member `extra` does not exist in `t#OpInput` | HttpRequestTestsInput.UnknownMember.t#OpInput.extra"}},
		{"response params against the output", "operation Op", `@httpResponseTests([{id: "a", protocol: "p", params: {id: 2}}])`, []string{
			"[ERROR] t#Op: smithy.test#httpResponseTests.0.params.id: Expected string value for string shape, `smithy.api#String`; found number value, `2` | HttpResponseTestsOutput"}},
		{"response params of an error", "structure OpError", `@httpResponseTests([{id: "a", protocol: "p", params: {message: true}}])`, []string{
			"[ERROR] t#OpError: smithy.test#httpResponseTests.0.params.message: Expected string value for string shape, `smithy.api#String`; found boolean value, `true` | HttpResponseTestsError"}},
		{"vendorParams against vendorParamsShape", "operation Op", `@httpRequestTests([{id: "a", protocol: "p", params: {name: "n"}, vendorParamsShape: "t#Vendor", vendorParams: {zone: "z"}}])`, []string{
			"[ERROR] t#Op: smithy.test#httpRequestTests.0.vendorParams: Missing required structure member `region` for `t#Vendor` | HttpRequestTestsInput",
			"[WARNING] t#Op: smithy.test#httpRequestTests.0.vendorParams: Member `zone` does not exist in `t#Vendor` | HttpRequestTestsInput.UnknownMember.t#Vendor.zone"}},
		{"vendorParamsShape without vendorParams", "operation Op", `@httpResponseTests([{id: "a", protocol: "p", vendorParamsShape: "t#Vendor"}])`, []string{
			"[WARNING] t#Op: Protocol test case defined a `vendorParamsShape` but no `vendorParams` | HttpResponseTestsOutput"}},
		// Event stream tests read timestamps by their format (a date-time
		// string or a number without one).
		{"valid event stream test", "operation Chat", `@eventStreamTests([{id: "a", protocol: "p",
            initialRequestParams: {room: "r"}, initialResponseParams: {id: "x"},
            initialRequest: {text: "t"}, initialRequestShape: "t#Message",
            events: [{type: "request", params: {message: {text: "hi", at: "1985-04-12T23:20:50.52Z"}}},
                     {type: "request", params: {message: {text: "hi", at: 1576540098}}}]}])`, nil},
		{"event params against the stream", "operation Chat", `@eventStreamTests([{id: "a", protocol: "p", events: [{type: "request", params: {message: "hi"}}]}])`, []string{
			"[ERROR] t#Chat: smithy.test#eventStreamTests.0.events.0.params.message: Expected object value for structure shape, `t#Message`; found string value, `hi` | EventStreamTestsTrait"}},
		{"initial request and initialRequestShape", "operation Chat", `@eventStreamTests([{id: "a", protocol: "p", initialRequestParams: {room: 1}, initialRequest: {}, initialRequestShape: "t#Message"}])`, []string{
			"[ERROR] t#Chat: smithy.test#eventStreamTests.0.initialRequestParams.room: Expected string value for string shape, `smithy.api#String`; found number value, `1` | EventStreamTestsTrait",
			"[ERROR] t#Chat: smithy.test#eventStreamTests.0.initialRequest: Missing required structure member `text` for `t#Message` | EventStreamTestsTrait"}},
		{"response event without an output stream", "operation Chat", `@eventStreamTests([{id: "a", protocol: "p", events: [{type: "response", params: {}}]}])`, []string{
			"[ERROR] t#Chat: smithy.test#eventStreamTests.0.events.0: Invalid response event for operation t#Chat that has no output stream. | EventStreamTestsTrait.0.events.0"}},
		{"a case that sets nothing", "operation Chat", `@eventStreamTests([{id: "a", protocol: "p", events: []}])`, []string{
			"[ERROR] t#Chat: smithy.test#eventStreamTests.0: At least one event, an initial request, or an initial response must be set. | EventStreamTestsTrait.0"}},
		// A JSON or XML body must be well-formed (DANGER); a test case ID
		// is used once per trait in the model.
		{"bodies well-formed or not", "operation Op", `@httpRequestTests([
            {id: "a", protocol: "p", params: {name: "n"}, bodyMediaType: "application/json", body: "{\"name\": \"n\"}"},
            {id: "b", protocol: "p", params: {name: "n"}, bodyMediaType: "application/json", body: "{\"name\" \"n\"}"},
            {id: "c", protocol: "p", params: {name: "n"}, bodyMediaType: "application/xml", body: "<a><b></a>"},
            {id: "d", protocol: "p", params: {name: "n"}, bodyMediaType: "application/cbor", body: "oA=="}])`, []string{
			"[DANGER] t#Op: Invalid application/json content in `smithy.test#httpRequestTests` protocol test case `b`: expected ':' after object key, found '\"' at 1:9 | HttpRequestTestsInput",
			"[DANGER] t#Op: Invalid application/xml content in `smithy.test#httpRequestTests` protocol test case `c`: XML syntax error on line 1: element <b> closed by </a> | HttpRequestTestsInput"}},
		{"event body", "operation Chat", `@eventStreamTests([{id: "a", protocol: "p", events: [{type: "request", bodyMediaType: "application/json", body: "[1,]"}]}])`, []string{
			"[DANGER] t#Chat: smithy.test#eventStreamTests.0.events.0.body: Invalid application/json content: expected JSON value after ',' in array, found ']' (trailing comma) at 1:4 | EventStreamTestsTrait"}},
		{"a test case ID used twice", "operation Op", `@httpRequestTests([{id: "a", protocol: "p", params: {name: "n"}}, {id: "a", protocol: "p", params: {name: "m"}}])
@httpResponseTests([{id: "a", protocol: "p"}])`, []string{
			"[ERROR] t#Op: Conflicting `smithy.test#httpRequestTests` test case IDs found for ID `a`: `t#Op`, `t#Op` | UniqueProtocolTestCaseId",
			"[ERROR] t#Op: Conflicting `smithy.test#httpRequestTests` test case IDs found for ID `a`: `t#Op`, `t#Op` | UniqueProtocolTestCaseId"}},
		// The reference files malformed request test IDs with the response
		// tests' (and names the response trait).
		{"malformed request and response tests share IDs", "operation Op", `@httpMalformedRequestTests([{id: "a"}])
@httpResponseTests([{id: "a", protocol: "p"}])`, []string{
			"[ERROR] t#Op: Conflicting `smithy.test#httpResponseTests` test case IDs found for ID `a`: `t#Op`, `t#Op` | UniqueProtocolTestCaseId",
			"[ERROR] t#Op: Conflicting `smithy.test#httpResponseTests` test case IDs found for ID `a`: `t#Op`, `t#Op` | UniqueProtocolTestCaseId"}},
		{"malformed request test parameters of one length", "operation Op", `@httpMalformedRequestTests([
            {id: "a", testParameters: {x: ["1", "2"], y: ["3", "4"]}},
            {id: "b", testParameters: {x: ["1", "2"], y: ["3"]}}])`, []string{
			"[ERROR] t#Op: Each list associated to a key in `testParameters` must be of the same length. | HttpMalformedRequestTests"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(protocolTestsModel, "\n"+tc.shape+" {", "\n"+tc.trait+"\n"+tc.shape+" {", 1)
			a := assembly.New()
			if err := a.AddSource("smithy.test.smithy", []byte(protocolTestTraits)); err != nil {
				t.Fatal(err)
			}
			m := loadModelInto(t, a, src)
			checkEvents(t, tc.name, sv.CheckProtocolTests(m), tc.want, true)
		})
	}
}
