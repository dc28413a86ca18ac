package app

import (
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/urfave/cli/v2"
)

// The policies of validate-rpc beside --naming (naming.go): each flag
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
			for _, n := range f.Names() {
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
