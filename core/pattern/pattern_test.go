package pattern

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestMatch pins Java's meaning of the constructs the issue names (each
// verdict was checked with java.util.regex, see TestJavaDifferential),
// on both the fast path and the matching machine.
func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		name, pattern  string
		match, noMatch []string
	}{
		{"unanchored", `\w+`, []string{"hello", "!hello!"}, []string{"!!", ""}},
		{"\\A and \\z are anchors", `^\Asnap-[0-9a-f]{8}\z$`, []string{"snap-0123abcd"}, []string{"Asnap-0123abcd", "snap-0123abcd\n"}},
		{"\\Z before a final line terminator", `^a\Z`, []string{"a", "a\n", "a\r\n"}, []string{"a\n\n", "ab"}},
		{"$ before a final line terminator", `^a$`, []string{"a", "a\n", "a\r\n", "a\r", "a\u0085", "a\u2028"}, []string{"a\n\n", "a\r\n\n", "ab"}},
		{"$ is not between \\r and \\n", `a\r$`, []string{"a\r"}, []string{"a\r\n"}},
		{"dot excludes Java's line terminators", `^a.c$`, []string{"abc", "a😀c", "a\tc"}, []string{"a\nc", "a\rc", "a\u0085c", "a\u2028c"}},
		{"\\s is ASCII", `^\s+$`, []string{" \t\n\u000b\f\r"}, []string{"\u00a0", "\ufeff", "\u2003"}},
		{"\\d is ASCII", `^\d+$`, []string{"123"}, []string{"١٢٣"}},
		{"\\p{Digit} is ASCII", `^\p{Digit}+$`, []string{"123"}, []string{"١٢٣"}},
		{"\\p{Alpha} is ASCII", `^\p{Alpha}+$`, []string{"abc"}, []string{"é"}},
		{"\\p{Punct} is ASCII", `^\p{Punct}+$`, []string{"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"}, []string{"¡"}},
		{"\\p{Print}", `^\p{Print}+$`, []string{"a b~"}, []string{"é", "\u007f"}},
		{"\\p{IsAlphabetic} is Unicode", `^\p{IsAlphabetic}+$`, []string{"héllo", "日本"}, []string{"a1"}},
		{"\\p{IsWhitespace}", `^\p{IsWhitespace}+$`, []string{"\u00a0\u2028 "}, []string{"\u200b"}},
		{"\\p{L} \\p{IsL} \\p{LD}", `^\p{L}\p{IsL}\p{LD}$`, []string{"ab1", "éé١"}, []string{"a1a"}},
		{"\\p{all}", `^\p{all}$`, []string{"\n"}, nil},
		{"\\p{javaLowerCase}", `^\p{javaLowerCase}+$`, []string{"aé"}, []string{"A"}},
		{"nested class is a union", `^[a[bc]]$`, []string{"a", "b", "c"}, []string{"]", "[", "d"}},
		{"negation covers the nested class", `^[^a[bc]]$`, []string{"d"}, []string{"a", "b"}},
		{"intersection", `^[\p{Print}&&[^|:/]]+$`, []string{"ab c"}, []string{"a|b", "a/b", "é"}},
		{"\\Q..\\E", `^\Q.*[\E$`, []string{".*["}, []string{"ab"}},
		{"possessive quantifier run as greedy", `^[\/]?+[a-z]+(\/[a-z]+)*$`, []string{"/abc/d", "abc"}, []string{"//a"}},
		{"possessive exact count", `^[0-9A-Z]{2}+$`, []string{"A1"}, []string{"A1B"}},
		{"reluctant quantifiers", `^a*?b+?c??$`, []string{"bc", "aab"}, []string{"ac"}},
		{"inline flags are ASCII case-insensitive", `^(?i)abé$`, []string{"ABé"}, []string{"ABÉ"}},
		{"flags end with their group", `^(a(?i)b)c$`, []string{"aBc"}, []string{"aBC"}},
		{"named group", `^(?<year>\d{4})-\d{2}$`, []string{"2024-01"}, nil},
		{"\\b is Unicode letters and digits", `\bfoo\b`, []string{"a foo b"}, []string{"éfoo", "foo_"}},
		{"negative lookahead and lookbehind", `^(?!-)[A-Za-z0-9-]+(?<!-)$`, []string{"a-b", "a"}, []string{"-a", "a-", "-"}},
		{"positive lookaheads", `^(?=.*\d)(?=.*[a-z]).{6,}$`, []string{"abc123"}, []string{"abcdef", "123456", "ab1"}},
		{"nested lookarounds", `(?<=(?<!x)a)b`, []string{"ab"}, []string{"xab", "b"}},
		{"lookahead with an inline flag", `^(?!(?i)(arn|aws):)\w+:\w+$`, []string{"foo:x"}, []string{"ARN:x", "aws:x"}},
		{"multiline anchors", `(?m)^b$`, []string{"a\nb\nc", "a\r\nb\r\nc", "a\r\n\nb"}, []string{"ab", "a\rbc"}},
		{"(?m)^ never matches at the end", `(?m)^$`, []string{"\n\n"}, []string{"", "a\n"}},
		{"large counts", `^[a-z]{1,2048}$`, []string{"a", strings.Repeat("b", 2048)}, []string{"", strings.Repeat("b", 2049), "A"}},
		{"a large count of a group", `^(ab|cd){1,1200}$`, []string{strings.Repeat("ab", 1200)}, []string{strings.Repeat("ab", 1201)}},
		{"huge count", `^.{1,100000}$`, []string{"x", "x\n"}, []string{"", "\n\n"}},
		{"escapes", `^\x{1F600}\u00e9\x41\0101\cJ\a\e\t$`, []string{"😀éAA\n\a\x1b\t"}, nil},
		{"surrogate pair escape", `^\uD83D\uDE00$`, []string{"😀"}, nil},
		{"stray ] and }", `^a]}$`, []string{"a]}"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			re, err := Compile(tc.pattern)
			if err != nil {
				t.Fatalf("Compile(%q): %v", tc.pattern, err)
			}
			for _, c := range []struct {
				probes []string
				want   bool
			}{{tc.match, true}, {tc.noMatch, false}} {
				for _, s := range c.probes {
					if got := re.MatchString(s); got != c.want {
						t.Errorf("%q.MatchString(%q) = %v, want %v", tc.pattern, s, got, c.want)
					}
					if got, _ := re.matchVM(s); got != c.want {
						t.Errorf("%q on %q: matching machine %v, want %v", tc.pattern, s, got, c.want)
					}
				}
			}
		})
	}
}

