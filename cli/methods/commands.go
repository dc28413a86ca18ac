package methods

import (
	"context"
	"slices"

	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/run"
	"github.com/smithy-validation/go/cli/serve"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/rpc"
)

// The methods of the commands, in hello's order. Each runs the command's
// own function (package run) with the JSON format, so its result is byte
// for byte what the command prints with --format json (ast and openrpc,
// which print an indented document, are compacted onto the protocol line).
var _ = registerCommands()

// registerCommands runs before any init function, so the commands' methods
// come first in hello's capabilities.
func registerCommands() bool {
	Register("ast", ast)
	Register("validate", validate)
	Register("validate-value", validateValue)
	Register("validate-rpc", validateRPC)
	Register("openrpc", func(ctx context.Context, s *Session, params []byte) ([]byte, int, error) {
		return openrpc(ctx, s, "openrpc", params)
	})
	Register(rpc.Discover, func(ctx context.Context, s *Session, params []byte) ([]byte, int, error) {
		return openrpc(ctx, s, rpc.Discover, params)
	})
	return true
}

// ast is the method ast.
func ast(ctx context.Context, s *Session, params []byte) ([]byte, int, error) {
	var p struct {
		ModelParams
		IncludePrelude bool `json:"include_prelude"`
		Flatten        bool `json:"flatten"`
	}
	if err := DecodeParams(params, &p); err != nil {
		return nil, 0, err
	}
	models, err := p.Sources()
	if err != nil {
		return nil, 0, err
	}
	res, exit, err := s.Run(ctx, models, nil, func(e *run.Env) error {
		return e.AST(run.ASTParams{Models: models, IncludePrelude: p.IncludePrelude, Flatten: p.Flatten})
	})
	return Compact(res, exit, err)
}

// validate is the method validate: the model check, or with "text" the
// seed's validate of a text (gate.go).
func validate(ctx context.Context, s *Session, params []byte) ([]byte, int, error) {
	if hasText(params) {
		return gateCall(ctx, s, "validate", "validate", params)
	}
	var p ModelParams
	if err := DecodeParams(params, &p); err != nil {
		return nil, 0, err
	}
	models, err := p.Sources()
	if err != nil {
		return nil, 0, err
	}
	return s.Run(ctx, models, nil, func(e *run.Env) error { return e.Validate(models, "json", model.Note) })
}

// validateValue is the method validate-value.
func validateValue(ctx context.Context, s *Session, params []byte) ([]byte, int, error) {
	var p struct {
		ModelParams
		Shape       string     `json:"shape"`
		Value       *WireInput `json:"value"`
		InputFormat string     `json:"input_format"`
		Naming      string     `json:"naming"`
	}
	if err := DecodeParams(params, &p); err != nil {
		return nil, 0, err
	}
	models, err := p.Sources()
	if err != nil {
		return nil, 0, err
	}
	if p.Shape == "" {
		return nil, 0, serve.Errorf("validate-value needs \"shape\"")
	}
	if p.Value == nil {
		return nil, 0, serve.Errorf("validate-value needs \"value\": {\"text\": ...}, {\"path\": ...} or {\"base64\": ...}")
	}
	value, err := p.Value.Input("value")
	if err != nil {
		return nil, 0, err
	}
	return s.Run(ctx, models, []NamedInput{{"value", value}}, func(e *run.Env) error {
		return e.ValidateValue(run.ValueParams{Models: models, Shape: p.Shape, Value: *value, InputFormat: p.InputFormat, Naming: p.Naming}, "json")
	})
}

// validateRPC is the method validate-rpc.
func validateRPC(ctx context.Context, s *Session, params []byte) ([]byte, int, error) {
	var p struct {
		ServiceParams
		Message    *WireInput `json:"message"`
		Request    *WireInput `json:"request"`
		Response   *WireInput `json:"response"`
		Transcript *WireInput `json:"transcript"`
		Complete   bool       `json:"complete"`
		Method     string     `json:"method"`
	}
	models, err := p.Decode(params, &p)
	if err != nil {
		return nil, 0, err
	}
	rp := run.RPCParams{Models: models, Service: p.Service, Version: p.Version, Complete: p.Complete, Extensions: p.Extension, Naming: p.Naming,
		Policies: p.Policies(), Method: p.Method}
	for _, f := range []struct {
		name string
		w    *WireInput
		in   **load.Input
	}{{"message", p.Message, &rp.Message}, {"request", p.Request, &rp.Request}, {"response", p.Response, &rp.Response}, {"transcript", p.Transcript, &rp.Transcript}} {
		if f.w != nil {
			in, err := f.w.Input(f.name)
			if err != nil {
				return nil, 0, err
			}
			*f.in = in
		}
	}
	inputs := []NamedInput{{"message", rp.Message}, {"request", rp.Request}, {"response", rp.Response}, {"transcript", rp.Transcript}}
	return s.Run(ctx, models, inputs, func(e *run.Env) error { return e.ValidateRPCInputs(rp, "json") })
}

// openrpc is the method openrpc, and rpc.discover: rpc.discover takes the
// openrpc method's params and answers with the document a server of that
// service sends for its own rpc.discover: the openrpc document with
// rpc.discover prepared, so listed among its methods (`smithy openrpc
// --extension rpc.discover`). This server speaks the seed's envelope, not
// JSON-RPC, so the method cannot describe the server itself to an OpenRPC
// client; it serves the documents of the models it is given.
func openrpc(ctx context.Context, s *Session, method string, params []byte) ([]byte, int, error) {
	var p struct {
		ModelParams
		Service        string   `json:"service"`
		Naming         string   `json:"naming"`
		UnknownMembers string   `json:"unknown_members"`
		Nulls          string   `json:"nulls"`
		Extensions     string   `json:"extensions"`
		Extension      []string `json:"extension"`
	}
	if err := DecodeParams(params, &p); err != nil {
		return nil, 0, err
	}
	if p.Service == "" {
		return nil, 0, serve.Errorf("%s needs \"service\"", method)
	}
	if method == rpc.Discover && !slices.Contains(p.Extension, rpc.Discover) {
		p.Extension = append(p.Extension, rpc.Discover)
	}
	models, err := p.Sources()
	if err != nil {
		return nil, 0, err
	}
	set := run.OpenRPCSettings{Service: p.Service, Naming: p.Naming, UnknownMembers: p.UnknownMembers, Nulls: p.Nulls, Extensions: p.Extensions, SystemExtensions: p.Extension}
	return Compact(s.Run(ctx, models, nil, func(e *run.Env) error { return e.OpenRPC(models, set, "") }))
}
