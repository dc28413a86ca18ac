package gate

import (
	"math/rand"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/pattern"
)

// judgedPatterns are JSON Schema patterns a prefix is judged against:
// each construct Go's parse gives (literals, classes and their
// negations, Perl and POSIX classes, Unicode classes, '.', the i flag,
// '$', quantifiers and counted repeats, groups, alternation).
var judgedPatterns = []struct{ name, src string }{
	{"a class repeated to the end", `^[a-z]+$`},
	{"counted repeats and an escape", `^[A-Z]{3}-\d{2,4}$`},
	{"alternation under a star", `^(ab|cd)*e?$`},
	{"Perl classes and a dot", `^\w+@\w+\.com$`},
	{"the i flag", `^(?i)abc`},
	{"the i flag's orbits beyond ASCII", `^(?i)k+s$`},
	{"dot: everything but a newline", `^a.c$`},
	{"Go's \\s", `^\s*x`},
	{"a negated class", `^[^0-9]{2}`},
	{"groups and a digit run", `^(foo|bar)[0-9]+`},
	{"Unicode classes", `^\p{Lu}\p{Ll}*$`},
	{"POSIX class", `^[[:alpha:]]{2}$`},
	{"\\z and lazy quantifiers", `^x{2,3}?y+?\z`},
	{"an alternation of anchored branches", `^a|^bc`},
	{"an empty alternative", `^(|a)b$`},
	{"dotall", `^(?s:.)z`},
}

// TestEarlyPattern: which patterns are judged on a prefix, and which are
// left to the string's end (each with the reason).
func TestEarlyPattern(t *testing.T) {
	for _, c := range judgedPatterns {
		if earlyPattern(c.src) == "" {
			t.Errorf("%s: %q is not judged on a prefix", c.name, c.src)
		}
	}
	atEnd := []struct{ name, src string }{
		{"unanchored: a match may begin anywhere", `[a-z]+$`},
		{"an anchor in one branch only", `^a|b`},
		{"the m flag's line anchors", `(?m)^a$`},
		{"a word boundary", `^a\b`},
		{"not a word boundary", `^a\B`},
		{"a class of no code point", `^[^\x00-\x{10FFFF}]`},
		{"not Go syntax (a lookahead)", `^(?=a)`},
		{"not Go syntax (a back reference)", `^(a)\1`},
	}
	for _, c := range atEnd {
		if p := earlyPattern(c.src); p != "" {
			t.Errorf("%s: %q is judged on a prefix as %q", c.name, c.src, p)
		}
	}
}

// alphabetOf returns characters that exercise src: its literals, the
// bounds of its classes and a neighbour of each, and a few of every
// kind (a letter of each case, a digit, spaces, a newline, a non-ASCII
// letter, the Kelvin sign that folds to k).
func alphabetOf(t testing.TB, src string) []string {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[rune]bool{}
	var walk func(*syntax.Regexp)
	walk = func(re *syntax.Regexp) {
		switch re.Op {
		case syntax.OpLiteral:
			for _, r := range re.Rune {
				seen[r] = true
				if re.Flags&syntax.FoldCase != 0 {
					for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
						seen[f] = true
					}
				}
			}
		case syntax.OpCharClass:
			for i := 0; i+1 < len(re.Rune) && i < 8; i += 2 {
				seen[re.Rune[i]] = true
				if re.Rune[i] < re.Rune[i+1] && re.Rune[i+1] < utf8.MaxRune {
					seen[re.Rune[i]+1] = true
					seen[re.Rune[i+1]+1] = true
				}
			}
		}
		for _, s := range re.Sub {
			walk(s)
		}
	}
	walk(re)
	for _, r := range "aZ0 \n\u00a0é\u212a" {
		seen[r] = true
	}
	var out []string
	for r := range seen {
		if utf8.ValidRune(r) {
			out = append(out, string(r))
		}
	}
	slices.Sort(out)
	return out
}

// continuations returns every string of up to k characters of alphabet.
func continuations(alphabet []string, k int) []string {
	out := []string{""}
	last := []string{""}
	for ; k > 0; k-- {
		var next []string
		for _, s := range last {
			for _, c := range alphabet {
				next = append(next, s+c)
			}
		}
		out = append(out, next...)
		last = next
	}
	return out
}

// TestEarlyPatternAgreesWithGo: on every string of up to three
// characters of each pattern's alphabet, and random longer ones, the translation matches exactly what Go's regexp (the
// validator's engine) matches, and a prefix it calls dead has no
// continuation of up to three characters that Go's regexp matches.
func TestEarlyPatternAgreesWithGo(t *testing.T) {
	rng := rand.New(rand.NewSource(27))
	for _, c := range judgedPatterns {
		goRe := regexp.MustCompile(c.src)
		ours := pattern.MustCompile(earlyPattern(c.src))
		alphabet := alphabetOf(t, c.src)
		conts := continuations(alphabet, 3)
		dead := 0
		inputs := slices.Clone(conts) // every string of up to three characters
		for n := 0; n < 400; n++ {
			var b strings.Builder
			for k := 4 + rng.Intn(5); k > 0; k-- {
				b.WriteString(alphabet[rng.Intn(len(alphabet))])
			}
			inputs = append(inputs, b.String())
		}
		for _, s := range inputs {
			if g, o := goRe.MatchString(s), ours.MatchString(s); g != o {
				t.Fatalf("%s: %q on %q: Go's regexp %v, the translation %v", c.name, c.src, s, g, o)
			}
			if ours.CanStillMatch(s) || dead > 20 {
				continue
			}
			dead++
			for _, k := range conts {
				if goRe.MatchString(s + k) {
					t.Fatalf("%s: %q: %q called dead, but Go's regexp matches %q", c.name, c.src, s, s+k)
				}
			}
		}
		if dead == 0 {
			t.Errorf("%s: no dead prefix met: the check proves nothing", c.name)
		}
	}
}

// FuzzEarlyPattern: for any pattern the translation accepts, it matches
// what Go's regexp matches, and a prefix it calls dead is not matched by
// Go's regexp with any one more character of the input.
func FuzzEarlyPattern(f *testing.F) {
	for _, c := range judgedPatterns {
		f.Add(c.src, "abc")
	}
	f.Add(`^(?i)[k-s]+\d`, "KK\u212a1")
	f.Fuzz(func(t *testing.T, src, s string) {
		if !utf8.ValidString(s) || len(src) > 200 {
			return
		}
		p := earlyPattern(src)
		if p == "" {
			return
		}
		goRe := regexp.MustCompile(src)
		ours := pattern.MustCompile(p)
		if g, o := goRe.MatchString(s), ours.MatchString(s); g != o {
			t.Fatalf("%q (%q) on %q: Go's regexp %v, the translation %v", src, p, s, g, o)
		}
		if ours.CanStillMatch(s) {
			return
		}
		for _, r := range s + "a0 \n" {
			if goRe.MatchString(s + string(r)) {
				t.Fatalf("%q (%q): %q called dead, but Go's regexp matches %q", src, p, s, s+string(r))
			}
		}
	})
}
