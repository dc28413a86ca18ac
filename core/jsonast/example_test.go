package jsonast_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/jsonast"
)

func ExampleEncode() {
	a := assembly.New()
	a.AddSource("point.smithy", []byte(`$version: "2"
namespace example

/// A point.
structure Point {
    @required
    x: Integer
}
`))
	res, _ := a.Assemble()
	fmt.Print(string(jsonast.Encode(res.Model)))
	// Output:
	// {
	//     "smithy": "2.0",
	//     "shapes": {
	//         "example#Point": {
	//             "members": {
	//                 "x": {
	//                     "target": "smithy.api#Integer",
	//                     "traits": {
	//                         "smithy.api#required": {}
	//                     }
	//                 }
	//             },
	//             "traits": {
	//                 "smithy.api#documentation": "A point."
	//             },
	//             "type": "structure"
	//         }
	//     }
	// }
}
