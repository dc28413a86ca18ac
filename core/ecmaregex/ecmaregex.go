// Package ecmaregex runs Smithy @pattern values, which are ECMA-262
// regular expressions, on Go's RE2 engine.
//
// [Compile] translates the ECMA-262 syntax into RE2 syntax where the two
// agree on meaning, and refuses (with an [*Error] naming the construct and
// its offset) what RE2 cannot do: lookahead, lookbehind, backreferences,
// legacy octal escapes and lone surrogates. It never drops a construct
// silently.
//
// Translation rules (ECMA-262 without flags, plus the u-flag escapes \p{..}
// and \u{..}, which Smithy models use widely):
//
//   - '.' matches any code point except the ECMA line terminators
//     (\n, \r, U+2028, U+2029); RE2's '.' would match \r.
//   - \s and \S use ECMA's whitespace set (which includes U+00A0, U+FEFF,
//     the Zs category and the line terminators), not RE2's ASCII one.
//   - Identity escapes of letters (\a, \z, \Q, ...) are the letter itself,
//     as in ECMA, not RE2's bell, end-of-text or quoting.
//   - \cX, \xHH, \uHHHH (surrogate pairs joined), \u{H..}, \0 and [\b]
//     become RE2 code point escapes.
//   - [] matches nothing and [^] any code point; a ']' or '{' that closes
//     or opens nothing is literal (ECMA Annex B).
//   - (?<name>...) named groups are kept; inline flag groups (?i) and
//     (?i:...) are passed to RE2 as an extension (ECMA-262 2025 has the
//     second form).
//   - Matching is by code point (like ECMA's u flag), not UTF-16 code
//     unit: '.' matches one astral character, not half of it.
//
// RE2 limits a counted repetition to 1000. A whole-string pattern of the
// form ^X{n,m}$ with a larger count and X a single character matcher (a
// class, an escape, '.', a literal) is run as ^X*$ plus a code point count
// check; any other such pattern is refused.
//
// A pattern is unanchored: it matches when it matches anywhere in the
// string, as the Smithy specification says.
package ecmaregex

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error reports a pattern that cannot run on RE2 or is not valid.
type Error struct {
	Pattern string
	Offset  int // byte offset of the construct in Pattern
	// Construct names what RE2 lacks ("lookahead", "lookbehind",
	// "backreference", ...); empty for a plain syntax error.
	Construct string
	Msg       string
}

func (e *Error) Error() string {
	if e.Construct != "" {
		return fmt.Sprintf("pattern %q uses %s at offset %d, which Go's RE2 engine cannot run: %s", e.Pattern, e.Construct, e.Offset, e.Msg)
	}
	return fmt.Sprintf("pattern %q is not a valid regular expression: %s", e.Pattern, e.Msg)
}

// Regexp is a compiled @pattern.
type Regexp struct {
	re  *regexp.Regexp
	seq *seqMatcher // a faster exact matcher for simple anchored patterns
	// count check for ^X{min,max}$ beyond RE2's repeat limit; max < 0
	// means unbounded.
	counted  bool
	min, max int
}

// MatchString reports whether s matches the pattern anywhere.
func (r *Regexp) MatchString(s string) bool {
	if r.counted {
		n := utf8.RuneCountInString(s)
		if n < r.min || (r.max >= 0 && n > r.max) {
			return false
		}
	}
	if r.seq != nil {
		return r.seq.match(s)
	}
	return r.re.MatchString(s)
}

// String returns the RE2 translation (for tests and diagnostics).
func (r *Regexp) String() string { return r.re.String() }

