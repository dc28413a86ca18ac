package smithyvalidate_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// FuzzModelValidators runs the value engine's model validators on models
// that load: none may fault (a fault would surface as an "internal error"
// event), and two runs give the same events.
func FuzzModelValidators(f *testing.F) {
	for _, seed := range modelValidatorSeeds() {
		f.Add([]byte(seed))
	}
	f.Fuzz(fuzzModelValidators)
}

// modelValidatorSeeds are models that load and give each validator work.
func modelValidatorSeeds() []string {
	return []string{
		examplesModel,
		strings.Replace(examplesModel, "operation Op {", `@examples([{title: "t", input: {name: 1, count: "x", tags: ["a", "a"]}, output: {}, error: {shapeId: "t#OpError", content: {message: null}}, allowConstraintErrors: true}])
operation Op {`, 1),
		`$version: "2"
metadata levels = [{name: 1}, null, {level: 0}]
namespace t
@metadata(key: "levels")
list Levels { member: Level }
structure Level { @required name: String, @range(min: 1) level: Integer }
structure S {
    @range(min: 1) a: Integer = 0
    b: Tags = ["x"]
    c: Blob = "not base64"
    d: Document = {a: 1}
    e: Timestamp = "yesterday"
}
@length(min: 1) list Tags { member: String }
@default(null) integer N
@trait structure cfg { @required name: String, pairs: Pairs, u: U }
map Pairs { key: String, value: Integer }
union U { a: String, b: Integer }
@cfg(pairs: {a: "x"}, u: {c: 1}, extra: [])
@deprecated("x") @sensitive(true) @externalDocumentation(A: "nope")
string X
`,
	}
}

func fuzzModelValidators(t *testing.T, src []byte) {
	a := assembly.New()
	if err := a.AddSource("fuzz.smithy", src); err != nil {
		return
	}
	res, err := a.Assemble()
	if err != nil || res.Model == nil || res.HasErrors() {
		return
	}
	run := func() []string {
		var lines []string
		for _, v := range sv.ModelValidators() {
			for _, e := range v.Check(res.Model) {
				if strings.Contains(e.Message, "internal error") {
					t.Fatalf("%s: %s", v.Name, e.Message)
				}
				lines = append(lines, e.String())
			}
		}
		return lines
	}
	if first, second := run(), run(); !reflect.DeepEqual(first, second) {
		t.Fatalf("two runs differ:\n%v\n%v", first, second)
	}
}
