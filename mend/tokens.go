package mend

import (
	"bytes"
	"unicode/utf8"
)

// Quote kinds: which characters open a string and which close it.
type quoteKind uint8

const (
	qNone       quoteKind = iota
	qDouble               // "
	qSingle               // '
	qBacktick             // ` (closed by `, ´ or ')
	qTypoSingle           // ‘ or ’ (closed by ’ or ')
	qTypoDouble           // “ or ” (closed by ” or ")
	qEscaped              // \" in a JSON text escaped once more (closed by \")
)

// quoteAt returns the kind of quote that opens a string at offset i, or
// qNone. (quoteLen gives its length.)
func (r *reader) quoteAt(i int) quoteKind {
	if r.past(i) {
		return qNone
	}
	switch c := r.in[i]; c {
	case '"':
		return qDouble
	case '\\':
		if r.escaped && r.has(i+1) && r.in[i+1] == '"' {
			return qEscaped
		}
	case '\'':
		return qSingle
	case '`':
		return qBacktick
	case 0xC2:
		if r.has(i+1) && r.in[i+1] == 0xB4 { // ´
			return qBacktick
		}
	case 0xE2:
		if r.has(i+2) && r.in[i+1] == 0x80 {
			switch r.in[i+2] {
			case 0x98, 0x99: // ‘ ’
				return qTypoSingle
			case 0x9C, 0x9D: // “ ”
				return qTypoDouble
			}
		}
	}
	return qNone
}

func quoteLen(b []byte, i int) int {
	switch b[i] {
	case 0xC2, '\\':
		return 2
	case 0xE2:
		return 3
	}
	return 1
}

// closerLen returns the length of a quote at i that can close a string
// opened by kind q, 0 when there is none.
func (r *reader) closerLen(q quoteKind, i int) int {
	b := r.in
	c := b[i]
	switch q {
	case qDouble:
		if c == '"' {
			return 1
		}
	case qSingle:
		if c == '\'' {
			return 1
		}
	case qBacktick:
		if c == '`' || c == '\'' {
			return 1
		}
		if c == 0xC2 && r.has(i+1) && b[i+1] == 0xB4 {
			return 2
		}
	case qTypoSingle:
		if c == '\'' {
			return 1
		}
		if c == 0xE2 && r.has(i+2) && b[i+1] == 0x80 && b[i+2] == 0x99 {
			return 3
		}
	case qEscaped:
		if c == '\\' && r.has(i+1) && b[i+1] == '"' {
			return 2
		}
	case qTypoDouble:
		if c == '"' {
			return 1
		}
		if c == 0xE2 && r.has(i+2) && b[i+1] == 0x80 && b[i+2] == 0x9D {
			return 3
		}
	}
	return 0
}

// plain marks the bytes a double-quoted string copies without a look.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// span is a range of the input: a key's raw text, kept as offsets so that
// reading allocates nothing per key.
type span struct{ from, to int }

// str reads a string at r.i and returns its raw content (for paths in
// messages).
func (r *reader) str(isKey bool) span {
	snap := r.snapshot()
	content, restart := r.scanString(isKey, -1)
	if restart < 0 {
		return content
	}
	// The string lacks its closing quote: read it again, ending at restart.
	// (At most once per string, over the same bytes: linear.)
	r.restore(snap)
	content, _ = r.scanString(isKey, restart)
	if r.in[restart] != ',' {
		// Closed before the brackets that end the text: the text may as
		// well have been cut inside the string, so it is not complete,
		// and its syntax progress is that of a text cut in a string.
		r.truncated = true
		save := r.i
		r.i = len(r.in)
		r.progress(1)
		r.i = save
		r.progressFrozen = true
	}
	return content
}

// snapshot is the reader's output state, to read a string again.
type snapshot struct {
	outLen, mark, nrepairs, nlisted, loss int
	outNil, lossy, ambiguous              bool
}

