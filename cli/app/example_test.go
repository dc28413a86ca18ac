package app_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/smithy-validation/go/cli/app"
)

// Run is the whole smithy command, in-process: arguments in, exit code out.
func ExampleRun() {
	model := `$version: "2"
namespace example
structure Point {
    @required
    x: Integer
}
`
	f, _ := os.CreateTemp("", "point-*.smithy")
	defer os.Remove(f.Name())
	f.WriteString(model)
	f.Close()

	code := app.Run([]string{"smithy", "validate-value", "--shape", "example#Point", "--format", "json", f.Name()},
		strings.NewReader(`{"x": "1"}`), os.Stdout, os.Stderr)
	fmt.Println("exit", code)
	// Output:
	// {"valid":false,"complete":true,"findings":[{"severity":"error","class":"instance","code":"type","path":"/x","shape":"example#Point$x","line":1,"column":7,"message":"expected an integer, found a string"}]}
	// exit 1
}
