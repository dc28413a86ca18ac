package mend

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The reader is one pass over the input that writes the output while it
// reads. Output is kept as spans: until the first repair nothing is
// copied, and a repair flushes the input since the last repair, then
// writes its replacement ([reader.edit]). Valid JSON is therefore never
// copied and comes back byte for byte.
//
// The state is the container stack and the position: tokens (a string, a
// number, a literal) are read whole, containers are frames on the stack,
// so the loop in [reader.run] can stop between tokens and continue (the
// shape an incremental reader needs).

type frameState uint8

const (
	stValue frameState = iota // array: expects an element or ']'; object: expects the member's value
	stKey                     // object: expects a key or '}'
	stColon                   // object: after a key
	stComma                   // after a value: expects ',' or the closing bracket
)

type frame struct {
	kind     byte // '{' or '['
	state    frameState
	openAt   int  // input offset of the opening bracket
	commaIn  int  // input offset of a comma not yet followed by an element; -1 when none
	commaOut int  // that comma's offset in the output
	key      span // the last key read (objects), for paths in messages
	n        int  // elements or members begun

	keyText   string // the key's text once the input under key was let go (incremental reading)
	keyCopied bool
}

type reader struct {
	in   []byte
	seek *seeker // set when the reading looks for values (valueSpots)
	// 1 + the absolute input offset of the first byte the output changes
	// (0: none yet): before it, the output is the input byte for byte
	changed int
	out     []byte // nil until the first edit
	mark    int    // input offset up to which out accounts for the input
	i       int

	skipProse bool
	maxDepth  int

	stack []frame

	repairs    []Fix
	nrepairs   int
	maxRepairs int
	lossy      bool
	ambiguous  bool
	loss       int

	// top-level values
	values      int  // top-level values begun
	firstIn     int  // input offset where the first value starts
	firstOut    int  // its offset in the output
	wrapped     bool // the output wraps concatenated values in '[' ... ']'
	truncated   bool // the input ended inside a value
	fatal       *Error
	rootMembers []bool // for a root object: per member, settled (its ',' or '}' was read)
	scalarOpen  bool   // the input ended inside a scalar token
	syntaxMax   int    // the running maximum of syntax progress, see progress
	stepName    string // what the text was at when it ended, see step
	strOpen     bool   // the text ended inside a string
	lastEnd     int    // where the last token ended, before whitespace: a missing ',' or ':' goes there

	trackProgress  bool // readiness asks for syntax progress
	escaped        bool // the text is JSON escaped once more (\" for ")
	escapedNoted   bool
	progressFrozen bool // a guess at the end of the text: later reading points do not count

	// Incremental reading (incremental.go): the text so far is not the
	// whole text. open makes every look at the end of r.in set hitEnd,
	// so a step whose outcome could depend on bytes not fed yet is
	// undone and taken again with more input. base is the offset of
	// r.in[0] in the whole text (input before it was let go); shifted
	// counts output bytes inserted (+) or removed (-) before outMark.
	open      bool
	hitEnd    bool
	deferWrap bool
	base      int
	tokStart  int
	outMark   int
	shifted   int
	// A double-quoted string read up to resumeTo (absolute offsets) with
	// no repair: taken again with more input, its scan resumes there.
	resumeAt, resumeTo int
	// tokFirst is where the first step after it was set to -1 began
	// (absolute): the watcher's preview of the unfinished token.
	tokFirst int
	openPath string // finish: the innermost open value ("/a/0"), "" when none

	// What gap found, so that looking ahead over the same comment again
	// costs nothing (a look-ahead per quote would otherwise be quadratic).
	lineEnd, commentEnd search
}

// past reports whether offset j is at or past the end of the text. In an
// incremental reading the end is only the end so far: looking at it marks
// the step as dependent on what is not fed yet.
func (r *reader) past(j int) bool {
	if j < len(r.in) {
		return false
	}
	if r.open {
		r.hitEnd = true
	}
	return true
}

// has reports whether the byte at offset j has been read.
func (r *reader) has(j int) bool { return !r.past(j) }

// hasPrefix reports whether the input at i begins with s; when the input
// ends inside what could still be s, the step depends on the end.
func (r *reader) hasPrefix(i int, s string) bool {
	rest := r.in[i:]
	if len(rest) >= len(s) {
		return string(rest[:len(s)]) == s
	}
	if string(rest) == s[:len(rest)] {
		r.past(len(r.in))
	}
	return false
}

