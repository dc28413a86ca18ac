package mend

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// The JSON form of a feed, written straight from its records. A feed of
// a 64-byte chunk holds a dozen records; encoding/json found their
// fields by reflection and cost six times what the Feed did (docs/
// streams.md, "Sixth round"). AppendJSON writes the same bytes as an
// encoding/json Encoder with SetEscapeHTML(false), the form watch.feed
// and smithy watch print; TestFeedAppendJSONIsEncodingJSON compares the
// two on every feed of the watch tests and on strings of every kind.

// AppendJSON appends the JSON form of f to dst (no newline): the bytes
// an encoding/json Encoder with SetEscapeHTML(false) writes for f.
func (f *WatchFeed) AppendJSON(dst []byte) []byte {
	var ds digitCache
	dst = append(dst, `{"deltas":`...)
	if f.Deltas == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for k := range f.Deltas {
			if k > 0 {
				dst = append(dst, ',')
			}
			dst = f.Deltas[k].appendJSON(dst, &ds)
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `,"events":`...)
	if f.Events == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for k := range f.Events {
			if k > 0 {
				dst = append(dst, ',')
			}
			dst = f.Events[k].appendJSON(dst, &ds)
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `,"bytes":`...)
	dst = appendInt(dst, f.Bytes)
	return append(dst, '}')
}

func (d *Delta) appendJSON(dst []byte, ds *digitCache) []byte {
	dst = append(dst, `{"path":`...)
	dst = appendJSONString(dst, d.Path)
	switch d.Op { // the ops are a few constants: written as they are
	case OpSet:
		dst = append(dst, `,"op":"set","value":`...)
	case OpBegin:
		dst = append(dst, `,"op":"begin","value":`...)
	case OpEnd:
		dst = append(dst, `,"op":"end","value":`...)
	case OpAppend:
		dst = append(dst, `,"op":"append","value":`...)
	default:
		dst = append(dst, `,"op":`...)
		dst = appendJSONString(dst, d.Op)
		dst = append(dst, `,"value":`...)
	}
	if d.Value == nil {
		dst = append(dst, "null"...)
	} else {
		dst = appendCompactJSON(dst, d.Value)
	}
	if d.Text == "" {
		// a set's (no call for the empty string)
		dst = append(dst, `,"text":"","at":`...)
	} else if c := d.Text[0]; len(d.Text) == 1 && plain[c] {
		// a begin's or an end's bracket
		dst = append(dst, `,"text":"`...)
		dst = append(dst, c)
		dst = append(dst, `","at":`...)
	} else {
		dst = append(dst, `,"text":`...)
		dst = appendJSONString(dst, d.Text)
		dst = append(dst, `,"at":`...)
	}
	dst = ds.appendInt(dst, d.At)
	return append(dst, '}')
}

func (e *Event) appendJSON(dst []byte, ds *digitCache) []byte {
	switch e.Kind { // the kinds are a few constants: written as they are
	case EventMemberStarted:
		dst = append(dst, `{"kind":"member_started","path":`...)
	case EventMemberSettled:
		dst = append(dst, `{"kind":"member_settled","path":`...)
	default:
		dst = append(dst, `{"kind":`...)
		dst = appendJSONString(dst, e.Kind)
		dst = append(dst, `,"path":`...)
	}
	l := len(dst)
	dst = appendJSONString(dst, e.Path)
	// the path needed no escape when it was written as it is (an escape
	// makes it longer)
	plainPath := len(dst)-l == len(e.Path)+2
	dst = append(dst, `,"at":`...)
	dst = ds.appendInt(dst, e.At)
	dst = append(dst, `,"permille":`...)
	dst = appendSmall(dst, e.Permille)
	if e.Key != "" {
		if plainPath && isTail(e.Path, e.Key) {
			// the key is the end of the path, the same bytes (a plain
			// key's, watch_fast.go), so it needs no escape either
			dst = append(dst, `,"key":"`...)
			dst = append(dst, e.Key...)
			dst = append(dst, '"')
		} else {
			dst = append(dst, `,"key":`...)
			dst = appendJSONString(dst, e.Key)
		}
	}
	if len(e.Value) > 0 {
		dst = append(dst, `,"value":`...)
		dst = appendCompactJSON(dst, e.Value)
	}
	if e.Error != nil {
		if b, err := marshalPlain(e.Error); err == nil {
			dst = append(dst, `,"error":`...)
			dst = append(dst, b...)
		}
	}
	if e.Finding != nil {
		// rare (a violation): its many fields go through encoding/json
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if enc.Encode(e.Finding) == nil {
			dst = append(dst, `,"finding":`...)
			dst = append(dst, bytes.TrimSuffix(b.Bytes(), []byte{'\n'})...)
		}
	}
	return append(dst, '}')
}

