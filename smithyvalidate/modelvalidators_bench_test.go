package smithyvalidate_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/validate/validatetest"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// valuesModel writes an IDL model of about n root shapes in units of ten,
// each giving the value validators work: a custom trait applied with a
// structured value, prelude traits with values (@range, @length,
// @pattern, @documentation, @externalDocumentation), members and shapes
// with @default values (some checked against a target's default), an
// operation with two @examples (input, output, error), and a metadata
// entry typed by a @metadata shape.
func valuesModel(n int) string {
	var b strings.Builder
	b.WriteString("$version: \"2\"\n")
	units := n / 10
	b.WriteString("metadata levels = [")
	for i := 0; i < units; i++ {
		fmt.Fprintf(&b, "{name: \"l%d\", level: %d}, ", i, i%5+1)
	}
	b.WriteString("]\nnamespace bench\n")
	b.WriteString(`
@trait(selector: "operation")
structure owner { @required team: String, @range(min: 1, max: 5) tier: Integer, tags: Tags }
list Tags { member: String }
@metadata(key: "levels")
list Levels { member: Level }
structure Level { @required name: String, @range(min: 1, max: 5) level: Integer }
`)
	for i := 0; i < units; i++ {
		fmt.Fprintf(&b, `
@owner(team: "t%[1]d", tier: 2, tags: ["a", "b"])
@documentation("Gets thing %[1]d.")
@externalDocumentation(Home: "https://example.com/%[1]d")
@examples([
    {title: "found", input: {id: "x%[1]d", count: 3}, output: {id: "x%[1]d", size: 10, kind: "b"}}
    {title: "missing", input: {id: "y%[1]d"}, error: {shapeId: "bench#NotFound%[1]d", content: {message: "no"}}}
])
@readonly
operation Get%[1]d { input: Get%[1]dInput, output: Get%[1]dOutput, errors: [NotFound%[1]d] }
@input structure Get%[1]dInput {
    @required id: Id%[1]d
    @range(min: 1, max: 10) count: Integer = 1
    verbose: Boolean = false
}
@output structure Get%[1]dOutput {
    @required id: Id%[1]d
    size: Size%[1]d = 0
    kind: Kind%[1]d = "a"
    labels: Tags = []
}
@error("client") structure NotFound%[1]d { message: String }
@pattern("^[a-z0-9]+$") @length(min: 1, max: 32) string Id%[1]d
@range(min: 0, max: 1000) @default(0) integer Size%[1]d
enum Kind%[1]d {
    A = "a"
    B = "b"
}
`, i)
	}
	return b.String()
}

// BenchmarkModelValidators measures the value engine's model validators
// (smithyvalidate.ModelValidators: trait values, @default values,
// @examples, typed metadata, alloy traits) on generated models of 1k, 10k
// and 100k shapes against loading and assembling the same model, with
// core/validate's benchmark harness (validatetest.Measure): the CPU time
// of each per shape and their ratio (validate/load), each phase ending
// with a full garbage collection, a small model loaded and checked for
// more rounds per iteration. A ratio that stays flat across the sizes
// shows the validators are as linear as loading. Shapes are counted as
// model.Model.Shapes counts them (root shapes, the prelude's included).
func BenchmarkModelValidators(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		src := valuesModel(n)
		a := assembly.New()
		if err := a.AddSource("bench.smithy", []byte(src)); err != nil {
			b.Fatal(err)
		}
		res, err := a.Assemble()
		if err != nil || res.HasErrors() {
			b.Fatalf("assemble: %v %v", err, res.Events)
		}
		shapes := len(res.Model.Shapes())
		b.Run(fmt.Sprintf("shapes=%d", n), func(b *testing.B) {
			validatetest.Measure(b, src, shapes, func(res *assembly.Result) []model.Event {
				var events []model.Event
				for _, v := range sv.ModelValidators() {
					events = append(events, v.Check(res.Model)...)
				}
				if len(events) != 0 {
					b.Fatalf("%d events on a valid model: %v", len(events), events[0])
				}
				return events
			})
		})
	}
}
