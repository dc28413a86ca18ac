package node

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestIsNumber(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want bool
	}{
		{"zero", "0", true},
		{"negative zero", "-0", true},
		{"integer", "123", true},
		{"negative integer", "-123", true},
		{"fraction", "0.5", true},
		{"exponent", "1e10", true},
		{"upper exponent", "1E10", true},
		{"exponent plus", "1e+10", true},
		{"exponent minus", "1e-10", true},
		{"exponent leading zeros allowed", "1e007", true},
		{"everything", "-12.50E+003", true},
		{"huge", strings.Repeat("9", 1000), true},
		{"empty", "", false},
		{"minus only", "-", false},
		{"leading zero", "01", false},
		{"negative leading zero", "-01", false},
		{"plus sign", "+1", false},
		{"trailing dot", "1.", false},
		{"leading dot", ".5", false},
		{"dot exponent", "1.e5", false},
		{"bare exponent", "1e", false},
		{"exponent sign only", "1e+", false},
		{"NaN", "NaN", false},
		{"Infinity", "Infinity", false},
		{"negative Infinity", "-Infinity", false},
		{"hex", "0x10", false},
		{"space", " 1", false},
		{"trailing space", "1 ", false},
		{"two numbers", "1-2", false},
	}
	for _, tt := range tests {
		if got := IsNumber(tt.in); got != tt.want {
			t.Errorf("%s: IsNumber(%q) = %v, want %v", tt.name, tt.in, got, tt.want)
		}
	}
}

func TestParseDecimal(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		str     string
		sign    int
		integer bool
	}{
		{"zero", "0", "0", 0, true},
		{"negative zero", "-0", "0", 0, true},
		{"zero with exponent", "0e999999999999999999999", "0", 0, true},
		{"zero fraction", "-0.000", "0", 0, true},
		{"one", "1", "1", 1, true},
		{"one point zero", "1.0", "1", 1, true},
		{"ten e minus one", "10e-1", "1", 1, true},
		{"point one e one", "0.1e1", "1", 1, true},
		{"thousand", "1e3", "1000", 1, true},
		{"ten point zero", "10.0", "10", 1, true},
		{"one and a half", "1.5e0", "1.5", 1, false},
		{"negative", "-2.50e1", "-25", -1, true},
		{"small fraction", "0.015", "0.015", 1, false},
		{"plain limit small", "1e-6", "0.000001", 1, false},
		{"scientific small", "1e-7", "1e-7", 1, false},
		{"plain limit large", "1e20", "100000000000000000000", 1, true},
		{"scientific large", "1e21", "1e+21", 1, true},
		{"scientific digits", "12345e30", "1.2345e+34", 1, true},
		{"tiny", "1e-400", "1e-400", 1, false},
		{"negative tiny", "-1e-400", "-1e-400", -1, false},
		{"huge", "1e400", "1e+400", 1, true},
		{"int64 max", "9223372036854775807", "9223372036854775807", 1, true},
		{"leading fraction zeros", "0.00100", "0.001", 1, false},
		{"mixed", "120.0340", "120.034", 1, false},
		{"exponent beyond int64", "1e99999999999999999999", "1e+99999999999999999999", 1, true},
		{"negative exponent beyond int64", "-5e-99999999999999999999", "-5e-99999999999999999999", -1, false},
		{"exponent beyond int64 pulled back", "0.00001e9223372036854775812", "1e+9223372036854775807", 1, true},
		{"exponent near min", "1e-9223372036854775808", "1e-9223372036854775808", 1, false},
		{"exponent below min", "0.1e-9223372036854775808", "1e-9223372036854775809", 1, false},
		{"many digits integer", "123456789012345678901234567890", "1.2345678901234567890123456789e+29", 1, true},
		{"many digits decimal", "1234567890.12345678901234567890", "1234567890.1234567890123456789", 1, false},
	}
	for _, tt := range tests {
		d, err := ParseDecimal(tt.in)
		if err != nil {
			t.Errorf("%s: ParseDecimal(%q): %v", tt.name, tt.in, err)
			continue
		}
		if got := d.String(); got != tt.str {
			t.Errorf("%s: ParseDecimal(%q).String() = %q, want %q", tt.name, tt.in, got, tt.str)
		}
		if got := d.Sign(); got != tt.sign {
			t.Errorf("%s: Sign() = %d, want %d", tt.name, got, tt.sign)
		}
		if got := d.IsInteger(); got != tt.integer {
			t.Errorf("%s: IsInteger() = %v, want %v", tt.name, got, tt.integer)
		}
		if !IsNumber(d.String()) {
			t.Errorf("%s: String() = %q is not a number token", tt.name, d.String())
		}
		// The canonical form reads back to the same value and form.
		back, err := ParseDecimal(d.String())
		if err != nil || back.Cmp(d) != 0 || back.String() != d.String() {
			t.Errorf("%s: ParseDecimal(%q) = %v, %v; want a round trip", tt.name, d.String(), back, err)
		}
	}
}

