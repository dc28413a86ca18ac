package rpc

import "bytes"

// keyTable holds the outstanding calls of an exchange by correlation key:
// an open-addressing table (linear probing, backward-shift deletion) of
// the first call of each key, found by a hash of the key and then by the
// key itself, so that correlating a call allocates nothing and every key,
// colliding hashes included, has its own slot. It grows with the number
// of keys outstanding at once, never with the transcript.
type keyTable struct {
	slots []keySlot // a power of two long; cl == nil marks a free slot
	n     int
}

type keySlot struct {
	h  uint64
	cl *call
}

// find returns the first call with key k (hash h), or nil.
func (t *keyTable) find(h uint64, k []byte) *call {
	if t.n == 0 {
		return nil
	}
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.cl == nil {
			return nil
		}
		if s.h == h && bytes.Equal(s.cl.key, k) {
			return s.cl
		}
	}
}

// add makes cl (hash h) the first call of its key when no call has that
// key, and returns nil; otherwise it appends cl to the key's chain and
// returns the first call of the key. One probe does both the lookup and
// the insert.
func (t *keyTable) add(h uint64, cl *call) (head *call) {
	if (t.n+1)*2 > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.cl == nil {
			*s = keySlot{h: h, cl: cl}
			t.n++
			return nil
		}
		if s.h == h && bytes.Equal(s.cl.key, cl.key) {
			head := s.cl
			if head.chain == nil {
				head.chain = &chain{n: 1, last: head, meth: head.meth}
			}
			head.chain.join(cl)
			return head
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
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		switch {
		case s.cl == nil:
			return
		case s.cl == cl:
			if cl.next == nil {
				t.removeAt(i)
			} else {
				s.cl = cl.next
				cl.chain.leave(cl)
			}
			return
		case s.h == h && bytes.Equal(s.cl.key, cl.key):
			// Not the oldest call of its key: only a supplied association
			// or a reply that leaves calls unanswered settles one of these,
			// so walking to it is rare.
			for p := s.cl; p != nil; p = p.next {
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
	mask := uint64(len(t.slots) - 1)
	i := h & mask
	for ; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.cl == nil {
			return
		}
		if s.h == h && bytes.Equal(s.cl.key, k) {
			break
		}
	}
	t.removeAt(i)
}

// removeAt empties slot i. The entries after the hole whose probe starts
// at or before it are shifted back, so that no probe sequence is broken.
func (t *keyTable) removeAt(i uint64) {
	mask := uint64(len(t.slots) - 1)
	for j := (i + 1) & mask; t.slots[j].cl != nil; j = (j + 1) & mask {
		home := t.slots[j].h & mask
		if (j-home)&mask >= (j-i)&mask {
			t.slots[i] = t.slots[j]
			i = j
		}
	}
	t.slots[i] = keySlot{}
	t.n--
}

func (t *keyTable) grow() {
	old := t.slots
	t.slots = make([]keySlot, max(8, 2*len(old)))
	prefault(t.slots)
	t.n = 0
	for _, s := range old {
		if s.cl != nil {
			t.add(s.h, s.cl) // keys are distinct: each is inserted, none joins a chain
		}
	}
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
	for _, s := range t.slots {
		if s.cl != nil {
			f(s.cl)
		}
	}
}
