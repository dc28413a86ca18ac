package node

import (
	"fmt"
	"math"
	"math/bits"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/smithy-validation/go/core/limits"
)

// TapeKind is the kind of a [TapeEntry]: a JSON type, with true and false
// told apart so that a boolean needs no payload.
type TapeKind uint8

// The tape kinds.
const (
	TapeNull TapeKind = iota
	TapeFalse
	TapeTrue
	TapeNumber
	TapeString
	TapeArray
	TapeObject
)

// TapeEntry is one value (or object key) of a [Tape]. It is valid until
// the tape's next Read or Reset.
//
// An entry is 16 bytes and holds no pointer, so that a large text costs
// 16 bytes a value and the garbage collector never scans the entries. It
// finds its tape through the header of the chunk it lives in (see
// tapeChunk), a fixed distance before it.
type TapeEntry struct {
	kind TapeKind
	// flags: entInt for a number token without fraction or exponent;
	// entEsc for a string whose text is in the tape's arena; entFlat for
	// an array or object whose children are all scalars: they follow it on
	// the tape, and it needs no kids; entNear for a container whose
	// descendants are all in its chunk.
	flags uint8
	// back is the distance from the entry to its chunk's header, in
	// 8-byte words: -2(k+1) for entry k of the chunk (so a chunk holds at
	// most 2^14 entries).
	back int16
	// off is the byte offset of the value's first byte; Pos derives its
	// line and column from the tape's line starts.
	off int32
	// a and b: for a string or number, the text is src[a:b] (arena[a:b]
	// when entEsc); for an array or object, b is the number of children
	// and the children are the entries from a on when entFlat (for an
	// object, keys and values in turn), else kids[a:a+b] are their
	// distances from it (for an object, those of its keys: each value
	// follows its key). An array or object that is still open (after a failed
	// Read) has entFlat unset and b zero.
	a, b int32
}

// The flags of a TapeEntry.
const (
	entInt uint8 = 1 << iota
	entEsc
	entFlat
	// entNear is set for a container whose children and their
	// descendants are in its chunk: Elem and Member find them by
	// arithmetic.
	entNear
)

// Kind returns the entry's kind.
func (e *TapeEntry) Kind() TapeKind { return e.kind }

// IsInteger reports whether a number entry has neither fraction nor
// exponent.
func (e *TapeEntry) IsInteger() bool { return e.flags&entInt != 0 }

// Pos returns the position of the value's first byte, as [Parse] gives
// it.
func (e *TapeEntry) Pos() Pos { return e.tape().posAt(e.off) }

// Offset returns the byte offset of the value's first byte.
func (e *TapeEntry) Offset() int { return int(e.off) }

// Text returns a string's decoded text or a number's token (only those
// kinds have text). It shares the tape's memory (the text read, or the tape's
// buffer of unescaped strings): copy it to keep it past the next Read.
func (e *TapeEntry) Text() string {
	if e.flags&entEsc != 0 {
		return e.tape().arenaText[e.a:e.b]
	}
	return e.tape().src[e.a:e.b]
}

// Len returns the number of elements of an array or members of an object
// (repeated keys counted), 0 for the other kinds.
func (e *TapeEntry) Len() int {
	if e.kind == TapeArray || e.kind == TapeObject {
		return int(e.b)
	}
	return 0
}

// Elem returns element i of an array, 0 <= i < Len().
func (e *TapeEntry) Elem(i int) *TapeEntry {
	if uint(i) >= uint(e.b) {
		panic("node: TapeEntry.Elem index out of range")
	}
	return e.child(1+i, i)
}

// Member returns the key and value of member i of an object,
// 0 <= i < Len(), in source order.
func (e *TapeEntry) Member(i int) (key, value *TapeEntry) {
	if uint(i) >= uint(e.b) {
		panic("node: TapeEntry.Member index out of range")
	}
	// child, by hand: one call less on the validators' hottest path.
	d := 1 + 2*i
	if e.flags&entFlat == 0 {
		d = int(e.tape().kids[int(e.a)+i])
	}
	if e.flags&entNear != 0 {
		// Key and value are in e's chunk.
		key = (*TapeEntry)(unsafe.Add(unsafe.Pointer(e), d*entrySize))
		return key, (*TapeEntry)(unsafe.Add(unsafe.Pointer(key), entrySize))
	}
	h := e.head()
	k := h.base + e.slot() + d
	return h.t.at(k), h.t.at(k + 1)
}

