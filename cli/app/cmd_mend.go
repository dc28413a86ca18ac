package app

import (
	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/cli/run"
	"github.com/urfave/cli/v2"
)

// The JSON gate's commands (docs/mend.md): repair, analyze, readiness and
// validate-text, the seed's four methods (validate-text is the seed's
// validate of a text; `smithy validate` stays the model check). Each reads
// one text (a file, or - for standard input), prints the seed's result
// object with --format json (what `smithy serve` answers, byte for byte),
// and exits as gate.Run says.

// mendMethods maps each command to the seed's method it runs.
var mendMethods = []struct{ command, method, usage string }{
	{"repair", "repair", "repair almost-JSON (what a language model wrote) into JSON, or refuse with a retry hint"},
	{"analyze", "analyze", "decide what to do with almost-JSON: execute, repair, retry (with the hint to send back) or invalid"},
	{"readiness", "readiness", "measure a prefix of a value as it streams: how much syntax is done, how much of the declaration is met for good"},
	{"validate-text", "validate", "say whether a text is JSON as written, what its repair would be, and with a declaration its verdict"},
}

func (e *env) mendCommands() []*cli.Command {
	var out []*cli.Command
	for _, m := range mendMethods {
		m := m
		out = append(out, &cli.Command{
			Name:      m.command,
			Usage:     m.usage,
			ArgsUsage: "[FILE|-]  (with --shape: MODEL... [FILE|-])",
			Flags: append(declarationFlags(profileNote(m.method)),
				&cli.StringFlag{Name: "format", Value: render.FormatText, Usage: "output format: text or json (the seed's result object)"}),
			Action: func(c *cli.Context) error { return e.mendAction(c, m.method) },
		})
	}
	return out
}

// declarationFlags are the flags that name a declaration and how a text
// is read: those of the gate's commands, of watch and of llm.
func declarationFlags(profileNote string) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "profile", Value: "execution",
			Usage: "what may be repaired: strict (nothing), execution (cosmetic repairs), lenient (lossy ones too, up to --max-loss)" + profileNote},
		&cli.IntFlag{Name: "max-loss", Value: 0, DefaultText: "0, no bound",
			Usage: "lenient profile: the most loss (bytes dropped plus bytes invented) accepted"},
		&cli.BoolFlag{Name: "skip-prose", Value: false, Usage: "text around the value (an assistant's sentences) is a cosmetic repair, not a lossy one"},
		&cli.StringFlag{Name: "schema", Usage: "the declaration in the compact form, {!query:string,!limit:integer}"},
		&cli.StringFlag{Name: "schema-json", Usage: "the declaration as a JSON Schema document (a file)"},
		&cli.StringFlag{Name: "shape", Usage: "the declaration as a shape of the MODEL arguments (ns#Shape)"},
	}
}

// declaration is what the declaration flags (declarationFlags) say.
func declaration(c *cli.Context, models []string) run.Declaration {
	return run.Declaration{Profile: c.String("profile"), MaxLoss: c.Int("max-loss"), SkipProse: c.Bool("skip-prose"),
		Schema: c.String("schema"), SchemaJSONFile: c.String("schema-json"), Shape: c.String("shape"), Models: models}
}

func profileNote(method string) string {
	if method == "readiness" {
		return "; readiness always reads leniently (a prefix is cut by nature)"
	}
	return ""
}

// mendAction runs one of the gate's methods as a command.
func (e *env) mendAction(c *cli.Context, method string) error {
	format := c.String("format")
	if format != render.FormatText && format != render.FormatJSON {
		return exitcode.Usagef("--format must be text or json, not %q", format)
	}
	input, models, err := inputAndModels(c)
	if err != nil {
		return err
	}
	if err := stdinOnce(append(append([]stdinUse{{"--schema-json", c.String("schema-json")}}, modelUses(models)...), stdinUse{"FILE", input})...); err != nil {
		return err
	}
	opts, err := e.GateOptions(declaration(c, models))
	if err != nil {
		return err
	}
	return e.Gate(method, input, format, opts)
}

// inputAndModels reads the arguments of a command that reads one text
// (FILE, or - for standard input, the default): with --shape they are
// MODEL... then the text, and a single argument is the model (the text
// comes on standard input).
func inputAndModels(c *cli.Context) (input string, models []string, err error) {
	args := c.Args().Slice()
	input = "-"
	switch {
	case c.String("shape") != "":
		if len(args) == 0 {
			return "", nil, exitcode.Usagef("--shape needs the MODEL it belongs to: smithy %s --shape ID MODEL... [FILE|-]", c.Command.Name)
		}
		models = args
		if len(args) > 1 {
			models, input = args[:len(args)-1], args[len(args)-1]
		}
	case len(args) > 1:
		return "", nil, exitcode.Usagef("one input only (FILE or -), not %d arguments; MODEL arguments go with --shape", len(args))
	case len(args) == 1:
		input = args[0]
	}
	return input, models, nil
}
