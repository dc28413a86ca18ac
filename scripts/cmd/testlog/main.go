// Command testlog reads `go test -json` on standard input and prints what
// a plain `go test` prints (see package testlog); with -skips FILE it
// appends each skipped test to FILE, one tab-separated line each:
// package, test, reason. scripts/test.sh runs it after building it once:
//
//	go test -json ./... 2>&1 | testlog -skips skipped.txt
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/smithy-validation/go/scripts/internal/testlog"
)

func main() {
	skips := flag.String("skips", "", "append each skipped test to `FILE` (package, test, reason; tab-separated)")
	flag.Parse()
	var f *os.File
	if *skips != "" {
		var err error
		if f, err = os.OpenFile(*skips, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "testlog:", err)
			os.Exit(2)
		}
		defer f.Close()
	}
	err := testlog.Filter(os.Stdin, os.Stdout, func(s testlog.Skip) {
		if f != nil {
			fmt.Fprintln(f, s.Line())
		}
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "testlog:", err)
		os.Exit(1)
	}
}
