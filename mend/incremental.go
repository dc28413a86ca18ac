package mend

import (
	"bytes"
	"sort"

	"github.com/smithy-validation/go/core/limits"
)

// Incremental reads a text fed in chunks of any size (a byte at a time
// included) with the reader of [Repair], and after each chunk can say what
// the value is so far. [Incremental.Finish] returns what [Repair] returns
// for the concatenated text, whatever the chunking.
//
// The reader takes one step at a time (whitespace, then a token or a
// bracket). A step whose outcome could depend on bytes not fed yet (a
// string without its closing quote, a number whose digits may go on, a
// quote whose meaning depends on the rest of its line, prose whose end is
// not in sight) is undone and taken again with the next chunk; every
// other step is final. The input before the first unfinished step is let
// go, so what is kept of the input is the unfinished token (an open
// string, say) and the keys of the open containers, not the text consumed.
// The repaired text itself is kept: it is the result.
type Incremental struct {
	opts    Options
	r       reader
	fed     int // bytes fed
	maxSize int
	over    bool // fed more than maxSize
	started bool // the text before the first value has been read
	done    bool

	// positions of the repairs: line and column are found as the input
	// is let go
	line, lineStart int // the line at r.base, and the offset where it starts
	// a cursor for lineCol: the line of offset lcAt and where it starts
	// (moved forward over the input kept, so nothing is counted twice)
	lcAt, lcLine, lcLineStart int
	pending                   []int // repairs not yet placed
	seen                      int   // repairs added to pending so far

	// onStep, when set, is called after each final step (the watcher);
	// before is the syntax progress before that step.
	onStep  func()
	watch   *Watcher // the watcher, which takes the exact steps' tokens directly
	before  int
	waitFor int // take the unfinished step again once this much is kept (0: always)
	retried int // bytes of unfinished steps taken and undone, for tests
	// bytes the watcher's fast path took (watch_fast.go), for tests
	fastTaken int
	tailBuf   []byte
	keys      strArena // the keys of open containers, once their input is let go
	// the input before the first unfinished step at the last trim: let
	// go (Kept does not count it), moved out of the buffer by a later
	// trim once it is trimBatch long
	dead int

	// the output before the buffer r.out (incremental_exact.go)
	frozen  [][]byte
	outBase int // bytes in frozen
	// the buffer's length at which trim freezes it (outWindow, or less
	// when its array is nearly full)
	freezeAt int
	thawed   bool // r.out holds the whole output again
	// the watcher's: how far the output may be frozen, and the offsets
	// to move when it is frozen or thawed
	outLimit func() int
	onFreeze func(k int)
	onThaw   func(k int)
	// a preview's copies (previews do not nest)
	stackBuf    []frame
	previewTail []byte
}

// NewIncremental returns a reader for a text fed in chunks, read under
// opts as [Repair] reads it.
func NewIncremental(opts Options) *Incremental {
	s := &Incremental{opts: opts, line: 1, freezeAt: outWindow}
	s.maxSize = opts.MaxSize
	if s.maxSize <= 0 {
		s.maxSize = limits.DefaultMaxSize
	}
	r := &s.r
	r.skipProse, r.maxDepth, r.maxRepairs = opts.SkipProse, opts.MaxDepth, opts.MaxRepairs
	if r.maxDepth <= 0 {
		r.maxDepth = limits.DefaultMaxDepth
	}
	if r.maxRepairs <= 0 {
		r.maxRepairs = 1000
	}
	r.trackProgress = true
	r.deferWrap = true
	r.out = []byte{}
	return s
}

// Write feeds p; it implements io.Writer. It never fails: a text over
// the size limit, or a fatal condition, is reported by Finish (and by
// [Incremental.Err] as soon as it is certain).
func (s *Incremental) Write(p []byte) (int, error) {
	s.Feed(p)
	return len(p), nil
}

// Feed reads one more chunk of the text.
func (s *Incremental) Feed(chunk []byte) {
	if s.done {
		return
	}
	if s.over {
		s.fed += len(chunk)
		return
	}
	if room := s.maxSize - s.fed; len(chunk) > room {
		// The text is read to the bound, whatever the chunking (what a
		// watcher reports of it is the same), and no further: Repair
		// refuses the whole text at once; nothing more is kept.
		if room > 0 {
			s.Feed(chunk[:room])
		}
		s.fed += len(chunk) - room
		s.over = true
		s.r.in, s.dead = nil, 0
		return
	}
	s.fed += len(chunk)
	if s.r.fatal != nil {
		return
	}
	s.r.in = append(s.r.in, chunk...)
	if !s.fastChunk() {
		s.pump()
	}
	s.trim()
}