// child returns the entry of child i of a container (of its key, for an
// object), which is d entries after e if e is flat.
func (e *TapeEntry) child(d, i int) *TapeEntry {
	if e.flags&entFlat == 0 {
		// kids holds the distance from the container to each child.
		d = int(e.tape().kids[int(e.a)+i])
	}
	if e.flags&entNear != 0 {
		// In e's chunk: inside its allocation.
		return (*TapeEntry)(unsafe.Add(unsafe.Pointer(e), d*entrySize))
	}
	h := e.head()
	return h.t.at(h.base + e.slot() + d)
}

// Tape is one JSON text read into a flat sequence of entries, one per
// value and object key, in source order: the project's one JSON scanner.
// [Parse] builds its trees from a tape; validators walk a tape directly.
//
// Reading is one pass over the text, and a reused Tape does not allocate
// once it has grown to its inputs (a text whose strings have escapes
// costs one allocation for their unescaped texts). The grammar, the
// positions and every error are [Parse]'s: a [*SyntaxError] or a
// [*LimitError]. Every occurrence of a repeated key is kept, in source
// order; [Parse] applies the duplicate-key policy.
//
// The zero Tape is ready to use. A Tape is not safe for concurrent use.
type Tape struct {
	// chunks hold the entries (see tapeChunk): n are in use. While a
	// Read runs, entries is chunk cur, where entry n goes.
	chunks    [][]TapeEntry
	n         int
	cur       int
	entries   []TapeEntry
	kids      []int32
	src       string
	arenaText string

	arena []byte
	// escA is where in arena the last string with escapes starts.
	escA  int32
	stack []tapeFrame
	// pending holds the children of the open containers that are
	// containers themselves, once they are complete, innermost last: a
	// container learns its other children from the entries between them.
	pending []tapeChild
	// lines holds the offset of the first byte of every line after the
	// first, in order.
	lines []int32
	// maxDepth, maxNumber and maxEntries are the limits of the Read
	// under way.
	maxDepth, maxNumber, maxEntries int
	// stopped is the limit that stopped the last Read (LimitDepth or
	// LimitNumberLength), "" when none did: stack and pending then hold
	// the open containers.
	stopped string

	tree    treeBuilder  // scratch space of Node
	dupKeys []*TapeEntry // scratch space of firstDuplicate
}

type tapeFrame struct {
	entry int32 // the container's entry
	start int32 // its first child in pending
	obj   bool
}

// tapeChild is a complete child of an open container that is a container
// itself: its entry, and the entry after its last descendant.
type tapeChild struct{ entry, end int32 }

// Root returns the entry of the top-level value of the last successful
// Read.
func (t *Tape) Root() *TapeEntry { return t.at(0) }

// Size returns the number of entries the tape has room for: a measure of
// its memory (16 bytes an entry), for pools that bound what they keep.
func (t *Tape) Size() int {
	if len(t.chunks) == 0 {
		return 0
	}
	return len(t.chunks[0]) + (len(t.chunks)-1)*chunkLen
}

// Reset drops every reference into the last text, keeping capacity.
// (Entries hold no pointer, so they need no clearing.)
func (t *Tape) Reset() {
	// One statement a slice: the compiler then stores only its length.
	t.kids = t.kids[:0]
	t.pending = t.pending[:0]
	t.stack = t.stack[:0]
	t.lines = t.lines[:0]
	t.arena = t.arena[:0]
	t.n, t.cur, t.src, t.arenaText, t.stopped = 0, 0, "", "", ""
}

// Read reads src, one JSON text, into t under lim (MaxDepth, MaxSize,
// MaxElements, MaxNumberLength and MaxStringLength; see package limits).
// The tape takes 16 bytes for each value and object key, and 4 more for
// each child of a container that holds containers. The tape
// keeps src by reference until the next Read or Reset. The error is the
// one [ParseString] gives for src under the same limits with every
// duplicate key kept.
func (t *Tape) Read(src string, lim limits.Limits) error {
	t.Reset()
	if size := min(max(lim.MaxSize, 0), math.MaxInt32); len(src) > size {
		// Do not scan what is refused.
		return &LimitError{Pos: posAt(src, size), Limit: LimitSize, Max: size}
	}
	t.src = src
	if len(t.chunks) > 0 && head(t.chunks[0]).t != t {
		// A copy of a Tape shares the chunks of the original, which
		// point to it: the copy takes chunks of its own.
		t.chunks = nil
	}
	t.entries = nil
	if len(t.chunks) > 0 {
		t.entries = t.chunks[0]
	}
	i := 0
	if strings.HasPrefix(src, "\xEF\xBB\xBF") {
		i = 3
	}
	t.maxDepth, t.maxNumber, t.maxEntries = max(lim.MaxDepth, 0), max(lim.MaxNumberLength, 0), max(lim.MaxElements, 0)
	err := t.run(src, i)
	if len(t.arena) > 0 {
		t.arenaText = string(t.arena)
	}
	if maxStr := lim.StringLimit(); maxStr < len(src) {
		// A string over the limit was read before anything run stopped
		// at, so its error comes first, as in a reader that checks
		// every string as it ends.
		if le := t.longString(maxStr); le != nil {
			t.stopped = ""
			return le
		}
	}
	return err
}

