package ecmaregex

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		name, pattern  string
		match, noMatch []string
	}{
		{"unanchored", `\w+`, []string{"hello", "!hello!"}, []string{"!!", ""}},
		{"anchored", `^\w+$`, []string{"hello"}, []string{"!hello!"}},
		{"dot excludes line terminators", `^a.c$`, []string{"abc", "a😀c", "a\tc"}, []string{"a\nc", "a\rc", "a\u2028c"}},
		{"ecma whitespace", `^\s+$`, []string{" \t\n\v\f\r", "\u00a0\ufeff\u2003\u3000"}, []string{"x", "\u200b"}},
		{"ecma non-whitespace", `^\S+$`, []string{"abc", "\u200b"}, []string{"\u00a0"}},
		{"class with \\s", `^[\sx]+$`, []string{"x\u00a0x"}, []string{"y"}},
		{"identity escapes of letters", `^\a\z\Q$`, []string{"azQ"}, []string{"\a"}},
		{"escaped punctuation", `^\/\.\-$`, []string{"/.-"}, nil},
		{"unicode escapes", `^\u0041\x42\u{1F600}\uD83D\uDE00$`, []string{"AB😀😀"}, nil},
		{"control escape", `^\cJ$`, []string{"\n"}, nil},
		{"nul", `^\0$`, []string{"\x00"}, nil},
		{"backspace in class", `^[\b]$`, []string{"\b"}, []string{"b"}},
		{"empty class", `a[]`, nil, []string{"a", "a[]"}},
		{"negated empty class", `^[^]$`, []string{"x", "\n"}, []string{""}},
		{"literal braces", `^a{,2}b}$`, []string{"a{,2}b}"}, []string{"aab"}},
		{"quantifier", `^a{2,3}$`, []string{"aa", "aaa"}, []string{"a", "aaaa"}},
		{"literal bracket", `^]$`, []string{"]"}, nil},
		{"dash after class escape", `^[\d-z]+$`, []string{"1-z"}, []string{"a"}},
		{"named group", `^(?<year>\d{4})$`, []string{"2024"}, nil},
		{"property escapes", `^[\p{L}\p{N}_]+$`, []string{"héllo_1", "日本"}, []string{"a b"}},
		{"script property", `^\p{Script=Greek}+$`, []string{"αβ"}, []string{"ab"}},
		{"inline flag", `(?i)^abc$`, []string{"ABC"}, nil},
		{"large count", `^[a-z]{1,2048}$`, []string{"a", strings.Repeat("b", 2048)}, []string{"", strings.Repeat("b", 2049), "A"}},
		{"large exact count", `^.{1500}$`, []string{strings.Repeat("é", 1500)}, []string{strings.Repeat("é", 1499)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			re, err := Compile(tc.pattern)
			if err != nil {
				t.Fatalf("Compile(%q): %v", tc.pattern, err)
			}
			for _, s := range tc.match {
				if !re.MatchString(s) {
					t.Errorf("%q (RE2 %s) does not match %q", tc.pattern, re, s)
				}
			}
			for _, s := range tc.noMatch {
				if re.MatchString(s) {
					t.Errorf("%q (RE2 %s) matches %q", tc.pattern, re, s)
				}
			}
		})
	}
}

// TestSyntaxErrorMessages pins the messages of patterns that are not valid
// ECMA-262 (smithy validate prints them in its PatternTrait events).
func TestSyntaxErrorMessages(t *testing.T) {
	for _, tc := range []struct{ name, pattern, want string }{
		{"reversed class range", `[z-a]`, "invalid character class range: `z-a`"},
		{"unclosed group", `(?i`, "invalid group"},
		{"unknown property", `\p{Nope}`, "unknown Unicode property in `\\p{Nope}`"},
		{"counts out of order", `a{2,1}`, "numbers out of order in {2,1} quantifier"},
		{"counts out of order in a group", `(ab){10,3}c`, "numbers out of order in {10,3} quantifier"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile(tc.pattern)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Compile(%q) = %v, want an *Error", tc.pattern, err)
			}
			if e.Construct != "" || e.Msg != tc.want {
				t.Errorf("Compile(%q): construct %q, message %q; want a syntax error %q", tc.pattern, e.Construct, e.Msg, tc.want)
			}
		})
	}
}

func TestUnsupported(t *testing.T) {
	for _, tc := range []struct{ pattern, construct string }{
		{`^(?=a)a$`, "lookahead"},
		{`^(?!a)b$`, "negative lookahead"},
		{`(?<=a)b`, "lookbehind"},
		{`(?<!a)b`, "negative lookbehind"},
		{`(a)\1`, "backreference"},
		{`(?<x>a)\k<x>`, "backreference"},
		{`\012`, "a legacy octal escape"},
		{`\uD800`, "a lone surrogate"},
		{`(a{2}){600}b{1001}`, "a repetition count above 1000"},
		{`a(`, ""},
		{`*a`, ""},
		{`[a`, ""},
		{`[z-a]`, ""},
		{`(?i`, ""},
		{`\p{Nope}`, ""},
		{`a{2,1}`, ""},
	} {
		t.Run(tc.pattern, func(t *testing.T) {
			_, err := Compile(tc.pattern)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Compile(%q) = %v, want an *Error", tc.pattern, err)
			}
			if e.Construct != tc.construct {
				t.Errorf("construct %q, want %q (%v)", e.Construct, tc.construct, err)
			}
		})
	}
}

// FuzzSeqMatcher checks the fast matcher against RE2 on the patterns it
// accepts.
func FuzzSeqMatcher(f *testing.F) {
	patterns := []string{
		`^[A-Z]{3}$`, `^ord_[0-9a-f]{16}$`, `^[A-Z]{3}-[0-9]{6}$`, `^[a-z][a-z0-9-]*$`,
		`^[0-9A-Z -]{3,10}$`, `^\+[0-9]{7,15}$`, `^[a-zA-Z_][a-zA-Z0-9_]*$`, `^.{2,4}$`,
		`^[^@ ]+@[^@ ]+\.[a-z]{2,}$`, `^a?b*c+$`, `^[é-ü]+x$`, `^$`, `^\s*\S$`, `^[a-z]{1,2048}$`,
	}
	for _, s := range []string{"ABC", "ord_0123456789abcdef", "ABC-123456", "a-b", "a@b.co", "éx", "", "abc", "aabbc", " x", "\u00a0\u00a0y"} {
		f.Add(s)
	}
	var res []*Regexp
	for _, p := range patterns {
		re, err := Compile(p)
		if err != nil {
			f.Fatal(err)
		}
		res = append(res, re)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		for i, re := range res {
			want := re.re.MatchString(s)
			if re.counted {
				n := utf8.RuneCountInString(s)
				want = want && n >= re.min && (re.max < 0 || n <= re.max)
			}
			if got := re.MatchString(s); got != want {
				t.Errorf("%q on %q: fast %v, RE2 %v", patterns[i], s, got, want)
			}
		}
	})
}

func TestSeqUsed(t *testing.T) {
	for p, want := range map[string]bool{
		`^[A-Z]{3}$`: true, `^[a-z][a-z0-9-]*$`: true, `^ord_[0-9a-f]{16}$`: true,
		`^[^@ ]+@[^@ ]+\.[a-z]{2,}$`: false, // [^@ ]+ overlaps the '.' after it
		`^[a-z]*[a-z]$`:              false, `\d`: false, `^(a)$`: false, `(?i)^a$`: false,
	} {
		re, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		if (re.seq != nil) != want {
			t.Errorf("%q: fast matcher %v, want %v", p, re.seq != nil, want)
		}
	}
}
