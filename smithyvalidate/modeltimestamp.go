package smithyvalidate

import (
	"math/big"
	"strings"
	"time"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/smithyvalidate/internal/timefmt"
)

// ModelTimestamp returns the instant that a timestamp's value in a model
// names: an @examples or @default value, which Smithy reads in any of the
// three formats when the shape has no @timestampFormat, and whose
// http-date the reference reads more loosely than the wire's IMF-fixdate.
// It takes an epoch-seconds number (read exactly, to the nanosecond), a
// date-time string and an http-date string (an IMF-fixdate, or a form the
// reference accepts); ok is false for any other value, for a number with a
// part finer than a nanosecond, and outside Smithy's range (years 1 to
// 9999). An exporter uses it to write an example in the form the wire
// takes (openrpc).
func ModelTimestamp(v node.Node) (t time.Time, ok bool) {
	switch v.Kind() {
	case node.Number:
		text := v.NumberText()
		if ok, _ := timefmt.EpochSeconds(text); !ok || !shortNumber(text) {
			return time.Time{}, false
		}
		r, ok := new(big.Rat).SetString(text)
		if !ok {
			return time.Time{}, false
		}
		// Whole seconds rounded down, and the nanoseconds above them,
		// which must be whole.
		sec, rest := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int))
		nanos, frac := new(big.Int).DivMod(rest.Mul(rest, big.NewInt(1e9)), r.Denom(), new(big.Int))
		if frac.Sign() != 0 || !sec.IsInt64() {
			return time.Time{}, false
		}
		return time.Unix(sec.Int64(), nanos.Int64()).UTC(), true
	case node.String:
		s := v.StringValue()
		if ok, _ := timefmt.DateTime(s); ok {
			t, err := time.Parse(time.RFC3339Nano, s)
			return t.UTC(), err == nil && timefmt.InRange(t)
		}
		if ok, _ := timefmt.HTTPDate(s); ok {
			t, err := time.Parse(time.RFC1123, s)
			return t.UTC(), err == nil && timefmt.InRange(t)
		}
		if t, ok := timefmt.ReferenceHTTPDateTime(s); ok && timefmt.InRange(t) {
			return t, true
		}
	}
	return time.Time{}, false
}

// shortNumber bounds what ModelTimestamp hands to big.Rat: at most 64
// bytes and an exponent of at most three digits. An epoch in Smithy's
// range to the nanosecond needs 21 digits, and a rational of 1e-99999
// alone takes milliseconds to build (1e-9999999 seconds, were it allowed).
func shortNumber(text string) bool {
	if len(text) > 64 {
		return false
	}
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		exp := strings.TrimLeft(text[i+1:], "+-")
		return len(exp) <= 3
	}
	return true
}
