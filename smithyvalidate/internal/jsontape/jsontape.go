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
	// Off is the byte offset of the value's first byte; [Entry.Pos]
	// derives its line and column from the tape's line starts.
	Off int32
	// A and B: for a string or number, the text is Src[A:B] (Arena[A:B]
	// when Esc); for an array or object, the children are Kids[A:A+B]
	// (for an object, the entries of its keys: each value follows its key).
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
func (e *Entry) Elem(i int) *Entry { return &e.T.Entries[e.T.Kids[int(e.A)+i]] }

// Key returns the key entry of member i of an object; the value is the
// entry right after it.
func (e *Entry) Key(i int) (key, value *Entry) {
	k := e.T.Kids[int(e.A)+i]
	return &e.T.Entries[k], &e.T.Entries[k+1]
}

// Tape is a read JSON text. Tapes are reused: Read resets one.
type Tape struct {
	Entries []Entry
	Kids    []int32
	Src     string
	Arena   string

	arena   []byte
	stack   []frame
	pending []int32
	i       int
	// lines holds the offset of the first byte of every line after the
	// first, in order.
	lines []int32
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
	t.Src, t.i, t.limitAt = src, 0, -1
	if all := t.Entries[:cap(t.Entries)]; len(all) > 0 && all[0].T != t {
		// A copy of a Tape shares the slots of the original.
		t.stamp(0)
	}
	if strings.HasPrefix(src, "\xEF\xBB\xBF") {
		t.i = 3
	}
	if err := t.run(lim); err != nil {
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

// ws skips whitespace at t.i. The check for none at all (every token of
// compact JSON) is inlined at each call; wsRun does the rest.
func (t *Tape) ws() {
	if t.i < len(t.Src) && t.Src[t.i] > ' ' {
		return
	}
	t.wsRun()
}

//go:noinline
func (t *Tape) wsRun() {
	s, i := t.Src, t.i
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
			t.i = i
			return
		}
	}
	t.i = i
}

// add appends an entry. Every slot of Entries up to its capacity already
// points to t (see grow and Read), so add writes only the token's fields,
// one by one: building the entry on the stack and copying it costs a
// store-forwarding stall per entry.
func (t *Tape) add(k Kind, isInt, esc bool, off, a, b int32) int32 {
	n := len(t.Entries)
	if n == cap(t.Entries) {
		t.grow()
	}
	t.Entries = t.Entries[:n+1]
	e := &t.Entries[n]
	e.Kind, e.Int, e.Esc, e.Off, e.A, e.B = k, isInt, esc, off, a, b
	return int32(n)
}

// grow adds capacity to Entries and points the new slots to t.
//
//go:noinline
func (t *Tape) grow() {
	n := len(t.Entries)
	t.Entries = append(t.Entries, Entry{})[:n]
	t.stamp(n)
}

// stamp points the slots of Entries from n up to its capacity to t.
func (t *Tape) stamp(n int) {
	all := t.Entries[:cap(t.Entries)]
	for i := n; i < len(all); i++ {
		all[i].T = t
	}
}