// isTail reports whether tail is the end of s in memory: the same bytes,
// not a copy.
func isTail(s, tail string) bool {
	return len(tail) <= len(s) && len(tail) > 0 &&
		unsafe.StringData(tail) == (*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), len(s)-len(tail)))
}

// appendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it without HTML escaping: a quote and a backslash with a
// backslash, \b \f \n \r \t by name, the other control bytes as \u00XX,
// each byte of invalid UTF-8 as \ufffd, and U+2028 and U+2029 as
// \u2028 and \u2029. The plain bytes between are found eight at a time
// (plainEnd, the reader's scan of a string).
func appendJSONString(dst []byte, s string) []byte {
	b := unsafe.Slice(unsafe.StringData(s), len(s)) // read only
	if l := len(dst); len(s) <= 16 && cap(dst)-l >= 18 {
		// a record's path, key or text (16 bytes or less) when dst has
		// room: tested and copied as one or two words that may overlap,
		// with no call of memmove (which cost as much as the test)
		d := dst[l : l+18]
		switch n := len(b); {
		case n >= 8:
			lo, hi := binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[n-8:])
			if plainMask(lo)|plainMask(hi) == 0 {
				d[0] = '"'
				binary.LittleEndian.PutUint64(d[1:], lo)
				binary.LittleEndian.PutUint64(d[n-7:], hi)
				d[n+1] = '"'
				return dst[:l+n+2]
			}
		case n >= 4:
			lo, hi := binary.LittleEndian.Uint32(b), binary.LittleEndian.Uint32(b[n-4:])
			if plainMask(uint64(lo)|uint64(hi)<<32) == 0 {
				d[0] = '"'
				binary.LittleEndian.PutUint32(d[1:], lo)
				binary.LittleEndian.PutUint32(d[n-3:], hi)
				d[n+1] = '"'
				return dst[:l+n+2]
			}
		default:
			d[0] = '"'
			k := 1
			for _, c := range b {
				if !plain[c] {
					return appendEscaped(dst, b)
				}
				d[k] = c
				k++
			}
			d[k] = '"'
			return dst[:l+k+1]
		}
		return appendEscaped(dst, b)
	}
	if n := len(s); n <= 32 {
		// a short string of plain bytes (most records' paths and keys,
		// a set's empty text): tested eight bytes at a time (the last
		// eight overlapping the word before), then one room check and
		// one copy, where plainEnd's call and three appends cost more
		// than the bytes
		var m uint64
		if n >= 8 {
			m = plainMask(binary.LittleEndian.Uint64(b[n-8:]))
			for k := 0; k+8 <= n; k += 8 {
				m |= plainMask(binary.LittleEndian.Uint64(b[k:]))
			}
		} else {
			for _, c := range b {
				if !plain[c] {
					m = 1
					break
				}
			}
		}
		if m == 0 {
			l := len(dst)
			dst = grow(dst, n+2)
			dst[l] = '"'
			copy(dst[l+1:], s)
			dst[l+1+n] = '"'
			return dst
		}
	}
	return appendEscaped(dst, b)
}

