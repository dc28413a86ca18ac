package smithyvalidate

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/smithyvalidate/internal/timefmt"
)

const maxFloat64 = math.MaxFloat64

// limit reports a ClassLimit finding, which stops validation.
func (w *walker) limit(code Code, id shapeid.ID, pos node.Pos, max int, msg string) {
	w.col.Add(Finding{Severity: SeverityWarning, Class: ClassLimit, Code: code, Path: w.path(), Shape: id, Pos: pos,
		Want: strconv.Itoa(max), Message: msg + "; validation stopped"})
}

// checkNumberLen reports a number token beyond MaxNumberLength.
func (w *walker) checkNumberLen(p *plan, v ValueView, k Kind) bool {
	if k != KindInteger && k != KindDecimal {
		return true
	}
	return w.checkNumberText(p, v, textOf(v))
}

// checkNumberText is checkNumberLen for a number whose token the caller
// already has.
func (w *walker) checkNumberText(p *plan, v ValueView, text string) bool {
	if len(text) > w.run.lim.MaxNumberLength {
		w.numberLimit(p, v, len(text))
		return false
	}
	return true
}

func (w *walker) numberLimit(p *plan, v ValueView, n int) {
	w.limit(CodeNumberLimit, p.id, v.Pos(), w.run.lim.MaxNumberLength,
		fmt.Sprintf("a number of %d bytes is longer than %d bytes (the MaxNumberLength limit)", n, w.run.lim.MaxNumberLength))
}

// checkStringSize reports a string or blob beyond MaxValueSize.
func (w *walker) checkStringSize(p *plan, v ValueView, s string) bool {
	return w.checkSize(p, v.Pos(), len(s))
}

func (w *walker) checkSize(p *plan, pos node.Pos, n int) bool {
	if n > w.run.lim.MaxSize {
		w.limit(CodeSizeLimit, p.id, pos, w.run.lim.MaxSize,
			fmt.Sprintf("a value of %d bytes is larger than %d bytes (the MaxValueSize limit)", n, w.run.lim.MaxSize))
		return false
	}
	return true
}

// ---- strings

func (w *walker) stringValue(p *plan, v ValueView, k Kind) {
	if k != KindString && !(k == KindSymbol && w.pol.on(symbolsAsStrings)) {
		w.typeMismatch(p, v, k, "a string")
		return
	}
	s := textOf(v)
	if !w.checkStringSize(p, v, s) {
		return
	}
	w.stringText(p, s, v.Pos())
}

// keyString validates a map key.
func (w *walker) keyString(p *plan, s string, pos node.Pos) {
	if p == nil || !w.checkSize(p, pos, len(s)) {
		return
	}
	w.stringText(p, s, pos)
}

// stringText applies the string constraints: enum values, @length in
// Unicode scalar values, @pattern (unanchored) and @idRef.
func (w *walker) stringText(p *plan, s string, pos node.Pos) {
	if p.strEnum != nil {
		if _, ok := p.strEnum[s]; !ok {
			w.report(CodeEnum, p.id, pos, p.enumText, s,
				fmt.Sprintf("expected one of %s, found %q", p.enumText, short(s)))
		}
	}
	if lb := p.length; lb != nil {
		n := utf8.RuneCountInString(s)
		if lb.hasMin && int64(n) < lb.min || lb.hasMax && int64(n) > lb.max {
			want := lengthWant(lb)
			w.report(CodeLength, p.id, pos, want, strconv.Itoa(n),
				fmt.Sprintf("expected %s characters, found %d", want, n))
		}
	}
	if p.pattern != nil && !p.pattern.MatchString(s) {
		w.report(CodePattern, p.id, pos, p.patText, s,
			fmt.Sprintf("expected a string matching %s, found %q", p.patText, short(s)))
	}
	if p.idRef != nil {
		w.checkIDRef(p, s, pos)
	}
}

// ---- numbers

// integerValue validates byte, short, integer, long, bigInteger and
// intEnum values exactly: integer tokens only (unless the
// AcceptIntegralDecimals option), the type's range, @range, enum values.
func (w *walker) integerValue(p *plan, v ValueView, k Kind) {
	if k != KindInteger && k != KindDecimal {
		w.typeMismatch(p, v, k, "an integer")
		return
	}
	w.integerText(p, v, k, textOf(v))
}

// integerText is integerValue for an integer or decimal number whose token
// the caller already has.
func (w *walker) integerText(p *plan, v ValueView, k Kind, text string) {
	if !w.checkNumberText(p, v, text) {
		return
	}
	if k == KindInteger && p.rng == nil && p.intEnum == nil {
		// The common case, without the decimal machinery: a short
		// integer token within its type's range.
		if iv, fits := node.SmallInt(text); fits && (!p.intBounded || iv >= p.intLo && iv <= p.intHi) {
			return
		}
	}
	w.integerChecks(p, v, k, text)
}

