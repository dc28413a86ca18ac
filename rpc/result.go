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
	// given for 1.0 messages. A request that met a reader limit (kind
	// invalid, the result not complete) has the code of the errors found
	// before the limit, 0 when none was (see docs/limits.md).
	RPCError int
}

// AppendJSON appends the summary's compact JSON rendering, its entry in
// the "messages" array of the JSON output:
//
//	{"index":0,"element":1,"kind":"request","id":1,"method":"subtract","rpc_error":-32602}
//
// "element" only for batch elements, "id" and "method" only when present,
// "rpc_error" null for none.
func (m MessageSummary) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"index":`...)
	dst = strconv.AppendInt(dst, int64(m.Index), 10)
	dst = appendJSONKind(dst, m.Element, m.Kind)
	if m.ID.IsPresent() {
		dst = append(dst, `,"id":`...)
		dst = appendID(dst, m.ID)
	}
	if m.HasMethod {
		dst = append(dst, `,"method":`...)
		dst = appendString(dst, m.Method)
	}
	return appendJSONError(dst, m.RPCError)
}

// The pieces of an entry that the spool's renderer (spoolrec.go) shares
// with AppendJSON and AppendText, so that both write the same bytes.

// appendJSONKind appends an entry's "element" (for a batch element) and
// "kind" members.
func appendJSONKind(dst []byte, element int, k Kind) []byte {
	if element >= 0 {
		dst = append(dst, `,"element":`...)
		dst = strconv.AppendInt(dst, int64(element), 10)
	}
	dst = append(dst, `,"kind":"`...)
	dst = append(dst, k.String()...) // kind names need no escaping
	return append(dst, '"')
}

// appendJSONError appends an entry's "rpc_error" member and its end.
func appendJSONError(dst []byte, code int) []byte {
	dst = append(dst, `,"rpc_error":`...)
	if code == 0 {
		return append(dst, `null}`...)
	}
	dst = strconv.AppendInt(dst, int64(code), 10)
	return append(dst, '}')
}

// appendTextKind appends a text line's "/element" (for a batch element),
// the "] " after the index and the kind.
func appendTextKind(dst []byte, element int, k Kind) []byte {
	if element >= 0 {
		dst = append(dst, '/')
		dst = strconv.AppendInt(dst, int64(element), 10)
	}
	dst = append(dst, "] "...)
	return append(dst, k.String()...)
}

// appendTextError appends a text line's rpc_error (when there is one) and
// its end.
func appendTextError(dst []byte, code int) []byte {
	if code != 0 {
		dst = append(dst, " rpc_error="...)
		dst = strconv.AppendInt(dst, int64(code), 10)
	}
	return append(dst, '\n')
}

// AppendText appends the summary's line of the text rendering:
//
//	[0] request id=1 method="subtract" rpc_error=-32602
//
// with "/element" after the index for a batch element.
func (m MessageSummary) AppendText(dst []byte) []byte {
	dst = append(dst, '[')
	dst = strconv.AppendInt(dst, int64(m.Index), 10)
	dst = appendTextKind(dst, m.Element, m.Kind)
	if m.ID.IsPresent() {
		dst = append(dst, " id="...)
		dst = appendID(dst, m.ID) // as String writes it, without its allocation
	}
	if m.HasMethod {
		dst = append(dst, " method="...)
		dst = strconv.AppendQuote(dst, m.Method)
	}
	return appendTextError(dst, m.RPCError)
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

// The renderings of a Result are written in three parts, so that a
// transcript's can be streamed (see [PreparedService.WriteTranscript]):
// the head (verdict, scope and findings), one entry per message, and the
// tail. Every rendering of a result, whole or streamed, goes through
// these functions.

// AppendJSON appends the contract's `validate-rpc --format json` document
// to dst, compact, without a trailing newline:
//
//	{"valid":..,"complete":..,"scope":"service"|"operation"|"envelope",
//	 "findings":[...],"messages":[...]}
//
// Findings render as the value engine renders them ([sv.Finding]'s JSON),
// with "index" for multi-message inputs; messages as
// [MessageSummary.AppendJSON].
func (r *Result) AppendJSON(dst []byte) []byte {
	dst = r.appendHead(dst, FormatJSON)
	for i := range r.Messages {
		dst = appendMessage(dst, FormatJSON, &r.Messages[i], i == 0)
	}
	return r.appendTail(dst, FormatJSON)
}

// AppendText appends the text rendering: one line per finding (as the
// value engine writes them), then one line per message
// ([MessageSummary.AppendText]), and a last line with the verdict and
// scope:
//
//	invalid (scope: service)
func (r *Result) AppendText(dst []byte) []byte {
	dst = r.appendHead(dst, FormatText)
	for i := range r.Messages {
		dst = appendMessage(dst, FormatText, &r.Messages[i], i == 0)
	}
	return r.appendTail(dst, FormatText)
}

// AppendVerdictJSON appends the JSON rendering without "messages":
//
//	{"valid":..,"complete":..,"scope":..,"findings":[...]}
//
// for a caller that hands the message summaries over on their own (as an
// exchange fed message by message does).
func (r *Result) AppendVerdictJSON(dst []byte) []byte {
	return append(r.appendVerdict(dst), '}')
}

// appendVerdict appends the JSON object up to the end of "findings".
func (r *Result) appendVerdict(dst []byte) []byte {
	dst = append(dst, `{"valid":`...)
	dst = strconv.AppendBool(dst, r.Valid)
	dst = append(dst, `,"complete":`...)
	dst = strconv.AppendBool(dst, r.Complete)
	dst = append(dst, `,"scope":"`...)
	dst = append(dst, r.Scope.String()...) // scope names need no escaping
	dst = append(dst, `","findings":[`...)
	for i := range r.Findings {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = node.AppendJSON(dst, r.Findings[i].Node())
	}
	return append(dst, ']')
}

// appendHead appends what comes before the messages.
func (r *Result) appendHead(dst []byte, f Format) []byte {
	if f == FormatText {
		return r.Result.AppendText(dst)
	}
	return append(r.appendVerdict(dst), `,"messages":[`...)
}

// appendMessage appends one message's entry; first says it is the first.
func appendMessage(dst []byte, f Format, m *MessageSummary, first bool) []byte {
	if f == FormatText {
		return m.AppendText(dst)
	}
	if !first {
		dst = append(dst, ',')
	}
	return m.AppendJSON(dst)
}

// appendTail appends what comes after the messages.
func (r *Result) appendTail(dst []byte, f Format) []byte {
	if f == FormatJSON {
		return append(dst, "]}"...)
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
