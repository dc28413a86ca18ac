package run

import (
	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// The member-name policies of validate-rpc and validate-value (--naming)
// and of the server's "naming" parameter of both: how params, results,
// error data and values name members on the wire.
const (
	NamingJSONName   = "jsonName"   // the default (a @jsonRpc service's, a JSON value's): @jsonName, else the member name
	namingMemberName = "memberName" // the member name, @jsonName ignored
)

// NamingOptions returns the rpc options of a --naming value: none for the
// default (rpc.Prepare names members by @jsonName already), so the
// prepared service stays the one the model cache shares.
func NamingOptions(naming string) ([]rpc.Option, error) {
	switch naming {
	case "", NamingJSONName:
		return nil, nil
	case namingMemberName:
		return []rpc.Option{rpc.PayloadOptions(sv.MatchJSONNames(false))}, nil
	}
	return nil, exitcode.Usagef("--naming must be %s or %s, not %q", NamingJSONName, namingMemberName, naming)
}