// longString returns the limit error of the first string or key of the
// entries read that is longer than maxStr after unescaping, nil when none
// is.
func (t *Tape) longString(maxStr int) *LimitError {
	for c := range t.chunks {
		for i, e := range t.used(c) {
			if e.kind == TapeString && int(e.b-e.a) > maxStr {
				// The error is at the opening quote.
				return &LimitError{Pos: t.used(c)[i].Pos(), Limit: LimitStringLength, Max: maxStr}
			}
		}
	}
	return nil
}

// LimitPath reports the path of the value where a depth or number-length
// limit stopped the last Read: the container that nests too deep or the
// number that is too long. It calls step once for each open container,
// outermost first, with the index of the element (obj false) or the key of
// the member (obj true) that leads to that value, and returns true. It
// returns false, without calling step, when the last Read did not stop at
// one of those limits. A key shares the tape's memory: copy it to keep it.
func (t *Tape) LimitPath(step func(key string, index int, obj bool)) bool {
	if t.stopped == "" {
		return false
	}
	for k, f := range t.stack {
		// The value that leads on starts at entry next: the next open
		// container's, or the one the limit refused (which has none).
		next, end := int32(t.n), int32(len(t.pending))
		if k+1 < len(t.stack) {
			next, end = t.stack[k+1].entry, t.stack[k+1].start
		}
		if f.obj {
			// Its key is the entry before it.
			step(t.at(int(next-1)).Text(), 0, true)
			continue
		}
		// Its index: the scalars before it are an entry each, the
		// containers a run of entries.
		index, pos := 0, f.entry+1
		for _, c := range t.pending[f.start:end] {
			index += int(c.entry-pos) + 1
			pos = c.end
		}
		step("", index+int(next-pos), false)
	}
	return true
}

// posAt returns the position of byte offset off: its line is one more
// than the number of line starts at or before it.
func (t *Tape) posAt(off int32) Pos {
	if len(t.lines) == 0 {
		// One line (compact JSON, a JSON-RPC message): no search, and
		// small enough to inline into Pos.
		return Pos{Offset: off, Line: 1, Column: off + 1}
	}
	return t.posAfterLines(off)
}

// posAfterLines is posAt for a text of several lines.
func (t *Tape) posAfterLines(off int32) Pos {
	lo, hi := 0, len(t.lines)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if t.lines[m] <= off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	var at int32
	if lo > 0 {
		at = t.lines[lo-1]
	}
	return Pos{Offset: off, Line: int32(lo + 1), Column: off - at + 1}
}

// posAt computes the position of offset off in s by scanning s[:off],
// for a text that was not read (the size limit).
func posAt[T string | []byte](s T, off int) Pos {
	line, start := 1, 0
	for i := 0; i < off && i < len(s); i++ {
		switch s[i] {
		case '\n':
			line, start = line+1, i+1
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			line, start = line+1, i+1
		}
	}
	return Pos{Offset: int32(off), Line: int32(line), Column: int32(off - start + 1)}
}

// wsRun skips the whitespace at s[i] (the callers test first that there
// is some: compact JSON has none, and the test inlined at each call costs
// less than a call) and records the line starts it passes.
//
//go:noinline
func (t *Tape) wsRun(s string, i int) int {
	for i < len(s) {
		switch s[i] {
		case ' ', '\t':
			i++
		case '\n':
			i++
			t.lines = append(t.lines, int32(i))
		case '\r':
			i++
			if i < len(s) && s[i] == '\n' {
				i++
			}
			t.lines = append(t.lines, int32(i))
		default:
			return i
		}
	}
	return i
}

// set writes a token into an entry, whose back is already set (see
// newChunk): field by field, since building the entry on the stack and
// copying it costs a store-forwarding stall per entry.
func (e *TapeEntry) set(k TapeKind, flags uint8, off, a, b int32) {
	e.kind, e.flags, e.off, e.a, e.b = k, flags, off, a, b
}

// growRoom is the room for tokens that run's slow step makes when it
// grows pending and stack.
const growRoom = 32

// Where the hot loop of run resumes after a slow step, and what a fault
// there was expecting.
const (
	atValue  = iota // a value starts at i (maybe after whitespace)
	atKey           // a member's key, or the '}' of an empty object, starts at i (maybe after whitespace)
	atAttach        // the value at idx is complete: attach it to its container
	atNext          // ',' or the closing bracket comes at i (maybe after whitespace)
	atColon         // the ':' after a key comes at i (maybe after whitespace)
	atEnd           // only whitespace may come at i
)