// integerChecks is integerText after the MaxNumberLength check.
func (w *walker) integerChecks(p *plan, v ValueView, k Kind, text string) {
	iv, fits := node.SmallInt(text)
	var dec node.Decimal
	parsed := false
	if k == KindDecimal || !fits {
		d, err := node.ParseDecimal(text)
		if err != nil {
			w.report(CodeType, p.id, v.Pos(), "an integer", text, fmt.Sprintf("expected an integer, found %q (not a number)", short(text)))
			return
		}
		dec, parsed = d, true
		if k == KindDecimal {
			if !w.pol.on(acceptIntegralDecimals) || !d.IsInteger() {
				w.report(CodeNotInteger, p.id, v.Pos(), "an integer", text,
					fmt.Sprintf("expected an integer, found %s (integer shapes take no fraction or exponent)", short(text)))
				return
			}
		}
		iv, fits = d.Int64()
	}
	if p.intBounded && (!fits || iv < p.intLo || iv > p.intHi) {
		lo, hi := p.intLo, p.intHi
		w.report(CodeTypeRange, p.id, v.Pos(), fmt.Sprintf("%d to %d", lo, hi), text,
			fmt.Sprintf("expected an integer from %d to %d (%s), found %s", lo, hi, p.typ, short(text)))
		return
	}
	if p.rng != nil {
		w.checkRange(p, v.Pos(), text, iv, fits, dec, parsed)
	}
	if p.intEnum != nil {
		if _, ok := p.intEnum[iv]; !ok {
			w.report(CodeEnum, p.id, v.Pos(), p.enumText, text,
				fmt.Sprintf("expected one of %s, found %s", p.enumText, short(text)))
		}
	}
}

// intTypeRange returns the value range of an integer shape type.
func intTypeRange(t model.ShapeType) (lo, hi int64, bounded bool) {
	switch t {
	case model.ByteType:
		return math.MinInt8, math.MaxInt8, true
	case model.ShortType:
		return math.MinInt16, math.MaxInt16, true
	case model.IntegerType, model.IntEnumType:
		return math.MinInt32, math.MaxInt32, true
	case model.LongType:
		return math.MinInt64, math.MaxInt64, true
	}
	return 0, 0, false
}

// checkRange compares a number with @range exactly: int64 arithmetic when
// both sides are whole and fit, decimals otherwise (never float64).
func (w *walker) checkRange(p *plan, pos node.Pos, text string, iv int64, fits bool, dec node.Decimal, parsed bool) {
	rb := p.rng
	decimal := func() node.Decimal {
		if !parsed {
			dec, _ = node.ParseDecimal(text)
			parsed = true
		}
		return dec
	}
	below := rb.hasMin && (fits && rb.min.isInt && iv < rb.min.i || !(fits && rb.min.isInt) && decimal().Cmp(rb.min.dec) < 0)
	above := rb.hasMax && (fits && rb.max.isInt && iv > rb.max.i || !(fits && rb.max.isInt) && decimal().Cmp(rb.max.dec) > 0)
	if below || above {
		w.rangeFinding(p, pos, text)
	}
}

func (w *walker) rangeFinding(p *plan, pos node.Pos, found string) {
	want := rangeWant(p.rng)
	w.report(CodeRange, p.id, pos, want, found, fmt.Sprintf("expected a value %s, found %s", want, short(found)))
}

func rangeWant(rb *rangeBounds) string {
	switch {
	case rb.hasMin && rb.hasMax:
		return "from " + rb.min.text + " to " + rb.max.text
	case rb.hasMin:
		return ">= " + rb.min.text
	}
	return "<= " + rb.max.text
}

