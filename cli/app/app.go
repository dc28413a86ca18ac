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
//	4  input/output: a file could not be read, or the output could not be written
//	5  incomplete: a limit stopped validation before any error was found
//
// Flags come before the MODEL arguments; `-` as a file name is standard
// input.
package app

import (
	"fmt"
	"io"
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/cli/run"
	"github.com/smithy-validation/go/cli/version"
	"github.com/urfave/cli/v2"
)

// Run runs the smithy command with args (args[0] is the program name) and
// returns the exit code. It never calls os.Exit.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return (&env{Env: &run.Env{Reader: load.Reader{Stdin: stdin, BoundMemory: modelMemoryBound()}, Stdout: stdout, Stderr: stderr,
		BeforeStream: collectBeforeStream()}}).run(args)
}

// env is the commands' environment (package run) and what the command
// line adds to it.
type env struct {
	*run.Env
	// args are the arguments as given (proxy finds its "--" in them).
	args           []string
	unknownCommand string
}

// run is Run on an environment of the caller's (a test lowers its
// SpoolLimit).
func (env *env) run(args []string) int {
	out := &output{w: env.Stdout}
	env.Stdout = out
	stdin, stdout, stderr := env.Stdin, env.Stdout, env.Stderr
	a := &cli.App{
		Name:            "smithy",
		Usage:           "check real data against APIs defined in Smithy",
		Version:         version.Text(),
		Reader:          stdin,
		Writer:          stdout,
		ErrWriter:       stderr,
		HideHelpCommand: false,
		// A file name is taken as written, commas included: repeat a flag
		// for several values.
		DisableSliceFlagSeparator: true,
		EnableBashCompletion:      true, // the hidden --generate-bash-completion of `smithy completion`
		// Errors are mapped to exit codes in one place, below.
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return exitcode.Usagef("%v", err)
		},
		Commands: env.commands(),
		CommandNotFound: func(_ *cli.Context, name string) {
			env.unknownCommand = name
		},
	}
	if len(args) > 1 {
		env.Command = args[1]
	}
	env.args = args
	err := a.Run(args)
	if env.unknownCommand != "" && err == nil {
		var names []string
		for _, c := range a.Commands {
			names = append(names, c.Name)
		}
		hint := ""
		if near := run.NearestWord(env.unknownCommand, names); near != "" {
			hint = fmt.Sprintf("; did you mean %q?", near)
		}
		err = exitcode.Usagef("unknown command %q%s (smithy help lists the commands)", env.unknownCommand, hint)
	}
	code, msg, events := exitcode.Of(err)
	if werr := out.failure(); werr != nil {
		// The output is lost: whatever the verdict, the caller did not get
		// it, and no error document can follow it either.
		out.stop()
		if msg != "" && !sameFailure(werr, err) {
			fmt.Fprintf(stderr, "smithy: %s\n", render.EscapeText(msg))
		}
		fmt.Fprintf(stderr, "smithy: %s\n", render.EscapeText(writeFailure(werr)))
		return exitcode.Input
	}
	if msg != "" {
		// The message may quote input (a file name, a model's bytes):
		// escaped, as every text the command prints is.
		fmt.Fprintf(stderr, "smithy: %s\n", render.EscapeText(msg))
		env.WriteErrorDocument(run.RequestedFormat(args), code, msg, events)
	}
	return code
}

func (e *env) commands() []*cli.Command {
	cmds := []*cli.Command{e.astCommand(), e.validateCommand(), e.validateValueCommand(), e.validateRPCCommand(), e.completionCommand()}
	cmds = append(cmds, e.selectCommand())
	cmds = append(cmds, e.openrpcCommand())
	cmds = append(cmds, e.buildCommand())
	cmds = append(cmds, e.serveCommand())
	cmds = append(cmds, e.proxyCommand())
	cmds = append(cmds, e.importCommand())
	cmds = append(cmds, e.mendCommands()...)
	cmds = append(cmds, e.streamCommands()...)
	for _, c := range cmds {
		c.OnUsageError = func(_ *cli.Context, err error, _ bool) error { return exitcode.Usagef("%v%s", err, flagHint(c, err)) }
		if strings.Contains(c.ArgsUsage, "MODEL") && c.Before == nil {
			// A flag after the first MODEL file is not read: say so.
			c.Before = flagsBeforeModels
		}
		// Every command with a text format takes the official CLI's
		// colour switches.
		if hasFlag(c.Flags, "format") {
			c.Flags = append(c.Flags,
				&cli.BoolFlag{Name: "no-color", Usage: "never colour the text format"},
				&cli.BoolFlag{Name: "force-color", Usage: "colour the text format even when stdout is not a terminal (or NO_COLOR is set)"})
			act := c.Action
			c.Action = func(ctx *cli.Context) error {
				switch {
				case ctx.Bool("no-color") && ctx.Bool("force-color"):
					return exitcode.Usagef("--no-color and --force-color exclude each other")
				case ctx.Bool("no-color"):
					e.ColorMode = -1
				case ctx.Bool("force-color"):
					e.ColorMode = 1
				}
				return act(ctx)
			}
		}
		// Every flag's help says its default, "none" included.
		for _, f := range c.Flags {
			if sf, ok := f.(*cli.StringFlag); ok && sf.Value == "" && sf.DefaultText == "" {
				sf.DefaultText = "none"
				if sf.Required {
					sf.DefaultText = "none, required"
				}
			}
		}
		cheapFlagPass(c)
	}
	return cmds
}

// flagHint is the "did you mean" of an undefined flag of command c: its
// flag whose name is nearest to the one given, or "".
func flagHint(c *cli.Command, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return ""
	}
	name = strings.TrimLeft(name, "-")
	var names []string
	for _, f := range c.Flags {
		names = append(names, flagNames(f)...)
	}
	if near := run.NearestWord(name, names); near != "" {
		dashes := "--"
		if len(near) == 1 {
			dashes = "-"
		}
		return fmt.Sprintf("; did you mean %s%s?", dashes, near)
	}
	return ""
}
