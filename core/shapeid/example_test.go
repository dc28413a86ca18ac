package shapeid_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/shapeid"
)

func ExampleParse() {
	id, err := shapeid.Parse("example#SubtractInput$subtrahend")
	fmt.Println(id.Namespace, id.Name, id.Member, err)
	fmt.Println(id.Root())

	_, err = shapeid.Parse("example#Bad-Name")
	fmt.Println(err)
	// Output:
	// example SubtractInput subtrahend <nil>
	// example#SubtractInput
	// invalid shape ID "example#Bad-Name" at offset 11: unexpected '-' in shape name
}
