// Command checkversions checks versions.yaml against go.work and every
// go.mod (see package checkversions), and with -tags prints the release tags
// of the library modules, one a line.
//
// Run it from anywhere inside the repository:
//
//	go run ./scripts/cmd/checkversions
//	go run ./scripts/cmd/checkversions -tags
//	go run ./scripts/cmd/checkversions -fix    (after editing versions.yaml)
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/smithy-validation/go/scripts/internal/checkversions"
	"github.com/smithy-validation/go/scripts/internal/repo"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("checkversions", flag.ContinueOnError)
	root := fs.String("C", ".", "a directory inside the repository")
	tags := fs.Bool("tags", false, "after a successful check, print the release tags (dir/vX.Y.Z), one a line")
	fix := fs.Bool("fix", false, "first set every requirement on a released module, and the go.work replaces, to the versions.yaml version")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	dir, err := repo.FindRoot(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "checkversions:", err)
		return 2
	}
	r, err := repo.Load(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "checkversions:", err)
		return 2
	}
	if *fix {
		changed, err := checkversions.Fix(r)
		for _, name := range changed {
			fmt.Fprintln(os.Stderr, "checkversions: rewrote", name)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "checkversions:", err)
			return 1
		}
		if r, err = repo.Load(dir); err != nil {
			fmt.Fprintln(os.Stderr, "checkversions:", err)
			return 2
		}
	}
	if problems := checkversions.Check(r); len(problems) > 0 {
		fmt.Fprintf(os.Stderr, "checkversions: %d problem(s) in versions.yaml, go.work or go.mod files:\n", len(problems))
		for _, p := range problems {
			fmt.Fprintln(os.Stderr, "  "+p.String())
		}
		return 1
	}
	if *tags {
		ts, err := checkversions.Tags(r)
		if err != nil {
			fmt.Fprintln(os.Stderr, "checkversions:", err)
			return 1
		}
		for _, t := range ts {
			fmt.Println(t.Name)
		}
		return 0
	}
	n := 0
	for _, s := range r.Versions.ModuleSets {
		n += len(s.Modules)
	}
	fmt.Fprintf(os.Stderr, "checkversions: ok: %d modules in go.work, %d released at versions.yaml versions, requirements follow the contract\n", len(r.Modules), n)
	return 0
}