// The slow steps of run, taken outside its hot loop.
const (
	slowGrow   = iota + 1 // room for tokens: entries, pending children and frames
	slowSpace             // whitespace at i, then resume
	slowColon             // the ':' after a key, around whitespace
	slowString            // a string with escapes or non-ASCII text, or near the end of a short text
	slowNumber            // a number other than a plain integer, or not a value at all
	slowKids              // room in kids for the children of the container closing at i
	slowEnd               // whitespace after the top-level value
)

// run reads the value at s[i] to the end of s.
//
// Go's calling convention keeps no register across a call, and a call
// anywhere in a loop makes the compiler spill and reload the loop's state
// on its paths. So run is a hot loop without any call, which reads what
// compact JSON is mostly made of (punctuation, strings of plain ASCII,
// integers) with its state in registers, and leaves it for the slow steps
// (whitespace, escapes and non-ASCII text, other numbers, growing the
// slices), which resume it where it was (at). The state is kept small
// for the same reason: whether a key comes next is where the loop is, not
// a variable; entries and the limits are read from t where they are
// used. Inside, the loop goes from token to token with goto (to a value, a
// key, or attach after a close), not through a dispatch on a state
// variable at its top: the compiler allocates registers better so (8%
// fewer instructions), and the dispatch runs only on the way back from a
// slow step. A fault leaves the loop for fault, which says what was
// expected where.
func (t *Tape) run(s string, i int) error {
	// During the run n entries are in use and entries is the chunk entry
	// n goes to; room counts the tokens that fit without growing
	// anything or passing the element limit, each taking at most an
	// entry, a pending child and a frame. obj is whether the innermost
	// open container is an object. All variables are declared here, as
	// goto requires.
	var (
		n      int
		room   int
		obj    bool
		at     = atValue
		slow   int
		c      byte
		j, cnt int
		m      uint64
		top    tapeFrame
		err    error
	)
	// A warm tape has room for a small text already.
	if room = min(len(t.entries), cap(t.pending)-1, cap(t.stack), t.maxEntries); room < growRoom {
		room = min(t.makeRoom(0), t.maxEntries)
	}
	for {
		switch slow {
		case slowGrow:
			// A token starts at i, and there is no room for it: past the
			// element limit, it is refused; else the rest of the chunk,
			// or a new one, and room in pending and stack.
			if n < t.maxEntries {
				room = min(t.makeRoom(n), t.maxEntries-n)
				break
			}
			if at == atKey || s[i] != ']' {
				t.n = n
				return &LimitError{Pos: t.posAt(int32(i)), Limit: LimitElements, Max: t.maxEntries}
			}
			// The ']' of an empty array, which takes no entry.
			room = min(t.makeRoom(n), 1)
		case slowSpace:
			// A control character that is not whitespace is not JSON
			// where a token may start.
			if j = t.wsRun(s, i); j == i {
				return t.fault(n, i, at)
			}
			i = j
		case slowColon:
			i = t.wsRun(s, i)
			if i >= len(s) || s[i] != ':' {
				return t.fault(n, i, atColon)
			}
			i++
		case slowString:
			var esc bool
			if j, esc, err = t.str(s, i); err != nil {
				t.n = n
				return err
			}
			a, b, flags := int32(i+1), int32(j-1), uint8(0)
			if esc {
				a, b, flags = t.escA, int32(len(t.arena)), entEsc
			}
			t.entries[n&chunkMask].set(TapeString, flags, int32(i), a, b)
			n++
			i = j
			if at == atKey {
				// As in the hot loop.
				at = atValue
				if i >= len(s) || s[i] != ':' {
					slow = slowColon
					continue
				}
				i++
			} else {
				at = atAttach
			}
		case slowNumber:
			if c = s[i]; c != '-' && !isDigit(c) {
				// Not a value at all.
				return t.fault(n, i, atValue)
			}
			if j, err = t.number(s, i, n); err != nil {
				return err
			}
			n++
			i = j
			at = atAttach
		case slowKids:
			// cnt is the number of children of the container closing.
			t.kids = grown(t.kids, cnt)
		case slowEnd:
			if j = t.wsRun(s, i); j != len(s) {
				return t.fault(n, j, atEnd)
			}
			t.n = n
			return nil
		}
		slow = 0
	hot:
		for {
			if at != atValue {
				a := at
				at = atValue
				switch a {
				case atKey:
					goto key
				case atAttach:
					goto attach
				}
				goto next
			}
		value:
			// A value starts at i.
			if i >= len(s) {
				return t.fault(n, i, atValue)
			}
			c = s[i]
			if c <= ' ' {
				slow = slowSpace
				break hot
			}
			if room == 0 {
				slow = slowGrow
				break hot
			}
			room--
			switch c {
			case '"':
				goto str
			case '[', '{':
				if len(t.stack) >= t.maxDepth {
					return t.stop(n, i, LimitDepth)
				}
				k := TapeArray
				if c == '{' {
					k = TapeObject
				}
				t.entries[n&chunkMask].set(k, 0, int32(i), 0, 0)
				t.stack = t.stack[:len(t.stack)+1]
				t.stack[len(t.stack)-1] = tapeFrame{entry: int32(n), start: int32(len(t.pending)), obj: c == '{'}
				n++
				i++
				obj = c == '{'
				if obj {
					goto key
				}
				goto value
			case ']':
				if len(t.stack) == 0 || obj || n != int(t.stack[len(t.stack)-1].entry)+1 {
					return t.fault(n, i, atValue)
				}
				goto closing // []
			case '1', '2', '3', '4', '5', '6', '7', '8', '9':
				// An integer without sign (any other number is a slow
				// step).
				j = i + 1
				for j < len(s) && s[j]-'0' < 10 {
					j++
				}
				if j < len(s) && (s[j] == '.' || s[j]|0x20 == 'e') {
					slow = slowNumber
					break hot
				}
				if j-i > t.maxNumber {
					return t.stop(n, i, LimitNumberLength)
				}
				t.entries[n&chunkMask].set(TapeNumber, entInt, int32(i), int32(i), int32(j))
				n++
				i = j
			case 't':
				if !strings.HasPrefix(s[i:], "true") {
					return t.fault(n, i, atValue)
				}
				t.entries[n&chunkMask].set(TapeTrue, 0, int32(i), 0, 0)
				n++
				i += 4
			case 'f':
				if !strings.HasPrefix(s[i:], "false") {
					return t.fault(n, i, atValue)
				}
				t.entries[n&chunkMask].set(TapeFalse, 0, int32(i), 0, 0)
				n++
				i += 5
			case 'n':
				if !strings.HasPrefix(s[i:], "null") {
					return t.fault(n, i, atValue)
				}
				t.entries[n&chunkMask].set(TapeNull, 0, int32(i), 0, 0)
				n++
				i += 4
			default:
				slow = slowNumber
				break hot
			}
			goto attach
		key:
			// A member's key, or the '}' of an empty object, starts at i.
			if i >= len(s) {
				return t.fault(n, i, atKey)
			}
			if c = s[i]; c != '"' {
				if c <= ' ' {
					slow, at = slowSpace, atKey
					break hot
				}
				if c == '}' && n == int(t.stack[len(t.stack)-1].entry)+1 {
					goto closing // {}
				}
				return t.fault(n, i, atKey)
			}
			if room == 0 {
				slow, at = slowGrow, atKey
				break hot
			}
			room--
			at = atKey
		str:
			// A string starts at s[i]: a value, or a member's key when at
			// is atKey (values and keys share this code, and at, which a
			// slow step resumes from, says which). Find the first byte of
			// the string that needs care, eight at a time: for plain
			// ASCII, the closing quote.
			j = i + 1
			for {
				if j+8 <= len(s) {
					if m = special(load8(s, j)); m != 0 {
						break
					}
					j += 8
					continue
				}
				m = 0
				if j < len(s) && len(s) >= 8 {
					// The last word of s: the bytes past the end shift
					// in as zeros, which are flagged.
					m = special(load8(s, len(s)-8) >> (8 * uint(j+8-len(s))))
				}
				break
			}
			j += bits.TrailingZeros64(m) >> 3
			if m == 0 || j >= len(s) || s[j] != '"' {
				slow = slowString
				break hot
			}
			t.entries[n&chunkMask].set(TapeString, 0, int32(i), int32(i+1), int32(j))
			n++
			i = j + 1
			if at != atKey {
				goto attach
			}
			at = atValue
			// The key of an object member; its value follows.
			if i < len(s) && s[i] == ':' {
				i++
				goto value
			}
			slow = slowColon
			break hot
		attach:
			// A value is complete: an element of an array, the value of a
			// member, or the whole text.
			if len(t.stack) == 0 {
				if i == len(s) {
					t.n = n
					return nil
				}
				slow = slowEnd
				break hot
			}
		next:
			if i >= len(s) {
				return t.fault(n, i, atNext)
			}
			c = s[i]
			if c <= ' ' {
				slow, at = slowSpace, atNext
				break hot
			}
			if c == ',' {
				i++
				if obj {
					goto key
				}
				goto value
			}
		closing:
			// Close the innermost container at the bracket at s[i]. Its
			// children are the entries after its own up to n: each
			// scalar one entry (two for a member: key and value), each
			// container (the pending ones from its frame's start on) a
			// run of entries.
			if obj && c != '}' || !obj && c != ']' {
				return t.fault(n, i, atNext)
			}
			top = t.stack[len(t.stack)-1]
			j = n - 1 - int(top.entry)
			if len(t.pending) == int(top.start) {
				// Every child is a scalar: they follow the container,
				// which needs no kids. Most containers are so.
				i++
				if obj {
					j >>= 1
				}
				e := &t.chunks[top.entry>>chunkShift][top.entry&chunkMask]
				e.flags, e.a, e.b = entFlat, top.entry+1, int32(j)
				if (n-1)>>chunkShift == int(top.entry)>>chunkShift {
					e.flags = entFlat | entNear
				}
			} else {
				// The kids are the entries of the children (of the
				// keys, for an object). Loops on locals, not calls: a
				// call here would cost the hot loop its registers.
				p := t.pending[top.start:]
				cnt = j
				for k := range p {
					cnt -= int(p[k].end - p[k].entry)
				}
				if obj {
					cnt = (cnt-len(p))>>1 + len(p)
				} else {
					cnt += len(p)
				}
				if cap(t.kids)-len(t.kids) < cnt {
					slow, at = slowKids, atNext
					break hot
				}
				i++
				e := &t.chunks[top.entry>>chunkShift][top.entry&chunkMask]
				e.flags, e.a, e.b = 0, int32(len(t.kids)), int32(cnt)
				if (n-1)>>chunkShift == int(top.entry)>>chunkShift {
					e.flags = entNear
				}
				// Distances from the container, which is at top.entry.
				kids := t.kids[len(t.kids) : len(t.kids)+cnt]
				w, pos, step, key := 0, int32(1), int32(1), int32(0)
				if obj {
					step, key = 2, 1
				}
				for k := range p {
					for end := p[k].entry - top.entry - key; pos < end; pos += step {
						kids[w] = pos
						w++
					}
					kids[w] = p[k].entry - top.entry - key
					w++
					pos = p[k].end - top.entry
				}
				for end := int32(n) - top.entry; pos < end; pos += step {
					kids[w] = pos
					w++
				}
				t.kids = t.kids[:len(t.kids)+cnt]
			}
			t.pending = t.pending[:top.start]
			t.stack = t.stack[:len(t.stack)-1]
			if len(t.stack) == 0 {
				goto attach
			}
			// The container is a child of the one now innermost (pending
			// has room for it: see makeRoom).
			obj = t.stack[len(t.stack)-1].obj
			t.pending = t.pending[:len(t.pending)+1]
			t.pending[len(t.pending)-1] = tapeChild{top.entry, int32(n)}
			goto attach
		}
	}
}

