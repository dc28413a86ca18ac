package render

import (
	"bufio"
	"errors"
	"io"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Source lines. The text format prints, under each finding, the line of
// the input it is about with a caret under the column, as compilers do.
// Lines are found by reading the input sequentially once more and keeping
// only a window around the columns of the lines that have findings: a
// transcript of a million lines costs one extra read, never its lines in
// memory, and a line of many megabytes costs its window only.

const (
	// snippetBytes is how much of a line is kept either side of a column.
	snippetBytes = 256
	// snippetWidth is the widest source line printed; a longer one is cut
	// around the caret, "..." marking each cut.
	snippetWidth = 120
)

// FillSources looks up the source lines of ds in r, which holds the text
// their Line fields count in. Diagnostics without a line keep no source.
// A line that r does not have (a position past the end) keeps none
// either; only r failing is an error.
func FillSources(r io.Reader, ds []*Diag) error {
	ds = slices.DeleteFunc(slices.Clone(ds), func(d *Diag) bool { return d.Line <= 0 })
	slices.SortStableFunc(ds, func(a, b *Diag) int { return a.Line - b.Line })
	br := bufio.NewReaderSize(r, 64<<10)
	line := 1
	var buf []byte
	for i := 0; i < len(ds); {
		target := ds[i].Line
		j := i
		lo, hi := -1, 0
		for ; j < len(ds) && ds[j].Line == target; j++ {
			c := max(ds[j].Col-1, 0)
			if lo < 0 || c-snippetBytes < lo {
				lo = max(c-snippetBytes, 0)
			}
			hi = max(hi, c+snippetBytes)
		}
		for line < target {
			if err := skipLine(br); err != nil {
				return eofIsNil(err)
			}
			line++
		}
		buf = buf[:0]
		off := 0
		var tail [2]byte // the line's last two bytes, for its line break
		var err error
		for {
			var chunk []byte
			chunk, err = br.ReadSlice('\n')
			if s, e := max(lo-off, 0), min(hi-off, len(chunk)); s < e {
				buf = append(buf, chunk[s:e]...)
			}
			for _, d := range ds[i:j] {
				// count the characters before the column
				if c := d.Col - 1; c > off {
					if d.runeCol == 0 {
						d.runeCol = 1
					}
					for _, b := range chunk[:min(c-off, len(chunk))] {
						if utf8.RuneStart(b) {
							d.runeCol++
						}
					}
				} else if c == 0 {
					d.runeCol = 1
				}
			}
			for _, c := range chunk[max(len(chunk)-2, 0):] {
				tail[0], tail[1] = tail[1], c
			}
			off += len(chunk)
			if !errors.Is(err, bufio.ErrBufferFull) {
				break
			}
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		if off == 0 && errors.Is(err, io.EOF) {
			return nil // the input ended before this line
		}
		content := off // the line's length without its line break
		if tail[1] == '\n' {
			content--
			if tail[0] == '\r' && off >= 2 {
				content--
			}
		}
		end := min(max(min(hi, content)-lo, 0), len(buf))
		for _, d := range ds[i:j] {
			d.Source, d.Caret = cutLine(buf[:end], lo, hi < content, d.Col)
			d.sourced = true
		}
		line++
		i = j
		if errors.Is(err, io.EOF) {
			return nil
		}
	}
	return nil
}

func skipLine(br *bufio.Reader) error {
	for {
		_, err := br.ReadSlice('\n')
		if !errors.Is(err, bufio.ErrBufferFull) {
			return err
		}
	}
}

func eofIsNil(err error) error {
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// cutLine renders a window of a source line for the terminal: b holds the
// line's bytes from offset base (base > 0 or more: the line was cut
// before, or after), col is the 1-based byte column of the caret (0:
// none). Control characters, invalid UTF-8 and the characters that
// reorder or hide text on a terminal are escaped, so the printed line is
// inert. It returns the text and the caret's 0-based column, -1 when
// there is none. Every character counts one column wide.
func cutLine(b []byte, base int, cutAfter bool, col int) (string, int) {
	// Start on a character boundary.
	start := 0
	if base > 0 {
		for start < len(b) && start < utf8.UTFMax && !utf8.RuneStart(b[start]) {
			start++
		}
	}
	caretByte := col - 1 - base
	var out []rune
	caret := -1
	for i := start; i < len(b); {
		if i >= caretByte && caret < 0 && col > 0 {
			caret = len(out)
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			out = append(out, []rune(`\x`+hex2(b[i]))...)
		} else {
			out = appendEscaped(out, r)
		}
		i += n
	}
	if caret < 0 && col > 0 {
		caret = len(out) // at the end of the line (a missing token)
	}
	before, after := base > 0, cutAfter
	if len(out) > snippetWidth {
		from := 0
		if caret > snippetWidth/2 {
			from = caret - snippetWidth/2
		}
		to := min(from+snippetWidth, len(out))
		from = max(to-snippetWidth, 0)
		before = before || from > 0
		after = after || to < len(out)
		out = out[from:to]
		if caret >= 0 {
			caret -= from
		}
	}
	s := string(out)
	if before {
		s = "..." + s
		if caret >= 0 {
			caret += 3
		}
	}
	if after {
		s += "..."
	}
	return s, caret
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}

// appendEscaped appends r as printed: itself, or an escape for a control
// character (C0, DEL, C1), a bidirectional or invisible formatting
// character, or a line or paragraph separator.
func appendEscaped(out []rune, r rune) []rune {
	switch {
	case r == '\t':
		return append(out, '\\', 't')
	case r == '\n':
		return append(out, '\\', 'n')
	case r == '\r':
		return append(out, '\\', 'r')
	case r < 0x20 || r == 0x7f:
		return append(out, []rune(`\x`+hex2(byte(r)))...)
	case r >= 0x80 && r < 0xa0, r == 0x2028, r == 0x2029, r >= 0x200b && r <= 0x200f,
		r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0xfeff:
		q := strconv.QuoteRuneToASCII(r) // '\u202e'
		return append(out, []rune(q[1:len(q)-1])...)
	}
	return append(out, r)
}

// EscapeText is text (a file name, a path, a message) made inert for a
// terminal, as source lines are: control characters (C0 with newline and
// tab, DEL, C1), bidirectional and invisible formatting characters, line
// separators and invalid UTF-8 become escapes (\x1b, \n, \u202e), so no
// input can end a line, move the cursor or recolour the terminal. It is
// the one escaping function of every format that is not JSON-encoded (text,
// github, the HTML page's names) and of every message on stderr; a
// backslash is left as it is (docs/security.md).
func EscapeText(s string) string {
	clean := true
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0x2028 || r == 0x2029 ||
			(r >= 0x200b && r <= 0x200f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) ||
			r == 0xfeff || r == utf8.RuneError {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var out []rune
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			out = append(out, []rune(`\x`+hex2(s[i]))...)
		} else {
			out = appendEscaped(out, r)
		}
		i += n
	}
	return string(out)
}
