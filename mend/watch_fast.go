package mend

import (
	"encoding/binary"
	"math/bits"
)

// The watcher's fast path. Deep in a value (below the root and its
// members), a step of JSON as written changes the reader in a few fields
// and gives the watcher one record at most; taken by exactSteps and then
// exactStep, each step paid two dispatches on its byte, a call for each
// effect, and every field of both read and written through memory.
// fastSteps takes those steps in one loop with the reader's position,
// progress and output offset in locals, and writes the watcher's records
// in place. It has the same effects, in the same order, as exactSteps
// followed by exactStep, and it stops, with the reader and the watcher as
// they would be, at the first step that is not its own: a token of the
// root or of a root member (the declaration's checks, the open-string
// judge, complete), a comma before a closer, anything a repair could
// touch. exactSteps takes that step. TestFastStepsAreTheExactSteps and
// FuzzFastSteps compare the three paths (fast, exact, general) on every
// feed, delta, event and final result.
//
// With a declaration the fast path is not taken: the declaration's
// judges (kinds, open strings, nested strings) see every step through
// exactStep and parse, and this loop stays free of their checks.

// fastOff turns the fast path off (tests compare the paths). The bytes
// it took are counted in the reader's fastTaken (tests check that it is
// taken): a field, not a shared atomic counter, whose locked add at
// every chunk cost tens of cycles.
var fastOff bool

// What fastSteps found.
const (
	fastStop = iota // the next step is exactSteps' own
	fastMore        // the text so far ends in the next step (accounted as undone)
)

// fastReady reports whether the watcher and the reader are in the state
// fastSteps starts from: one value, no declaration, the output all
// parsed, the stacks alike.
func (w *Watcher) fastReady(r *reader) bool {
	return !fastOff && w.decl == nil && w.tops == 1 && !w.wrapped && !w.partial && !w.previewing &&
		r.shifted == 0 && r.mark == r.i && w.emitted == len(r.out) && len(w.stack) == len(r.stack)
}

