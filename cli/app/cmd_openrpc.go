package app

import (
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/run"
	"github.com/urfave/cli/v2"
)

// openrpcCommand is `smithy openrpc`: the OpenRPC 1.3.2 document of a
// service, the same bytes on every run.
func (e *env) openrpcCommand() *cli.Command {
	return &cli.Command{
		Name:  "openrpc",
		Usage: "export a JSON-RPC service as an OpenRPC 1.3.2 document",
		Description: "Writes the document (checked against the OpenRPC metaschema 1.14.9) to\n" +
			"standard output or --output. What OpenRPC cannot say is either an\n" +
			"x-smithy-* extension field (--extensions emit, the default) or a line\n" +
			"\"smithy: openrpc: loss ...\" on standard error.",
		ArgsUsage: "MODEL...",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "service", Usage: "the service's absolute shape ID (ns#Service)"},
			&cli.StringFlag{Name: "output", Usage: "write the document to this file instead of standard output"},
			&cli.StringFlag{Name: "naming", Value: "jsonName", Usage: "wire names of members: jsonName (a member's @jsonName, else its name; as validate-rpc) or memberName"},
			&cli.StringFlag{Name: "unknown-members", Value: "warn", Usage: "unknown object members: warn, ignore (both allowed by the schema) or error"},
			&cli.StringFlag{Name: "nulls", Value: "absent", Usage: "null for an optional member: absent (allowed) or reject"},
			&cli.StringFlag{Name: "extensions", Value: "emit", Usage: "x-smithy-* extension fields: emit or omit"},
			extensionFlag(),
		},
		Action: e.openrpcAction,
	}
}

func (e *env) openrpcAction(c *cli.Context) error {
	s := run.OpenRPCSettings{Service: c.String("service"), Naming: c.String("naming"), UnknownMembers: c.String("unknown-members"),
		Nulls: c.String("nulls"), Extensions: c.String("extensions"), SystemExtensions: c.StringSlice("extension")}
	return e.OpenRPC(load.PathSources(c.Args().Slice()), s, c.String("output"))
}
