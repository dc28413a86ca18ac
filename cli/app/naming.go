package app

import (
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
	"github.com/urfave/cli/v2"
)

// The member-name policies of validate-rpc (--naming) and of the
// server's validate-rpc "naming" parameter: how params, results and error
// data name members on the wire.
const (
	namingJSONName   = "jsonName"   // the default for a @jsonRpc service: @jsonName, else the member name
	namingMemberName = "memberName" // the member name, @jsonName ignored
)

func namingFlag() cli.Flag {
	return &cli.StringFlag{Name: "naming", Value: namingJSONName,
		Usage: "wire names of members in params, results and error data: jsonName (a member's @jsonName, else its name) or memberName"}
}

// namingOptions returns the rpc options of a --naming value: none for the
// default (rpc.Prepare names members by @jsonName already), so the
// prepared service stays the one the model cache shares.
func namingOptions(naming string) ([]rpc.Option, error) {
	switch naming {
	case "", namingJSONName:
		return nil, nil
	case namingMemberName:
		return []rpc.Option{rpc.PayloadOptions(sv.MatchJSONNames(false))}, nil
	}
	return nil, usageErrorf("--naming must be %s or %s, not %q", namingJSONName, namingMemberName, naming)
}
