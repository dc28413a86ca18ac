package rpc

import (
	"math"
	"strconv"

	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// ResponseContext says what a response is checked against (see
// [PreparedService.ValidateResponse]):
//
//   - [BareResponse]: nothing; only the envelope is checked, and the
//     result's scope says so ([ScopeEnvelope]);
//   - [ForMethod]: a method: the result or error data is checked against
//     its payload shapes, but no id is claimed ([ScopeOperation]);
//   - [ForRequest]: the original request: payloads as for its method, and
//     exact id correlation (a batch request takes a response array).
type ResponseContext struct {
	kind    ctxKind
	method  *Method
	request []byte
}

type ctxKind uint8

const (
	ctxBare ctxKind = iota
	ctxMethod
	ctxRequest
)

// BareResponse is the context of a response whose request and method are
// unknown: only its envelope can be checked.
func BareResponse() ResponseContext { return ResponseContext{} }

// ForMethod is the context of a response to a call of m, request unknown.
func ForMethod(m *Method) ResponseContext {
	if m == nil {
		return ResponseContext{}
	}
	return ResponseContext{kind: ctxMethod, method: m}
}

// ForRequest is the context of a response to the request (or batch) whose
// text is request. The request is checked again when the response is, but
// only the response's findings are reported.
func ForRequest(request []byte) ResponseContext {
	return ResponseContext{kind: ctxRequest, request: request}
}

// isProtocolCode reports whether code is one of the codes JSON-RPC 2.0
// defines (-32700, -32600..-32603) or an implementation-defined server
// error (-32099..-32000).
func isProtocolCode(code int64) bool {
	switch code {
	case ParseError, InvalidRequest, MethodNotFound, InvalidParams, InternalError:
		return true
	}
	return code >= ServerErrorMin && code <= ServerErrorMax
}

func isReserved(code int64) bool { return code >= ReservedCodeMin && code <= ReservedCodeMax }

// response checks the envelope of one response object (a message or a
// batch element). bare says no request is known: a null id is then judged
// on its own (only parse and invalid-request errors may carry one).
func (c *checker) response(obj sv.ValueView, m *members, at sv.Path, element int, bare bool, in *info) {
	in.start(KindResponse, at, obj.Pos(), element)
	in.response = true
	if obj.Kind() != sv.KindObject {
		c.report(CodeNotObject, at, obj.Pos(), noShape, "a response must be a JSON object, not %s", kindArticle(obj))
		c.payloadDuplicates(obj, at)
		in.kind = KindInvalid
		return
	}
	ok := true
	if m.dup || m.extra {
		ok = !c.duplicates(obj, at)
	}
	ok = c.versionMember(obj, m, at) && ok
	c.idMember(m, at, false, in)
	if !in.id.IsPresent() {
		c.report(CodeIDMissing, at, obj.Pos(), noShape, "a response must have an \"id\": the request's id, or null when it could not be read")
		ok = false
	} else if !in.idOK {
		ok = false
	}
	result, hasResult := m.result, m.is(hasResult)
	errF, hasError := m.error, m.is(hasError)
	if hasResult {
		in.result = result.Value
	}

	if c.s.version == V1_0 {
		if m.extra || m.is(hasMethod|hasParams|hasJSONRPC) {
			ok = !c.extensions(obj, at, responseMembers10, "response") && ok
		}
		if !hasResult {
			c.report(CodeResultMissing, at, obj.Pos(), noShape, "a JSON-RPC 1.0 response must have \"result\" (null on error)")
			ok = false
		}
		if !hasError {
			c.report(CodeErrorMissing, at, obj.Pos(), noShape, "a JSON-RPC 1.0 response must have \"error\" (null on success)")
			ok = false
		}
		isErr := hasError && errF.Value.Kind() != sv.KindNull
		if isErr && hasResult && result.Value.Kind() != sv.KindNull {
			c.report(CodeResultAndError, at.Key("result"), result.Value.Pos(), noShape,
				"a JSON-RPC 1.0 response has a null result on error: both result and error are non-null")
			ok = false
		}
		if isErr {
			in.kind = KindErrorResponse
			c.legacyError(in, errF.Value, at)
		}
		if !ok {
			in.kind = KindInvalid
		}
		in.envelopOK = ok
		return
	}

	if m.extra || m.is(hasMethod|hasParams) {
		ok = !c.extensions(obj, at, responseMembers20, "response") && ok
	}
	if hasError {
		in.errObj = errF.Value
		if !c.errorObject(in, errF.Value, at) {
			ok = false
		}
	}
	switch {
	case hasResult && hasError:
		c.report(CodeResultAndError, at, obj.Pos(), noShape, "a response has either \"result\" or \"error\", never both")
		ok = false
	case !hasResult && !hasError:
		c.report(CodeNoResultNoError, at, obj.Pos(), noShape, "a response must have \"result\" (on success) or \"error\" (on failure)")
		ok = false
	case hasError:
		in.kind = KindErrorResponse
	}
	if bare && ok && in.id.IsNull() && !c.cutOpen(at) {
		if !(in.kind == KindErrorResponse && in.hasCode && (in.errCode == ParseError || in.errCode == InvalidRequest)) {
			c.report(CodeResponseNullID, at.Key("id"), m.id.Value.Pos(), noShape,
				"a null id is for errors answering a request whose id could not be read (-32700, -32600); it is correct here only if the request's own id was null")
		}
	}
	if !ok {
		in.kind = KindInvalid
	}
	in.envelopOK = ok
}

// errorObject checks a 2.0 error object (at is the response's path):
// integer code, string message, optional data of any type.
func (c *checker) errorObject(in *info, e sv.ValueView, at sv.Path) bool {
	if e.Kind() != sv.KindObject {
		c.report(CodeErrorType, at.Key("error"), e.Pos(), noShape, "\"error\" must be an object with code and message, not %s", kindArticle(e))
		c.payloadDuplicates(e, at, sv.Key("error"))
		return false
	}
	eAt := func() sv.Path { return at.Key("error") }
	ok := true
	if hasDuplicateFields(e) {
		ok = !c.duplicates(e, eAt())
	}
	if c.s.cfg.on(reportExtensions | rejectExtensions) {
		ok = !c.extensions(e, eAt(), errorMembers, "error object") && ok
	}
	if d, has := field(e, "data"); has {
		in.errData = d.Value
	}
	code, hasCode := field(e, "code")
	switch {
	case !hasCode:
		c.report(CodeErrorCodeMissing, eAt(), e.Pos(), noShape, "an error object must have an integer \"code\"")
		ok = false
	default:
		v, isInt := errorCode(code.Value)
		if !isInt {
			c.report(CodeErrorCodeType, eAt().Key("code"), code.Value.Pos(), noShape, "the error code must be an integer, not %s", describe(code.Value))
			c.payloadDuplicates(code.Value, at, sv.Key("error"), sv.Key("code"))
			ok = false
			break
		}
		in.errCode, in.hasCode, in.codePos = v, true, code.Value.Pos()
		if isReserved(v) && !isProtocolCode(v) && c.s.errors[v] == nil {
			c.report(CodeErrorCodeReserved, eAt().Key("code"), code.Value.Pos(), noShape,
				"error code %d is in the range -32768..-32000 that JSON-RPC reserves, but it defines no error %d", v, v)
			ok = false
		}
	}
	msg, hasMsg := field(e, "message")
	switch {
	case !hasMsg:
		c.report(CodeErrorMsgMissing, eAt(), e.Pos(), noShape, "an error object must have a string \"message\"")
		ok = false
	case msg.Value.Kind() != sv.KindString:
		c.report(CodeErrorMsgType, eAt().Key("message"), msg.Value.Pos(), noShape, "the error message must be a string, not %s", kindArticle(msg.Value))
		c.payloadDuplicates(msg.Value, at, sv.Key("error"), sv.Key("message"))
		ok = false
	}
	return ok
}

// legacyError reads a 1.0 error value (at is the response's path).
// JSON-RPC 1.0 leaves its form open (any non-null value), so nothing is
// required of it; the explicit legacy mapping is: an object with an
// integer "code" names an application error, whose "data" is then checked
// like a 2.0 error's.
func (c *checker) legacyError(in *info, e sv.ValueView, at sv.Path) {
	in.errObj = e
	if e.Kind() == sv.KindObject {
		if code, ok := field(e, "code"); ok {
			if v, isInt := errorCode(code.Value); isInt {
				in.errCode, in.hasCode, in.codePos = v, true, code.Value.Pos()
				if hasDuplicateFields(e) {
					c.duplicates(e, at.Key("error"))
				}
				if d, has := field(e, "data"); has {
					in.errData = d.Value
				}
				return
			}
		}
	}
	c.payloadDuplicates(e, at, sv.Key("error"))
}

// errorCode reads an integer error code. The value must be an integer:
// a token with a fraction or exponent is accepted when its value is whole
// (-32600.0), since JSON has one number type. A whole value beyond int64
// is an integer too; it is returned as math.MaxInt64, which is outside
// every range and matches no modeled code.
func errorCode(v sv.ValueView) (int64, bool) {
	k, t := kindText(v)
	if !isNumber(k) {
		return 0, false
	}
	if n, ok := node.SmallInt(t); ok {
		return n, true
	}
	d, err := node.ParseDecimal(t)
	if err != nil || !d.IsInteger() {
		return 0, false
	}
	if n, ok := d.Int64(); ok {
		return n, true
	}
	return math.MaxInt64, true
}

// responsePayload checks a response's result or error data against meth
// (nil: the method is unknown and only duplicate keys are checked).
func (c *checker) responsePayload(in *info, meth *Method) {
	checked := meth != nil && in.envelopOK && !c.col.Stopped()
	dataAt := func() (sv.Path, []sv.Segment) { return in.at, []sv.Segment{sv.Key("error"), sv.Key("data")} }
	if !checked {
		c.payloadDuplicates(in.result, in.at, sv.Key("result"))
		if in.errData != nil {
			p, segs := dataAt()
			c.payloadDuplicates(in.errData, p, segs...)
		}
		return
	}
	switch in.kind {
	case KindResponse:
		switch meth.result {
		case NullResult:
			if in.result.Kind() != sv.KindNull {
				c.report(CodeResultNotNull, in.at.Key("result"), in.result.Pos(), meth.operation,
					"method %q returns a null result (nullResult), not %s", meth.name, kindArticle(in.result))
				c.payloadDuplicates(in.result, in.at, sv.Key("result"))
			}
		default:
			c.payloadAt(meth.results.v, rel(in.at, relResult), in.result)
		}
	case KindErrorResponse:
		if !in.hasCode || (isProtocolCode(in.errCode) && meth.errors[in.errCode] == nil) {
			if in.errData != nil {
				p, segs := dataAt()
				c.payloadDuplicates(in.errData, p, segs...)
			}
			return
		}
		mapping, ok := meth.errors[in.errCode]
		if !ok {
			cAt := in.at.Key("error").Key("code")
			if other, known := c.s.errors[in.errCode]; known {
				c.report(CodeErrorUndeclared, cAt, in.codePos, other.shape,
					"error code %d (%s) is not declared for method %q: neither its operation nor the service lists that error", in.errCode, other.shape, meth.name)
			} else {
				c.report(CodeErrorUndeclared, cAt, in.codePos, meth.operation,
					"method %q declares no application error with code %d%s", meth.name, in.errCode, codesList(meth))
			}
			if in.errData != nil {
				p, segs := dataAt()
				c.payloadDuplicates(in.errData, p, segs...)
			}
			return
		}
		c.errorData(in, mapping)
	}
}

func codesList(m *Method) string {
	if len(m.errorCodes) == 0 {
		return ""
	}
	b := []byte(" (it declares ")
	for i, code := range m.errorCodes {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, code, 10)
	}
	return string(append(b, ')'))
}

