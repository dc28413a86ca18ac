// Package jsonscan decides, in one pass and without allocating, whether a
// text is exactly one JSON value as RFC 8259 defines it, UTF-8 included,
// and where it stops being one.
//
// It is the validity-first fast path of readers that do more (the
// lenient reader of module mend, a value engine): scan first, and only
// when the text is not plain JSON take the slow road. It keeps no tokens
// and builds nothing; what it reports is what such a reader needs to skip
// its own bookkeeping: the [Status], the [Result.Offset] where the text
// went wrong, the first byte of the top-level value and how many
// elements or members a top-level container holds.
//
// Valid means what encoding/json.Valid means, and also that every string
// is UTF-8 (encoding/json accepts any bytes inside a string; RFC 8259
// requires UTF-8). Escapes are checked for their form only: \ud800 alone
// is valid, as it is for encoding/json. Nesting is bounded by a depth
// limit; the container stack is one bit a level, so even an unbounded
// scan costs at most len(text)/8 bytes.
//
// Strings, the bulk of most JSON, are skipped eight bytes at a time
// (SWAR: one 64-bit load tells whether any of eight bytes is a quote, a
// backslash, a control character or not ASCII).
package jsonscan

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/limits"
)

// Status is the outcome of a scan.
type Status uint8

// The statuses. Every one but Valid comes with the Offset it was found at.
const (
	// Valid: the text is one JSON value, with whitespace around it.
	Valid Status = iota
	// Syntax: the byte at Offset cannot continue a JSON text.
	Syntax
	// Encoding: the bytes at Offset, inside a string, are not UTF-8.
	Encoding
	// End: the text ended (Offset is its length) before its value was
	// complete, or held no value at all.
	End
	// TooDeep: the container that opens at Offset would nest deeper than
	// the depth limit.
	TooDeep
)

var statusNames = [...]string{"valid", "syntax", "encoding", "end", "too deep"}

// String names the status.
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "unknown"
}

// Result is what [Scan] reports.
type Result struct {
	Status Status
	// Offset is the 0-based byte offset of the problem (the length of
	// the text for End); for a valid text, the length of the text.
	Offset int
	// Root is the first byte of the top-level value ('{', '[', '"',
	// '-', a digit, 't', 'f' or 'n'), 0 when the scan found none.
	Root byte
	// Elements counts the members of a top-level object or the elements
	// of a top-level array, as far as the scan read them (0 otherwise).
	Elements int
}

// Scan reads text once and reports whether it is one JSON value that
// nests at most maxDepth containers deep (the top-level container is
// level 1; maxDepth <= 0 means limits.DefaultMaxDepth). It allocates
// nothing for texts that nest at most 512 levels.
func Scan(text []byte, maxDepth int) Result {
	if maxDepth <= 0 {
		maxDepth = limits.DefaultMaxDepth
	}
	var buf [8]uint64 // the container stack, one bit a level: 1 for an object
	stack := buf[:]
	var res Result
	b := text
	n := len(b)
	i := 0
	depth := 0
	inObject := false
	var st Status

value: // a value is expected at b[i] (after whitespace)
	for i < n && white[b[i]] {
		i++
	}
	if i >= n {
		return fail(res, End, n)
	}
	if depth == 0 {
		res.Root = b[i]
	}
	switch c := b[i]; c {
	case '"':
		if i, st = str(b, i+1); st != Valid {
			return fail(res, st, i)
		}
	case '{', '[':
		if depth >= maxDepth {
			return fail(res, TooDeep, i)
		}
		w := depth >> 6
		if w >= len(stack) {
			stack = append(stack, make([]uint64, len(stack))...)
		}
		if c == '{' {
			stack[w] |= 1 << (depth & 63)
		} else {
			stack[w] &^= 1 << (depth & 63)
		}
		depth++
		inObject = c == '{'
		i++
		for i < n && white[b[i]] {
			i++
		}
		if i >= n {
			return fail(res, End, n)
		}
		if b[i] == '}' && inObject || b[i] == ']' && !inObject {
			goto close
		}
		if depth == 1 {
			res.Elements = 1
		}
		if inObject {
			goto key
		}
		goto value
	case 't':
		if i, st = word(b, i, "true"); st != Valid {
			return fail(res, st, i)
		}
	case 'f':
		if i, st = word(b, i, "false"); st != Valid {
			return fail(res, st, i)
		}
	case 'n':
		if i, st = word(b, i, "null"); st != Valid {
			return fail(res, st, i)
		}
	default:
		if c != '-' && (c < '0' || c > '9') {
			return fail(res, Syntax, i)
		}
		if i, st = number(b, i); st != Valid {
			return fail(res, st, i)
		}
	}

after: // a value ended at b[i]
	for i < n && white[b[i]] {
		i++
	}
	if depth == 0 {
		if i < n {
			return fail(res, Syntax, i)
		}
		res.Offset = n
		return res
	}
	if i >= n {
		return fail(res, End, n)
	}
	switch b[i] {
	case ',':
		i++
		if depth == 1 {
			res.Elements++
		}
		if inObject {
			for i < n && white[b[i]] {
				i++
			}
			goto key
		}
		goto value
	case '}':
		if inObject {
			goto close
		}
	case ']':
		if !inObject {
			goto close
		}
	}
	return fail(res, Syntax, i)

close: // b[i] closes the innermost container
	i++
	depth--
	if depth > 0 {
		inObject = stack[(depth-1)>>6]>>((depth-1)&63)&1 == 1
	}
	goto after

key: // a member's key is expected at b[i] (whitespace skipped)
	if i >= n {
		return fail(res, End, n)
	}
	if b[i] != '"' {
		return fail(res, Syntax, i)
	}
	if i, st = str(b, i+1); st != Valid {
		return fail(res, st, i)
	}
	for i < n && white[b[i]] {
		i++
	}
	if i >= n {
		return fail(res, End, n)
	}
	if b[i] != ':' {
		return fail(res, Syntax, i)
	}
	i++
	goto value
}

