package rpc

import (
	"fmt"
	"strconv"

	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// Kind is what a message (or batch element) is.
type Kind uint8

// The message kinds.
const (
	// KindInvalid: not a valid request or response (invalid JSON, not an
	// object, a broken envelope, an empty batch).
	KindInvalid Kind = iota
	// KindRequest: a call, which expects a response.
	KindRequest
	// KindNotification: a request without a response (2.0: no id; 1.0:
	// a null id).
	KindNotification
	// KindResponse: a successful response.
	KindResponse
	// KindErrorResponse: a response with an error.
	KindErrorResponse
	// KindBatch: a 2.0 batch array; its elements have their own entries.
	KindBatch
)

var kindNames = [...]string{"invalid", "request", "notification", "response", "error-response", "batch"}

// String returns "invalid", "request", "notification", "response",
// "error-response" or "batch".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Scope says how much of a message could be checked.
type Scope uint8

const (
	// ScopeService: envelopes, methods, params, results and error data
	// against a prepared service, and ids against requests where known.
	ScopeService Scope = iota
	// ScopeOperation: a response checked against a method's payload shapes
	// without its request, so id correlation is not claimed.
	ScopeOperation
	// ScopeEnvelope: envelopes (and, in exchanges, id correlation) only:
	// no service model, or a bare response whose method is unknown.
	ScopeEnvelope
)

// String returns "service", "operation" or "envelope".
func (s Scope) String() string {
	switch s {
	case ScopeService:
		return "service"
	case ScopeOperation:
		return "operation"
	case ScopeEnvelope:
		return "envelope"
	}
	return fmt.Sprintf("Scope(%d)", uint8(s))
}

// MessageSummary describes one message, or one element of a batch, as the
// checks classified it.
type MessageSummary struct {
	// Index is the message's document index: the 0-based transcript line,
	// 0 and 1 for a request and its response, 0 for a single message.
	Index int
	// Element is the index of a batch element, -1 for a whole message.
	Element int
	Kind    Kind
	// ID is the message's id as written (absent for none, or when the
	// message is not an object).
	ID RequestID
	// Method is the method name (HasMethod false when the message has no
	// string method). For a response whose request is known, it is the
	// request's method.
	Method    string
	HasMethod bool
	// RPCError is the JSON-RPC error code a conforming peer answers this
	// request with: ParseError (-32700), InvalidRequest (-32600),
	// MethodNotFound (-32601) or InvalidParams (-32602); 0 (null) for a
	// valid call, and for responses. A notification's error is reported
	// too, although the peer must not send it (a notification is never
	// answered). JSON-RPC 1.0 defines no codes: the same classification is
	// given for 1.0 messages.
	RPCError int
}

// Node returns the summary's JSON rendering:
// {"index","element"?,"kind","id"?,"method"?,"rpc_error"}; "element" only
// for batch elements, "id" and "method" only when present.
func (m MessageSummary) Node() node.Node {
	f := make([]node.Field, 0, 6)
	f = append(f, node.Field{Key: "index", Value: node.NewNumber(strconv.Itoa(m.Index))})
	if m.Element >= 0 {
		f = append(f, node.Field{Key: "element", Value: node.NewNumber(strconv.Itoa(m.Element))})
	}
	f = append(f, node.Field{Key: "kind", Value: node.NewString(m.Kind.String())})
	if m.ID.IsPresent() {
		f = append(f, node.Field{Key: "id", Value: m.ID.Value().At(node.Pos{})})
	}
	if m.HasMethod {
		f = append(f, node.Field{Key: "method", Value: node.NewString(m.Method)})
	}
	rpcErr := node.NewNull()
	if m.RPCError != 0 {
		rpcErr = node.NewNumber(strconv.Itoa(m.RPCError))
	}
	f = append(f, node.Field{Key: "rpc_error", Value: rpcErr})
	return node.NewObject(f...)
}

// AppendJSON appends the summary's compact JSON rendering (that of
// [MessageSummary.Node]), the entry of the "messages" array of the JSON
// output, without building the node: a transcript renders one per message.
func (m MessageSummary) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"index":`...)
	dst = strconv.AppendInt(dst, int64(m.Index), 10)
	if m.Element >= 0 {
		dst = append(dst, `,"element":`...)
		dst = strconv.AppendInt(dst, int64(m.Element), 10)
	}
	dst = append(dst, `,"kind":"`...)
	dst = append(dst, m.Kind.String()...) // kind names need no escaping
	dst = append(dst, '"')
	if m.ID.IsPresent() {
		dst = append(dst, `,"id":`...)
		dst = node.AppendJSON(dst, m.ID.value)
	}
	if m.HasMethod {
		dst = append(dst, `,"method":`...)
		dst = node.AppendJSON(dst, node.NewString(m.Method))
	}
	dst = append(dst, `,"rpc_error":`...)
	if m.RPCError == 0 {
		return append(dst, `null}`...)
	}
	dst = strconv.AppendInt(dst, int64(m.RPCError), 10)
	return append(dst, '}')
}