// fastChunk takes the chunk's steps with the watcher's fast path
// (watch_fast.go) directly when the reading is in its state, as pump and
// then exactSteps would take them, without their checks and calls at
// every chunk; it reports true when the fast path reached the end of the
// text so far, which ends pump too. Otherwise pump goes on from where
// the fast path stopped (its next step is the exact or general
// reader's, which the fast path takes again without a change first).
func (s *Incremental) fastChunk() bool {
	r := &s.r
	if s.watch == nil || !s.started || r.fatal != nil || s.waitFor != 0 || exactOff ||
		r.escaped || r.progressFrozen || r.values != 1 || r.wrapped || len(r.stack) == 0 || !s.watch.fastReady(r) {
		return false
	}
	pre := -1
	return s.fastSteps(&pre) == fastMore
}

// Bytes is how many bytes have been fed.
func (s *Incremental) Bytes() int { return s.fed }

// Err is the fatal condition found so far, nil when none: a text over the
// size limit, or nesting over the depth limit. Finish returns it too.
func (s *Incremental) Err() *Error {
	if s.over {
		return errSize(s.fed, s.maxSize)
	}
	return s.r.fatal
}

// Kept is how many bytes of input the reader holds: the unfinished step
// (a token whose end is not in sight yet) and nothing before it. (The
// input let go is moved out of the reader's buffer in batches: the
// buffer holds less than trimBatch bytes more than Kept.)
func (s *Incremental) Kept() int { return len(s.r.in) - s.dead }

// Step names where the text so far stopped, as [ReadinessResult.Step]
// does: empty, value, key, colon, comma, string, token or done.
func (s *Incremental) Step() string {
	step := ""
	s.preview(func(r *reader) { step = r.stepName })
	return step
}

// pump takes every step whose outcome is final.
func (s *Incremental) pump() {
	r := &s.r
	r.open = true
	defer func() { r.open = false }()
	if !s.started {
		if !s.retryDue() {
			return
		}
		t := s.save(false)
		r.hitEnd = false
		r.leading()
		if r.hitEnd {
			fixes := r.nrepairs - t.saved.nrepairs
			s.restore(&t)
			s.undone(r.i, fixes)
			return
		}
		s.waitFor = 0
		s.started = true
		s.commit()
	}
	for r.fatal == nil {
		if !s.retryDue() {
			return
		}
		if s.exactSteps() || r.fatal != nil {
			return
		}
		t := s.save(false)
		r.hitEnd = false
		s.before = r.syntaxMax
		scanFrom := r.i
		if r.resumeAt >= r.base+r.i && r.resumeTo > r.resumeAt {
			scanFrom = r.resumeTo - r.base // an open string's plain run is not read again
		}
		more := r.advance()
		if r.hitEnd || !more {
			fixes := r.nrepairs - t.saved.nrepairs
			s.restore(&t)
			s.undone(scanFrom, fixes)
			return
		}
		s.waitFor = 0
		s.commit()
	}
}

// retryBound is the cost of a try (bytes read again, and repairCost
// for each repair the try made) from which an unfinished step is taken
// again only when the input kept has doubled since the last try.
const retryBound = 16 << 10

// repairCost is what a repair made by a try counts for against
// retryBound, in bytes read again. A byte of a double-quoted string read
// again without a repair costs about 1 ns, a repair about 20 (its record,
// its replacement written: BenchmarkRetry, 2 KiB of invalid UTF-8, a
// repair a byte, 25 ns a byte; an invalid escape and 2 KiB of plain
// bytes, 1.4 ns a byte). A step dense in repairs is taken again at every
// chunk up to 1 KiB or so, not 16 KiB: a key of 16 KiB of invalid UTF-8
// fed a byte at a time cost 2.7 s, quadratic up to the bound.
const repairCost = 16

// retryDue reports whether the unfinished step is worth taking again
// now. A step is taken again with every chunk while what it reads again
// is short: a short step, or a double-quoted string read without a
// repair, whose scan resumes where it stopped. Once a try cost
// retryBound or more (a long string with repairs in it, long prose, a
// string of a thousand repairs), the step is taken again only when what is kept has
// doubled: the work stays linear in the input, and the step's deltas
// and events come a little later, never different.
//
// The bound is on what a try reads again, not on what is kept: a string
// whose first bytes were plain keeps the mark of its resumable scan
// after a repair is found in it, and that mark exempted it from the
// doubling at every size (64 KiB of invalid UTF-8 fed a byte at a time
// read 2.1 G bytes again).
func (s *Incremental) retryDue() bool {
	r := &s.r
	return s.waitFor == 0 || len(r.in)-r.i >= s.waitFor
}

