package app

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/gate"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/cli/run"
	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/mend"
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
	opts, err := e.declarationOptions(c, models)
	if err != nil {
		return err
	}
	text, err := e.ReadValue(input, limits.DefaultMaxSize)
	if err != nil {
		return err
	}
	res, exit, err := gate.Run(method, text, opts)
	if err != nil {
		me, ok := gate.AsError(err)
		if !ok {
			return exitcode.Modelf("the declaration's checker failed: %v", err)
		}
		if format == render.FormatJSON {
			fmt.Fprintf(e.Stdout, "%s\n", gate.ErrorJSON(me))
		}
		e.printGateError(me)
		return exitcode.Status(me.Exit)
	}
	if format == render.FormatJSON {
		fmt.Fprintf(e.Stdout, "%s\n", res)
	} else if err := e.printGateText(method, res); err != nil {
		return err
	}
	return statusOrNil(exit)
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

// declarationOptions reads the declaration flags (declarationFlags) into
// mend's options; a --shape is looked up in models, loaded through the
// model cache.
func (e *env) declarationOptions(c *cli.Context, models []string) (mend.Options, error) {
	spec := gate.Spec{Schema: c.String("schema"), Shape: c.String("shape")}
	if f := c.String("schema-json"); f != "" {
		doc, err := e.ReadValue(f, gate.MaxSchemaSize)
		if err != nil {
			return mend.Options{}, err
		}
		spec.SchemaJSON = doc
	}
	if spec.Shape != "" && spec.Schema == "" && spec.SchemaJSON == nil {
		lm, err := e.RequireModel(load.PathSources(models))
		if err != nil {
			return mend.Options{}, err
		}
		id, err := run.ResolveShape(lm.Res.Model, "--shape", spec.Shape)
		if err != nil {
			return mend.Options{}, err
		}
		spec.Shape, spec.Model = id.String(), lm.Res.Model
	}
	decl, err := spec.Resolve()
	if err != nil {
		return mend.Options{}, gate.CommandError(err)
	}
	opts, err := gate.NewOptions(c.String("profile"), c.Int("max-loss"), c.Bool("skip-prose"), decl)
	if err != nil {
		return mend.Options{}, gate.CommandError(err)
	}
	return opts, nil
}

func statusOrNil(exit int) error {
	if exit == exitcode.Valid {
		return nil
	}
	return exitcode.Status(exit)
}

// printGateError writes a refusal or a fatal condition on stderr: the
// error, then the retry hint to send back to the model.
func (e *env) printGateError(me *mend.Error) {
	fmt.Fprintf(e.Stderr, "%s\n", render.EscapeText(me.Error()))
	if me.RetryHint != "" {
		fmt.Fprintf(e.Stderr, "retry hint: %s\n", render.EscapeText(me.RetryHint))
	}
}

// printGateText renders a method's result object in the text format.
func (e *env) printGateText(method string, res []byte) error {
	w := e.Stdout
	switch method {
	case "repair":
		var r mend.Result
		if err := json.Unmarshal(res, &r); err != nil {
			return err
		}
		// The repaired text alone on stdout, so it can be piped; what was
		// repaired goes to stderr.
		io.WriteString(w, r.Text)
		if !strings.HasSuffix(r.Text, "\n") {
			io.WriteString(w, "\n")
		}
		writeRepairs(e.Stderr, r.Repairs, "")
		fmt.Fprintf(e.Stderr, "%s, %s: %s%s\n", r.Exactness, r.Completeness, plural(len(r.Repairs), "repair"), truncatedNote(r.RepairsTruncated))
	case "analyze":
		var p mend.Plan
		if err := json.Unmarshal(res, &p); err != nil {
			return err
		}
		fmt.Fprintf(w, "decision: %s (%s)\n", p.Decision, p.Label)
		fmt.Fprintf(w, "exactness: %s, %s, profile %s\n", p.Exactness, p.Completeness, p.Execution)
		if p.Schema != nil {
			writeVerdict(w, p.Schema)
		}
		if p.Error != nil {
			fmt.Fprintf(w, "error: %s\n", render.EscapeText(p.Error.Error()))
		}
		writeRepairs(w, p.Repairs, "repairs:\n")
		if p.Retry != "" {
			fmt.Fprintf(w, "retry: %s\n", render.EscapeText(p.Retry))
		}
		if p.Executable {
			fmt.Fprintf(w, "value: %s\n", render.EscapeText(string(p.Value)))
		}
	case "validate":
		var v mend.Validation
		if err := json.Unmarshal(res, &v); err != nil {
			return err
		}
		if v.Valid {
			fmt.Fprintln(w, "valid: JSON as written")
		} else {
			fmt.Fprintf(w, "not valid: %s\n", render.EscapeText(v.Error.Error()))
		}
		if v.Repaired != nil {
			fmt.Fprintf(w, "repaired (%s): %s\n", v.Exactness, render.EscapeText(*v.Repaired))
			writeRepairs(w, v.Repairs, "repairs:\n")
		}
		if v.Schema != nil {
			writeVerdict(w, v.Schema)
		}
	case "readiness":
		var r mend.ReadinessResult
		if err := json.Unmarshal(res, &r); err != nil {
			return err
		}
		fmt.Fprintf(w, "syntax %s, schema %s, settled %s, step %s\n", permille(r.SyntaxPermille), permille(r.SchemaPermille), permille(r.SettledPermille), r.Step)
		if r.Verdict != nil {
			fmt.Fprintf(w, "settled: %s\n", listOrNone(r.Settled))
			writeVerdict(w, r.Verdict)
		}
	}
	return nil
}

func writeRepairs(w io.Writer, rs []mend.Fix, head string) {
	if len(rs) == 0 {
		return
	}
	io.WriteString(w, head)
	for _, f := range rs {
		fmt.Fprintf(w, "  %d:%d %s %s (%s", f.Line, f.Column, f.Code, f.Threshold, f.Severity)
		if f.Ambiguity != "" {
			fmt.Fprintf(w, "; or: %s", f.Ambiguity)
		}
		fmt.Fprintf(w, "): %s\n", render.EscapeText(f.Message))
	}
}

func writeVerdict(w io.Writer, v *mend.SchemaVerdict) {
	ok := "met"
	if !v.OK {
		ok = "not met"
	}
	fmt.Fprintf(w, "declaration %s: %d of %d required members satisfied; missing: %s; mismatched: %s\n",
		ok, v.Satisfied, v.Total, listOrNone(v.Missing), listOrNone(v.Mismatched))
	for _, f := range v.Findings {
		at := f.Shape
		if at == "" {
			at = f.Schema
		}
		fmt.Fprintf(w, "  [%s] %s %s at %d:%d: %s (%s)\n", f.Severity, f.Code, pointerText(f.Path), f.Line, f.Column, render.EscapeText(f.Message), at)
	}
}

func pointerText(p string) string {
	if p == "" {
		return `""`
	}
	return p
}

func permille(n int) string {
	if n < 0 {
		return "-"
	}
	return fmt.Sprintf("%d‰", n)
}

func listOrNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func truncatedNote(t bool) string {
	if t {
		return " (more than listed)"
	}
	return ""
}