// fullRune marks the step as dependent on the end when the input at j
// ends inside a UTF-8 sequence that more bytes could complete.
func (r *reader) fullRune(j int) {
	if !utf8.FullRune(r.in[j:]) {
		r.past(len(r.in))
	}
}

// keyOf returns the text of frame f's last key.
func (r *reader) keyOf(f *frame) string {
	if f.keyCopied {
		return f.keyText
	}
	return string(r.in[f.key.from:f.key.to])
}

// search remembers the last forward search for a separator in one input:
// from from, the first one is at at (-1: none). A search in the same
// input that starts between from and at has the same answer.
type search struct {
	from, at int
	n        int   // len of the input searched
	p        *byte // its first byte: the input is the same one
}

// next returns the offset of the first sep at or after i, -1 when none.
func (s *search) next(in []byte, i int, sep string) int {
	if s.p != nil && s.p == &in[0] && s.n == len(in) && i >= s.from && (s.at < 0 || i <= s.at) {
		return s.at
	}
	s.from, s.n, s.p = i, len(in), &in[0]
	if k := bytes.Index(in[i:], []byte(sep)); k >= 0 {
		s.at = i + k
	} else {
		s.at = -1
	}
	return s.at
}

// insertAt returns where an inserted ',' or ':' goes: right after the
// token before it, unless a repair in between already wrote past it.
func (r *reader) insertAt() int {
	if r.lastEnd >= r.mark && r.lastEnd <= r.i {
		return r.lastEnd
	}
	return r.i
}

// edit replaces the input bytes [from, to) by text in the output.
// from must not precede r.mark.
func (r *reader) edit(from, to int, text string) {
	if r.out == nil {
		r.out = make([]byte, 0, len(r.in)+len(text)+16)
	}
	r.out = append(r.out, r.in[r.mark:from]...)
	r.out = append(r.out, text...)
	r.mark = to
	if r.changed == 0 && (from < to || text != "") {
		r.changed = from + r.base + 1
	}
}

// outPos is the output offset that input offset p (not before r.mark)
// will have.
func (r *reader) outPos(p int) int { return len(r.out) + p - r.mark }

// result returns the output text.
func (r *reader) result() []byte {
	if r.deferWrap && r.wrapped {
		b := make([]byte, 0, len(r.out)+len(r.in)-r.mark+1)
		b = append(b, r.out[:r.firstOut]...)
		b = append(b, '[')
		b = append(b, r.out[r.firstOut:]...)
		return append(b, r.in[r.mark:]...)
	}
	if r.out == nil {
		return r.in
	}
	return append(r.out, r.in[r.mark:]...)
}

// note records a repair by rule ru at input offset at. loss is the bytes
// dropped plus the bytes invented (counted for lossy rules only).
func (r *reader) note(ru *rule, at int, loss int, detail string) {
	at += r.base
	r.nrepairs++
	if ru.lossy {
		r.lossy = true
		if loss < 1 {
			loss = 1
		}
		r.loss += loss
	} else {
		loss = 0
	}
	if ru.ambiguity != "" {
		r.ambiguous = true
	}
	// Merge a run of the same rule at adjacent input (garbage dropped a
	// byte at a time, say) into one repair.
	if n := len(r.repairs); n > 0 && r.repairs[n-1].rule == ru && ru == ruleGarbage && r.repairs[n-1].end == at {
		r.repairs[n-1].end = at + loss
		r.repairs[n-1].Loss += loss
		r.nrepairs--
		return
	}
	if len(r.repairs) >= r.maxRepairs {
		return
	}
	msg := ru.what
	if detail != "" {
		msg += ": " + detail
	}
	r.repairs = append(r.repairs, Fix{
		Code: ru.code, Threshold: ru.name, Offset: at, Severity: severityOf(ru),
		Message: msg, Ambiguity: ru.ambiguity, Loss: loss, rule: ru, end: at + loss,
	})
}

// ---- the main loop ----

func (r *reader) run() {
	r.leading()
	for r.fatal == nil && r.advance() {
	}
}

