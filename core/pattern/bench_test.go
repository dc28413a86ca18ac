package pattern

import (
	"strings"
	"testing"
)

// BenchmarkMatch runs patterns of the AWS models on a 10,000-character
// value, on each path: the sequence matcher, RE2 after translation, and the
// matching machine (lookarounds). Compare the paths as ratios of ns/op.
func BenchmarkMatch(b *testing.B) {
	long := strings.Repeat("abc-123-", 1250) + "x"
	for _, bc := range []struct{ name, pattern string }{
		{"seq", `^[a-z0-9-]+$`},
		{"re2", `^([a-z]+-|[0-9]+-)*x$`},
		{"machine-same-as-re2", `^(?:[a-z]+-|[0-9]+-)*(?<=-)x$`},
		{"lookbehind", `^(?!-)[a-z0-9-]+(?<!-)$`},
		{"lookaheads", `^(?=.*\d)(?!.*--)[a-z0-9-]+$`},
		{"word-boundary", `^\b[a-z0-9-]+\b$`},
	} {
		re := MustCompile(bc.pattern)
		if !re.MatchString(long) {
			b.Fatalf("%q does not match the input", bc.pattern)
		}
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(long)))
			b.ReportAllocs()
			for b.Loop() {
				re.MatchString(long)
			}
		})
	}
}

// BenchmarkVerdictAWS asks for the verdict on every distinct pattern of
// the AWS models (testdata/aws-patterns.jsonl) the way the PatternTrait
// model validator does (Check) and by compiling each in full (Compile, what
// it did before): compare B/op and ns/op.
func BenchmarkVerdictAWS(b *testing.B) {
	lines := readTable(b)
	for _, bc := range []struct {
		name    string
		verdict func(string) error
	}{
		{"check", Check},
		{"compile", func(s string) error { _, err := Compile(s); return err }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lines {
					bc.verdict(l.Pattern)
				}
			}
		})
	}
}
