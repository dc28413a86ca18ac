package conformance

import (
	"testing"

	"github.com/smithy-validation/go/openrpc"
	"github.com/smithy-validation/go/rpc"
)

// The agreement of the value engine and the OpenRPC export on the alloy
// traits: for each params and result value, rpc's verdict (the engine
// honoring alloy#discriminated, #untagged, #nullable and #jsonUnknown,
// members named by @jsonName) and jsonschema's verdict on the exported
// document are the same. The model loads the shipped alloy definitions
// (smithyvalidate.AddAlloyTraits, in rpcModel), as the smithy command
// does.
func TestOpenRPCAgreementAlloy(t *testing.T) {
	s, check := exportChecked(t, "rpc-alloy.smithy", "example#Content", openrpc.Config{MatchJSONNames: true})
	meth, _ := s.Method("show")
	const text = `{"type":"text","text":"hi"}`
	for _, c := range []struct {
		name, kind, value string
		valid             bool
	}{
		{"discriminated", "params", `{"content":[` + text + `],"cursor":"c"}`, true},
		{"discriminated: json name", "params", `{"content":[{"type":"image/png","data":"AA","mimeType":"image/png"}],"cursor":"c"}`, true},
		{"discriminated: member name", "params", `{"content":[{"type":"image","data":"AA","mimeType":"image/png"}],"cursor":"c"}`, false},
		{"discriminated: missing member field", "params", `{"content":[{"type":"text"}],"cursor":"c"}`, false},
		{"discriminated: no discriminator", "params", `{"content":[{"text":"hi"}],"cursor":"c"}`, false},
		{"discriminated: unknown discriminator", "params", `{"content":[{"type":"audio","text":"hi"}],"cursor":"c"}`, false},
		{"discriminated: discriminator not a string", "params", `{"content":[{"type":1,"text":"hi"}],"cursor":"c"}`, false},
		{"nullable required: null", "params", `{"content":[],"cursor":null}`, true},
		{"nullable required: missing", "params", `{"content":[]}`, false},
		{"untagged: string", "params", `{"content":[],"cursor":"c","token":"t"}`, true},
		{"untagged: integer", "params", `{"content":[],"cursor":"c","token":7}`, true},
		{"untagged: neither", "params", `{"content":[],"cursor":"c","token":true}`, false},
		{"jsonUnknown: extra fields", "params", `{"_meta":{"progressToken":1,"io.example/x":{"a":[1,null]},"y":null},"content":[],"cursor":"c"}`, true},
		{"jsonUnknown: known field checked", "params", `{"_meta":{"progressToken":[]},"content":[],"cursor":"c"}`, false},
		{"nullable target: list member", "params", `{"content":[],"cursor":"c","cursors":["a",null]}`, true},
		{"nullable target: structure member", "params", `{"content":[],"cursor":"c","prev":null}`, true},
		{"nullable target: still typed", "params", `{"content":[],"cursor":"c","prev":1}`, false},
		{"open union: known member", "params", `{"content":[],"cursor":"c","kind":{"known":"k"}}`, true},
		{"open union: known member checked", "params", `{"content":[],"cursor":"c","kind":{"known":1}}`, false},
		{"open union: unknown member", "params", `{"content":[],"cursor":"c","kind":{"future":{"a":[1]}}}`, true},
		{"open union: known and unknown", "params", `{"content":[],"cursor":"c","kind":{"known":"k","future":1}}`, false},
		{"open union: two unknown", "params", `{"content":[],"cursor":"c","kind":{"f1":1,"f2":2}}`, false},
		{"open union: none", "params", `{"content":[],"cursor":"c","kind":{}}`, false},
		{"result: discriminated", "result", text, true},
		{"result: wrong member field", "result", `{"type":"text","text":3}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var rpcValid bool
			var schemaErr error
			if c.kind == "params" {
				rpcValid = s.ValidateRequest([]byte(`{"jsonrpc":"2.0","method":"show","params":` + c.value + `,"id":1}`)).Valid
				schemaErr = check.CheckParams("show", []byte(c.value))
			} else {
				rpcValid = s.ValidateResponse([]byte(`{"jsonrpc":"2.0","result":`+c.value+`,"id":1}`), rpc.ForMethod(meth)).Valid
				schemaErr = check.CheckResult("show", []byte(c.value))
			}
			if rpcValid != c.valid {
				t.Errorf("rpc says valid=%v, want %v", rpcValid, c.valid)
			}
			if (schemaErr == nil) != c.valid {
				t.Errorf("jsonschema says %v, want valid=%v", schemaErr, c.valid)
			}
		})
	}
}