// advance takes one step of the loop: whitespace and comments, then one
// token or bracket. It reports false when the text is done (finish has
// run; an incremental reading stops at the end so far instead).
func (r *reader) advance() bool {
	r.lastEnd = r.i
	r.space()
	if r.scalarOpen {
		r.progress(1) // the text ended inside a token
	} else {
		r.progress(0)
	}
	if r.past(r.i) {
		if !r.open {
			r.finish()
		}
		return false
	}
	r.tokStart = r.i
	if r.tokFirst < 0 {
		r.tokFirst = r.i + r.base
	}
	if len(r.stack) == 0 {
		if r.values == 0 {
			r.value()
			return true
		}
		if !r.afterTop() {
			if !r.open {
				r.finish()
			}
			return false
		}
		return true
	}
	f := &r.stack[len(r.stack)-1]
	c := r.in[r.i]
	switch f.state {
	case stValue:
		r.atValue(f, c)
	case stKey:
		r.atKey(f, c)
	case stColon:
		r.atColon(f, c)
	case stComma:
		r.atComma(f, c)
	}
	return true
}

// progress keeps the running maximum of ⌊1000·p/(p+owed)⌋ at reading
// points p, where owed counts what the text still owes: one closer per
// open container, one for an unfinished token, one when no value has
// begun. It is what readiness reports as syntax_permille (capped at 999
// until the value is complete).
func (r *reader) progress(extra int) {
	if !r.trackProgress || r.progressFrozen {
		return
	}
	owed := len(r.stack) + extra
	if r.values == 0 {
		owed++
	}
	p := r.i + r.base
	if p+owed == 0 {
		return
	}
	// ⌊1000p/(p+owed)⌋ > syntaxMax only when 1000p ≥ (syntaxMax+1)(p+owed):
	// a product instead of a division at nearly every step of a long text.
	if 1000*p < (r.syntaxMax+1)*(p+owed) {
		return
	}
	v := 1000 * p / (p + owed)
	if v > r.syntaxMax {
		r.syntaxMax = v
	}
}

// leading handles what comes before the first value: whitespace,
// comments, a markdown fence, prose.
func (r *reader) leading() {
	for {
		r.space()
		if r.past(r.i) {
			return
		}
		if r.fence() {
			continue
		}
		break
	}
	r.escaped = r.escapedAt(r.i)
	c := r.in[r.i]
	if (c == '{' || c == '[') && r.hasPrefix(r.i+1, "```") {
		// {```json ... ```}: a fence inside brackets; the bracket after
		// the closing fence is dropped as extra.
		r.note(ruleFence, r.i, 0, "")
		r.edit(r.i, r.i+1, "")
		r.i++
		r.leading()
		return
	}
	if startsValue(c) || r.quoteAt(r.i) != 0 {
		if isIdentStart(c) && !r.literalAhead() {
			// A word that is no literal: prose before a value, or a
			// top-level unquoted string when no value follows.
			if j := r.indexContainer(r.i); j >= 0 {
				r.dropLeading(j)
			} else if r.skipProse {
				r.fatal = errNoValue(r.i + r.base) // prose and nothing else
			}
		}
		return
	}
	if j := r.indexContainer(r.i); j >= 0 {
		r.dropLeading(j)
		return
	}
	r.fatal = errNoValue(r.i + r.base)
}

func (r *reader) dropLeading(to int) {
	ru := ruleLeadingText
	if r.skipProse {
		ru = ruleProse
	}
	r.note(ru, r.i, to-r.i, "")
	r.edit(r.i, to, "")
	r.i = to
}

// literalAhead reports whether the word at r.i is a literal this reader
// knows (true, None, undefined, NaN...).
func (r *reader) literalAhead() bool {
	j := r.i
	for j < len(r.in) && isIdentChar(r.in[j]) {
		j++
	}
	r.past(j)
	_, ok := literals[string(r.in[r.i:j])]
	return ok
}

// fence drops a markdown code fence (```lang) at r.i.
func (r *reader) fence() bool {
	if !r.hasPrefix(r.i, "```") {
		return false
	}
	j := r.i + 3
	for j < len(r.in) && isIdentChar(r.in[j]) {
		j++
	}
	r.past(j)
	r.note(ruleFence, r.i, 0, "")
	r.edit(r.i, j, "")
	r.i = j
	return true
}

