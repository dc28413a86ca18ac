// Command awsmodels runs `smithy validate` on every model under a
// directory, one process per model, and prints a summary of the ERROR and
// DANGER events by model and by event ID. It exits 1 when any model has
// such an event or could not be checked, 2 on a usage error, 0 otherwise.
// scripts/aws-models.sh prepares its inputs (the models and the trait
// definitions from fetched copies, the smithy binary) and runs it:
//
//	go run ./scripts/cmd/awsmodels -smithy bin/smithy -traits TRAITS_DIR [-jobs 2] [-events] MODELS_DIR
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/smithy-validation/go/scripts/internal/awsmodels"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("awsmodels", flag.ContinueOnError)
	smithy := fs.String("smithy", "", "the smithy binary to run (required)")
	traits := fs.String("traits", "", "directory of trait definition files (*.smithy, *.json) given to every run")
	jobs := fs.Int("jobs", 2, "models checked at once")
	events := fs.Bool("events", false, "also list every ERROR and DANGER event")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: awsmodels -smithy BIN [-traits DIR] [-jobs N] [-events] MODELS_DIR")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *smithy == "" || fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	models, err := awsmodels.Find(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "awsmodels:", err)
		return 2
	}
	if len(models) == 0 {
		fmt.Fprintf(os.Stderr, "awsmodels: no *.json model under %s\n", fs.Arg(0))
		return 2
	}
	defs, err := awsmodels.Traits(*traits)
	if err != nil {
		fmt.Fprintln(os.Stderr, "awsmodels:", err)
		return 2
	}
	start := time.Now()
	results := awsmodels.Run(context.Background(), *smithy, defs, models, *jobs)
	clean := awsmodels.Summary(os.Stdout, results, *events)
	fmt.Printf("time: %s for %d models, %d at a time\n", time.Since(start).Round(time.Second), len(models), *jobs)
	if !clean {
		return 1
	}
	return 0
}
