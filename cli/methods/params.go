package methods

import (
	"encoding/base64"
	"encoding/json"
	"errors"

	"github.com/smithy-validation/go/cli/internal/wirejson"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/run"
	"github.com/smithy-validation/go/cli/serve"
	"github.com/smithy-validation/go/rpc"
)

// WireSource is a model source as the protocol writes it: a path, or a
// name with its text.
type WireSource struct {
	Path *string `json:"path"`
	Name *string `json:"name"`
	Text *string `json:"text"`
}

// WireInput is a value, message or transcript: a file path, text, or
// bytes in base64 (binary Ion).
type WireInput struct {
	Path   *string `json:"path"`
	Text   *string `json:"text"`
	Base64 *string `json:"base64"`
}

// ModelParams are the params of a method that checks against models:
// embed it in a method's params struct.
type ModelParams struct {
	Models []WireSource `json:"models"`
}

// DecodeParams decodes a params object (absent or null: no params);
// unknown members are ignored, as the protocol wants, but a member v
// defines must be spelt as its tag says and given once (wirejson): a
// "Path" or a second "path" is refused, not read.
func DecodeParams(params []byte, v any) error {
	if len(params) == 0 || string(params) == "null" {
		return nil
	}
	if err := wirejson.Decode(params, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return serve.Errorf("params: %q must be %s, not %s", te.Field, jsonKind(te.Type.Kind().String()), te.Value)
		}
		return serve.Errorf("params: %v", err)
	}
	return nil
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "int", "int64":
		return "an integer"
	case "slice":
		return "an array"
	case "ptr", "struct":
		return "an object"
	}
	return goKind
}

// Sources checks the models parameter: at least one source, each a
// path (not standard input) or a name with its text.
func (p ModelParams) Sources() ([]load.Source, error) {
	if len(p.Models) == 0 {
		return nil, serve.Errorf("\"models\" is missing: give [{\"path\": ...}] or [{\"name\": ..., \"text\": ...}]")
	}
	out := make([]load.Source, len(p.Models))
	for i, m := range p.Models {
		switch {
		case m.Path != nil && (m.Name != nil || m.Text != nil):
			return nil, serve.Errorf("models[%d]: give \"path\", or \"name\" with \"text\", not both", i)
		case m.Path != nil:
			if *m.Path == "" || *m.Path == "-" {
				return nil, serve.Errorf("models[%d]: \"path\" must name a file or directory (the server has no standard input; give \"text\")", i)
			}
			out[i] = load.Source{Path: *m.Path}
		case m.Name != nil && m.Text != nil && *m.Name != "":
			out[i] = load.Source{Name: *m.Name, Text: []byte(*m.Text)}
		default:
			return nil, serve.Errorf("models[%d]: needs \"path\", or \"name\" and \"text\"", i)
		}
	}
	return out, nil
}

// ServiceParams are the params validate-rpc and exchange.start share:
// the service to check against, whose models may be left out (envelope
// checks only).
type ServiceParams struct {
	ModelParams
	Service   string   `json:"service"`
	Version   string   `json:"version"`
	Extension []string `json:"extension"`
	// The policies of validate-rpc's flags of the same names.
	Naming             string `json:"naming"`
	UnknownMembers     string `json:"unknown_members"`
	Nulls              string `json:"nulls"`
	EnvelopeExtensions string `json:"envelope_extensions"`
}

// Policies are the policy params as validate-rpc's flags give them.
func (p *ServiceParams) Policies() run.RPCPolicies {
	return run.RPCPolicies{UnknownMembers: p.UnknownMembers, Nulls: p.Nulls, EnvelopeExtensions: p.EnvelopeExtensions}
}

// Options returns the rpc options of the naming and policy params.
func (p *ServiceParams) Options() ([]rpc.Option, error) {
	naming, err := run.NamingOptions(p.Naming)
	if err != nil {
		return nil, err
	}
	policies, err := p.Policies().Options()
	if err != nil {
		return nil, err
	}
	return append(naming, policies...), nil
}

// Decode decodes params into whole (a struct embedding p) and returns
// the model sources, none when left out.
func (p *ServiceParams) Decode(params []byte, whole any) ([]load.Source, error) {
	if err := DecodeParams(params, whole); err != nil {
		return nil, err
	}
	if len(p.Models) == 0 {
		return nil, nil
	}
	return p.Sources()
}

// Input checks one input parameter, named name in messages.
func (w *WireInput) Input(name string) (*load.Input, error) {
	n := 0
	for _, set := range []bool{w.Path != nil, w.Text != nil, w.Base64 != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return nil, serve.Errorf("%q: give exactly one of \"path\", \"text\" or \"base64\"", name)
	}
	switch {
	case w.Path != nil:
		if *w.Path == "" || *w.Path == "-" {
			return nil, serve.Errorf("%q: \"path\" must name a file (the server has no standard input; give \"text\")", name)
		}
		return &load.Input{Path: *w.Path}, nil
	case w.Text != nil:
		return &load.Input{Data: []byte(*w.Text), Inline: true}, nil
	}
	data, err := base64.StdEncoding.DecodeString(*w.Base64)
	if err != nil {
		return nil, serve.Errorf("%q: \"base64\" is not standard base64: %v", name, err)
	}
	return &load.Input{Data: data, Inline: true}, nil
}
