package smithyvalidate

import (
	"math/bits"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/smithyvalidate/internal/timefmt"
)

// The one-pass check: JSON text validated while it is tokenized, with no
// tape, for the values that need no second look.
//
// Most values a validator sees are valid, and a valid value has nothing
// to report: no path, no position, no message. onePass reads the text
// once, left to right, and checks each token against the plan as it
// comes (a structure's member by name, a string's enum, length and
// pattern, a number's type range and @range, a list's length), keeping
// no tape and allocating nothing. It answers one question: is the text
// JSON that the tape reader accepts under the limits, and would the walk
// over that tape report no finding at all (no error, no warning, no
// limit)? Only a "yes" is trusted. Anything else (a syntax error, a
// limit, a constraint that fails, or a case the pass does not decide: a
// string with escapes whose text a constraint needs, an alloy union, a
// null root, a @uniqueItems list of structures, an @idRef, ...) makes
// onePass give up, and the value is read into a tape and walked as
// before, which produces every finding with its path and position. So
// findings, positions and output are those of the walk by construction;
// the one-pass check only decides, faster, that there are none.
//
// The pass must never say "no finding" where the walk would report one.
// It is conservative everywhere it is not exact, and
// TestOnePassAgreesWithWalk and FuzzOnePass compare the two on every
// value they try.
type onePass struct {
	onePassState
	// marks[:nm] holds spans of the text the open containers compare:
	// the keys of an object (duplicates), the items of a @uniqueItems
	// list. A container that needs more than the array holds gives up.
	marks [onePassMarks]span
	// sites[:ns]: see onePassState.
	sites [onePassSites]onePassSite
	// frames[d] is the open container at depth d (1 for the root) of a
	// structure, union, map or list: where it starts and, for a list, the
	// index of the item being read. A site's path is read from them
	// (onepass_sites.go); containers deeper than the array are not noted,
	// and a site under them is not kept.
	frames [onePassFrames]passFrame
	// segs[:nsegs] hold the paths of the sites (onePassSite.seg).
	segs [onePassSegs]span
	// lines is where checkJSONSites is in the text, for the positions of
	// the sites' findings.
	lines linePos
}

// passFrame is an open container of the one pass (onePass.frames).
type passFrame struct{ start, idx int32 }

// onePassState is what a pass starts from zero: everything of onePass but
// its arrays, which are read only below nm, ns, nsegs and the depth. A pass is started
// by setting q.onePassState alone, so that starting one (once a payload
// in a JSON-RPC transcript) does not clear the arrays' 1 KiB.
type onePassState struct {
	s   string
	pol policy
	// the reader's limits (see node.Tape.Read) and the walker's
	maxDepth, maxNum, maxElems, maxStr int
	depth, elems                       int
	// tries is the walk's count of trials of nested @untagged unions;
	// maxFindings the collector's limit (a trial's findings count
	// against it).
	tries, maxFindings int
	// unknown is set when a structure at depth watch reads a field that
	// names none of its members (untaggedShared: the refutations that
	// wait for the check of a member).
	watch   int
	unknown bool
	// nm: the marks in use (onePass.marks).
	nm int

	// The sites of a value with findings (see onepass_sites.go): with
	// sitesOn, a member, item or map value that fails its check is kept
	// as sites[:ns] (its offset and plan) and the pass goes on after it,
	// so that the walk needs to visit only the sites. failA and failB
	// span the last value that failed after it was read whole, with the
	// pass's counts up to date (-1: none); reskip counts the bytes read
	// again to find the end of values that failed part-way, and dead is
	// set when the text cannot be read to its end: then no value is a
	// site and the whole text is left to the tape and the walk.
	sitesOn, dead bool
	ns, nsegs     int
	failA, failB  int
	reskip        int
}

const (
	onePassMarks = 96
	// onePassLinear is the most items or keys compared pairwise.
	onePassLinear = 32
	// onePassFrames is how deep the one pass notes its open containers;
	// onePassSegs how many path segments its sites hold in all.
	onePassFrames, onePassSegs = 32, 64
)

// onePassJSON reports whether src is JSON the tape reader accepts under
// lim and whose walk against v's plan reports nothing: then the caller
// may skip reading and walking it.
func (v *Validator) onePassJSON(src string, lim *limits.Limits) bool {
	var q onePass
	return v.runOnePass(&q, src, lim, false) == passClean
}

// passPool keeps passes for ValidateJSON and CheckJSON: a pass is 2 KiB,
// which a pass declared on the stack clears on every call (a pooled one is
// started by setting its onePassState alone), a cost the size of a short
// payload's whole check.
var passPool = sync.Pool{New: func() any { return new(onePass) }}

func getPass() *onePass { return passPool.Get().(*onePass) }

// putPass returns q to the pool, without the text it read.
func putPass(q *onePass) {
	q.s = ""
	passPool.Put(q)
}

// The outcomes of runOnePass.
const (
	passGiveUp = iota // the tape and the walk decide
	passClean         // nothing to report
	passSites         // findings, all of them in the walks of q.sites[:q.ns]
)

