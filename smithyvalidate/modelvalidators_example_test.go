package smithyvalidate_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/validate"
	"github.com/smithy-validation/go/smithyvalidate"
)

// ModelValidators adds the value engine's model validators to core's:
// here a @default of 0 outside its @range (a WARNING, as in the reference:
// Smithy 1.0 models wrote 0 for "no value") and an @examples input that
// its operation's input rejects, reported with the reference's event IDs.
// An ERROR of a critical validator (TraitValue, DefaultTrait) would stop
// the later stages, ExamplesTrait among them.
func ExampleModelValidators() {
	a := assembly.New()
	err := a.AddSource("example.smithy", []byte(`$version: "2"
namespace example

structure Settings {
    @range(min: 1, max: 10)
    retries: Integer = 0
}

@examples([{title: "negative", input: {amount: -1}}])
operation Pay {
    input := {
        @range(min: 0)
        amount: Integer
    }
}
`))
	if err != nil {
		panic(err)
	}
	res, err := a.Assemble()
	if err != nil {
		panic(err)
	}
	rep := validate.Check(res.Model, validate.WithEvents(res.Events), validate.WithValidators(smithyvalidate.ModelValidators()...))
	for _, ev := range rep.Events {
		fmt.Printf("%s %s %s: %s\n", ev.Severity, ev.ID, ev.Shape, ev.Message)
	}
	// Output:
	// WARNING DefaultTrait.Member.InvalidRange example#Settings$retries: Error validating @default trait: Value provided for `example#Settings$retries` must be greater than or equal to 1, but found 0
	// ERROR ExamplesTrait.Member.InvalidRange example#Pay: Example input of `negative`.amount: Value provided for `example#PayInput$amount` must be greater than or equal to 0, but found -1
}
