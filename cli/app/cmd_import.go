package app

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/openrpc/importer"
	"github.com/urfave/cli/v2"
)

// importCommand is `smithy import`: an existing API description turned into
// a Smithy model (openrpc/importer does the work).
func (e *env) importCommand() *cli.Command {
	output := func() cli.Flag {
		return &cli.StringFlag{Name: "output", DefaultText: "none", Usage: "write the model to this file instead of standard output"}
	}
	namespace := func() cli.Flag {
		return &cli.StringFlag{Name: "namespace", Value: "imported", Usage: "the Smithy namespace of the model"}
	}
	return &cli.Command{
		Name:  "import",
		Usage: "turn an OpenRPC document, a JSON Schema or the LSP meta model into a Smithy model",
		Description: "The model (Smithy IDL 2.0, the same bytes every run) goes to standard\n" +
			"output or --output; what Smithy cannot express is a line \"smithy: import:\n" +
			"LINE:COL: POINTER: KEYWORD: ...\" on standard error, and the model is still\n" +
			"written. FILE may be - for standard input. A document that cannot be\n" +
			"imported (not JSON, no methods) exits 1.",
		ArgsUsage: "openrpc|jsonschema|lsp|mcp [flags] FILE",
		Subcommands: []*cli.Command{
			{
				Name:      "openrpc",
				Usage:     "an OpenRPC document: a service with the smithy.rpc traits, one operation per method",
				ArgsUsage: "FILE",
				Flags: []cli.Flag{output(), namespace(),
					&cli.StringFlag{Name: "service", DefaultText: "info.title as an identifier", Usage: "the service's name"}},
				Action: func(c *cli.Context) error { return e.importAction(c, importer.OpenRPC) },
			},
			{
				Name:      "lsp",
				Usage:     "the LSP meta model (metaModel.json): every request and notification with its direction",
				ArgsUsage: "FILE",
				Flags: []cli.Flag{output(), namespace(),
					&cli.StringFlag{Name: "service", Value: "LanguageServer", Usage: "the service's name"}},
				Action: func(c *cli.Context) error { return e.importAction(c, importer.LSP) },
			},
			{
				Name:      "mcp",
				Usage:     "MCP's schema.json: a service whose operations are the messages of its request and notification unions",
				ArgsUsage: "FILE",
				Flags: []cli.Flag{output(), namespace(),
					&cli.StringFlag{Name: "service", DefaultText: "the mapping's service, else Mcp", Usage: "the service's name"},
					&cli.StringFlag{Name: "mapping", DefaultText: "none", Usage: "a mapping file (JSON) with what the schema does not say: errors, cancellation, further results"}},
				Action: func(c *cli.Context) error { return e.importAction(c, importer.MCP) },
			},
			{
				Name:      "jsonschema",
				Usage:     "a JSON Schema (draft 7 or 2020-12): one shape per definition ($defs or definitions)",
				ArgsUsage: "FILE",
				Flags:     []cli.Flag{output(), namespace()},
				Action:    func(c *cli.Context) error { return e.importAction(c, importer.JSONSchema) },
			},
		},
		Action: func(c *cli.Context) error {
			if c.Args().Len() == 0 {
				return exitcode.Usagef("import needs a kind: openrpc, jsonschema, lsp or mcp")
			}
			return exitcode.Usagef("unknown import kind %q: openrpc, jsonschema, lsp or mcp", c.Args().First())
		},
	}
}

func (e *env) importAction(c *cli.Context, convert func([]byte, importer.Options) (*importer.Result, error)) error {
	if c.Args().Len() != 1 {
		return exitcode.Usagef("import %s needs one FILE, got %d argument(s)", c.Command.Name, c.Args().Len())
	}
	path := c.Args().First()
	service := ""
	if c.Command.Name != "jsonschema" {
		service = c.String("service")
	}
	r, closeFn, err := e.OpenStream(path)
	if err != nil {
		return err
	}
	data, err := io.ReadAll(r)
	closeFn()
	if err != nil {
		return exitcode.Inputf("cannot read %s: %v", path, err)
	}
	opts := importer.Options{Namespace: c.String("namespace"), Service: service}
	mapping := ""
	if c.Command.Name == "mcp" {
		if mapping = c.String("mapping"); mapping != "" {
			if opts.Mapping, err = os.ReadFile(mapping); err != nil {
				return exitcode.Inputf("cannot read %s: %v", mapping, load.UnwrapPath(err))
			}
		}
	}
	res, err := convert(data, opts)
	if err != nil {
		var oe *importer.OptionError
		if errors.As(err, &oe) {
			return exitcode.Usagef("%s", oe.Message) // a bad --namespace or --service
		}
		// the document cannot be imported: FILE:LINE:COL: POINTER: message
		sep := ": "
		var ie *importer.InputError
		if errors.As(err, &ie) && ie.Pos.IsValid() {
			sep = ":"
		}
		msg := err.Error()
		if ie != nil && ie.Source == "mapping" {
			// the mapping file's fault: name it, not the schema
			path = mapping
			msg = (&importer.InputError{Pos: ie.Pos, Pointer: ie.Pointer, Message: ie.Message}).Error()
		}
		fmt.Fprintf(e.Stderr, "%s%s%s\n", render.EscapeText(path), sep, render.EscapeText(msg))
		return exitcode.Status(exitcode.Invalid)
	}
	for _, d := range res.Diagnostics {
		if d.Source == "mapping" {
			d.Source = mapping // the file's name, not the option's
		}
		fmt.Fprintf(e.Stderr, "smithy: import: %s\n", render.EscapeText(d.String()))
	}
	if out := c.String("output"); out != "" {
		if err := os.WriteFile(out, res.IDL, 0o644); err != nil {
			return exitcode.Inputf("cannot write %s: %v", out, load.UnwrapPath(err))
		}
		return nil
	}
	_, err = e.Stdout.Write(res.IDL)
	return err
}
