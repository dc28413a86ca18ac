// Package jsontape reads JSON text into a flat tape of tokens, for the
// engine's direct-from-bytes path: one pass, no tree of nodes, no
// allocation per value once a pooled Tape has grown to the input's size.
//
// The grammar is exactly the one of core/node's reader (RFC 8259, strict:
// valid UTF-8, no unpaired surrogate escapes, no raw control characters in
// strings, a byte order mark skipped at the start, lines ending at LF, CR
// LF or a lone CR) and positions are computed the same way. On any error or
// limit the tape only reports failure: the caller re-reads the input with
// core/node, which says exactly what and where, so that both paths give
// the same findings.
package jsontape

import (
	"errors"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/node"
)

// Kind is a token kind.
type Kind uint8

// The token kinds.
const (
	Null Kind = iota
	False
	True
	Number
	String
	Array
	Object
)

// Entry is one value (or object key) of the tape.
type Entry struct {
	Kind Kind
	// Int is set for a number token without fraction or exponent.
	Int bool
	// Esc is set for a string whose text is in the tape's arena.
	Esc bool
	// Flat is set for an array or object whose children are all
	// scalars: they follow it on the tape, and it needs no Kids.
	Flat bool
	// Off is the byte offset of the value's first byte; [Entry.Pos]
	// derives its line and column from the tape's line starts.
	Off int32
	// A and B: for a string or number, the text is Src[A:B] (Arena[A:B]
	// when Esc); for an array or object, B is the number of children and
	// the children are the entries from A on when Flat (for an object,
	// keys and values in turn), else Kids[A:A+B] are their entries (for
	// an object, the entries of its keys: each value follows its key).
	A, B int32
	T    *Tape
}

// Pos returns the position of the value's first byte, the one core/node's
// reader gives.
func (e *Entry) Pos() node.Pos { return e.T.posAt(e.Off) }

// Text returns a string's decoded text or a number's token.
func (e *Entry) Text() string {
	if e.Esc {
		return e.T.Arena[e.A:e.B]
	}
	return e.T.Src[e.A:e.B]
}

// Elem returns element i of an array.
func (e *Entry) Elem(i int) *Entry {
	if e.Flat {
		return &e.T.Entries[int(e.A)+i]
	}
	return &e.T.Entries[e.T.Kids[int(e.A)+i]]
}

// Key returns the key entry of member i of an object; the value is the
// entry right after it.
func (e *Entry) Key(i int) (key, value *Entry) {
	k := int(e.A) + 2*i
	if !e.Flat {
		k = int(e.T.Kids[int(e.A)+i])
	}
	return &e.T.Entries[k], &e.T.Entries[k+1]
}

// Tape is a read JSON text. Tapes are reused: Read resets one.
type Tape struct {
	Entries []Entry
	Kids    []int32
	Src     string
	Arena   string

	arena []byte
	// escA is where in arena the last string with escapes starts.
	escA    int32
	stack   []frame
	pending []int32
	// lines holds the offset of the first byte of every line after the
	// first, in order.
	lines []int32
	// maxDepth and maxNumber are the limits of the Read under way.
	maxDepth, maxNumber int
	// limitAt is the offset of the value that went over a limit in the
	// last Read, -1 when none did.
	limitAt int
}

type frame struct {
	entry int32 // the container's entry
	start int32 // first pending child
	obj   bool
}

// Limits are the reader limits (the same as core/node's).
type Limits struct {
	MaxDepth        int
	MaxNumberLength int
}

// ErrInvalid is returned for any input the tape does not accept.
var ErrInvalid = errors.New("jsontape: invalid or over a limit")

// Root returns the entry of the top-level value.
func (t *Tape) Root() *Entry { return &t.Entries[0] }

// Reset drops every reference into the last input, keeping capacity.
// (Entries hold only a pointer to their own tape, so they need no
// clearing; every slot up to the capacity keeps it.)
func (t *Tape) Reset() {
	t.Entries, t.Kids, t.pending, t.stack, t.lines = t.Entries[:0], t.Kids[:0], t.pending[:0], t.stack[:0], t.lines[:0]
	t.Src, t.Arena, t.arena, t.limitAt = "", "", t.arena[:0], -1
}