// errorData checks an application error's data against its mapping.
func (c *checker) errorData(in *info, e *ErrorMapping) {
	d := in.errData
	shape := e.shape
	if e.data == DataMember {
		shape = e.dataOf
	}
	switch {
	case e.data == NoData && d != nil:
		c.report(CodeErrorDataPresent, in.at.Key("error").Key("data"), d.Pos(), e.shape, "error %d (%s) has no data (noData), but data is present", e.code, e.shape)
		c.payloadDuplicates(d, in.at, sv.Key("error"), sv.Key("data"))
	case e.data == NoData:
	case d == nil && e.check.required:
		c.report(CodeErrorDataMissing, in.at.Key("error"), in.errObj.Pos(), shape, "error %d (%s) needs data: %s", e.code, e.shape, dataWhat(e))
	case d == nil:
	default:
		c.payloadAt(e.check.v, rel(in.at, relErrorData), d)
	}
}

// dataWhat says why an error needs data and how the model says otherwise:
// a modeled error's own members are its data unless @rpcError says noData
// or dataMember, and the error object's code and message are never data
// (an error structure with a required `message` member copied from
// another model is the usual cause).
func dataWhat(e *ErrorMapping) string {
	if e.data == DataMember {
		return "its data member " + e.dataOf.Member + " is required (make the member optional, or declare @rpcError(noData: true) if this error carries no data)"
	}
	return "the error structure is the data and has required members (the error object's code and message are not data: " +
		"declare @rpcError(noData: true) if this error carries no data, or @rpcError(dataMember: \"NAME\") to make data one member)"
}
