package rpc

import (
	"encoding/binary"
	"fmt"
	"math"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// reuse applies @jsonRpc(idReuse: "reject") to a call with a usable id
// sent by from: it reports whether the peer used the id before in the
// exchange (a finding, and the call is an invalid request), and otherwise
// remembers it. The ids remembered are bounded by the outstanding limits
// (MaxOutstanding ids, MaxOutstandingBytes bytes); past them the check
// stops with a limit finding. k and h are the id's key and its hash (the
// key table's, which register computes once for both).
func (x *Exchange) reuse(from Peer, in *info, k []byte, h uint64) bool {
	if x.reuseStopped {
		return false
	}
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
// open-addressing table (linear probing, never a deletion) of 8-byte
// slots, each a hash and the offset of its entry in one arena: the key's
// length, its bytes and the index of the message that first used it (the
// index is read only when the id is found, a reuse). Remembering an id allocates nothing but the
// amortized growth of the two slices (a map of strings allocated each
// key), and neither holds a pointer, so the collector does not trace a
// million remembered ids.
//
// Ids that are small non-negative integers, as most clients number their
// calls (1, 2, 3...), take a faster road: per peer, an array indexed by
// the id itself holds 1 + the index of the message that first used it
// (0: unused), so that such an id is one load in memory read in order
// rather than a probe at a random place in a table that grows with the
// transcript. The array is kept in chunks of denseChunk ids, each made
// when the first id it holds is added, so that growing it copies
// nothing (an array grown by doubling left its earlier copies, as much
// memory again as the last, touched page by page). It covers ids below
// about four times the ids it holds (and 1,024), so its memory stays
// proportional to what it holds; an integer above that goes to the
// table (sparse counts the ones there, so that a dense id is looked for
// in the table only when some are).
type idSet struct {
	slots   []idSlot      // a power of two long; off == 0 marks a free slot
	keys    []byte        // keys[0] is unused, so that no key is at offset 0
	n       int           // ids remembered, in both parts
	inTable int           // ids in slots
	dense   [2][][]uint32 // chunks of denseChunk ids (nil: none added)
	inArr   [2]int        // ids in dense
	top     [2]int        // the highest id in dense
	sparse  [2]int        // ids of the dense form kept in the table
}

// denseChunk is how many ids a chunk of the integer-id arrays holds (128
// KiB of them). A chunk's pages are touched only as its ids are added:
// find reads no entry above the highest id added (top), so a page is
// first written, not read (a page read first is mapped to the zero page
// and copied on the write after: two page faults, see prefault).
const denseChunk = 1 << 15

// denseAt returns the entry of id v of peer p in the arrays, nil when its
// chunk was not made.
func (t *idSet) denseAt(p byte, v int) *uint32 {
	if c := v / denseChunk; c < len(t.dense[p]) && t.dense[p][c] != nil {
		return &t.dense[p][c][v%denseChunk]
	}
	return nil
}

// denseID returns the value of key k when it is a peer's byte then a
// non-negative integer in canonical form (the key of every id of that
// value, however it was written) small enough for the array.
func denseID(k []byte) (peer byte, v int, ok bool) {
	if len(k) < 2 || len(k) > 10 || k[0] > 1 || (k[1] == '0' && len(k) > 2) {
		return 0, 0, false
	}
	for _, c := range k[1:] {
		if c < '0' || c > '9' {
			return 0, 0, false
		}
		v = v*10 + int(c-'0')
	}
	return k[0], v, true
}

type idSlot struct {
	h   uint32 // the key's hash, its low half
	off uint32 // of the key's length (a uvarint), its bytes and the first index (a varint), in keys
}

// maxIDBytes bounds the arena, whose offsets are 32 bits: an exchange
// stops the reuse check rather than pass it (see fits).
const maxIDBytes = 1<<32 - 1

// fits reports whether key k can be remembered.
func (t *idSet) fits(k []byte) bool {
	return len(t.keys)+len(k)+2*binary.MaxVarintLen64+1 <= maxIDBytes
}

func (t *idSet) key(off uint32) []byte {
	n, w := binary.Uvarint(t.keys[off:])
	return t.keys[int(off)+w : int(off)+w+int(n)]
}

// firstIndex returns the index kept after the key at off.
func (t *idSet) firstIndex(off uint32) int {
	n, w := binary.Uvarint(t.keys[off:])
	v, _ := binary.Varint(t.keys[int(off)+w+int(n):])
	return int(v)
}

// find returns the index of the message that first used key k (hash h).
func (t *idSet) find(h uint64, k []byte) (int, bool) {
	if t.n == 0 {
		return 0, false
	}
	if p, v, ok := denseID(k); ok {
		if v <= t.top[p] {
			if e := t.denseAt(p, v); e != nil && *e != 0 {
				return int(*e) - 1, true
			}
		}
		if t.sparse[p] == 0 {
			return 0, false
		}
	}
	return t.findSlot(h, k)
}

func (t *idSet) findSlot(h uint64, k []byte) (int, bool) {
	if len(t.slots) == 0 {
		return 0, false
	}
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.off == 0 {
			return 0, false
		}
		if s.h == uint32(h) && string(t.key(s.off)) == string(k) {
			return t.firstIndex(s.off), true
		}
	}
}

// add remembers key k (hash h, not in the set, and that fits) as first
// used by the message at index.
func (t *idSet) add(h uint64, k []byte, index int) {
	t.n++
	if p, v, ok := denseID(k); ok {
		e := t.denseAt(p, v)
		if e == nil && v < 4*t.inArr[p]+1024 {
			c := v / denseChunk
			if t.dense[p] == nil {
				t.dense[p] = make([][]uint32, 0, 8)
			}
			for len(t.dense[p]) <= c {
				t.dense[p] = append(t.dense[p], nil)
			}
			chunk := make([]uint32, denseChunk)
			t.dense[p][c] = chunk
			e = &chunk[v%denseChunk]
		}
		if e != nil && uint64(index)+1 <= math.MaxUint32 {
			*e = uint32(index + 1)
			t.inArr[p]++
			t.top[p] = max(t.top[p], v)
			return
		}
		t.sparse[p]++
	}
	if (t.inTable+1)*2 > len(t.slots) {
		t.grow()
	}
	if len(t.keys) == 0 {
		t.keys = append(t.keys, 0)
	}
	off := uint32(len(t.keys))
	t.keys = binary.AppendUvarint(t.keys, uint64(len(k)))
	t.keys = append(t.keys, k...)
	t.keys = binary.AppendVarint(t.keys, int64(index))
	t.put(h, idSlot{h: uint32(h), off: off})
	t.inTable++
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
	prefault(t.slots)
	for _, s := range old {
		if s.off != 0 {
			t.put(uint64(s.h), s)
		}
	}
}

// reset empties the set; it keeps its memory unless that is large (an
// exchange is reused, and one long transcript should not pin megabytes).
func (t *idSet) reset() {
	if len(t.slots) > 1<<12 || cap(t.keys) > 1<<16 || t.top[0]+t.top[1] > 1<<14 {
		*t = idSet{}
		return
	}
	clear(t.slots)
	for p, chunks := range t.dense {
		for c, chunk := range chunks {
			// Up to the highest id only: the pages above it were not
			// touched.
			if lo := c * denseChunk; chunk != nil && lo <= t.top[p] {
				clear(chunk[:min(denseChunk, t.top[p]-lo+1)])
			}
		}
	}
	t.keys, t.n, t.inTable = t.keys[:0], 0, 0
	t.inArr, t.sparse, t.top = [2]int{}, [2]int{}, [2]int{}
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