// undone notes an unfinished step taken and undone, read again from
// offset from, which made fixes repairs.
func (s *Incremental) undone(from, fixes int) {
	r := &s.r
	kept := len(r.in) - r.i
	again := len(r.in) - from
	s.retried += again
	if again+repairCost*fixes >= retryBound {
		s.waitFor = 2 * kept
	} else {
		s.waitFor = 0
	}
}

// commit makes a step's output part of the text so far.
func (s *Incremental) commit() {
	r := &s.r
	if r.mark < r.i {
		r.out = appendOut(r.out, r.in[r.mark:r.i])
		r.mark = r.i
	}
	if s.onStep != nil {
		s.onStep()
	}
}

// txn is what a step may change, to undo it.
type txn struct {
	saved    reader
	stack    []frame // the whole stack (previews), or nil
	top      frame
	lastFix  Fix
	lastRoot bool
	tailFrom int
	tail     []byte
	step     bool // one step (save(false)), not a preview
}

// save records the state before a step (all=false: one step, which
// changes at most the top frame) or before a preview of the end (all).
func (s *Incremental) save(all bool) txn {
	r := &s.r
	t := txn{saved: *r, tailFrom: len(r.out), step: !all}
	if n := len(r.stack); n > 0 {
		t.top = r.stack[n-1]
		if all {
			s.stackBuf = append(s.stackBuf[:0], r.stack...)
			t.stack = s.stackBuf
		}
		// Only the top frame can hold a comma not yet followed by an
		// element; dropping it edits the output before its end.
		if t.top.commaIn >= 0 && t.top.commaOut < t.tailFrom {
			t.tailFrom = t.top.commaOut
		}
	}
	if all {
		s.previewTail = append(s.previewTail[:0], r.out[t.tailFrom:]...)
		t.tail = s.previewTail
	} else {
		// one step at a time: the buffer is reused
		s.tailBuf = append(s.tailBuf[:0], r.out[t.tailFrom:]...)
		t.tail = s.tailBuf
	}
	if n := len(r.repairs); n > 0 {
		t.lastFix = r.repairs[n-1]
	}
	if n := len(r.rootMembers); n > 0 {
		t.lastRoot = r.rootMembers[n-1]
	}
	return t
}

func (s *Incremental) restore(t *txn) {
	r := &s.r
	in := r.in
	out, repairs := r.out, r.repairs
	resumeAt, resumeTo := r.resumeAt, r.resumeTo
	*r = t.saved
	r.in = in
	r.resumeAt, r.resumeTo = resumeAt, resumeTo
	if t.step {
		// One step undone: when it grew the output's or the repairs'
		// array, the grown one is kept (up to tailFrom it holds what the
		// saved one holds, and the last repair is put back below), so
		// that the step taken again does not grow them again. A step
		// taken again at every chunk (a string with a repair in it cut a
		// byte at a time) grew both at each try: 280 KB allocated a
		// byte for a 2 KiB key of invalid UTF-8, its 1000 repairs most
		// of it (docs/streams.md, "Retried steps"). A preview's reading
		// may hand its arrays to a result: it keeps the saved ones.
		if cap(out) > cap(r.out) && len(out) >= t.tailFrom {
			r.out = out[:t.tailFrom]
		}
		if cap(repairs) > cap(r.repairs) && len(repairs) >= len(r.repairs) {
			r.repairs = repairs[:len(r.repairs)]
		}
	}
	r.out = append(r.out[:t.tailFrom], t.tail...)
	if t.stack != nil {
		r.stack = append(r.stack[:0], t.stack...)
	} else if n := len(r.stack); n > 0 {
		r.stack[n-1] = t.top
	}
	if n := len(r.repairs); n > 0 {
		r.repairs[n-1] = t.lastFix
	}
	if n := len(r.rootMembers); n > 0 {
		r.rootMembers[n-1] = t.lastRoot
	}
}

// trimBatch is how much input let go the reader's buffer holds before
// trim moves it out (a variable: tests move it out at every chunk).
// Moving it out costs about 150 instructions whatever its size (the
// open frames' offsets, the rest moved to the buffer's start, the line
// count's call): done at every 64-byte chunk it was 2.5 M of a 1 MB
// feed's 74 M (docs/streams.md, "Ninth round").
var trimBatch = 4 << 10

