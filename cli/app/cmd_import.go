package app

import (
	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/run"
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
			"imported (not JSON, no methods) exits 1; one past a limit (64 MiB,\n" +
			"1,000 levels deep) exits 5.",
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

// importAction reads an import subcommand's flags and its FILE for
// run.Env.Import.
func (e *env) importAction(c *cli.Context, convert func([]byte, importer.Options) (*importer.Result, error)) error {
	if c.Args().Len() != 1 {
		return exitcode.Usagef("import %s needs one FILE, got %d argument(s)", c.Command.Name, c.Args().Len())
	}
	p := run.ImportParams{Convert: convert, Path: c.Args().First(), Namespace: c.String("namespace"), Output: c.String("output")}
	if c.Command.Name != "jsonschema" {
		p.Service = c.String("service")
	}
	if c.Command.Name == "mcp" {
		p.Mapping = c.String("mapping")
	}
	if err := stdinOnce(stdinUse{"--mapping", p.Mapping}, stdinUse{"FILE", p.Path}); err != nil {
		return err
	}
	return e.Import(p)
}