// TestSyntaxErrors pins Java's messages (the reference prints them in its
// "Error creating trait `pattern`" event).
func TestSyntaxErrors(t *testing.T) {
	for _, tc := range []struct{ name, pattern, want string }{
		{"reversed range", `^[z-a]$`, "Illegal character range near index 4\n^[z-a]$\n    ^"},
		{"flag group not closed", `^(?i$`, "Unknown inline modifier near index 4\n^(?i$\n    ^"},
		{"unknown property", `\p{Nope}`, "Unknown character property name {Nope} near index 7\n\\p{Nope}\n       ^"},
		{"counts out of order", `^a{2,1}$`, "Illegal repetition range near index 6\n^a{2,1}$\n      ^"},
		{"a brace that is no quantifier", `a{`, "Illegal repetition near index 2\na{"},
		{"dangling quantifier", `a**`, "Dangling meta character '*' near index 2\na**\n  ^"},
		{"unbounded lookbehind", `(?<=(ab)+)x`, "Look-behind group does not have an obvious maximum length near index 8\n(?<=(ab)+)x\n        ^"},
		{"unknown escape", `\y`, "Illegal/unsupported escape sequence near index 1\n\\y\n ^"},
		{"unclosed class", `[a`, "Unclosed character class near index 1\n[a\n ^"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile(tc.pattern)
			var e *Error
			if !errors.As(err, &e) || e.Unsupported() {
				t.Fatalf("Compile(%q) = %v, want a syntax *Error", tc.pattern, err)
			}
			if got := e.JavaMessage(); got != tc.want {
				t.Errorf("Compile(%q): message\n%s\nwant\n%s", tc.pattern, got, tc.want)
			}
		})
	}
}

// TestUnsupported lists what Java compiles and this package refuses to
// run (a validator warns and leaves values unchecked).
func TestUnsupported(t *testing.T) {
	for _, tc := range []struct{ pattern, construct string }{
		{`^(.)\1$`, "a backreference"},
		{`(?<a>x)\k<a>`, "a backreference"},
		{`^\X$`, `a grapheme cluster \X`},
		{`^\b{g}`, `a grapheme boundary \b{g}`},
		{`^\N{LATIN SMALL LETTER A}$`, `a named character \N{...}`},
		{`(?c)a`, "the canonical-equivalence flag (?c)"},
		{`\p{InGreek}`, "a Unicode block property"},
		{`\p{IsLatn}`, "a Unicode script alias (Latn)"},
		{`^a*+a$`, "a possessive quantifier that can give a different result than a greedy one"},
		{`^(?:ab)*+a$`, "a possessive quantifier that can give a different result than a greedy one"},
		{`^(?>ab|a)b$`, "an atomic group"},
		{`(?=x)(?:abcdefgh){9000}`, "a repetition too large to run (more than 65536 steps)"},
		{strings.Repeat("(", 600) + strings.Repeat(")", 600), "nesting deeper than 500 levels"},
	} {
		t.Run(tc.pattern, func(t *testing.T) {
			_, err := Compile(tc.pattern)
			var e *Error
			if !errors.As(err, &e) || !e.Unsupported() || e.Construct != tc.construct {
				t.Fatalf("Compile(%q) = %v, want unsupported %q", tc.pattern, err, tc.construct)
			}
		})
	}
}

