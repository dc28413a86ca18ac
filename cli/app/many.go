package app

import (
	"runtime"

	"github.com/urfave/cli/v2"
)

// Many inputs: `validate-value --value` and `validate-rpc --message` take
// several files (the flag repeated) or a directory (its files with the
// input format's extension, recursively, in lexical order: a CI job
// checking a folder of example messages). Each file is checked on its own,
// on every core (-j N), and reported in the order given, so the output is
// the same however many jobs ran. The text, sarif and github formats list
// every file's findings under its name, with one summary; the JSON format
// is one document:
//
//	{"valid":..,"complete":..,"files":[{"file":"a.json",<the file's result>},...]}
//
// One input that is a single file keeps the single-input output.

func jobsFlag() *cli.IntFlag {
	return &cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: runtime.NumCPU(), DefaultText: "the number of CPUs",
		Usage: "check up to N inputs at once (several --value or --message files, or a directory)"}
}
