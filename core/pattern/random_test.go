package pattern

import (
	"errors"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestJavaRandom compares this package with java.util.regex on random
// patterns of a small grammar (anchors, classes, Java escapes, groups,
// lookarounds, lazy and possessive quantifiers, inline flags) and random
// values over a small alphabet: the compile verdict and every find()
// verdict must agree. SMITHY_PATTERN_RANDOM sets the number of patterns
// (default 300). Needs a JDK.
func TestJavaRandom(t *testing.T) {
	java := startJava(t)
	n := 300
	if v, err := strconv.Atoi(os.Getenv("SMITHY_PATTERN_RANDOM")); err == nil {
		n = v
	}
	rng := rand.New(rand.NewPCG(22, 2026))
	// No supplementary character: Java's find() also starts a match
	// between the two UTF-16 halves of one (docs/patterns.md).
	alphabet := []string{"a", "b", "A", "1", "_", " ", "-", "\n", "\r", "é", "É", "\u0301", "\u0085"}
	unsupported := 0
	for i := 0; i < n; i++ {
		p := randomPattern(rng, 0)
		ok, msg := java.compile(t, p)
		re, err := Compile(p)
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("Compile(%q): %v", p, err)
		}
		switch {
		case ok && err != nil && e.Unsupported():
			unsupported++
			continue
		case ok && err != nil:
			t.Errorf("Java compiles %q, Compile: %v", p, err)
			continue
		case !ok && err == nil:
			t.Errorf("Java rejects %q (%s), Compile accepts it", p, msg)
			continue
		case !ok:
			if e.Unsupported() {
				t.Errorf("Java rejects %q (%s), Compile calls it unsupported", p, msg)
			} else if e.JavaMessage() != msg {
				t.Errorf("%q: message %q, Java's %q", p, e.JavaMessage(), msg)
			}
			continue
		}
		for range 12 {
			var b strings.Builder
			for range rng.IntN(7) {
				b.WriteString(alphabet[rng.IntN(len(alphabet))])
			}
			s := b.String()
			want := java.find(t, s)
			if got := re.MatchString(s); got != want {
				t.Errorf("%q on %q: MatchString %v, Java %v", p, s, got, want)
			}
			if got, _ := re.matchVM(s); got != want {
				t.Errorf("%q on %q: matching machine %v, Java %v", p, s, got, want)
			}
		}
	}
	t.Logf("%d random patterns, %d unsupported", n, unsupported)
}

var randomAtoms = []string{
	"a", "b", "A", "1", "_", " ", "-", ".", `\d`, `\w`, `\s`, `\W`, `\S`, `\p{Alpha}`, `\p{L}`, `\p{Lu}`,
	`\pL`, `\p{IsAlphabetic}`, `\h`, `\v`, `\R`, `\n`, `\r`, `\x{e9}`, `\u00c9`, `[ab]`, `[^a]`, `[a-c1]`,
	`[a[b1]]`, `[\w&&[^_]]`, `[^\s]`, `[-a]`, `[\p{L}&&\p{Lu}]`, `\Q.-\E`, `\b`, `\B`, `^`, `$`, `\A`, `\z`, `\Z`,
}

// randomPattern builds a pattern of the grammar (it may be invalid).
//
// In a lookbehind it repeats nothing without bound: which unbounded
// lookbehinds Java accepts follows its 32-bit length arithmetic, modelled
// for the common forms only (docs/patterns.md).
func randomPattern(rng *rand.Rand, depth int) string { return randomIn(rng, depth, false) }

func randomIn(rng *rand.Rand, depth int, behind bool) string {
	var b strings.Builder
	for range 1 + rng.IntN(4) {
		if depth < 3 && rng.IntN(4) == 0 {
			// No atomic group and (below) no possessive quantifier: which
			// lookbehinds Java accepts around them is not modelled exactly
			// (docs/patterns.md); hand-written cases cover them.
			groups := []string{"(", "(?:", "(?=", "(?!", "(?<=", "(?<!", "(?i:", "(?<g" + strconv.Itoa(rng.IntN(1000)) + ">"}
			g := groups[rng.IntN(len(groups))]
			in := behind || strings.HasPrefix(g, "(?<=") || strings.HasPrefix(g, "(?<!")
			b.WriteString(g)
			b.WriteString(randomIn(rng, depth+1, in))
			if rng.IntN(3) == 0 {
				b.WriteString("|" + randomIn(rng, depth+1, in))
			}
			b.WriteString(")")
		} else if rng.IntN(12) == 0 {
			flags := []string{"(?i)", "(?m)", "(?s)", "(?d)", "(?U)", "(?-i)", "(?iu)"}
			b.WriteString(flags[rng.IntN(len(flags))])
			continue
		} else {
			b.WriteString(randomAtoms[rng.IntN(len(randomAtoms))])
		}
		if rng.IntN(3) == 0 {
			qs := []string{"*", "+", "?", "{2}", "{1,2}", "{0,}", "*?", "+?", "??"}
			if behind {
				qs = []string{"?", "{2}", "{1,2}", "??"}
			}
			b.WriteString(qs[rng.IntN(len(qs))])
		}
	}
	return b.String()
}
