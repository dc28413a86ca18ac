package node

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
)

// ErrInvalidNumber is wrapped by the errors of [ParseDecimal] and
// [CompareNumbers] when a text is not a JSON number token.
var ErrInvalidNumber = errors.New("not a JSON number")

// Number-grammar problems, shared by [IsNumber], [ParseDecimal] and the
// reader. The reader appends ", found X".
const (
	numExpectDigitAfterMinus = "expected digit after '-' in number"
	numExpectDigitAfterDot   = "expected digit after '.' in number"
	numExpectDigitInExponent = "expected digit in number exponent"
	numLeadingZero           = "invalid number: leading zero"
)

// scanNumber scans a JSON number token (RFC 8259 section 6) that starts at
// s[i]. It returns the end offset of the token, or the offset of the first
// offending byte and what was expected there.
func scanNumber(s string, i int) (end int, errAt int, msg string) {
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i >= len(s) || !isDigit(s[i]) {
		return 0, i, numExpectDigitAfterMinus
	}
	if s[i] == '0' {
		i++
		if i < len(s) && isDigit(s[i]) {
			return 0, i, numLeadingZero
		}
	} else {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	}
	if i < len(s) && s[i] == '.' {
		i++
		if i >= len(s) || !isDigit(s[i]) {
			return 0, i, numExpectDigitAfterDot
		}
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || !isDigit(s[i]) {
			return 0, i, numExpectDigitInExponent
		}
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	}
	return i, -1, ""
}

func isDigit(c byte) bool { return c-'0' < 10 }

// IsNumber reports whether text is exactly one JSON number token by the
// RFC 8259 grammar: an optional '-', no leading zeros, no '+', at least one
// digit after a '.', an optional exponent; no NaN or Infinity, no spaces.
func IsNumber(text string) bool {
	end, errAt, _ := scanNumber(text, 0)
	return errAt < 0 && end == len(text)
}

// Decimal is the exact value of a JSON number: a sign, the significant
// digits and a base-10 exponent of any size. It is the value, not the
// spelling: "1", "1.0", "10e-1" and "0.1e1" give Decimals that [Decimal.Cmp]
// finds equal and that print the same [Decimal.String]. Negative zero is
// zero.
//
// The zero Decimal is 0. Compare Decimals with [Decimal.Cmp], not ==: the
// representation shares memory with the parsed text and is not unique.
type Decimal struct {
	// The significant digits are hi+lo: no leading or trailing zeros,
	// hi is empty only for zero. Keeping two parts lets "12.5" be read
	// without allocating.
	hi, lo string
	neg    bool
	// exp is the adjusted exponent: the value is d.ddd × 10^exp, where d
	// is the first significant digit. When it does not fit in an int64,
	// bigExp holds it (and exp is unused); bigExp is nil otherwise, so a
	// Decimal with bigExp != nil is larger in magnitude than any without
	// when bigExp > 0, and smaller when bigExp < 0.
	exp    int64
	bigExp *big.Int
}

// ParseDecimal returns the exact value of a JSON number token. It fails,
// with an error wrapping [ErrInvalidNumber], if text is not a number by the
// grammar of [IsNumber]. It allocates only for exponents beyond ±10^18.
func ParseDecimal(text string) (Decimal, error) {
	if !IsNumber(text) {
		return Decimal{}, fmt.Errorf("node: %w: %q", ErrInvalidNumber, quoteShort(text))
	}
	return parseValidDecimal(text), nil
}

// quoteShort keeps error messages about huge tokens readable.
func quoteShort(s string) string {
	const max = 64
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}