// stop ends a run, whose first n entries are in use, at the value at s[i]
// that goes over limit: the depth limit for a container, the length limit
// for a number. The open containers stay on the stack for LimitPath.
func (t *Tape) stop(n, i int, limit string) error {
	t.n = n
	t.stopped = limit
	lim := t.maxDepth
	if limit == LimitNumberLength {
		lim = t.maxNumber
	}
	return &LimitError{Pos: t.posAt(int32(i)), Limit: limit, Max: lim}
}

// fault ends a run, whose first n entries are in use, at a syntax error
// at s[i], where at says what may come there, and says what was expected
// and what was found.
func (t *Tape) fault(n, i, at int) error {
	t.n = n
	s := t.src
	var obj, open bool // the innermost container is an object; it has children
	if k := len(t.stack); k > 0 {
		obj, open = t.stack[k-1].obj, n > int(t.stack[k-1].entry)+1
	}
	switch at {
	case atValue:
		switch {
		case i >= len(s) && len(t.stack) == 0:
			return t.syntaxErr(i, "unexpected end of input: expected a JSON value")
		case i < len(s) && s[i] == ']' && len(t.stack) > 0 && !obj:
			return t.syntaxErr(i, "expected JSON value after ',' in array, found ']' (trailing comma)")
		case i < len(s) && (s[i] == 't' || s[i] == 'f' || s[i] == 'n'):
			lit := "null"
			switch s[i] {
			case 't':
				lit = "true"
			case 'f':
				lit = "false"
			}
			// The first byte that differs.
			j := 1
			for i+j < len(s) && j < len(lit) && s[i+j] == lit[j] {
				j++
			}
			return t.expected(i+j, "'"+lit+"'")
		}
		return t.expected(i, "JSON value")
	case atKey:
		switch {
		case !open:
			return t.expected(i, "string for object key or '}'")
		case i < len(s) && s[i] == '}':
			return t.syntaxErr(i, "expected string for object key after ',', found '}' (trailing comma)")
		}
		return t.expected(i, "string for object key")
	case atNext:
		if obj {
			return t.expected(i, "',' or '}' after object member")
		}
		return t.expected(i, "',' or ']' after array element")
	case atColon:
		return t.expected(i, "':' after object key")
	}
	return t.expected(i, "end of input after top-level value")
}

