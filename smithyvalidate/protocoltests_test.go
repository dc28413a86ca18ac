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

structure TestCase {
    @required
    id: String
    @required
    protocol: String
    params: Document
    vendorParams: Document
    vendorParamsShape: String
}
`

const protocolTestsModel = `$version: "2"
namespace t

use smithy.test#httpRequestTests
use smithy.test#httpResponseTests

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
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(protocolTestsModel, "\n"+tc.shape+" {", "\n"+tc.trait+"\n"+tc.shape+" {", 1)
			a := assembly.New()
			if err := a.AddSource("smithy.test.smithy", []byte(protocolTestTraits)); err != nil {
				t.Fatal(err)
			}
			m := loadModelInto(t, a, src)
			evs := sv.CheckProtocolTests(m)
			got := eventLines(evs)
			if want := strings.Join(tc.want, "\n"); got != want {
				t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, want)
			}
			for _, e := range evs {
				if !e.Source.Pos.IsValid() {
					t.Errorf("%s: event without a position: %s", tc.name, e)
				}
			}
		})
	}
}
