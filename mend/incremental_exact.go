package mend

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// The exact steps of the incremental reader. Most of what a model
// streams is JSON as written, and for it the reader's step (save the
// state, take the step with every look-ahead of its repairs, undo it when
// it looked at the end of the text so far) costs many times what the
// step does. exactSteps takes the steps of JSON as written directly, in
// the same order and with the same effects on the reader as
// [reader.advance] (the container stack, the syntax progress, the root
// members, the output, the resumable scan of an open string), and stops
// at the first step that is anything else: that step is the general
// reader's. A step that reaches the end of the text so far is not taken;
// exactSteps accounts for it as pump accounts for a step taken and undone,
// so the rest of the reading cannot tell which path took a step.
// TestExactStepsAreTheReaders compares the two on every input and
// chunking of the tests, FuzzExactSteps on anything.

// exactOff turns the exact steps off (tests compare the two paths).
var exactOff bool

// exactSteps takes the exact steps at r.i. It reports true when it stopped
// at a step that needs more input (accounted as undone: pump is done for
// this chunk), false when the next step is the general reader's.
func (s *Incremental) exactSteps() bool {
	r := &s.r
	if exactOff || r.escaped || r.progressFrozen || r.values != 1 || r.wrapped {
		return false
	}
	in := r.in
	n := len(in)
	// The output of JSON as written is its input. For the watcher, which
	// reads each step's output, the rest of the chunk is copied once past
	// the end of the output (its spare capacity holds in[r.mark:pre]) and
	// each step takes its part by extending the output's length, instead
	// of a copy a step. A step the watcher takes the general way may
	// preview the end of the text, which writes past the output's end:
	// then the copy is made again.
	pre := -1
	for len(r.stack) > 0 && r.fatal == nil {
		if s.watch != nil && s.watch.fastReady(r) && s.fastSteps(&pre) == fastMore {
			return true
		}
		i := r.i
		for i < n && isSpace(in[i]) {
			i++
		}
		if i >= n {
			s.undoneExact(-1, 0)
			return true
		}
		f := &r.stack[len(r.stack)-1]
		c := in[i]
		// j is where the step ends; kind says what it is.
		var j int
		switch f.state {
		case stComma:
			switch {
			case c == ',':
				s.enter(i)
				if f.kind == '{' {
					r.settle()
					f.state = stKey
				} else {
					f.state = stValue
				}
				f.commaIn = i
				f.commaOut = r.outPos(i)
				r.i = i + 1
			case c == closerOf(f.kind) && f.commaIn < 0:
				s.enter(i)
				if c == '}' {
					r.settle()
				}
				r.i = i + 1
				r.pop()
			default:
				return false
			}
		case stColon:
			if c != ':' {
				return false
			}
			s.enter(i)
			f.state = stValue
			r.i = i + 1
		case stKey:
			switch {
			case c == '"':
				end, st := s.exactString(i)
				switch st {
				case strGeneral:
					return false
				case strOpen, strOpenNoResume:
					s.undoneExact(i, st)
					return true
				}
				s.enter(i)
				f.n++
				f.commaIn = -1
				f.key, f.keyCopied = span{i + 1, end - 1}, false
				f.state = stColon
				r.i = end
			case c == '}' && f.commaIn < 0:
				s.enter(i)
				r.i = i + 1
				r.pop()
			default:
				return false
			}
		case stValue:
			if f.kind == '[' && c == ']' {
				if f.commaIn >= 0 {
					return false
				}
				s.enter(i)
				r.i = i + 1
				r.pop()
				break
			}
			switch {
			case c == '{' || c == '[':
				if len(r.stack) >= r.maxDepth {
					return false
				}
				s.enter(i)
				elementBegins(f)
				st := stKey
				if c == '[' {
					st = stValue
				}
				r.stack = append(r.stack, frame{kind: c, state: st, openAt: i, commaIn: -1})
				r.i = i + 1
			case c == '"':
				end, st := s.exactString(i)
				switch st {
				case strGeneral:
					return false
				case strOpen, strOpenNoResume:
					s.undoneExact(i, st)
					return true
				}
				j = end
			case c == '-' || isDigit(c):
				j = i + 1
				for j < n && isNumChar(in[j]) {
					j++
				}
				if j >= n {
					s.undoneExact(i, 0) // more digits may come
					return true
				}
				if d := in[j]; isIdentChar(d) || d == ':' || d >= 0x80 || !isJSONNumber(in[i:j]) {
					return false
				}
			case c == 't' || c == 'f' || c == 'n':
				j = i + 1
				for j < n && isIdentChar(in[j]) {
					j++
				}
				// The word ends at the delimiter after it (spaces
				// between are not part of it), as unquotedValue reads it.
				e := j
				for e < n && (in[e] == ' ' || in[e] == '\t') {
					e++
				}
				if e >= n {
					s.undoneExact(i, 0)
					return true
				}
				if d := in[e]; d != ',' && d != '}' && d != ']' && d != '\n' && d != '\r' {
					return false
				}
				switch string(in[i:j]) {
				case "true", "false", "null":
				default:
					return false
				}
			default:
				return false
			}
			if j > 0 {
				// a scalar: element, then value's bookkeeping
				s.enter(i)
				elementBegins(f)
				r.i = j
				r.valueDone()
			}
		}
		s.waitFor = 0
		if s.onStep != nil {
			// the watcher takes the step's output
			if pre < r.i {
				r.out = reserveOut(r.out, in[r.mark:n])
				pre = n
			}
			r.out = r.out[:len(r.out)+r.i-r.mark]
			r.mark = r.i
			if s.watch == nil || !s.watch.exactStep(in[r.tokStart]) {
				if s.watch == nil {
					s.onStep()
				}
				pre = -1
			}
		} // else the output is flushed when the input is let go (trim)
	}
	return false
}

