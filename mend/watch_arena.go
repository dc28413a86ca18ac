package mend

import "unsafe"

// The watcher reports a delta or an event for nearly every token, each
// with a path or a key. Allocated one by one, those small strings were a
// large part of a feed's cost; here they are carved from shared blocks
// instead: one allocation per block, not per token. A block is only ever
// appended to, so what was handed out never changes, and a block lives
// as long as anything handed out from it. (The records themselves live
// in two lists that each Feed reuses, and a value points into the
// repaired output, which is never written again either.)

// arenaBlock is the size of a block (a longer string gets a block of its
// own).
const arenaBlock = 4 << 10

// strArena hands out strings. Its blocks are only ever appended to and
// never reused, so the bytes of a string handed out never change: the
// same reasoning as [strings.Builder]'s, without its per-call checks.
type strArena struct{ b []byte }

// room makes room for n more bytes in the current block.
func (a *strArena) room(n int) {
	if cap(a.b)-len(a.b) < n {
		a.b = make([]byte, 0, max(arenaBlock, n))
	}
}

// bytes returns p as a string.
func (a *strArena) bytes(p []byte) string {
	if len(p) == 0 {
		return ""
	}
	a.room(len(p))
	from := len(a.b)
	a.b = append(a.b, p...)
	return unsafe.String(&a.b[from], len(p))
}

// join returns the concatenation of prefix, sep and tail.
func (a *strArena) join(prefix []byte, sep byte, tail []byte) string {
	dst := a.take(len(prefix) + 1 + len(tail))
	dst[copy(dst, prefix)] = sep
	copy(dst[len(prefix)+1:], tail)
	return unsafe.String(unsafe.SliceData(dst), len(dst))
}

// take hands out the next n bytes (n > 0) of the current block, for the
// caller to fill before it makes a string of them: one length check and
// one slice, where three appends checked and grew the block each.
func (a *strArena) take(n int) []byte {
	a.room(n)
	from := len(a.b)
	a.b = a.b[:from+n]
	return a.b[from:]
}

// index returns the concatenation of prefix, '/' and the decimal digits
// of n (n >= 0): an element's path, without writing the digits first
// somewhere else.
func (a *strArena) index(prefix []byte, n int) string {
	digits := 1
	for v := n; v >= 10; v /= 10 {
		digits++
	}
	dst := a.take(len(prefix) + 1 + digits)
	k := copy(dst, prefix)
	dst[k] = '/'
	for i := len(dst) - 1; i > k; i-- {
		dst[i] = byte('0' + n%10)
		n /= 10
	}
	return unsafe.String(&dst[0], len(dst))
}
