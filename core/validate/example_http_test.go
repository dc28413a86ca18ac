package validate_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/validate"
)

// HTTP bindings are checked with the reference implementation's event
// IDs: two operations of a service on one method and URI pattern (label
// names do not tell them apart), and a URI label no input member binds.
func Example_httpBindings() {
	a := assembly.New()
	_ = a.AddSource("rest.smithy", []byte(`$version: "2"
namespace example

service Things {
    version: "1"
    operations: [GetThing, GetOther]
}

@http(method: "GET", uri: "/things/{id}")
@readonly
operation GetThing {
    input := {
        @httpLabel
        @required
        id: String
    }
}

@http(method: "GET", uri: "/things/{name}")
@readonly
operation GetOther {}
`))
	res, _ := a.Assemble()
	rep := validate.Check(res.Model, validate.WithEvents(res.Events))
	for _, e := range rep.Events {
		fmt.Println(e)
	}
	// Output:
	// [ERROR] example#GetThing: Operation URI, `/things/{id}`, conflicts with other operation URIs in the same service: [`example#GetOther` (/things/{name})] | HttpUriConflict rest.smithy:11:1
	// [ERROR] example#GetOther: This operation uses `smithy.api#Unit` as input, but the following URI labels found in the operation's `http` trait do not have a corresponding member marked with the `httpLabel` trait: `name` | HttpLabelTrait rest.smithy:21:1
	// [ERROR] example#GetOther: Operation URI, `/things/{name}`, conflicts with other operation URIs in the same service: [`example#GetThing` (/things/{id})] | HttpUriConflict rest.smithy:21:1
}