// Compile translates and compiles an ECMA-262 pattern.
func Compile(pattern string) (*Regexp, error) {
	goSrc, err := Translate(pattern)
	if err != nil {
		return nil, err
	}
	re, cerr := regexp.Compile(goSrc)
	if cerr == nil {
		return &Regexp{re: re, seq: compileSeq(goSrc)}, nil
	}
	if strings.Contains(cerr.Error(), "invalid repeat count") {
		if lo, hi, ok := outOfOrderCount(cerr); ok {
			return nil, &Error{Pattern: pattern, Msg: fmt.Sprintf("numbers out of order in {%d,%d} quantifier", lo, hi)}
		}
		if r, ok := compileCounted(pattern); ok {
			return r, nil
		}
		return nil, &Error{Pattern: pattern, Construct: "a repetition count above 1000", Msg: "RE2 limits counted repetition to 1000"}
	}
	var se *syntax.Error
	if errors.As(cerr, &se) && se.Code == syntax.ErrInvalidCharRange && (strings.HasPrefix(se.Expr, `\p`) || strings.HasPrefix(se.Expr, `\P`)) {
		return nil, &Error{Pattern: pattern, Msg: "unknown Unicode property in `" + se.Expr + "`"}
	}
	return nil, &Error{Pattern: pattern, Msg: strings.TrimPrefix(cerr.Error(), "error parsing regexp: ")}
}

// outOfOrderCount recognizes RE2's "invalid repeat count" error for a
// quantifier {n,m} with n > m (RE2 gives the same error for counts above
// its limit), which ECMA-262 rejects as a syntax error.
func outOfOrderCount(err error) (lo, hi int, ok bool) {
	var se *syntax.Error
	if !errors.As(err, &se) || se.Code != syntax.ErrInvalidRepeatSize {
		return 0, 0, false
	}
	m := repeatCount.FindStringSubmatch(se.Expr)
	if m == nil {
		return 0, 0, false
	}
	lo, err1 := strconv.Atoi(m[1])
	hi, err2 := strconv.Atoi(m[2])
	if err1 != nil || err2 != nil || lo <= hi {
		return 0, 0, false
	}
	return lo, hi, true
}

var repeatCount = regexp.MustCompile(`\{(\d+),(\d+)\}$`)

// countedForm matches ^ATOM{n,m}$ with ATOM a single-character matcher.
var countedForm = regexp.MustCompile(`^\^(\[(?:\\.|[^\\\]])*\]|\\.|\.|[^\\\[\](){}*+?|^$])\{(\d+)(,(\d*))?\}\$$`)

func compileCounted(pattern string) (*Regexp, bool) {
	m := countedForm.FindStringSubmatch(pattern)
	if m == nil {
		return nil, false
	}
	goSrc, err := Translate("^" + m[1] + "*$")
	if err != nil {
		return nil, false
	}
	re, err := regexp.Compile(goSrc)
	if err != nil {
		return nil, false
	}
	lo, err := strconv.Atoi(m[2])
	if err != nil {
		return nil, false
	}
	hi := lo
	if m[3] != "" {
		hi = -1
		if m[4] != "" {
			if hi, err = strconv.Atoi(m[4]); err != nil || hi < lo {
				return nil, false
			}
		}
	}
	return &Regexp{re: re, seq: compileSeq(goSrc), counted: true, min: lo, max: hi}, true
}

// ecmaSpace lists the code points of ECMA-262 WhiteSpace and
// LineTerminator, which \s matches.
var ecmaSpace = []rune{
	'\t', '\n', '\v', '\f', '\r', ' ', 0x00A0, 0x1680,
	0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A,
	0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF,
}

// spaceBody and nonSpaceBody are class bodies (without brackets) for \s
// and \S.
var spaceBody, nonSpaceBody = func() (string, string) {
	var in, out strings.Builder
	next := rune(0)
	for i := 0; i < len(ecmaSpace); {
		// Group consecutive code points into ranges.
		j := i
		for j+1 < len(ecmaSpace) && ecmaSpace[j+1] == ecmaSpace[j]+1 {
			j++
		}
		writeRange(&in, ecmaSpace[i], ecmaSpace[j])
		if next < ecmaSpace[i] {
			writeRange(&out, next, ecmaSpace[i]-1)
		}
		next = ecmaSpace[j] + 1
		i = j + 1
	}
	writeRange(&out, next, utf8.MaxRune)
	return in.String(), out.String()
}()