// elementBegins is [reader.element]'s bookkeeping, without reading the
// value.
func elementBegins(f *frame) {
	if f.kind == '[' {
		f.n++
	}
	f.commaIn = -1
	f.state = stComma
}

// enter begins a step whose token starts at i, as advance does after the
// whitespace.
func (s *Incremental) enter(i int) {
	r := &s.r
	s.before = r.syntaxMax
	r.lastEnd = r.i
	r.i = i
	r.progress(0)
	r.tokStart = i
	if r.tokFirst < 0 {
		r.tokFirst = i + r.base
	}
}

// What exactString found.
const (
	strClosed       = iota // a string as JSON writes it, its end certain
	strOpen                // its content so far is plain, the text ends in it: its scan resumes
	strOpenNoResume        // the text ends inside an escape or a character: taken again from where its scan last resumed
	strGeneral             // anything else: the general reader's step
)

// exactString reads the double-quoted string at i as scanString reads it
// when nothing in it needs a repair, and returns where it ends (after
// its closing quote) and what it found.
func (s *Incremental) exactString(i int) (int, int) {
	r := &s.r
	in := r.in
	n := len(in)
	j := i + 1
	if j < n && in[j] == '"' {
		// "" : an empty string, or doubled quotes (""value"")
		if j+1 >= n {
			return 0, strOpenNoResume
		}
		if !endsAfterQuote(in[j+1]) {
			return 0, strGeneral
		}
	}
	if r.resumeAt == i+r.base && r.resumeTo-r.base > j && r.resumeTo-r.base <= n {
		j = r.resumeTo - r.base
	}
	for {
		j = plainEnd(in, j)
		if j >= n {
			return j, strOpen
		}
		switch c := in[j]; {
		case c == '"':
			return s.closed(j)
		case c == '\\':
			if j+1 >= n {
				return 0, strOpenNoResume
			}
			switch in[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				k := j + 2
				for k < n && k < j+6 && isHex(in[k]) {
					k++
				}
				if k == j+6 {
					j = k
				} else if k >= n {
					return 0, strOpenNoResume
				} else {
					return 0, strGeneral
				}
			default:
				return 0, strGeneral
			}
		case c < 0x20:
			return 0, strGeneral
		default: // c >= 0x80
			if !utf8.FullRune(in[j:]) {
				return 0, strOpenNoResume
			}
			ru, size := utf8.DecodeRune(in[j:])
			if ru == utf8.RuneError && size == 1 {
				return 0, strGeneral
			}
			j += size
		}
	}
}

