package ionadapter

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/amazon-ion/ion-go/ion"
)

// maxPointZeros is how many zeros decimalText writes between the point and
// the coefficient (0.000015) before it switches to exponent form (15e-10).
const maxPointZeros = 6

// decimalText spells an Ion decimal as a JSON number token with the same
// coefficient, exponent and sign, so that the engine compares it exactly
// and reports it as written:
//
//	1.50    -> "1.50"     coefficient 150, exponent -2
//	-0.0    -> "-0.0"     negative zero keeps its sign
//	0.00015 -> "0.00015"
//	15d-32  -> "15e-32"   many leading zeros: exponent form
//	1.      -> "1e0"      exponent 0: "1" would read as an integer token
//	1d2     -> "1e2"
//
// ion-go has no accessor for the sign of a zero coefficient: only
// Decimal.String() shows it ("-0.", "-0d-1"), so the sign of zero is read
// from there.
func decimalText(d *ion.Decimal) string {
	coef, exp := d.CoEx()
	neg := coef.Sign() < 0
	if coef.Sign() == 0 {
		neg = strings.HasPrefix(d.String(), "-")
	}
	digits := new(big.Int).Abs(coef).String()
	var b strings.Builder
	b.Grow(len(digits) + 8)
	if neg {
		b.WriteByte('-')
	}
	switch k, n := -int64(exp), int64(len(digits)); {
	case k > 0 && k < n:
		b.WriteString(digits[:n-k])
		b.WriteByte('.')
		b.WriteString(digits[n-k:])
	case k > 0 && k-n <= maxPointZeros:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", int(k-n)))
		b.WriteString(digits)
	default:
		b.WriteString(digits)
		b.WriteByte('e')
		b.WriteString(strconv.FormatInt(int64(exp), 10))
	}
	return b.String()
}