// parseValidDecimal is ParseDecimal for a text already known to be a
// number token.
func parseValidDecimal(text string) Decimal {
	var d Decimal
	s := text
	if s[0] == '-' {
		d.neg = true
		s = s[1:]
	}
	// Split into integer digits, fraction digits and exponent text.
	intEnd := 0
	for intEnd < len(s) && isDigit(s[intEnd]) {
		intEnd++
	}
	ip, rest := s[:intEnd], s[intEnd:]
	var fp string
	if rest != "" && rest[0] == '.' {
		j := 1
		for j < len(rest) && isDigit(rest[j]) {
			j++
		}
		fp, rest = rest[1:j], rest[j:]
	}
	// rest is "" or the exponent part "e[+-]ddd".

	// Position of the first significant digit, as a power of ten.
	var base int64
	k := 0
	for k < len(ip) && ip[k] == '0' {
		k++
	}
	if k < len(ip) {
		d.hi, d.lo = ip[k:], fp
		base = int64(len(ip) - k - 1)
	} else {
		k = 0
		for k < len(fp) && fp[k] == '0' {
			k++
		}
		if k == len(fp) {
			return Decimal{} // zero, whatever its sign and exponent
		}
		d.hi = fp[k:]
		base = -int64(k + 1)
	}
	d.lo = strings.TrimRight(d.lo, "0")
	if d.lo == "" {
		d.hi = strings.TrimRight(d.hi, "0")
	}

	if rest == "" {
		d.exp = base
		return d
	}
	rest = rest[1:] // 'e' or 'E'
	eneg := false
	if rest[0] == '+' || rest[0] == '-' {
		eneg = rest[0] == '-'
		rest = rest[1:]
	}
	rest = strings.TrimLeft(rest, "0")
	if len(rest) <= 18 {
		// |e| < 10^18 and |base| <= len(text) < 2^62: the sum fits.
		var e int64
		for i := 0; i < len(rest); i++ {
			e = e*10 + int64(rest[i]-'0')
		}
		if eneg {
			e = -e
		}
		d.exp = e + base
		return d
	}
	be, _ := new(big.Int).SetString(rest, 10)
	if eneg {
		be.Neg(be)
	}
	be.Add(be, big.NewInt(base))
	if be.IsInt64() {
		d.exp = be.Int64()
	} else {
		d.bigExp = be
	}
	return d
}

// Sign returns -1, 0 or +1 as d is negative, zero or positive.
func (d Decimal) Sign() int {
	switch {
	case d.hi == "":
		return 0
	case d.neg:
		return -1
	}
	return 1
}

// numDigits is the count of significant digits.
func (d Decimal) numDigits() int { return len(d.hi) + len(d.lo) }

// IsInteger reports whether d is a whole number: 0, 1e3, 10.0 and -2.50e1
// are; 1.5e0 and 1e-400 are not.
func (d Decimal) IsInteger() bool {
	if d.hi == "" {
		return true
	}
	if d.bigExp != nil {
		return d.bigExp.Sign() > 0
	}
	return d.exp >= int64(d.numDigits()-1)
}

// Cmp compares d and e exactly and returns -1, 0 or +1 as d < e, d == e or
// d > e.
func (d Decimal) Cmp(e Decimal) int {
	sd, se := d.Sign(), e.Sign()
	if sd != se {
		if sd < se {
			return -1
		}
		return 1
	}
	if sd == 0 {
		return 0
	}
	c := cmpExp(d, e)
	if c == 0 {
		c = cmpDigits(d.hi, d.lo, e.hi, e.lo)
	}
	return c * sd
}

