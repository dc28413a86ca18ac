package rpc

import sv "github.com/smithy-validation/go/smithyvalidate"

// The finding codes of this module. Findings about params, results and
// error data use the value engine's codes ([sv.Codes]); these are the
// envelope, method and exchange rules. [Codes] lists them with their class,
// default severity and the JSON-RPC error a conforming peer answers a
// request with; CODES.md says the same for people (a test keeps the two
// in step).
const (
	// Envelope: the message text and object.
	CodeParseError         sv.Code = "parse-error"
	CodeDuplicateKey       sv.Code = "duplicate-key"
	CodeNotObject          sv.Code = "not-object"
	CodeVersionMissing     sv.Code = "version-missing"
	CodeVersionMismatch    sv.Code = "version-mismatch"
	CodeVersionForbidden   sv.Code = "version-forbidden"
	CodeMethodMissing      sv.Code = "method-missing"
	CodeMethodType         sv.Code = "method-type"
	CodeParamsType         sv.Code = "params-type"
	CodeParamsMissing      sv.Code = "params-missing"
	CodeIDType             sv.Code = "id-type"
	CodeIDMissing          sv.Code = "id-missing"
	CodeIDNull             sv.Code = "id-null"
	CodeIDFractional       sv.Code = "id-fractional"
	CodeIDImprecise        sv.Code = "id-imprecise"
	CodeUnknownEnvelope    sv.Code = "unknown-envelope-member"
	CodeBatchEmpty         sv.Code = "batch-empty"
	CodeBatchUnsupported   sv.Code = "batch-unsupported"
	CodeBatchMixed         sv.Code = "batch-mixed"
	CodeResultAndError     sv.Code = "result-and-error"
	CodeNoResultNoError    sv.Code = "no-result-or-error"
	CodeResultMissing      sv.Code = "result-missing"
	CodeErrorMissing       sv.Code = "error-missing"
	CodeErrorType          sv.Code = "error-type"
	CodeErrorCodeMissing   sv.Code = "error-code-missing"
	CodeErrorCodeType      sv.Code = "error-code-type"
	CodeErrorMsgMissing    sv.Code = "error-message-missing"
	CodeErrorMsgType       sv.Code = "error-message-type"
	CodeErrorCodeReserved  sv.Code = "error-code-reserved"
	CodeResponseNullID     sv.Code = "response-null-id"
	CodeBatchResponseEmpty sv.Code = "batch-response-empty"

	// Method: the request against the service's methods.
	CodeMethodNotFound   sv.Code = "method-not-found"
	CodeMethodReserved   sv.Code = "method-reserved"
	CodeParamsByPosition sv.Code = "params-by-position"
	CodeParamsByName     sv.Code = "params-by-name"
	CodeParamsTooMany    sv.Code = "params-too-many"
	// Protocol profile (@method(kind, from)): see protocol.go.
	CodeNotificationWithID sv.Code = "notification-with-id"
	CodeCallWithoutID      sv.Code = "call-without-id"
	CodeMethodWrongPeer    sv.Code = "method-wrong-peer"

	// Response payloads against the method and its errors.
	CodeResultNotNull     sv.Code = "result-not-null"
	CodeErrorUndeclared   sv.Code = "error-code-undeclared"
	CodeErrorDataPresent  sv.Code = "error-data-unexpected"
	CodeErrorDataMissing  sv.Code = "error-data-missing"
	CodeResponseUnchecked sv.Code = "response-unchecked"

	// Exchange: relations between messages.
	CodeIDMismatch          sv.Code = "id-mismatch"
	CodeIDSpelling          sv.Code = "id-spelling"
	CodeIDAmbiguous         sv.Code = "id-ambiguous"
	CodeIDReused            sv.Code = "id-reused"
	CodeResponseToNotify    sv.Code = "response-to-notification"
	CodeResponseUnsolicited sv.Code = "response-unsolicited"
	CodeResponseDuplicate   sv.Code = "response-duplicate"
	CodeResponseMissing     sv.Code = "response-missing"
	CodeResultUnexpected    sv.Code = "result-unexpected"
	CodeErrorCodeDiffers    sv.Code = "error-code-differs"
	CodeBatchResponseSplit  sv.Code = "batch-response-split"
	CodeTranscriptLine      sv.Code = "transcript-line"
	CodeOutstandingLimit    sv.Code = "outstanding-limit"
	CodeInternal            sv.Code = "internal-error"
)

