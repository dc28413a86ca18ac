package run

import (
	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// RPCPolicies are the policy settings of validate-rpc ("" is the
// default).
type RPCPolicies struct {
	UnknownMembers, Nulls, EnvelopeExtensions string
}

// Options returns the rpc options of the settings (none for defaults).
func (p RPCPolicies) Options() ([]rpc.Option, error) {
	var payload []sv.Option
	var out []rpc.Option
	switch p.UnknownMembers {
	case "", "warn":
	case "ignore":
		payload = append(payload, sv.IgnoreUnknownMembers(true))
	case "reject":
		payload = append(payload, sv.RejectUnknownMembers(true))
	default:
		return nil, exitcode.Usagef("--unknown-members must be warn, ignore or reject, not %q", p.UnknownMembers)
	}
	switch p.Nulls {
	case "", "absent":
	case "reject":
		payload = append(payload, sv.RejectNullMembers(true))
	default:
		return nil, exitcode.Usagef("--nulls must be absent or reject, not %q", p.Nulls)
	}
	if len(payload) > 0 {
		out = append(out, rpc.PayloadOptions(payload...))
	}
	switch p.EnvelopeExtensions {
	case "", "ignore":
	case "warn":
		out = append(out, rpc.ReportExtensions(true))
	case "reject":
		out = append(out, rpc.RejectExtensions(true))
	default:
		return nil, exitcode.Usagef("--envelope-extensions must be ignore, warn or reject, not %q", p.EnvelopeExtensions)
	}
	return out, nil
}
