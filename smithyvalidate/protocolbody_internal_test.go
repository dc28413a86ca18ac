package smithyvalidate

import (
	"strings"
	"testing"
)

func TestBodyProblem(t *testing.T) {
	for _, tc := range []struct {
		name, body, mediaType string
		want                  string // a part of the problem; "" for none
	}{
		{"json", `{"a": [1, 2.5e3, "x", null, true]}`, "application/json", ""},
		{"json with parameters and case", `{}`, "Application/JSON; charset=utf-8", ""},
		{"json repeated keys are well-formed", `{"a": 1, "a": 2}`, "application/json", ""},
		{"json missing comma", "{\"a\": 1\n \"b\": 2}", "application/json", "expected ',' or '}' after object member, found '\"' at 2:2"},
		{"json trailing text", `{} {}`, "application/json", "at 1:4"},
		{"+json suffix", `{`, "application/vnd.example+json", "at 1:2"},
		{"x-amz-json is no json media type", `{`, "application/x-amz-json-1.1", ""},
		{"empty body is not checked", ``, "application/json", ""},
		{"xml", `<?xml version="1.0" encoding="UTF-8"?><a xmlns="urn:x"><b c="1">t &amp; u</b><d/></a>`, "application/xml", ""},
		{"text/xml", `<a><b></a>`, "text/xml", "line 1"},
		{"+xml suffix", `<a>`, "application/soap+xml", "unexpected EOF"},
		{"xml repeated attribute", `<a xmlns="urn:x" xmlns="urn:y"/>`, "application/xml", "attribute xmlns repeated in element <a>"},
		{"xml undeclared entity", `<a>&nbsp;</a>`, "application/xml", "entity"},
		{"xml text before the root", `no<a/>`, "application/xml", "text outside the root element"},
		{"xml second root", `<a/><b/>`, "application/xml", "a second root element <b>"},
		{"xml no root", `<?xml version="1.0"?>`, "application/xml", "no root element"},
		{"xml document type", `<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>`, "application/xml", "DOCTYPE"},
		{"other media types are not checked", `<a>`, "text/plain", ""},
	} {
		got := bodyProblem(tc.body, tc.mediaType)
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%s: bodyProblem(%q, %q) = %q, want %q", tc.name, tc.body, tc.mediaType, got, tc.want)
		}
	}
}