func writeRange(b *strings.Builder, lo, hi rune) {
	fmt.Fprintf(b, `\x{%X}`, lo)
	if hi != lo {
		fmt.Fprintf(b, `-\x{%X}`, hi)
	}
}

// Translate returns the RE2 syntax for an ECMA-262 pattern, or an *Error.
func Translate(pattern string) (string, error) {
	t := translator{src: pattern}
	if err := t.run(); err != nil {
		return "", err
	}
	return t.out.String(), nil
}

type translator struct {
	src string
	i   int
	out strings.Builder
}

func (t *translator) unsupported(at int, construct, msg string) error {
	return &Error{Pattern: t.src, Offset: at, Construct: construct, Msg: msg}
}

func (t *translator) syntax(at int, msg string) error {
	return &Error{Pattern: t.src, Offset: at, Msg: msg}
}

func (t *translator) run() error {
	s := t.src
	for t.i < len(s) {
		c := s[t.i]
		switch c {
		case '\\':
			if err := t.escape(false); err != nil {
				return err
			}
		case '(':
			if err := t.group(); err != nil {
				return err
			}
		case '.':
			t.out.WriteString(`[^\n\r\x{2028}\x{2029}]`)
			t.i++
		case '[':
			if err := t.class(); err != nil {
				return err
			}
		case '{':
			if n := quantifierLen(s[t.i:]); n > 0 {
				t.out.WriteString(s[t.i : t.i+n])
				t.i += n
			} else {
				t.out.WriteString(`\{`)
				t.i++
			}
		case '}', ']':
			t.out.WriteByte('\\')
			t.out.WriteByte(c)
			t.i++
		default:
			_, size := utf8.DecodeRuneInString(s[t.i:])
			t.out.WriteString(s[t.i : t.i+size])
			t.i += size
		}
	}
	return nil
}