// afterTop handles a non-space byte after a complete top-level value. It
// reports false when the rest of the input was dropped.
func (r *reader) afterTop() bool {
	c := r.in[r.i]
	switch {
	case c == ',':
		r.note(ruleTrailingComma, r.i, 0, "")
		r.edit(r.i, r.i+1, "")
		r.i++
		return true
	case c == '}' || c == ']':
		r.note(ruleExtraClose, r.i, 0, "")
		r.edit(r.i, r.i+1, "")
		r.i++
		return true
	case r.hasPrefix(r.i, "```"):
		r.note(ruleFence, r.i, 0, "")
		r.edit(r.i, r.i+3, "")
		r.i += 3
		return true
	case c == '{' || c == '[' || c == '"' || r.quoteAt(r.i) == qEscaped:
		r.concat()
		r.value()
		return true
	}
	ru := ruleTrailingText
	if r.skipProse {
		ru = ruleProse
	}
	r.past(len(r.in)) // the rest of the text, however long, is dropped
	r.note(ru, r.i, len(r.in)-r.i, "")
	r.edit(r.i, len(r.in), "")
	r.i = len(r.in)
	return false
}

// concat starts a second or later top-level value: the output becomes an
// array of the values.
func (r *reader) concat() {
	if !r.wrapped {
		r.wrapped = true
		r.changed = 1 // the '[' goes before the first value
		r.note(ruleConcat, r.i, 0, "")
		switch {
		case r.deferWrap:
			// An incremental reading writes the '[' when the text is
			// asked for ([reader.result]): the output before it stays as
			// it was reported.
		case r.firstIn >= r.mark:
			r.edit(r.firstIn, r.firstIn, "[")
		default:
			r.out = append(r.out[:r.firstOut], append([]byte{'['}, r.out[r.firstOut:]...)...)
		}
	}
	at := r.insertAt()
	r.edit(at, at, ",")
}

// finish closes what the input left open.
func (r *reader) finish() {
	if r.fatal != nil {
		return
	}
	r.stepName = r.step()
	extra := 0
	if r.scalarOpen {
		extra = 1
	}
	r.progress(extra)
	if r.values == 0 {
		r.fatal = errNoValue(r.i)
		return
	}
	n := len(r.in)
	if len(r.stack) > 0 {
		r.truncated = true
		var closers []byte
		invented := 0
		first := true
		for k := len(r.stack) - 1; k >= 0; k-- {
			f := &r.stack[k]
			switch f.state {
			case stColon:
				r.edit(n, n, ":null")
				invented += 5
				r.memberDone(k, false)
			case stValue:
				if f.kind == '{' {
					r.edit(n, n, "null")
					invented += 4
					r.memberDone(k, false)
				} else if f.commaIn >= 0 {
					r.dropComma(f)
				}
			case stKey:
				if f.commaIn >= 0 {
					r.dropComma(f)
				}
			}
			if first {
				first = false
			}
			cl := closerOf(f.kind)
			closers = append(closers, cl)
			r.edit(n, n, string(cl))
			invented++
		}
		cut := r.pathAt()
		r.openPath = cut
		r.note(ruleTruncated, n, invented, "cut inside "+cut+", closed with "+string(closers))
		if strings.HasPrefix(cut, "/") {
			cut = "the value at " + cut
		}
		r.cutAt(cut)
		r.stack = r.stack[:0]
	}
	if r.wrapped {
		r.edit(n, n, "]")
	}
}

func closerOf(kind byte) byte {
	if kind == '{' {
		return '}'
	}
	return ']'
}

// pathAt is the JSON Pointer of the innermost open value.
func (r *reader) pathAt() string {
	if len(r.stack) == 0 {
		return "the top-level value"
	}
	var b []byte
	for k := range r.stack {
		f := &r.stack[k]
		if f.n == 0 {
			break // an empty container: the path ends at it
		}
		b = append(b, '/')
		if f.kind == '{' {
			b = appendPointerToken(b, r.keyOf(f))
		} else {
			idx := f.n - 1
			if idx < 0 {
				idx = 0
			}
			b = strconv.AppendInt(b, int64(idx), 10)
		}
	}
	if len(b) == 0 {
		return "the top-level value"
	}
	return string(b)
}

