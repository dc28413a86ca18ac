package pattern

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// dfaAgrees checks the automaton of r against its regexp on s (ASCII).
func dfaAgrees(t *testing.T, r *Regexp, s string) {
	t.Helper()
	d := r.automaton()
	got, ok := d.match(s)
	if !ok {
		t.Fatalf("%q on %q: the automaton refused ASCII text", r.src, s)
	}
	if want := r.re.MatchString(s); got != want {
		t.Fatalf("%q (RE2 %q) on %q: automaton %v, regexp %v", r.src, r.re.String(), s, got, want)
	}
}

// asciiProbes are random ASCII texts over the bytes that patterns of the
// tables name, and every other ASCII byte now and then.
func asciiProbes(rng *rand.Rand, n int) []string {
	const common = "aAzZ09_-.@ +/:#\n\r\tbcxyfoo"
	out := make([]string, n)
	for i := range out {
		b := make([]byte, rng.IntN(24))
		for k := range b {
			if rng.IntN(8) == 0 {
				b[k] = byte(rng.IntN(0x80))
			} else {
				b[k] = common[rng.IntN(len(common))]
			}
		}
		out[i] = string(b)
	}
	return out
}

// TestDFAAgreesWithRegexp compares the automaton with Go's regexp on the
// same RE2 translation, for every pattern of the differential cases and
// of the AWS table that has one, on their probes (the ASCII ones) and on
// random ASCII texts; it also requires the automaton for the common
// shapes it exists for.
func TestDFAAgreesWithRegexp(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 1))
	var patterns []string
	probes := map[string][]string{}
	for _, tc := range diffCases {
		patterns = append(patterns, tc.pattern)
		probes[tc.pattern] = append(append([]string(nil), tc.probes...), commonProbes...)
	}
	for _, l := range readTable(t) {
		patterns = append(patterns, l.Pattern)
		probes[l.Pattern] = append(append([]string(nil), l.Match...), l.NoMatch...)
	}
	built, withRE := 0, 0
	for _, p := range patterns {
		r, err := Compile(p)
		if err != nil || r.re == nil {
			continue
		}
		withRE++
		if r.automaton() == nil {
			continue
		}
		built++
		for _, s := range append(probes[p], asciiProbes(rng, 40)...) {
			if isASCII(s) {
				dfaAgrees(t, r, s)
			}
		}
	}
	t.Logf("%d of %d patterns with an RE2 translation have an automaton", built, withRE)
	if built < withRE*9/10 {
		t.Errorf("only %d of %d patterns with an RE2 translation have an automaton", built, withRE)
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// TestDFACases pins the automaton's answers on the shapes it must get
// right: find() anywhere, \A and \z, a match before the end, text beyond
// ASCII (no answer), and the patterns it declines.
func TestDFACases(t *testing.T) {
	tests := []struct {
		name, expr, text string
		match, ok        bool
	}{
		{"email", `\A[^@ ]+@[^@ ]+\.[a-z]{2,}\z`, "a.b@example.com", true, true},
		{"email, no dot after @", `\A[^@ ]+@[^@ ]+\.[a-z]{2,}\z`, "a@b", false, true},
		{"email, two @", `\A[^@ ]+@[^@ ]+\.[a-z]{2,}\z`, "a@b@c.de", false, true},
		{"find in the middle", `b+c`, "aaabbbcdd", true, true},
		{"find, none", `b+c`, "aaabbbdd", false, true},
		{"anchored start", `\Abc`, "abc", false, true},
		{"anchored end", `ab\z`, "xab", true, true},
		{"anchored end, more after", `ab\z`, "abx", false, true},
		{"empty text, empty pattern", `\A\z`, "", true, true},
		{"empty text, nonempty pattern", `\Aa\z`, "", false, true},
		{"matches at once", `a*`, "zzz", true, true},
		{"case folding", `(?i:abc)`, "xABc", true, true},
		{"beyond ASCII", `a.c`, "aéc", false, false},
		{"not a newline", `\Aa.c\z`, "a\nc", false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := newDFA(tc.expr)
			if d == nil {
				t.Fatalf("%s: no automaton for %q", tc.name, tc.expr)
			}
			m, ok := d.match(tc.text)
			if m != tc.match || ok != tc.ok {
				t.Errorf("%s: %q on %q: (%v, %v), want (%v, %v)", tc.name, tc.expr, tc.text, m, ok, tc.match, tc.ok)
			}
			if ok {
				if want := regexp.MustCompile(tc.expr).MatchString(tc.text); m != want {
					t.Errorf("%s: the automaton says %v, regexp %v", tc.name, m, want)
				}
			}
		})
	}
	for _, expr := range []string{`(?m:^a)`, `\bword\b`, `a{1000}b{1000}`, `(a|b)*a(a|b){12}`} {
		if newDFA(expr) != nil {
			t.Errorf("%q: an automaton was built; want none (line anchors, word boundaries, or too many states)", expr)
		}
	}
}

// FuzzDFA compares the automaton of any pattern's RE2 translation with
// Go's regexp on any ASCII text.
func FuzzDFA(f *testing.F) {
	for _, tc := range diffCases {
		f.Add(tc.pattern, "abc")
	}
	f.Add(`^[^@ ]+@[^@ ]+\.[a-z]{2,}$`, "a@b.cd")
	f.Fuzz(func(t *testing.T, p, s string) {
		if len(p) > 100 || len(s) > 200 || !isASCII(s) {
			return
		}
		r, err := Compile(p)
		if err != nil || r.re == nil || r.automaton() == nil {
			return
		}
		dfaAgrees(t, r, s)
	})
}

func BenchmarkDFA(b *testing.B) {
	r := MustCompile(`^[^@ ]+@[^@ ]+\.[a-z]{2,}$`)
	const s = "monalisa.octocat@example.com"
	b.Run("automaton", func(b *testing.B) {
		for range b.N {
			r.automaton().match(s)
		}
	})
	b.Run("regexp", func(b *testing.B) {
		for range b.N {
			r.re.MatchString(s)
		}
	})
}
