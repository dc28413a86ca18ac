package pattern

import (
	"errors"
	"strings"
)

// ecmaSpace is ECMA-262's \s (WhiteSpace and LineTerminator), as class
// members java.util.regex reads the same way.
const ecmaSpace = `\t\n\x0B\f\r \xA0\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}`

// ecmaDot is ECMA-262's '.' without the s flag, for java.util.regex (whose
// '.' also excludes U+0085).
const ecmaDot = `[^\n\r\x{2028}\x{2029}]`

// FromECMA returns a pattern that java.util.regex (and so this package,
// and a Smithy @pattern) reads with the meaning ECMA-262 gives src, as a
// JSON Schema "pattern" is read (the u flag, no other flag), or an
// *Error naming the first construct that has no such spelling here. It
// is [ECMA]'s inverse on what ECMA writes.
//
// It rewrites what differs: '$' is the end of the input (\z: Java's '$'
// also matches before a final line terminator), '.' and \s list ECMA's
// characters (Java's '.' also excludes U+0085, its \s is ASCII), \v is
// U+000B (Java's \v is a class), \0 is NUL, \u{...} is \x{...}; in a
// class, '[' and '&' are escaped (Java nests classes and intersects on
// "&&") and \b is U+0008. Refused: \b and \B outside a class (ECMA's
// word characters are ASCII, Java's are not), \S in a class, Unicode
// properties other than general categories, the empty classes [] and [^],
// and any escape of a letter ECMA's u mode does not define.
func FromECMA(src string) (string, error) {
	r := fromECMA{src: []rune(src)}
	if !r.run() {
		return "", &Error{Pattern: src, Index: r.at, Construct: r.why}
	}
	out := r.out.String()
	if _, err := Compile(out); err != nil {
		// A construct Java reads but this package does not run (a back
		// reference) keeps its exact spelling: a validator reports it.
		var pe *Error
		if !errors.As(err, &pe) || !pe.Unsupported() {
			return "", err
		}
	}
	return out, nil
}

type fromECMA struct {
	src []rune
	i   int
	out strings.Builder
	why string
	at  int
}

func (r *fromECMA) fail(at int, why string) bool {
	r.why, r.at = why, at
	return false
}

func (r *fromECMA) peek(k int) rune {
	if r.i+k < len(r.src) {
		return r.src[r.i+k]
	}
	return 0
}

func (r *fromECMA) run() bool {
	for r.i < len(r.src) {
		c := r.src[r.i]
		switch c {
		case '\\':
			if !r.escape(false) {
				return false
			}
			continue
		case '$':
			r.out.WriteString(`\z`)
		case '.':
			r.out.WriteString(ecmaDot)
		case '[':
			if !r.class() {
				return false
			}
			continue
		case '(':
			if r.peek(1) == '?' {
				rest := string(r.src[r.i:min(r.i+4, len(r.src))])
				switch {
				case strings.HasPrefix(rest, "(?:"), strings.HasPrefix(rest, "(?="), strings.HasPrefix(rest, "(?!"),
					strings.HasPrefix(rest, "(?<="), strings.HasPrefix(rest, "(?<!"), strings.HasPrefix(rest, "(?<"):
				default:
					return r.fail(r.i, "a group modifier")
				}
			}
			r.out.WriteRune(c)
		default:
			r.out.WriteRune(c)
		}
		r.i++
	}
	return true
}

