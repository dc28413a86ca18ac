package jsonscan

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"
)

// AppendUnquote appends the content of the JSON string q (with its
// quotes, and any whitespace around them) to dst, decoding escapes as
// encoding/json does: a surrogate escape that is not half of a pair is
// U+FFFD. q must be valid UTF-8, as a text [Scan] found [Valid] is; bytes
// that are not are copied as they are. It reports false when q is not a
// JSON string (no quotes, an unknown escape, a short \u escape); dst then
// holds what was decoded before the fault.
func AppendUnquote(dst, q []byte) ([]byte, bool) {
	q = bytes.TrimSpace(q)
	if len(q) < 2 || q[0] != '"' || q[len(q)-1] != '"' {
		return dst, false
	}
	s := q[1 : len(q)-1]
	for len(s) > 0 {
		k := bytes.IndexByte(s, '\\')
		if k < 0 {
			return append(dst, s...), true
		}
		dst = append(dst, s[:k]...)
		s = s[k:]
		if len(s) < 2 {
			return dst, false
		}
		switch s[1] {
		case '"', '\\', '/':
			dst = append(dst, s[1])
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r, ok := hex4(s[2:])
			if !ok {
				return dst, false
			}
			s = s[6:]
			if utf16.IsSurrogate(r) {
				if r2, ok := hex4(s[min(2, len(s)):]); ok && len(s) >= 6 && s[0] == '\\' && s[1] == 'u' {
					if p := utf16.DecodeRune(r, r2); p != utf8.RuneError {
						dst = utf8.AppendRune(dst, p)
						s = s[6:]
						continue
					}
				}
				r = utf8.RuneError
			}
			dst = utf8.AppendRune(dst, r)
			continue
		default:
			return dst, false
		}
		s = s[2:]
	}
	return dst, true
}

// hex4 reads four hex digits.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