// AppendText appends the summary's line of the text rendering:
//
//	[0] request id=1 method="subtract" rpc_error=-32602
//
// with "/element" after the index for a batch element.
func (m MessageSummary) AppendText(dst []byte) []byte {
	dst = append(dst, '[')
	dst = strconv.AppendInt(dst, int64(m.Index), 10)
	if m.Element >= 0 {
		dst = append(dst, '/')
		dst = strconv.AppendInt(dst, int64(m.Element), 10)
	}
	dst = append(dst, "] "...)
	dst = append(dst, m.Kind.String()...)
	if m.ID.IsPresent() {
		dst = append(dst, " id="...)
		dst = append(dst, m.ID.String()...)
	}
	if m.HasMethod {
		dst = append(dst, " method="...)
		dst = strconv.AppendQuote(dst, m.Method)
	}
	if m.RPCError != 0 {
		dst = append(dst, " rpc_error="...)
		dst = strconv.AppendInt(dst, int64(m.RPCError), 10)
	}
	return append(dst, '\n')
}

// Result is the outcome of validating a message, a request and its
// response, or a transcript: the value engine's [sv.Result] (Valid,
// Complete, Findings in the contract's order), the scope of the checks,
// and a summary of each message.
type Result struct {
	sv.Result
	Scope    Scope
	Messages []MessageSummary
}

// Node returns the JSON rendering of the contract's `validate-rpc --format
// json` output:
//
//	{"valid":..,"complete":..,"scope":"service"|"operation"|"envelope",
//	 "findings":[...],"messages":[...]}
//
// Findings render as the value engine renders them ([sv.Finding.Node]),
// with "index" for multi-message inputs.
func (r *Result) Node() node.Node {
	base := r.Result.Node()
	fields := base.Fields()
	msgs := make([]node.Node, len(r.Messages))
	for i := range r.Messages {
		msgs[i] = r.Messages[i].Node()
	}
	out := make([]node.Field, 0, len(fields)+2)
	for _, f := range fields {
		out = append(out, f)
		if f.Key == "complete" {
			out = append(out, node.Field{Key: "scope", Value: node.NewString(r.Scope.String())})
		}
	}
	out = append(out, node.Field{Key: "messages", Value: node.NewArray(msgs...)})
	return node.NewObject(out...)
}

// AppendJSON appends the JSON rendering ([Result.Node]) to dst: compact
// with indent "", else indented by indent per level; no trailing newline.
func (r *Result) AppendJSON(dst []byte, indent string) []byte {
	if indent == "" {
		return node.AppendJSON(dst, r.Node())
	}
	return node.AppendJSON(dst, r.Node(), node.Indent(indent))
}

// AppendText appends the text rendering: one line per finding (as the
// value engine writes them), then one line per message:
//
//	[0] request id=1 method="subtract" rpc_error=-32602
//
// and a last line with the verdict and scope.
func (r *Result) AppendText(dst []byte) []byte {
	dst = r.Result.AppendText(dst)
	for _, m := range r.Messages {
		dst = m.AppendText(dst)
	}
	switch {
	case !r.Valid:
		dst = append(dst, "invalid"...)
	case !r.Complete:
		dst = append(dst, "incomplete"...)
	default:
		dst = append(dst, "valid"...)
	}
	dst = append(dst, " (scope: "...)
	dst = append(dst, r.Scope.String()...)
	return append(dst, ")\n"...)
}
