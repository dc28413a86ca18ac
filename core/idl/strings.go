package idl

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// decodeString turns the content of a quoted string or text block (between
// the quotes) into its value: line endings normalized to \n, incidental
// whitespace removed from text blocks (before escapes are interpreted, as
// the specification orders it), then escapes replaced. It returns a
// non-empty problem description when the content is invalid.
func decodeString(content []byte, block bool) (string, string) {
	s := string(content)
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	if block {
		var problem string
		s, problem = formatTextBlock(s)
		if problem != "" {
			return "", problem
		}
	}
	if strings.IndexByte(s, '\\') < 0 {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c < 0x20 && c != '\t' && c != '\n' {
				return "", "Invalid string character: `" + string(rune(c)) + "`"
			}
		}
		return s, ""
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			if c < 0x20 && c != '\t' && c != '\n' {
				return "", "Invalid string character: `" + string(rune(c)) + "`"
			}
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			return "", "Invalid escape found in string: `\\`"
		}
		switch e := s[i]; e {
		case '"', '\\', '/':
			b.WriteByte(e)
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case '\n':
			// An escaped line break is removed.
		case 'u':
			r, n, problem := unicodeEscape(s[i+1:])
			if problem != "" {
				return "", problem
			}
			i += n
			if utf16.IsSurrogate(r) {
				// A high surrogate must be followed by an escaped low one.
				if r < 0xdc00 && strings.HasPrefix(s[i+1:], `\u`) {
					r2, n2, problem := unicodeEscape(s[i+3:])
					if problem != "" {
						return "", problem
					}
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						b.WriteRune(dec)
						i += 2 + n2
						continue
					}
				}
				return "", "Invalid unicode escape: unpaired surrogate `\\u" + s[i-3:i+1] + "`"
			}
			b.WriteRune(r)
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return "", "Invalid escape found in string: `\\" + string(r) + "`"
		}
	}
	return b.String(), ""
}

// unicodeEscape reads the four hex digits of a \u escape from s.
func unicodeEscape(s string) (rune, int, string) {
	var r rune
	for k := 0; k < 4; k++ {
		if k >= len(s) {
			return 0, 0, "Invalid unclosed unicode escape found in string"
		}
		c := s[k]
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			ch, _ := utf8.DecodeRuneInString(s[k:])
			return 0, 0, "Invalid unicode escape character: `" + string(ch) + "`"
		}
	}
	return r, 4, ""
}

// formatTextBlock applies the text block rules of the specification: the
// opening quotes are followed by a line break (optionally after spaces, as
// the grammar allows), the first line is dropped, the smallest indentation
// of the non-blank lines (and of the closing line, even when blank) is
// removed from every line, and trailing spaces are removed from each line.
func formatTextBlock(s string) (string, string) {
	if s == "" {
		return "", "Text block is empty"
	}
	nl := strings.IndexByte(s, '\n')
	if nl < 0 || strings.Trim(s[:nl], " \t") != "" {
		return "", "Text block must start with a new line"
	}
	lines := strings.Split(s[nl+1:], "\n")
	indent := -1
	for i, line := range lines {
		n := 0
		for n < len(line) && line[n] == ' ' {
			n++
		}
		if n == len(line) && i != len(lines)-1 {
			continue // blank lines do not count, except the closing one
		}
		if indent < 0 || n < indent {
			indent = n
		}
	}
	var b strings.Builder
	b.Grow(len(s))
	for i, line := range lines {
		start := min(indent, len(line))
		end := len(line)
		for end > start && line[end-1] == ' ' {
			end--
		}
		b.WriteString(line[start:end])
		if i < len(lines)-1 {
			b.WriteByte('\n')
		}
	}
	return b.String(), ""
}