// cmpExp compares the adjusted exponents of two non-zero Decimals.
func cmpExp(d, e Decimal) int {
	switch {
	case d.bigExp == nil && e.bigExp == nil:
		return cmpInt64(d.exp, e.exp)
	case d.bigExp != nil && e.bigExp != nil:
		return d.bigExp.Cmp(e.bigExp)
	case d.bigExp != nil:
		// |d.bigExp| > MaxInt64 >= |e.exp|: its sign decides.
		return d.bigExp.Sign()
	default:
		return -e.bigExp.Sign()
	}
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// cmpDigits compares the digit strings a1+a2 and b1+b2 as fractions
// 0.a1a2 and 0.b1b2: lexicographically, a proper prefix being smaller. It
// does not allocate.
func cmpDigits(a1, a2, b1, b2 string) int {
	for {
		if a1 == "" {
			a1, a2 = a2, ""
		}
		if b1 == "" {
			b1, b2 = b2, ""
		}
		switch {
		case a1 == "" && b1 == "":
			return 0
		case a1 == "":
			return -1
		case b1 == "":
			return 1
		}
		n := min(len(a1), len(b1))
		if c := strings.Compare(a1[:n], b1[:n]); c != 0 {
			return c
		}
		a1, b1 = a1[n:], b1[n:]
	}
}

// String returns the canonical text of d, a valid JSON number that depends
// only on the value: "0" for zero (also negative zero), otherwise the
// layout ECMAScript uses for numbers, applied to the exact digits. With
// d.ddd×10^x: plain digits when -7 < x < 21 ("1500", "0.015", "1.5"),
// otherwise scientific notation with an explicit exponent sign ("1.5e+21",
// "1e-7", "-2e+400").
func (d Decimal) String() string {
	if d.hi == "" {
		return "0"
	}
	return string(d.appendCanonical(nil))
}

// appendCanonical appends d.String() to dst.
func (d Decimal) appendCanonical(dst []byte) []byte {
	if d.hi == "" {
		return append(dst, '0')
	}
	if d.neg {
		dst = append(dst, '-')
	}
	k := d.numDigits()
	if d.bigExp == nil && d.exp > -7 && d.exp < 21 {
		x := int(d.exp)
		switch {
		case x < 0:
			dst = append(dst, "0."...)
			for j := 0; j < -x-1; j++ {
				dst = append(dst, '0')
			}
			dst = append(dst, d.hi...)
			dst = append(dst, d.lo...)
		case k <= x+1:
			dst = append(dst, d.hi...)
			dst = append(dst, d.lo...)
			for j := 0; j < x+1-k; j++ {
				dst = append(dst, '0')
			}
		default:
			dst = appendDigitRange(dst, d.hi, d.lo, 0, x+1)
			dst = append(dst, '.')
			dst = appendDigitRange(dst, d.hi, d.lo, x+1, k)
		}
		return dst
	}
	dst = appendDigitRange(dst, d.hi, d.lo, 0, 1)
	if k > 1 {
		dst = append(dst, '.')
		dst = appendDigitRange(dst, d.hi, d.lo, 1, k)
	}
	dst = append(dst, 'e')
	if d.bigExp != nil {
		if d.bigExp.Sign() > 0 {
			dst = append(dst, '+')
		}
		return d.bigExp.Append(dst, 10)
	}
	if d.exp >= 0 {
		dst = append(dst, '+')
	}
	return fmt.Appendf(dst, "%d", d.exp)
}

// appendDigitRange appends the digits [from, to) of hi+lo.
func appendDigitRange(dst []byte, hi, lo string, from, to int) []byte {
	for j := from; j < to; j++ {
		if j < len(hi) {
			dst = append(dst, hi[j])
		} else {
			dst = append(dst, lo[j-len(hi)])
		}
	}
	return dst
}

// Int64 returns d as an int64 when d is a whole number in the int64 range.
func (d Decimal) Int64() (int64, bool) {
	if d.hi == "" {
		return 0, true
	}
	if !d.IsInteger() || d.bigExp != nil || d.exp > 18 {
		return 0, false
	}
	// At most 19 digits: accumulate as a negative number so that
	// MinInt64 fits.
	var v int64
	for j := 0; j <= int(d.exp); j++ {
		c := int64(0)
		if j < len(d.hi) {
			c = int64(d.hi[j] - '0')
		} else if j-len(d.hi) < len(d.lo) {
			c = int64(d.lo[j-len(d.hi)] - '0')
		}
		if v < (math.MinInt64+c)/10 {
			return 0, false
		}
		v = v*10 - c
	}
	if !d.neg {
		if v == math.MinInt64 {
			return 0, false
		}
		v = -v
	}
	return v, true
}

// MaxBigIntDigits is the largest number of decimal digits for which
// [Decimal.BigInt] builds a big.Int; a JSON text of a few bytes ("1e999999999")
// can name an integer far too large to hold in memory.
const MaxBigIntDigits = 1 << 20

// BigInt returns d as a big.Int when d is a whole number of at most
// [MaxBigIntDigits] digits; ok is false otherwise.
func (d Decimal) BigInt() (v *big.Int, ok bool) {
	if d.hi == "" {
		return new(big.Int), true
	}
	if !d.IsInteger() || d.bigExp != nil || d.exp >= MaxBigIntDigits {
		return nil, false
	}
	v, _ = new(big.Int).SetString(d.hi+d.lo, 10)
	if zeros := d.exp + 1 - int64(d.numDigits()); zeros > 0 {
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(zeros), nil)
		v.Mul(v, p)
	}
	if d.neg {
		v.Neg(v)
	}
	return v, true
}