func (t *Tape) syntaxErr(i int, msg string) *SyntaxError {
	return &SyntaxError{Pos: t.posAt(int32(i)), Msg: msg}
}

// expected reports that want was expected at s[i], naming what was found
// there. At the end of input it names the innermost open container.
func (t *Tape) expected(i int, want string) error {
	if i >= len(t.src) {
		msg := "unexpected end of input: expected " + want
		if n := len(t.stack); n > 0 {
			f := t.stack[n-1]
			kind := "array"
			if f.obj {
				kind = "object"
			}
			msg += " (in " + kind + " started at " + t.posAt(t.at(int(f.entry)).off).String() + ")"
		}
		return t.syntaxErr(i, msg)
	}
	return t.syntaxErr(i, "expected "+want+", found "+describe(t.src[i:]))
}

// number reads the number token at s[i] into entry n (which has room for
// it) and returns the offset past it. A token that runs past the length
// limit is over the limit even when it would turn out invalid after it.
func (t *Tape) number(s string, i, n int) (end int, err error) {
	lim := len(s)
	if lim-i > t.maxNumber {
		lim = i + t.maxNumber + 1 // one byte more shows whether it is exceeded
	}
	end, errAt, msg := scanNumber(s[:lim], i)
	if errAt < 0 && end-i > t.maxNumber || errAt-i > t.maxNumber {
		return 0, t.stop(n, i, LimitNumberLength)
	}
	if errAt >= 0 {
		t.n = n
		if msg == numLeadingZero {
			return 0, t.syntaxErr(errAt-1, msg)
		}
		return 0, t.expected(errAt, strings.TrimPrefix(msg, "expected "))
	}
	flags := uint8(0)
	if strings.IndexAny(s[i:end], ".eE") < 0 {
		flags = entInt
	}
	t.entries[n&chunkMask].set(TapeNumber, flags, int32(i), int32(i), int32(end))
	return end, nil
}

