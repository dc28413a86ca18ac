package app

import (
	"runtime"
	"slices"
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/cli/run"
	"github.com/urfave/cli/v2"
)

// The flags several commands share, each with its default in its usage
// text, and the checks that read them: --format, --max-findings,
// --verbose, --naming, validate-rpc's policies, --extension, -j, the
// progress switches, and the rule that flags come before the MODEL files.

func formatFlag() *cli.StringFlag {
	return &cli.StringFlag{Name: "format", Value: render.FormatText, Usage: "output format: " + strings.Join(render.Formats, ", ")}
}

func rpcFormatFlag() *cli.StringFlag {
	return &cli.StringFlag{Name: "format", Value: render.FormatText, Usage: "output format: " + strings.Join(render.Formats, ", ") + ", or html (--transcript only: a report page)"}
}

func maxFindingsFlag() *cli.IntFlag {
	return &cli.IntFlag{Name: "max-findings", Value: 0, DefaultText: "0, all",
		Usage: "print at most N findings or events (text, sarif, github); the summary and the verdict count them all"}
}

func verboseFlag() *cli.BoolFlag {
	return &cli.BoolFlag{Name: "verbose", Value: false, Usage: "text format: list every message, not only those with findings"}
}

// checkFormat returns the --format of c, one of formats (or html where
// allowHTML).
func checkFormat(c *cli.Context) (string, error) {
	if c.IsSet("max-findings") && c.Int("max-findings") < 0 {
		return "", exitcode.Usagef("--max-findings must be 0 (all) or more, not %d", c.Int("max-findings"))
	}
	f := c.String("format")
	allowed := render.Formats
	if c.Command.Name == "validate-rpc" {
		allowed = append(slices.Clip(render.Formats), render.FormatHTML)
	}
	if slices.Contains(allowed, f) {
		return f, nil
	}
	return "", exitcode.Usagef("--format must be one of %s, not %q", strings.Join(allowed, ", "), f)
}

func namingFlag() cli.Flag {
	return &cli.StringFlag{Name: "naming", Value: run.NamingJSONName,
		Usage: "wire names of members in params, results and error data: jsonName (a member's @jsonName, else its name) or memberName"}
}

// The policies of validate-rpc beside --naming (namingFlag): each flag
// reaches one policy of the library, and its default is the library's, so
// that a run without them prepares the service the model cache shares.
//
//	--unknown-members warn|ignore|reject  sv.IgnoreUnknownMembers / sv.RejectUnknownMembers
//	--nulls absent|reject                 sv.RejectNullMembers
//	--envelope-extensions ignore|warn|reject  rpc.ReportExtensions / rpc.RejectExtensions
//	--method NAME                         rpc.ForMethod: a lone response in the operation-only context
func rpcPolicyFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "unknown-members", Value: "warn",
			Usage: "members of params, results and error data that the shape does not define: warn, ignore or reject (an error)"},
		&cli.StringFlag{Name: "nulls", Value: "absent",
			Usage: "null for an optional member of params, results and error data: absent (taken as not set) or reject (an error)"},
		&cli.StringFlag{Name: "envelope-extensions", Value: "ignore",
			Usage: "envelope members JSON-RPC does not define (beside jsonrpc, method, params, id, result, error): ignore, warn or reject (a request with one is invalid, -32600)"},
		&cli.StringFlag{Name: "method", Usage: "check a lone --message response against this method's result and errors (the operation-only context: no request, so ids are not correlated; the output says scope operation); needs --service"},
	}
}

// flagsBeforeModels refuses a flag written after the first MODEL argument:
// urfave/cli stops reading flags there, so the flag would be taken for a
// model file and the command would fail for another reason (a missing
// --message, say). It names the flag instead.
func flagsBeforeModels(c *cli.Context) error {
	return flagsAmong(c, c.Args().Slice())
}

// flagsAmong is flagsBeforeModels on the arguments that are the
// command's own (proxy leaves out the child's command line, which is
// never read for flags).
func flagsAmong(c *cli.Context, args []string) error {
	if c.Command == nil {
		return nil
	}
	for i, a := range args {
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		for _, f := range c.Command.Flags {
			for _, n := range flagNames(f) {
				if n == name {
					first := args[0]
					if i == 0 {
						return exitcode.Usagef("flag %s is not read here: put every flag before the MODEL files", a)
					}
					return exitcode.Usagef("flag %s comes after the MODEL file %s: flags go before the MODEL files (they are not read after the first one)", a, first)
				}
			}
		}
	}
	return nil
}

// flagNames is f.Names() without its cost: urfave/cli's Names trims each
// name with a regular expression (FlagNames, some 3,800 instructions a
// call), and commands() asks every flag of every command on each start,
// even of a command that only prints an error (docs/performance.md,
// "Start-up of the command"). The fields are read instead; the names the
// project gives have no comma nor space to trim (TestFlagNamesAreNames
// checks every flag against Names). A flag of a kind not listed asks
// Names.
func flagNames(f cli.Flag) []string {
	var name string
	var aliases []string
	switch f := f.(type) {
	case *cli.StringFlag:
		name, aliases = f.Name, f.Aliases
	case *cli.BoolFlag:
		name, aliases = f.Name, f.Aliases
	case *cli.IntFlag:
		name, aliases = f.Name, f.Aliases
	case *cli.Int64Flag:
		name, aliases = f.Name, f.Aliases
	case *cli.StringSliceFlag:
		name, aliases = f.Name, f.Aliases
	case *cli.DurationFlag:
		name, aliases = f.Name, f.Aliases
	default:
		return f.Names()
	}
	return append([]string{name}, aliases...)
}

