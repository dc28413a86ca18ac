package preludeid_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

func Example() {
	fmt.Println(preludeid.Required, preludeid.JSONName, preludeid.Unit)
	fmt.Println(preludeid.Required == shapeid.MustParse("smithy.api#required"))
	// Output:
	// smithy.api#required smithy.api#jsonName smithy.api#Unit
	// true
}