// runOnePass runs the one pass over src into q. With sites it may answer
// passSites: the text is JSON the tape reader accepts under lim, and the
// walk over it reports exactly what the walks of the sites report, in
// their order (onepass_sites.go).
func (v *Validator) runOnePass(q *onePass, src string, lim *limits.Limits, sites bool) int {
	if v.root == nil || len(src) > lim.MaxSize || len(src) == 0 {
		return passGiveUp
	}
	q.onePassState = onePassState{s: src, pol: v.cfg.policy, maxFindings: lim.MaxFindings,
		maxDepth: lim.MaxDepth, maxNum: lim.MaxNumberLength, maxElems: lim.MaxElements, maxStr: lim.StringLimit(),
		sitesOn: sites, failA: -1}
	i := 0
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		i = 3
	}
	i = q.ws(i)
	if i >= len(src) || src[i] == 'n' {
		// A null root is judged by the root's member rules (rootNull):
		// the walk decides.
		return passGiveUp
	}
	if i = q.value(v.root, i); i < 0 || q.ws(i) != len(src) || q.elems > q.maxElems {
		return passGiveUp
	}
	if q.ns > 0 {
		return passSites
	}
	return passClean
}

func (q *onePass) on(p policy) bool { return q.pol&p != 0 }

// ws skips JSON whitespace at s[i].
func (q *onePass) ws(i int) int {
	s := q.s
	for i < len(s) {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
			i++
			continue
		}
		break
	}
	return i
}

// enter opens a container; false when it nests deeper than the limit.
func (q *onePass) enter() bool {
	q.depth++
	q.elems++
	return q.depth <= q.maxDepth
}

// enterAt is enter for a structure, union, map or list that starts at
// s[i]: it notes the container in frames.
func (q *onePass) enterAt(i int) bool {
	q.depth++
	q.elems++
	if d := q.depth; d < len(q.frames) {
		q.frames[d].start = int32(i)
	}
	return q.depth <= q.maxDepth
}

// mark records the span s[a:b] for comparison; false when there is no
// room.
func (q *onePass) mark(a, b int) bool {
	if q.nm == len(q.marks) {
		return false
	}
	q.marks[q.nm] = span{int32(a), int32(b)}
	q.nm++
	return true
}

// marked reports whether s[a:b] equals a span marked since base.
func (q *onePass) marked(base, a, b int) bool {
	t := q.s[a:b]
	for _, m := range q.marks[base:q.nm] {
		if q.s[m.start:m.end] == t {
			return true
		}
	}
	return false
}

// value checks the value at s[i] (not whitespace) against p (nil: any
// JSON value, unchecked, as the walk leaves a value without a plan) and
// returns the offset past it, or -1 to give up.
func (q *onePass) value(p *plan, i int) int {
	s := q.s
	if i >= len(s) {
		return -1
	}
	if p == nil {
		return q.any(i, false)
	}
	if p.typ == model.UnionType && p.alloy != nil && p.alloy.untagged {
		on := q.sitesOn
		q.sitesOn = false
		end := q.untagged(p, i)
		q.sitesOn = on
		return q.whole(end)
	}
	switch c := s[i]; c {
	case '"':
		q.elems++
		end, esc := q.str(i)
		if end < 0 {
			return -1
		}
		text := s[i+1 : end-1]
		// A string member's checks directly (the usual case), else by
		// the plan's type.
		if p.typ == model.StringType || p.typ == model.EnumType {
			if !q.stringChecks(p, text, esc) {
				return q.fail(i, end)
			}
		} else if !q.stringFor(p, text, esc) {
			return q.fail(i, end)
		}
		return end
	case '{':
		switch p.typ {
		case model.StructureType:
			return q.structure(p, i, "")
		case model.UnionType:
			if p.alloy != nil && p.alloy.disc != "" && !p.alloy.untagged {
				on := q.sitesOn
				q.sitesOn = false
				end := q.discriminated(p, i)
				q.sitesOn = on
				return q.whole(end)
			}
			return q.union(p, i)
		case model.MapType:
			return q.mapValue(p, i)
		case model.DocumentType:
			return q.any(i, !q.on(allowDuplicateKeys))
		}
		return -1
	case '[':
		switch p.typ {
		case model.ListType, model.SetType:
			return q.list(p, i)
		case model.DocumentType:
			return q.any(i, !q.on(allowDuplicateKeys))
		}
		return -1
	case 't', 'f', 'n':
		end := q.literal(i)
		if end < 0 {
			return -1
		}
		if c == 'n' {
			// A JSON null where the walk reaches valueK: a document's
			// null, or a null of an @alloy#nullable shape.
			if p.typ == model.DocumentType || p.nullable {
				return end
			}
			return q.fail(i, end)
		}
		if p.typ == model.BooleanType || p.typ == model.DocumentType {
			return end
		}
		return q.fail(i, end)
	}
	q.elems++
	end, t := q.number(i)
	if end < 0 {
		return -1
	}
	if !q.numberFor(p, s[i:end], t) {
		return q.fail(i, end)
	}
	return end
}

// literal reads true, false or null at s[i] and returns the offset past
// it, or -1.
// next reads what follows an element of a container that closes with end:
// after a comma the next element's offset and more; at end the offset past
// it; anything else -1.
func (q *onePass) next(i int, end byte) (int, bool) {
	s := q.s
	// Compact text first: the comma or the end right there, and after a
	// comma no whitespace (ws would return the same offsets).
	if i < len(s) {
		switch s[i] {
		case ',':
			if i+1 < len(s) && s[i+1] > ' ' {
				return i + 1, true
			}
			return q.ws(i + 1), true
		case end:
			return i + 1, false
		}
	}
	if i = q.ws(i); i >= len(s) {
		return -1, false
	}
	if s[i] == ',' {
		return q.ws(i + 1), true
	}
	if s[i] != end {
		return -1, false
	}
	return i + 1, false
}

