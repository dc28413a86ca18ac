package rpc

import "bytes"

// keyTable holds the outstanding calls of an exchange by correlation key:
// an open-addressing table (linear probing, backward-shift deletion) of
// the first call of each key, found by a hash of the key and then by the
// key itself, so that correlating a call allocates nothing and every key,
// colliding hashes included, has its own slot. It grows with the number
// of keys outstanding at once, never with the transcript.
//
// A slot is two entries of parallel arrays: 4 bytes of the key's hash
// (hs: its low 31 bits and the top bit set, so that 0 marks a free slot)
// and the call (cls), which a probe reads only where the hash matches.
// The table grows at three quarters full. An MCP session leaves 5,265
// calls never answered: with 16-byte slots grown at half full they took
// 16,384 slots (256 KiB, and 256 KiB more of the tables grown out of),
// now 8,192 of 12 bytes (96 KiB); a probe reads the hashes, 16 to a
// cache line (docs/performance.md, issue 27 goal 2, the midday of
// 2026-12-03).
type keyTable struct {
	// hs is a power of two long, indexed by 32 bits and placed by the
	// hash's low 31: up to 1<<31 slots, which would hold 1.6 billion
	// outstanding calls (of 200 bytes each), far past any
	// MaxOutstandingBytes that fits in memory.
	hs  []uint32 // 0 marks a free slot
	cls []*call  // as long as hs: the first call of the slot's key
	n   int
}

// slotHash is what a slot keeps of hash h: never 0, and its low bits
// (up to a table of 1<<31 slots) are h's, which place the key.
func slotHash(h uint64) uint32 { return uint32(h) | 1<<31 }

// find returns the first call with key k (hash h), or nil.
func (t *keyTable) find(h uint64, k []byte) *call {
	if t.n == 0 {
		return nil
	}
	sh := slotHash(h)
	mask := uint32(len(t.hs) - 1)
	for i := sh & mask; ; i = (i + 1) & mask {
		switch t.hs[i] {
		case 0:
			return nil
		case sh:
			if cl := t.cls[i]; bytes.Equal(cl.key, k) {
				return cl
			}
		}
	}
}

// add makes cl (hash h) the first call of its key when no call has that
// key, and returns nil; otherwise it appends cl to the key's chain and
// returns the first call of the key. One probe does both the lookup and
// the insert.
func (t *keyTable) add(h uint64, cl *call) (head *call) {
	if (t.n+1)*4 > len(t.hs)*3 {
		t.grow()
	}
	sh := slotHash(h)
	mask := uint32(len(t.hs) - 1)
	for i := sh & mask; ; i = (i + 1) & mask {
		switch t.hs[i] {
		case 0:
			t.hs[i], t.cls[i] = sh, cl
			t.n++
			return nil
		case sh:
			if head := t.cls[i]; bytes.Equal(head.key, cl.key) {
				if head.chain == nil {
					head.chain = &chain{n: 1, last: head, meth: head.meth}
				}
				head.chain.join(cl)
				return head
			}
		}
	}
}

// unlink takes cl (hash h), an outstanding call, out of the table: its
// key goes when cl was its only call, the next call of the key becomes
// the first when cl was first, and cl leaves the chain otherwise. One
// probe; the slot of cl itself is recognized by pointer, without
// comparing keys.
func (t *keyTable) unlink(h uint64, cl *call) {
	if t.n == 0 {
		return
	}
	sh := slotHash(h)
	mask := uint32(len(t.hs) - 1)
	for i := sh & mask; ; i = (i + 1) & mask {
		if t.hs[i] == 0 {
			return
		}
		if t.hs[i] != sh {
			continue
		}
		switch head := t.cls[i]; {
		case head == cl:
			if cl.next == nil {
				t.removeAt(i)
			} else {
				t.cls[i] = cl.next
				cl.chain.leave(cl)
			}
			return
		case bytes.Equal(head.key, cl.key):
			// Not the oldest call of its key: only a supplied association
			// or a reply that leaves calls unanswered settles one of these,
			// so walking to it is rare.
			for p := head; p != nil; p = p.next {
				if p.next == cl {
					p.next = cl.next
					if cl.chain.last == cl {
						cl.chain.last = p
					}
					cl.chain.leave(cl)
					break
				}
			}
			return
		}
	}
}

// remove drops key k (hash h).
func (t *keyTable) remove(h uint64, k []byte) {
	if t.n == 0 {
		return
	}
	sh := slotHash(h)
	mask := uint32(len(t.hs) - 1)
	i := sh & mask
	for ; ; i = (i + 1) & mask {
		if t.hs[i] == 0 {
			return
		}
		if t.hs[i] == sh && bytes.Equal(t.cls[i].key, k) {
			break
		}
	}
	t.removeAt(i)
}

// removeAt empties slot i. The entries after the hole whose probe starts
// at or before it are shifted back, so that no probe sequence is broken.
func (t *keyTable) removeAt(i uint32) {
	mask := uint32(len(t.hs) - 1)
	for j := (i + 1) & mask; t.hs[j] != 0; j = (j + 1) & mask {
		home := t.hs[j] & mask
		if (j-home)&mask >= (j-i)&mask {
			t.hs[i], t.cls[i] = t.hs[j], t.cls[j]
			i = j
		}
	}
	t.hs[i], t.cls[i] = 0, nil
	t.n--
}

func (t *keyTable) grow() {
	oldH, oldC := t.hs, t.cls
	n := max(8, 2*len(oldH))
	t.hs, t.cls = make([]uint32, n), make([]*call, n)
	prefault(t.hs)
	prefault(t.cls)
	mask := uint32(n - 1)
	for j, sh := range oldH {
		if sh == 0 {
			continue
		}
		// Keys are distinct: each goes to the first free slot of its
		// probe, none joins a chain.
		i := sh & mask
		for t.hs[i] != 0 {
			i = (i + 1) & mask
		}
		t.hs[i], t.cls[i] = sh, oldC[j]
	}
}

// reset empties the table, keeping its memory.
func (t *keyTable) reset() {
	clear(t.hs)
	clear(t.cls)
	t.n = 0
}

// prefault writes the memory of s, just made, before anything reads it.
// A large allocation (32 KiB and more) of memory the heap had not used
// comes from the system untouched, and a table's first access to each
// of its pages is usually a probe that reads it: Linux then maps the
// shared zero page for the read and copies it on the write that
// follows, two page faults a page. Written first, a page costs one. On
// an MCP session the tables that grow with the transcript (this one,
// the idSet's slots, and then its integer-id arrays, which are written
// before they are read otherwise: idSet) took ~150 page faults fewer,
// 5-7% of the run's (docs/performance.md, issue 27 goal 2); on memory
// the heap had used (and zeroed already) it costs a clear of the table.
func prefault[T any](s []T) { clear(s) }

// each calls f with the first call of every key.
func (t *keyTable) each(f func(*call)) {
	for i, sh := range t.hs {
		if sh != 0 {
			f(t.cls[i])
		}
	}
}