// escape translates the escape at r.i.
func (r *fromECMA) escape(inClass bool) bool {
	at := r.i
	c := r.peek(1)
	r.i += 2
	switch c {
	case 'd', 'D', 'w', 'W', 't', 'n', 'r', 'f':
		r.out.WriteByte('\\')
		r.out.WriteRune(c)
	case 's':
		if inClass {
			r.out.WriteString(ecmaSpace)
		} else {
			r.out.WriteString("[" + ecmaSpace + "]")
		}
	case 'S':
		if inClass {
			return r.fail(at, `\S in a class`)
		}
		r.out.WriteString("[^" + ecmaSpace + "]")
	case 'v':
		r.out.WriteString(`\x0B`)
	case 'b':
		if !inClass {
			return r.fail(at, `\b (ECMA-262's word characters are ASCII, Java's are not)`)
		}
		r.out.WriteString(`\x08`)
	case 'B':
		return r.fail(at, `\B (ECMA-262's word characters are ASCII, Java's are not)`)
	case '0':
		if isDigitR(r.peek(0)) {
			return r.fail(at, `\0 followed by a digit`)
		}
		r.out.WriteString(`\x00`)
	case 'c':
		if l := r.peek(0); !isAlpha(l) {
			return r.fail(at, `\c without a letter`)
		}
		r.out.WriteString(`\c` + string(r.peek(0)))
		r.i++
	case 'x':
		if !isHexR(r.peek(0)) || !isHexR(r.peek(1)) {
			return r.fail(at, `\x without two hex digits`)
		}
		r.out.WriteString(`\x` + string(r.src[r.i:r.i+2]))
		r.i += 2
	case 'u':
		if r.peek(0) == '{' {
			j := r.i + 1
			for j < len(r.src) && isHexR(r.src[j]) {
				j++
			}
			if j == r.i+1 || j >= len(r.src) || r.src[j] != '}' {
				return r.fail(at, `\u{ without hex digits and '}'`)
			}
			r.out.WriteString(`\x{` + string(r.src[r.i+1:j]) + "}")
			r.i = j + 1
			return true
		}
		for k := 0; k < 4; k++ {
			if !isHexR(r.peek(k)) {
				return r.fail(at, `\u without four hex digits`)
			}
		}
		r.out.WriteString(`\u` + string(r.src[r.i:r.i+4]))
		r.i += 4
	case 'p', 'P':
		if r.peek(0) != '{' {
			return r.fail(at, `\p without {`)
		}
		j := r.i
		for j < len(r.src) && r.src[j] != '}' {
			j++
		}
		if j >= len(r.src) {
			return r.fail(at, `\p without }`)
		}
		name := string(r.src[r.i+1 : j])
		if k, v, ok := strings.Cut(name, "="); ok {
			if k != "gc" && k != "General_Category" {
				return r.fail(at, `the property \p{`+name+`}`)
			}
			name = v
		}
		if !generalCategory(name) {
			return r.fail(at, `the property \p{`+name+`}`)
		}
		r.out.WriteString(`\` + string(c) + "{" + name + "}")
		r.i = j + 1
	case 'k':
		// A named back reference: the same spelling in Java.
		r.out.WriteString(`\k`)
	case 0:
		return r.fail(at, "a trailing backslash")
	default:
		switch {
		case c >= '1' && c <= '9':
			// A back reference: the same in Java.
			r.out.WriteByte('\\')
			r.out.WriteRune(c)
		case isAlnum(c):
			return r.fail(at, `\`+string(c))
		default:
			// An identity escape of a syntax character: Java reads any
			// non-alphabetic character escaped as itself.
			r.out.WriteByte('\\')
			r.out.WriteRune(c)
		}
	}
	return true
}

// class translates a class: ECMA's has no nesting and no intersection.
func (r *fromECMA) class() bool {
	start := r.i
	r.out.WriteByte('[')
	r.i++
	if r.peek(0) == '^' {
		r.out.WriteByte('^')
		r.i++
	}
	if r.peek(0) == ']' {
		return r.fail(start, "an empty class")
	}
	for {
		c := r.peek(0)
		switch {
		case r.i >= len(r.src):
			return r.fail(start, "an unclosed class")
		case c == ']':
			r.out.WriteByte(']')
			r.i++
			return true
		case c == '\\':
			if !r.escape(true) {
				return false
			}
		case c == '[' || c == '&' || c == '^':
			// Literal in ECMA; a nested class, an intersection or a
			// negation to Java unless escaped.
			r.out.WriteByte('\\')
			r.out.WriteRune(c)
			r.i++
		default:
			r.out.WriteRune(c)
			r.i++
		}
	}
}

// generalCategory reports whether name is a Unicode general category
// value (short or long) that java.util.regex reads as ECMA-262 does.
func generalCategory(name string) bool {
	switch name {
	case "L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No",
		"P", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "S", "Sm", "Sc", "Sk", "So",
		"Z", "Zs", "Zl", "Zp", "C", "Cc", "Cf", "Cs", "Co", "Cn":
		return true
	}
	return false
}