// trim lets go of the input before the first unfinished step: it places
// the repairs made there and copies the keys of the open containers.
// What is let go leaves the buffer once it is trimBatch long (Kept does
// not count it before).
func (s *Incremental) trim() {
	r := &s.r
	cut := r.i
	if n := len(r.stack); n > 0 && r.stack[n-1].commaIn >= 0 && r.stack[n-1].commaIn < cut {
		cut = r.stack[n-1].commaIn
	}
	if cut <= 0 || r.fatal != nil {
		if cut <= 0 {
			s.dead = 0
		}
		return
	}
	if r.mark < cut {
		r.out = appendOut(r.out, r.in[r.mark:cut])
		r.mark = cut
	}
	if s.dead = cut; cut < trimBatch {
		if len(r.out) >= s.freezeAt {
			s.freeze()
		}
		return
	}
	s.dead = 0
	s.place(r.in[:cut])
	for k := range r.stack {
		f := &r.stack[k]
		if !f.keyCopied && f.n > 0 && f.kind == '{' && f.key.from < cut {
			f.keyText, f.keyCopied = s.keys.bytes(r.in[f.key.from:f.key.to]), true
		}
		f.openAt -= cut
		if f.commaIn >= 0 {
			f.commaIn -= cut
		}
		f.key.from -= cut
		f.key.to -= cut
	}
	r.base += cut
	r.i -= cut
	r.mark -= cut
	r.lastEnd -= cut
	r.firstIn -= cut
	r.tokStart -= cut
	// Keep the buffer small: copy what is left to its start. The
	// look-ahead caches hold offsets in the old buffer: they go.
	n := copy(r.in, r.in[cut:])
	r.in = r.in[:n]
	r.lineEnd, r.commentEnd = search{}, search{}
	s.freeze()
}

// place fills in the line and column of the repairs that fall in text
// (the input from r.base on, about to be let go) and moves the line count
// past it.
func (s *Incremental) place(text []byte) {
	r := &s.r
	if len(s.pending) == 0 && s.seen == len(r.repairs) {
		// no repair to place (JSON as written): only the line count
		// moves, with one search a line instead of a count and a
		// backward scan of the whole text
		for k := bytes.IndexByte(text, '\n'); k >= 0; {
			s.line++
			s.lineStart = r.base + k + 1
			next := bytes.IndexByte(text[k+1:], '\n')
			if next < 0 {
				break
			}
			k += next + 1
		}
		return
	}
	for ; s.seen < len(r.repairs); s.seen++ {
		s.pending = append(s.pending, s.seen)
	}
	end := r.base + len(text)
	var pts []point
	keep := s.pending[:0]
	for _, k := range s.pending {
		if f := &r.repairs[k]; f.Offset < end {
			pts = append(pts, point{f.Offset, &f.Line, &f.Column})
		} else {
			keep = append(keep, k)
		}
	}
	s.pending = keep
	s.line, s.lineStart = locateFrom(text, r.base, s.line, s.lineStart, pts)
}

// placeRest places every repair not placed yet, and e, in the input kept
// (the end of the text), leaving the pending list as it was.
func (s *Incremental) placeRest(rs []Fix, e *Error) {
	r := &s.r
	var pts []point
	for _, k := range s.pending {
		pts = append(pts, point{rs[k].Offset, &rs[k].Line, &rs[k].Column})
	}
	for k := s.seen; k < len(rs); k++ {
		pts = append(pts, point{rs[k].Offset, &rs[k].Line, &rs[k].Column})
	}
	if e != nil {
		pts = append(pts, point{e.Offset, &e.Line, &e.Column})
	}
	locateFrom(r.in, r.base, s.line, s.lineStart, pts)
}

var nl = []byte{'\n'}

type point struct {
	off  int
	l, c *int
}

// locateFrom places pts (offsets from base on) in text, which begins at
// offset base on line `line` starting at lineStart; it returns the line
// and its start at the end of text.
func locateFrom(text []byte, base, line, lineStart int, pts []point) (int, int) {
	if len(pts) == 0 {
		// only the line count moves
		if n := bytes.Count(text, nl); n > 0 {
			line += n
			lineStart = base + bytes.LastIndexByte(text, '\n') + 1
		}
		return line, lineStart
	}
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].off < pts[j].off })
	pos, end := base, base+len(text)
	for _, p := range pts {
		for pos < p.off && pos < end {
			if text[pos-base] == '\n' {
				line++
				lineStart = pos + 1
			}
			pos++
		}
		*p.l = line
		*p.c = p.off - lineStart + 1
	}
	for pos < end {
		if text[pos-base] == '\n' {
			line++
			lineStart = pos + 1
		}
		pos++
	}
	return line, lineStart
}