// hasFlag reports whether one of flags is named name (an alias counts).
func hasFlag(flags []cli.Flag, name string) bool {
	return slices.ContainsFunc(flags, func(f cli.Flag) bool { return slices.Contains(flagNames(f), name) })
}

// extensionFlag is validate-rpc's --extension: a JSON-RPC system
// extension to prepare (rpc.SystemExtension); today rpc.discover. Without
// it, calls of "rpc." methods are reported as reserved.
func extensionFlag() cli.Flag {
	return &cli.StringSliceFlag{Name: "extension", DefaultText: "none: rpc. methods stay reserved", Usage: "prepare a JSON-RPC system extension (rpc.discover: params none, result any object); repeatable"}
}

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

func progressFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "progress", Value: false, DefaultText: "on a terminal, for transcripts over 4 MB", Usage: "always show the progress line on stderr"},
		&cli.BoolFlag{Name: "no-progress", Value: false, Usage: "never show the progress line"},
	}
}

// progressMode is --progress (1), --no-progress (-1) or neither (0).
func progressMode(c *cli.Context) (int, error) {
	on, off := c.Bool("progress"), c.Bool("no-progress")
	switch {
	case on && off:
		return 0, exitcode.Usagef("--progress and --no-progress exclude each other")
	case on:
		return 1, nil
	case off:
		return -1, nil
	}
	return 0, nil
}

// cheapFlagPass makes urfave/cli's pass over c's flags between its Before
// and its Action cheap. That pass (runFlagActions, which runs a flag's
// Action when it is set) asks IsSet of every name of every flag; for a
// flag not given IsSet looks the flag up among all of the command's
// flags, calling Names on each, and Names runs a regular expression a
// name (FlagNames): some 1.4 M instructions on validate-rpc's flags, a
// twentieth of a whole one-line transcript run (docs/performance.md,
// "Start-up and system time"). For that pass only, Before puts
// namedFlags in c.Flags, whose Names are read once from the fields
// (flagNames), and the Action puts the command's own flags back before
// anything else: help, completion and the commands' own code only ever
// see the flags as built. A command without an Action (one that has
// subcommands, or prints its help) is left as it is; its subcommands are
// not.
func cheapFlagPass(c *cli.Command) {
	for _, s := range c.Subcommands {
		cheapFlagPass(s)
	}
	if c.Action == nil || len(c.Subcommands) > 0 || len(c.Flags) == 0 {
		return
	}
	before, act := c.Before, c.Action
	var flags []cli.Flag
	c.Before = func(ctx *cli.Context) error {
		if before != nil {
			if err := before(ctx); err != nil {
				return err
			}
		}
		// The flags as urfave/cli set the command up (its --help
		// included), kept for the Action.
		flags = c.Flags
		named := make([]cli.Flag, len(flags))
		for i, f := range flags {
			named[i] = &namedFlag{Flag: f, names: flagNames(f)}
		}
		c.Flags = named
		return nil
	}
	c.Action = func(ctx *cli.Context) error {
		if flags != nil {
			c.Flags = flags
		}
		return act(ctx)
	}
}

// A namedFlag is a flag whose Names are given, not computed (cheapFlagPass).
// It runs the flag's Action as the flag would: urfave/cli calls RunAction
// only on a flag that is set, and only if it has the method.
type namedFlag struct {
	cli.Flag
	names []string
}

func (f *namedFlag) Names() []string { return f.names }

func (f *namedFlag) RunAction(ctx *cli.Context) error {
	if af, ok := f.Flag.(cli.ActionableFlag); ok {
		return af.RunAction(ctx)
	}
	return nil
}

// stdinUse is one argument of a command line that may name standard
// input: its role as the user wrote it (--value, a MODEL, FILE) and the
// path given, or "-" when it defaults to standard input.
type stdinUse struct{ role, path string }

// stdinOnce refuses, before anything is read, a command line that names
// standard input more than once. Reading it once leaves nothing for the
// second reader, and which reader comes first is the command's business:
// a model read first made a value on standard input a model error (exit
// 3) instead of this usage error.
func stdinOnce(uses ...stdinUse) error {
	var roles []string
	models := false
	for _, u := range uses {
		if u.path != "-" {
			continue
		}
		if u.role == "MODEL" {
			if models {
				continue // several - MODELs: the reader says it
			}
			models = true
			roles = append(roles, "a MODEL")
			continue
		}
		roles = append(roles, u.role)
	}
	if len(roles) < 2 {
		return nil
	}
	return exitcode.Usagef("standard input (-) can be used only once: %s and %s name it", strings.Join(roles[:len(roles)-1], ", "), roles[len(roles)-1])
}

// modelUses are the MODEL arguments as stdinUses.
func modelUses(models []string) []stdinUse {
	uses := make([]stdinUse, len(models))
	for i, m := range models {
		uses[i] = stdinUse{"MODEL", m}
	}
	return uses
}
