package smithyvalidate

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
)

// The @range rule family: the bounds of a number, compared exactly.

type rangeBounds struct {
	min, max       bound
	hasMin, hasMax bool
}

// bound is a @range bound: its exact decimal, its text for messages, and
// an int64 fast path when the bound is a whole number that fits.
type bound struct {
	text  string
	dec   node.Decimal
	i     int64
	isInt bool
	rat   *ratBound // for comparisons with binary floats; see floatCmp
}

// prepareRange compiles @range into pl.
func prepareRange(_ *preparer, pl *plan, v node.Node) string {
	rb := &rangeBounds{}
	var ok bool
	rb.min, rb.max, rb.hasMin, rb.hasMax, ok = minMax(v, rangeBound)
	if !ok {
		return "the value must be an object with number min and max, found " + describeNode(v)
	}
	if rb.hasMin && rb.hasMax && rb.min.dec.Cmp(rb.max.dec) > 0 {
		return "min " + rb.min.text + " is greater than max " + rb.max.text
	}
	if pl.typ == model.FloatType || pl.typ == model.DoubleType {
		// Native binary floats (Ion) are compared with exact rationals.
		for _, b := range []*bound{&rb.min, &rb.max} {
			if b.text == "" {
				continue
			}
			if i := strings.IndexAny(b.text, "eE"); i >= 0 && len(strings.TrimLeft(b.text[i+1:], "+-0")) > 3 {
				return "bound " + b.text + " has an exponent too large to compare with a binary float"
			}
			r, ok := new(big.Rat).SetString(b.text)
			if !ok {
				return "bound " + b.text + " cannot be compared with a binary float"
			}
			b.rat = &ratBound{r: r}
		}
	}
	pl.rng = rb
	return ""
}

// rangeBound reads a @range bound: any number, kept exactly.
func rangeBound(m node.Node) (bound, bool) {
	if m.Kind() != node.Number {
		return bound{}, false
	}
	text := m.NumberText()
	d, err := node.ParseDecimal(text)
	if err != nil {
		return bound{}, false
	}
	b := bound{text: text, dec: d}
	b.i, b.isInt = d.Int64()
	return b, true
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
