package app

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/smithy-validation/go/cli/serve"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/rpc"
)

// The server's methods (hello's capabilities, in this order). Each
// stateless one runs the command's own function (ast, validate,
// validateValue, validateRPCInputs) with the JSON format, so its result is
// byte for byte what the command prints with --format json (ast, which
// prints an indented document, is compacted onto the protocol line).
//
// rpc.discover takes the openrpc method's params and answers with the
// document a server of that service sends for its own rpc.discover: the
// openrpc document with rpc.discover prepared, so listed among its
// methods (`smithy openrpc --extension rpc.discover`). This server speaks
// the seed's envelope, not JSON-RPC, so the method cannot describe the
// server itself to an OpenRPC client; it serves the documents of the
// models it is given.
var methodNames = []string{"ast", "validate", "validate-value", "validate-rpc", "openrpc", rpc.Discover, "exchange.start", "exchange.feed", "exchange.finish"}

// HandlerOptions configure the methods of `smithy serve`: the model
// cache shared by the connections, the files requests may name, and the
// bounds of one request. The zero value is the defaults: a cache with the
// default bounds, files under the working directory, DefaultMaxSources
// and DefaultMaxRequestBytes.
type HandlerOptions struct {
	// Cache keeps assembled models between requests (nil: a new cache with
	// the default bounds).
	Cache *ModelCache
	// Root is the directory requests may name files in ("" is the working
	// directory); a path that leads out of it, symbolic links included, is
	// refused (E041).
	Root string
	// NoPaths refuses every path: models and inputs come inline only.
	NoPaths bool
	// MaxSources and MaxRequestBytes bound what one request may name and
	// read (zero or less: the defaults).
	MaxSources      int
	MaxRequestBytes int64
}

// NewHandler returns the methods of `smithy serve` (package serve is the
// transport). It opens the root directory, which stays open as long as the
// handler is used.
func NewHandler(o HandlerOptions) (serve.Handler, error) {
	if o.Cache == nil {
		o.Cache = NewModelCache(0, 0)
	}
	files, err := newServerFiles(o)
	if err != nil {
		return nil, err
	}
	return &handler{cache: o.Cache, files: files}, nil
}

type handler struct {
	cache *ModelCache
	files *serverFiles
}

func (h *handler) Hello() serve.Hello {
	return serve.Hello{Name: "smithy", Engine: Version, Capabilities: methodNames}
}

func (h *handler) Open(stateful bool) serve.Session {
	return &session{cache: h.cache, files: h.files, stateful: stateful}
}

// session is one connection: the stateless methods, and at most one
// exchange stream.
type session struct {
	cache    *ModelCache
	files    *serverFiles
	stateful bool
	stream   *stream
}

func (s *session) Close() { s.stream = nil }

// wireSource is a model source as the protocol writes it.
type wireSource struct {
	Path *string `json:"path"`
	Name *string `json:"name"`
	Text *string `json:"text"`
}

// wireInput is a value, message or transcript: a file path, text, or
// bytes in base64 (binary Ion).
type wireInput struct {
	Path   *string `json:"path"`
	Text   *string `json:"text"`
	Base64 *string `json:"base64"`
}

type commonParams struct {
	Models []wireSource `json:"models"`
}