func (q *onePass) literal(i int) int {
	s := q.s[i:]
	q.elems++
	switch {
	case len(s) >= 4 && s[:4] == "true", len(s) >= 4 && s[:4] == "null":
		return i + 4
	case len(s) >= 5 && s[:5] == "false":
		return i + 5
	}
	return -1
}

// any reads any JSON value at s[i] without a plan: the walk's value with
// no plan (dups false), or a document (dups: repeated keys are findings).
func (q *onePass) any(i int, dups bool) int {
	s := q.s
	if i >= len(s) {
		return -1
	}
	switch s[i] {
	case '"':
		q.elems++
		end, _ := q.str(i)
		return end
	case 't', 'f', 'n':
		return q.literal(i)
	case '[':
		if !q.enter() {
			return -1
		}
		if i = q.ws(i + 1); i < len(s) && s[i] == ']' {
			q.depth--
			return i + 1
		}
		for {
			if i = q.any(i, dups); i < 0 {
				return -1
			}
			var more bool
			if i, more = q.next(i, ']'); more {
				continue
			}
			if i < 0 {
				return -1
			}
			q.depth--
			return i
		}
	case '{':
		if !q.enter() {
			return -1
		}
		base := q.nm
		if i = q.ws(i + 1); i < len(s) && s[i] == '}' {
			q.depth--
			return i + 1
		}
		for {
			a := i
			if dups {
				i = q.key(i)
			} else if i < len(s) && s[i] == '"' {
				q.elems++
				i, _ = q.str(i) // any key: nothing compares it
			} else {
				i = -1
			}
			if i < 0 {
				return -1
			}
			if dups {
				if q.marked(base, a+1, i-1) || !q.mark(a+1, i-1) {
					return -1
				}
			}
			if i = q.colon(i); i < 0 {
				return -1
			}
			if i = q.any(i, dups); i < 0 {
				return -1
			}
			var more bool
			if i, more = q.next(i, '}'); more {
				continue
			}
			if i < 0 {
				return -1
			}
			q.nm = base
			q.depth--
			return i
		}
	}
	q.elems++
	end, _ := q.number(i)
	return end
}

// key reads the object key at s[i]: the offset past its closing quote,
// or -1 to give up on it, which it does for a key with escapes: names are
// compared as written, and "a" and "\u0061" are one name.
func (q *onePass) key(i int) int {
	if i >= len(q.s) || q.s[i] != '"' {
		return -1
	}
	q.elems++
	end, esc := q.str(i)
	if esc {
		return -1
	}
	return end
}

// keyIs reports whether the object key at s[i] is the plain key name
// (see memberPlan.plain), as key would read it.
func (q *onePass) keyIs(i int, name string) bool {
	e := i + 1 + len(name)
	return e < len(q.s) && q.s[i] == '"' && q.s[e] == '"' && q.s[i+1:e] == name && len(name) <= q.maxStr
}

// keyAfter returns the member among the few after idx whose plain name the
// object key at s[i] is (keyIs), or -1: where the next member's field is
// absent (an optional member left out), the field is usually one of the
// next members', found so without reading the key and looking it up.
func (q *onePass) keyAfter(p *plan, idx, i int) int {
	for k := idx + 1; k < len(p.members) && k <= idx+keyWindow; k++ {
		if m := &p.members[k]; m.plain && q.keyIs(i, m.wire) {
			return k
		}
	}
	return -1
}

// keyWindow is how many members keyAfter tries.
const keyWindow = 4

// escaped reports whether the string token s[a:b] has a backslash.
func (q *onePass) escaped(a, b int) bool {
	for k := a + 1; k < b-1; k++ {
		if q.s[k] == '\\' {
			return true
		}
	}
	return false
}

// colon reads the ':' after a key (around whitespace) and returns the
// offset of the value.
func (q *onePass) colon(i int) int {
	s := q.s
	if i < len(s) && s[i] == ':' {
		i++
	} else if i = q.ws(i); i < len(s) && s[i] == ':' {
		i++
	} else {
		return -1
	}
	if i < len(s) && s[i] > ' ' {
		return i
	}
	if i = q.ws(i); i >= len(s) {
		return -1
	}
	return i
}

// str reads the string token whose opening quote is at s[i]: the offset
// past its closing quote (-1 for text the tape refuses or a string over
// the length limit) and whether it has escapes.
func (q *onePass) str(i int) (int, bool) {
	s := q.s
	j, esc := i+1, false
	for {
		j = plainRun(s, j)
		if j >= len(s) {
			return -1, false
		}
		switch c := s[j]; {
		case c == '"':
			if j-i-1 > q.maxStr {
				// Raw bytes; with escapes the text is shorter, and
				// the tape decides.
				return -1, false
			}
			return j + 1, esc
		case c == '\\':
			if j = escapeEnd(s, j); j < 0 {
				return -1, false
			}
			esc = true
		case c < 0x20:
			return -1, false
		default:
			r, size := utf8.DecodeRuneInString(s[j:])
			if r == utf8.RuneError && size == 1 {
				return -1, false
			}
			j += size
		}
	}
}

