package mend

import "strings"

// The watcher reports a delta or an event for nearly every token, each
// with a path, a key or a value. Allocated one by one, those small
// strings and slices were most of a feed's cost; here they are carved
// from shared blocks instead: one allocation per block, not per token.
// A block is only ever appended to, so what was handed out never
// changes, and a block lives as long as anything handed out from it.

// arenaBlock is the size of a block (a longer string gets a block of its
// own).
const arenaBlock = 4 << 10

// strArena hands out strings.
type strArena struct{ b strings.Builder }

// room makes room for n more bytes in the current block.
func (a *strArena) room(n int) {
	if a.b.Cap()-a.b.Len() < n {
		a.b = strings.Builder{}
		a.b.Grow(max(arenaBlock, n))
	}
}

// bytes returns p as a string.
func (a *strArena) bytes(p []byte) string {
	if len(p) == 0 {
		return ""
	}
	a.room(len(p))
	from := a.b.Len()
	a.b.Write(p)
	return a.b.String()[from:]
}

// join returns the concatenation of prefix, sep and tail.
func (a *strArena) join(prefix []byte, sep byte, tail []byte) string {
	a.room(len(prefix) + 1 + len(tail))
	from := a.b.Len()
	a.b.Write(prefix)
	a.b.WriteByte(sep)
	a.b.Write(tail)
	return a.b.String()[from:]
}

// rawArena hands out byte slices, each capped at its length, so that
// appending to one never writes into the next.
type rawArena struct{ b []byte }

func (a *rawArena) bytes(p []byte) []byte {
	if cap(a.b)-len(a.b) < len(p) {
		a.b = make([]byte, 0, max(arenaBlock, len(p)))
	}
	from := len(a.b)
	a.b = append(a.b, p...)
	return a.b[from:len(a.b):len(a.b)]
}

// slab hands out the lists a feed returns: a feed appends to the free
// part of the current block, and takes what it appended, capped, so
// that a caller's append copies instead of writing into the next feed's.
type slab[T any] struct{ b []T }

const slabLen = 256

// open returns an empty list whose appends go to the block's free part.
func (s *slab[T]) open() []T {
	if cap(s.b)-len(s.b) < 16 {
		s.b = make([]T, 0, slabLen)
	}
	return s.b[len(s.b):len(s.b)]
}

// close takes the list l, opened by open: when it stayed in the block,
// the block's free part begins after it.
func (s *slab[T]) close(l []T) []T {
	free := s.b[len(s.b):cap(s.b)]
	if len(l) > 0 && len(free) > 0 && &l[0] == &free[0] {
		s.b = s.b[:len(s.b)+len(l)]
	} else if len(l) > 0 {
		s.b = s.b[:cap(s.b)] // it grew out of the block: the next feed takes a new one
	}
	return l[:len(l):len(l)]
}