func (s *session) Call(ctx context.Context, method string, params []byte) ([]byte, int, error) {
	switch method {
	case "ast":
		var p struct {
			commonParams
			IncludePrelude bool `json:"include_prelude"`
			Flatten        bool `json:"flatten"`
		}
		if err := decodeParams(params, &p); err != nil {
			return nil, 0, err
		}
		models, err := p.sources()
		if err != nil {
			return nil, 0, err
		}
		res, exit, err := s.run(ctx, models, nil, func(e *env) error {
			return e.ast(astParams{Models: models, IncludePrelude: p.IncludePrelude, Flatten: p.Flatten})
		})
		return compact(res, exit, err)
	case "validate":
		var p commonParams
		if err := decodeParams(params, &p); err != nil {
			return nil, 0, err
		}
		models, err := p.sources()
		if err != nil {
			return nil, 0, err
		}
		return s.run(ctx, models, nil, func(e *env) error { return e.validate(models, "json", model.Note) })
	case "validate-value":
		var p struct {
			commonParams
			Shape       string     `json:"shape"`
			Value       *wireInput `json:"value"`
			InputFormat string     `json:"input_format"`
		}
		if err := decodeParams(params, &p); err != nil {
			return nil, 0, err
		}
		models, err := p.sources()
		if err != nil {
			return nil, 0, err
		}
		if p.Shape == "" {
			return nil, 0, serve.Errorf("validate-value needs \"shape\"")
		}
		if p.Value == nil {
			return nil, 0, serve.Errorf("validate-value needs \"value\": {\"text\": ...}, {\"path\": ...} or {\"base64\": ...}")
		}
		value, err := p.Value.input("value")
		if err != nil {
			return nil, 0, err
		}
		return s.run(ctx, models, []namedInput{{"value", value}}, func(e *env) error {
			return e.validateValue(valueParams{Models: models, Shape: p.Shape, Value: *value, InputFormat: p.InputFormat}, "json")
		})
	case "validate-rpc":
		var p struct {
			serviceParams
			Message    *wireInput `json:"message"`
			Request    *wireInput `json:"request"`
			Response   *wireInput `json:"response"`
			Transcript *wireInput `json:"transcript"`
			Complete   bool       `json:"complete"`
			Method     string     `json:"method"`
		}
		models, err := p.decode(params, &p)
		if err != nil {
			return nil, 0, err
		}
		rp := rpcParams{Models: models, Service: p.Service, Version: p.Version, Complete: p.Complete, Extensions: p.Extension, Naming: p.Naming,
			Policies: p.policies(), Method: p.Method}
		for _, f := range []struct {
			name string
			w    *wireInput
			in   **Input
		}{{"message", p.Message, &rp.Message}, {"request", p.Request, &rp.Request}, {"response", p.Response, &rp.Response}, {"transcript", p.Transcript, &rp.Transcript}} {
			if f.w != nil {
				in, err := f.w.input(f.name)
				if err != nil {
					return nil, 0, err
				}
				*f.in = in
			}
		}
		inputs := []namedInput{{"message", rp.Message}, {"request", rp.Request}, {"response", rp.Response}, {"transcript", rp.Transcript}}
		return s.run(ctx, models, inputs, func(e *env) error { return e.validateRPCInputs(rp, "json") })
	case "openrpc", rpc.Discover:
		var p struct {
			commonParams
			Service        string   `json:"service"`
			Naming         string   `json:"naming"`
			UnknownMembers string   `json:"unknown_members"`
			Nulls          string   `json:"nulls"`
			Extensions     string   `json:"extensions"`
			Extension      []string `json:"extension"`
		}
		if err := decodeParams(params, &p); err != nil {
			return nil, 0, err
		}
		if p.Service == "" {
			return nil, 0, serve.Errorf("%s needs \"service\"", method)
		}
		if method == rpc.Discover && !slices.Contains(p.Extension, rpc.Discover) {
			p.Extension = append(p.Extension, rpc.Discover)
		}
		models, err := p.sources()
		if err != nil {
			return nil, 0, err
		}
		set := openrpcSettings{Service: p.Service, Naming: p.Naming, UnknownMembers: p.UnknownMembers, Nulls: p.Nulls, Extensions: p.Extensions, SystemExtensions: p.Extension}
		return compact(s.run(ctx, models, nil, func(e *env) error { return e.openrpc(models, set, "") }))
	case "exchange.start", "exchange.feed", "exchange.finish":
		if !s.stateful {
			return nil, 0, serve.Errorf("%s needs a connection: use smithy serve --stdio", method)
		}
		return s.exchange(ctx, method, params)
	}
	return nil, 0, serve.Errorf("unknown method %q (hello lists the methods)", method)
}

// compact puts a document the command prints indented (ast, openrpc)
// on one line: the same JSON, insignificant whitespace removed.
func compact(res []byte, exit int, err error) ([]byte, int, error) {
	if err != nil {
		return nil, 0, err
	}
	var b bytes.Buffer
	if err := json.Compact(&b, res); err != nil {
		return nil, 0, fmt.Errorf("the document is not JSON: %v", err)
	}
	return b.Bytes(), exit, nil
}

// run runs a command function as the server: output captured, standard
// input unavailable, models from the cache, files through the server's
// root and bounds (every path and size checked before a byte is read), the
// request's context checked at every read. A result (exit 0, 1, 5, or 3
// for validate's events) is the output without its final newline; a
// failure is an error envelope whose code follows the exit code, with
// what the command writes to stderr (the model's events) in its message.
func (s *session) run(ctx context.Context, models []Source, inputs []namedInput, f func(e *env) error) ([]byte, int, error) {
	rf := s.files.request(ctx)
	err := rf.plan(models, inputs)
	var out, errb bytes.Buffer
	if err == nil && ctx.Err() == nil {
		e := &env{stdin: strings.NewReader(""), stdinUsed: true, stdout: &out, stderr: &errb, cache: s.cache, files: rf}
		err = f(e)
	}
	if ctx.Err() != nil {
		return nil, 0, contextError(ctx)
	}
	var fe *forbiddenError
	var le *requestLimitError
	switch {
	case errors.As(err, &fe):
		return nil, 0, &serve.Error{Code: serve.CodeForbidden, Message: fe.msg, Exit: ExitUsage}
	case errors.As(err, &le):
		return nil, 0, &serve.Error{Code: serve.CodeLimit, Message: le.msg, Exit: ExitIncomplete}
	}
	code, msg, _ := exitCode(err)
	if msg == "" {
		return bytes.TrimSuffix(out.Bytes(), []byte("\n")), code, nil
	}
	if d := strings.TrimSpace(errb.String()); d != "" {
		msg += ":\n" + d
	}
	return nil, 0, &serve.Error{Code: errorCode(code), Message: msg, Exit: code}
}

