package validate_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/validate"
)

func Example() {
	a := assembly.New()
	_ = a.AddSource("example.smithy", []byte(`$version: "2"
namespace example

@readonly
string Name

operation GetThing {
    input: Thing
}

@error("client")
structure Thing {}
`))
	res, _ := a.Assemble()
	// The misplaced @readonly is not reported yet: the Target ERROR stops
	// validation before the stage that checks trait targets.
	rep := validate.Check(res.Model, validate.WithEvents(res.Events))
	for _, e := range rep.Events {
		fmt.Println(e)
	}
	// Output:
	// [ERROR] example#GetThing: Operation input targets an invalid structure `example#Thing` that is marked with the `error` trait. | Target example.smithy:7:1
}
