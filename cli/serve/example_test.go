package serve_test

import (
	"os"
	"strings"

	"github.com/smithy-validation/go/cli/methods"
	"github.com/smithy-validation/go/cli/serve"
)

// Stdio serves the commands' methods (methods.NewHandler, here reading no
// files: --no-paths) on a reader and a writer, as `smithy serve --stdio`
// does on the process's own: a model given inline, a value checked against one of its shapes (the id keeps
// its text), then a request that is not JSON, answered with an error
// envelope while the session goes on.
func ExampleStdio() {
	requests := strings.Join([]string{
		`{"id":1.0,"method":"validate-value","params":{"models":[{"name":"point.smithy","text":"$version: \"2\"\nnamespace example\nstructure Point { @required x: Integer }\n"}],"shape":"example#Point","value":{"text":"{\"x\": \"1\"}"}}}`,
		`{"id":2,"method":`,
		`{"id":3,"method":"validate-value","params":{"models":[{"name":"point.smithy","text":"$version: \"2\"\nnamespace example\nstructure Point { @required x: Integer }\n"}],"shape":"example#Point","value":{"text":"{\"x\": 1}"}}}`,
	}, "\n")
	h, err := methods.NewHandler(methods.HandlerOptions{NoPaths: true})
	if err != nil {
		panic(err)
	}
	serve.Stdio(h, strings.NewReader(requests), os.Stdout, os.Stderr)
	// Output:
	// {"id":1.0,"ok":true,"exit":1,"result":{"valid":false,"complete":true,"findings":[{"severity":"error","class":"instance","code":"type","path":"/x","shape":"example#Point$x","line":1,"column":7,"message":"expected an integer, found a string"}]}}
	// {"id":null,"ok":false,"error":{"code":"E060","message":"the request line is not valid JSON: unexpected end of JSON input","exit":2}}
	// {"id":3,"ok":true,"exit":0,"result":{"valid":true,"complete":true,"findings":[]}}
}
