package gate

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/mend"
	"github.com/smithy-validation/go/smithyvalidate"
)

// The error codes the gate adds to mend's, with the exits the command and
// the server's envelope give them (mend's own codes are in mend/README.md).
const (
	// CodeUsage is a missing or invalid parameter (the seed's E050): a
	// declaration that does not parse, two declarations at once, a profile
	// that does not exist. Exit 2.
	CodeUsage = mend.CodeDeclaration
	// CodeModel is a shape that the model does not have, or cannot
	// prepare: the server's code for a model failure. Exit 3.
	CodeModel = "E030"
)

// ExitModel is the exit code of a model failure.
const ExitModel = 3

// Spec is a declaration as the seed's params and the command's flags name
// it: at most one of Schema (the compact form, --schema), SchemaJSON (a
// JSON Schema document, --schema-json) and Shape (a shape ID of Model,
// --shape).
type Spec struct {
	Schema     string
	SchemaJSON []byte
	Shape      string
	// Model is the assembled model Shape is looked up in; the caller loads
	// it (cli/app does, through its model cache).
	Model *model.Model
	// ShapeOptions are the value engine's policies for Shape (none: the
	// engine's defaults, unknown members a warning).
	ShapeOptions []smithyvalidate.Option
}

// IsZero reports whether s names no declaration.
func (s Spec) IsZero() bool { return s.Schema == "" && s.SchemaJSON == nil && s.Shape == "" }

// Resolve builds the declaration s names, nil when it names none. Two
// declarations at once, or one that does not parse, are an [*mend.Error]
// with code E050 and exit 2; a shape the model lacks or cannot prepare is
// one with code E030 and exit 3.
func (s Spec) Resolve() (mend.Declaration, error) {
	n := 0
	for _, set := range []bool{s.Schema != "", s.SchemaJSON != nil, s.Shape != ""} {
		if set {
			n++
		}
	}
	switch {
	case n == 0:
		return nil, nil
	case n > 1:
		return nil, usage("give one declaration: schema (the compact form), schema_json (a JSON Schema) or shape (with its model), not %d", n)
	case s.Schema != "":
		d, err := mend.ParseCompact(s.Schema)
		if err != nil {
			var me *mend.Error
			if errors.As(err, &me) {
				me.Message = "schema: " + me.Message
			}
			return nil, err
		}
		return d, nil
	case s.SchemaJSON != nil:
		return NewJSONSchemaDeclaration(s.SchemaJSON)
	}
	if s.Model == nil {
		return nil, usage("shape %s needs the model it belongs to", s.Shape)
	}
	id, err := shapeid.Parse(s.Shape)
	if err != nil {
		return nil, usage("shape: %v", err)
	}
	if _, ok := s.Model.Shape(id); !ok {
		return nil, &mend.Error{Code: CodeModel, Exit: ExitModel, Message: fmt.Sprintf("shape %s is not in the model", id)}
	}
	d, err := mend.NewShapeDeclaration(s.Model, id, s.ShapeOptions...)
	if err != nil {
		var me *mend.Error
		if errors.As(err, &me) {
			me.Code, me.Exit = CodeModel, ExitModel
		}
		return nil, err
	}
	return d, nil
}

// SchemaJSONParam reads the seed's schema_json param: the JSON Schema
// document as a JSON string holding its text (the seed's form), or the
// document itself as an object or a boolean. Absent or null is none.
func SchemaJSONParam(raw json.RawMessage) ([]byte, error) {
	t := strings.TrimSpace(string(raw))
	if t == "" || t == "null" {
		return nil, nil
	}
	if t[0] == '"' {
		var s string
		if err := json.Unmarshal([]byte(t), &s); err != nil {
			return nil, usage("schema_json: %v", err)
		}
		return []byte(s), nil
	}
	if t[0] == '{' || t == "true" || t == "false" {
		return []byte(t), nil
	}
	return nil, usage("schema_json must be a JSON Schema: an object, a boolean, or a string holding one")
}

// usage returns an E050 error (exit 2) about a parameter as a whole: it
// has no position ([mend.Error.Located]).
func usage(format string, args ...any) *mend.Error {
	return &mend.Error{Code: CodeUsage, Exit: mend.ExitUsage, Message: fmt.Sprintf(format, args...)}
}

// usageAt returns an E050 error at the position of a reader's error.
func usageAt(err error, what string) *mend.Error {
	e := usage("%s: %v", what, err)
	var pe node.PosError
	if errors.As(err, &pe) {
		p := pe.Position()
		e.Offset, e.Line, e.Column = int(p.Offset), int(p.Line), int(p.Column)
	}
	return e
}
