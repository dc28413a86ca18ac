package rpc

import (
	"math"
	"strconv"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
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
func (c *checker) response(obj *node.Node, at sv.Path, element int, bare bool) info {
	in := info{response: true, kind: KindResponse, at: at, pos: obj.Pos(), element: element}
	if obj.Kind() != node.Object {
		c.report(CodeNotObject, at, obj.Pos(), shapeid.ID{}, "a response must be a JSON object, not %s", kindArticle(obj.Kind()))
		in.kind = KindInvalid
		return in
	}
	ok := !c.duplicates(obj, at)
	ok = c.versionMember(obj, at) && ok
	id, idOK := c.idMember(obj, at, false)
	in.id, in.idOK = id, idOK
	if !id.IsPresent() {
		c.report(CodeIDMissing, at, obj.Pos(), shapeid.ID{}, "a response must have an \"id\": the request's id, or null when it could not be read")
		ok = false
	} else if !idOK {
		ok = false
	}
	result, hasResult := obj.Field("result")
	errF, hasError := obj.Field("error")
	in.result, in.errObj = result.Value, errF.Value

	if c.s.version == V1_0 {
		ok = !c.extensions(obj, at, responseMembers10, "response") && ok
		if !hasResult {
			c.report(CodeResultMissing, at, obj.Pos(), shapeid.ID{}, "a JSON-RPC 1.0 response must have \"result\" (null on error)")
			ok = false
		}
		if !hasError {
			c.report(CodeErrorMissing, at, obj.Pos(), shapeid.ID{}, "a JSON-RPC 1.0 response must have \"error\" (null on success)")
			ok = false
		}
		isErr := hasError && !errF.Value.IsNull()
		if isErr && hasResult && !result.Value.IsNull() {
			c.report(CodeResultAndError, at.Key("result"), result.Value.Pos(), shapeid.ID{},
				"a JSON-RPC 1.0 response has a null result on error: both result and error are non-null")
			ok = false
		}
		if isErr {
			in.kind = KindErrorResponse
			c.legacyError(&in, errF.Value, at.Key("error"))
		}
		if hasResult {
			c.payloadDuplicates(&result.Value, at.Key("result"))
		}
		if !ok {
			in.kind = KindInvalid
		}
		in.envelopOK = ok
		return in
	}

	ok = !c.extensions(obj, at, responseMembers20, "response") && ok
	switch {
	case hasResult && hasError:
		c.report(CodeResultAndError, at, obj.Pos(), shapeid.ID{}, "a response has either \"result\" or \"error\", never both")
		ok = false
	case !hasResult && !hasError:
		c.report(CodeNoResultNoError, at, obj.Pos(), shapeid.ID{}, "a response must have \"result\" (on success) or \"error\" (on failure)")
		ok = false
	case hasError:
		in.kind = KindErrorResponse
		if !c.errorObject(&in, errF.Value, at.Key("error")) {
			ok = false
		}
	}
	if bare && ok && id.IsNull() {
		if !(in.kind == KindErrorResponse && in.hasCode && (in.errCode == ParseError || in.errCode == InvalidRequest)) {
			c.report(CodeResponseNullID, at.Key("id"), obj.Fields()[fieldIndex(obj, "id")].Value.Pos(), shapeid.ID{},
				"a null id is for errors answering a request whose id could not be read (-32700, -32600); it is correct here only if the request's own id was null")
		}
	}
	if !ok {
		in.kind = KindInvalid
	}
	in.envelopOK = ok
	return in
}

// errorObject checks a 2.0 error object: integer code, string message,
// optional data of any type.
func (c *checker) errorObject(in *info, e node.Node, at sv.Path) bool {
	if e.Kind() != node.Object {
		c.report(CodeErrorType, at, e.Pos(), shapeid.ID{}, "\"error\" must be an object with code and message, not %s", kindArticle(e.Kind()))
		return false
	}
	ok := !c.duplicates(&e, at)
	ok = !c.extensions(&e, at, errorMembers, "error object") && ok
	code, hasCode := e.Field("code")
	switch {
	case !hasCode:
		c.report(CodeErrorCodeMissing, at, e.Pos(), shapeid.ID{}, "an error object must have an integer \"code\"")
		ok = false
	default:
		v, isInt := errorCode(code.Value)
		if !isInt {
			c.report(CodeErrorCodeType, at.Key("code"), code.Value.Pos(), shapeid.ID{}, "the error code must be an integer, not %s", node.Marshal(code.Value))
			ok = false
			break
		}
		in.errCode, in.hasCode = v, true
		if isReserved(v) && !isProtocolCode(v) {
			c.report(CodeErrorCodeReserved, at.Key("code"), code.Value.Pos(), shapeid.ID{},
				"error code %d is in the range -32768..-32000 that JSON-RPC reserves, but it defines no error %d", v, v)
			ok = false
		}
	}
	msg, hasMsg := e.Field("message")
	switch {
	case !hasMsg:
		c.report(CodeErrorMsgMissing, at, e.Pos(), shapeid.ID{}, "an error object must have a string \"message\"")
		ok = false
	case msg.Value.Kind() != node.String:
		c.report(CodeErrorMsgType, at.Key("message"), msg.Value.Pos(), shapeid.ID{}, "the error message must be a string, not %s", kindArticle(msg.Value.Kind()))
		ok = false
	}
	if d, ok := e.Field("data"); ok && !in.hasCode {
		c.payloadDuplicates(&d.Value, at.Key("data"))
	}
	return ok
}

// legacyError reads a 1.0 error value. JSON-RPC 1.0 leaves its form open
// (any non-null value), so nothing is required of it; the explicit legacy
// mapping is: an object with an integer "code" names an application error,
// whose "data" is then checked like a 2.0 error's.
func (c *checker) legacyError(in *info, e node.Node, at sv.Path) {
	if e.Kind() == node.Object {
		if code, ok := e.Get("code"); ok {
			if v, isInt := errorCode(code); isInt {
				in.errCode, in.hasCode = v, true
				return
			}
		}
	}
	c.payloadDuplicates(&e, at)
}

// errorCode reads an integer error code. The value must be an integer:
// a token with a fraction or exponent is accepted when its value is whole
// (-32600.0), since JSON has one number type. A whole value beyond int64
// is an integer too; it is returned as math.MaxInt64, which is outside
// every range and matches no modeled code.
func errorCode(n node.Node) (int64, bool) {
	if n.Kind() != node.Number {
		return 0, false
	}
	if v, ok := parseInt64(n.NumberText()); ok {
		return v, true
	}
	d, err := node.ParseDecimal(n.NumberText())
	if err != nil || !d.IsInteger() {
		return 0, false
	}
	if v, ok := d.Int64(); ok {
		return v, true
	}
	return math.MaxInt64, true
}

// responsePayload checks a response's result or error data against meth
// (nil: the method is unknown and nothing is checked).
func (c *checker) responsePayload(in *info, meth *Method) {
	if meth == nil || !in.envelopOK || c.col.Stopped() {
		if in.kind == KindResponse {
			c.payloadDuplicates(&in.result, in.at.Key("result"))
		} else if in.kind == KindErrorResponse {
			if d, ok := in.errObj.Get("data"); ok {
				c.payloadDuplicates(&d, in.at.Key("error").Key("data"))
			}
		}
		return
	}
	switch in.kind {
	case KindResponse:
		rAt := in.at.Key("result")
		switch meth.result {
		case NullResult:
			if !in.result.IsNull() {
				c.report(CodeResultNotNull, rAt, in.result.Pos(), meth.operation,
					"method %q returns a null result (nullResult), not %s", meth.name, kindArticle(in.result.Kind()))
			}
		default:
			c.payload(meth.results.v, rAt, sv.NodeView(&in.result))
		}
	case KindErrorResponse:
		if !in.hasCode || isProtocolCode(in.errCode) {
			if d, ok := in.errObj.Get("data"); ok {
				c.payloadDuplicates(&d, in.at.Key("error").Key("data"))
			}
			return
		}
		eAt := in.at.Key("error")
		mapping, ok := meth.errors[in.errCode]
		if !ok {
			codeNode, _ := in.errObj.Get("code")
			if other, known := c.s.errors[in.errCode]; known {
				c.report(CodeErrorUndeclared, eAt.Key("code"), codeNode.Pos(), other.shape,
					"error code %d (%s) is not declared for method %q: neither its operation nor the service lists that error", in.errCode, other.shape, meth.name)
			} else {
				c.report(CodeErrorUndeclared, eAt.Key("code"), codeNode.Pos(), meth.operation,
					"method %q declares no application error with code %d%s", meth.name, in.errCode, codesList(meth))
			}
			if d, ok := in.errObj.Get("data"); ok {
				c.payloadDuplicates(&d, eAt.Key("data"))
			}
			return
		}
		c.errorData(in, mapping, eAt)
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
func (c *checker) errorData(in *info, e *ErrorMapping, eAt sv.Path) {
	d, has := in.errObj.Get("data")
	dAt := eAt.Key("data")
	shape := e.shape
	if e.data == DataMember {
		shape = e.dataOf
	}
	switch {
	case e.data == NoData && has:
		c.report(CodeErrorDataPresent, dAt, d.Pos(), e.shape, "error %d (%s) has no data (noData), but data is present", e.code, e.shape)
		c.payloadDuplicates(&d, dAt)
	case e.data == NoData:
	case !has && e.check.required:
		c.report(CodeErrorDataMissing, eAt, in.errObj.Pos(), shape, "error %d (%s) needs data: %s", e.code, e.shape, dataWhat(e))
	case !has:
	default:
		c.payload(e.check.v, dAt, sv.NodeView(&d))
	}
}

func dataWhat(e *ErrorMapping) string {
	if e.data == DataMember {
		return "its data member " + e.dataOf.Member + " is required"
	}
	return "the error structure has required members"
}