// CompareNumbers compares two JSON number tokens by their exact values and
// returns -1, 0 or +1 as a < b, a == b or a > b: "0" equals "-0", "1"
// equals "1.0" and "10e-1", "1e400" is greater than "9e399". It fails with
// an error wrapping [ErrInvalidNumber] if either is not a number token.
//
// Comparing two integer tokens (the common case of a value against a range
// bound such as "-128" or "9223372036854775807") takes a fast path; no case
// allocates unless an exponent is beyond ±10^18.
func CompareNumbers(a, b string) (int, error) {
	if na, da, ok := intToken(a); ok {
		if nb, db, ok := intToken(b); ok {
			return cmpIntTokens(na, da, nb, db), nil
		}
	}
	if !IsNumber(a) {
		return 0, fmt.Errorf("node: %w: %q", ErrInvalidNumber, quoteShort(a))
	}
	if !IsNumber(b) {
		return 0, fmt.Errorf("node: %w: %q", ErrInvalidNumber, quoteShort(b))
	}
	return parseValidDecimal(a).Cmp(parseValidDecimal(b)), nil
}

// intToken reports whether s is an integer token -?(0|[1-9][0-9]*) and
// returns its sign and digits.
func intToken(s string) (neg bool, digits string, ok bool) {
	if s != "" && s[0] == '-' {
		neg, s = true, s[1:]
	}
	if s == "" || (s[0] == '0' && len(s) > 1) {
		return false, "", false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false, "", false
		}
	}
	return neg, s, true
}

// cmpIntTokens compares two integer tokens without leading zeros.
func cmpIntTokens(na bool, da string, nb bool, db string) int {
	sa, sb := intSign(na, da), intSign(nb, db)
	if sa != sb {
		if sa < sb {
			return -1
		}
		return 1
	}
	if sa == 0 {
		return 0
	}
	c := 0
	switch {
	case len(da) != len(db):
		c = cmpInt64(int64(len(da)), int64(len(db)))
	default:
		c = strings.Compare(da, db)
	}
	return c * sa
}

func intSign(neg bool, digits string) int {
	switch {
	case digits == "0":
		return 0
	case neg:
		return -1
	}
	return 1
}

// SmallInt parses a number token written as a plain integer (an optional
// '-' and at most 18 digits, no fraction or exponent), which always fits an
// int64, without allocating. It reports false for anything else, including
// integers written with an exponent or longer than 18 digits: callers that
// must accept those compare exactly with [CompareNumbers] or [ParseDecimal].
func SmallInt(text string) (int64, bool) {
	neg := false
	if text != "" && text[0] == '-' {
		neg, text = true, text[1:]
	}
	if text == "" || len(text) > 18 {
		return 0, false
	}
	var v int64
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if neg {
		v = -v
	}
	return v, true
}
