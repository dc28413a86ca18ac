package importer

import (
	"fmt"
	"strings"

	"github.com/smithy-validation/go/core/node"
)

// Options configures an import. The zero value is usable.
type Options struct {
	// Namespace is the Smithy namespace of the generated shapes
	// (default "imported").
	Namespace string
	// Service is the name of the generated service shape (OpenRPC only);
	// default: the document's info.title as a Smithy identifier, or
	// "Service"; MCP: the mapping's service, else "Mcp"). OpenRPC, LSP and
	// MCP read it.
	Service string
	// Mapping is the MCP mode's mapping file (JSON, see README.md "MCP"):
	// what MCP's schema does not say (errors that only the specification
	// pages show, which notification cancels a call, further results of a
	// call), each entry with its reason. nil for none; only MCP reads it.
	Mapping []byte
	// expandAllOf merges every allOf of objects in place, as the importer
	// did before it wrote mixins: the tests compare the two.
	expandAllOf bool
}

// Result is an import's output.
type Result struct {
	// IDL is the Smithy IDL 2.0 model text.
	IDL []byte
	// Diagnostics lists what the model could not express, ordered by
	// position in the input.
	Diagnostics []Diagnostic
}

// A Diagnostic reports one construct of the input that the Smithy model
// does not express exactly (a loss), as data.
type Diagnostic struct {
	// Pointer is the JSON Pointer of the keyword in the input.
	Pointer string
	// Pos is the keyword's position in the input.
	Pos node.Pos
	// Keyword is the JSON Schema or OpenRPC keyword ("not", "multipleOf").
	Keyword string
	// Message says what the model does instead.
	Message string
	// Source is "" for the document imported, "mapping" for the MCP
	// mode's mapping file (Options.Mapping).
	Source string
}

// String renders the diagnostic as "line:col: pointer: keyword: message".
func (d Diagnostic) String() string {
	if d.Source != "" {
		return fmt.Sprintf("%s:%d:%d: %s: %s: %s", d.Source, d.Pos.Line, d.Pos.Column, pointerOrRoot(d.Pointer), d.Keyword, d.Message)
	}
	return fmt.Sprintf("%d:%d: %s: %s: %s", d.Pos.Line, d.Pos.Column, pointerOrRoot(d.Pointer), d.Keyword, d.Message)
}

func pointerOrRoot(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}

// An InputError is input that cannot be imported at all: not JSON, or not
// the kind of document asked for.
type InputError struct {
	Pos     node.Pos
	Pointer string
	Message string
	// Source is "" for the document imported, "mapping" for the MCP
	// mode's mapping file (Options.Mapping).
	Source string
	// Err is the JSON reader's error when it stopped the reading: a
	// *node.LimitError when the document is deeper, longer or larger than
	// the reader's limits (limits.Default()), which is no fault of the
	// document's syntax; nil otherwise.
	Err error
}

// Unwrap returns the reader's error, so that errors.As finds a
// *node.LimitError.
func (e *InputError) Unwrap() error { return e.Err }

func (e *InputError) Error() string {
	if e.Source != "" {
		return e.Source + ":" + (&InputError{Pos: e.Pos, Pointer: e.Pointer, Message: e.Message, Err: e.Err}).Error()
	}
	if e.Pos.IsValid() {
		return fmt.Sprintf("%d:%d: %s: %s", e.Pos.Line, e.Pos.Column, pointerOrRoot(e.Pointer), e.Message)
	}
	return fmt.Sprintf("%s: %s", pointerOrRoot(e.Pointer), e.Message)
}

// Position returns where the problem is.
func (e *InputError) Position() node.Pos { return e.Pos }

// An OptionError is an [Options] field that cannot be used (a namespace or
// service name that Smithy does not allow).
type OptionError struct {
	Option  string // "Namespace" or "Service"
	Message string
}

func (e *OptionError) Error() string { return e.Message }

func parse(data []byte) (node.Node, error) {
	n, err := node.Parse(data)
	if err != nil {
		ie := &InputError{Message: strings.TrimPrefix(err.Error(), "node: ")}
		if le, ok := err.(*node.LimitError); ok {
			ie.Err = le
		}
		if pe, ok := err.(node.PosError); ok {
			ie.Pos = pe.Position()
		}
		if se, ok := err.(*node.SyntaxError); ok {
			ie.Message = "not JSON: " + se.Msg
		}
		return node.Node{}, ie
	}
	if n.Kind() != node.Object {
		return node.Node{}, &InputError{Pos: n.Pos(), Message: fmt.Sprintf("the document is a %s, not an object", n.Kind())}
	}
	return n, nil
}

// namespaceOf checks the options every importer shares and returns the
// namespace to write: o.Namespace, "imported" when empty. A service name,
// where one is given, must be a Smithy identifier.
func namespaceOf(o Options) (string, error) {
	if o.Service != "" && !isIdentifier(o.Service) {
		return "", &OptionError{Option: "Service", Message: fmt.Sprintf("service name %q is not a Smithy identifier", o.Service)}
	}
	ns := o.Namespace
	if ns == "" {
		return "imported", nil
	}
	for _, part := range strings.Split(ns, ".") {
		if !isIdentifier(part) {
			return "", &OptionError{Option: "Namespace", Message: fmt.Sprintf("namespace %q is not a Smithy namespace (dot-separated identifiers)", ns)}
		}
	}
	return ns, nil
}

// escapePointer escapes one JSON Pointer reference token.
func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func unescapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}
