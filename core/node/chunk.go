package node

import "unsafe"

// A tape's entries live in chunks: the first chunk grows (64, 1,024
// entries, copied each time) until it is full size, chunkLen entries (256
// KiB), and past it the tape adds full chunks, never copying them. Entry k is entry k&chunkMask of chunk k>>chunkShift. So reading a
// large text costs its entries and no more (a slice that doubles costs up
// to three times as much while it is copied), and a small one a small
// chunk.
//
// Each chunk starts with a header that points to its tape, and each entry
// knows how far before it the header is (back): an entry finds its tape
// with one load more. This is what lets a pointer to an entry stand for a value on
// its own (a validator's view of a value is that pointer, which fits in
// an interface without allocating) while the entries hold no pointer: the
// garbage collector scans one word a chunk, the header's. The pointer
// arithmetic stays inside one allocation (a chunk), as package unsafe
// requires.
const (
	chunkShift = 14
	chunkLen   = 1 << chunkShift
	chunkMask  = chunkLen - 1
	smallChunk = 64
)

// chunkHead is the header of every chunk type.
type chunkHead struct {
	t *Tape
	// base is the index of the chunk's first entry.
	base int
}

// The chunk types: one header, then the entries. The first chunk of a tape
// takes each size in turn; the others are full.
type (
	chunk64 struct {
		chunkHead
		e [smallChunk]TapeEntry
	}
	chunk1K struct {
		chunkHead
		e [1 << 10]TapeEntry
	}
	chunkFull struct {
		chunkHead
		e [chunkLen]TapeEntry
	}
)

// entrySize and headSize are the layout the arithmetic of head relies on:
// every chunk type's entries start headSize bytes after its header, and a
// header is as large as an entry, so that entry k of a chunk is k+1
// entries after it (TestChunkLayout checks both).
const (
	entrySize = int(unsafe.Sizeof(TapeEntry{}))
	headSize  = int(unsafe.Offsetof(chunkFull{}.e))
)

// newChunk returns the entries of a new chunk of size entries (one of the
// chunk types' sizes) whose first entry is entry base of t, each knowing
// where the header is.
func newChunk(t *Tape, base, size int) []TapeEntry {
	var e []TapeEntry
	switch size {
	case smallChunk:
		c := &chunk64{chunkHead: chunkHead{t: t, base: base}}
		e = c.e[:]
	case 1 << 10:
		c := &chunk1K{chunkHead: chunkHead{t: t, base: base}}
		e = c.e[:]
	default:
		c := &chunkFull{chunkHead: chunkHead{t: t, base: base}}
		e = c.e[:]
	}
	for i := range e {
		e[i].back = int16(-2*i - 2)
	}
	return e
}

// head returns the header of the chunk whose entries are e.
func head(e []TapeEntry) *chunkHead {
	return (*chunkHead)(unsafe.Add(unsafe.Pointer(&e[0]), -headSize))
}

// head returns the header of the chunk e is in.
func (e *TapeEntry) head() *chunkHead {
	return (*chunkHead)(unsafe.Add(unsafe.Pointer(e), int(e.back)*8))
}

// slot returns e's index in its chunk.
func (e *TapeEntry) slot() int {
	return -int(e.back)/2 - 1
}

// tape returns the tape e belongs to.
func (e *TapeEntry) tape() *Tape { return e.head().t }

// grown returns s with room for n more, doubling its capacity when it
// grows (append grows a large slice by a quarter, which for a slice that
// keeps growing allocates five times its final size in all).
func grown[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	g := make([]T, len(s), max(2*cap(s), len(s)+n))
	copy(g, s)
	return g
}

// at returns entry k, which exists.
func (t *Tape) at(k int) *TapeEntry { return &t.chunks[k>>chunkShift][k&chunkMask] }

// used returns the entries in use of chunk c.
func (t *Tape) used(c int) []TapeEntry {
	return t.chunks[c][:min(len(t.chunks[c]), t.n-c<<chunkShift)]
}

// makeRoom makes room for the tokens that start at entry n: the chunk entry
// n goes to becomes t.entries (the first chunk grows, a full one is
// followed by another), and pending and stack get room for growRoom more.
// It returns how many tokens fit, each taking at most an entry, a pending
// child and a frame (pending keeps one place spare: see run).
//
//go:noinline
func (t *Tape) makeRoom(n int) int {
	used := n - t.cur<<chunkShift
	if used == len(t.entries) {
		switch {
		case len(t.entries) < chunkLen:
			// The first chunk, not full size yet (or none yet): a
			// larger one takes its entries.
			size := smallChunk
			if len(t.entries) > 0 {
				size = min(len(t.entries)<<4, chunkLen)
			}
			e := newChunk(t, 0, size)
			copy(e, t.entries)
			if len(t.chunks) == 0 {
				t.chunks = append(t.chunks, e)
			}
			t.chunks[0], t.entries = e, e
		default:
			t.cur++
			if t.cur == len(t.chunks) {
				t.chunks = append(t.chunks, newChunk(t, t.cur<<chunkShift, chunkLen))
			}
			t.entries = t.chunks[t.cur]
			used = 0
		}
	}
	t.pending = grown(t.pending, growRoom+1)
	t.stack = grown(t.stack, growRoom)
	return min(len(t.entries)-used, cap(t.pending)-len(t.pending)-1, cap(t.stack)-len(t.stack))
}
