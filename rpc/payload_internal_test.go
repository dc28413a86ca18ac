package rpc

import (
	"reflect"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// TestPayloadValidatorsArePrepare: the validators Prepare gives each
// method's params and result and each error mapping's data, prepared
// together with shared plans (sv.Preparer), are deeply equal to those
// sv.Prepare gives each shape alone, on every example service and with
// payload options, so that sharing the plans changes no finding.
func TestPayloadValidatorsArePrepare(t *testing.T) {
	services := []struct{ file, service string }{
		{"../examples/calculator/calculator.smithy", "example#Calculator"},
		{"../examples/notes/notes.smithy", "example.notes#Notes"},
		{"../examples/ethereum/ethereum.smithy", "ethereum#Ethereum"},
		{"../examples/lsp/lsp.smithy", "org.lsp#LanguageServer"},
		{"../examples/mcp/mcp.smithy", "io.modelcontextprotocol#Mcp"},
	}
	optionSets := []struct {
		name string
		opts []Option
	}{
		{"defaults", []Option{Version(V2_0)}},
		{"payload options", []Option{Version(V2_0), PayloadOptions(sv.MatchJSONNames(false), sv.RejectNullMembers(true))}},
	}
	for _, tc := range services {
		m := exampleModel(t, tc.file)
		svc := serviceID(t, m, tc.service)
		for _, o := range optionSets {
			t.Run(svc.Name+"/"+o.name, func(t *testing.T) {
				s, err := Prepare(m, svc, o.opts...)
				if err != nil {
					t.Fatal(err)
				}
				payload := append(append([]sv.Option{}, defaultPayload...), s.cfg.payload...)
				check := func(what string, id shapeid.ID, got *sv.Validator) {
					t.Helper()
					want, err := sv.Prepare(m, id, payload...)
					if err != nil {
						t.Fatalf("%s: %v", what, err)
					}
					if !reflect.DeepEqual(got, want) {
						t.Errorf("%s (%s): the validator differs from sv.Prepare's", what, id)
					}
				}
				n := 0
				for _, name := range s.names {
					meth := s.methods[name]
					in := meth.input
					if in.IsZero() {
						in = preludeid.Unit
					}
					check(name+" params", in, meth.params.v)
					n++
					switch meth.result {
					case OutputStructure:
						out := meth.output
						if out.IsZero() {
							out = preludeid.Unit
						}
						check(name+" result", out, meth.results.v)
						n++
					case OutputMember:
						check(name+" result", meth.resultOf, meth.results.v)
						n++
					}
				}
				for _, code := range s.errorCodes {
					switch e := s.errors[code]; e.data {
					case DataStructure:
						check("error data", e.shape, e.check.v)
						n++
					case DataMember:
						check("error data", e.dataOf, e.check.v)
						n++
					}
				}
				if n < 2 {
					t.Errorf("%d validators compared, want the service's payloads", n)
				}
			})
		}
	}
}

// exampleModel assembles an example model with the rpc and alloy traits.
func exampleModel(t *testing.T, file string) *model.Model {
	t.Helper()
	a := assembly.New()
	if err := AddTraits(a); err != nil {
		t.Fatal(err)
	}
	if err := sv.AddAlloyTraits(a); err != nil {
		t.Fatal(err)
	}
	if err := a.AddPath(file); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		t.Fatal(err, res.Events)
	}
	return res.Model
}

// serviceID parses a service's id, checking that the model has it.
func serviceID(t *testing.T, m *model.Model, id string) shapeid.ID {
	t.Helper()
	svc := shapeid.MustParse(id)
	if s, ok := m.Shape(svc); !ok || s.Type() != model.ServiceType {
		t.Fatalf("%s: no such service", id)
	}
	return svc
}
