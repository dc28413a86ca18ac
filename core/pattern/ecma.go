package pattern

import (
	"strings"
)

// ECMA returns a pattern an ECMA-262 reader (a JSON Schema validator)
// gives the meaning java.util.regex gives src, or an *Error naming the
// first construct that has no such spelling here (\A, possessive
// quantifiers, nested classes and intersections, inline flags, Java's
// property names, ...). It rewrites what only differs in spelling: '.'
// lists Java's line terminators, \s is Java's ASCII set, \A and \z are
// '^' and '$' (ECMA reads those, without the m flag, as the start and the
// end of the input), a stray ']' or '}' and a '-' that is no range are
// escaped, identity escapes ECMA's u mode refuses are written as the
// character. One difference remains and is documented
// (docs/patterns.md): ECMA's '$' does not match before a final line
// terminator, Java's does ([FromECMA] writes ECMA's '$' as \z). \p{..} of a general category needs
// ECMA's u flag (as JSON Schema's 2019-09 and later drafts ask).
func ECMA(src string) (string, error) {
	if _, err := parse(src); err != nil {
		return "", err
	}
	w := ecmaWriter{src: []rune(src)}
	if !w.run() {
		return "", &Error{Pattern: src, Index: w.at, Construct: w.why}
	}
	return w.out.String(), nil
}

type ecmaWriter struct {
	src []rune
	i   int
	out strings.Builder
	why string
	at  int
	// last is what a quantifier would apply to: 'a' an atom, 'z' an
	// assertion or a lookaround, 'q' a quantifier, 0 nothing. ECMA's u
	// mode refuses a quantifier on any but an atom (Java accepts them).
	last   byte
	groups []byte // per open group: 'z' for a lookaround
}

// javaDot is Java's '.', spelled for ECMA-262 and RE2 alike (the
// terminators above ASCII as themselves).
const javaDot = "[^\\n\\r\u0085\u2028\u2029]"

func (w *ecmaWriter) fail(at int, why string) bool {
	w.why, w.at = why, at
	return false
}

func (w *ecmaWriter) peek(k int) rune {
	if w.i+k < len(w.src) {
		return w.src[w.i+k]
	}
	return 0
}

func (w *ecmaWriter) run() bool {
	for w.i < len(w.src) {
		c := w.src[w.i]
		if c != '*' && c != '+' && c != '?' && c != '{' {
			w.last = 'a'
		}
		switch c {
		case '\\':
			if !w.escape(false) {
				return false
			}
			continue
		case '^', '$':
			w.out.WriteRune(c)
			w.last = 'z'
		case '|':
			w.out.WriteRune(c)
			w.last = 0
		case ')':
			w.out.WriteRune(c)
			if n := len(w.groups); n > 0 {
				w.last = w.groups[n-1]
				w.groups = w.groups[:n-1]
			}
		case '.':
			w.out.WriteString(javaDot)
		case '[':
			if !w.class() {
				return false
			}
			continue
		case ']', '}':
			w.out.WriteByte('\\')
			w.out.WriteRune(c)
		case '(':
			kind, n := byte('a'), 1
			if w.peek(1) == '?' {
				rest := string(w.src[w.i:min(w.i+4, len(w.src))])
				switch {
				case strings.HasPrefix(rest, "(?:"), strings.HasPrefix(rest, "(?="), strings.HasPrefix(rest, "(?!"):
					n = 3
				case strings.HasPrefix(rest, "(?<="), strings.HasPrefix(rest, "(?<!"):
					n = 4
				case strings.HasPrefix(rest, "(?<"):
					// A named group: the same in ECMA-262 2018.
					for n = 3; w.i+n < len(w.src) && w.src[w.i+n-1] != '>'; n++ {
					}
				case strings.HasPrefix(rest, "(?>"):
					return w.fail(w.i, "an atomic group")
				default:
					return w.fail(w.i, "an inline flag")
				}
				if rest[2] == '=' || rest[2] == '!' || len(rest) > 3 && rest[2] == '<' && (rest[3] == '=' || rest[3] == '!') {
					kind = 'z'
				}
			}
			w.groups = append(w.groups, kind)
			w.out.WriteString(string(w.src[w.i : w.i+n]))
			w.i += n
			w.last = 0
			continue
		case '*', '+', '?', '{':
			if w.last != 'a' {
				return w.fail(w.i, "a quantifier on an assertion, a lookaround, another quantifier or nothing")
			}
			j := w.i
			if c == '{' {
				for j < len(w.src) && w.src[j] != '}' {
					j++
				}
			}
			w.out.WriteString(string(w.src[w.i : j+1]))
			w.i = j + 1
			switch w.peek(0) {
			case '+':
				return w.fail(w.i, "a possessive quantifier")
			case '?':
				w.out.WriteByte('?')
				w.i++
			}
			w.last = 'q'
			continue
		default:
			w.out.WriteRune(c)
		}
		w.i++
	}
	return true
}

