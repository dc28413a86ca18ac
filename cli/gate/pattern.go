package gate

import (
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode"

	"github.com/smithy-validation/go/core/pattern"
)

// A JSON Schema "pattern" judged on an open string's prefix.
//
// The validator matches "pattern" with Go's regexp (RE2 syntax, the Perl
// flags, a search anywhere in the string), so that is what the end of the
// string decides, and an early judgement must never say otherwise. The
// pattern is therefore not read again by a second parser: Go's own parse
// of it (regexp/syntax, the tree the validator compiles) is written out
// node by node in the syntax core/pattern reads (java.util.regex), each
// node with the meaning Go gives it, spelled so that no reading of it can
// differ: every character as \x{...}, every class as the code point
// ranges Go's parser resolved it to (\d, \w, \s, [[:alpha:]], \pL, a
// negation: whatever Go means by them), '.' as everything but \n, Go's
// '$' (the end of the text) as \z, a case-insensitive literal as the
// class of its simple case folding orbit (Go's own matching of one).
// What has no such spelling, or cannot be judged on a prefix, is left to
// the string's end, as before: the line anchors of the m flag (Java's
// line terminators are not Go's), word boundaries (\b, \B), a class with
// no code point, and a pattern whose matches do not all begin at the
// string's start (unanchored: a later character could always complete a
// match, so no prefix is ever doomed) or that core/pattern does not
// compile. Constructs Go's regexp refuses (lookarounds, back references)
// make the schema itself invalid, so they never reach here.

// earlyPattern returns the core/pattern spelling of the JSON Schema
// pattern src with the meaning Go's regexp gives it, "" when it is not
// one a prefix can be judged against.
func earlyPattern(src string) string {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return ""
	}
	if !anchored(re) {
		return "" // a match may begin anywhere: no prefix is doomed
	}
	var b strings.Builder
	if !writeJava(&b, re) {
		return ""
	}
	out := b.String()
	if _, err := pattern.Cached(out); err != nil {
		return ""
	}
	return out
}

// anchored reports whether every match of re begins with the start of
// the text (^ or \A first on every branch).
func anchored(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpBeginText:
		return true
	case syntax.OpConcat, syntax.OpCapture, syntax.OpPlus:
		return len(re.Sub) > 0 && anchored(re.Sub[0])
	case syntax.OpRepeat:
		return re.Min > 0 && anchored(re.Sub[0])
	case syntax.OpAlternate:
		for _, s := range re.Sub {
			if !anchored(s) {
				return false
			}
		}
		return true
	}
	return false
}

// writeJava writes re in java.util.regex syntax with the meaning Go's
// regexp gives it; false when a node has no such spelling.
func writeJava(b *strings.Builder, re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpEmptyMatch:
		b.WriteString("(?:)")
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 {
				writeOrbit(b, r)
				continue
			}
			writeRune(b, r)
		}
	case syntax.OpCharClass:
		if len(re.Rune) == 0 {
			return false // no code point: core/pattern has no empty class
		}
		b.WriteByte('[')
		for i := 0; i+1 < len(re.Rune); i += 2 {
			writeRune(b, re.Rune[i])
			if re.Rune[i+1] != re.Rune[i] {
				b.WriteByte('-')
				writeRune(b, re.Rune[i+1])
			}
		}
		b.WriteByte(']')
	case syntax.OpAnyCharNotNL:
		b.WriteString(`[^\x{A}]`)
	case syntax.OpAnyChar:
		b.WriteString(`[\x{0}-\x{10FFFF}]`)
	case syntax.OpBeginText:
		b.WriteString(`^`)
	case syntax.OpEndText:
		b.WriteString(`\z`)
	case syntax.OpCapture:
		return writeGroup(b, re.Sub[0], "")
	case syntax.OpStar:
		return writeGroup(b, re.Sub[0], "*")
	case syntax.OpPlus:
		return writeGroup(b, re.Sub[0], "+")
	case syntax.OpQuest:
		return writeGroup(b, re.Sub[0], "?")
	case syntax.OpRepeat:
		q := "{" + strconv.Itoa(re.Min) + ","
		if re.Max >= 0 {
			q += strconv.Itoa(re.Max)
		}
		return writeGroup(b, re.Sub[0], q+"}")
	case syntax.OpConcat:
		for _, s := range re.Sub {
			if !writeJava(b, s) {
				return false
			}
		}
	case syntax.OpAlternate:
		b.WriteString("(?:")
		for i, s := range re.Sub {
			if i > 0 {
				b.WriteByte('|')
			}
			if !writeJava(b, s) {
				return false
			}
		}
		b.WriteByte(')')
	default:
		// OpNoMatch, OpBeginLine and OpEndLine (the m flag),
		// OpWordBoundary, OpNoWordBoundary
		return false
	}
	return true
}

// writeGroup writes sub as a non-capturing group followed by quantifier
// q (greedy or not, a quantifier matches the same strings).
func writeGroup(b *strings.Builder, sub *syntax.Regexp, q string) bool {
	b.WriteString("(?:")
	if !writeJava(b, sub) {
		return false
	}
	b.WriteByte(')')
	b.WriteString(q)
	return true
}

// writeRune writes r as an escape java.util.regex reads as r alone.
func writeRune(b *strings.Builder, r rune) {
	b.WriteString(`\x{`)
	b.WriteString(strconv.FormatInt(int64(r), 16))
	b.WriteByte('}')
}

// writeOrbit writes the class of the code points Go's regexp takes for
// r under the i flag: r's simple case folding orbit.
func writeOrbit(b *strings.Builder, r rune) {
	b.WriteByte('[')
	writeRune(b, r)
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		writeRune(b, f)
	}
	b.WriteByte(']')
}
