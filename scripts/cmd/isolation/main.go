// Command isolation proves the contract's isolation claims: it builds every
// consumers/* module outside the workspace against zips of the working tree
// and compares its module graph with consumers/*/expected-modules.txt (see
// package isolation). It exits 1 when a claim is broken.
//
//	go run ./scripts/cmd/isolation [-only consumers/rpc] [-p 2] [-keep]
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/smithy-validation/go/scripts/internal/isolation"
	"github.com/smithy-validation/go/scripts/internal/repo"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("isolation", flag.ContinueOnError)
	root := fs.String("C", ".", "a directory inside the repository")
	only := fs.String("only", "", "comma-separated consumers to check (json-value,rpc); all when empty")
	parallel := fs.Int("p", 2, "consumers built at once")
	keep := fs.Bool("keep", false, "keep the temporary proxy, module cache and consumer copies for inspection")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	dir, err := repo.FindRoot(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "isolation:", err)
		return 2
	}
	opts := isolation.Options{Root: dir, Parallel: *parallel, Keep: *keep}
	if *only != "" {
		opts.Only = strings.Split(*only, ",")
	}
	if _, err := isolation.Run(opts); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
