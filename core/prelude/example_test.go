package prelude_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/prelude"
	"github.com/smithy-validation/go/core/shapeid"
)

func ExampleDocument() {
	doc := prelude.Document()
	for _, s := range doc.Shapes {
		if s.ID.Name == "PrimitiveInteger" {
			fmt.Println(s.ID, s.Type)
		}
	}
	fmt.Println(prelude.IsPreludeID(shapeid.MustParse("smithy.api#String")))
	fmt.Println(prelude.IsPreludeID(shapeid.MustParse("example#String")))
	// Output:
	// smithy.api#PrimitiveInteger integer
	// true
	// false
}