// preview runs fn on the reading of the text so far as if it ended here
// (what [Repair] would read), then undoes it.
func (s *Incremental) preview(fn func(r *reader)) {
	r := &s.r
	t := s.save(true)
	r.open = false
	if !s.started {
		r.leading()
	}
	if r.fatal == nil {
		r.run2()
	}
	thawed := s.thawed
	fn(r)
	s.restore(&t)
	if s.thawed && !thawed {
		s.thawed = false // the restore put the buffer back
		if s.onThaw != nil {
			s.onThaw(-s.outBase)
		}
	}
}

// run2 takes the remaining steps and finishes (after leading).
func (r *reader) run2() {
	for r.fatal == nil && r.advance() {
	}
}

// Snapshot returns what [Repair] returns for the text fed so far. It
// costs a copy of the repaired text: call it when the value is wanted,
// not after every chunk. After [Incremental.Finish] it returns an error
// (the final result is Finish's).
func (s *Incremental) Snapshot() (*Result, error) {
	if s.done {
		// the final result's text is the output itself: nothing reads
		// the output again, not even a preview
		return nil, &Error{Code: CodeDeclaration, Exit: ExitUsage, Message: "the incremental reading is already finished"}
	}
	if s.over {
		return nil, s.Err()
	}
	var res *Result
	var err error
	s.preview(func(r *reader) {
		g := s.readingOf(r)
		res, err = repairOf(g, &s.opts)
		if res != nil {
			cp := *res
			cp.Repairs = append([]Fix{}, res.Repairs...)
			res = &cp
		}
	})
	return res, err
}

// readingOf builds the reading of a finished pass r.
func (s *Incremental) readingOf(r *reader) *reading {
	s.thaw()
	g := r.reading(s.placeRest, false)
	g.place.mode = unplaced(g)
	return g
}

// Finish reads the end of the text and returns what [Repair] returns for
// the whole text fed. The reader is done: later Feeds are ignored. The
// result's Text is the reader's output itself, not a copy of it.
func (s *Incremental) Finish() (*Result, error) {
	if s.done {
		return nil, &Error{Code: CodeDeclaration, Exit: ExitUsage, Message: "the incremental reading is already finished"}
	}
	s.done = true
	g := s.finishReading()
	return repairOf(g, &s.opts)
}

// finishReading reads the rest as a text that ends here.
func (s *Incremental) finishReading() *reading {
	if s.over {
		e := errSize(s.fed, s.maxSize)
		return &reading{fatal: e, res: Result{Completeness: Empty, Repairs: []Fix{}}}
	}
	r := &s.r
	if s.waitFor != 0 && r.fatal == nil {
		// The steps that the doubling rule (retryDue) left waiting are
		// taken now, one by one, as a feed takes them: their deltas and
		// events keep the offsets where they became certain, as if the
		// text had come in one chunk. The unfinished last step, if any,
		// is read below as the end of the text.
		s.waitFor = 0
		s.pump()
	}
	r.open = false
	if r.fatal == nil {
		if !s.started {
			s.started = true
			r.leading()
		}
		if r.fatal == nil {
			r.run2()
		}
	}
	// The reading is the last: its output is never written again, so
	// the result's text is that output, not a copy of it (for a long
	// value the copy cost as much as Repair of the whole text).
	s.thaw()
	g := r.reading(s.placeRest, true)
	g.place.mode = unplaced(g)
	return g
}

// lineCol returns the line and column (1-based, in bytes) of the absolute
// offset at, which must not precede the input kept (a position that may
// be reported after its input is let go is taken as a spot while held).
// Offsets asked in increasing order cost the bytes between them.
func (s *Incremental) lineCol(at int) (int, int) {
	r := &s.r
	if s.lcLine == 0 || s.lcAt < r.base || at < s.lcAt {
		s.lcAt, s.lcLine, s.lcLineStart = r.base, s.line, s.lineStart
	}
	if end := min(at, r.base+len(r.in)); end > s.lcAt {
		seg := r.in[s.lcAt-r.base : end-r.base]
		if n := bytes.Count(seg, newline); n > 0 {
			s.lcLine += n
			s.lcLineStart = s.lcAt + bytes.LastIndexByte(seg, '\n') + 1
		}
		s.lcAt = end
	}
	return s.lcLine, at - s.lcLineStart + 1
}

var newline = []byte{'\n'}

// spot is an input offset with its line and column, taken while the input
// there is held: a finding reported later, when that input may have been
// let go, still says where it is.
type spot struct{ at, line, col int }

// spotOf takes the spot of the absolute offset at (kept input).
func (s *Incremental) spotOf(at int) spot {
	l, c := s.lineCol(at)
	return spot{at, l, c}
}
