package selector_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/selector"
)

func Example() {
	a := assembly.New()
	_ = a.AddSource("example.smithy", []byte(`$version: "2"
namespace example

structure Point {
    @required
    x: Integer
    y: Integer
}
`))
	res, _ := a.Assemble()

	sel, err := selector.Parse("[id|namespace = example] > member [trait|required]")
	if err != nil {
		panic(err)
	}
	for _, s := range sel.Select(res.Model) {
		fmt.Println(s.ID())
	}
	// Output:
	// example#Point$x
}

func ExampleSyntaxError() {
	_, err := selector.Parse("structure > [trait|required")
	fmt.Println(err)
	// Output:
	// Syntax error at line 1 column 28, near ``: Found '[EOF]', but expected one of the following tokens: ']' '=' '!' '^' '$' '*' '?' '>' '<'; expression: structure > [trait|required
}