func (r *reader) snapshot() snapshot {
	return snapshot{outLen: len(r.out), outNil: r.out == nil, mark: r.mark, nrepairs: r.nrepairs,
		nlisted: len(r.repairs), loss: r.loss, lossy: r.lossy, ambiguous: r.ambiguous}
}

func (r *reader) restore(s snapshot) {
	if s.outNil {
		r.out = nil
	} else {
		r.out = r.out[:s.outLen]
	}
	r.mark, r.nrepairs, r.repairs, r.loss, r.lossy, r.ambiguous = s.mark, s.nrepairs, r.repairs[:s.nlisted], s.loss, s.lossy, s.ambiguous
}

// scanString reads a string at r.i. With limit >= 0 the string ends at
// limit, where its closing quote is missing. With limit < 0 it returns
// restart >= 0 when it finds the closing quote missing: the string ends
// at restart (before a comma that a key follows, or before the closing
// brackets that end the text).
func (r *reader) scanString(isKey bool, limit int) (content span, restart int) {
	in := r.in
	n := len(in)
	start := r.i
	q := r.quoteAt(start)
	ql := quoteLen(in, start)
	r.noteQuote(q, start)
	if q != qDouble {
		r.edit(start, start+ql, `"`)
	}
	j := start + ql
	doubled := false
	if q == qDouble && r.has(j+1) && in[j] == '"' && !endsAfterQuote(in[j+1]) {
		// ""value"": the writer doubled the quotes.
		doubled = true
		r.note(ruleDoubledQuote, j, 0, "")
		r.edit(j, j+1, "")
		j++
	}
	contentStart := j
	control := false
	end := n
	if limit >= 0 {
		end = limit
	}
	// An incremental reading takes an unfinished string again with each
	// chunk: the plain run already read is not read again.
	n0, mark0, out0 := r.nrepairs, r.mark, len(r.out)
	if q == qDouble && !doubled && limit < 0 && r.resumeAt == start+r.base && r.resumeTo-r.base > j && r.resumeTo-r.base <= n {
		j = r.resumeTo - r.base
	}
	for {
		if q == qDouble {
			for j < end && plain[in[j]] {
				j++
			}
		} else {
			// Every other quote's closer begins with a byte that is not
			// plain, or with ' or `: the bytes before one are kept as
			// they are (the default case below), skipped here without the
			// closer's and the switch's tests (a single-quoted string
			// read again at each chunk cost 7 ns a byte, not 1).
			for j < end && plain[in[j]] && in[j] != '\'' && in[j] != '`' {
				j++
			}
		}
		if j == limit {
			r.note(ruleMissingQuote, j, 0, "")
			r.edit(j, j, `"`)
			r.i = j
			return span{contentStart, j}, -1
		}
		if r.past(j) {
			if r.open {
				// An incremental reading takes this step again with more
				// input: nothing more of it is needed now.
				if q == qDouble && !doubled && !control && limit < 0 && r.nrepairs == n0 && r.mark == mark0 && len(r.out) == out0 {
					r.resumeAt, r.resumeTo = start+r.base, j+r.base
				}
				r.i = j
				return span{contentStart, j}, -1
			}
			if limit < 0 {
				if s := closersSuffix(in, contentStart); s >= 0 {
					return span{}, s
				}
			}
			where := r.stringPath(isKey)
			r.note(ruleTruncatedString, j, 1, "cut inside "+where+", closed at the end of the text")
			r.cutAt(where)
			r.edit(j, j, `"`)
			r.i = j
			r.scalarOpen, r.strOpen, r.truncated = true, true, true
			return span{contentStart, j}, -1
		}
		c := in[j]
		if cl := r.closerLen(q, j); cl > 0 {
			if doubled && r.has(j+1) && in[j+1] == '"' {
				r.edit(j+1, j+2, "")
				r.i = j + 2
				return span{contentStart, j}, -1
			}
			if r.endsString(q, j, j+cl) {
				if k := r.joinedAt(j + cl); k >= 0 && !isKey {
					// "a" + 'b': the string goes on in the next one; this
					// quote, the + and the next opening quote go.
					q = r.quoteAt(k)
					ql := quoteLen(in, k)
					r.note(ruleStringPlus, j+cl, 0, "")
					r.noteQuote(q, k)
					r.edit(j, k+ql, "")
					j, doubled = k+ql, false
					continue
				}
				if q != qDouble {
					r.edit(j, j+cl, `"`)
				}
				r.i = j + cl
				return span{contentStart, j}, -1
			}
			if limit < 0 && !isKey {
				if k := commaBefore(in, contentStart, j); k >= 0 && r.tokenFollows(q, j+cl) {
					return span{}, k
				}
			}
			r.note(ruleInnerQuote, j, 0, "")
			if in[j] == '"' { // other quotes are characters as they are
				r.edit(j, j+cl, `\"`)
			}
			j += cl
			continue
		}
		switch {
		case c == '"': // inside a string not opened by '"'
			r.edit(j, j+1, `\"`)
			j++
		case c == '\\':
			j = r.escape(j)
		case c < 0x20:
			if !control {
				control = true
				r.note(ruleControl, j, 0, "")
			}
			r.edit(j, j+1, controlEscape(c))
			j++
		case c >= 0x80:
			r.fullRune(j)
			ru, size := utf8.DecodeRune(in[j:])
			if ru == utf8.RuneError && size == 1 {
				r.note(ruleUTF8, j, 1, "")
				r.edit(j, j+1, `\ufffd`)
			}
			j += size
		default:
			j++
		}
	}
}

