// Command rpc proves an isolation claim of docs/contract.md: JSON-RPC
// validation (rpc) builds with no third-party module.
//
// scripts/isolation.sh builds it outside the workspace (GOWORK=off) against
// module zips of the working tree served from a local file proxy, and
// compares `go list -m all` with expected-modules.txt. It is never tagged
// and never imported.
//
// It calls the API a user calls, so the claim holds for the code a user
// links: a service modeled with the smithy.rpc traits, prepared once, and
// one JSON-RPC 2.0 call validated against it.
package main

import (
	"fmt"
	"os"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
)

const model = `$version: "2"
namespace example
use smithy.rpc#jsonRpc
use smithy.rpc#method

@jsonRpc(versions: ["2.0"])
service Calculator { operations: [Subtract] }

@method(name: "subtract", params: "either", positional: ["minuend", "subtrahend"], resultMember: "value")
operation Subtract {
    input := {
        @required
        minuend: Integer
        @required
        subtrahend: Integer
    }
    output := {
        @required
        value: Integer
    }
}
`

func main() {
	a := assembly.New()
	if err := rpc.AddTraits(a); err != nil {
		fail(err)
	}
	if err := a.AddSource("calculator.smithy", []byte(model)); err != nil {
		fail(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		fail(fmt.Errorf("model: %v %v", err, res.Events))
	}
	svc, err := rpc.Prepare(res.Model, shapeid.MustParse("example#Calculator"))
	if err != nil {
		fail(err)
	}
	r := svc.ValidateMessage([]byte(`{"jsonrpc": "2.0", "method": "subtract", "params": [42, "23"], "id": 1}`))
	fmt.Printf("%+v\n", r.Valid)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "rpc:", err)
	os.Exit(1)
}