func (t *Tape) run(lim Limits) error {
	s := t.Src
	t.ws()
	for {
		// A value starts at t.i.
		if t.i >= len(s) {
			return ErrInvalid
		}
		var idx int32
		switch c := s[t.i]; c {
		case '[', '{':
			if len(t.stack) >= lim.MaxDepth {
				t.limitAt = t.i
				return ErrInvalid
			}
			k := Array
			if c == '{' {
				k = Object
			}
			idx = t.add(k, false, false, int32(t.i), 0, 0)
			t.i++
			t.ws()
			if t.i < len(s) && (c == '[' && s[t.i] == ']' || c == '{' && s[t.i] == '}') {
				t.i++
				t.Entries[idx].A = int32(len(t.Kids))
				break
			}
			t.stack = append(t.stack, frame{entry: idx, start: int32(len(t.pending)), obj: c == '{'})
			if c == '{' {
				if err := t.key(); err != nil {
					return err
				}
			}
			continue
		case '"':
			off := int32(t.i)
			a, b, esc, err := t.str()
			if err != nil {
				return err
			}
			idx = t.add(String, false, esc, off, a, b)
		case 't':
			if !strings.HasPrefix(s[t.i:], "true") {
				return ErrInvalid
			}
			idx = t.add(True, false, false, int32(t.i), 0, 0)
			t.i += 4
		case 'f':
			if !strings.HasPrefix(s[t.i:], "false") {
				return ErrInvalid
			}
			idx = t.add(False, false, false, int32(t.i), 0, 0)
			t.i += 5
		case 'n':
			if !strings.HasPrefix(s[t.i:], "null") {
				return ErrInvalid
			}
			idx = t.add(Null, false, false, int32(t.i), 0, 0)
			t.i += 4
		default:
			start := t.i
			end, isInt, ok := scanNumber(s, start)
			if end-start > lim.MaxNumberLength {
				// Like core/node, a number that runs past the limit
				// before it turns out invalid is over the limit.
				t.limitAt = start
				return ErrInvalid
			}
			if !ok {
				return ErrInvalid
			}
			t.i = end
			idx = t.add(Number, isInt, false, int32(start), int32(start), int32(end))
		}
		// The value at idx is complete: attach it and close containers.
		for {
			if len(t.stack) == 0 {
				t.ws()
				if t.i != len(s) {
					return ErrInvalid
				}
				return nil
			}
			top := &t.stack[len(t.stack)-1]
			if !top.obj {
				t.pending = append(t.pending, idx)
			}
			t.ws()
			if t.i >= len(s) {
				return ErrInvalid
			}
			c := s[t.i]
			if c == ',' {
				t.i++
				t.ws()
				if top.obj {
					if err := t.key(); err != nil {
						return err
					}
				}
				break
			}
			if top.obj && c != '}' || !top.obj && c != ']' {
				return ErrInvalid
			}
			t.i++
			// Close the container.
			kids := t.pending[top.start:]
			e := &t.Entries[top.entry]
			e.A, e.B = int32(len(t.Kids)), int32(len(kids))
			t.Kids = append(t.Kids, kids...)
			t.pending = t.pending[:top.start]
			idx = top.entry
			t.stack = t.stack[:len(t.stack)-1]
		}
	}
}

// key reads `"key" :` of an object member and records the key as a child
// of the innermost object.
func (t *Tape) key() error {
	s := t.Src
	if t.i >= len(s) || s[t.i] != '"' {
		return ErrInvalid
	}
	off := int32(t.i)
	a, b, esc, err := t.str()
	if err != nil {
		return err
	}
	idx := t.add(String, false, esc, off, a, b)
	t.pending = append(t.pending, idx)
	t.ws()
	if t.i >= len(s) || s[t.i] != ':' {
		return ErrInvalid
	}
	t.i++
	t.ws()
	return nil
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

// str reads a string at t.i and returns where its text is.
func (t *Tape) str() (a, b int32, esc bool, err error) {
	s := t.Src
	i := t.i + 1
	start := i
	for {
		for i < len(s) && strClass[s[i]] == 0 {
			i++
		}
		if i >= len(s) {
			return 0, 0, false, ErrInvalid
		}
		switch strClass[s[i]] {
		case 1:
			t.i = i + 1
			return int32(start), int32(i), false, nil
		case 2:
			return t.escaped(start, i)
		case 3:
			return 0, 0, false, ErrInvalid
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return 0, 0, false, ErrInvalid
			}
			i += size
		}
	}
}

// escaped continues str from the first backslash at i, decoding into the
// arena.
func (t *Tape) escaped(start, i int) (a, b int32, esc bool, err error) {
	s := t.Src
	buf := t.arena
	a = int32(len(buf))
	buf = append(buf, s[start:i]...)
	for {
		j := i
		for j < len(s) && strClass[s[j]] == 0 {
			j++
		}
		buf = append(buf, s[i:j]...)
		i = j
		if i >= len(s) {
			return 0, 0, false, ErrInvalid
		}
		switch strClass[s[i]] {
		case 1:
			t.i = i + 1
			t.arena = buf
			return a, int32(len(buf)), true, nil
		case 3:
			return 0, 0, false, ErrInvalid
		case 4:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return 0, 0, false, ErrInvalid
			}
			buf = append(buf, s[i:i+size]...)
			i += size
			continue
		}
		if i+1 >= len(s) {
			return 0, 0, false, ErrInvalid
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
				return 0, 0, false, ErrInvalid
			}
			if r >= 0xD800 && r < 0xDC00 {
				if !strings.HasPrefix(s[i+6:], `\u`) {
					return 0, 0, false, ErrInvalid
				}
				r2, ok := hex4(s, i+8)
				if !ok || r2 < 0xDC00 || r2 >= 0xE000 {
					return 0, 0, false, ErrInvalid
				}
				r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
				i += 6
			}
			buf = utf8.AppendRune(buf, r)
			i += 6
			continue
		default:
			return 0, 0, false, ErrInvalid
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
