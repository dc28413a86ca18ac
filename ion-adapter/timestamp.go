package ionadapter

import (
	"github.com/amazon-ion/ion-go/ion"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// maxFractionDigits is the finest fraction ion-go keeps: nanoseconds. It
// rounds longer fractions silently, in text and in binary.
const maxFractionDigits = 9

// timestampOf maps an ion-go timestamp onto the engine's native timestamp.
// Date-only timestamps and the -00:00 offset have no known offset.
func timestampOf(ts ion.Timestamp) sv.Timestamp {
	t := sv.Timestamp{Time: ts.GetDateTime(), OffsetKnown: ts.GetTimezoneKind() != ion.TimezoneUnspecified}
	switch ts.GetPrecision() {
	case ion.TimestampPrecisionYear:
		t.Precision = sv.PrecisionYear
	case ion.TimestampPrecisionMonth:
		t.Precision = sv.PrecisionMonth
	case ion.TimestampPrecisionDay:
		t.Precision = sv.PrecisionDay
	case ion.TimestampPrecisionMinute:
		t.Precision = sv.PrecisionMinute
	case ion.TimestampPrecisionSecond:
		t.Precision = sv.PrecisionSecond
	case ion.TimestampPrecisionNanosecond:
		t.Precision = sv.PrecisionSecond
		if n := int(ts.GetNumberOfFractionalSeconds()); n > 0 {
			t.Precision, t.FractionDigits = sv.PrecisionFraction, n
		}
	}
	return t
}

// mayBeRounded reports whether ion-go may have rounded ts: only a
// timestamp with exactly maxFractionDigits digits can stand for a longer
// source fraction.
func mayBeRounded(ts ion.Timestamp) bool {
	return ts.GetPrecision() == ion.TimestampPrecisionNanosecond && ts.GetNumberOfFractionalSeconds() == maxFractionDigits
}

// textFractionDigits finds the timestamp token that ion-go's text reader
// has just read, ending at most a few bytes before end (the tokenizer reads
// one delimiter past a token), and returns the number of fraction digits
// the source wrote and the token's offset. ok is false when no timestamp
// token is found there.
//
// This compares ion-go's result with the source text; it is not an Ion
// lexer: it only looks at the bytes of one token ion-go has delimited.
func textFractionDigits(data []byte, end int) (digits, start int, ok bool) {
	i := min(end, len(data))
	for i > 0 && !isDigit(data[i-1]) && data[i-1] != 'Z' && data[i-1] != 'z' {
		i--
		if end-i > 4 {
			return 0, 0, false
		}
	}
	j := i
	for j > 0 && isTimestampByte(data[j-1]) {
		j--
	}
	// A field name or annotation can precede the token ("t:", "z::"):
	// the token starts at its four-digit year followed by '-'.
	for ; j+5 <= i; j++ {
		if isDigit(data[j]) && isDigit(data[j+1]) && isDigit(data[j+2]) && isDigit(data[j+3]) && data[j+4] == '-' &&
			(j == 0 || !isDigit(data[j-1])) {
			break
		}
	}
	if j+5 > i {
		return 0, 0, false
	}
	tok := data[j:i]
	dot := -1
	for k, c := range tok {
		if c == '.' {
			dot = k
			break
		}
	}
	if dot < 0 {
		return 0, j, true
	}
	n := 0
	for k := dot + 1; k < len(tok) && isDigit(tok[k]); k++ {
		n++
	}
	return n, j, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isTimestampByte(c byte) bool {
	switch c {
	case '-', '+', ':', '.', 'T', 't', 'Z', 'z':
		return true
	}
	return isDigit(c)
}

// binaryFractionExponent recovers the fraction exponent of the binary
// timestamp that ion-go's binary reader has just read: its value ends at
// end, and its type descriptor is at or after from (where the reader was
// before Next). ok is false when it cannot be found.
//
// ion-go keeps at most nanoseconds and discards the exponent; this looks
// at the bytes of the one value ion-go has delimited to tell whether the
// source wrote more than 9 fraction digits. The candidate type descriptor
// must frame the value exactly and the body must decode as a timestamp
// whose date agrees with ion-go's.
func binaryFractionExponent(data []byte, from, end int, ts ion.Timestamp) (exp int64, ok bool) {
	if end > len(data) || from < 0 {
		return 0, false
	}
	for q := end - 2; q >= from; q-- {
		td := data[q]
		if td>>4 != 0x6 {
			continue
		}
		start, l := q+1, int(td&0x0F)
		switch l {
		case 15:
			continue
		case 14:
			n, k, vok := varUint(data[q+1 : end])
			if !vok {
				continue
			}
			start += k
			l = int(n)
		}
		if start+l != end {
			continue
		}
		if e, eok := fractionExponent(data[start:end], ts); eok {
			return e, true
		}
	}
	return 0, false
}

// fractionExponent decodes a binary timestamp body far enough to read its
// fraction exponent: offset (VarInt), year, month, day, hour, minute,
// second (VarUInt), fraction exponent (VarInt), coefficient (the rest).
func fractionExponent(body []byte, ts ion.Timestamp) (int64, bool) {
	_, k, ok := varInt(body)
	if !ok {
		return 0, false
	}
	body = body[k:]
	var f [6]uint64
	for i := range f {
		if f[i], k, ok = varUint(body); !ok {
			return 0, false
		}
		body = body[k:]
	}
	if f[1] < 1 || f[1] > 12 || f[2] < 1 || f[2] > 31 || f[3] > 23 || f[4] > 59 || f[5] > 59 {
		return 0, false
	}
	// Rounding can carry into the next second (and so into the next
	// year at the very end of one).
	if y := ts.GetDateTime().UTC().Year(); f[0] != uint64(y) && f[0] != uint64(y-1) {
		return 0, false
	}
	e, _, ok := varInt(body)
	return e, ok
}

// varUint decodes an Ion VarUInt (7 bits a byte, the last byte's high bit
// set). It fails beyond 8 bytes.
func varUint(b []byte) (uint64, int, bool) {
	var v uint64
	for i := 0; i < len(b) && i < 8; i++ {
		v = v<<7 | uint64(b[i]&0x7F)
		if b[i]&0x80 != 0 {
			return v, i + 1, true
		}
	}
	return 0, 0, false
}

// varInt decodes an Ion VarInt (like a VarUInt, with a sign bit after the
// first byte's end bit).
func varInt(b []byte) (int64, int, bool) {
	if len(b) == 0 {
		return 0, 0, false
	}
	neg := b[0]&0x40 != 0
	v := int64(b[0] & 0x3F)
	if b[0]&0x80 == 0 {
		for i := 1; i < len(b) && i < 8; i++ {
			v = v<<7 | int64(b[i]&0x7F)
			if b[i]&0x80 != 0 {
				if neg {
					v = -v
				}
				return v, i + 1, true
			}
		}
		return 0, 0, false
	}
	if neg {
		v = -v
	}
	return v, 1, true
}
