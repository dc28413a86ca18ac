package smithyvalidate

import (
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
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
		w.checkStringEnum(p, s, pos)
	}
	if p.length != nil {
		w.checkLength(p, pos, utf8.RuneCountInString(s), "characters")
	}
	if p.pattern != nil {
		w.checkPattern(p, s, pos)
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
		w.checkIntEnum(p, iv, text, v.Pos())
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
	if p.length != nil {
		w.checkLength(p, v.Pos(), n, "bytes")
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