// Read reads src into t.
func (t *Tape) Read(src string, lim Limits) error {
	t.Reset()
	t.Src, t.limitAt = src, -1
	if all := t.Entries[:cap(t.Entries)]; len(all) > 0 && all[0].T != t {
		// A copy of a Tape shares the slots of the original.
		t.stamp(0)
	}
	i := 0
	if strings.HasPrefix(src, "\xEF\xBB\xBF") {
		i = 3
	}
	t.maxDepth, t.maxNumber = lim.MaxDepth, lim.MaxNumberLength
	if err := t.run(src, i); err != nil {
		if t.limitAt < 0 {
			// The run stopped with Entries at its whole capacity.
			t.Entries = t.Entries[:0]
		}
		return err
	}
	if len(t.arena) > 0 {
		t.Arena = string(t.arena)
	}
	return nil
}

// LimitPath reports where the last Read stopped when a limit (the depth
// of a container, the length of a number) stopped it at the value that
// starts at byte offset off: it calls step once for each open container,
// outermost first, with the index of the element (obj false) or the key of
// the member (obj true) that leads to that value, and returns true. It
// returns false, without calling step, when the last Read did not stop at
// a limit at off. A key refers to the source text or to the tape's
// scratch space: copy it to keep it. Only the error path calls this.
func (t *Tape) LimitPath(off int, step func(key string, index int, obj bool)) bool {
	if t.limitAt < 0 || t.limitAt != off {
		return false
	}
	for k, f := range t.stack {
		end := int32(len(t.pending))
		if k+1 < len(t.stack) {
			end = t.stack[k+1].start
		}
		if !f.obj {
			step("", int(end-f.start), false)
			continue
		}
		e := &t.Entries[t.pending[end-1]]
		key := t.Src[e.A:e.B]
		if e.Esc {
			// The arena is published only by a successful Read.
			key = string(t.arena[e.A:e.B])
		}
		step(key, 0, true)
	}
	return true
}

// posAt returns the position of byte offset off: its line is one more
// than the number of line starts at or before it.
func (t *Tape) posAt(off int32) node.Pos {
	if len(t.lines) == 0 {
		// One line (compact JSON, a JSON-RPC message): no search, and
		// small enough to inline into Pos.
		return node.Pos{Offset: off, Line: 1, Column: off + 1}
	}
	return t.posAfterLines(off)
}

