package pattern

import (
	"math/rand"
	"testing"
)

// TestCanStillMatch pins, for each kind of pattern, which prefixes can
// still be extended to a match.
func TestCanStillMatch(t *testing.T) {
	cases := []struct {
		name, pattern, prefix string
		want                  bool
	}{
		{"anchored, empty prefix", `^[A-Z]{3}-[0-9]+$`, "", true},
		{"anchored, good start", `^[A-Z]{3}-[0-9]+$`, "AB", true},
		{"anchored, bad first letter", `^[A-Z]{3}-[0-9]+$`, "a", false},
		{"anchored, too many letters", `^[A-Z]{3}-[0-9]+$`, "ABCD", false},
		{"anchored, whole match", `^[A-Z]{3}-[0-9]+$`, "ABC-12", true},
		{"anchored, past the end", `^[A-Z]{3}-[0-9]+$`, "ABC-1x", false},
		{"dollar before a final line break", `^ab$`, "ab\n", true},
		{"dollar, then more", `^ab$`, "ab\nc", false},
		{"\\A and \\z", `\Aa+\z`, "aaab", false},
		{"alternation", `^(foo|bar)baz`, "ba", true},
		{"alternation, dead", `^(foo|bar)baz`, "bo", false},
		{"unanchored: a match may begin later", `[0-9]{3}`, "abc", true},
		{"multiline caret at the end of the prefix", `^a\n(?m)^b`, "a\n", true},
		{"multiline caret, wrong line", `^a\n(?m)^b`, "a\nc", false},
		{"lookahead: not judged", `^(?=x)y`, "z", true},
		{"word boundary: not judged", `^a\bb`, "ab", true},
		{"case-insensitive", `^(?i)abc$`, "AB", true},
		{"non-ASCII", `^é+$`, "éé", true},
		{"non-ASCII, dead", `^é+$`, "ée", false},
	}
	for _, c := range cases {
		re, err := Compile(c.pattern)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := re.CanStillMatch(c.prefix); got != c.want {
			t.Errorf("%s: CanStillMatch(%q) on %q = %v, want %v", c.name, c.prefix, c.pattern, got, c.want)
		}
	}
}

// TestCanStillMatchIsNeverWrong: on random patterns over a small
// alphabet, a prefix judged dead has no continuation that matches (every
// continuation up to four characters is tried), and a prefix with a
// matching continuation is judged alive.
func TestCanStillMatchIsNeverWrong(t *testing.T) {
	rng := rand.New(rand.NewSource(25))
	atoms := []string{"a", "b", "[ab]", "\n", "(a|bb)", "(ab)*", "a?", "b+", "$", "(?m)^", "[^a]", "."}
	alphabet := []string{"a", "b", "\n", "c"}
	var conts []string
	var grow func(s string, k int)
	grow = func(s string, k int) {
		conts = append(conts, s)
		if k == 0 {
			return
		}
		for _, c := range alphabet {
			grow(s+c, k-1)
		}
	}
	grow("", 4)
	checked := 0
	for n := 0; n < 150; n++ {
		src := "^"
		for k := 1 + rng.Intn(5); k > 0; k-- {
			src += atoms[rng.Intn(len(atoms))]
		}
		if rng.Intn(2) == 0 {
			src += "$"
		}
		re, err := Compile(src)
		if err != nil {
			continue
		}
		for _, prefix := range conts[:85] { // prefixes of up to three characters
			live := re.CanStillMatch(prefix)
			if live {
				continue // a guess is allowed to be generous; only a dead prefix is certain
			}
			for _, s := range conts {
				if !live && re.MatchString(prefix+s) {
					t.Fatalf("%q: %q judged dead, but %q can follow it", src, prefix, s)
				}
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no prefix was judged dead: the test proves nothing")
	}
	t.Logf("%d dead prefixes confirmed", checked)
}