// plainRun returns the offset of the first byte at or after j that is
// '"', '\\', a control character or non-ASCII (len(s) if none), eight
// bytes at a time.
func plainRun(s string, j int) int {
	for ; j+8 <= len(s); j += 8 {
		b := s[j : j+8] // one bounds check, not eight; the compiler loads it in one
		w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		// The high bit of each byte that is '"' or '\\' (their XOR is
		// zero), below 0x20 (the subtraction borrows), or non-ASCII. A
		// borrow may flag bytes above the lowest flagged one, never
		// below it: the lowest flag is exact.
		const ones, highs = 0x0101010101010101, 0x8080808080808080
		m := ((w ^ ones*'"') - ones) | ((w ^ ones*'\\') - ones) | (w - ones*0x20) | w
		if m &= highs; m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
	}
	for ; j < len(s); j++ {
		if c := s[j]; c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
			return j
		}
	}
	return j
}

// escapeEnd checks the escape at s[j] (a backslash) as the tape does and
// returns the offset past it, or -1.
func escapeEnd(s string, j int) int {
	if j+1 >= len(s) {
		return -1
	}
	switch s[j+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return j + 2
	case 'u':
		r := hex4(s, j+2)
		switch {
		case r < 0 || r >= 0xDC00 && r < 0xE000:
			return -1
		case r >= 0xD800 && r < 0xDC00:
			if j+7 >= len(s) || s[j+6] != '\\' || s[j+7] != 'u' {
				return -1
			}
			if r2 := hex4(s, j+8); r2 < 0xDC00 || r2 >= 0xE000 {
				return -1
			}
			return j + 12
		}
		return j + 6
	}
	return -1
}

// hex4 decodes four hex digits at s[k], or returns -1.
func hex4(s string, k int) int {
	if k+4 > len(s) {
		return -1
	}
	r := 0
	for _, c := range []byte(s[k : k+4]) { // no copy: the compiler ranges over s
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return -1
		}
		r = r<<4 | int(c)
	}
	return r
}

// number reads the number token at s[i] and returns the offset past it
// (-1 for no number, or one longer than the limit) and what the checks
// need of it, learnt on the way (numTok).
func (q *onePass) number(i int) (int, numTok) {
	s := q.s
	j := i
	var t numTok
	if j < len(s) && s[j] == '-' {
		t.neg = true
		j++
	}
	switch {
	case j >= len(s):
		return -1, t
	case s[j] == '0':
		j++
		t.nd = 1
	case s[j] >= '1' && s[j] <= '9':
		k := j
		w := int64(s[j] - '0')
		j++
		for j < len(s) && s[j]-'0' < 10 {
			// (past 18 digits w wraps around: it is not used then)
			w = w*10 + int64(s[j]-'0')
			j++
		}
		t.whole, t.nd = w, j-k
	default:
		return -1, t
	}
	t.isInt = true
	if j < len(s) && s[j] == '.' {
		t.isInt = false
		j++
		k := j
		var nz byte
		for j < len(s) && s[j]-'0' < 10 {
			nz |= s[j] - '0'
			j++
		}
		if j == k {
			return -1, t
		}
		t.frac = nz != 0
	}
	if j < len(s) && s[j]|0x20 == 'e' {
		t.isInt, t.exp = false, true
		j++
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		k := j
		for j < len(s) && s[j]-'0' < 10 {
			j++
		}
		if j == k {
			return -1, t
		}
	}
	if j-i > q.maxNum {
		return -1, t
	}
	return j, t
}

// numTok is what number learns of a number token: whether it is an
// integer token (no fraction, no exponent), its sign, the value of its
// whole part (wrapped around past 18 digits) and that part's number of
// digits nd, whether its fraction has a digit other than zero, whether it
// has an exponent.
type numTok struct {
	whole                 int64
	nd                    int
	isInt, neg, frac, exp bool
}

// int is node.SmallInt of the token: its value when it is an integer token
// of at most 18 digits.
func (t numTok) int() (int64, bool) {
	v := t.whole
	if t.neg {
		v = -v
	}
	return v, t.isInt && t.nd <= 18
}

// rangeOK is the package's rangeOK for the token t, written text: a token
// with a fraction, no exponent and a whole part of at most 17 digits is
// compared with whole-number bounds by that part (fractionRangeOK's case)
// without reading it again.
func (t numTok) rangeOK(rb *rangeBounds, text string) bool {
	iv, fits := t.int()
	if !t.isInt && !t.exp && t.nd < 18 && (!rb.hasMin || rb.min.isInt) && (!rb.hasMax || rb.max.isInt) {
		return wholeRangeOK(rb, t.whole, t.neg, t.frac)
	}
	return rangeOK(rb, text, iv, fits)
}