// TestLinearSteps proves that matching grows linearly with the input:
// the machine's instruction count for an input ten times longer is at
// most ten times (plus a margin) the count for the shorter one, on
// patterns that make a backtracking engine exponential or quadratic.
func TestLinearSteps(t *testing.T) {
	for _, tc := range []struct{ name, pattern, unit, tail string }{
		{"nested quantifiers", `^(a+)+$`, "a", "b"},
		{"alternation under a star", `^(a|a)*$`, "a", "b"},
		{"lookahead over the rest", `^(?=.*\d)(?!.*--)[a-z-]+$`, "a-", "!"},
		{"lookbehind at every position", `(?<=a+)(?<!b)c`, "a", "b"},
		{"nested lookarounds", `(?=(?!a*b)a)(?<=(?=a)a)x`, "a", ""},
		{"word boundaries", `\b\w+\b!`, "ab ", ""},
		{"multiline anchors", `(?m)^a+$x`, "a\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			re := MustCompile(tc.pattern)
			steps := func(n int) int {
				_, k := re.matchVM(strings.Repeat(tc.unit, n) + tc.tail)
				return k
			}
			small, large := steps(200), steps(2000)
			if small == 0 || large > 10*small+10*len(re.main.insts) {
				t.Errorf("%q: %d steps at n=200, %d at n=2000: not linear", tc.pattern, small, large)
			}
		})
	}
}

func ExampleCompile() {
	// Java's meaning: \p{Alpha} is ASCII, $ also matches before a final
	// line break, and lookarounds are checked.
	re := MustCompile(`^(?!-)\p{Alpha}[\p{Alpha}-]*(?<!-)$`)
	for _, s := range []string{"smithy", "smithy-go", "-smithy", "smithy-", "émile", "go\n"} {
		fmt.Printf("%q %v\n", s, re.MatchString(s))
	}
	_, err := Compile(`^[z-a]$`)
	fmt.Println(err.(*Error).JavaMessage())
	// Output:
	// "smithy" true
	// "smithy-go" true
	// "-smithy" false
	// "smithy-" false
	// "émile" false
	// "go\n" true
	// Illegal character range near index 4
	// ^[z-a]$
	//     ^
}

// TestCheckAgreesWithCompile: Check's verdict is Compile's, error for
// error, on every pattern of the tests and of the AWS table, those too
// large for the matching machine included (one a fast path runs, one it
// cannot), whether or not the cache holds the pattern.
func TestCheckAgreesWithCompile(t *testing.T) {
	patterns := []string{
		`^(?:abcdefgh){9000}$`, `(?=x)(?:abcdefgh){9000}`, `^(.)\1$`, `^[z-a]$`, `^[a-z]{1,3}$`,
		strings.Repeat("(", 600) + strings.Repeat(")", 600),
	}
	for _, tc := range diffCases {
		patterns = append(patterns, tc.pattern)
	}
	patterns = append(patterns, syntaxCases...)
	for _, l := range readTable(t) {
		patterns = append(patterns, l.Pattern)
	}
	kinds := map[string]int{}
	for _, p := range patterns {
		_, want := Compile(p)
		got := Check(p)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Check(%q) = %v, Compile's error %v", p, got, want)
		}
		if _, err := Cached(p); !reflect.DeepEqual(Check(p), err) {
			t.Errorf("Check(%q) of a cached pattern = %v, want %v", p, Check(p), err)
		}
		var e *Error
		switch {
		case want == nil:
			kinds["valid"]++
		case errors.As(want, &e) && e.Unsupported():
			kinds["unsupported"]++
		default:
			kinds["invalid"]++
		}
	}
	if kinds["valid"] < 1000 || kinds["unsupported"] == 0 || kinds["invalid"] == 0 {
		t.Errorf("the cases cover %v: want valid (the AWS table), unsupported and invalid patterns", kinds)
	}
}

// TestCountInsts: Check's count of instructions is what compileProgs
// builds, on every pattern of the AWS table and the tests that parses.
func TestCountInsts(t *testing.T) {
	patterns := []string{`^(?:abcdefgh){9000}$`, `(?=a(?<=b)c)x|(?!d)`, `^a*+b$`, `^(?:ab|c){2,5}?$`}
	for _, tc := range diffCases {
		patterns = append(patterns, tc.pattern)
	}
	for _, l := range readTable(t) {
		patterns = append(patterns, l.Pattern)
	}
	counted := 0
	for _, p := range patterns {
		tree, err := parse(p)
		if err != nil {
			continue
		}
		want, possessive := countInsts(tree)
		main, looks, construct, _ := compileProgs(tree)
		if construct != "" {
			if want <= maxInsts && !possessive {
				t.Errorf("%q: compileProgs names %q, the count %d within the bound and no possessive", p, construct, want)
			}
			continue
		}
		got := len(main.insts)
		for _, l := range looks {
			got += len(l.p.insts)
			if !l.behind {
				got += len(l.p.insts) // the backward program is as long
			}
		}
		if got != want {
			t.Errorf("%q: %d instructions built, %d counted", p, got, want)
		}
		counted++
	}
	if counted < 1000 {
		t.Errorf("only %d patterns compared", counted)
	}
}
