package app

import (
	"github.com/urfave/cli/v2"
)

// extensionFlag is validate-rpc's --extension: a JSON-RPC system
// extension to prepare (rpc.SystemExtension); today rpc.discover. Without
// it, calls of "rpc." methods are reported as reserved.
func extensionFlag() cli.Flag {
	return &cli.StringSliceFlag{Name: "extension", DefaultText: "none: rpc. methods stay reserved", Usage: "prepare a JSON-RPC system extension (rpc.discover: params none, result any object); repeatable"}
}