// stringFor reports whether the string text (raw, esc when it has
// escapes) passes p without a finding.
func (q *onePass) stringFor(p *plan, text string, esc bool) bool {
	switch p.typ {
	case model.StringType, model.EnumType:
		return q.stringChecks(p, text, esc)
	case model.DocumentType:
		return true
	case model.TimestampType:
		if esc {
			return false
		}
		format, anyFormat := resolveTimestampFormat(p, q.on)
		switch {
		case anyFormat:
			if ok, _ := timefmt.DateTime(text); ok {
				return true
			}
			ok, _ := timefmt.HTTPDate(text)
			return ok
		case format == tsDateTime:
			ok, _ := timefmt.DateTime(text)
			return ok
		case format == tsHTTPDate:
			ok, _ := timefmt.HTTPDate(text)
			return ok || q.on(referenceHTTPDates) && timefmt.ReferenceHTTPDate(text)
		}
		return false
	case model.BlobType:
		if esc {
			return false
		}
		n := len(text)
		if !q.on(blobsAsText) {
			var ok bool
			if n, ok = base64Len(text); !ok {
				return false
			}
		}
		return lengthOK(p.length, n)
	}
	// Floats' "NaN" and the like, and every type mismatch: the walk
	// decides.
	return false
}

// stringChecks is the walk's stringText as a predicate: enum values,
// @length in runes, @pattern; @idRef is left to the walk.
func (q *onePass) stringChecks(p *plan, text string, esc bool) bool {
	if p.idRef != nil || esc && (p.strEnum != nil || p.length != nil || p.pattern != nil) {
		return false
	}
	if p.strEnum != nil {
		if !p.inEnum(text) {
			return false
		}
	}
	if p.length != nil && !runesWithin(p.length, text) {
		return false
	}
	return p.pattern == nil || p.pattern.MatchString(text)
}

// runesWithin is lengthOK for the length of text in runes, counting them
// only when its byte length does not decide (a text of n bytes holds n/4
// to n runes).
func runesWithin(lb *lengthBounds, text string) bool {
	n := int64(len(text))
	if (!lb.hasMax || n <= lb.max) && (!lb.hasMin || n/utf8.UTFMax >= lb.min) {
		return true
	}
	return lengthOK(lb, utf8.RuneCountInString(text))
}

func lengthOK(lb *lengthBounds, n int) bool {
	return lb == nil || !(lb.hasMin && int64(n) < lb.min || lb.hasMax && int64(n) > lb.max)
}

// numberFor reports whether the number token text passes p without a
// finding.
func (q *onePass) numberFor(p *plan, text string, t numTok) bool {
	if p.intType {
		iv, fits := t.int()
		if !fits || p.intBounded && (iv < p.intLo || iv > p.intHi) {
			return false
		}
		if p.rng != nil && !rangeOK(p.rng, text, iv, true) {
			return false
		}
		if p.intEnum != nil {
			_, ok := p.intEnum[iv]
			return ok
		}
		return true
	}
	switch p.typ {
	case model.FloatType, model.DoubleType, model.BigDecimalType:
		if p.typ != model.BigDecimalType && mayOverflow(text, p.typ) {
			return false
		}
		if p.rng == nil {
			return true
		}
		return t.rangeOK(p.rng, text)
	case model.TimestampType:
		if format, anyFormat := resolveTimestampFormat(p, q.on); format != tsEpochSeconds && !anyFormat {
			return false
		}
		ok, _ := timefmt.EpochSeconds(text)
		return ok
	case model.DocumentType:
		return true
	}
	return false
}

// rangeOK is the walk's checkRange as a predicate; a token that does not
// parse gives up.
func rangeOK(rb *rangeBounds, text string, iv int64, fits bool) bool {
	if !fits && (!rb.hasMin || rb.min.isInt) && (!rb.hasMax || rb.max.isInt) {
		if ok, decided := fractionRangeOK(rb, text); decided {
			return ok
		}
	}
	minInt, maxInt := fits && rb.min.isInt, fits && rb.max.isInt
	var d node.Decimal
	if rb.hasMin && !minInt || rb.hasMax && !maxInt {
		var err error
		if d, err = node.ParseDecimal(text); err != nil {
			return false
		}
	}
	if rb.hasMin && (minInt && iv < rb.min.i || !minInt && d.Cmp(rb.min.dec) < 0) {
		return false
	}
	return !(rb.hasMax && (maxInt && iv > rb.max.i || !maxInt && d.Cmp(rb.max.dec) > 0))
}

// fractionRangeOK compares a token with a fraction and no exponent
// ("-12.50") with whole-number bounds, without the decimal machinery: its
// whole part a and whether the fraction is zero decide. decided is false
// for any other token (an exponent, a whole part of 18 digits or more).
func fractionRangeOK(rb *rangeBounds, text string) (ok, decided bool) {
	neg := text != "" && text[0] == '-'
	if neg {
		text = text[1:]
	}
	dot := 0
	for dot < len(text) && text[dot] != '.' {
		dot++
	}
	if dot == 0 || dot >= 18 || dot == len(text) {
		return false, false
	}
	var a int64
	for _, c := range []byte(text[:dot]) {
		if c < '0' || c > '9' {
			return false, false
		}
		a = a*10 + int64(c-'0')
	}
	frac := false
	for _, c := range []byte(text[dot+1:]) {
		switch {
		case c < '0' || c > '9':
			return false, false
		case c != '0':
			frac = true
		}
	}
	return wholeRangeOK(rb, a, neg, frac), true
}