// fastSteps takes the steps deep in the value from r.i on. pre is
// exactSteps' mark of the input copied past the output's end.
//
// Two of the reader's effects are left out because deep in the value
// they do nothing: settle and valueDone change only the root object's
// members (its commas, its members' values and closers), whose steps
// are exactSteps' own.
func (s *Incremental) fastSteps(pre *int) int {
	r := &s.r
	w := s.watch
	in := r.in
	n := len(in)
	if *pre < r.i {
		r.out = reserveOut(r.out, in[r.mark:n])
		*pre = n
	}
	// The output of these steps is their input: input offset k is output
	// offset k+len(r.out)-r.mark, in a buffer whose spare capacity holds
	// the input (fastOut); r.i, r.mark and r.out are written once, when
	// the loop ends. Few values live across the loop's steps, so that Go
	// keeps them in registers: low is the depth at and above which a
	// closer or a root member is exactSteps' own (the root's, and a root
	// object's members').
	low := 1
	if w.stack[0].kind == '{' {
		low = 2
	}
	i := r.i          // where the last step ended
	sm := r.syntaxMax // the syntax progress
	status, undoAt, undoSt := fastStop, -1, 0
	d := len(r.stack)  // the depth
	f := &r.stack[d-1] // the innermost container, the reader's
loop:
	for {
		j := i
		if j >= n {
			status = fastMore
			break
		}
		c := in[j]
		var e int
		if c <= ' ' {
			// whitespace first (a space after a colon or a comma):
			// skipped here, so that a step without any pays one test
			for space[c] {
				if j++; j >= n {
					break
				}
				c = in[j]
			}
			if j >= n {
				status = fastMore
				break
			}
		}
		switch f.state {
		case stColon:
			if c != ':' {
				break loop
			}
			sm = s.fastEnter(j, d, sm)
			f.state = stValue
			i = j + 1
			continue
		case stComma:
			if c == ',' {
				if f.kind == '{' {
					if d == 1 {
						break loop // a root member settles
					}
					f.state = stKey
				} else {
					f.state = stValue
				}
				sm = s.fastEnter(j, d, sm)
				f.commaIn, f.commaOut = j, j+len(r.out)-r.mark
				i = j + 1
				continue
			}
			if c != closerOf(f.kind) || f.commaIn >= 0 || d <= low {
				break loop
			}
			goto closer
		case stKey:
			if c == '"' {
				wf := &w.stack[d-1]
				if !wf.expectKey {
					break loop
				}
				// a short plain key read byte by byte in the loop, as
				// quickString reads it (its key case), without the call
				e := j + 1
				for e < n && keyQuick[in[e]] {
					e++
				}
				if e > j+1 && e+1 < n && in[e] == '"' && closesQuick[in[e+1]] {
					e++
				} else {
					e = quickString(in, j, true)
				}
				plainKey := e >= 0
				if e == quickOpen {
					status, undoAt, undoSt = fastMore, j, strOpen
					break loop
				}
				if !plainKey {
					var st int
					e, st = s.exactString(j)
					if st != strClosed {
						if st != strGeneral {
							status, undoAt, undoSt = fastMore, j, st
						}
						break loop
					}
				}
				sm = s.fastEnter(j, d, sm)
				f.n++
				f.commaIn = -1
				f.key, f.keyCopied = span{j + 1, e - 1}, false
				f.state = stColon
				i = e
				if plainKey {
					// the key's path is its body as it is (all keyPlain)
					wf.keyPath = w.strs.join(w.pbuf[:wf.plen], '/', in[j+1:e-1])
					wf.key = wf.keyPath[wf.plen+1:]
					wf.expectKey = false
					// the reader's copy of the key (keyOf), the same
					// bytes: trim need not copy them when it lets the
					// input go
					f.keyText, f.keyCopied = wf.key, true
					w.fastEvent(EventMemberStarted, wf.keyPath, wf.key, j+r.base, sm)
				} else {
					w.fastKey(wf, in[j:e], j+r.base, sm)
				}
				if i < n && in[i] == ':' {
					// the colon right after the key: its step, as
					// stColon's below, without going round the loop
					sm = s.fastEnter(i, d, sm)
					f.state = stValue
					i++
				}
				continue
			}
			if c != '}' || f.commaIn >= 0 || d <= low {
				break loop
			}
			goto closer
		case stValue:
		default:
			break loop
		}
		// a value
		if c == ']' && f.kind == '[' {
			if f.commaIn >= 0 || d <= low {
				break loop
			}
			goto closer
		}
		if d == 1 && low == 2 {
			break loop // a root member's value
		}
		switch {
		case c == '{' || c == '[':
			if d >= r.maxDepth {
				break loop
			}
			sm = s.fastEnter(j, d, sm)
			elementBegins(f)
			st := stKey
			if c == '[' {
				st = stValue
			}
			r.stack = append(r.stack, frame{kind: c, state: st, openAt: j, commaIn: -1})
			d++
			f = &r.stack[d-1]
			i = j + 1
			w.fastOpen(c, j+r.base)
			continue
		case c == '"':
			if e = quickString(in, j, false); e >= 0 {
				break
			} else if e == quickOpen {
				status, undoAt, undoSt = fastMore, j, strOpen
				break loop
			}
			var st int
			e, st = s.exactString(j)
			if st != strClosed {
				if st != strGeneral {
					status, undoAt, undoSt = fastMore, j, st
				}
				break loop
			}
		case c == '-' || isDigit(c):
			e = j + 1
			for e < n && isDigit(in[e]) {
				e++
			}
			if e < n && !isNumChar(in[e]) && c != '-' && (c != '0' || e == j+1) {
				// an integer without sign or leading zero, ended by
				// what is no number's byte: the run below ends there
				// too and isJSONNumber takes it
				if b := in[e]; isIdentChar(b) || b == ':' || b >= 0x80 {
					break loop
				}
				break
			}
			for e < n && isNumChar(in[e]) {
				e++
			}
			if e >= n {
				status, undoAt = fastMore, j // more digits may come
				break loop
			}
			if b := in[e]; isIdentChar(b) || b == ':' || b >= 0x80 || !isJSONNumber(in[j:e]) {
				break loop
			}
		case c == 't' || c == 'f' || c == 'n':
			e = j + 1
			for e < n && isIdentChar(in[e]) {
				e++
			}
			k := e
			for k < n && (in[k] == ' ' || in[k] == '\t') {
				k++
			}
			if k >= n {
				status, undoAt = fastMore, j
				break loop
			}
			if b := in[k]; b != ',' && b != '}' && b != ']' && b != '\n' && b != '\r' {
				break loop
			}
			switch string(in[j:e]) {
			case "true", "false", "null":
			default:
				break loop
			}
		default:
			break loop
		}
		// a scalar from j to e
		sm = s.fastEnter(j, d, sm)
		elementBegins(f)
		i = e
		if wf := &w.stack[d-1]; wf.kind == '{' {
			// a member's value (fastScalar's first case, without the call)
			wf.expectKey = true
			if !w.noDeltas {
				// fastSet, without the call
				w.deltaAt(wf.keyPath, OpSet, r.fastOut(j, e), "", j+r.base)
				if c == '"' && w.tentOn && w.tentPath == wf.keyPath {
					w.tentOn = false
				}
			}
			w.fastEvent(EventMemberSettled, wf.keyPath, wf.key, e+r.base, sm)
			if i < n && in[i] == ',' {
				// the comma right after the member: its step, as
				// stComma's above (d > 1: a root member's value is
				// exactSteps' own)
				sm = s.fastEnter(i, d, sm)
				f.state = stKey
				f.commaIn, f.commaOut = i, i+len(r.out)-r.mark
				i++
			}
			continue
		}
		w.fastScalar(d-1, c, r.fastOut(j, e), j+r.base, e+r.base, sm)
		continue
	closer:
		// the closer c at j of the container at depth d (not the root
		// nor a member of the root object): the reader pops it, the
		// watcher writes its end and the member it was settles (one
		// place for the three kinds of closing steps, written in the
		// loop instead of a call)
		sm = s.fastEnter(j, d, sm)
		r.stack = r.stack[:d-1]
		if !w.noDeltas {
			w.deltaAt(w.stack[d-1].path, OpEnd, rawNull, closerText(c), j+r.base)
		}
		w.stack = w.stack[:d-1]
		if pf := &w.stack[d-2]; pf.kind == '{' {
			w.fastEvent(EventMemberSettled, pf.keyPath, pf.key, j+1+r.base, sm)
		}
		i = j + 1
		d--
		f = &r.stack[d-1]
	}
	if i != r.i {
		// enter's bookkeeping, once: where the first step began, if
		// nothing set it since it was cleared; the last step's progress
		// before it, where it began and where the step before ended are
		// read by no one before the next step (exactSteps' enter, the
		// general reader's advance, undoneExact and Finish write them
		// first), and are left as an empty step at i
		if r.tokFirst < 0 {
			j := r.i
			for space[in[j]] {
				j++
			}
			r.tokFirst = j + r.base
		}
		s.before = sm
		r.lastEnd, r.tokStart = i, i
		s.fastTaken += i - r.i
		r.syntaxMax = sm
		r.out = r.out[:len(r.out)+i-r.mark]
		r.i, r.mark = i, i
		w.emitted = len(r.out)
		r.outMark = w.emitted
		s.waitFor = 0
	}
	if status == fastMore {
		s.undoneExact(undoAt, undoSt)
	}
	return status
}

