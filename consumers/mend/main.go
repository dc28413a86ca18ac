// Command mend proves an isolation claim of docs/contract.md: the JSON
// gate (mend) builds with no third-party module.
//
// scripts/isolation.sh builds it outside the workspace (GOWORK=off) against
// module zips of the working tree served from a local file proxy, and
// compares `go list -m all` with expected-modules.txt. It is never tagged
// and never imported.
//
// It calls the API a user calls: a tool call with Python literals and a
// trailing comma, checked against the seed's compact declaration, through
// Analyze, Repair and Readiness.
package main

import (
	"fmt"
	"os"

	"github.com/smithy-validation/go/mend"
)

func main() {
	decl, err := mend.ParseCompact("{!query:string,!limit:integer,exact:boolean}")
	if err != nil {
		fail(err)
	}
	text := []byte("```json\n{'query': 'smithy', 'limit': 10, 'exact': True,}\n```")
	plan := mend.Analyze(text, mend.Options{Declaration: decl})
	fmt.Println(plan.Decision, plan.Label, plan.Text)
	if _, err := mend.Repair(text, mend.Options{Declaration: decl}); err != nil {
		fail(err)
	}
	r, err := mend.Readiness([]byte(`{"query":"smithy",`), mend.Options{Declaration: decl})
	if err != nil {
		fail(err)
	}
	fmt.Println(r.SyntaxPermille, r.SchemaPermille, r.SettledPermille, r.Step)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "mend:", err)
	os.Exit(1)
}
