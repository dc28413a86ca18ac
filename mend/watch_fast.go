package mend

import "sync/atomic"

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

// fastOff turns the fast path off (tests compare the paths); fastTaken
// counts the steps it took (tests check that it is taken).
var (
	fastOff   bool
	fastTaken atomic.Int64
)

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
	// offset k+shift, in a buffer whose spare capacity holds the input.
	full := r.out[:cap(r.out)]
	shift := len(r.out) - r.mark
	base := r.base
	rootObj := w.stack[0].kind == '{'
	deltas := !w.noDeltas

	i := r.i          // where the last step ended
	sm := r.syntaxMax // the syntax progress
	before, lastEnd, tokStart := s.before, r.lastEnd, r.tokStart
	took := 0 // steps taken
	status := fastStop
	undoAt, undoSt := -1, 0 // fastMore: the step exactSteps would account as undone
loop:
	for {
		j := i
		for j < n && isSpace(in[j]) {
			j++
		}
		if j >= n {
			status = fastMore
			break
		}
		d := len(r.stack)
		f := &r.stack[d-1]
		wf := &w.stack[d-1]
		c := in[j]
		end := 0        // a scalar's end
		open := byte(0) // a container that begins
		closes := false
		switch f.state {
		case stComma:
			switch {
			case c == ',':
				if f.kind == '{' {
					if d == 1 {
						break loop // a root member settles
					}
					f.state = stKey
				} else {
					f.state = stValue
				}
				f.commaIn = j
				f.commaOut = j + shift
			case c == closerOf(f.kind) && f.commaIn < 0:
				closes = true
			default:
				break loop
			}
		case stColon:
			if c != ':' {
				break loop
			}
			f.state = stValue
		case stKey:
			switch {
			case c == '"':
				if !wf.expectKey {
					break loop
				}
				e, st := s.exactString(j)
				switch st {
				case strGeneral:
					break loop
				case strOpen, strOpenNoResume:
					status, undoAt, undoSt = fastMore, j, st
					break loop
				}
				f.n++
				f.commaIn = -1
				f.key, f.keyCopied = span{j + 1, e - 1}, false
				f.state = stColon
				end = e
			case c == '}' && f.commaIn < 0:
				closes = true
			default:
				break loop
			}
		case stValue:
			if f.kind == '[' && c == ']' {
				if f.commaIn >= 0 {
					break loop
				}
				closes = true
				break
			}
			if d == 1 && rootObj {
				break loop // a root member's value
			}
			switch {
			case c == '{' || c == '[':
				if d >= r.maxDepth {
					break loop
				}
				open = c
			case c == '"':
				e, st := s.exactString(j)
				switch st {
				case strGeneral:
					break loop
				case strOpen, strOpenNoResume:
					status, undoAt, undoSt = fastMore, j, st
					break loop
				}
				end = e
			case c == '-' || isDigit(c):
				e := j + 1
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
				end = e
			case c == 't' || c == 'f' || c == 'n':
				e := j + 1
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
				end = e
			default:
				break loop
			}
			if open == 0 {
				elementBegins(f)
			}
		}
		if closes && (d == 1 || d == 2 && rootObj) {
			break // the root or a member of the root object ends
		}

		// The step is taken: the reader's part (enter).
		took++
		before = sm
		lastEnd = i
		tokStart = j
		if r.tokFirst < 0 {
			r.tokFirst = j + base
		}
		if p, owed := j+base, d; 1000*p >= (sm+1)*(p+owed) {
			if v := 1000 * p / (p + owed); v > sm {
				sm = v
			}
		}
		at := j + base
		switch {
		case closes:
			if c == '}' {
				r.settle()
			}
			i = j + 1
			r.stack = r.stack[:d-1]
			r.valueDone()
			if deltas {
				w.deltaAt(wf.path, OpEnd, rawNull, closerText(c), at)
			}
			w.stack = w.stack[:d-1]
			if pf := &w.stack[d-2]; pf.kind == '{' {
				w.fastEvent(EventMemberSettled, pf.keyPath, pf.key, i+base, sm)
			}
		case open != 0:
			elementBegins(f)
			st := stKey
			if open == '[' {
				st = stValue
			}
			r.stack = append(r.stack, frame{kind: open, state: st, openAt: j, commaIn: -1})
			i = j + 1
			path, plen := w.child(true)
			if !deltas {
			} else if open == '{' {
				w.deltaAt(path, OpBegin, rawObject, "{", at)
			} else {
				w.deltaAt(path, OpBegin, rawArray, "[", at)
			}
			w.stack = append(w.stack, wframe{kind: open, plen: plen, path: path, expectKey: open == '{'})
		case end > 0 && f.state == stColon:
			// a key
			i = end
			w.fastKey(wf, in[j:end], at, sm)
		case end > 0:
			i = end
			r.valueDone()
			path, _ := w.child(false)
			if deltas {
				w.deltaAt(path, OpSet, full[j+shift:end+shift:end+shift], "", at)
				if c == '"' && w.tentOn && w.tentPath == path {
					w.tentOn = false
				}
			}
			if wf.kind == '{' {
				w.fastEvent(EventMemberSettled, wf.keyPath, wf.key, i+base, sm)
			}
		default:
			// a comma or a colon
			i = j + 1
		}
	}
	if took > 0 {
		fastTaken.Add(int64(took))
		s.before = before
		r.lastEnd, r.tokStart = lastEnd, tokStart
		r.syntaxMax = sm
		r.i, r.mark = i, i
		r.out = full[:i+shift]
		w.emitted = len(r.out)
		r.outMark = w.emitted
		s.waitFor = 0
	}
	if status == fastMore {
		s.undoneExact(undoAt, undoSt)
	}
	return status
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

// fastKey is key with the syntax progress sm.
func (w *Watcher) fastKey(f *wframe, tok []byte, at, sm int) {
	body := tok[1 : len(tok)-1]
	plain := true
	for _, b := range body {
		if b == '\\' || b == '~' || b == '/' {
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
	w.fastEvent(EventMemberStarted, f.keyPath, f.key, at, sm)
}