// wholeRangeOK is fractionRangeOK's comparison of a value ±(a + f) with
// whole-number bounds, 0 <= f < 1, f > 0 when frac.
func wholeRangeOK(rb *rangeBounds, a int64, neg, frac bool) bool {
	// The value is v = ±(a + f), 0 <= f < 1, f > 0 when frac, and the
	// bounds are whole: v >= m exactly when lo >= m, v <= m exactly when
	// hi <= m.
	lo, hi := a, a
	switch {
	case neg && frac: // -a-1 < v < -a
		lo, hi = -a-1, -a
	case neg:
		lo, hi = -a, -a
	case frac: // a < v < a+1
		hi = a + 1
	}
	return !(rb.hasMin && lo < rb.min.i || rb.hasMax && hi > rb.max.i)
}

// null reads a null at s[i]: the offset past it, or -1.
func (q *onePass) null(i int) int {
	if s := q.s; i+4 <= len(s) && s[i:i+4] == "null" {
		q.elems++
		return i + 4
	}
	return -1
}

// list checks the array at s[i] against a list or set plan.
func (q *onePass) list(p *plan, i int) int {
	s, a0 := q.s, i
	if !q.enterAt(i) {
		return -1
	}
	uniq := p.unique
	if uniq && (p.member == nil || !p.member.intType && p.member.typ != model.StringType && p.member.typ != model.EnumType) {
		// Items compared by their canonical encodings: left to the walk
		// but for strings and integers.
		return -1
	}
	base, n := q.nm, 0
	if i = q.ws(i + 1); i < len(s) && s[i] == ']' {
		i++
	} else {
		for {
			if i >= len(s) {
				return -1
			}
			if s[i] == 'n' {
				if uniq || !p.sparse && !p.member.isNullable() {
					return -1
				}
				i = q.null(i)
			} else if uniq {
				// No sites in a @uniqueItems list: the walk compares
				// its items whatever they hold.
				a := i
				if i = q.value(p.member, i); i >= 0 && !q.uniqueItem(base, a, i) {
					return -1
				}
			} else {
				if d := q.depth; d < len(q.frames) {
					q.frames[d].idx = int32(n) // the item's index in a site's path
				}
				a, c := i, q.counts()
				if i = q.value(p.member, a); i < 0 {
					i = q.site(p.member, a, c)
				}
			}
			if i < 0 {
				return -1
			}
			n++
			var more bool
			if i, more = q.next(i, ']'); more {
				continue
			}
			if i < 0 {
				return -1
			}
			break
		}
	}
	q.nm = base
	q.depth--
	if !lengthOK(p.length, n) {
		return q.fail(a0, i)
	}
	return i
}

// uniqueItem marks the item s[a:b] of a @uniqueItems list of strings or
// integers, reporting false when it repeats one (or may: a string with
// escapes, "-0", too many items).
func (q *onePass) uniqueItem(base, a, b int) bool {
	t := q.s[a:b]
	if t[0] == '"' && q.escaped(a, b) || t == "-0" || q.nm-base >= onePassLinear {
		return false
	}
	return !q.marked(base, a, b) && q.mark(a, b)
}

// mapValue checks the object at s[i] against a map plan.
func (q *onePass) mapValue(p *plan, i int) int {
	s, a0 := q.s, i
	if !q.enterAt(i) {
		return -1
	}
	dups := !q.on(allowDuplicateKeys)
	base, n := q.nm, 0
	if i = q.ws(i + 1); i < len(s) && s[i] == '}' {
		i++
	} else {
		for {
			a := i
			if i = q.key(i); i < 0 {
				return -1
			}
			name := s[a+1 : i-1]
			if dups && (q.marked(base, a+1, i-1) || !q.mark(a+1, i-1)) {
				return -1
			}
			if p.key != nil && !q.stringChecks(p.key, name, false) {
				return -1
			}
			if i = q.colon(i); i < 0 {
				return -1
			}
			if s[i] == 'n' {
				if !p.sparse && !p.value.isNullable() {
					return -1
				}
				i = q.null(i)
			} else {
				a, c := i, q.counts()
				if i = q.value(p.value, a); i < 0 {
					i = q.site(p.value, a, c)
				}
			}
			if i < 0 {
				return -1
			}
			n++
			var more bool
			if i, more = q.next(i, '}'); more {
				continue
			}
			if i < 0 {
				return -1
			}
			break
		}
	}
	q.nm = base
	q.depth--
	if !lengthOK(p.length, n) {
		return q.fail(a0, i)
	}
	return i
}

