package pattern

import (
	"errors"
	"strings"
	"testing"
)

// commonProbes are tried on every pattern of the differential tests, next
// to the pattern's own.
var commonProbes = []string{
	"", " ", "a", "A", "z", "0", "9", "_", "-", ".", "\n", "\r", "\r\n", "\t", "\u0085", "\u2028",
	"\u00a0", "é", "É", "ﬀ", "日本", "😀", "١٢٣", "a b", "ab\n", "abc\r\n", "a\u0301", "\u0301",
	"abc", "ABC", "aBc", "a1_", "x-y", "a.b", "foo bar", "-a-", "a--b", "  a  ",
}

// diffCases are patterns written to cover java.util.regex's constructs,
// each with probes aimed at it. The test compares Java's answer for every
// probe (and every common probe) with this package's, on both paths
// (the fast path MatchString takes and the matching machine).
var diffCases = []struct {
	pattern string
	probes  []string
}{
	// Anchors and line terminators.
	{`^a$`, []string{"a\n", "a\r\n", "a\r", "a\u0085", "a\u2028", "a\n\n", "\na", "a\r\n\n"}},
	{`a$\n`, []string{"a\n", "a\n\n"}},
	{`a\r$`, []string{"a\r\n", "a\r"}},
	{`^\Aa\z$`, []string{"a\n"}},
	{`a\Z`, []string{"a\n", "a\r\n", "a\n\n", "ab"}},
	{`(?m)^a$`, []string{"b\na\nc", "b\r\na\r\nc", "b\ra", "\na"}},
	{`(?m)^$`, []string{"", "\n", "a\n", "\n\n", "\r\n"}},
	{`(?m)$`, []string{"", "a"}},
	{`(?d)^a$`, []string{"a\n", "a\r", "a\r\n"}},
	{`(?dm)^b$`, []string{"a\nb\nc", "a\rb\rc"}},
	{`^.$`, []string{"\u0085", "\u2029", "é", "😀", "\x00"}},
	{`(?s)^.$`, []string{"\n", "\r"}},
	{`(?d)^.$`, []string{"\r", "\n", "\u2028"}},
	{`^\s+$`, []string{"\u000b", "\f", "\u00a0", "\u2003", "\ufeff", "\u3000"}},
	{`^\S$`, []string{"\u00a0"}},
	{`^\h\v$`, []string{" \n", "\u00a0\u2028", "\t\u000b"}},
	{`^\R$`, []string{"\r\n", "\r", "\u0085", "\r\n\n"}},
	{`^\R\n$`, []string{"\r\n"}},
	{`\R+?\W`, []string{"b\r\n", "\r\n!", "\r!"}},
	{`^\R{1,2}\n$`, []string{"\r\n", "\r\n\n", "\n\n"}},
	// Word characters and boundaries.
	{`^\w+$`, []string{"héllo", "ab_9"}},
	{`\bfoo\b`, []string{"a foo b", "foobar", "éfoo", "foo\u0301", "_foo"}},
	{`\Bfoo`, []string{"afoo", "foo", "éfoo"}},
	{`^\d+$`, []string{"١٢٣", "12"}},
	{`\b`, []string{"", "é", "\u0301", "a\u0301\u0301"}},
	// POSIX and Java classes.
	{`^\p{Digit}+$`, []string{"١٢٣", "123"}},
	{`^\p{Alpha}+$`, []string{"héllo", "hello"}},
	{`^\p{Alnum}+$`, nil},
	{`^\p{Punct}+$`, []string{"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", "¡", "–"}},
	{`^\p{Print}+$`, []string{"a b~", "é", "\u007f"}},
	{`^\p{Graph}+$`, []string{"a b", "ab"}},
	{`^\p{Blank}+$`, []string{" \t", "\u00a0"}},
	{`^\p{Upper}\p{Lower}$`, []string{"Ab", "Éé"}},
	{`^\p{XDigit}+$`, []string{"0fA", "g"}},
	{`^\p{Cntrl}$`, []string{"\x00", "\x7f", "\u0085"}},
	{`^\p{ASCII}+$`, []string{"\x7f", "\u0080"}},
	{`^\p{Space}+$`, []string{"\u000b", "\u00a0"}},
	{`^\p{IsAlphabetic}+$`, []string{"héllo", "日本", "Ⅻ"}},
	{`^\p{IsWhitespace}+$`, []string{"\u00a0", "\u2028", "\u0085", "\u200b"}},
	{`^\p{IsWhite_Space}$`, []string{" "}},
	{`^\p{L}\p{IsL}\p{IsLu}\p{Lu}$`, []string{"aaAA", "aAAA"}},
	{`^\p{LD}+$`, []string{"a1", "١", "_"}},
	{`^\p{all}+$`, []string{"\n"}},
	{`^\p{javaLowerCase}\p{javaUpperCase}$`, []string{"aA", "ªA", "Aa"}},
	{`^\p{javaWhitespace}+$`, []string{"\u00a0", "\u001c", " \t"}},
	{`^\p{javaLetterOrDigit}\p{javaDigit}\p{javaLetter}$`, []string{"a1b", "١١b"}},
	{`^\P{C}+$`, []string{"\u200b", "\x00", "\ue000"}},
	{`^\p{Cn}$`, []string{"\U000e0080", "a"}},
	{`^\p{C}$`, []string{"\U000e0080", "\x00"}},
	{`^\p{IsLatin}+$`, []string{"abc", "αβ"}},
	{`^\p{script=Greek}+$`, []string{"αβ"}},
	{`^\p{gc=Lu}$`, []string{"A", "a"}},
	{`^\p{IsPunctuation}$`, []string{"!", "$"}},
	{`^\pL\PL$`, []string{"a1", "ab"}},
	{`^[\p{L}&&\p{Lu}]$`, []string{"A", "a"}},
	// Classes.
	{`^[a[bc]]$`, []string{"a", "b", "c", "]", "[", "d"}},
	{`^[^a[bc]]$`, []string{"a", "b", "d"}},
	{`^[a-z&&[def]]$`, []string{"d", "a"}},
	{`^[a-z&&[^bc]]$`, []string{"a", "b"}},
	{`^[\p{Print}&&[^|:/]]+$`, []string{"ab", "a|b", "a/b", "é"}},
	{`^[a-c&&b-d&&c]$`, []string{"c", "b"}},
	{`^[abc&&]$`, []string{"a"}},
	{`^[&&a]$`, []string{"a"}},
	{`^[a&b]$`, []string{"&"}},
	{`^[]a]$`, []string{"]", "a"}},
	{`^[^]a]$`, []string{"]", "b"}},
	{`^[a-]$`, []string{"-"}},
	{`^[-a]$`, []string{"-"}},
	{`^[\d-z]+$`, []string{"1-z", "a"}},
	{`^[a-\x{7a}]$`, []string{"q"}},
	{`^[\w-]+$`, []string{"a-b"}},
	{`^[a-c[x-z]]+$`, []string{"abxz", "d"}},
	{`^[\Q]\E]$`, []string{"]"}},
	{`^\Q.*\E$`, []string{".*", "ab"}},
	{`^\Qab`, []string{"ab"}},
	{`^[\\a-z]+$`, []string{"\\a"}},
	{`^[\x41-\x43]$`, []string{"B"}},
	{`^[^\n]$`, []string{"\n", "a"}},
	{`^[\v]$`, []string{"\u000b", "\n"}},
	{`^[\v-\x0c]$`, []string{"\u000b", "\f"}},
	{`^[ -~]+$`, []string{"abc"}},
	// Escapes.
	{`^\x{1F600}\u00e9\x41\0101\011\cJ\a\e\t$`, []string{"😀éAA\t\n\a\x1b\t"}},
	{`^\uD83D\uDE00$`, []string{"😀"}},
	{`^\/\.\-\@\#$`, []string{"/.-@#"}},
	{`^a\}\]$`, []string{"a}]"}},
	{`^}]$`, []string{"}]"}},
	// Quantifiers.
	{`^a{2,3}$`, []string{"aa", "aaa", "aaaa"}},
	{`^a{2,}$`, []string{"aa", "aaaaa", "a"}},
	{`^a{0}b$`, []string{"b", "ab"}},
	{`^a*?b+?c??$`, []string{"bc", "aab", "ac"}},
	{`^[0-9A-Z]{2}+$`, []string{"A1", "A1B"}},
	{`^[\/]?+[a-z]+(\/[a-z]+)*$`, []string{"/abc/d", "abc", "//a"}},
	{`^\d{1}+:\d{12}+$`, []string{"1:123456789012"}},
	{`^(?>[a-z])+$`, []string{"abc"}},
	{`^[a-z]{1,1500}$`, []string{strings.Repeat("a", 1500), strings.Repeat("a", 1501)}},
	{`^(ab){1,1200}$`, []string{strings.Repeat("ab", 1200), strings.Repeat("ab", 1201)}},
	{`{3}a`, []string{"a"}},
	{`^a{2}{3}$`, []string{"aa", "aaaaaa"}},
	{`^(a|)*b$`, []string{"b", "aab"}},
	{`^(a*)*$`, []string{"aaaa", "b"}},
	// Groups and flags.
	{`^(?<year>\d{4})-(?:\d\d)$`, []string{"2024-01"}},
	{`^(?i)abc$`, []string{"ABC", "aBc"}},
	{`^(?i)é$`, []string{"É", "é"}},
	{`^(?iu)é$`, []string{"É"}},
	{`^(?i)[a-c]+$`, []string{"ABC"}},
	{`^(?i)(true|false)$`, []string{"TRUE", "False"}},
	{`^(?i)all|[0-9]{12}$`, []string{"ALLx", "x123456789012", "al"}},
	{`^(?i:a)b$`, []string{"Ab", "AB"}},
	{`^(a(?i)b)c$`, []string{"aBc", "aBC"}},
	{`^(?i)a(?-i)b$`, []string{"Ab", "AB"}},
	{`^(?i)\p{Lower}\p{Lu}\P{Lu}$`, []string{"AaA", "aA1", "éÉé", "ÉéÉ"}},
	{`^(?i)\p{javaLowerCase}\p{IsUppercase}$`, []string{"AA", "Éé", "éÉ"}},
	{`^(?iu)\p{Lu}\p{Ll}$`, []string{"éÉ", "Éé", "ab"}},
	{`^(?i)[^a][^é]$`, []string{"AÉ", "bé", "bÉ"}},
	{`^(?iu)[^é][à-ÿ]+$`, []string{"xÀÉ", "Éé", "xß"}},
	{`^(?iu)straße$`, []string{"STRASSE", "STRAßE", "strasse"}},
	{`^(?iu)[k]$`, []string{"K", "\u212a", "k"}},
	{`^(?i)\p{Lt}\p{IsLowercase}\p{IsLu}\p{gc=Ll}\p{Upper}\p{ASCII}$`, []string{"ǅaAaaa", "ǅÉÉÉAA", "aaaaaa"}},
	{`^(?i)\p{IsLatin}\p{IsUpper}$`, []string{"aA", "Aa"}},
	{`^(?i)[k]$`, []string{"K", "\u212a"}},
	{`^(?U)\w+\d\s$`, []string{"héllo١\u00a0", "ab1 ", "é\u0301_1\u2028"}},
	{`(?U)\bfoo\b`, []string{"éfoo", "a foo", "foo\u0301"}},
	{`^(?U)\p{Alpha}\p{alpha}\p{Punct}\p{Digit}\p{XDigit}\p{Print}\p{Graph}\p{Blank}\p{Lower}\p{Upper}$`, []string{"éé¡١٣ x\u3000aA", "aa!11 x aA"}},
	{`^(?U)[\w&&\p{IsLatin}]+$`, []string{"héllo", "日本"}},
	{`^(?x) a b # comment
	c $`, []string{"abc", "a b c"}},
	{`^(?x)[a b]+$`, []string{"ab", " "}},
	{`^(?s).+$`, []string{"a\nb"}},
	{`^(?ms)\s*^-----BEGIN (?-s:.*)PRIVATE KEY-----$.*?^-----END (?-s:.*)PRIVATE KEY-----$\s*$`, []string{
		"-----BEGIN RSA PRIVATE KEY-----\nabc\n-----END RSA PRIVATE KEY-----\n",
		"-----BEGIN RSA PRIVATE KEY-----abc-----END RSA PRIVATE KEY-----",
		"\n-----BEGIN X PRIVATE KEY-----\n-----END X PRIVATE KEY-----"}},
	// Lookarounds.
	{`^(?!-)[A-Za-z0-9-].*(?<!-)$`, []string{"abc", "-abc", "abc-", "a", "-", "a-b"}},
	{`^(?!\s).*(?<!\s)$`, []string{" a", "a ", "a", "a\n"}},
	{`^(?=a)a$`, []string{"a", "b"}},
	{`^(?=.*\d)(?=.*[a-z]).{6,}$`, []string{"abc123", "abcdef", "123456", "ab1"}},
	{`^(?!.*--)[a-z-]+$`, []string{"a-b", "a--b"}},
	{`(?<=a)b`, []string{"ab", "b", "cb"}},
	{`(?<!a)b`, []string{"ab", "b", "cb"}},
	{`(?<=a+)b`, []string{"aab", "b"}},
	{`(?<=(?<!x)a)b`, []string{"ab", "xab"}},
	{`^(?=(?!a)b)b$`, []string{"b"}},
	{`a(?=b(?=c))`, []string{"abc", "abd"}},
	{`(?=a)*b`, []string{"b"}},
	{`(?!)a|b`, []string{"a", "b"}},
	{`^(?!(?i)(arn|aws):)[\p{L}\p{M}\p{S}\p{N}\p{P}]+$`, []string{"ARN:x", "arn:x", "foo:x"}},
	{`^arn:(?=[^:]+:fsx:[^:]+:\d{12}:)((|(?=[a-z0-9-.]{1,63})(?!\d{1,3}(\.\d{1,3}){3})(?![^:]*-{2})(?![^:]*-\.)(?![^:]*\.-)[a-z0-9].*(?<!-)):){4}(?!/).{0,1024}$`,
		[]string{"arn:aws:fsx:us-east-1:123456789012:file-system/fs-1", "arn:aws:fsx:us-east-1:12345678901:x", "arn:aws--x:fsx:us-east-1:123456789012:x"}},
	{`^jdbc:(redshift|postgresql)://((?!-)[A-Za-z0-9-]{1,63}(?<!-)\.)+(redshift(-serverless)?)\.([a-zA-Z0-9\.\-]+):\d{1,5}/[a-zA-Z0-9_$-]+$`,
		[]string{"jdbc:redshift://ab.redshift.x:5439/dev", "jdbc:redshift://-ab.redshift.x:5439/dev", "jdbc:redshift://ab-.redshift.x:5439/dev"}},
	{`\b(?=\w)`, []string{"a", " "}},
	{`(?<=\b)a`, []string{"a", "ba"}},
	{`(?<=^|,)x`, []string{"x", ",x", "ax"}},
	{`x(?=$)`, []string{"x", "x\n", "xa"}},
}

