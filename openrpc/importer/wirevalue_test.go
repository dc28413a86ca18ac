package importer

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
)

// TestBlobsAndTimestampsRoundTrip: the export writes examples and defaults
// as the wire has them (a blob in base64, a timestamp in its format); the
// import reads a blob's base64 back as the model's text, so that a model
// exported and imported has the values it had. A blob whose bytes are not
// UTF-8 has no model value: its example is left out, its default not kept,
// each with a diagnostic. A string that an untagged union's other member
// takes is not a blob's problem.
func TestBlobsAndTimestampsRoundTrip(t *testing.T) {
	const src = `$version: "2"
namespace t
use alloy#untagged
use smithy.rpc#jsonRpc
use smithy.rpc#method
@jsonRpc(versions: ["2.0"])
service T { version: "1", operations: [Put] }

@method(name: "put", params: "named")
@examples([{
    title: "a"
    input: { data: "hello", epoch: 1398796238.5, http: 1398796238, byKey: { k: "bytes" }, either: "not base64!" }
    output: { at: -1.5 }
}])
operation Put {
    input := {
        data: Blob
        epoch: Timestamp
        @timestampFormat("http-date")
        http: Timestamp
        byKey: Blobs
        either: BlobOrText
    }
    output := {
        at: Timestamp
        @default("aGk=")
        d: Blob
    }
}

map Blobs { key: String, value: Blob }
@untagged
union BlobOrText { b: Blob, s: String }
`
	m := load(t, []byte(src))
	res, err := openrpc.Convert(m, shapeid.MustParse("t#T"), openrpc.Config{MatchJSONNames: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.Diagnostics {
		if d.Code == openrpc.CodeExampleInvalid {
			t.Errorf("an example is exported invalid: %v", d)
		}
	}
	imp, err := OpenRPC(res.JSON, Options{Namespace: "t", Service: "T"})
	if err != nil {
		t.Fatal(err)
	}
	idl := string(imp.IDL)
	for _, want := range []string{
		`data: "hello"`,
		`epoch: "2014-04-29T18:30:38.5Z"`,
		`http: "Tue, 29 Apr 2014 18:30:38 GMT"`,
		`k: "bytes"`,
		`either: "not base64!"`,
		`at: "1969-12-31T23:59:58.5Z"`,
		`@default("aGk=")`,
	} {
		if !strings.Contains(idl, want) {
			t.Errorf("the import has no %s:\n%s", want, idl)
		}
	}
	if len(imp.Diagnostics) > 0 {
		t.Errorf("diagnostics: %v", imp.Diagnostics)
	}
	load(t, imp.IDL)

	// Bytes that are not UTF-8: 0xff is "/w==".
	doc := strings.NewReplacer(`"aGVsbG8="`, `"/w=="`, `"YUdrPQ=="`, `"/w=="`).Replace(string(res.JSON))
	if doc == string(res.JSON) {
		t.Fatal("the export has no base64 to replace")
	}
	imp, err = OpenRPC([]byte(doc), Options{Namespace: "t", Service: "T"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range imp.Diagnostics {
		got = append(got, d.Keyword+": "+d.Message)
	}
	want := []string{
		`examples: example pairing "a" of "put" is not imported: a blob value is not base64 of UTF-8 text, which a Smithy model cannot hold`,
		`default: a default that Smithy cannot give the member's type (blob) is not kept`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if s := string(imp.IDL); strings.Contains(s, "@examples") || strings.Contains(s, "@default") {
		t.Errorf("a value a model cannot hold was imported:\n%s", s)
	}
}