// noteQuote notes the repair of a string opened at at by a quote of kind
// q.
func (r *reader) noteQuote(q quoteKind, at int) {
	switch q {
	case qSingle:
		r.note(ruleSingleQuote, at, 0, "")
	case qBacktick:
		r.note(ruleBacktick, at, 0, "")
	case qTypoSingle, qTypoDouble:
		r.note(ruleTypographic, at, 0, "")
	case qEscaped:
		if !r.escapedNoted {
			r.escapedNoted = true
			r.note(ruleEscapedJSON, at, 0, "")
		}
	}
}

// endsAfterQuote reports whether c, right after `""`, shows the two
// quotes are an empty string rather than a doubled opening quote.
func endsAfterQuote(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ':', '}', ']', '"', '/':
		return true
	}
	return false
}

// endsString decides whether the quote at j (ending at after) closes the
// string: it does when what follows (spaces skipped) is a delimiter, the
// end of the line or of the text, or another string; it is an inner
// quote when a word follows and a later quote on the same line can close
// the string instead. On valid JSON every closing quote is followed by a
// delimiter, so the rule never changes valid text.
func (r *reader) endsString(q quoteKind, j, after int) bool {
	in := r.in
	k := after
	if r.has(k) && in[k] == '"' && in[j] == '"' {
		// `72""` then a delimiter: the first quote is a character and the
		// second closes; `...""ans":` : the first closes, a key follows.
		m := k + 1
		for m < len(in) && (in[m] == ' ' || in[m] == '\t') {
			m++
		}
		if r.past(m) || in[m] == ',' || in[m] == '}' || in[m] == ']' || in[m] == '\n' || in[m] == '\r' {
			return false
		}
		return true
	}
	for k < len(in) && (in[k] == ' ' || in[k] == '\t') {
		k++
	}
	if r.past(k) {
		return true
	}
	switch in[k] {
	case ',', ':', '}', ']', '\n', '\r', '"':
		return true
	case '/':
		if r.has(k+1) && (in[k+1] == '/' || in[k+1] == '*') {
			return true // a comment follows
		}
	case '+':
		if r.joinedAt(k) >= 0 {
			return true // another string is joined to this one
		}
	}
	if r.quoteAt(k) != qNone && r.quoteAt(k) != qSingle {
		return true
	}
	// A later quote on this line?
	for m := k; m < len(in); m++ {
		c := in[m]
		if c == '\n' || c == '\r' {
			return true
		}
		if (c == '"' || c == '\'' || c >= 0x80 || c == '`' || c == '\\') && r.closerLen(q, m) > 0 {
			return false
		}
	}
	r.past(len(in))
	return true
}