// strClass classifies bytes inside a string: 0 plain ASCII, 1 '"', 2 '\\',
// 3 control character, 4 first byte of a multi-byte sequence (or invalid).
var strClass = func() (c [256]uint8) {
	for i := 0; i < 0x20; i++ {
		c[i] = 3
	}
	c['"'], c['\\'] = 1, 2
	for i := 0x80; i < 0x100; i++ {
		c[i] = 4
	}
	return c
}()

// SWAR constants: a one and a high bit in every byte of a word.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// special returns the high bit of every byte of w (eight string bytes,
// the first in the low byte) that is '"', '\\', a control character or
// non-ASCII. A borrow may also flag bytes above a flagged one, never below:
// the lowest flag is exact, and that is the only one used.
func special(w uint64) uint64 {
	q := w ^ (ones * '"')
	b := w ^ (ones * '\\')
	// A byte of q or b is zero for '"' or '\\'; w-0x20 wraps for a
	// control character; w itself flags non-ASCII, which also covers
	// the bytes the three subtractions would flag wrongly (those that
	// are themselves >= 0x80).
	return ((q - ones) | (b - ones) | (w - ones*0x20) | w) & highs
}

// load8 returns s[i:i+8] as a little-endian word (the compiler makes one
// load of it).
func load8(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// nextSpecial returns the offset of the first byte at or after i that is
// '"', '\\', a control character or non-ASCII, or len(s) when there is
// none. It tests eight bytes at a time; the last few bytes of s are the
// top of the last word of s, so no byte loop is needed when len(s) >= 8.
func nextSpecial(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		if m := special(load8(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	if i >= len(s) {
		return len(s)
	}
	if len(s) >= 8 {
		// The bytes past the end shift in as zeros, which are flagged:
		// a flag there means none before the end.
		w := load8(s, len(s)-8) >> (8 * uint(i+8-len(s)))
		return min(i+bits.TrailingZeros64(special(w))>>3, len(s))
	}
	for i < len(s) && strClass[s[i]] == 0 {
		i++
	}
	return i
}

// str reads the string whose opening quote is at s[open]. It returns the
// offset just past the closing quote. A string without escapes is
// s[open+1:j-1]; with escapes (esc), the decoded text is t.arena[t.escA:].
func (t *Tape) str(s string, open int) (j int, esc bool, err error) {
	i := open + 1
	for {
		i = nextSpecial(s, i)
		if i >= len(s) {
			return 0, false, t.unterminated(open)
		}
		switch strClass[s[i]] {
		case 1:
			return i + 1, false, nil
		case 2:
			j, err := t.escaped(s, open, i)
			return j, true, err
		case 3:
			return 0, false, t.controlErr(i)
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return 0, false, t.utf8Err(i)
			}
			i += size
		}
	}
}

// escaped continues str from the first backslash at i, decoding into the
// arena from t.escA on, and returns the offset past the closing quote.
func (t *Tape) escaped(s string, open, i int) (end int, err error) {
	buf := t.arena
	t.escA = int32(len(buf))
	buf = append(buf, s[open+1:i]...)
	for {
		j := nextSpecial(s, i)
		buf = append(buf, s[i:j]...)
		i = j
		if i >= len(s) {
			return 0, t.unterminated(open)
		}
		switch strClass[s[i]] {
		case 1:
			t.arena = buf
			return i + 1, nil
		case 3:
			return 0, t.controlErr(i)
		case 4:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return 0, t.utf8Err(i)
			}
			buf = append(buf, s[i:i+size]...)
			i += size
			continue
		}
		// A backslash at i.
		if i+1 >= len(s) {
			return 0, t.unterminated(open)
		}
		switch c := s[i+1]; c {
		case '"', '\\', '/':
			buf = append(buf, c)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, err := t.hex4(open, i)
			if err != nil {
				return 0, err
			}
			switch {
			case r >= 0xDC00 && r < 0xE000:
				return 0, t.syntaxErr(i, fmt.Sprintf("unpaired surrogate \\u%04x in string (a low surrogate with no high surrogate before it)", r))
			case r >= 0xD800 && r < 0xDC00:
				if !strings.HasPrefix(s[i+6:], `\u`) {
					return 0, t.syntaxErr(i, fmt.Sprintf("unpaired surrogate \\u%04x in string (expected a \\uDC00-\\uDFFF escape after it)", r))
				}
				r2, err := t.hex4(open, i+6)
				if err != nil {
					return 0, err
				}
				if r2 < 0xDC00 || r2 >= 0xE000 {
					return 0, t.syntaxErr(i, fmt.Sprintf("unpaired surrogate \\u%04x in string (expected a \\uDC00-\\uDFFF escape after it, found \\u%04x)", r, r2))
				}
				r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
				i += 6
			}
			buf = utf8.AppendRune(buf, r)
			i += 6
			continue
		default:
			return 0, t.syntaxErr(i, "invalid escape "+describeEscape(s[i+1:])+" in string")
		}
		i += 2
	}
}

// hex4 decodes the four hex digits of the \u escape at s[i] of the string
// that opens at s[open].
func (t *Tape) hex4(open, i int) (rune, error) {
	s := t.src
	var r rune
	for k := i + 2; k < i+6; k++ {
		if k >= len(s) {
			return 0, t.unterminated(open)
		}
		c := s[k]
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, t.expected(k, `hex digit in \u escape`)
		}
		r = r<<4 | rune(c)
	}
	return r, nil
}

