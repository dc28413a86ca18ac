package jsonschema

import (
	"encoding/json"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// maxExponent bounds the decimal exponent of a number compared exactly:
// 1e100000 is a 41 KB rational; 1e999999999 would be gigabytes. A number
// beyond it is a finding of the numeric keyword that meets it.
const maxExponent = 100000

// ratOf returns a JSON number as an exact rational.
func ratOf(v any) (*big.Rat, bool) {
	switch x := v.(type) {
	case json.Number:
		return parseRat(string(x))
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, false
		}
		return new(big.Rat).SetFloat64(x), true
	case float32:
		return ratOf(float64(x))
	case int:
		return big.NewRat(int64(x), 1), true
	case int64:
		return big.NewRat(x, 1), true
	case int32:
		return big.NewRat(int64(x), 1), true
	case uint:
		return new(big.Rat).SetUint64(uint64(x)), true
	case uint64:
		return new(big.Rat).SetUint64(x), true
	}
	return nil, false
}

func parseRat(s string) (*big.Rat, bool) {
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
		if err != nil || e > maxExponent || e < -maxExponent {
			return nil, false
		}
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

func isInteger(v any) bool {
	if r, ok := ratOf(v); ok {
		return r.IsInt()
	}
	// beyond the exponent bound: an integer when the exponent is positive
	if n, ok := v.(json.Number); ok {
		s := string(n)
		i := strings.IndexAny(s, "eE")
		return i >= 0 && !strings.HasPrefix(s[i+1:], "-")
	}
	return false
}

func numText(v any) string {
	if n, ok := v.(json.Number); ok {
		return string(n)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func ratText(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

func (vd *validator) numbers(s *Schema, v any, fail func(kw, path, format string, a ...any)) {
	if s.minimum == nil && s.maximum == nil && s.exclMin == nil && s.exclMax == nil && s.multipleOf == nil {
		return
	}
	r, ok := ratOf(v)
	if !ok {
		for _, k := range []struct {
			kw  string
			has bool
		}{{"minimum", s.minimum != nil}, {"maximum", s.maximum != nil}, {"exclusiveMinimum", s.exclMin != nil}, {"exclusiveMaximum", s.exclMax != nil}, {"multipleOf", s.multipleOf != nil}} {
			if k.has {
				fail(k.kw, k.kw, "%s has an exponent beyond ±%d and is not compared", numText(v), maxExponent)
			}
		}
		return
	}
	minKw, maxKw := "minimum", "maximum"
	if s.minimum != nil && r.Cmp(s.minimum) < 0 {
		fail("minimum", minKw, "must be >= %s, found %s", ratText(s.minimum), numText(v))
	}
	if s.exclMin != nil && r.Cmp(s.exclMin) <= 0 {
		fail("exclusiveMinimum", "exclusiveMinimum", "must be > %s, found %s", ratText(s.exclMin), numText(v))
	}
	if s.maximum != nil && r.Cmp(s.maximum) > 0 {
		fail("maximum", maxKw, "must be <= %s, found %s", ratText(s.maximum), numText(v))
	}
	if s.exclMax != nil && r.Cmp(s.exclMax) >= 0 {
		fail("exclusiveMaximum", "exclusiveMaximum", "must be < %s, found %s", ratText(s.exclMax), numText(v))
	}
	if s.multipleOf != nil {
		if q := new(big.Rat).Quo(r, s.multipleOf); !q.IsInt() {
			fail("multipleOf", "multipleOf", "%s is not a multiple of %s", numText(v), ratText(s.multipleOf))
		}
	}
}

// equal is JSON equality: numbers by value, objects whatever their order.
func equal(a, b any) bool {
	ta, tb := jsonType(a), jsonType(b)
	if ta != tb {
		return false
	}
	switch ta {
	case "number":
		ra, oka := ratOf(a)
		rb, okb := ratOf(b)
		if oka && okb {
			return ra.Cmp(rb) == 0
		}
		return numText(a) == numText(b)
	case "array":
		x, y := a.([]any), b.([]any)
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case "object":
		x, y := a.(map[string]any), b.(map[string]any)
		if len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok || !equal(xv, yv) {
				return false
			}
		}
		return true
	}
	return a == b
}

// firstDuplicate returns the first pair of equal items (j < i, i the
// smallest, then j).
func firstDuplicate(x []any) (int, int, bool) {
	if len(x) <= 16 {
		for i := 1; i < len(x); i++ {
			for j := 0; j < i; j++ {
				if equal(x[i], x[j]) {
					return j, i, true
				}
			}
		}
		return 0, 0, false
	}
	seen := make(map[string]int, len(x))
	var b strings.Builder
	for i, e := range x {
		b.Reset()
		canonical(&b, e)
		k := b.String()
		if j, ok := seen[k]; ok {
			return j, i, true
		}
		seen[k] = i
	}
	return 0, 0, false
}

// canonical writes a key equal values share.
func canonical(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("n")
	case bool:
		if x {
			b.WriteString("t")
		} else {
			b.WriteString("f")
		}
	case string:
		b.WriteString(strconv.Quote(x))
	case []any:
		b.WriteByte('[')
		for _, e := range x {
			canonical(b, e)
			b.WriteByte(',')
		}
		b.WriteByte(']')
	case map[string]any:
		ks := make([]string, 0, len(x))
		for k := range x {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		b.WriteByte('{')
		for _, k := range ks {
			b.WriteString(strconv.Quote(k))
			b.WriteByte(':')
			canonical(b, x[k])
			b.WriteByte(',')
		}
		b.WriteByte('}')
	default:
		if r, ok := ratOf(v); ok {
			b.WriteString("#" + r.RatString())
		} else {
			b.WriteString("#" + numText(v))
		}
	}
}
