// Package run does what each command does, for the command line (package
// app parses its flags) and for the server (package methods decodes its
// params) alike: [Env] holds the streams, the model cache and the server's
// file access; ast, validate, validate-value, validate-rpc, openrpc and
// select are its methods, each taking its parameters as a struct, writing
// its output in the format asked for (package render) and returning an
// error that carries its exit code ([ExitCode]).
//
// Exit codes, the same for every command:
//
//	0  valid: no finding of severity error
//	1  invalid: at least one error finding
//	2  usage: a bad flag, argument or parameter
//	3  model: the model failed to load, assemble or prepare
//	4  input/output: a file could not be read, or the output could not be written
//	5  incomplete: a limit stopped validation before any error was found
package run

import (
	"io"

	"github.com/smithy-validation/go/cli/load"
)

// Env is what every command reads and writes.
type Env struct {
	// Reader reads the models and inputs the command names.
	load.Reader
	Stdout, Stderr io.Writer
	// SpoolLimit bounds the bytes of a transcript's message records
	// (rpc's) or listed lines, and of the copy of a standard input read
	// twice, kept in memory, per transcript, before the rest goes to a
	// temporary file (0: the default, 1 MiB; see rpc.SpoolLimit). A
	// program that checks many transcripts at once lowers it to bound
	// its memory.
	SpoolLimit int
	// Command is the command run, for the tool name of SARIF output.
	Command string
	// MaxFindings bounds the findings printed (--max-findings; 0: all).
	MaxFindings int
	// Quiet leaves the summary out of the text format (validate --quiet).
	Quiet bool
	// ColorMode is --force-color (1), --no-color (-1) or neither (0).
	ColorMode int
	// BeforeStream, when set, is called once a command has loaded its
	// model and prepared what it checks with and opened an input of any
	// length (validate-rpc --transcript), before it reads it, with the
	// input's size in bytes (-1: unknown, a pipe): the smithy process
	// collects the load's garbage there when the input is large (package
	// app's collectBeforeStream), while the heap holds little more than
	// the model. Nil (libraries, tests, the server) does nothing.
	BeforeStream func(size int64)
	// ProgressMode is --progress (1), --no-progress (-1) or neither (0):
	// with neither, the progress line of a large transcript is drawn on
	// Stderr when it is a terminal (render.IsTerminal).
	ProgressMode int
}
