package mend

import "strings"

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