// closed decides whether the quote at j ends the string for good, as
// endsString and joinedAt decide on JSON as written: a delimiter follows
// it (spaces and line breaks between).
func (s *Incremental) closed(j int) (int, int) {
	in := s.r.in
	n := len(in)
	k := j + 1
	for k < n && (in[k] == ' ' || in[k] == '\t') {
		k++
	}
	if k >= n {
		return 0, strOpenNoResume
	}
	switch in[k] {
	case ',', ':', '}', ']':
		return j + 1, strClosed
	case '\n', '\r':
		for k < n && isSpace(in[k]) {
			k++
		}
		if k >= n {
			return 0, strOpenNoResume
		}
		if in[k] == '/' || in[k] == '+' {
			return 0, strGeneral
		}
		return j + 1, strClosed
	}
	return 0, strGeneral
}

// undoneExact accounts for a step at i (-1: only whitespace before the
// end) that needs more input, as pump accounts for the general reader's
// step taken and undone: the open string's resumable scan (st strOpen)
// and the bytes read again later.
func (s *Incremental) undoneExact(i, st int) {
	r := &s.r
	s.before = r.syntaxMax
	scanFrom := r.i
	if r.resumeAt >= r.base+r.i && r.resumeTo > r.resumeAt {
		scanFrom = r.resumeTo - r.base
	}
	if st == strOpen {
		r.resumeAt, r.resumeTo = i+r.base, len(r.in)+r.base
	}
	s.undone(scanFrom, 0) // the exact steps make no repair
}

// appendOut appends p to the output, doubling its capacity when it is
// full (append grows a large slice by a quarter, which copies the output
// about four times over as it grows to its size).
func appendOut(out, p []byte) []byte {
	if len(out)+len(p) > cap(out) {
		grown := make([]byte, len(out), max(2*cap(out), len(out)+len(p), 4096))
		copy(grown, out)
		out = grown
	}
	return append(out, p...)
}

// reserveOut makes room for p after the end of out (growing it as
// appendOut does) and copies p there, leaving the length of out as it
// was: the exact steps then extend the length over it, step by step.
func reserveOut(out, p []byte) []byte {
	if len(out)+len(p) > cap(out) {
		grown := make([]byte, len(out), max(2*cap(out), len(out)+len(p), 4096))
		copy(grown, out)
		out = grown
	}
	copy(out[len(out):len(out)+len(p)], p)
	return out
}

// The output kept in blocks. The repaired text is the result, so it is
// all kept; but kept in one buffer, every doubling of the buffer copied
// the whole text in one chunk's time, so a chunk's cost grew with what
// came before it. Once the buffer holds outWindow bytes, trim moves what
// no step will edit again (all of it but a comma that may still be
// dropped) to a list of frozen blocks, and the reader goes on in the
// rest of the same array: a frozen block is a slice whose capacity ends
// where it ends, and nothing writes below the buffer's start, so its
// bytes never change, and freezing costs neither an allocation nor a
// copy. Only when the array is nearly full (less than outWindow/8 left)
// does the reader go on in a new one (outArray). Every output offset
// the reader and the watcher keep (a pending comma's, the first
// value's, the parsed mark, a root member's start) is relative to the
// buffer and moves with it. What needs the whole text (a reading's
// result, a root member's value, the complete value) joins the blocks:
// thaw, outSpan.

// outWindow is the size at which the output buffer is frozen (a
// variable: tests freeze a few bytes at a time).
var outWindow = 64 << 10

// outArray is the capacity of a new array for the output after a
// freeze, for rest bytes carried over: two windows, so that an array
// ends at most outWindow/8 bytes short of full, and the last one at
// most two windows (larger arrays, growing with the text, left more of
// the last one unused than they saved: docs/streams.md "Twelfth round").
func outArray(rest int) int {
	return 2*outWindow + rest
}