func appendPointerToken(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '~':
			b = append(b, "~0"...)
		case '/':
			b = append(b, "~1"...)
		default:
			b = append(b, s[i])
		}
	}
	return b
}

// ---- states ----

func (r *reader) atValue(f *frame, c byte) {
	switch c {
	case '}', ']':
		if f.kind == '{' {
			r.note(ruleMissingValue, r.i, 4, "")
			r.edit(r.i, r.i, "null")
			f.state = stComma
			r.memberDone(len(r.stack)-1, false)
			return
		}
		r.close(c)
	case ',':
		if f.kind == '{' {
			r.note(ruleMissingValue, r.i, 4, "")
			r.edit(r.i, r.i, "null")
			f.state = stComma
			r.memberDone(len(r.stack)-1, false)
			return
		}
		r.note(ruleExtraComma, r.i, 0, "")
		r.edit(r.i, r.i+1, "")
		r.i++
	case ':':
		r.note(ruleExtraColon, r.i, 0, "")
		r.edit(r.i, r.i+1, "")
		r.i++
	case '.':
		if f.kind == '[' && r.hasPrefix(r.i, "...") {
			r.note(ruleEllipsis, r.i, 0, "")
			r.edit(r.i, r.i+3, "")
			r.i += 3
			return
		}
		r.element(f)
	default:
		if !startsValue(c) && r.quoteAt(r.i) == qNone && c != '/' && c < 0x80 {
			r.garbage()
			return
		}
		r.element(f)
	}
}

// element begins a value inside frame f.
func (r *reader) element(f *frame) {
	if f.kind == '[' {
		f.n++
	}
	f.commaIn = -1
	f.state = stComma
	r.value()
}

func (r *reader) atKey(f *frame, c byte) {
	switch {
	case c == '}' || c == ']':
		r.close(c)
	case c == ',':
		r.note(ruleExtraComma, r.i, 0, "")
		r.edit(r.i, r.i+1, "")
		r.i++
	case c == '.' && r.hasPrefix(r.i, "..."):
		r.note(ruleEllipsis, r.i, 0, "")
		r.edit(r.i, r.i+3, "")
		r.i += 3
	case c == '{' || c == '[':
		r.missingClose()
	case c == '"' || r.quoteAt(r.i) != 0:
		f.n++
		f.commaIn = -1
		f.key, f.keyCopied = r.str(true), false
		f.state = stColon
	case isIdentChar(c) || c == '-' || c == '+' || c == '.' || c >= 0x80:
		f.n++
		f.commaIn = -1
		f.key, f.keyCopied = r.unquotedKey(), false
		f.state = stColon
	default:
		r.garbage()
	}
}

func (r *reader) atColon(f *frame, c byte) {
	switch {
	case c == ':':
		r.i++
		f.state = stValue
	case c == '}' || c == ',' || c == ']':
		r.note(ruleMissingValue, r.i, 5, "")
		r.edit(r.i, r.i, ":null")
		f.state = stComma
		r.memberDone(len(r.stack)-1, false)
	case startsValue(c) || r.quoteAt(r.i) != 0:
		at := r.insertAt()
		r.note(ruleMissingColon, at, 0, "")
		r.edit(at, at, ":")
		f.state = stValue
	default:
		r.garbage()
	}
}

func (r *reader) atComma(f *frame, c byte) {
	switch {
	case c == ',':
		if f.kind == '{' {
			r.settle()
		}
		f.commaIn = r.i
		f.commaOut = r.outPos(r.i)
		r.i++
		if f.kind == '{' {
			f.state = stKey
		} else {
			f.state = stValue
		}
	case c == '}' || c == ']':
		if f.kind == '{' && c == '}' {
			r.settle()
		}
		r.close(c)
	case f.kind == '{' && (c == '{' || c == '['):
		r.missingClose()
	case f.kind == '{' && (c == '"' || r.quoteAt(r.i) != 0 || isIdentStart(c)):
		r.settle() // the next key shows the value is over, as a ',' would
		at := r.insertAt()
		r.note(ruleMissingComma, at, 0, "")
		r.edit(at, at, ",")
		f.state = stKey
	case f.kind == '[' && (startsValue(c) || r.quoteAt(r.i) != 0):
		at := r.insertAt()
		r.note(ruleMissingComma, at, 0, "")
		r.edit(at, at, ",")
		f.state = stValue
	default:
		r.garbage()
	}
}