// appendEscaped is appendJSONString for any string b (read only): a
// function of its own, so that the short plain string's path above
// keeps a small frame.
func appendEscaped(dst, b []byte) []byte {
	dst = append(dst, '"')
	from := 0
	for i := plainEnd(b, 0); i < len(b); i = plainEnd(b, i) {
		c := b[i]
		if c < utf8.RuneSelf {
			dst = append(dst, b[from:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			from = i
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, b[from:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, b[from:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		from = i
	}
	dst = append(dst, b[from:]...)
	return append(dst, '"')
}

const hexDigits = "0123456789abcdef"

// appendInt appends n in decimal, as strconv.AppendInt does, for the
// offsets and counts of a record: its digits counted first, then written
// in place two at a time from the last (no scratch array copied after
// them with a call of memmove).
func appendInt(dst []byte, n int) []byte {
	if n < 0 || n >= 1e15 {
		return strconv.AppendInt(dst, int64(n), 10)
	}
	if n < 1000 {
		// a permille, mostly: no count, no loop
		l := len(dst)
		switch {
		case n < 10:
			return append(dst, byte('0'+n))
		case n < 100:
			dst = grow(dst, 2)
			dst[l], dst[l+1] = digitPairs[2*n], digitPairs[2*n+1]
		default:
			q := n / 100
			r := (n - q*100) * 2
			dst = grow(dst, 3)
			dst[l], dst[l+1], dst[l+2] = byte('0'+q), digitPairs[r], digitPairs[r+1]
		}
		return dst
	}
	// the number of digits: from the bit length, then one comparison
	w := (bits.Len64(uint64(n)) * 1233) >> 12 // about log10
	if uint64(n) >= pow10[w] {
		w++
	}
	w = max(w, 1)
	l := len(dst)
	dst = grow(dst, w)
	d := dst[l:]
	k := w
	for n >= 100 {
		q := n / 100
		r := (n - q*100) * 2
		k -= 2
		d[k], d[k+1] = digitPairs[r], digitPairs[r+1]
		n = q
	}
	if n >= 10 {
		d[k-2], d[k-1] = digitPairs[2*n], digitPairs[2*n+1]
	} else {
		d[k-1] = byte('0' + n)
	}
	return dst
}

// digitCache writes the offsets of one feed's records. They are input
// offsets a chunk apart at most, so all but their last three digits
// repeat from one record to the next: those are kept from the last
// offset written and copied as one word, and only the last three are
// worked out (appendInt spent about 100 instructions on each of the
// 205,000 offsets of a 1 MB feed, more than on any other part of a
// record: docs/streams.md, "Tenth round").
type digitCache struct {
	hi    int    // the value over 1000 of the offset written last; 0: none
	base  int    // hi*1000
	w     uint64 // the decimal digits of hi, the first in the lowest byte
	n     int    // how many (1 to 5); 0: none
	shift uint   // 8*n
}

// appendInt appends n as appendInt does: from 1,000 to 10^8 (an offset
// of up to 100 MB), the digits as one word, those above the last three
// from the cache and the last three from a table.
func (c *digitCache) appendInt(dst []byte, n int) []byte {
	// the common case in a short path that calls nothing (and keeps a
	// small frame): the digits above the last three are those of the
	// offset before, and dst has room for the word
	if l, r := len(dst), uint(n-c.base); r < 1000 && c.n > 0 && cap(dst)-l >= 8 {
		binary.LittleEndian.PutUint64(dst[l:l+8], c.w|uint64(digits3[r&1023])<<c.shift)
		return dst[:l+c.n+3]
	}
	return c.appendNew(dst, n)
}

// appendNew is appendInt for an offset whose digits above the last three
// are new (or one out of the cache's range, or a dst without room).
func (c *digitCache) appendNew(dst []byte, n int) []byte {
	if uint(n-1000) >= 1e8-1000 {
		return appendSmall(dst, n)
	}
	hi := n / 1000
	if hi != c.hi {
		c.set(hi)
	}
	word := c.w | uint64(digits3[n-hi*1000])<<(8*c.n)
	l := len(dst)
	dst = grow(dst, 8)
	binary.LittleEndian.PutUint64(dst[l:], word)
	return dst[:l+c.n+3]
}

// appendSmall appends n as appendInt does, those from 0 to 999 (a
// permille) as one word from a table, in a short path that calls
// nothing.
func appendSmall(dst []byte, n int) []byte {
	if l := len(dst); uint(n) < 1000 && cap(dst)-l >= 4 {
		binary.LittleEndian.PutUint32(dst[l:l+4], smallDigits[n&1023])
		return dst[:l+int(smallLen[n&1023])]
	}
	return appendInt(dst, n)
}

// smallDigits holds the decimal digits of 0 to 999 without leading
// zeros, the first in the lowest byte, and smallLen how many. They are
// digits3's without its leading zeros, made by arithmetic: every smithy
// process builds these tables at its start, and strconv.AppendInt(nil,
// ...) made them with 1,000 allocations and 0.44 M instructions
// (docs/performance.md, transcripts, the evening of 2026-12-03).
var smallDigits, smallLen = func() (t [1024]uint32, k [1024]uint8) {
	for n := range 1000 {
		d, l := digits3[n], uint8(3)
		for ; l > 1 && d&0xff == '0'; l-- {
			d >>= 8
		}
		t[n], k[n] = d, l
	}
	return t, k
}()

// set puts the digits of hi (1 to 99,999) in the cache.
func (c *digitCache) set(hi int) {
	var b [8]byte
	c.hi, c.n = hi, len(appendInt(b[:0], hi))
	c.base, c.shift = hi*1000, uint(8*c.n)
	c.w = binary.LittleEndian.Uint64(b[:])
}

// digits3 holds the three decimal digits of 0 to 999, the first in the
// lowest byte.
var digits3 = func() (t [1024]uint32) {
	for n := range 1000 {
		t[n] = uint32('0'+n/100) | uint32('0'+n/10%10)<<8 | uint32('0'+n%10)<<16
	}
	return t
}()

// pow10 holds 10 to the power of its index.
var pow10 = func() (t [20]uint64) {
	t[0] = 1
	for k := 1; k < len(t); k++ {
		t[k] = t[k-1] * 10
	}
	return t
}()

// grow extends dst by n bytes (to be written), growing it as append does.
func grow(dst []byte, n int) []byte {
	l := len(dst)
	if cap(dst)-l < n {
		dst = append(dst, make([]byte, n)...)
	}
	return dst[:l+n]
}

// digitPairs holds 00 to 99, two bytes each.
var digitPairs = func() (t [200]byte) {
	for n := range 100 {
		t[2*n], t[2*n+1] = byte('0'+n/10), byte('0'+n%10)
	}
	return t
}()

// appendCompactJSON appends the JSON text v without its whitespace
// outside strings, as encoding/json writes a json.RawMessage (without
// HTML escaping). v is valid JSON (the watcher's output, a scalar token
// as it was read, or a string encoding/json wrote): a scalar without
// whitespace around it is appended as it is, and only a container, or a
// value with whitespace at an end, is read for its whitespace.
func appendCompactJSON(dst, v []byte) []byte {
	if len(v) == 0 {
		return dst
	}
	if c, e := v[0], v[len(v)-1]; c != '{' && c != '[' && !space[c] && !space[e] {
		return append(dst, v...)
	}
	inString, escaped := false, false
	from := 0
	for i, c := range v {
		switch {
		case inString:
			if escaped {
				escaped = false
			} else if c == '\\' {
				escaped = true
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case space[c]:
			dst = append(dst, v[from:i]...)
			from = i + 1
		}
	}
	return append(dst, v[from:]...)
}