// structure checks the object at s[i] against a structure plan; skip,
// when not empty, is the discriminator of a @discriminated union's member,
// whose first occurrence the structure leaves out.
func (q *onePass) structure(p *plan, i int, skip string) int {
	s, a0 := q.s, i
	var unknown *plan // the @jsonUnknown map that takes unknown fields
	if a := p.alloy; a != nil {
		if a.disc != "" || a.untagged || a.unknown == nil || a.unknown.typ != model.MapType {
			return -1
		}
		unknown = a.unknown
	}
	if len(p.members) > 64 || !q.enterAt(i) {
		return -1
	}
	var seen uint64
	next, base := 0, q.nm // the next member in member order
	skipped := skip == ""
	if i = q.ws(i + 1); i < len(s) && s[i] == '}' {
		i++
	} else {
		for {
			a := i
			// Fields usually come in member order, else in the order
			// of the last object: the next member first, then the
			// member guessed after the previous field's (each name
			// compared in place; fieldAt does the rest).
			idx := next
			if uint(idx) >= uint(len(p.members)) || !p.members[idx].plain || !q.keyIs(i, p.members[idx].wire) {
				if idx = p.guessAfter(next); idx == next || uint(idx) >= uint(len(p.members)) ||
					!p.members[idx].plain || !q.keyIs(i, p.members[idx].wire) {
					idx = -2
				}
			}
			var name string
			if idx >= 0 {
				name = p.members[idx].wire
				i += len(name) + 2
				q.elems++
			} else {
				if idx, i = q.fieldAt(p, next, i); i < 0 {
					return -1
				}
				if name = s[a+1 : i-1]; idx >= 0 {
					name = p.members[idx].wire
				}
			}
			next = idx + 1
			if i = q.colon(i); i < 0 {
				return -1
			}
			if idx >= 0 {
				// A member (the usual case first).
				m, bit := &p.members[idx], uint64(1)<<idx
				switch {
				case seen&bit != 0 && !q.on(allowDuplicateKeys):
					return -1
				case s[i] == 'n':
					if !m.plan.isNullable() && (m.required || q.on(rejectNullMembers)) {
						return -1
					}
					if m.required || q.on(rejectNullMembers) {
						seen |= bit
					}
					i = q.null(i)
				default:
					seen |= bit
					a, c := i, q.counts()
					if i = q.value(m.plan, a); i < 0 {
						i = q.site(m.plan, a, c)
					}
				}
			} else if !skipped && name == skip {
				// The discriminator, checked by the union: its first
				// occurrence only (a repeat is a duplicate key).
				skipped = true
				if !q.mark(a+1, a+1+len(name)) {
					return -1
				}
				i = q.any(i, false)
			} else {
				i = q.unknownField(p, unknown, base, a, i, name)
			}
			if i < 0 {
				return -1
			}
			var more bool
			if i, more = q.next(i, '}'); more {
				continue
			}
			if i < 0 {
				return -1
			}
			break
		}
	}
	q.nm = base
	q.depth--
	if !q.on(allowMissingRequired) && (seen&p.reqLow != p.reqLow || p.reqHigh) {
		return q.fail(a0, i)
	}
	return i
}

// unknownField checks the field of structure p at s[a] whose value is at
// s[i] and whose name names no member (nor the discriminator), and
// returns the offset past its value, or -1: an unknown member is a
// finding unless ignored or taken by unknown, p's @jsonUnknown map (nil:
// none); a repeated one is a finding still. base is where the
// structure's marks begin. Kept out of structure (a rare field), so that
// structure stays within the inliner's budget.
//
//go:noinline
func (q *onePass) unknownField(p, unknown *plan, base, a, i int, name string) int {
	if q.depth == q.watch {
		q.unknown = true
	}
	reject := unknown == nil && (p.closed || !q.on(ignoreUnknownMembers))
	if reject && (!q.sitesOn || q.dead) ||
		!q.on(allowDuplicateKeys) && (q.marked(base, a+1, a+1+len(name)) || !q.mark(a+1, a+1+len(name))) {
		return -1
	}
	switch {
	case reject:
		// The structure's finding at this field, whose value the walk
		// does not look at: a site of its own.
		if v := i; i >= 0 {
			if i = q.any(v, false); i >= 0 {
				i = q.addSite(p, v, i, q.depth, true)
			}
		}
		return i
	case unknown == nil:
		return q.any(i, false)
	case unknown.key != nil && !q.stringChecks(unknown.key, name, false):
		return -1
	case q.s[i] != 'n':
		return q.value(unknown.value, i)
	case unknown.value != nil && unknown.value.typ == model.DocumentType,
		unknown.sparse || unknown.value.isNullable():
		return q.null(i)
	}
	return -1
}

// fieldAt reads the key of a structure's field at s[i] that is neither
// the next member's (next, in member order) nor the guessed one's
// (guessAfter): the few members after the next one (keyAfter), their
// names compared in place, else the key read and looked up; the guess is
// set to the member found. It returns the member (-1: none) and the
// offset past the key, or -1. Kept out of structure, so that structure
// stays within the inliner's budget.
//
//go:noinline
func (q *onePass) fieldAt(p *plan, next, i int) (int, int) {
	idx := q.keyAfter(p, next, i)
	if idx >= 0 {
		q.elems++
		i += len(p.members[idx].wire) + 2
	} else {
		a := i
		if i = q.key(i); i < 0 {
			return -1, -1
		}
		idx = p.lookup(q.s[a+1 : i-1])
	}
	if idx >= 0 {
		p.guessSlot(next).Store(int32(idx))
	}
	return idx, i
}

// guessAfter returns the member guessed for the field after the member
// next-1's (memberPlan.next), or for the first field or the one after a
// field that names no member (plan.first) when next is 0.
func (p *plan) guessAfter(next int) int { return int(p.guessSlot(next).Load()) }

// guessSlot is where guessAfter's guess is kept.
func (p *plan) guessSlot(next int) *atomic.Int32 {
	if next > 0 {
		return &p.members[next-1].next
	}
	return &p.first
}

