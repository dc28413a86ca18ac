// Package app is the `smithy` command: [Run] parses the arguments, runs one
// command and returns its exit code. cmd/smithy is a thin main around it, so
// the command is tested in-process with testscript.
//
// Exit codes, the same for every command:
//
//	0  valid: no finding of severity error
//	1  invalid: at least one error finding
//	2  usage: a bad flag, argument or parameter
//	3  model: the model failed to load, assemble or prepare
//	4  input: a file could not be read
//	5  incomplete: a limit stopped validation before any error was found
//
// Flags come before the MODEL arguments; `-` as a file name is standard
// input.
package run

import (
	"io"
)

// Version is the command's version, printed by `smithy --version`: the
// version of the module set in versions.yaml (a test keeps them equal).
const Version = "0.1.0"

// env is what every command reads and writes.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	StdinUsed      bool
	// SpoolLimit bounds the transcript output kept in memory (0: the
	// default; see rpc.SpoolLimit).
	SpoolLimit int
	// cache keeps assembled models between calls (the server's); nil
	// loads every model afresh.
	Cache *ModelCache
	// files is the server's file access for the request under way
	// (servefiles.go); nil reads what the user names.
	Files requestReader
	// Terminal overrides the test of whether stdout is a Terminal (tests).
	Terminal *bool
	// command is the command run, for the tool name of SARIF output;
	// args are the arguments as given (proxy finds its "--" in them).
	Command string
	Args    []string
	// maxFindings bounds the findings printed (--max-findings; 0: all).
	MaxFindings int
	// quiet leaves the summary out of the text format (validate --quiet).
	Quiet bool
	// colorMode is --force-color (1), --no-color (-1) or neither (0).
	ColorMode int
	// progressMode is --progress (1), --no-progress (-1) or neither (0);
	// progressOut, when set, receives the progress line (tests).
	ProgressMode int
	ProgressOut  io.Writer
}
