package openrpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/smithy-validation/go/openrpc/jsonschema"
	"github.com/smithy-validation/go/rpc"
)

// DiscoverMethod is the JSON-RPC system extension that returns the
// service's OpenRPC document (rpc.Discover).
const DiscoverMethod = rpc.Discover

// Checker checks JSON-RPC params and results against the Content
// Descriptors of an OpenRPC document with JSON Schema draft-07
// (the project's own validator, package [jsonschema]): what a client that reads only the
// document would accept. It is an independent second opinion on the
// values the rpc module checks against the model (conformance's agreement
// test compares the two), and what a server that serves the document
// through rpc.discover promises. The result of rpc.discover itself is an
// OpenRPC document, checked against the metaschema ([CheckDocument]).
//
// A Checker is safe for concurrent use.
type Checker struct {
	methods map[string]*methodSchemas
}

type methodSchemas struct {
	structure string // by-name, by-position or either
	params    []paramSchema
	result    *jsonschema.Schema
}

type paramSchema struct {
	name     string
	required bool
	schema   *jsonschema.Schema
}

// NewChecker compiles the schemas of every method of an OpenRPC document.
// Its references must stay inside the document (#/components/schemas/...,
// as [Convert] writes them); nothing is loaded from elsewhere.
func NewChecker(doc []byte) (*Checker, error) {
	var d struct {
		Methods []struct {
			Name           string `json:"name"`
			ParamStructure string `json:"paramStructure"`
			Params         []struct {
				Name     string `json:"name"`
				Required bool   `json:"required"`
			} `json:"params"`
			Result *struct{} `json:"result"`
		} `json:"methods"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		return nil, fmt.Errorf("openrpc: not an OpenRPC document: %w", err)
	}
	const url = "mem:///openrpc.json"
	dv, err := jsonschema.Decode(doc)
	if err != nil {
		return nil, fmt.Errorf("openrpc: not an OpenRPC document: %w", err)
	}
	c := jsonschema.NewCompiler(jsonschema.Draft7)
	if err := c.AddResource(url, dv); err != nil {
		return nil, fmt.Errorf("openrpc: %w", err)
	}
	ch := &Checker{methods: map[string]*methodSchemas{}}
	for i, m := range d.Methods {
		ms := &methodSchemas{structure: m.ParamStructure}
		if ms.structure == "" {
			ms.structure = "either"
		}
		for j, p := range m.Params {
			s, err := c.Compile(fmt.Sprintf("%s#/methods/%d/params/%d/schema", url, i, j))
			if err != nil {
				return nil, fmt.Errorf("openrpc: method %q param %q: %w", m.Name, p.Name, err)
			}
			ms.params = append(ms.params, paramSchema{name: p.Name, required: p.Required, schema: s})
		}
		if m.Result != nil && m.Name != DiscoverMethod {
			s, err := c.Compile(fmt.Sprintf("%s#/methods/%d/result/schema", url, i))
			if err != nil {
				return nil, fmt.Errorf("openrpc: method %q result: %w", m.Name, err)
			}
			ms.result = s
		}
		ch.methods[m.Name] = ms
	}
	return ch, nil
}

// ErrNoMethod is returned (wrapped) for a method the document does not
// list.
var ErrNoMethod = errors.New("openrpc: the document has no such method")

// CheckParams checks a call's params (nil when the call has none) against
// the method's Content Descriptors: an array by position (when the
// paramStructure allows it), an object by name, each value against its
// descriptor's schema, every required descriptor present. It returns nil
// when they are valid, else an error that says where they fail.
func (c *Checker) CheckParams(method string, params []byte) error {
	m, ok := c.methods[method]
	if !ok {
		return fmt.Errorf("%w: %q", ErrNoMethod, method)
	}
	if params == nil {
		for _, p := range m.params {
			if p.required {
				return fmt.Errorf("/params: required param %q is missing", p.name)
			}
		}
		return nil
	}
	v, err := decode(params)
	if err != nil {
		return fmt.Errorf("/params: %w", err)
	}
	switch x := v.(type) {
	case []any:
		if m.structure == "by-name" {
			return errors.New("/params: the method takes params by name")
		}
		if len(x) > len(m.params) {
			return fmt.Errorf("/params: %d params, the method takes %d", len(x), len(m.params))
		}
		for i, p := range m.params {
			if i >= len(x) {
				if p.required {
					return fmt.Errorf("/params: required param %q is missing", p.name)
				}
				continue
			}
			if !p.schema.Valid(x[i]) {
				return fmt.Errorf("/params/%d: fails the schema of %q", i, p.name)
			}
		}
	case map[string]any:
		if m.structure == "by-position" {
			return errors.New("/params: the method takes params by position")
		}
		for _, p := range m.params {
			val, ok := x[p.name]
			if !ok {
				if p.required {
					return fmt.Errorf("/params: required param %q is missing", p.name)
				}
				continue
			}
			if !p.schema.Valid(val) {
				return fmt.Errorf("/params/%s: fails the schema of %q", p.name, p.name)
			}
		}
	default:
		return errors.New("/params: neither an array nor an object")
	}
	return nil
}

// CheckResult checks a successful response's result against the method's
// result schema (any value when the method declares none). For
// rpc.discover the result is an OpenRPC document, checked against the
// metaschema.
func (c *Checker) CheckResult(method string, result []byte) error {
	if method == DiscoverMethod {
		fs, err := CheckDocument(result)
		if err != nil {
			return err
		}
		if len(fs) > 0 {
			f := fs[0]
			return fmt.Errorf("/result%s: %s (%s)", f.Path, f.Message, f.SchemaPath)
		}
		return nil
	}
	m, ok := c.methods[method]
	if !ok {
		return fmt.Errorf("%w: %q", ErrNoMethod, method)
	}
	if m.result == nil {
		return nil
	}
	v, err := decode(result)
	if err != nil {
		return fmt.Errorf("/result: %w", err)
	}
	if !m.result.Valid(v) {
		return errors.New("/result: fails the result schema")
	}
	return nil
}

func decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("not JSON: %s", strconv.Quote(err.Error()))
	}
	return v, nil
}