// fastOut is the output of the input from j to e, in the spare capacity
// of r.out (the input copied there by fastSteps' reserveOut).
func (r *reader) fastOut(j, e int) []byte {
	sh := len(r.out) - r.mark
	return r.out[j+sh : e+sh : e+sh]
}

// fastEnter begins the step at j in a frame at depth d, as enter does
// for the syntax progress: sm is the progress before it, the progress
// after it is returned. enter's other effects are written once, when
// fastSteps ends (what the steps before the last wrote there, nothing
// reads): the step's bookkeeping (before, lastEnd, tokStart) stored at
// every step was about 10 instructions of its 140.
func (s *Incremental) fastEnter(j, d, sm int) int {
	// progress(0), with the values count at 1: owed is the depth (from
	// 999 on no step raises it: 1000*p/(p+d) < 1000, so the product is
	// not worked out again at every step of a long value)
	if sm < 999 {
		if p := j + s.r.base; 1000*p >= (sm+1)*(p+d) {
			if v := 1000 * p / (p + d); v > sm {
				sm = v
			}
		}
	}
	return sm
}

// fastOpen is the watcher's part of a container c that begins at the
// input offset at (exactStep's too, before its declaration's hook).
func (w *Watcher) fastOpen(c byte, at int) {
	path, plen := w.child(true)
	if w.noDeltas {
	} else if c == '{' {
		w.deltaAt(path, OpBegin, rawObject, "{", at)
	} else {
		w.deltaAt(path, OpBegin, rawArray, "[", at)
	}
	w.stack = append(w.stack, wframe{kind: c, plen: plen, path: path, expectKey: c == '{'})
}

// fastScalar is the watcher's part of a scalar val (c its first byte)
// in the container at stack index k, from input offset at to end.
func (w *Watcher) fastScalar(k int, c byte, val []byte, at, end, sm int) {
	f := &w.stack[k]
	if f.kind == '{' {
		f.expectKey = true
		if !w.noDeltas {
			w.fastSet(f.keyPath, c, val, at)
		}
		w.fastEvent(EventMemberSettled, f.keyPath, f.key, end, sm)
		return
	}
	f.n++
	if w.noDeltas {
		return
	}
	// the element's path: its container's, a slash and its index
	w.fastSet(w.strs.index(w.pbuf[:f.plen], f.n-1), c, val, at)
}