// quantifierLen returns the length of a {n}, {n,} or {n,m} quantifier at
// the start of s, 0 if there is none (the '{' is then literal).
func quantifierLen(s string) int {
	i := 1
	d := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i == d {
		return 0
	}
	if i < len(s) && s[i] == '}' {
		return i + 1
	}
	if i >= len(s) || s[i] != ',' {
		return 0
	}
	i++
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i < len(s) && s[i] == '}' {
		return i + 1
	}
	return 0
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func (t *translator) group() error {
	s, at := t.src, t.i
	rest := s[at:]
	switch {
	case strings.HasPrefix(rest, "(?="):
		return t.unsupported(at, "lookahead", "(?=...) is not supported")
	case strings.HasPrefix(rest, "(?!"):
		return t.unsupported(at, "negative lookahead", "(?!...) is not supported")
	case strings.HasPrefix(rest, "(?<="):
		return t.unsupported(at, "lookbehind", "(?<=...) is not supported")
	case strings.HasPrefix(rest, "(?<!"):
		return t.unsupported(at, "negative lookbehind", "(?<!...) is not supported")
	case strings.HasPrefix(rest, "(?<"):
		end := strings.IndexByte(rest, '>')
		if end < 0 {
			return t.syntax(at, "unterminated group name")
		}
		t.out.WriteString("(?P<")
		t.out.WriteString(rest[3:end])
		t.out.WriteByte('>')
		t.i += end + 1
		return nil
	case strings.HasPrefix(rest, "(?:"):
		t.out.WriteString("(?:")
		t.i += 3
		return nil
	case strings.HasPrefix(rest, "(?"):
		// Inline flags: (?ims-ims) or (?ims-ims:...).
		j := 2
		for j < len(rest) && strings.IndexByte("ims-", rest[j]) >= 0 {
			j++
		}
		if j > 2 && j < len(rest) && (rest[j] == ')' || rest[j] == ':') {
			t.out.WriteString(rest[:j+1])
			t.i += j + 1
			return nil
		}
		return t.syntax(at, "invalid group")
	}
	t.out.WriteByte('(')
	t.i++
	return nil
}

// escape translates the escape at t.i (a backslash). In a class, a class
// escape (\d, \s, ...) is written as class members.
func (t *translator) escape(inClass bool) error {
	s, at := t.src, t.i
	if at+1 >= len(s) {
		return t.syntax(at, `trailing '\'`)
	}
	c := s[at+1]
	t.i += 2
	switch c {
	case 'd', 'D', 'w', 'W':
		t.out.WriteByte('\\')
		t.out.WriteByte(c)
	case 'b':
		if inClass {
			t.out.WriteString(`\x{8}`)
		} else {
			t.out.WriteString(`\b`)
		}
	case 'B':
		if inClass {
			t.out.WriteByte('B')
		} else {
			t.out.WriteString(`\B`)
		}
	case 's', 'S':
		body := spaceBody
		if c == 'S' {
			body = nonSpaceBody
		}
		if inClass {
			t.out.WriteString(body)
		} else {
			t.out.WriteByte('[')
			t.out.WriteString(body)
			t.out.WriteByte(']')
		}
	case 'f', 'n', 'r', 't', 'v':
		t.out.WriteByte('\\')
		t.out.WriteByte(c)
	case '0':
		if t.i < len(s) && isDigit(s[t.i]) {
			return t.unsupported(at, "a legacy octal escape", `\0 followed by a digit`)
		}
		t.out.WriteString(`\x{0}`)
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if inClass {
			return t.unsupported(at, "a legacy octal escape", "octal escapes in classes are not supported")
		}
		return t.unsupported(at, "backreference", `\`+string(c)+" refers to a capture group")
	case 'k':
		if t.i < len(s) && s[t.i] == '<' {
			return t.unsupported(at, "backreference", `\k<name> refers to a capture group`)
		}
		t.out.WriteByte('k')
	case 'c':
		if t.i < len(s) && (s[t.i] >= 'a' && s[t.i] <= 'z' || s[t.i] >= 'A' && s[t.i] <= 'Z') {
			fmt.Fprintf(&t.out, `\x{%X}`, s[t.i]%32)
			t.i++
		} else {
			t.out.WriteString(`\\c`)
		}
	case 'x':
		if t.i+1 < len(s) && isHex(s[t.i]) && isHex(s[t.i+1]) {
			fmt.Fprintf(&t.out, `\x{%s}`, s[t.i:t.i+2])
			t.i += 2
		} else {
			t.out.WriteByte('x')
		}
	case 'u':
		return t.unicodeEscape(at)
	case 'p', 'P':
		if t.i < len(s) && s[t.i] == '{' {
			end := strings.IndexByte(s[t.i:], '}')
			if end < 0 {
				return t.syntax(at, "unterminated property escape")
			}
			name := s[t.i+1 : t.i+end]
			if k := strings.IndexByte(name, '='); k >= 0 {
				switch name[:k] {
				case "General_Category", "gc", "Script", "sc":
					name = name[k+1:]
				default:
					return t.unsupported(at, "a Unicode property", name[:k]+" properties are not supported")
				}
			}
			fmt.Fprintf(&t.out, `\%c{%s}`, c, name)
			t.i += end + 1
		} else {
			t.out.WriteByte(c)
		}
	default:
		r, size := utf8.DecodeRuneInString(s[at+1:])
		t.i = at + 1 + size
		switch {
		case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_'):
			// An identity escape of a letter is the letter (RE2 gives
			// many of them other meanings).
			t.out.WriteRune(r)
		case r < utf8.RuneSelf:
			t.out.WriteByte('\\')
			t.out.WriteRune(r)
		default:
			t.out.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	return nil
}

func (t *translator) unicodeEscape(at int) error {
	s := t.src
	if t.i < len(s) && s[t.i] == '{' {
		end := strings.IndexByte(s[t.i:], '}')
		if end > 1 {
			v, err := strconv.ParseUint(s[t.i+1:t.i+end], 16, 32)
			if err == nil && v <= utf8.MaxRune && !(v >= 0xD800 && v < 0xE000) {
				fmt.Fprintf(&t.out, `\x{%X}`, v)
				t.i += end + 1
				return nil
			}
		}
		t.out.WriteByte('u')
		return nil
	}
	hex4 := func(i int) (rune, bool) {
		if i+4 > len(s) {
			return 0, false
		}
		v, err := strconv.ParseUint(s[i:i+4], 16, 32)
		if err != nil || strings.ContainsAny(s[i:i+4], "+-") {
			return 0, false
		}
		return rune(v), true
	}
	r, ok := hex4(t.i)
	if !ok {
		t.out.WriteByte('u')
		return nil
	}
	t.i += 4
	if r >= 0xD800 && r < 0xDC00 && strings.HasPrefix(s[t.i:], `\u`) {
		if r2, ok := hex4(t.i + 2); ok && r2 >= 0xDC00 && r2 < 0xE000 {
			r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
			t.i += 6
		}
	}
	if r >= 0xD800 && r < 0xE000 {
		return t.unsupported(at, "a lone surrogate", "a string of valid UTF-8 never holds one")
	}
	fmt.Fprintf(&t.out, `\x{%X}`, r)
	return nil
}

// class translates a character class at t.i ('[').
func (t *translator) class() error {
	s, open := t.src, t.i
	t.i++
	neg := false
	if t.i < len(s) && s[t.i] == '^' {
		neg = true
		t.i++
	}
	if t.i < len(s) && s[t.i] == ']' {
		t.i++
		if neg {
			t.out.WriteString(`[\x{0}-\x{10FFFF}]`)
		} else {
			t.out.WriteString(`[^\x{0}-\x{10FFFF}]`)
		}
		return nil
	}
	t.out.WriteByte('[')
	if neg {
		t.out.WriteByte('^')
	}
	// prevSet is true when the previous member was a class escape (\d),
	// which cannot end a range: a following '-' is then literal.
	prevSet := false
	for {
		if t.i >= len(s) {
			return t.syntax(open, "unterminated character class")
		}
		c := s[t.i]
		switch {
		case c == ']':
			t.out.WriteByte(']')
			t.i++
			return nil
		case c == '\\':
			next := byte(0)
			if t.i+1 < len(s) {
				next = s[t.i+1]
			}
			isSet := strings.IndexByte("dDwWsS", next) >= 0 || (next == 'p' || next == 'P') && t.i+2 < len(s) && s[t.i+2] == '{'
			if err := t.escape(true); err != nil {
				return err
			}
			prevSet = isSet
			continue
		case c == '-':
			// A '-' that cannot form a range (first, last, or next to a
			// class escape) is literal.
			last := t.i+1 < len(s) && s[t.i+1] == ']'
			nextSet := t.i+2 < len(s) && s[t.i+1] == '\\' && strings.IndexByte("dDwWsS", s[t.i+2]) >= 0
			if prevSet || last || nextSet || t.out.Len() > 0 && endsClassOpen(t.out.String()) {
				t.out.WriteString(`\-`)
			} else {
				t.out.WriteByte('-')
			}
			t.i++
		case c == '[' || c == '^':
			t.out.WriteByte('\\')
			t.out.WriteByte(c)
			t.i++
		default:
			_, size := utf8.DecodeRuneInString(s[t.i:])
			t.out.WriteString(s[t.i : t.i+size])
			t.i += size
		}
		prevSet = false
	}
}

// endsClassOpen reports whether the translation so far ends with the start
// of a class ("[" or "[^"), where a '-' is literal.
func endsClassOpen(out string) bool {
	return strings.HasSuffix(out, "[") && !strings.HasSuffix(out, `\[`) ||
		strings.HasSuffix(out, "[^") && !strings.HasSuffix(out, `\[^`)
}
