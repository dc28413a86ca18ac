package assembly_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
)

func Example() {
	a := assembly.New()
	a.AddSource("base.smithy", []byte(`$version: "2"
namespace example

@mixin
structure Audited {
    @required
    createdBy: String
}
`))
	a.AddSource("order.smithy", []byte(`$version: "2"
namespace example

structure Order with [Audited] {
    @length(min: 1)
    id: String
}
`))
	res, err := a.Assemble()
	if err != nil {
		panic(err)
	}
	order, _ := res.Model.Shape(shapeid.MustParse("example#Order"))
	for _, m := range order.Members() {
		fmt.Println(m.ID(), "->", m.Target())
	}
	fmt.Println("errors:", res.HasErrors())
	// Output:
	// example#Order$createdBy -> smithy.api#String
	// example#Order$id -> smithy.api#String
	// errors: false
}

func ExampleResult_events() {
	a := assembly.New()
	a.AddSource("bad.smithy", []byte(`$version: "2"
namespace example

structure Order {
    customer: Customer
}
`))
	res, _ := a.Assemble()
	for _, e := range res.Events {
		fmt.Println(e)
	}
	// Output:
	// [ERROR] example#Order$customer: member shape targets an unresolved shape `example#Customer` | Target bad.smithy:5:5
}
