package importer

import (
	"encoding/json"
	"os"
	"reflect"
	"sort"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
)

// methodSummary is what a round trip must keep of an OpenRPC method.
type methodSummary struct {
	ParamStructure string
	Params         []string // name, "!" suffix when required
	Result         string
	Errors         []int
}

func summarize(t *testing.T, doc []byte, skipCodes bool) map[string]methodSummary {
	t.Helper()
	var d struct {
		Methods []struct {
			Name           string `json:"name"`
			ParamStructure string `json:"paramStructure"`
			Params         []struct {
				Name     string `json:"name"`
				Required bool   `json:"required"`
			} `json:"params"`
			Result *struct {
				Name string `json:"name"`
			} `json:"result"`
			Errors []struct {
				Code int `json:"code"`
			} `json:"errors"`
		} `json:"methods"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatal(err)
	}
	out := map[string]methodSummary{}
	for _, m := range d.Methods {
		s := methodSummary{ParamStructure: m.ParamStructure}
		if s.ParamStructure == "" {
			s.ParamStructure = "either"
		}
		for _, p := range m.Params {
			n := p.Name
			if p.Required {
				n += "!"
			}
			s.Params = append(s.Params, n)
		}
		if m.Result != nil {
			s.Result = m.Result.Name
		}
		for _, e := range m.Errors {
			if skipCodes && (e.Code == -32700 || e.Code >= -32603 && e.Code <= -32600) {
				continue // JSON-RPC's own codes: a diagnostic of the import
			}
			s.Errors = append(s.Errors, e.Code)
		}
		sort.Ints(s.Errors)
		out[m.Name] = s
	}
	return out
}

// TestEthereumRoundTrip: `smithy openrpc` of the imported Ethereum model
// gives back the methods of the source document with the same param
// structure, params (names, order, required), result name and error codes
// (less those JSON-RPC defines, which the import reports and leaves out).
func TestEthereumRoundTrip(t *testing.T) {
	src, err := os.ReadFile(corpus(t, "openrpc/ethereum-execution-apis-openrpc.json"))
	if err != nil {
		t.Fatal(err)
	}
	m := committedEthereum(t)
	res, err := openrpc.Convert(m, shapeid.MustParse("ethereum#Ethereum"), openrpc.Config{MatchJSONNames: true}) // as smithy openrpc exports
	if err != nil {
		t.Fatal(err)
	}
	want, got := summarize(t, src, true), summarize(t, res.JSON, false)
	if len(want) != 86 || len(got) != len(want) {
		t.Errorf("%d methods in the source, %d exported; want 86 each", len(want), len(got))
	}
	for name, w := range want {
		if g, ok := got[name]; !ok {
			t.Errorf("%s: not exported", name)
		} else if !reflect.DeepEqual(g, w) {
			t.Errorf("%s: exported %+v, source %+v", name, g, w)
		}
	}
}