// settle marks the last member of the root object settled: its ',' or
// '}' has been read, so its value can no longer change.
func (r *reader) settle() {
	if r.progressFrozen {
		return // read after a guess at the end of the text: nothing is settled for good
	}
	if len(r.stack) == 1 && r.values == 1 && len(r.rootMembers) > 0 {
		r.rootMembers[len(r.rootMembers)-1] = true
	}
}

// memberDone records that a member of the object at stack index k has a
// value.
func (r *reader) memberDone(k int, settled bool) {
	if k == 0 && r.values == 1 && r.stack[0].kind == '{' {
		r.rootMembers = append(r.rootMembers, settled)
	}
}

// missingClose closes the innermost object where a '{' or '[' cannot
// continue it; the element that follows becomes the next of the enclosing
// array (or the next top-level value).
func (r *reader) missingClose() {
	f := &r.stack[len(r.stack)-1]
	if f.commaIn >= 0 {
		r.dropComma(f)
	}
	r.note(ruleMissingClose, r.i, 0, "")
	r.edit(r.i, r.i, "}")
	r.pop()
}

// close handles a closing bracket c.
func (r *reader) close(c byte) {
	f := &r.stack[len(r.stack)-1]
	want := closerOf(f.kind)
	if c != want {
		// Does c close an enclosing container? Then the inner ones
		// lack their brackets.
		for k := len(r.stack) - 2; k >= 0; k-- {
			if closerOf(r.stack[k].kind) == c {
				if f.commaIn >= 0 {
					r.dropComma(f)
				}
				r.note(ruleMissingClose, r.i, 0, "")
				r.edit(r.i, r.i, string(want))
				r.pop()
				return
			}
		}
		r.note(ruleWrongClose, r.i, 0, "")
		r.edit(r.i, r.i+1, string(want))
	}
	if f.commaIn >= 0 {
		r.dropComma(f)
	}
	r.i++
	r.pop()
}

// pop ends the innermost container.
func (r *reader) pop() {
	r.stack = r.stack[:len(r.stack)-1]
	r.valueDone()
}

// valueDone records the end of a value in the enclosing frame.
func (r *reader) valueDone() {
	if k := len(r.stack) - 1; k >= 0 && r.stack[k].kind == '{' {
		r.memberDone(k, false)
	}
}

func (r *reader) dropComma(f *frame) {
	r.note(ruleTrailingComma, f.commaIn, 0, "")
	if f.commaIn >= r.mark {
		r.edit(f.commaIn, f.commaIn+1, "")
	} else {
		r.out = append(r.out[:f.commaOut], r.out[f.commaOut+1:]...)
		if f.commaOut < r.outMark {
			r.shifted--
		}
	}
	f.commaIn = -1
}

// garbage drops one character that belongs to no value.
func (r *reader) garbage() {
	r.fullRune(r.i)
	_, size := utf8.DecodeRune(r.in[r.i:])
	r.note(ruleGarbage, r.i, size, "")
	r.edit(r.i, r.i+size, "")
	r.i += size
}

// value reads one value at r.i (a container is pushed, its contents are
// read by the loop).
func (r *reader) value() {
	if len(r.stack) == 0 {
		r.values++
		if r.values == 1 {
			r.firstIn = r.i
			r.firstOut = r.outPos(r.i)
		}
	}
	if r.seek != nil {
		r.seekValue()
	}
	c := r.in[r.i]
	switch {
	case c == '{' || c == '[':
		if len(r.stack) >= r.maxDepth {
			r.fatal = errDepth(r.i+r.base, r.maxDepth)
			return
		}
		r.stack = append(r.stack, frame{kind: c, state: stKey, openAt: r.i, commaIn: -1})
		if c == '[' {
			r.stack[len(r.stack)-1].state = stValue
		}
		r.i++
		return
	case c == '"' || r.quoteAt(r.i) != 0:
		r.str(false)
	case c == '-' || c == '+' || c == '.' || isDigit(c):
		r.number()
	case isIdentStart(c) && r.mongo():
	case isIdentChar(c) || c == '/' || c >= 0x80:
		r.unquotedValue()
	default:
		// Nothing here begins a value: a missing value.
		r.note(ruleMissingValue, r.i, 4, "")
		r.edit(r.i, r.i, "null")
	}
	r.valueDone()
}

