// Command json-value proves an isolation claim of docs/contract.md:
// JSON value validation (smithyvalidate) builds with no third-party module.
//
// scripts/isolation.sh builds it outside the workspace (GOWORK=off) against
// module zips of the working tree served from a local file proxy, and
// compares `go list -m all` with expected-modules.txt. It is never tagged
// and never imported.
package main

// The library has no exported API yet, so it is imported for its side
// effects only. The lead switches this to real API calls once the library
// has them: a consumer that calls the API proves the claim for the code a
// user actually links, not just for the module graph.
import _ "github.com/smithy-validation/go/smithyvalidate"

func main() {}