// posAfterLines is posAt for a text of several lines.
func (t *Tape) posAfterLines(off int32) node.Pos {
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
	return node.Pos{Offset: off, Line: int32(lo + 1), Column: off - at + 1}
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

// set writes a token into an entry whose back pointer is already set (see
// grow): field by field, since building the entry on the stack and copying
// it costs a store-forwarding stall per entry.
func (e *Entry) set(k Kind, isInt, esc bool, off, a, b int32) {
	// Flat too, though a container sets it again when it closes: the
	// compiler then writes the four constant bytes of most tokens at once.
	e.Kind, e.Int, e.Esc, e.Flat, e.Off, e.A, e.B = k, isInt, esc, false, off, a, b
}

// growRoom is the room for tokens that run's slow step makes when it
// grows its slices.
const growRoom = 32

// grow gives Entries (whose first n are in use) room for at least
// growRoom more entries, every slot up to the capacity pointing to t.
//
//go:noinline
func (t *Tape) grow(n int) {
	t.Entries = append(t.Entries[:n], make([]Entry, growRoom)...)
	t.Entries = t.Entries[:cap(t.Entries)]
	for k := n; k < len(t.Entries); k++ {
		t.Entries[k].T = t
	}
}

// stamp points the slots of Entries from n up to its capacity to t.
func (t *Tape) stamp(n int) {
	all := t.Entries[:cap(t.Entries)]
	for i := n; i < len(all); i++ {
		all[i].T = t
	}
}

// Where the hot loop of run resumes after a slow step.
const (
	atValue  = iota // a value starts at i (maybe after whitespace)
	atKey           // a member's key, or the '}' of an empty object, starts at i (maybe after whitespace)
	atAttach        // the value at idx is complete: attach it to its container
	atNext          // ',' or the closing bracket comes at i (maybe after whitespace)
)

// The slow steps of run, taken outside its hot loop.
const (
	slowGrow   = iota + 1 // room for tokens: entries, pending children and frames
	slowSpace             // whitespace at i, then resume
	slowColon             // the ':' after a key, around whitespace
	slowString            // a string with escapes or non-ASCII text, or near the end of a short text
	slowNumber            // a number other than a plain integer, or not a value at all
	slowKids              // room in Kids for the children of the container closing at i
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
// a variable; Entries and the limits are read from t where they are
// used. Inside, the loop goes from token to token with goto (to a value, a
// key, or attach after a close), not through a dispatch on a state
// variable at its top: the compiler allocates registers better so (8%
// fewer instructions), and the dispatch runs only on the way back from a
// slow step.
func (t *Tape) run(s string, i int) error {
	// During the run Entries has its whole capacity, n entries in use; room
	// counts the tokens that fit without growing anything, each taking
	// at most an entry, a pending child and a frame. obj is whether the
	// innermost open container is an object. All variables are declared
	// here, as goto requires.
	var (
		n      int
		room   int
		idx    int32
		obj    bool
		at     = atValue
		slow   int
		c      byte
		j, cnt int
		m      uint64
		top    frame
	)
	t.Entries = t.Entries[:cap(t.Entries)]
	if room = min(len(t.Entries), cap(t.pending), cap(t.stack)); room < growRoom {
		slow = slowGrow
	}
	for {
		switch slow {
		case slowGrow:
			// Room for a few tokens more, so that this step is rare.
			if len(t.Entries)-n < growRoom {
				t.grow(n)
			}
			t.pending = slices.Grow(t.pending, growRoom)
			t.stack = slices.Grow(t.stack, growRoom)
			room = min(len(t.Entries)-n, cap(t.pending)-len(t.pending), cap(t.stack)-len(t.stack))
		case slowSpace:
			// A control character that is not whitespace is not JSON
			// where a token may start.
			if j = t.wsRun(s, i); j == i {
				return ErrInvalid
			}
			i = j
		case slowColon:
			i = t.wsRun(s, i)
			if i >= len(s) || s[i] != ':' {
				return ErrInvalid
			}
			i++
		case slowString:
			var esc, ok bool
			if j, esc, ok = t.str(s, i); !ok {
				return ErrInvalid
			}
			a, b := int32(i+1), int32(j-1)
			if esc {
				a, b = t.escA, int32(len(t.arena))
			}
			t.Entries[n].set(String, false, esc, int32(i), a, b)
			idx = int32(n)
			n++
			i = j
			if at == atKey {
				// As in the hot loop.
				t.pending = append(t.pending, idx)
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
			var ok bool
			if j, ok = t.number(s, i, t.Entries[:n]); !ok {
				return ErrInvalid
			}
			idx = int32(n)
			n++
			i = j
			at = atAttach
		case slowKids:
			t.Kids = slices.Grow(t.Kids, len(t.pending)-int(t.stack[len(t.stack)-1].start))
		case slowEnd:
			if t.wsRun(s, i) != len(s) {
				return ErrInvalid
			}
			t.Entries = t.Entries[:n]
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
				return ErrInvalid
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
			idx = int32(n)
			switch c {
			case '"':
				goto str
			case '[', '{':
				if len(t.stack) >= t.maxDepth {
					t.limitAt = i
					t.Entries = t.Entries[:n]
					return ErrInvalid
				}
				k := Array
				if c == '{' {
					k = Object
				}
				t.Entries[n].set(k, false, false, int32(i), int32(len(t.Kids)), 0)
				n++
				i++
				obj = c == '{'
				t.stack = t.stack[:len(t.stack)+1]
				t.stack[len(t.stack)-1] = frame{entry: idx, start: int32(len(t.pending)), obj: obj}
				if obj {
					goto key
				}
				goto value
			case ']':
				if len(t.stack) == 0 || obj || len(t.pending) != int(t.stack[len(t.stack)-1].start) {
					return ErrInvalid
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
					t.limitAt = i
					t.Entries = t.Entries[:n]
					return ErrInvalid
				}
				t.Entries[n].set(Number, true, false, int32(i), int32(i), int32(j))
				n++
				i = j
			case 't':
				if !strings.HasPrefix(s[i:], "true") {
					return ErrInvalid
				}
				t.Entries[n].set(True, false, false, int32(i), 0, 0)
				n++
				i += 4
			case 'f':
				if !strings.HasPrefix(s[i:], "false") {
					return ErrInvalid
				}
				t.Entries[n].set(False, false, false, int32(i), 0, 0)
				n++
				i += 5
			case 'n':
				if !strings.HasPrefix(s[i:], "null") {
					return ErrInvalid
				}
				t.Entries[n].set(Null, false, false, int32(i), 0, 0)
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
				return ErrInvalid
			}
			if c = s[i]; c != '"' {
				if c <= ' ' {
					slow, at = slowSpace, atKey
					break hot
				}
				if c == '}' && len(t.pending) == int(t.stack[len(t.stack)-1].start) {
					goto closing // {}
				}
				return ErrInvalid
			}
			if room == 0 {
				slow, at = slowGrow, atKey
				break hot
			}
			room--
			idx = int32(n)
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
			t.Entries[n].set(String, false, false, int32(i), int32(i+1), int32(j))
			n++
			i = j + 1
			if at != atKey {
				goto attach
			}
			at = atValue
			// The key of an object member is one of its children; its
			// value follows.
			t.pending = t.pending[:len(t.pending)+1]
			t.pending[len(t.pending)-1] = idx
			if i < len(s) && s[i] == ':' {
				i++
				goto value
			}
			slow = slowColon
			break hot
		attach:
			// The value at idx is complete: it is a child of an array
			// (room was made for it before it started), the value of a
			// member, or the whole text.
			if len(t.stack) == 0 {
				if i == len(s) {
					t.Entries = t.Entries[:n]
					return nil
				}
				slow = slowEnd
				break hot
			}
			if !obj {
				t.pending = t.pending[:len(t.pending)+1]
				t.pending[len(t.pending)-1] = idx
			}
		next:
			if i >= len(s) {
				return ErrInvalid
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
			// Close the innermost container, whose children are the
			// pending ones from its frame's start on, at the bracket at
			// s[i].
			if obj && c != '}' || !obj && c != ']' {
				return ErrInvalid
			}
			top = t.stack[len(t.stack)-1]
			cnt = len(t.pending) - int(top.start)
			if j = n - 1 - int(top.entry); obj && j == 2*cnt || !obj && j == cnt {
				// Every child is a scalar (one entry, two for a
				// member): they follow the container, which needs no
				// Kids. Most containers are so.
				i++
				e := &t.Entries[top.entry]
				e.Flat, e.A, e.B = true, top.entry+1, int32(cnt)
			} else {
				if cap(t.Kids)-len(t.Kids) < cnt {
					slow, at = slowKids, atNext
					break hot
				}
				i++
				e := &t.Entries[top.entry]
				e.Flat, e.A, e.B = false, int32(len(t.Kids)), int32(cnt)
				// A loop on locals, not copy: a call here would cost the
				// hot loop its registers.
				kids, p := t.Kids[len(t.Kids):len(t.Kids)+cnt], t.pending[top.start:]
				for k := range kids {
					kids[k] = p[k]
				}
				t.Kids = t.Kids[:len(t.Kids)+cnt]
			}
			t.pending = t.pending[:top.start]
			t.stack = t.stack[:len(t.stack)-1]
			obj = len(t.stack) > 0 && t.stack[len(t.stack)-1].obj
			idx = top.entry
			goto attach
		}
	}
}

// number reads the number token at s[i] into the entry after ents (the
// entries in use), which has room for it, and returns the offset past it.
// At a limit it stores ents in t, for LimitPath.
func (t *Tape) number(s string, i int, ents []Entry) (end int, ok bool) {
	end, isInt, ok := scanNumber(s, i)
	if end-i > t.maxNumber {
		// Like core/node, a number that runs past the limit before it
		// turns out invalid is over the limit.
		t.limitAt = i
		t.Entries = ents
		return 0, false
	}
	if !ok {
		return 0, false
	}
	ents[:len(ents)+1][len(ents)].set(Number, isInt, false, int32(i), int32(i), int32(end))
	return end, true
}

// strClass: 0 plain ASCII, 1 '"', 2 '\\', 3 control, 4 non-ASCII.
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

// str reads the string whose opening quote is at s[i]. It returns the
// offset just past the closing quote. A string without escapes is
// s[i+1:j-1]; with escapes (esc), the decoded text is t.arena[t.escA:].
func (t *Tape) str(s string, i int) (j int, esc, ok bool) {
	i++
	start := i
	for {
		i = nextSpecial(s, i)
		if i >= len(s) {
			return 0, false, false
		}
		switch strClass[s[i]] {
		case 1:
			return i + 1, false, true
		case 2:
			j, ok := t.escaped(s, start, i)
			return j, true, ok
		case 3:
			return 0, false, false
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return 0, false, false
			}
			i += size
		}
	}
}

// escaped continues str from the first backslash at i, decoding into the
// arena from t.escA on, and returns the offset past the closing quote.
func (t *Tape) escaped(s string, start, i int) (end int, ok bool) {
	buf := t.arena
	t.escA = int32(len(buf))
	buf = append(buf, s[start:i]...)
	for {
		j := nextSpecial(s, i)
		buf = append(buf, s[i:j]...)
		i = j
		if i >= len(s) {
			return 0, false
		}
		switch strClass[s[i]] {
		case 1:
			t.arena = buf
			return i + 1, true
		case 3:
			return 0, false
		case 4:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return 0, false
			}
			buf = append(buf, s[i:i+size]...)
			i += size
			continue
		}
		if i+1 >= len(s) {
			return 0, false
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
			r, ok := hex4(s, i+2)
			if !ok || r >= 0xDC00 && r < 0xE000 {
				return 0, false
			}
			if r >= 0xD800 && r < 0xDC00 {
				if !strings.HasPrefix(s[i+6:], `\u`) {
					return 0, false
				}
				r2, ok := hex4(s, i+8)
				if !ok || r2 < 0xDC00 || r2 >= 0xE000 {
					return 0, false
				}
				r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
				i += 6
			}
			buf = utf8.AppendRune(buf, r)
			i += 6
			continue
		default:
			return 0, false
		}
		i += 2
	}
}

func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for k := i; k < i+4; k++ {
		c := s[k]
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

func isDigit(c byte) bool { return c-'0' < 10 }

// scanNumber scans a JSON number token at s[i]. When the token is
// invalid, end is where scanning stopped: the offset of the byte that is
// wrong or missing, as core/node's scanner gives it.
func scanNumber(s string, i int) (end int, isInt, ok bool) {
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i >= len(s) || !isDigit(s[i]) {
		return i, false, false
	}
	if s[i] == '0' {
		i++
		if i < len(s) && isDigit(s[i]) {
			return i, false, false
		}
	} else {
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	}
	isInt = true
	if i < len(s) && s[i] == '.' {
		isInt = false
		i++
		if i >= len(s) || !isDigit(s[i]) {
			return i, false, false
		}
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		isInt = false
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || !isDigit(s[i]) {
			return i, false, false
		}
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	}
	return i, isInt, true
}