// floatValue validates float and double values: numbers that do not
// overflow the type, the strings "NaN", "Infinity" and "-Infinity", binary
// floats; @range exactly (NaN fails any @range, an infinity the bound on
// its side).
func (w *walker) floatValue(p *plan, v ValueView, k Kind) {
	switch k {
	case KindInteger, KindDecimal:
		if !w.checkNumberLen(p, v, k) {
			return
		}
		text := textOf(v)
		if mayOverflow(text, p.typ) {
			bits := 64
			if p.typ == model.FloatType {
				bits = 32
			}
			if f, err := strconv.ParseFloat(text, bits); err != nil && math.IsInf(f, 0) {
				w.report(CodeTypeRange, p.id, v.Pos(), "a finite "+p.typ.String(), text,
					fmt.Sprintf("%s is beyond the largest %s", short(text), p.typ))
				return
			}
		}
		if p.rng != nil {
			iv, fits := node.SmallInt(text)
			if k == KindDecimal {
				fits = false
			}
			w.checkRange(p, v.Pos(), text, iv, fits, node.Decimal{}, false)
		}
	case KindString:
		s := textOf(v)
		switch s {
		case "NaN", "Infinity", "-Infinity":
		default:
			w.report(CodeFloatString, p.id, v.Pos(), `a number, "NaN", "Infinity" or "-Infinity"`, s,
				fmt.Sprintf(`expected a number, "NaN", "Infinity" or "-Infinity", found %q`, short(s)))
			return
		}
		if rb := p.rng; rb != nil {
			if s == "NaN" || s == "Infinity" && rb.hasMax || s == "-Infinity" && rb.hasMin {
				w.rangeFinding(p, v.Pos(), s)
			}
		}
	case KindFloat:
		f := v.Scalar().Float
		if p.typ == model.FloatType && !math.IsInf(f, 0) && !math.IsNaN(f) && math.Abs(f) > math.MaxFloat32 {
			w.report(CodeTypeRange, p.id, v.Pos(), "a finite float", formatFloat(f),
				fmt.Sprintf("%s is beyond the largest float", formatFloat(f)))
			return
		}
		if rb := p.rng; rb != nil && (rb.hasMin && floatCmp(f, &rb.min) < 0 || rb.hasMax && floatCmp(f, &rb.max) > 0 || math.IsNaN(f)) {
			w.rangeFinding(p, v.Pos(), formatFloat(f))
		}
	default:
		w.typeMismatch(p, v, k, "a number")
	}
}

// mayOverflow reports whether a number token could exceed the largest
// float or double: only tokens with an exponent or many integer digits.
func mayOverflow(text string, t model.ShapeType) bool {
	limit := 300
	if t == model.FloatType {
		limit = 38
	}
	digits, fraction := 0, false
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == 'e' || c == 'E':
			return true
		case c == '.':
			fraction = true
		case c >= '0' && c <= '9' && !fraction:
			digits++
		}
	}
	return digits > limit
}

// ratBound is a @range bound as an exact rational, for comparing binary
// floats.
type ratBound struct{ r *big.Rat }

// floatCmp compares a binary float with a bound exactly; infinities
// compare beyond every bound, NaN compares as 0 (callers test NaN).
func floatCmp(f float64, b *bound) int {
	switch {
	case math.IsInf(f, 1):
		return 1
	case math.IsInf(f, -1):
		return -1
	case math.IsNaN(f):
		return 0
	}
	r := new(big.Rat).SetFloat64(f)
	return r.Cmp(b.rat.r)
}

func formatFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// decimalValue validates bigDecimal values: any exact number.
func (w *walker) decimalValue(p *plan, v ValueView, k Kind) {
	switch k {
	case KindInteger, KindDecimal:
		if !w.checkNumberLen(p, v, k) {
			return
		}
		if p.rng != nil {
			text := textOf(v)
			iv, fits := node.SmallInt(text)
			if k == KindDecimal {
				fits = false
			}
			w.checkRange(p, v.Pos(), text, iv, fits, node.Decimal{}, false)
		}
	case KindFloat:
		w.report(CodeUnsupported, p.id, v.Pos(), "an exact decimal", "float",
			"expected an exact decimal number, found a binary float (there is no lossless mapping policy for bigDecimal)")
	default:
		w.typeMismatch(p, v, k, "a number")
	}
}

// ---- blobs

func (w *walker) blobValue(p *plan, v ValueView, k Kind) {
	n := 0
	switch {
	case k == KindString:
		s := textOf(v)
		if !w.checkStringSize(p, v, s) {
			return
		}
		if w.pol.on(blobsAsText) {
			n = len(s)
			break
		}
		var ok bool
		if n, ok = base64Len(s); !ok {
			w.report(CodeBlobEncoding, p.id, v.Pos(), "base64", s,
				fmt.Sprintf("expected a base64 string (RFC 4648, padded), found %q", short(s)))
			return
		}
	case k == KindBlob || k == KindClob && w.pol.on(clobsAsBlobs):
		n = len(v.Scalar().Bytes)
		if !w.checkSize(p, v.Pos(), n) {
			return
		}
	default:
		want := "a base64 string"
		if w.pol.on(blobsAsText) {
			want = "a string"
		}
		w.typeMismatch(p, v, k, want)
		return
	}
	if lb := p.length; lb != nil && (lb.hasMin && int64(n) < lb.min || lb.hasMax && int64(n) > lb.max) {
		want := lengthWant(lb)
		w.report(CodeLength, p.id, v.Pos(), want, strconv.Itoa(n), fmt.Sprintf("expected %s bytes, found %d", want, n))
	}
}