// contextError is the answer to a request whose context ended: its time
// ran out, or its client went away (nobody reads that answer).
func contextError(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &serve.Error{Code: serve.CodeTimeout, Message: "the request ran out of time (serve --timeout); its work was stopped", Exit: ExitInvalid}
	}
	return &serve.Error{Code: serve.CodeTimeout, Message: "the request was cancelled (its client went away); its work was stopped", Exit: ExitInvalid}
}

// errorCode is the envelope code of a command failure with exit code.
func errorCode(exit int) string {
	switch exit {
	case ExitUsage:
		return serve.CodeUsage
	case ExitModel:
		return serve.CodeModel
	case ExitInput:
		return serve.CodeInput
	case ExitIncomplete:
		return serve.CodeLimit
	}
	return serve.CodeInternal
}

// decodeParams decodes a params object (absent or null: no params);
// unknown members are ignored, as the protocol wants.
func decodeParams(params []byte, v any) error {
	if len(params) == 0 || string(params) == "null" {
		return nil
	}
	if err := json.Unmarshal(params, v); err != nil {
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

// sources checks the models parameter.
func (p commonParams) sources() ([]Source, error) {
	if len(p.Models) == 0 {
		return nil, serve.Errorf("\"models\" is missing: give [{\"path\": ...}] or [{\"name\": ..., \"text\": ...}]")
	}
	out := make([]Source, len(p.Models))
	for i, m := range p.Models {
		switch {
		case m.Path != nil && (m.Name != nil || m.Text != nil):
			return nil, serve.Errorf("models[%d]: give \"path\", or \"name\" with \"text\", not both", i)
		case m.Path != nil:
			if *m.Path == "" || *m.Path == "-" {
				return nil, serve.Errorf("models[%d]: \"path\" must name a file or directory (the server has no standard input; give \"text\")", i)
			}
			out[i] = Source{Path: *m.Path}
		case m.Name != nil && m.Text != nil && *m.Name != "":
			out[i] = Source{Name: *m.Name, Text: []byte(*m.Text)}
		default:
			return nil, serve.Errorf("models[%d]: needs \"path\", or \"name\" and \"text\"", i)
		}
	}
	return out, nil
}

// serviceParams are the params validate-rpc and exchange.start share:
// the service to check against, whose models may be left out (envelope
// checks only).
type serviceParams struct {
	commonParams
	Service   string   `json:"service"`
	Version   string   `json:"version"`
	Extension []string `json:"extension"`
	// The policies of validate-rpc's flags of the same names.
	Naming             string `json:"naming"`
	UnknownMembers     string `json:"unknown_members"`
	Nulls              string `json:"nulls"`
	EnvelopeExtensions string `json:"envelope_extensions"`
}

func (p *serviceParams) policies() rpcPolicies {
	return rpcPolicies{UnknownMembers: p.UnknownMembers, Nulls: p.Nulls, EnvelopeExtensions: p.EnvelopeExtensions}
}

// options returns the rpc options of the naming and policy params.
func (p *serviceParams) options() ([]rpc.Option, error) {
	naming, err := namingOptions(p.Naming)
	if err != nil {
		return nil, err
	}
	policies, err := p.policies().options()
	if err != nil {
		return nil, err
	}
	return append(naming, policies...), nil
}

// decode decodes params into whole (a struct embedding p) and returns
// the model sources, none when left out.
func (p *serviceParams) decode(params []byte, whole any) ([]Source, error) {
	if err := decodeParams(params, whole); err != nil {
		return nil, err
	}
	if len(p.Models) == 0 {
		return nil, nil
	}
	return p.sources()
}

// input checks one input parameter.
func (w *wireInput) input(name string) (*Input, error) {
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
		return &Input{Path: *w.Path}, nil
	case w.Text != nil:
		return &Input{Data: []byte(*w.Text), Inline: true}, nil
	}
	data, err := base64.StdEncoding.DecodeString(*w.Base64)
	if err != nil {
		return nil, serve.Errorf("%q: \"base64\" is not standard base64: %v", name, err)
	}
	return &Input{Data: data, Inline: true}, nil
}
