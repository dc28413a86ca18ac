package openrpc_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
)

// strictOnly marks a difference that exists only under RejectUnknownMembers.
const strictOnly = "strict: "

// The schemas agree with the value engine on every shape kind: for each
// params value, rpc's verdict (the model) and the Checker's (jsonschema
// against the exported document) are the same, except where noted with the
// reason (conformance/openrpc_test.go does the same for the JSON-RPC
// corpora).
func TestSchemaAgreement(t *testing.T) {
	m := assemble(t, map[string]string{"model.smithy": shapesModel})
	for _, cfg := range []struct {
		name string
		cfg  openrpc.Config
	}{{"defaults", openrpc.Config{}}, {"strict", openrpc.Config{RejectUnknownMembers: true, RejectNullMembers: true, MatchJSONNames: true}}} {
		res, err := openrpc.Convert(m, shapeid.MustParse("example#S"), cfg.cfg)
		if err != nil {
			t.Fatal(err)
		}
		var loss bool
		for _, d := range res.Diagnostics {
			loss = loss || strings.Contains(d.Message, "Content Descriptors cannot say")
		}
		if loss != cfg.cfg.RejectUnknownMembers {
			t.Errorf("%s: unknown-params loss diagnostic %v", cfg.name, loss)
		}
		check, err := openrpc.NewChecker(res.JSON)
		if err != nil {
			t.Fatal(err)
		}
		name := `"name":"abc"`
		if cfg.cfg.MatchJSONNames {
			name = `"the-name":"abc"`
		}
		for _, c := range []struct {
			body string
			// differs names why the verdicts may differ, "" when they agree
			differs string
		}{
			{``, ""},
			{`,"big":12345678901234567890`, ""},
			{`,"big":12345678901234567891`, ""},
			{`,"dec":0.5`, ""},
			{`,"dec":0.49`, ""},
			{`,"dec":1e3`, ""},
			{`,"dec":1000.0001`, ""},
			{`,"shortName":"a"`, ""},
			{`,"shortName":"ab"`, ""},
			{`,"shortName":"AB"`, ""},
			{`,"b":127`, ""},
			{`,"b":128`, ""},
			{`,"f":"NaN"`, ""},
			{`,"f":"nan"`, ""},
			{`,"f":3.5e38`, ""},
			{`,"d":"Infinity"`, ""},
			{`,"d":"-Infinity"`, ""},
			{`,"d":-1`, ""},
			{`,"flag":true`, ""},
			{`,"flag":"true"`, ""},
			{`,"when":"1985-04-12T23:20:50.52Z"`, ""},
			{`,"when":"1985-04-12"`, ""},
			{`,"when":"1985-04-12T23:20:50+01:00"`, ""},
			{`,"when":"1985-04-12t23:20:50z"`, ""},
			{`,"when":"1985-04-12T23:20:60Z"`, ""},
			{`,"when":"1985-02-30T23:20:50Z"`, ""},
			{`,"http":"Tue, 29 Apr 2014 18:30:38 UTC"`, ""},
			{`,"http":"Mon, 29 Apr 2014 18:30:38 GMT"`, "the day name must match the date, which a pattern cannot check"},
			{`,"data":"aGVsbG8"`, ""},
			{`,"data":""`, ""},
			{`,"shortName":"abé"`, ""},
			{`,"dec":"1"`, ""},
			{`,"big":-1e400`, "integral decimals: an exponent is no integer token for the engine (IntegralDecimalsRejected); JSON Schema counts any whole number as an integer"},
			{`,"when":12`, ""},
			{`,"epoch":1515531081.123`, ""},
			{`,"epoch":"1515531081"`, ""},
			{`,"http":"Tue, 29 Apr 2014 18:30:38 GMT"`, ""},
			{`,"http":"2014-04-29"`, ""},
			{`,"data":"aGVsbG8="`, ""},
			{`,"data":"not base64!"`, ""},
			{`,"doc":{"any":[1,"x",null]}`, ""},
			{`,"color":"green"`, ""},
			{`,"color":"GREEN"`, ""},
			{`,"level":10`, ""},
			{`,"level":2`, ""},
			{`,"tags":["a","b"]`, ""},
			{`,"tags":["a","a"]`, ""},
			{`,"tags":[]`, ""},
			{`,"sparse":[1,null,2]`, ""},
			{`,"counts":{"abc":1}`, ""},
			{`,"counts":{"ABC":1}`, ""},
			{`,"counts":{"abc":"1"}`, ""},
			{`,"tree":{"children":[{"children":[]},{}]}`, ""},
			{`,"tree":{"children":[{"children":[1]}]}`, ""},
			{`,"choice":{"text":"x"}`, ""},
			{`,"choice":{"number":1}`, ""},
			{`,"choice":{"text":"x","number":1}`, ""},
			{`,"choice":{}`, ""},
			{`,"choice":{"text":"x","number":null}`, ""},
			{`,"b":null`, ""},
			{`,"unknown":1`, strictOnly + "Content Descriptors cannot forbid other named params (a loss diagnostic says so)"},
		} {
			params := `{` + name + c.body + `}`
			t.Run(fmt.Sprintf("%s %s", cfg.name, params), func(t *testing.T) {
				r := res.Service.ValidateRequest([]byte(`{"jsonrpc":"2.0","method":"op","params":` + params + `,"id":1}`))
				cerr := check.CheckParams("op", []byte(params))
				differs := c.differs != "" && (!strings.HasPrefix(c.differs, strictOnly) || cfg.cfg.RejectUnknownMembers)
				if (r.Valid != (cerr == nil)) != differs {
					t.Errorf("rpc valid=%v %v; jsonschema: %v (listed difference: %v)", r.Valid, r.Findings, cerr, differs)
				}
			})
		}
	}
}
