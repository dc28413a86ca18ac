package openrpc_test

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/openrpc"
)

// wireValueModel's examples and defaults are model values: blobs as text,
// timestamps in whatever form the model allows.
const wireValueModel = `$version: "2"
namespace t
use smithy.rpc#jsonRpc
use smithy.rpc#method
@jsonRpc(versions: ["2.0"])
service T { version: "1", operations: [Put] }

@method(name: "put", params: "named")
@examples([{
    title: "a"
    input: {
        data: "hello"
        epoch: 1398796238.5
        iso: "2014-04-29T18:30:38.120Z"
        loose: "Tue, 3 Jun 2008 11:05:30 GMT"
        http: 1398796238
        httpFine: 1.5
        seconds: 7
        fromShape: 60
        when: [0, "1970-01-01T00:00:01Z"]
        byKey: { k: "bytes" }
    }
    output: { at: -1.5, d: "hi" }
}])
operation Put {
    input := {
        data: Blob
        epoch: Timestamp
        iso: Timestamp
        @timestampFormat("http-date")
        loose: Timestamp
        @timestampFormat("http-date")
        http: Timestamp
        @timestampFormat("http-date")
        httpFine: Timestamp
        @timestampFormat("epoch-seconds")
        seconds: Timestamp
        fromShape: HttpTime
        when: Times
        byKey: Blobs
    }
    output := {
        at: Timestamp
        @default("aGk=")
        d: Blob
        @default(0)
        since: Timestamp
    }
}

@timestampFormat("http-date")
timestamp HttpTime
list Times { member: Timestamp }
map Blobs { key: String, value: Blob }
`

// TestExamplesInWireForm: an example's values and a member's default are
// written as the wire has them (a blob in base64, a timestamp in its
// effective format), whatever the naming policy, so that the export's own
// check does not call a valid example invalid and a reader of the document
// sees values of its schemas. A value the format cannot hold (an http-date
// has no fraction of a second) stays as it is and is reported.
func TestExamplesInWireForm(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  openrpc.Config
		want []struct{ ptr, value string }
	}{
		{"wire forms", openrpc.Config{}, []struct{ ptr, value string }{
			{"/methods/0/examples/0/params/0", `{"name":"data","value":"aGVsbG8="}`},
			{"/methods/0/examples/0/params/1", `{"name":"epoch","value":"2014-04-29T18:30:38.5Z"}`},
			{"/methods/0/examples/0/params/2", `{"name":"iso","value":"2014-04-29T18:30:38.120Z"}`},
			{"/methods/0/examples/0/params/3", `{"name":"loose","value":"Tue, 03 Jun 2008 11:05:30 GMT"}`},
			{"/methods/0/examples/0/params/4", `{"name":"http","value":"Tue, 29 Apr 2014 18:30:38 GMT"}`},
			{"/methods/0/examples/0/params/5", `{"name":"httpFine","value":1.5}`},
			{"/methods/0/examples/0/params/6", `{"name":"seconds","value":7}`},
			{"/methods/0/examples/0/params/7", `{"name":"fromShape","value":"Thu, 01 Jan 1970 00:01:00 GMT"}`},
			{"/methods/0/examples/0/params/8", `{"name":"when","value":["1970-01-01T00:00:00Z","1970-01-01T00:00:01Z"]}`},
			{"/methods/0/examples/0/params/9", `{"name":"byKey","value":{"k":"Ynl0ZXM="}}`},
			{"/methods/0/examples/0/result", `{"name":"result","value":{"at":"1969-12-31T23:59:58.5Z","d":"aGk="}}`},
			{"/components/schemas/PutOutput/properties/d/default", `"YUdrPQ=="`},
			{"/components/schemas/PutOutput/properties/since/default", `"1970-01-01T00:00:00Z"`},
		}},
		{"blobs as text, any timestamp format", openrpc.Config{BlobsAsText: true, AnyTimestampFormat: true}, []struct{ ptr, value string }{
			{"/methods/0/examples/0/params/0", `{"name":"data","value":"hello"}`},
			{"/methods/0/examples/0/params/1", `{"name":"epoch","value":1398796238.5}`},
			{"/methods/0/examples/0/params/3", `{"name":"loose","value":"Tue, 03 Jun 2008 11:05:30 GMT"}`},
			{"/components/schemas/PutOutput/properties/d/default", `"aGk="`},
			{"/components/schemas/PutOutput/properties/since/default", `0`},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := convert(t, wireValueModel, "t#T", tc.cfg)
			for _, w := range tc.want {
				if got := compact(at(t, res.Document, w.ptr)); got != w.value {
					t.Errorf("%s = %s\nwant %s", w.ptr, got, w.value)
				}
			}
			var invalid []string
			for _, d := range res.Diagnostics {
				if d.Code == openrpc.CodeExampleInvalid {
					invalid = append(invalid, d.String())
				}
			}
			// Only httpFine's 1.5 seconds, which no http-date holds (its
			// own @timestampFormat, whatever the policy).
			want := `example-invalid method "put" t#Put: example "a": its params fail validation: type /params/httpFine: expected an http-date string, found a decimal number`
			if got := strings.Join(invalid, "\n"); got != want {
				t.Errorf("example-invalid diagnostics:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}
