package methods

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/gate"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/run"
	"github.com/smithy-validation/go/cli/serve"
)

// The JSON gate's methods: the seed's repair, analyze, readiness and
// validate (of a text) with the seed's params unchanged, for a client
// written against the seed, plus validate-text, the name of the command.
// A declaration is the seed's "schema" (compact form) or "schema_json" (a
// JSON Schema: its text in a string, or the document), or this project's
// "shape" with "models" (the sources every method takes).
//
// validate dispatches on its params: with a "text" member that is not
// null it is the seed's validate of a text (the same as validate-text);
// without, it is the Smithy model check of "models" (the command `smithy
// validate`; commands.go).
func init() {
	for _, name := range []string{"repair", "analyze", "readiness"} {
		name := name
		Register(name, func(ctx context.Context, s *Session, params []byte) ([]byte, int, error) {
			return gateCall(ctx, s, name, name, params)
		})
	}
	Register("validate-text", func(ctx context.Context, s *Session, params []byte) ([]byte, int, error) {
		return gateCall(ctx, s, "validate-text", "validate", params)
	})
}

// hasText reports whether params has a "text" member that is not null:
// the seed's validate of a text.
func hasText(params []byte) bool {
	var p struct {
		Text json.RawMessage `json:"text"`
	}
	if len(params) == 0 || json.Unmarshal(params, &p) != nil {
		return false
	}
	return len(p.Text) > 0 && !bytes.Equal(p.Text, []byte("null"))
}

// gateCall runs one of the gate's methods (method is the seed's name) as
// the command does: the same result bytes and exit, and a refusal as the
// seed's error object (with offset and retry_hint) in the envelope.
func gateCall(ctx context.Context, s *Session, name, method string, params []byte) ([]byte, int, error) {
	var p struct {
		gate.Params
		ModelParams
	}
	if err := DecodeParams(params, &p); err != nil {
		return nil, 0, err
	}
	if p.Text == nil {
		return nil, 0, serve.Errorf("%s needs \"text\": the text to read", name)
	}
	spec, err := p.Spec()
	if err != nil {
		return nil, 0, gateParamError(err)
	}
	var models []load.Source
	if spec.Shape != "" {
		if models, err = p.Sources(); err != nil {
			return nil, 0, err
		}
	}
	var refused error
	res, exit, err := s.Run(ctx, models, nil, func(e *run.Env) error {
		if spec.Shape != "" {
			lm, err := e.RequireModel(models)
			if err != nil {
				return err
			}
			id, err := run.ResolveShape(lm.Res.Model, "shape", spec.Shape)
			if err != nil {
				return err
			}
			spec.Shape, spec.Model = id.String(), lm.Res.Model
		}
		decl, err := spec.Resolve()
		if err != nil {
			return gate.CommandError(err)
		}
		opts, err := p.Options(decl)
		if err != nil {
			return gate.CommandError(err)
		}
		out, exit, err := gate.Run(method, []byte(*p.Text), opts)
		if err != nil {
			if _, ok := gate.AsError(err); ok {
				refused = err
				return nil
			}
			return exitcode.Modelf("the declaration's checker failed: %v", err)
		}
		e.Stdout.Write(out)
		if exit != exitcode.Valid {
			return exitcode.Status(exit)
		}
		return nil
	})
	if refused != nil {
		me, _ := gate.AsError(refused)
		return nil, 0, &serve.Error{Code: me.Code, Message: me.Message, Exit: me.Exit, Body: gate.ErrorJSON(me)}
	}
	return res, exit, err
}

// gateParamError is the envelope error of a bad declaration param.
func gateParamError(err error) error {
	if me, ok := gate.AsError(err); ok {
		return &serve.Error{Code: me.Code, Message: me.Message, Exit: me.Exit}
	}
	return serve.Errorf("%v", err)
}