// escape handles a backslash at j and returns the offset after it.
func (r *reader) escape(j int) int {
	in := r.in
	n := len(in)
	if r.escaped && r.has(j+1) && in[j+1] == '\\' {
		// In a JSON text escaped once more, \\ stands for one backslash
		// of the text: \\\" is an escaped quote, \\\\ an escaped backslash,
		// \\n an escaped n.
		if r.has(j+3) && in[j+2] == '\\' && (in[j+3] == '"' || in[j+3] == '\\') {
			r.edit(j, j+4, `\`+string(in[j+3]))
			return j + 4
		}
		if r.past(j + 2) {
			r.note(ruleTruncatedEscape, j, 2, "")
			r.edit(j, j+2, "")
			return j + 2
		}
		switch e := in[j+2]; {
		case e == '"': // \\" : a quote escaped once, not twice
			r.edit(j, j+3, `\"`)
			return j + 3
		case e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't' ||
			e == 'u' && r.has(j+6) && isHex(in[j+3]) && isHex(in[j+4]) && isHex(in[j+5]) && isHex(in[j+6]):
			r.edit(j, j+2, `\`) // the escape of the text: \\n is \n
			return j + 2
		}
		r.note(ruleEscape, j, 0, "")
		r.edit(j, j+2, `\\`) // a backslash the text meant as a character
		return j + 2
	}
	if r.past(j + 1) {
		r.note(ruleTruncatedEscape, j, 1, "")
		r.edit(j, j+1, "")
		return j + 1
	}
	switch e := in[j+1]; e {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return j + 2
	case 'u':
		k := j + 2
		for k < n && k < j+6 && isHex(in[k]) {
			k++
		}
		if k == j+6 {
			return k
		}
		if r.past(k) {
			r.note(ruleTruncatedEscape, j, n-j, "")
			r.edit(j, n, "")
			return n
		}
		r.note(ruleEscape, j, 0, `\u without four hex digits`)
		r.edit(j, j+1, `\\`)
		return j + 1
	case '\'':
		r.note(ruleQuoteEscape, j, 0, "")
		r.edit(j, j+2, "'")
		return j + 2
	case '\n':
		r.note(ruleControl, j, 0, "a backslash before a line break")
		r.edit(j, j+2, `\n`)
		return j + 2
	default:
		r.note(ruleEscape, j, 0, "\\"+string(rune(e)))
		r.edit(j, j+1, `\\`)
		return j + 1
	}
}

func isHex(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func controlEscape(c byte) string {
	switch c {
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	}
	const hex = "0123456789abcdef"
	return `\u00` + string(hex[c>>4]) + string(hex[c&15])
}

// ---- numbers ----

func isNumChar(c byte) bool {
	return isDigit(c) || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// number reads a number at r.i. Its text is kept exactly; a repair
// touches only what is not JSON (a leading +, a bare decimal point, a
// missing exponent).
func (r *reader) number() {
	in := r.in
	start := r.i
	j := start
	for j < len(in) && isNumChar(in[j]) {
		j++
	}
	if r.has(j) && (isIdentChar(in[j]) || in[j] == ':' || in[j] >= 0x80) {
		// glued to a word: 2notanumber, a UUID, a time of day
		r.unquotedValue()
		return
	}
	tok := in[start:j]
	// The loose shape: [+-] digits [. digits] [eE [+-] digits].
	p := 0
	plus := false
	if p < len(tok) && (tok[p] == '+' || tok[p] == '-') {
		plus = tok[p] == '+'
		p++
	}
	intStart := p
	for p < len(tok) && isDigit(tok[p]) {
		p++
	}
	intEnd := p
	frac, fracDigits := false, 0
	if p < len(tok) && tok[p] == '.' {
		frac = true
		p++
		for p < len(tok) && isDigit(tok[p]) {
			p++
			fracDigits++
		}
	}
	exp, expDigits := false, 0
	if p < len(tok) && (tok[p] == 'e' || tok[p] == 'E') {
		exp = true
		p++
		if p < len(tok) && (tok[p] == '+' || tok[p] == '-') {
			p++
		}
		for p < len(tok) && isDigit(tok[p]) {
			p++
			expDigits++
		}
	}
	r.i = j
	if j == len(in) {
		r.scalarOpen = true
	}
	intDigits := intEnd - intStart
	switch {
	case p != len(tok) || intDigits == 0 && fracDigits == 0 && (frac || exp):
		if len(tok) == 1 && tok[0] == '.' {
			break // "." alone: 0.0 below
		}
		r.i = start
		r.unquotedValue()
		return
	case intDigits > 1 && tok[intStart] == '0':
		r.note(ruleLeadingZero, start, 0, "")
		r.edit(start, j, `"`+string(tok)+`"`)
		return
	case intDigits == 0 && !frac && !exp:
		// "-" or "+" alone
		r.note(ruleTruncatedToken, start, 1, "")
		r.truncated = r.truncated || j == len(in)
		r.edit(start, j, "-0")
		return
	}
	if !plus && intDigits > 0 && (!frac || fracDigits > 0) && (!exp || expDigits > 0) {
		return // JSON as written
	}
	fixed := make([]byte, 0, len(tok)+2)
	if plus {
		r.note(rulePlus, start, 0, "")
	} else if intStart > 0 {
		fixed = append(fixed, '-')
	}
	if intDigits == 0 {
		r.note(ruleNumberDot, start, 0, "")
		fixed = append(fixed, '0')
	} else {
		fixed = append(fixed, tok[intStart:intEnd]...)
	}
	rest := tok[intEnd:]
	if frac {
		fixed = append(fixed, '.')
		rest = rest[1:]
		if fracDigits == 0 {
			r.note(ruleNumberDot, start+intEnd, 0, "")
			fixed = append(fixed, '0')
		} else {
			fixed = append(fixed, rest[:fracDigits]...)
			rest = rest[fracDigits:]
		}
	}
	if exp {
		fixed = append(fixed, rest...)
		if expDigits == 0 {
			r.note(ruleTruncatedToken, j, 1, "an exponent without digits")
			r.truncated = r.truncated || j == len(in)
			fixed = append(fixed, '0')
		}
	}
	r.edit(start, j, string(fixed))
}

// ---- words ----

// literals maps the words read as literals to their JSON text.
var literals = map[string]string{
	"true": "true", "false": "false", "null": "null",
	"True": "true", "False": "false", "None": "null",
	"undefined": "null",
	"NaN":       "null", "Infinity": "null",
}

// unquotedValue reads a value without quotes at r.i: a literal, a
// Python or JavaScript literal, or a string the writer left unquoted.
func (r *reader) unquotedValue() {
	in := r.in
	start := r.i
	j := start
	for j < len(in) {
		c := in[j]
		if c == ',' || c == '}' || c == ']' || c == '\n' || c == '\r' || c == '"' {
			break
		}
		if c == '/' && r.has(j+1) && (in[j+1] == '*' || in[j+1] == '/' && (j == start || in[j-1] == ' ')) {
			break
		}
		j++
	}
	r.past(j)
	end := j
	for end > start && (in[end-1] == ' ' || in[end-1] == '\t') {
		end--
	}
	word := in[start:end]
	if end == len(in) {
		r.scalarOpen = true
	}
	switch string(word) {
	case "true", "false", "null":
		r.i = end
		return
	case "True", "False", "None":
		r.note(rulePython, start, 0, "")
		r.edit(start, end, literals[string(word)])
		r.i = end
		return
	case "undefined":
		r.note(ruleUndefined, start, 0, "")
		r.edit(start, end, "null")
		r.i = end
		return
	case "NaN", "Infinity", "-Infinity", "+Infinity":
		r.note(ruleNonFinite, start, len(word), "")
		r.edit(start, end, "null")
		r.i = end
		return
	}
	if end == len(in) && len(word) < 5 {
		for _, lit := range [...]string{"true", "false", "null"} {
			if len(word) < len(lit) && bytes.HasPrefix([]byte(lit), word) {
				r.note(ruleTruncatedToken, start, len(lit)-len(word), "completed to "+lit)
				r.truncated = true // the text ended inside the literal
				r.edit(start, end, lit)
				r.i = end
				return
			}
		}
	}
	r.note(ruleUnquotedValue, start, 0, "")
	closeAt := end
	if j < len(in) && in[j] == '"' && j == end && j > start {
		closeAt = j + 1 // abc" : a missing opening quote
	}
	r.edit(start, closeAt, `"`+string(r.escapeText(word, start))+`"`)
	r.i = closeAt
}

// unquotedKey reads an object key without quotes at r.i.
func (r *reader) unquotedKey() span {
	in := r.in
	start := r.i
	j := start
	for j < len(in) {
		c := in[j]
		if c == ':' || c == ',' || c == '}' || c == ']' || c == '{' || c == '[' || c == '"' || c == '\n' || c == '\r' {
			break
		}
		j++
	}
	r.past(j)
	end := j
	for end > start && (in[end-1] == ' ' || in[end-1] == '\t') {
		end--
	}
	word := in[start:end]
	r.note(ruleUnquotedKey, start, 0, "")
	closeAt := end
	if j < len(in) && in[j] == '"' && j == end {
		closeAt = j + 1
	}
	if end == len(in) {
		r.scalarOpen = true
	}
	r.edit(start, closeAt, `"`+string(r.escapeText(word, start))+`"`)
	r.i = closeAt
	return span{start, end}
}

// escapeText returns word as the content of a JSON string.
func (r *reader) escapeText(word []byte, at int) []byte {
	var b []byte
	for k := 0; k < len(word); {
		c := word[k]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
			k++
		case c < 0x20:
			b = append(b, controlEscape(c)...)
			k++
		case c >= 0x80:
			ru, size := utf8.DecodeRune(word[k:])
			if ru == utf8.RuneError && size == 1 {
				r.note(ruleUTF8, at+k, 1, "")
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, word[k:k+size]...)
			}
			k += size
		default:
			b = append(b, c)
			k++
		}
	}
	return b
}

// stringPath names the string being read, for messages: the member's
// value, a key, or an element.
func (r *reader) stringPath(isKey bool) string {
	if isKey {
		return "an object key"
	}
	return "the string at " + r.pathAt()
}

// closersSuffix returns where the run of whitespace and closing brackets
// that ends in starts, when that run holds a bracket and begins at or
// after from; -1 otherwise. A string that runs into it lacks its closing
// quote: `{"a":"b}`.
func closersSuffix(in []byte, from int) int {
	k := len(in)
	brackets := false
	for k > from {
		c := in[k-1]
		if c == '}' || c == ']' {
			brackets = true
		} else if !isSpace(c) {
			break
		}
		k--
	}
	if !brackets {
		return -1
	}
	return k
}

// commaBefore returns the offset of a comma that ends the content
// [from, j) but for whitespace, -1 when there is none.
func commaBefore(in []byte, from, j int) int {
	k := j - 1
	for k > from && isSpace(in[k]) {
		k--
	}
	if k > from && in[k] == ',' {
		return k
	}
	return -1
}

// tokenFollows reports whether a quoted token starts at after: a word, the
// closing quote, then a delimiter (`,"key":` or `,"next"]`).
func (r *reader) tokenFollows(q quoteKind, after int) bool {
	in := r.in
	for m := after; m < len(in); m++ {
		c := in[m]
		if c == '\n' || c == '\r' || c == ',' {
			return false
		}
		if cl := r.closerLen(q, m); cl > 0 {
			k := m + cl
			for k < len(in) && isSpace(in[k]) {
				k++
			}
			return r.past(k) || in[k] == ':' || in[k] == ',' || in[k] == '}' || in[k] == ']'
		}
	}
	r.past(len(in))
	return false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
