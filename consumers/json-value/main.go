// Command json-value proves an isolation claim of docs/contract.md:
// JSON value validation (smithyvalidate) builds with no third-party module.
//
// scripts/isolation.sh builds it outside the workspace (GOWORK=off) against
// module zips of the working tree served from a local file proxy, and
// compares `go list -m all` with expected-modules.txt. It is never tagged
// and never imported.
//
// It calls the API a user calls, so the claim holds for the code a user
// links, not just for the module graph: a model from a Smithy IDL text, a
// prepared validator, and one JSON value.
package main

import (
	"fmt"
	"os"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/smithyvalidate"
)

const model = `$version: "2"
namespace example

structure Point {
    @required
    x: Integer
    y: Integer
}
`

func main() {
	a := assembly.New()
	if err := a.AddSource("point.smithy", []byte(model)); err != nil {
		fail(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		fail(fmt.Errorf("model: %v %v", err, res.Events))
	}
	v, err := smithyvalidate.Prepare(res.Model, shapeid.MustParse("example#Point"))
	if err != nil {
		fail(err)
	}
	r, err := v.ValidateJSON([]byte(`{"x": 1, "y": "2"}`))
	if err != nil {
		fail(err)
	}
	os.Stdout.Write(r.AppendJSON(nil, ""))
	fmt.Println()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "json-value:", err)
	os.Exit(1)
}