func fail(res Result, st Status, at int) Result {
	res.Status, res.Offset = st, at
	return res
}

// white marks JSON's four whitespace bytes.
var white = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

// plain marks the bytes a string holds as they are: printable ASCII but
// the quote and the backslash.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// mask returns a word whose lowest set bit is the high bit of the first
// of the eight bytes of x (little-endian) that is not plain: a quote, a
// backslash, a control character or a byte of 0x80 and above; 0 when all
// eight are plain. Bits above the lowest may be false alarms (a borrow
// runs on from a byte that is flagged rightly), so only the lowest is
// read.
func mask(x uint64) uint64 {
	q := x ^ (ones * '"')
	s := x ^ (ones * '\\')
	return ((x-ones*0x20)&^x | (q-ones)&^q | (s-ones)&^s | x) & highs
}

// str reads a string's content from b[i] (after the opening quote) and
// returns the offset after its closing quote, or the problem's offset
// and status.
func str(b []byte, i int) (int, Status) {
	n := len(b)
	for {
		for i+8 <= n {
			if m := mask(binary.LittleEndian.Uint64(b[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				goto look
			}
			i += 8
		}
		for i < n && plain[b[i]] {
			i++
		}
		if i >= n {
			return n, End
		}
	look:
		switch c := b[i]; {
		case c == '"':
			return i + 1, Valid
		case c == '\\':
			if i+1 >= n {
				return n, End
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				for k := i + 2; k < i+6; k++ {
					if k >= n {
						return n, End
					}
					if !hex[b[k]] {
						return k, Syntax
					}
				}
				i += 6
			default:
				return i + 1, Syntax
			}
		case c < 0x20:
			return i, Syntax
		default:
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size == 1 {
				if !utf8.FullRune(b[i:]) {
					return n, End
				}
				return i, Encoding
			}
			i += size
		}
	}
}

var hex = func() (t [256]bool) {
	for _, c := range "0123456789abcdefABCDEF" {
		t[c] = true
	}
	return t
}()

// word reads the literal w at b[i].
func word(b []byte, i int, w string) (int, Status) {
	for k := 0; k < len(w); k++ {
		if i+k >= len(b) {
			return len(b), End
		}
		if b[i+k] != w[k] {
			return i + k, Syntax
		}
	}
	return i + len(w), Valid
}

// number reads a number at b[i] (a '-' or a digit).
func number(b []byte, i int) (int, Status) {
	n := len(b)
	if b[i] == '-' {
		i++
		if i >= n {
			return n, End
		}
	}
	switch c := b[i]; {
	case c == '0':
		i++
	case c >= '1' && c <= '9':
		i++
		for i < n && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	default:
		return i, Syntax
	}
	if i < n && b[i] == '.' {
		i++
		if i >= n {
			return n, End
		}
		if b[i] < '0' || b[i] > '9' {
			return i, Syntax
		}
		for i < n && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	}
	if i < n && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < n && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= n {
			return n, End
		}
		if b[i] < '0' || b[i] > '9' {
			return i, Syntax
		}
		for i < n && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	}
	return i, Valid
}
