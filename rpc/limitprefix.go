package rpc

import (
	"strings"
	"unsafe"

	"github.com/smithy-validation/go/core/node"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// Findings before a reader limit.
//
// A message text that meets a reader limit (depth, elements, number
// length, string length) is not read, and the limit is reported (the
// result is not complete). What the text held before the limit is still
// judged, as the value engine does for a value (sv.ClosedPrefix): the
// text up to the last value that ended in the innermost open container,
// each open container then closed, is checked as a message of its own,
// and a finding is kept only when what follows the limit could not take
// it back:
//   - none about an open container (the message object, a batch, params,
//     an error object...), where a member that comes after the limit would
//     answer it: a missing "jsonrpc", "method" or "id", a missing
//     required parameter; except the findings that the container's kind
//     alone decides (cutKindCodes: "a request must be a JSON object, not
//     an array", params by position to a method that takes names), known
//     at its first byte;
//   - inside params that the limit left open, only what
//     sv.Validator.CheckBeforeLimit keeps (none at or below an open
//     @untagged or @discriminated union, a document, a member that names
//     nothing);
//   - none that depends on a member being absent when that member may
//     still come: an open message without an id is neither a call nor a
//     notification yet (methodProfile), an open response's null id is not
//     judged against an error that may follow;
//   - nothing at all when the message's role is not decided before the
//     limit: with the role left to the content, a message is a request
//     once it has a "method" (the first of a repeated member is the one
//     read), a batch is of requests once an element has one; a message
//     that has none yet may still turn out a response.
// The members the checks read are the first of each name, so a member
// read before the limit keeps its meaning whatever follows. One thing
// only may change: the checks stop at an invalid envelope, so a finding
// about the method or the params is given by the whole text only if no
// envelope error follows the limit; if one does, the message is invalid
// all the same. A result or error data is not checked (its method comes
// from the request the response answers, which the exchange finds after
// the message is read), and a transcript line that meets a limit outside
// a "text" record is reported alone (the record's own members decide the
// message's role). A message that met a limit is not an outstanding call
// and answers none: it is not correlated.

// cutState is what the checks of a closed prefix know about the limit.
type cutState struct {
	// open is the path, relative to the message, of the innermost
	// container the limit left open; the message itself (the empty
	// path) and each container on the way are open too.
	open sv.Path
}

// cutKindCodes are the findings about a container that its kind alone
// decides: they hold for an open container too.
var cutKindCodes = map[sv.Code]bool{
	CodeNotObject:        true,
	CodeBatchUnsupported: true,
	CodeParamsType:       true,
	CodeParamsByPosition: true,
	CodeParamsByName:     true,
	CodeIDType:           true,
	CodeVersionMismatch:  true,
	CodeMethodType:       true,
	CodeErrorType:        true,
	CodeErrorCodeType:    true,
	CodeErrorMsgType:     true,
}

// checkBeforeLimit adds the findings of what data held before the reader
// limit err stopped reading it that no continuation could change (see
// above). It runs only on a text that met a limit, before the limit's own
// finding is added. For one request (not a batch, not a response) it
// returns the JSON-RPC error the kept errors decide (the earliest stage of
// theirs: an envelope error before an unknown method before a wrong
// param), 0 when they decide none, and its id when one of a valid type was
// read before the limit (a string or a number under 2.0; absent
// otherwise), so that an answer can name it.
func (c *checker) checkBeforeLimit(data []byte, r role, bare bool, err error) (rpcErr int, id RequestID) {
	id = AbsentID()
	if c.col.Stopped() || len(data) == 0 {
		return 0, id
	}
	prefix, depth := sv.ClosedPrefix(unsafe.String(&data[0], len(data)), err)
	if depth == 0 {
		return 0, id
	}
	// The prefix is read where the message would have been: its views
	// share c.text's memory, which nothing else holds now.
	v, rerr := c.text.read(c.s, unsafe.Slice(unsafe.StringData(prefix), len(prefix)))
	if rerr != nil {
		return 0, id // not expected: a prefix of what was read, closed
	}
	open, ok := sv.OpenPath(v, depth)
	if !ok || !roleDecided(v, r) {
		return 0, id
	}
	saved, track, src := c.col, c.m.track, c.src
	scratch := sv.NewCollector(append(append([]sv.Option(nil), c.s.cfg.payload...), sv.FailFast(false))...)
	c.col, c.m.track, c.src = scratch, false, prefix
	c.cut = &cutState{open: open}
	var rd read
	c.readView(v, r, bare, &rd)
	c.col, c.m.track, c.src, c.cut = saved, track, src, nil
	request := !rd.response && !rd.batch
	if request && len(rd.elems) == 1 {
		in := &rd.elems[0]
		// An id read before the limit is the message's (the first of a
		// repeated member is the one read). Its text is copied: the
		// prefix's views share the reader's reused memory.
		if in.id.IsPresent() && in.idOK && !isOpenContainer(sv.Root().Key("id"), open) {
			switch n := in.id.Value(); n.Kind() {
			case node.String:
				id = PresentID(node.NewString(strings.Clone(n.StringValue())).At(n.Pos()))
			case node.Number:
				id = PresentID(node.NewNumber(strings.Clone(n.NumberText())).At(n.Pos()))
			}
		}
	}
	for _, f := range scratch.Result().Findings {
		if f.Class == sv.ClassLimit || !certainBeforeLimit(f, open) {
			continue
		}
		if request && f.Severity == sv.SeverityError {
			code := InvalidParams // the value engine's, about the params
			if info, ok := LookupCode(f.Code); ok {
				code = info.RPCError
			}
			if code != 0 && (rpcErr == 0 || stage(code) < stage(rpcErr)) {
				rpcErr = code
			}
		}
		if !c.add(f) {
			break
		}
	}
	return rpcErr, id
}

// roleDecided reports whether what the prefix v holds decides the
// message's role as the whole text would (see above).
func roleDecided(v sv.ValueView, r role) bool {
	if r != roleUnknown {
		return true
	}
	var m members
	if v.Kind() != sv.KindList {
		scan(v, &m)
		return m.is(hasMethod)
	}
	for i := 0; i < v.Len(); i++ {
		scan(v.Elem(i), &m)
		if m.is(hasMethod) {
			return true
		}
	}
	return false
}

// certainBeforeLimit reports whether a finding of a closed prefix holds
// whatever followed the limit: it is not about an open container, or it
// is one that the container's kind decides.
func certainBeforeLimit(f sv.Finding, open sv.Path) bool {
	return !isOpenContainer(f.Path, open) || cutKindCodes[f.Code]
}

// isOpenContainer reports whether p (a message path, its document index
// ignored) names one of the containers the limit left open: the message,
// or a container on the way to open.
func isOpenContainer(p, open sv.Path) bool {
	return open.HasPrefix(p)
}

// cutOpen reports whether the object at (a message path) is one that a
// limit left open, while a closed prefix is checked: its members that
// are absent may still come.
func (c *checker) cutOpen(at sv.Path) bool {
	return c.cut != nil && isOpenContainer(at, c.cut.open)
}

// cutCheck is the payload check of a closed prefix: a payload that the
// limit left open keeps only the findings sv.Validator.CheckBeforeLimit
// keeps; one that ended before the limit is checked whole.
func (c *checker) cutCheck(v *sv.Validator, sub *sv.Collector, at sv.Path, view sv.ValueView) error {
	open := c.cut.open
	if !open.HasPrefix(at) {
		return v.Check(sub, at, view)
	}
	return v.CheckBeforeLimit(sub, at, view, sv.Root().Append(open.Segments()[at.Len():]...))
}