// freeze moves what no step will edit again to the frozen blocks, once
// the buffer holds freezeAt bytes: outWindow or, after a first freeze,
// less when its array is nearly full.
func (s *Incremental) freeze() {
	r := &s.r
	if s.thawed || len(r.out) < s.freezeAt {
		return
	}
	room := cap(r.out) - len(r.out)
	k := len(r.out)
	for f := range r.stack {
		if r.stack[f].commaIn >= 0 {
			k = min(k, r.stack[f].commaOut)
		}
	}
	if s.outLimit != nil {
		k = min(k, s.outLimit())
	}
	if k <= 0 {
		return
	}
	s.frozen = append(s.frozen, r.out[:k:k])
	s.outBase += k
	if room >= outWindow/8 {
		r.out = r.out[k:]
	} else {
		rest := make([]byte, len(r.out)-k, outArray(len(r.out)-k))
		copy(rest, r.out[k:])
		r.out = rest
	}
	// the next freeze: after a window, or when the array is nearly full
	// (one comparison a chunk in trim)
	s.freezeAt = min(outWindow, cap(r.out)-outWindow/8)
	s.shiftOut(-k)
	if s.onFreeze != nil {
		s.onFreeze(k)
	}
}

// shiftOut moves the reader's output offsets by d.
func (s *Incremental) shiftOut(d int) {
	r := &s.r
	for f := range r.stack {
		if r.stack[f].commaIn >= 0 {
			r.stack[f].commaOut += d
		}
	}
	r.firstOut += d
	r.outMark += d
}

// thaw joins the frozen blocks and the buffer into one buffer, and moves
// the offsets back, for a reading of the whole text. In a preview, the
// restore undoes it (and preview clears thawed); at the end it stays.
func (s *Incremental) thaw() {
	r := &s.r
	if s.outBase == 0 || s.thawed {
		return
	}
	// One allocation that is not cleared first: bytes.Join writes every
	// byte of what it allocates, where make cleared the whole text and
	// then the copies wrote it again (a tenth of a 1 MB feed's time
	// went to that clearing, docs/streams.md "Twelfth round"). The last
	// part is room for what the reading still writes (the input not yet
	// copied and a few closers), so that it is not copied once more.
	n := len(r.out)
	parts := make([][]byte, 0, len(s.frozen)+2)
	parts = append(append(parts, s.frozen...), r.out, make([]byte, len(r.in)-r.mark+64))
	r.out = bytes.Join(parts, nil)[:s.outBase+n]
	s.shiftOut(s.outBase)
	s.thawed = true
	if s.onThaw != nil {
		s.onThaw(s.outBase)
	}
}

// outStart is the offset, relative to the buffer, where the output
// begins: before the frozen blocks, unless thawed.
func (s *Incremental) outStart() int {
	if s.thawed {
		return 0
	}
	return -s.outBase
}

// outSpan returns the output from from to to, offsets relative to the
// buffer out (from may be negative: in the frozen blocks).
func (s *Incremental) outSpan(out []byte, from, to int) []byte {
	if from >= 0 {
		return out[from:to:to]
	}
	abs := s.outBase + from
	b := make([]byte, 0, to-from)
	pos := 0
	for _, blk := range s.frozen {
		if end := pos + len(blk); end > abs {
			b = append(b, blk[max(abs-pos, 0):]...)
		}
		pos += len(blk)
	}
	return append(b, out[:to]...)
}

// plainEnd returns the offset of the first byte from j on that a string
// does not hold as it is (a quote, a backslash, a control character, a
// byte of 0x80 and above; the plain table), len(b) when none: eight bytes
// at a time while eight are left, as core/jsonscan reads a string.
func plainEnd(b []byte, j int) int {
	n := len(b)
	for j+8 <= n {
		if m := plainMask(binary.LittleEndian.Uint64(b[j:])); m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
		j += 8
	}
	for j < n && plain[b[j]] {
		j++
	}
	return j
}

// plainMask returns a word whose lowest set bit is the high bit of the
// first byte of x (little-endian) that is not plain, 0 when all eight
// are. Bits above the lowest may be false alarms (a borrow runs on from
// a byte flagged rightly): only the lowest is read.
func plainMask(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q := x ^ (ones * '"')
	s := x ^ (ones * '\\')
	return ((x-ones*0x20)&^x | (q-ones)&^q | (s-ones)&^s | x) & highs
}
