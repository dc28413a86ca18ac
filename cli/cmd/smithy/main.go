// Command smithy checks real data against APIs defined in Smithy: it
// assembles and validates models, validates JSON and Ion values against
// shapes, and validates JSON-RPC messages and transcripts against services.
// Run `smithy help` for the commands; the exit codes are documented in
// package [github.com/smithy-validation/go/cli/app].
package main

import (
	"os"

	"github.com/smithy-validation/go/cli/app"
)

func main() {
	// The process is the command's own: its collector is tuned here, once
	// (app.TuneCollector; GOGC and GOMEMLIMIT in the environment override
	// it).
	app.TuneCollector(os.Getenv)
	os.Exit(app.Run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