func (t *Tape) unterminated(open int) error {
	return t.syntaxErr(len(t.src), "unexpected end of input: unterminated string started at "+t.posAt(int32(open)).String())
}

func (t *Tape) controlErr(i int) error {
	return t.syntaxErr(i, fmt.Sprintf("control character U+%04X in string must be escaped", t.src[i]))
}

func (t *Tape) utf8Err(i int) error {
	return t.syntaxErr(i, fmt.Sprintf("invalid UTF-8 byte 0x%02x in string", t.src[i]))
}

// describeEscape renders the escape found after a backslash.
func describeEscape(rest string) string {
	r, _ := utf8.DecodeRuneInString(rest)
	if r == utf8.RuneError || r < 0x20 || r == 0x7f {
		return fmt.Sprintf("'\\' followed by %s", describe(rest))
	}
	return "'\\" + string(r) + "'"
}

// describe names the token or byte at the start of rest for messages.
func describe(rest string) string {
	if rest == "" {
		return "end of input"
	}
	c := rest[0]
	switch {
	case c == '\'':
		return `"'"`
	case c >= 0x20 && c < 0x7f:
		return "'" + rest[:1] + "'"
	case c < 0x80:
		return fmt.Sprintf("control character U+%04X", c)
	}
	r, size := utf8.DecodeRuneInString(rest)
	if r == utf8.RuneError && size == 1 {
		return fmt.Sprintf("invalid UTF-8 byte 0x%02x", c)
	}
	return fmt.Sprintf("'%c' (U+%04X)", r, r)
}