func TestParseDecimalErrors(t *testing.T) {
	for _, in := range []string{"", "-", "01", "+1", "1.", "NaN", "1e", " 1", "1 "} {
		_, err := ParseDecimal(in)
		if !errors.Is(err, ErrInvalidNumber) {
			t.Errorf("ParseDecimal(%q) error = %v, want ErrInvalidNumber", in, err)
		}
	}
}

func TestCompareNumbers(t *testing.T) {
	huge := strings.Repeat("9", 5000)
	tests := []struct {
		name string
		a, b string
		want int
	}{
		{"zero vs negative zero", "0", "-0", 0},
		{"negative zero vs zero fraction", "-0", "0.0e5", 0},
		{"one vs one point zero", "1", "1.0", 0},
		{"one vs ten e minus one", "1", "10e-1", 0},
		{"one vs point one e one", "1", "0.1e1", 0},
		{"one point zero vs point one e one", "1.0", "0.1e1", 0},
		{"exponent case", "1E2", "100", 0},
		{"1e400 vs 9e399", "1e400", "9e399", 1},
		{"9e399 vs 1e400", "9e399", "1e400", -1},
		{"negative huge", "-1e400", "-9e399", -1},
		{"negative tiny vs zero", "-1e-400", "0", -1},
		{"tiny vs zero", "1e-400", "-0", 1},
		{"tiny vs tinier", "1e-400", "1e-401", 1},
		{"int64 max plus one", "9223372036854775808", "9223372036854775807", 1},
		{"int64 min minus one", "-9223372036854775809", "-9223372036854775808", -1},
		{"int64 max vs decimal form", "9223372036854775807", "9.223372036854775807e18", 0},
		{"small vs bound", "-128", "127", -1},
		{"bound vs small", "127", "-128", 1},
		{"equal integers", "42", "42", 0},
		{"short vs long", "99", "100", -1},
		{"negative short vs long", "-99", "-100", 1},
		{"huge digits equal", huge, huge + ".000", 0},
		{"huge digits vs more", huge, huge + "1", -1},
		{"huge digits vs bump", huge + "8", huge + "9", -1},
		{"huge vs 1e5000", huge, "1e5000", -1},
		{"decimal prefix", "1.23", "1.234", -1},
		{"decimal vs integer", "2.5", "2", 1},
		{"negative decimal", "-2.5", "-2", -1},
		{"fraction split", "12.5", "1.25e1", 0},
		{"fraction split differs", "12.51", "1.25e1", 1},
		{"exponent beyond int64", "1e99999999999999999999", "1e99999999999999999998", 1},
		{"exponent beyond int64 vs small", "1e99999999999999999999", "9e18", 1},
		{"small vs negative exponent beyond int64", "1e-18", "1e-99999999999999999999", 1},
		{"negative exponent beyond int64 vs zero", "1e-99999999999999999999", "0", 1},
		{"both beyond, equal", "10e99999999999999999999", "1e100000000000000000000", 0},
	}
	for _, tt := range tests {
		got, err := CompareNumbers(tt.a, tt.b)
		if err != nil || got != tt.want {
			t.Errorf("%s: CompareNumbers(%.40q, %.40q) = %d, %v; want %d", tt.name, tt.a, tt.b, got, err, tt.want)
		}
		// Antisymmetry, and Decimal.Cmp agrees.
		if rev, err := CompareNumbers(tt.b, tt.a); err != nil || rev != -tt.want {
			t.Errorf("%s: reversed = %d, %v; want %d", tt.name, rev, err, -tt.want)
		}
		da, _ := ParseDecimal(tt.a)
		db, _ := ParseDecimal(tt.b)
		if c := da.Cmp(db); c != tt.want {
			t.Errorf("%s: Decimal.Cmp = %d, want %d", tt.name, c, tt.want)
		}
	}
}

