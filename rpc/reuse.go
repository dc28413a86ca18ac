package rpc

import (
	"encoding/binary"
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
	h := x.hash(k)
	if first, ok := x.used.find(h, k); ok {
		x.c.report(CodeIDReused, in.at.Key("id"), in.idPos, noShape,
			"id %s was already used by the %s's call at index %d: service %s rejects a reused id (@jsonRpc(idReuse: \"reject\")), so this is an invalid request",
			in.id, from, first, x.s.service)
		in.fail(InvalidRequest)
		return true
	}
	size := len(k) + CallOverhead/4
	if x.used.n >= x.maxOut || x.usedBytes+size > x.maxOutBytes || !x.used.fits(k) {
		x.reuseStopped = true
		x.c.add(sv.Finding{Severity: sv.SeverityWarning, Class: sv.ClassLimit, Code: CodeOutstandingLimit,
			Path: in.at, Pos: x.c.pos(in.pos),
			Message: fmt.Sprintf("more than %d call ids (or %d bytes of them) to remember for idReuse \"reject\" (the MaxOutstanding and MaxOutstandingBytes limits): the reuse check stopped", x.maxOut, x.maxOutBytes)})
		return false
	}
	x.used.add(h, k, x.index)
	x.usedBytes += size
	return false
}

// idSet remembers the call ids used in an exchange under idReuse
// "reject", with the index of the message that first used each: an
// open-addressing table (linear probing, never a deletion) of 16-byte
// slots, each a hash and the offset of its key in one arena of
// length-prefixed key bytes. Remembering an id allocates nothing but the
// amortized growth of the two slices (a map of strings allocated each
// key), and neither holds a pointer, so the collector does not trace a
// million remembered ids.
type idSet struct {
	slots []idSlot // a power of two long; off == 0 marks a free slot
	keys  []byte   // keys[0] is unused, so that no key is at offset 0
	n     int
}

type idSlot struct {
	h          uint32 // the key's hash, its low half
	off        uint32 // of the key's length (a uvarint), then its bytes, in keys
	firstIndex int    // of the message that first used the id
}

// maxIDBytes bounds the arena, whose offsets are 32 bits: an exchange
// stops the reuse check rather than pass it (see fits).
const maxIDBytes = 1<<32 - 1

// fits reports whether key k can be remembered.
func (t *idSet) fits(k []byte) bool {
	return len(t.keys)+len(k)+binary.MaxVarintLen64+1 <= maxIDBytes
}

func (t *idSet) key(off uint32) []byte {
	n, w := binary.Uvarint(t.keys[off:])
	return t.keys[int(off)+w : int(off)+w+int(n)]
}

// find returns the index of the message that first used key k (hash h).
func (t *idSet) find(h uint64, k []byte) (int, bool) {
	if t.n == 0 {
		return 0, false
	}
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.off == 0 {
			return 0, false
		}
		if s.h == uint32(h) && string(t.key(s.off)) == string(k) {
			return s.firstIndex, true
		}
	}
}

// add remembers key k (hash h, not in the set, and that fits) as first
// used by the message at index.
func (t *idSet) add(h uint64, k []byte, index int) {
	if (t.n+1)*2 > len(t.slots) {
		t.grow()
	}
	if len(t.keys) == 0 {
		t.keys = append(t.keys, 0)
	}
	off := uint32(len(t.keys))
	t.keys = binary.AppendUvarint(t.keys, uint64(len(k)))
	t.keys = append(t.keys, k...)
	t.put(h, idSlot{h: uint32(h), off: off, firstIndex: index})
	t.n++
}

func (t *idSet) put(h uint64, s idSlot) {
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		if t.slots[i].off == 0 {
			t.slots[i] = s
			return
		}
	}
}

// grow doubles the table; a slot keeps the low half of its hash, which is
// all that the wider mask needs up to 2^32 slots, and the rest is read
// again from the key (a table that large holds a bigger arena than fits).
func (t *idSet) grow() {
	old := t.slots
	t.slots = make([]idSlot, max(64, 2*len(old)))
	for _, s := range old {
		if s.off != 0 {
			t.put(uint64(s.h), s)
		}
	}
}

// reset empties the set; it keeps its memory unless that is large (an
// exchange is reused, and one long transcript should not pin megabytes).
func (t *idSet) reset() {
	if len(t.slots) > 1<<12 || cap(t.keys) > 1<<16 {
		*t = idSet{}
		return
	}
	clear(t.slots)
	t.keys, t.n = t.keys[:0], 0
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