// escape writes the escape at w.i; in a class, \s and \p{..} are written
// as class members.
func (w *ecmaWriter) escape(inClass bool) bool {
	at := w.i
	c := w.peek(1)
	w.i += 2
	switch {
	case c == 'z' && !inClass:
		// The end of the input: ECMA's '$' without the m flag, exactly.
		w.out.WriteByte('$')
		w.last = 'z'
		return true
	case c == 'A' && !inClass:
		// The start of the input: ECMA's '^' without the m flag.
		w.out.WriteByte('^')
		w.last = 'z'
		return true
	}
	switch c {
	case 'd', 'D', 'w', 'W', 't', 'n', 'r', 'f':
		w.out.WriteByte('\\')
		w.out.WriteRune(c)
	case 's':
		if inClass {
			w.out.WriteString(`\t-\r `)
		} else {
			w.out.WriteString(`[\t-\r ]`)
		}
	case 'S':
		if inClass {
			return w.fail(at, `\S in a class`)
		}
		w.out.WriteString(`[^\t-\r ]`)
	case 'x':
		if w.peek(0) == '{' {
			// \x{h...}: a code point up to U+00FF as \xHH, above as the
			// character itself (no syntax character is above U+00FF),
			// a spelling ECMA-262 and RE2 read alike.
			j := w.i + 1
			cp := 0
			for j < len(w.src) && isHexR(w.src[j]) && cp <= 0x10FFFF {
				cp = cp*16 + hexVal(w.src[j])
				j++
			}
			if j >= len(w.src) || w.src[j] != '}' || j == w.i+1 || cp > 0x10FFFF || cp >= 0xD800 && cp <= 0xDFFF {
				return w.fail(at, `\x{...}`)
			}
			if cp <= 0xFF {
				const hex = "0123456789ABCDEF"
				w.out.WriteString(`\x` + string(hex[cp>>4]) + string(hex[cp&15]))
			} else {
				w.out.WriteRune(rune(cp))
			}
			w.i = j + 1
			return true
		}
		w.out.WriteString(`\x` + string(w.src[w.i:w.i+2]))
		w.i += 2
	case 'u':
		w.out.WriteString(`\u` + string(w.src[w.i:w.i+4]))
		w.i += 4
	case 'p', 'P':
		name := ""
		if w.peek(0) == '{' {
			j := w.i
			for j < len(w.src) && w.src[j] != '}' {
				j++
			}
			name = string(w.src[w.i+1 : j])
			w.i = j + 1
		} else {
			name = string(w.peek(0))
			w.i++
		}
		if _, ok := javaProperty(name); !ok || len(name) > 2 || name == "LC" || name == "LD" || name == "L1" {
			return w.fail(at, `the Java property \p{`+name+`}`)
		}
		w.out.WriteString(`\` + string(c) + "{" + name + "}")
	default:
		switch {
		case isAlnum(c) || c == 0:
			return w.fail(at, `\`+string(c))
		case strings.ContainsRune(`^$\.*+?()[]{}|/`, c) || inClass && c == '-':
			w.out.WriteByte('\\')
			w.out.WriteRune(c)
		default:
			// ECMA's u mode refuses other identity escapes; the
			// character means itself.
			w.out.WriteRune(c)
		}
	}
	return true
}

// class writes a class without nesting or intersection.
func (w *ecmaWriter) class() bool {
	w.out.WriteByte('[')
	w.i++
	if w.peek(0) == '^' {
		w.out.WriteByte('^')
		w.i++
	}
	first := true
	for {
		c := w.peek(0)
		switch {
		case w.i >= len(w.src):
			return w.fail(w.i, "an unclosed class")
		case c == ']' && !first:
			w.out.WriteByte(']')
			w.i++
			return true
		case c == '[':
			return w.fail(w.i, "a nested class")
		case c == '&' && w.peek(1) == '&':
			return w.fail(w.i, "a class intersection")
		}
		first = false
		// One member: a character, maybe the start of a range.
		single := c != '\\' || strings.ContainsRune("tnrfxu", w.peek(1)) || !isAlnum(w.peek(1))
		if c == '\\' {
			if !w.escape(true) {
				return false
			}
		} else if c == '-' && (w.out.String()[w.out.Len()-1] == '[' || w.peek(1) == ']') {
			// First or last: a literal '-' in both dialects.
			w.out.WriteByte('-')
			w.i++
		} else {
			w.member(c)
			w.i++
		}
		if single && w.peek(0) == '-' && w.peek(1) != ']' && w.peek(1) != '[' && w.peek(1) != 0 {
			w.out.WriteByte('-')
			w.i++
			if w.peek(0) == '\\' {
				if !w.escape(true) {
					return false
				}
			} else {
				w.member(w.peek(0))
				w.i++
			}
		}
	}
}

// member writes a literal class member.
func (w *ecmaWriter) member(c rune) {
	if strings.ContainsRune(`]\^-[`, c) {
		w.out.WriteByte('\\')
	}
	w.out.WriteRune(c)
}