// joinedAt returns where a string joined with + to the one that ends at
// i begins (`"a" + "b"`, JavaScript's concatenation, as jsonrepair reads
// it), -1 when none is: whitespace and comments around the + go with it.
func (r *reader) joinedAt(i int) int {
	j := r.gap(i)
	if r.past(j) || r.in[j] != '+' {
		return -1
	}
	k := r.gap(j + 1)
	if r.quoteAt(k) == qNone {
		return -1
	}
	return k
}

// gap returns the offset after the whitespace and comments at i, without
// reading them (nothing is edited).
func (r *reader) gap(i int) int {
	in := r.in
	for !r.past(i) {
		switch in[i] {
		case ' ', '\t', '\n', '\r':
			i++
			continue
		case '/':
			if r.has(i+1) && in[i+1] == '/' {
				if k := r.lineEnd.next(in, i, "\n"); k >= 0 {
					i = k
					continue
				}
				r.past(len(in))
				return len(in)
			}
			if r.has(i+1) && in[i+1] == '*' {
				if k := r.commentEnd.next(in, i+2, "*/"); k >= 0 {
					i = k + 2
					continue
				}
				r.past(len(in))
				return len(in)
			}
		}
		return i
	}
	return i
}

// The MongoDB shell's constructors of one argument, whose argument is
// the value a JSON reader wants (`{"_id": ObjectId("5f1d...")}`, as
// jsonrepair reads it); the numbers' constructors are marked.
var mongoWrappers = map[string]bool{
	"ObjectId": false, "ISODate": false, "UUID": false,
	"NumberLong": true, "NumberInt": true, "NumberDecimal": true,
}

// mongo reads a MongoDB constructor at r.i (`NumberLong("2")`), keeping
// its argument: a string without escapes or a number, then ')'. It
// reports false, reading nothing, for anything else.
func (r *reader) mongo() bool {
	in := r.in
	start := r.i
	j := start
	for r.has(j) && isIdentChar(in[j]) {
		j++
	}
	number, ok := mongoWrappers[string(in[start:j])]
	if !ok {
		return false
	}
	for r.has(j) && (in[j] == ' ' || in[j] == '\t') {
		j++
	}
	if r.past(j) || in[j] != '(' {
		return false
	}
	j++
	for r.has(j) && (in[j] == ' ' || in[j] == '\t') {
		j++
	}
	arg := j
	str := false
	switch {
	case r.has(j) && (in[j] == '"' || in[j] == '\''):
		q := in[j]
		j++
		for r.has(j) && in[j] != q && in[j] != '\\' && in[j] != '"' && in[j] >= 0x20 {
			j++
		}
		if r.past(j) || in[j] != q || !utf8.Valid(in[arg+1:j]) {
			return false
		}
		j++
		str = true
	case r.has(j) && (in[j] == '-' || isDigit(in[j])):
		for r.has(j) && isNumChar(in[j]) {
			j++
		}
		if !isJSONNumber(in[arg:j]) {
			return false
		}
	default:
		return false
	}
	argEnd := j
	for r.has(j) && (in[j] == ' ' || in[j] == '\t') {
		j++
	}
	if r.past(j) || in[j] != ')' {
		return false
	}
	if number && str {
		r.note(ruleMongoNumber, start, 0, string(in[start:arg-1])+"(...)")
	} else {
		r.note(ruleMongo, start, 0, string(in[start:arg-1])+"(...)")
	}
	r.edit(start, arg, "")
	if str && in[arg] == '\'' {
		// A string with no escape, no control character and no double
		// quote (checked above): its quotes are all there is to repair.
		r.note(ruleSingleQuote, arg, 0, "")
		r.edit(arg, arg+1, `"`)
		r.edit(argEnd-1, argEnd, `"`)
	}
	r.edit(argEnd, j+1, "") // a string or a number as JSON writes it: kept as is
	r.i = j + 1
	return true
}