// base64Len returns the decoded length of a standard, padded base64
// string, checking the alphabet, the padding and that the unused bits of
// the last character are zero (so each byte string has one encoding).
func base64Len(s string) (int, bool) {
	if len(s)%4 != 0 {
		return 0, false
	}
	if s == "" {
		return 0, true
	}
	pad := 0
	if s[len(s)-1] == '=' {
		pad++
		if s[len(s)-2] == '=' {
			pad++
		}
	}
	body := s[:len(s)-pad]
	for i := 0; i < len(body); i++ {
		if b64[body[i]] == 0xFF {
			return 0, false
		}
	}
	last := b64[body[len(body)-1]]
	if pad == 1 && last&0x3 != 0 || pad == 2 && last&0xF != 0 {
		return 0, false
	}
	return len(s)/4*3 - pad, true
}

var b64 = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xFF
	}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := 0; i < len(alphabet); i++ {
		t[alphabet[i]] = byte(i)
	}
	return t
}()

// ---- timestamps

func (w *walker) timestampValue(p *plan, v ValueView, k Kind) {
	format := p.ts
	any := format == tsDefault && w.pol.on(anyTimestampFormat)
	if format == tsDefault && !any {
		format = tsDateTime
	}
	switch k {
	case KindString:
		s := textOf(v)
		if !w.checkStringSize(p, v, s) {
			return
		}
		switch {
		case any:
			ok, reason := timefmt.DateTime(s)
			if !ok {
				if ok2, _ := timefmt.HTTPDate(s); ok2 {
					return
				}
				w.timestampFinding(p, v, s, "a date-time or http-date string or an epoch-seconds number", reason)
			}
		case format == tsDateTime:
			if ok, reason := timefmt.DateTime(s); !ok {
				w.timestampFinding(p, v, s, "a date-time string (RFC 3339, UTC 'Z', e.g. 1985-04-12T23:20:50.52Z)", reason)
			}
		case format == tsHTTPDate:
			if ok, reason := timefmt.HTTPDate(s); !ok {
				w.timestampFinding(p, v, s, "an http-date string (IMF-fixdate, e.g. Tue, 29 Apr 2014 18:30:38 GMT)", reason)
			}
		default:
			w.report(CodeType, p.id, v.Pos(), "an epoch-seconds number", "string",
				"expected an epoch-seconds number, found a string")
		}
	case KindInteger, KindDecimal:
		if !w.checkNumberLen(p, v, k) {
			return
		}
		if format != tsEpochSeconds && !any {
			want := "a date-time string"
			if format == tsHTTPDate {
				want = "an http-date string"
			}
			w.report(CodeType, p.id, v.Pos(), want, k.String(), fmt.Sprintf("expected %s, found %s", want, k.article()))
			return
		}
		if ok, reason := timefmt.EpochSeconds(textOf(v)); !ok {
			w.timestampFinding(p, v, textOf(v), "epoch seconds within 0001-01-01..9999-12-31", reason)
		}
	case KindTimestamp:
		ts := v.Scalar().Time
		switch {
		case ts.Precision < PrecisionSecond:
			w.report(CodeUnsupported, p.id, v.Pos(), "a timestamp with second precision", "coarser precision",
				"a timestamp without seconds is not a Smithy timestamp (second precision or finer is required)")
		case !ts.OffsetKnown:
			w.report(CodeUnsupported, p.id, v.Pos(), "a timestamp with a known offset", "unknown offset",
				"a timestamp with an unknown local offset (-00:00) names no instant")
		case !timefmt.InRange(ts.Time):
			w.timestampFinding(p, v, ts.Time.String(), "a timestamp within 0001-01-01..9999-12-31", "outside the Smithy timestamp range")
		}
	default:
		want := "a date-time string"
		switch {
		case any:
			want = "a timestamp string or number"
		case format == tsHTTPDate:
			want = "an http-date string"
		case format == tsEpochSeconds:
			want = "an epoch-seconds number"
		}
		w.typeMismatch(p, v, k, want)
	}
}

func (w *walker) timestampFinding(p *plan, v ValueView, found, want, reason string) {
	w.report(CodeTimestamp, p.id, v.Pos(), want, found,
		fmt.Sprintf("expected %s, found %q: %s", want, short(found), reason))
}

// textOf returns the text of a string, symbol or number: without building
// a Scalar for the views that can (jsonView, and views with
// stream.TextView's Text).
func textOf(v ValueView) string {
	if t, ok := v.(jsonView); ok {
		return t.text()
	}
	if t, ok := v.(interface{ Text() (Kind, string) }); ok {
		_, text := t.Text()
		return text
	}
	return v.Scalar().Text
}
