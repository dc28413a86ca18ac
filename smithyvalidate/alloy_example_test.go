package smithyvalidate_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/smithyvalidate"
)

// A union tagged by a "type" field, as many JSON APIs write one: the model
// uses alloy#discriminated without defining it, and AddAlloyTraits
// supplies the definition.
func ExampleAddAlloyTraits() {
	a := assembly.New()
	if err := smithyvalidate.AddAlloyTraits(a); err != nil {
		panic(err)
	}
	if err := a.AddSource("content.smithy", []byte(`$version: "2"
namespace example
use alloy#discriminated

@discriminated("type")
union Content {
    text: Text
    image: Image
}
structure Text { @required text: String }
structure Image { @required data: Blob }
`)); err != nil {
		panic(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		panic(fmt.Sprint(err, res.Events))
	}
	v, err := smithyvalidate.Prepare(res.Model, shapeid.MustParse("example#Content"))
	if err != nil {
		panic(err)
	}
	for _, value := range []string{
		`{"type": "text", "text": "hello"}`,
		`{"type": "text"}`,
		`{"type": "audio", "data": "AA=="}`,
	} {
		r, _ := v.ValidateJSON([]byte(value))
		fmt.Println(r.Valid)
		for _, f := range r.Findings {
			fmt.Printf("  %s %q: %s\n", f.Code, f.Path, f.Message)
		}
	}
	// Output:
	// true
	// false
	//   required "": missing required member text
	// false
	//   discriminator "/type": the discriminator "type" names no member of union example#Content: "audio" (one of: text, image)
}
