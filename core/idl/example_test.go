package idl_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/idl"
	"github.com/smithy-validation/go/core/shapeid"
)

func Example() {
	src := []byte(`$version: "2"
namespace example.weather

/// A city's identifier.
@pattern("^[a-z]+$")
string CityId

operation GetCity {
    input := {
        @required
        cityId: CityId
    }
}
`)
	file, err := idl.Parse("weather.smithy", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("declares", file.Declared())

	// An assembler knows every shape of the model (here: this file and a
	// few prelude shapes) before it resolves relative IDs.
	defined := map[shapeid.ID]bool{
		shapeid.MustParse("smithy.api#pattern"):  true,
		shapeid.MustParse("smithy.api#required"): true,
	}
	for _, id := range file.Declared() {
		defined[id] = true
	}
	doc, err := file.Lower(func(id shapeid.ID) bool { return defined[id] })
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range doc.Shapes {
		fmt.Println(s.Type, s.ID)
		for _, t := range s.Traits {
			fmt.Println("  @" + t.ID.String())
		}
		for _, m := range s.Members {
			fmt.Println("  member", m.Name, "->", m.Target)
		}
	}

	_, err = idl.Parse("broken.smithy", []byte("namespace ex\nstructure S {\n"))
	fmt.Println(err)
	// Output:
	// declares [example.weather#CityId example.weather#GetCityInput example.weather#GetCity]
	// string example.weather#CityId
	//   @smithy.api#pattern
	//   @smithy.api#documentation
	// structure example.weather#GetCityInput
	//   @smithy.api#input
	//   member cityId -> example.weather#CityId
	// operation example.weather#GetCity
	// broken.smithy:3:1: Expected RBRACE('}') but found EOF
}