// isJSONNumber reports whether b is a number as JSON writes it.
func isJSONNumber(b []byte) bool {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	default:
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) || !isDigit(b[i]) {
			return false
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || !isDigit(b[i]) {
			return false
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	return i == len(b)
}

// ---- whitespace and comments ----

// space skips whitespace (kept as is) and comments (dropped).
func (r *reader) space() {
	for !r.past(r.i) {
		c := r.in[r.i]
		switch c {
		case ' ', '\t', '\n', '\r':
			r.i++
			continue
		case '/':
			if r.has(r.i+1) && (r.in[r.i+1] == '/' || r.in[r.i+1] == '*') {
				r.comment()
				continue
			}
			return
		case '#':
			r.comment()
			continue
		case '\\':
			if r.escaped && r.has(r.i+1) && (r.in[r.i+1] == 'n' || r.in[r.i+1] == 't' || r.in[r.i+1] == 'r') {
				r.edit(r.i, r.i+2, "") // escaped whitespace between tokens
				r.i += 2
				continue
			}
		}
		if c >= 0x80 {
			r.fullRune(r.i)
			if n := specialSpace(r.in[r.i:]); n > 0 {
				r.note(ruleSpace, r.i, 0, "")
				rep := " "
				if n == 3 && r.in[r.i] == 0xEF { // BOM: dropped
					rep = ""
				}
				r.edit(r.i, r.i+n, rep)
				r.i += n
				continue
			}
		}
		return
	}
}

func (r *reader) comment() {
	start := r.i
	end := len(r.in)
	if r.in[r.i] == '#' || r.in[r.i+1] == '/' {
		if j := bytes.IndexByte(r.in[r.i:], '\n'); j >= 0 {
			end = r.i + j
		} else {
			r.past(end)
		}
	} else if j := bytes.Index(r.in[r.i+2:], []byte("*/")); j >= 0 {
		end = r.i + 2 + j + 2
	} else {
		r.past(end)
	}
	r.note(ruleComment, start, 0, "")
	r.edit(start, end, "")
	r.i = end
}

// specialSpace returns the length of a non-ASCII space character at the
// start of b, 0 when there is none.
func specialSpace(b []byte) int {
	c, n := utf8.DecodeRune(b)
	switch {
	case c == 0xA0, c == 0x180E, c >= 0x2000 && c <= 0x200B, c == 0x202F, c == 0x205F, c == 0x3000, c == 0xFEFF:
		return n
	}
	return 0
}

// ---- classification helpers ----

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$'
}
func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) }

// startsValue reports whether c can begin a value (quotes other than '"'
// are checked by quoteAt).
func startsValue(c byte) bool {
	return c == '{' || c == '[' || c == '"' || c == '\'' || c == '`' || c == '-' || c == '+' || c == '.' || isDigit(c) || isIdentStart(c)
}

// indexContainer is the offset of the first '{' or '[' from offset i, -1
// when none.
func (r *reader) indexContainer(i int) int {
	j := bytes.IndexAny(r.in[i:], "{[")
	if j < 0 {
		r.past(len(r.in))
		return -1
	}
	return i + j
}

// step names where the text stopped: "empty" (no value began), "value",
// "key", "colon" or "comma" (what the innermost container expects next),
// "string" or "token" (inside one), "done" (after a whole value).
func (r *reader) step() string {
	switch {
	case r.values == 0:
		return "empty"
	case r.strOpen:
		return "string"
	case r.scalarOpen:
		return "token"
	case len(r.stack) == 0:
		return "done"
	}
	switch r.stack[len(r.stack)-1].state {
	case stKey:
		return "key"
	case stColon:
		return "colon"
	case stComma:
		return "comma"
	}
	return "value"
}

// cutAt names, on the last repair listed, what the text ended inside.
func (r *reader) cutAt(where string) {
	if n := len(r.repairs); n > 0 && r.repairs[n-1].Offset == len(r.in)+r.base {
		if r.repairs[n-1].path == "" {
			r.repairs[n-1].path = where
		}
	}
}

// escapedAt reports whether the value at i is JSON escaped once more: it
// begins with \" or with a bracket and then \" (valid JSON never does).
func (r *reader) escapedAt(i int) bool {
	in := r.in
	if r.has(i) && (in[i] == '{' || in[i] == '[') {
		i++
		for r.has(i) && isSpace(in[i]) {
			i++
		}
	}
	return r.has(i) && in[i] == '\\' && r.has(i+1) && in[i+1] == '"'
}
