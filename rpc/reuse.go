package rpc

import (
	"fmt"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// reuse applies @jsonRpc(idReuse: "reject") to a call with a usable id
// sent by from: it reports whether the peer used the id before in the
// exchange (a finding, and the call is an invalid request), and otherwise
// remembers it. The ids remembered are bounded by the outstanding limits
// (MaxOutstanding ids, MaxOutstandingBytes bytes); past them the check
// stops with a limit finding.
func (x *Exchange) reuse(from Peer, in *info) bool {
	if x.reuseStopped {
		return false
	}
	k := x.key(from, in)
	if first, ok := x.used[string(k)]; ok {
		x.c.report(CodeIDReused, in.at.Key("id"), in.idPos, noShape,
			"id %s was already used by the %s's call at index %d: service %s rejects a reused id (@jsonRpc(idReuse: \"reject\")), so this is an invalid request",
			in.id, from, first, x.s.service)
		in.fail(InvalidRequest)
		return true
	}
	size := len(k) + CallOverhead/4
	if len(x.used) >= x.maxOut || x.usedBytes+size > x.maxOutBytes {
		x.reuseStopped = true
		x.c.add(sv.Finding{Severity: sv.SeverityWarning, Class: sv.ClassLimit, Code: CodeOutstandingLimit,
			Path: in.at, Pos: x.c.pos(in.pos),
			Message: fmt.Sprintf("more than %d call ids (or %d bytes of them) to remember for idReuse \"reject\" (the MaxOutstanding and MaxOutstandingBytes limits): the reuse check stopped", x.maxOut, x.maxOutBytes)})
		return false
	}
	if x.used == nil {
		x.used = map[string]int{}
	}
	x.used[string(k)] = x.index
	x.usedBytes += size
	return false
}

// cancel applies a @cancels notification sent by from: the calls of from
// with the id it names (outstanding ones) are cancelled. Under response
// "optional" they need not be answered, so a complete transcript does not
// report them; under "required" nothing changes. An id that names no
// outstanding call (already answered, or never made) is not a finding:
// a cancellation may cross the response on the wire.
func (x *Exchange) cancel(from Peer, in *info) {
	if in.meth == nil || in.meth.cancels == nil || in.meth.cancels.ResponseRequired {
		return
	}
	id := viewID(in.cancel)
	x.keyBuf = id.appendKey(append(x.keyBuf[:0], byte(from)))
	for p := x.lookup(x.keyBuf); p != nil; p = p.next {
		p.cancelled = true
	}
}
