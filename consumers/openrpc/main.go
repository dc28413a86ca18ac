// Command openrpc proves an isolation claim of docs/contract.md:
// OpenRPC export has no Ion and no CLI module in its graph.
//
// scripts/isolation.sh builds it outside the workspace (GOWORK=off) against
// module zips of the working tree served from a local file proxy, and
// compares `go list -m all` with expected-modules.txt. It is never tagged
// and never imported.
//
// It calls the API a user calls (Convert, CheckDocument), so the claim is
// proven for the code a user links, the JSON Schema validator included, not
// only for the module graph.
package main

import (
	"fmt"
	"os"

	"github.com/smithy-validation/go/openrpc"
)

var convert = openrpc.Convert

func main() {
	_ = convert
	fs, err := openrpc.CheckDocument([]byte(`{"openrpc":"1.3.2","info":{"title":"t","version":"1"},"methods":[]}`))
	if err != nil || len(fs) > 0 {
		fmt.Fprintln(os.Stderr, "openrpc:", fs, err)
		os.Exit(1)
	}
}