// syntaxCases are patterns Java rejects (or accepts although they look
// wrong); the test compares the verdict and Java's message.
var syntaxCases = []string{
	`a**`, `*a`, `+`, `?`, `a{`, `a{,2}`, `a{2,1}`, `a{2`, `x{99999999999}`, `(`, `(a`, `)`, `a)`, `[`, `[a`, `[]`, `[^]`,
	`[z-a]`, `[a-\d]`, `\`, `\0`, `\08`, `\x`, `\xg1`, `\x{110000}`, `\x{41`, `\u12`, `\c`, `\k`, `\k<a>`,
	`(?<a>x)\k<b>`, `(?<1a>x)`, `(?<a>x)(?<a>y)`, `(?<a`, `(?$)`, `(?@)`, `(?z)`, `(?i`, `(?i-`,
	`\p{Nope}`, `\p{}`, `\p{L`, `\p{IsNopes}`, `\p{gc=Nope}`, `\p{foo=bar}`, `\y`, `\i`, `\g`, `[\A]`, `[\b]`, `[\1]`,
	`[\z]`, `[\Z]`, `[\R]`, `(?<=a*b+(cd)*)x`, `(?<=(ab)+)x`, `(?<=(?:a|bc)*)x`, `(?<=\1(a))x`, `a|*`, `^*`, `$+`,
	`(?=a)+`, `\b{g}`, `\b{x}`, `\N`, `\N{`, `[a&&]`, `[&&]`, `[a&&&b]`, `a{1}+?`, `(?)a`, `\Q`, `\E`, `a\Q\E*`,
	`(a)\2`, `\1`, `(a)\11`, `[\Qa-\E]`,
}

func TestJavaDifferential(t *testing.T) {
	java := startJava(t)
	probes := func(own []string) []string { return append(append([]string{}, own...), commonProbes...) }
	for _, tc := range diffCases {
		t.Run(tc.pattern, func(t *testing.T) {
			ok, msg := java.compile(t, tc.pattern)
			if !ok {
				t.Fatalf("Java rejects %q: %s", tc.pattern, msg)
			}
			re, err := Compile(tc.pattern)
			if err != nil {
				t.Fatalf("Compile(%q): %v", tc.pattern, err)
			}
			for _, s := range probes(tc.probes) {
				want := java.find(t, s)
				if got := re.MatchString(s); got != want {
					t.Errorf("%q on %q: MatchString %v, Java find() %v", tc.pattern, s, got, want)
				}
				if got, _ := re.matchVM(s); got != want {
					t.Errorf("%q on %q: matching machine %v, Java find() %v", tc.pattern, s, got, want)
				}
			}
		})
	}
	for _, p := range syntaxCases {
		t.Run("syntax/"+p, func(t *testing.T) {
			ok, msg := java.compile(t, p)
			_, err := Compile(p)
			var e *Error
			if err != nil && !errors.As(err, &e) {
				t.Fatalf("Compile(%q): %v is not an *Error", p, err)
			}
			switch {
			case ok && err != nil && !e.Unsupported():
				t.Errorf("Java compiles %q, Compile rejects it: %v", p, err)
			case !ok && err == nil:
				t.Errorf("Java rejects %q (%s), Compile accepts it", p, msg)
			case !ok && e.Unsupported():
				t.Errorf("Java rejects %q (%s), Compile calls it unsupported: %v", p, msg, err)
			case !ok && e.JavaMessage() != msg:
				t.Errorf("%q: message\n%s\nwant Java's\n%s", p, e.JavaMessage(), msg)
			}
		})
	}
}