// fastSet appends the set delta of the scalar val at path; a string
// set there ends its preview.
func (w *Watcher) fastSet(path string, c byte, val []byte, at int) {
	w.deltaAt(path, OpSet, val, "", at)
	if c == '"' && w.tentOn && w.tentPath == path {
		w.tentOn = false
	}
}

// fastEvent appends a member_started or member_settled event with
// syntax progress sm (as memberEvent does with the reader's).
func (w *Watcher) fastEvent(kind, path, key string, at, sm int) {
	if len(w.events) == cap(w.events) {
		w.events = append(w.events, Event{})[:len(w.events)]
	}
	w.events = w.events[:len(w.events)+1]
	e := &w.events[len(w.events)-1]
	if sm > 999 {
		sm = 999
	}
	e.Kind, e.Path, e.Key, e.At, e.Permille, e.Value, e.Finding = kind, path, key, at, sm, nil, nil
}

// keyPlain marks the bytes a key's path takes as they are: not an
// escape, nor what a JSON Pointer escapes.
var keyPlain = func() (t [256]bool) {
	for c := range t {
		t[c] = c != '\\' && c != '~' && c != '/'
	}
	return t
}()

// keyQuick marks the bytes quickString takes in a key's body as they
// are: plain and keyPlain.
var keyQuick = func() (t [256]bool) {
	for c := range t {
		t[c] = plain[c] && keyPlain[c]
	}
	return t
}()

// closesQuick marks the bytes after a closing quote at which quickString
// finds the string closed.
var closesQuick = [256]bool{',': true, ':': true, '}': true, ']': true}

// setKey reads the key token tok (quotes included) into the frame f: the
// key and its member's path, taken from the token as it is when no byte
// needs unescaping or pointer escaping. key and fastKey share it.
func (w *Watcher) setKey(f *wframe, tok []byte) {
	body := tok[1 : len(tok)-1]
	plain := true
	for _, b := range body {
		if !keyPlain[b] {
			plain = false
			break
		}
	}
	if plain {
		f.keyPath = w.strs.join(w.pbuf[:f.plen], '/', body)
		f.key = f.keyPath[f.plen+1:]
	} else {
		f.key = unquote(tok)
		f.keyPath = w.strs.join(w.pbuf[:f.plen], '/', []byte(escapePointer(f.key)))
	}
	f.expectKey = false
}

// quickString is exactString's common case on JSON as written, in one
// pass and no call: the string opened at j has a body of plain bytes
// (printable ASCII, no quote nor backslash; for a key, keyPlain too: no
// '~' nor '/') and, in a value, escapes of two bytes (\n, \", ...), is
// not empty, and its closing quote is followed at once by ',', ':', '}'
// or ']'. It returns the offset after the closing quote, where
// exactString would find the string closed; quickOpen when the text ends
// in the string and every byte of it so far was taken (exactString finds
// such a string open, strOpen, at the text's end: read again, it was
// scanned twice at every chunk's end); or -1 for anything else
// (exactString then reads the string, as before: it decides the same on
// these strings, and resuming an open string's scan only skips bytes it
// already found plain or escaped).
func quickString(in []byte, j int, key bool) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	n := len(in)
	k := j + 1
	if k >= n {
		return quickOpen
	}
	if in[k] == '"' {
		return -1
	}
	for {
		for ; k+8 <= n; k += 8 {
			x := binary.LittleEndian.Uint64(in[k:])
			m := plainMask(x)
			if key {
				t, u := x^(ones*'~'), x^(ones*'/')
				m |= ((t-ones)&^t | (u-ones)&^u) & highs
			}
			if m != 0 {
				k += bits.TrailingZeros64(m) >> 3
				goto end
			}
		}
		for k < n && plain[in[k]] && (!key || keyPlain[in[k]]) {
			k++
		}
	end:
		if k >= n {
			return quickOpen
		}
		if k+1 >= n {
			return -1
		}
		if in[k] != '\\' || key {
			break
		}
		switch in[k+1] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			k += 2
		default:
			return -1
		}
	}
	if in[k] != '"' {
		return -1
	}
	switch in[k+1] {
	case ',', ':', '}', ']':
		return k + 1
	}
	return -1
}

// quickOpen is what quickString returns for a string open at the text's
// end, all of it taken so far.
const quickOpen = -2

// fastKey is key with the syntax progress sm.
func (w *Watcher) fastKey(f *wframe, tok []byte, at, sm int) {
	w.setKey(f, tok)
	w.fastEvent(EventMemberStarted, f.keyPath, f.key, at, sm)
}

// space marks JSON's four whitespace bytes.
var space = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}
