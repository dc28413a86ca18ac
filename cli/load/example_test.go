package load_test

import (
	"fmt"

	"github.com/smithy-validation/go/cli/load"
)

// A model given inline (as the server's requests give them), assembled
// with the smithy.rpc traits always there, and its events as `smithy
// validate` reports them.
func ExampleReader_LoadModel() {
	var r load.Reader
	m, err := r.LoadModel([]load.Source{{Name: "point.smithy", Text: []byte("$version: \"2\"\nnamespace example\nstructure Point { @required x: Intger }\n")}})
	if err != nil {
		panic(err)
	}
	for _, ev := range m.ValidateEvents() {
		fmt.Println(ev.Severity, ev.ID, ev.Message)
	}
	// Output:
	// ERROR Target member shape targets an unresolved shape `example#Intger`
}
