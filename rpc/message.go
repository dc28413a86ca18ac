package rpc

import (
	"slices"
	"strings"
	"unsafe"

	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// role is what a message is expected to be.
type role uint8

const (
	roleUnknown  role = iota // decided by content
	roleRequest              // a request, notification or request batch
	roleResponse             // a response or response array
)

// read is the outcome of checking the envelopes of one message text.
type read struct {
	// whole describes a message that is not one object: KindBatch for a
	// 2.0 array with elements, KindInvalid for text that is not JSON, an
	// empty batch or a 1.0 array. For one object it is not set (it would
	// be a copy of the one element): use top.
	whole info
	batch bool
	// elems are the batch elements (or the one message).
	elems []info
	// response says the message is a response (or response array).
	response bool
}

// top returns the info of the message as a whole: the one element of a
// single object, whole otherwise.
func (rd *read) top() *info {
	if !rd.batch && len(rd.elems) == 1 {
		return &rd.elems[0]
	}
	return &rd.whole
}

// readText reads one message text and checks its envelopes. The text is
// read by c.text (see textReader), every duplicate key kept so that each
// is reported with its path; the views, and so the infos of out, share
// the text's memory until c.text is reset.
func (c *checker) readText(data []byte, r role, bare bool, out *read) {
	v, err := c.text.read(c.s, data)
	c.src = ""
	if len(data) > 0 {
		c.src = unsafe.String(&data[0], len(data))
	}
	if err != nil {
		code, id := c.checkBeforeLimit(data, r, bare, err)
		c.readFailed(err, r, out)
		if code != 0 {
			out.whole.rpcError = code
		}
		out.whole.id = id
		return
	}
	c.readView(v, r, bare, out)
}

// readFailed records a message that could not be read: invalid JSON is
// the -32700 case; a limit leaves the message unchecked.
func (c *checker) readFailed(err error, r role, out *read) {
	*out = read{elems: out.elems[:0]}
	code := c.readError(err, c.m.doc)
	// A limit (not a syntax error: that is the -32700 case) leaves the
	// message unread: which calls it made or answered is not known.
	c.unread = code == 0
	out.whole = info{kind: KindInvalid, at: c.m.doc, element: -1, response: r == roleResponse}
	if r != roleResponse {
		out.whole.rpcError = code
	}
	out.response = r == roleResponse
}

// readView checks the envelopes of a message read into a view.
func (c *checker) readView(v sv.ValueView, r role, bare bool, out *read) {
	out.batch, out.response = false, false
	at := c.m.doc
	if v.Kind() != sv.KindList {
		// One message: its info is filled by request or response (which
		// set every field); top returns it as the whole.
		var m members
		scan(v, &m)
		resp := r == roleResponse || (r == roleUnknown && m.looksLikeResponse())
		out.response = resp
		if cap(out.elems) == 0 {
			out.elems = make([]info, 1, 4)
		}
		out.elems = out.elems[:1]
		in := &out.elems[0]
		if resp {
			c.response(v, &m, at, -1, bare, in)
		} else {
			c.request(v, &m, at, -1, in)
		}
		return
	}
	out.elems = out.elems[:0]
	n := v.Len()
	resp := r == roleResponse
	if r == roleUnknown {
		anyReq, anyResp := false, false
		for i := 0; i < n; i++ {
			var m members
			scan(v.Elem(i), &m)
			anyReq = anyReq || m.is(hasMethod)
			anyResp = anyResp || m.looksLikeResponse()
		}
		resp = anyResp && !anyReq
		if n == 0 {
			resp = c.m.emptyIsResponse
		}
	}
	out.response = resp
	out.whole = info{kind: KindBatch, at: at, pos: v.Pos(), element: -1, response: resp}
	if c.s.version == V1_0 || !c.s.proto.Batches {
		if c.s.version == V1_0 {
			c.report(CodeBatchUnsupported, at, v.Pos(), noShape,
				"JSON-RPC 1.0 has no batches: send each message as its own object")
		} else {
			c.report(CodeBatchUnsupported, at, v.Pos(), noShape,
				"service %s takes no batches (@jsonRpc(batches: false)): send each message as its own object", c.s.service)
		}
		out.whole.kind = KindInvalid
		if !resp {
			out.whole.rpcError = InvalidRequest
		}
		c.payloadDuplicates(v, at)
		return
	}
	if n == 0 {
		out.whole.kind = KindInvalid
		if resp {
			c.report(CodeBatchResponseEmpty, at, v.Pos(), noShape,
				"an empty response array: a server must not send one (it sends nothing when every request was a notification)")
			return
		}
		c.report(CodeBatchEmpty, at, v.Pos(), noShape,
			"an empty batch: a batch needs at least one request; the answer is a single error object (-32600)")
		out.whole.rpcError = InvalidRequest
		return
	}
	out.batch = true
	// One info and one summary a call (and one for the batch), allocated
	// once: a batch of a million calls grown by append would allocate five
	// times their size.
	out.elems = slices.Grow(out.elems, n)
	c.msgs = slices.Grow(c.msgs, n+1)
	for i := 0; i < n; i++ {
		e := v.Elem(i)
		var m members
		scan(e, &m)
		eAt := at.Index(i)
		out.elems = append(out.elems, info{})
		in := &out.elems[len(out.elems)-1]
		switch {
		case resp:
			if m.is(hasMethod) {
				c.report(CodeBatchMixed, eAt, e.Pos(), noShape, "a response array holds a request: a batch is either requests or responses")
			}
			c.response(e, &m, eAt, i, bare, in)
		default:
			if m.looksLikeResponse() {
				c.report(CodeBatchMixed, eAt, e.Pos(), noShape, "a batch of requests holds a response: a batch is either requests or responses")
			}
			c.request(e, &m, eAt, i, in)
		}
		if c.col.Stopped() {
			break
		}
	}
}

// summarize records the summaries of a read message, for document index.
func (c *checker) summarize(rd *read) {
	if rd.batch {
		c.summary(MessageSummary{Index: c.m.index, Element: -1, Kind: KindBatch})
		for i := range rd.elems {
			c.summaryOf(&rd.elems[i])
		}
		return
	}
	c.summaryOf(rd.top())
}

// summaryOf records the summary of in. It is written where it is kept,
// field by field (built aside and appended, it would be copied twice).
func (c *checker) summaryOf(in *info) {
	n := len(c.msgs)
	if n < cap(c.msgs) {
		c.msgs = c.msgs[:n+1]
		c.msgs[n] = MessageSummary{}
	} else {
		c.msgs = append(c.msgs, MessageSummary{})
	}
	m := &c.msgs[n]
	m.Index, m.Element, m.Kind, m.ID = c.m.index, in.element, in.kind, in.id
	m.Method, m.HasMethod = in.method, in.hasMethod
	if !in.response {
		m.RPCError = in.rpcError
	}
}

// appendDetached appends summaries whose ids and method names no longer
// share the memory of the messages they were read from: the text is the
// caller's (it may reuse it), and a result that keeps every summary must
// not keep every message.
func appendDetached(dst, src []MessageSummary) []MessageSummary {
	for _, m := range src {
		if m.ID.IsPresent() {
			m.ID = PresentID(detach(m.ID.Value()))
		}
		m.Method = strings.Clone(m.Method)
		dst = append(dst, m)
	}
	return dst
}

// detach returns a deep copy of a node that does not share the message's
// memory.
func detach(n node.Node) node.Node {
	switch n.Kind() {
	case node.String:
		return node.NewString(strings.Clone(n.StringValue())).At(n.Pos())
	case node.Number:
		return node.NewNumber(strings.Clone(n.NumberText())).At(n.Pos())
	case node.Array:
		elems := make([]node.Node, n.Len())
		for i, e := range n.Elems() {
			elems[i] = detach(e)
		}
		return node.NewArray(elems...).At(n.Pos())
	case node.Object:
		fields := make([]node.Field, n.Len())
		for i, f := range n.Fields() {
			fields[i] = node.Field{Key: strings.Clone(f.Key), KeyPos: f.KeyPos, Value: detach(f.Value)}
		}
		return node.NewObject(fields...).At(n.Pos())
	}
	return n
}

// ValidateMessage checks one message whose role is not known: an object
// with "method" is a request or notification, one with "result" or
// "error" (and no method) a response, anything else an invalid request;
// under 2.0 an array is a batch, of responses when its elements are
// responses. Responses are checked without context: envelope only
// ([ScopeEnvelope], with a response-unchecked advisory when a service
// model was given). Text that is not JSON is a parse-error finding (the
// -32700 case).
func (s *PreparedService) ValidateMessage(data []byte) *Result {
	return s.validateOne(data, roleUnknown, BareResponse())
}

// ValidateRequest checks one request, notification or (2.0) batch of
// requests.
func (s *PreparedService) ValidateRequest(data []byte) *Result {
	return s.validateOne(data, roleRequest, BareResponse())
}

// ValidateResponse checks one response, or (2.0) response array, in the
// given context (see [ResponseContext]). With [ForRequest], only the
// response's findings are reported, including those about its relation to
// the request (id mismatch, answers missing from an array).
func (s *PreparedService) ValidateResponse(data []byte, ctx ResponseContext) *Result {
	if ctx.kind == ctxRequest {
		full := s.ValidatePair(ctx.request, data)
		out := &Result{Scope: full.Scope}
		out.Complete = full.Complete
		out.Valid = true
		for _, f := range full.Findings {
			if i, _ := f.Path.Document(); i != 1 {
				continue
			}
			f.Path = sv.Root().Join(f.Path)
			if f.Severity == sv.SeverityError {
				out.Valid = false
			}
			out.Findings = append(out.Findings, f)
		}
		for _, m := range full.Messages {
			if m.Index == 1 {
				m.Index = 0
				out.Messages = append(out.Messages, m)
			}
		}
		return out
	}
	return s.validateOne(data, roleResponse, ctx)
}

func (s *PreparedService) validateOne(data []byte, r role, ctx ResponseContext) *Result {
	c := s.getChecker()
	defer s.putChecker(c, len(data))
	c.begin(single)
	rd := &c.rd
	c.readText(data, r, true, rd)
	scope := s.Scope()
	if rd.response {
		meth := ctx.method
		switch {
		case s.model == nil:
		case meth == nil:
			scope = ScopeEnvelope
			for i := range rd.elems {
				in := &rd.elems[i]
				c.report(CodeResponseUnchecked, in.at, in.pos, noShape,
					"the response's method is unknown: only its envelope was checked (give the request, or the method, as context)")
			}
		default:
			scope = ScopeOperation
		}
		for i := range rd.elems {
			in := &rd.elems[i]
			if meth != nil {
				in.method, in.hasMethod = meth.name, true
			}
			c.responsePayload(in, meth)
		}
	}
	c.summarize(rd)
	res := c.result(scope)
	// The summaries are the result's own (the checker's go back to the
	// pool), and their ids must not share data's memory: the caller may
	// reuse it.
	res.Messages = appendDetached(make([]MessageSummary, 0, len(c.msgs)), c.msgs)
	return res
}
