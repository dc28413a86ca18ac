package smithyvalidate_test

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// loadModel assembles Smithy IDL (or a JSON AST document when src starts
// with '{') with the prelude.
func loadModel(t testing.TB, src string) *model.Model {
	t.Helper()
	return loadModelInto(t, assembly.New(), src)
}

// loadModelInto is loadModel into an assembler that may hold other
// sources already (the alloy traits, say).
func loadModelInto(t testing.TB, a *assembly.Assembler, src string) *model.Model {
	t.Helper()
	name := "test.smithy"
	if strings.HasPrefix(strings.TrimSpace(src), "{") {
		name = "test.json"
	}
	if err := a.AddSource(name, []byte(src)); err != nil {
		t.Fatalf("load: %v", err)
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatalf("assemble: %v", err)
	}
	if res.HasErrors() {
		t.Fatalf("assemble: %v", res.Events)
	}
	return res.Model
}

func mustPrepare(t testing.TB, m *model.Model, id string, opts ...sv.Option) *sv.Validator {
	t.Helper()
	v, err := sv.Prepare(m, shapeid.MustParse(id), opts...)
	if err != nil {
		t.Fatalf("Prepare(%s): %v", id, err)
	}
	return v
}

func validateJSON(t testing.TB, v *sv.Validator, text string) sv.Result {
	t.Helper()
	r, err := v.ValidateJSON([]byte(text))
	if err != nil {
		t.Fatalf("ValidateJSON(%s): %v", text, err)
	}
	return r
}

// summary renders findings compactly for comparisons: "code path shape"
// per finding, joined by "; ".
func summary(r sv.Result) string {
	var parts []string
	for _, f := range r.Findings {
		s := string(f.Code) + " " + f.Path.String()
		if !f.Shape.IsZero() {
			s += " " + f.Shape.String()
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

const calculatorModel = `$version: "2"
namespace example

service Calculator { version: "1", operations: [Subtract] }

operation Subtract { input: SubtractInput, output: SubtractOutput }

structure SubtractInput {
    @required
    minuend: Integer
    @required
    subtrahend: Integer
}

structure SubtractOutput { @required value: Integer }
`