// union checks the object at s[i] against a union plan without alloy
// traits: exactly one member set, no repeated or unknown member.
func (q *onePass) union(p *plan, i int) int {
	s, a0 := q.s, i
	if p.alloy != nil || !q.enterAt(i) {
		return -1
	}
	dups := !q.on(allowDuplicateKeys)
	base, set := q.nm, 0
	if i = q.ws(i + 1); i < len(s) && s[i] == '}' {
		return -1 // no member set
	}
	for {
		a := i
		if i = q.key(i); i < 0 {
			return -1
		}
		name := s[a+1 : i-1]
		if dups && (q.marked(base, a+1, i-1) || !q.mark(a+1, i-1)) {
			return -1
		}
		idx := p.lookup(name)
		if i = q.colon(i); i < 0 {
			return -1
		}
		switch {
		case idx < 0:
			if !q.on(ignoreUnknownMembers) {
				return -1
			}
			i = q.any(i, false)
		case s[i] == 'n':
			if !p.members[idx].plan.isNullable() && q.on(rejectNullMembers) {
				return -1
			}
			i = q.null(i)
		default:
			set++
			a, c := i, q.counts()
			if i = q.value(p.members[idx].plan, a); i < 0 {
				i = q.site(p.members[idx].plan, a, c)
			}
		}
		if i < 0 {
			return -1
		}
		var more bool
		if i, more = q.next(i, '}'); more {
			continue
		}
		if i < 0 {
			return -1
		}
		break
	}
	q.nm = base
	q.depth--
	if set != 1 {
		return q.fail(a0, i)
	}
	return i
}

// discriminated checks the object at s[i] against an @alloy#discriminated
// union: the first field named by the discriminator names the member,
// whose structure the object is, that field left out. The field is found
// first, by a look ahead over the object's top-level fields.
func (q *onePass) discriminated(p *plan, i int) int {
	s := q.s
	disc := p.alloy.disc
	elems, depth, nm := q.elems, q.depth, q.nm // the look ahead's counts are not the check's
	j, name := q.ws(i+1), ""
	for found := false; !found; {
		a := j
		if j = q.key(j); j < 0 {
			return -1
		}
		k := q.colon(j)
		if k < 0 {
			return -1
		}
		if s[a+1:j-1] == disc {
			if s[k] != '"' {
				return -1
			}
			end, esc := q.str(k)
			if end < 0 || esc {
				return -1
			}
			name, found = s[k+1:end-1], true
			break
		}
		if j = q.any(k, false); j < 0 {
			return -1
		}
		if j = q.ws(j); j >= len(s) || s[j] != ',' {
			return -1 // the end of the object, or bad text: no discriminator
		}
		j = q.ws(j + 1)
	}
	q.elems, q.depth, q.nm = elems, depth, nm
	idx := p.lookup(name)
	if idx < 0 || p.members[idx].plan == nil || p.members[idx].plan.typ != model.StructureType {
		return -1
	}
	return q.structure(p.members[idx].plan, i, disc)
}

// untagged checks the value at s[i] against an @alloy#untagged union. The
// walk tries every member and keeps the best-ranked trial, reporting an
// ambiguity when several rank alike; so the value has no finding exactly
// when one member accepts it without any and every other member has a
// finding. The one pass decides it when one member whose kind can take
// the value passes and every other member cannot take a value of this
// kind at all (a type finding), or, when several members can take the
// kind, when all of them but one are refuted (untaggedShared).
func (q *onePass) untagged(p *plan, i int) int {
	tries := max(q.tries, 1) * len(p.members)
	if len(p.members) == 0 || tries > MaxUntaggedTries || q.maxFindings <= 1 || q.s[i] == 'n' {
		// (with MaxFindings 1, a losing trial's one finding stops it,
		// and the walk reports it)
		return -1
	}
	c, cand := q.s[i], -1
	for k := range p.members {
		if kindRefuses(p.members[k].plan, c) {
			continue
		}
		if cand >= 0 {
			// Two members might take it: decided by refutations
			// (onepass_untagged.go).
			return q.untaggedShared(p, i, tries)
		}
		cand = k
	}
	if cand < 0 {
		return -1
	}
	saved := q.tries
	q.tries = tries
	i = q.value(p.members[cand].plan, i)
	q.tries = saved
	return i
}

// kindRefuses reports whether the walk reports a type finding for any
// non-null JSON value that starts with c against p, whatever its content.
func kindRefuses(p *plan, c byte) bool {
	if p == nil {
		return false // no plan: the walk checks nothing
	}
	str, num, obj, arr, lit := c == '"', c == '-' || c >= '0' && c <= '9', c == '{', c == '[', c == 't' || c == 'f'
	switch p.typ {
	case model.BooleanType:
		return !lit
	case model.StringType, model.EnumType, model.BlobType:
		return !str
	case model.ByteType, model.ShortType, model.IntegerType, model.LongType, model.BigIntegerType, model.IntEnumType, model.BigDecimalType:
		return !num
	case model.FloatType, model.DoubleType, model.TimestampType:
		return !num && !str
	case model.ListType, model.SetType:
		return !arr
	case model.MapType, model.StructureType:
		return !obj
	case model.UnionType:
		return !obj && (p.alloy == nil || !p.alloy.untagged)
	}
	return false // documents take anything
}
