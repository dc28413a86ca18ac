// Command ion proves an isolation claim of docs/contract.md:
// Ion validation has no CLI module and no OpenRPC module in its graph.
//
// scripts/isolation.sh builds it outside the workspace (GOWORK=off) against
// module zips of the working tree served from a local file proxy, and
// compares `go list -m all` with expected-modules.txt. It is never tagged
// and never imported.
//
// It calls the API a user calls, so the claim holds for the code a user
// links, not just for the module graph: a model from a Smithy JSON AST, a
// prepared validator, and one tiny Ion value (text, then the same value in
// binary) validated with ion-adapter.
package main

import (
	"fmt"
	"os"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	ionadapter "github.com/smithy-validation/go/ion-adapter"
	"github.com/smithy-validation/go/smithyvalidate"
)

const model = `{"smithy": "2.0", "shapes": {"example#Point": {"type": "structure", "members": {
  "x": {"target": "smithy.api#Integer", "traits": {"smithy.api#required": {}}},
  "y": {"target": "smithy.api#Integer"}}}}}`

func main() {
	a := assembly.New()
	if err := a.AddSource("point.json", []byte(model)); err != nil {
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
	// {x: 1, y: "2"} in text, then in binary (written out by hand: the
	// consumer imports nothing but the libraries it proves).
	binary := []byte{
		0xE0, 0x01, 0x00, 0xEA, // version marker
		0xE9, 0x81, 0x83, 0xD6, 0x87, 0xB4, 0x81, 'x', 0x81, 'y', // $ion_symbol_table::{symbols: ["x", "y"]}
		0xD6, 0x8A, 0x21, 0x01, 0x8B, 0x81, '2', // {$10: 1, $11: "2"}
	}
	for _, in := range [][]byte{[]byte(`{x: 1, y: "2"}`), binary} {
		r, err := ionadapter.Validate(v, in)
		if err != nil {
			fail(err)
		}
		os.Stdout.Write(r.AppendText(nil))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "ion consumer:", err)
	os.Exit(1)
}