func TestCompareNumbersErrors(t *testing.T) {
	tests := []struct{ name, a, b string }{
		{"bad left", "01", "1"},
		{"bad right", "1", "+1"},
		{"bad both", "NaN", "Infinity"},
		{"empty", "", "0"},
	}
	for _, tt := range tests {
		if _, err := CompareNumbers(tt.a, tt.b); !errors.Is(err, ErrInvalidNumber) {
			t.Errorf("%s: CompareNumbers(%q, %q) error = %v, want ErrInvalidNumber", tt.name, tt.a, tt.b, err)
		}
	}
}

func TestCompareNumbersAllocs(t *testing.T) {
	pairs := [][2]string{
		{"42", "127"},
		{"-129", "-128"},
		{"9223372036854775808", "9223372036854775807"},
		{"1.5", "2"},
		{"12.5e3", "-1e-5"},
		{"1e400", "9e399"},
	}
	for _, p := range pairs {
		allocs := testing.AllocsPerRun(100, func() {
			if _, err := CompareNumbers(p[0], p[1]); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("CompareNumbers(%q, %q) allocates %v times, want 0", p[0], p[1], allocs)
		}
	}
}

func TestDecimalInt64(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want int64
		ok   bool
	}{
		{"zero", "-0", 0, true},
		{"small", "42", 42, true},
		{"negative", "-42", -42, true},
		{"exponent", "1.5e3", 1500, true},
		{"trailing zeros", "1000000000000000000", 1000000000000000000, true},
		{"max", "9223372036854775807", 9223372036854775807, true},
		{"min", "-9223372036854775808", -9223372036854775808, true},
		{"max plus one", "9223372036854775808", 0, false},
		{"min minus one", "-9223372036854775809", 0, false},
		{"nineteen nines", "9999999999999999999", 0, false},
		{"twenty digits", "1e19", 0, false},
		{"fraction", "1.5", 0, false},
		{"huge", "1e400", 0, false},
	}
	for _, tt := range tests {
		d, err := ParseDecimal(tt.in)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got, ok := d.Int64()
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: ParseDecimal(%q).Int64() = %d, %v; want %d, %v", tt.name, tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestDecimalBigInt(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // "" when not ok
	}{
		{"zero", "-0.0", "0"},
		{"small", "-17", "-17"},
		{"exponent", "2.5e2", "250"},
		{"big", "123456789012345678901234567890", "123456789012345678901234567890"},
		{"big exponent", "1e30", "1000000000000000000000000000000"},
		{"fraction", "0.5", ""},
		{"tiny", "1e-400", ""},
		{"too many digits", "1e9999999", ""},
		{"exponent beyond int64", "1e99999999999999999999", ""},
	}
	for _, tt := range tests {
		d, _ := ParseDecimal(tt.in)
		v, ok := d.BigInt()
		got := ""
		if ok {
			got = v.String()
		}
		if got != tt.want {
			t.Errorf("%s: ParseDecimal(%q).BigInt() = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
	want, _ := new(big.Int).SetString("1"+strings.Repeat("0", 400), 10)
	d, _ := ParseDecimal("1e400")
	if v, ok := d.BigInt(); !ok || v.Cmp(want) != 0 {
		t.Errorf("1e400: BigInt() = %v, %v; want 10^400", v, ok)
	}
}

func BenchmarkCompareNumbersInt(b *testing.B) {
	for range b.N {
		CompareNumbers("12345", "9223372036854775807")
	}
}

func BenchmarkCompareNumbersDecimal(b *testing.B) {
	for range b.N {
		CompareNumbers("12.345e2", "-1.5")
	}
}

// ratOf is the oracle: math/big.Rat reads decimal tokens exactly.
func ratOf(t testing.TB, s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("big.Rat cannot read %q", s)
	}
	return r
}

// randomToken returns a number token with moderate exponents, with
// leading and trailing zeros and equal values spelled differently often.
func randomToken(r *rand.Rand) string {
	var b strings.Builder
	if r.IntN(2) == 0 {
		b.WriteByte('-')
	}
	digits := func(n int) {
		for range n {
			b.WriteByte("0012345699"[r.IntN(10)])
		}
	}
	if r.IntN(3) == 0 {
		b.WriteByte('0')
	} else {
		b.WriteByte("123456789"[r.IntN(9)])
		digits(r.IntN(4))
	}
	if r.IntN(2) == 0 {
		b.WriteByte('.')
		b.WriteByte("0123456789"[r.IntN(10)])
		digits(r.IntN(4))
	}
	if r.IntN(2) == 0 {
		b.WriteString([]string{"e", "E", "e+", "e-", "e0"}[r.IntN(5)])
		b.WriteByte("0123456789"[r.IntN(10)])
		digits(r.IntN(2))
	}
	return b.String()
}

func TestCompareNumbersAgainstRat(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	equal := 0
	for range 20000 {
		a, b := randomToken(r), randomToken(r)
		if !IsNumber(a) || !IsNumber(b) {
			t.Fatalf("generator made %q, %q", a, b)
		}
		checkAgainstRat(t, a, b)
		if c, _ := CompareNumbers(a, b); c == 0 {
			equal++
		}
	}
	if equal < 100 {
		t.Errorf("only %d equal pairs: the generator does not exercise equality", equal)
	}
}

func checkAgainstRat(t *testing.T, a, b string) {
	t.Helper()
	want := ratOf(t, a).Cmp(ratOf(t, b))
	got, err := CompareNumbers(a, b)
	if err != nil || got != want {
		t.Fatalf("CompareNumbers(%q, %q) = %d, %v; big.Rat says %d", a, b, got, err, want)
	}
	da, _ := ParseDecimal(a)
	if back := ratOf(t, da.String()); back.Cmp(ratOf(t, a)) != 0 {
		t.Fatalf("ParseDecimal(%q).String() = %q, a different value", a, da.String())
	}
	ra := ratOf(t, a)
	if da.IsInteger() != ra.IsInt() {
		t.Fatalf("ParseDecimal(%q).IsInteger() = %v, big.Rat says %v", a, da.IsInteger(), ra.IsInt())
	}
	if da.Sign() != ra.Sign() {
		t.Fatalf("ParseDecimal(%q).Sign() = %d, big.Rat says %d", a, da.Sign(), ra.Sign())
	}
	if v, ok := da.BigInt(); ok != ra.IsInt() || ok && v.Cmp(ra.Num()) != 0 {
		t.Fatalf("ParseDecimal(%q).BigInt() = %v, %v", a, v, ok)
	}
}

func FuzzCompareNumbers(f *testing.F) {
	for _, s := range [][2]string{{"0", "-0"}, {"1.0", "10e-1"}, {"1e40", "9e39"}, {"-12.5e-3", "-0.0125"}, {"01", "1"}, {"123456789012345678901234", "1.23e23"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		_, err := CompareNumbers(a, b)
		if (err == nil) != (IsNumber(a) && IsNumber(b)) {
			t.Fatalf("CompareNumbers(%q, %q) error %v disagrees with IsNumber", a, b, err)
		}
		if err != nil {
			return
		}
		// Keep big.Rat's work bounded: it materializes 10^exponent.
		if len(a)+len(b) > 200 || strings.ContainsAny(a+b, "eE") && (len(a) > 40 || len(b) > 40) {
			return
		}
		for _, s := range []string{a, b} {
			if i := strings.IndexAny(s, "eE"); i >= 0 && len(strings.TrimLeft(strings.TrimLeft(s[i+1:], "+-"), "0")) > 3 {
				return
			}
		}
		checkAgainstRat(t, a, b)
	})
}

func TestSmallInt(t *testing.T) {
	tests := []struct {
		name, text string
		want       int64
		ok         bool
	}{
		{"zero", "0", 0, true},
		{"negative", "-32601", -32601, true},
		{"18 digits", "999999999999999999", 999999999999999999, true},
		{"19 digits", "1000000000000000000", 0, false},
		{"fraction", "1.0", 0, false},
		{"exponent", "1e2", 0, false},
		{"empty", "", 0, false},
		{"sign only", "-", 0, false},
		{"not a number", "12a", 0, false},
	}
	for _, tt := range tests {
		got, ok := SmallInt(tt.text)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: SmallInt(%q) = %d, %v; want %d, %v", tt.name, tt.text, got, ok, tt.want, tt.ok)
		}
	}
}
