package run

import (
	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
)

// RPCServiceWith is rpcService with system extensions and further rpc
// options (policies): a service prepared with them is not shared with the
// cache, which keys services by ID and version only.
func (e *Env) RPCServiceWith(models []load.Source, id string, version rpc.ProtocolVersion, extensions []string, policies ...rpc.Option) (*rpc.PreparedService, error) {
	if len(extensions) == 0 && len(policies) == 0 {
		return e.rpcService(models, id, version)
	}
	for _, x := range extensions {
		if x != rpc.Discover {
			return nil, exitcode.Usagef("--extension: unknown system extension %q (known: %s)", x, rpc.Discover)
		}
	}
	if id == "" {
		if len(extensions) > 0 {
			return nil, exitcode.Usagef("--extension needs --service: system extensions are methods of a service")
		}
		// The envelope only: no payload, so no payload policy applies.
		return e.rpcService(models, id, version)
	}
	// The model and the service are checked (and their problems printed)
	// as without extensions; then the service is prepared again with them.
	if _, err := e.rpcService(models, id, version); err != nil {
		return nil, err
	}
	lm, err := e.RequireModel(models)
	if err != nil {
		return nil, err
	}
	opts := append([]rpc.Option{}, policies...)
	if version != 0 {
		opts = append(opts, rpc.Version(version))
	}
	for _, x := range extensions {
		opts = append(opts, rpc.SystemExtension(x))
	}
	svc, err := rpc.Prepare(lm.Res.Model, shapeid.MustParse(id), opts...)
	if err != nil {
		return nil, exitcode.Modelf("%v", err)
	}
	return svc, nil
}