// The classes of this module's findings, beside the value engine's
// ([sv.ClassInstance] for params, results and error data, [sv.ClassLimit]).
const (
	// ClassEnvelope: protocol structure: the message text, the envelope
	// object, methods, batches.
	ClassEnvelope sv.Class = "envelope"
	// ClassExchange: relationships between messages (ids, answers,
	// batches answered by arrays).
	ClassExchange sv.Class = "exchange"
)

// CodeInfo describes one code of this module's catalogue.
type CodeInfo struct {
	sv.CodeInfo
	// RPCError is the JSON-RPC 2.0 error code a conforming peer answers a
	// request with when this finding is the first one that applies
	// (-32700, -32600, -32601 or -32602), 0 when the finding does not
	// decide one (responses, exchanges, advisories).
	RPCError int
}

const (
	env  = ClassEnvelope
	exch = ClassExchange
	inst = sv.ClassInstance
	lim  = sv.ClassLimit
	errS = sv.SeverityError
	warn = sv.SeverityWarning
	adv  = sv.SeverityAdvisory
)

var catalogue = []CodeInfo{
	{sv.CodeInfo{Code: CodeParseError, Class: env, Severity: errS, Summary: "the message text is not valid JSON"}, ParseError},
	{sv.CodeInfo{Code: CodeDuplicateKey, Class: env, Severity: errS, Summary: "an object names the same key twice (rejected by the deterministic-input policy; class instance inside params, result, data and ids)"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeNotObject, Class: env, Severity: errS, Summary: "a message or batch element is not a JSON object"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeVersionMissing, Class: env, Severity: errS, Summary: "a 2.0 message has no \"jsonrpc\" member (a 1.0 message does not silently become 2.0)"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeVersionMismatch, Class: env, Severity: errS, Summary: "\"jsonrpc\" is not exactly the string \"2.0\" (case, type and spelling matter)"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeVersionForbidden, Class: env, Severity: errS, Summary: "a 1.0 message has a \"jsonrpc\" member, which the 1.0 profile rejects"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeMethodMissing, Class: env, Severity: errS, Summary: "a request has no \"method\""}, InvalidRequest},
	{sv.CodeInfo{Code: CodeMethodType, Class: env, Severity: errS, Summary: "\"method\" is not a string"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeParamsType, Class: env, Severity: errS, Summary: "\"params\" is not an array or object (2.0), not an array (1.0)"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeParamsMissing, Class: env, Severity: errS, Summary: "a 1.0 request has no \"params\" (1.0 always sends an array, empty included)"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeIDType, Class: env, Severity: errS, Summary: "a 2.0 id is not a string, number or null"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeIDMissing, Class: env, Severity: errS, Summary: "a 1.0 request, or a response, has no \"id\""}, InvalidRequest},
	{sv.CodeInfo{Code: CodeIDNull, Class: env, Severity: adv, Summary: "a 2.0 call with a null id: valid, but discouraged (null answers unknown ids; 1.0 used it for notifications); an error, and an invalid request, under @jsonRpc(nullIds: \"reject\")"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeIDFractional, Class: env, Severity: adv, Summary: "a 2.0 id with a fractional part: valid, but discouraged"}, 0},
	{sv.CodeInfo{Code: CodeIDImprecise, Class: env, Severity: adv, Summary: "a numeric id that a binary64 double cannot hold exactly; peers that use doubles will not echo it"}, 0},
	{sv.CodeInfo{Code: CodeUnknownEnvelope, Class: env, Severity: warn, Summary: "an envelope member the protocol does not define (only under ReportExtensions or RejectExtensions)"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeBatchEmpty, Class: env, Severity: errS, Summary: "an empty batch array; answered by one error object"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeBatchUnsupported, Class: env, Severity: errS, Summary: "an array under 1.0, which has no batches, or under a service with @jsonRpc(batches: false)"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeBatchMixed, Class: env, Severity: errS, Summary: "a batch that mixes requests and responses"}, 0},
	{sv.CodeInfo{Code: CodeResultAndError, Class: env, Severity: errS, Summary: "a response with both a result and an error (1.0: both non-null)"}, 0},
	{sv.CodeInfo{Code: CodeNoResultNoError, Class: env, Severity: errS, Summary: "a 2.0 response with neither result nor error"}, 0},
	{sv.CodeInfo{Code: CodeResultMissing, Class: env, Severity: errS, Summary: "a 1.0 response without a \"result\" member (null on error)"}, 0},
	{sv.CodeInfo{Code: CodeErrorMissing, Class: env, Severity: errS, Summary: "a 1.0 response without an \"error\" member (null on success)"}, 0},
	{sv.CodeInfo{Code: CodeErrorType, Class: env, Severity: errS, Summary: "a 2.0 error that is not an object"}, 0},
	{sv.CodeInfo{Code: CodeErrorCodeMissing, Class: env, Severity: errS, Summary: "a 2.0 error object without \"code\""}, 0},
	{sv.CodeInfo{Code: CodeErrorCodeType, Class: env, Severity: errS, Summary: "an error code that is not an integer"}, 0},
	{sv.CodeInfo{Code: CodeErrorMsgMissing, Class: env, Severity: errS, Summary: "a 2.0 error object without \"message\""}, 0},
	{sv.CodeInfo{Code: CodeErrorMsgType, Class: env, Severity: errS, Summary: "an error message that is not a string"}, 0},
	{sv.CodeInfo{Code: CodeErrorCodeReserved, Class: env, Severity: errS, Summary: "an error code in -32768..-32000 that JSON-RPC does not define (reserved for future use)"}, 0},
	{sv.CodeInfo{Code: CodeResponseNullID, Class: env, Severity: warn, Summary: "a 2.0 response with a null id that is not a parse (-32700) or invalid-request (-32600) error; correct only for a request that itself had a null id"}, 0},
	{sv.CodeInfo{Code: CodeBatchResponseEmpty, Class: env, Severity: errS, Summary: "an empty response array (a server MUST NOT send one)"}, 0},

	{sv.CodeInfo{Code: CodeMethodNotFound, Class: env, Severity: errS, Summary: "the method is not one of the service's methods (and its name begins with none of @jsonRpc(optionalMethodPrefixes))"}, MethodNotFound},
	{sv.CodeInfo{Code: CodeMethodReserved, Class: env, Severity: errS, Summary: "a method name beginning with \"rpc.\" (reserved for system extensions) that the service does not prepare"}, MethodNotFound},
	{sv.CodeInfo{Code: CodeParamsByPosition, Class: env, Severity: errS, Summary: "params is an array but the method takes named params only"}, InvalidParams},
	{sv.CodeInfo{Code: CodeParamsByName, Class: env, Severity: errS, Summary: "params is an object but the method takes positional params only (or the version is 1.0)"}, InvalidParams},
	{sv.CodeInfo{Code: CodeParamsTooMany, Class: env, Severity: errS, Summary: "more positional params than the method's positional list"}, InvalidParams},
	{sv.CodeInfo{Code: CodeNotificationWithID, Class: env, Severity: errS, Summary: "a method of kind \"notification\" sent as a call, with an id (1.0: a non-null id)"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeCallWithoutID, Class: env, Severity: errS, Summary: "a method of kind \"call\" sent as a notification, without an id (1.0: a null id); nobody answers it"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeMethodWrongPeer, Class: env, Severity: errS, Summary: "a method sent by the peer its @method(from) does not name (checked where the sender is known: exchanges, transcripts)"}, MethodNotFound},

	{sv.CodeInfo{Code: CodeResultNotNull, Class: inst, Severity: errS, Summary: "a non-null result for a method with nullResult"}, 0},
	{sv.CodeInfo{Code: CodeErrorUndeclared, Class: env, Severity: errS, Summary: "an application error code that the method's operation and its service do not declare"}, 0},
	{sv.CodeInfo{Code: CodeErrorDataPresent, Class: inst, Severity: errS, Summary: "error data for an error mapped with noData"}, 0},
	{sv.CodeInfo{Code: CodeErrorDataMissing, Class: inst, Severity: errS, Summary: "no error data where the mapping needs it (a required data member, or a structure with required members)"}, 0},
	{sv.CodeInfo{Code: CodeResponseUnchecked, Class: env, Severity: adv, Summary: "a response checked without knowing its method or request: only its envelope was checked"}, 0},

	{sv.CodeInfo{Code: CodeIDMismatch, Class: exch, Severity: errS, Summary: "a response's id is not the id of the request it answers"}, 0},
	{sv.CodeInfo{Code: CodeIDSpelling, Class: exch, Severity: adv, Summary: "a response's id equals the request's but is spelled differently (1 and 1.0); peers comparing text will not match them"}, 0},
	{sv.CodeInfo{Code: CodeIDAmbiguous, Class: exch, Severity: warn, Summary: "a call reuses the id of an outstanding call, so responses cannot be correlated unambiguously"}, 0},
	{sv.CodeInfo{Code: CodeIDReused, Class: exch, Severity: errS, Summary: "a call uses an id that its peer already used in the exchange, answered or not (only under @jsonRpc(idReuse: \"reject\"))"}, InvalidRequest},
	{sv.CodeInfo{Code: CodeResponseToNotify, Class: exch, Severity: errS, Summary: "a response to a notification (a server MUST NOT reply to one, in a batch or not)"}, 0},
	{sv.CodeInfo{Code: CodeResponseUnsolicited, Class: exch, Severity: errS, Summary: "a response that answers no outstanding call of the other peer"}, 0},
	{sv.CodeInfo{Code: CodeResponseDuplicate, Class: exch, Severity: errS, Summary: "a second response to a call that was already answered"}, 0},
	{sv.CodeInfo{Code: CodeResponseMissing, Class: exch, Severity: errS, Summary: "a call without a response in a transcript declared complete"}, 0},
	{sv.CodeInfo{Code: CodeResultUnexpected, Class: exch, Severity: errS, Summary: "a successful result for a request the service had to reject (invalid params, invalid request; an unknown method is one finding, at the call)"}, 0},
	{sv.CodeInfo{Code: CodeErrorCodeDiffers, Class: exch, Severity: adv, Summary: "an error response whose code differs from the protocol error the request deserves"}, 0},
	{sv.CodeInfo{Code: CodeBatchResponseSplit, Class: exch, Severity: warn, Summary: "a response array that answers calls of several batches, or leaves calls of its batch unanswered"}, 0},
	{sv.CodeInfo{Code: CodeTranscriptLine, Class: env, Severity: errS, Summary: "a transcript line that is not {\"from\": \"client\"|\"server\", \"message\": ...} or {..., \"text\": \"...\"}"}, 0},
	{sv.CodeInfo{Code: CodeOutstandingLimit, Class: lim, Severity: warn, Summary: "more outstanding calls than the MaxOutstanding or MaxOutstandingBytes limit (correlation stopped), or, under idReuse: \"reject\", more ids to remember (the reuse check stopped)"}, 0},
	{sv.CodeInfo{Code: CodeInternal, Class: lim, Severity: warn, Summary: "the value engine failed on a payload (a bug: please report it); validation of the input is incomplete"}, 0},
}

var codeIndex = func() map[sv.Code]int {
	m := make(map[sv.Code]int, len(catalogue))
	for i, c := range catalogue {
		m[c.Code] = i
	}
	return m
}()

// Codes returns this module's catalogue, in the order of CODES.md.
func Codes() []CodeInfo { return append([]CodeInfo(nil), catalogue...) }

// LookupCode returns the catalogue entry of one of this module's codes.
func LookupCode(c sv.Code) (CodeInfo, bool) {
	i, ok := codeIndex[c]
	if !ok {
		return CodeInfo{}, false
	}
	return catalogue[i], true
}
