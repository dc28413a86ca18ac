package pattern

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A runeSet is a set of code points: sorted, disjoint, non-adjacent
// inclusive ranges [lo, hi] stored as pairs.
type runeSet []rune

func single(r rune) runeSet { return runeSet{r, r} }

func span(lo, hi rune) runeSet { return runeSet{lo, hi} }

// setOf builds a set from pairs in any order (overlaps allowed).
func setOf(pairs ...rune) runeSet {
	type rg struct{ lo, hi rune }
	rs := make([]rg, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i] <= pairs[i+1] {
			rs = append(rs, rg{pairs[i], pairs[i+1]})
		}
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].lo < rs[j].lo })
	var out runeSet
	for _, r := range rs {
		if n := len(out); n > 0 && r.lo <= out[n-1]+1 {
			out[n-1] = max(out[n-1], r.hi)
			continue
		}
		out = append(out, r.lo, r.hi)
	}
	return out
}

func (s runeSet) union(t runeSet) runeSet {
	all := make([]rune, 0, len(s)+len(t))
	all = append(all, s...)
	return setOf(append(all, t...)...)
}

func (s runeSet) negate() runeSet {
	var out runeSet
	next := rune(0)
	for i := 0; i < len(s); i += 2 {
		if s[i] > next {
			out = append(out, next, s[i]-1)
		}
		next = s[i+1] + 1
	}
	if next <= utf8.MaxRune {
		out = append(out, next, utf8.MaxRune)
	}
	return out
}

func (s runeSet) intersect(t runeSet) runeSet {
	return s.negate().union(t.negate()).negate()
}

func (s runeSet) has(r rune) bool {
	i := sort.Search(len(s)/2, func(i int) bool { return s[2*i+1] >= r })
	return i < len(s)/2 && s[2*i] <= r
}

// withoutSurrogates removes U+D800..U+DFFF, which no valid UTF-8 string
// holds (RE2 refuses them in classes).
func (s runeSet) withoutSurrogates() runeSet {
	return s.intersect(span(0xD800, 0xDFFF).negate())
}

// re2 writes s as an RE2 class.
func (s runeSet) re2(b *strings.Builder) {
	s = s.withoutSurrogates()
	if len(s) == 0 {
		b.WriteString(`[^\x{0}-\x{10FFFF}]`)
		return
	}
	b.WriteByte('[')
	for i := 0; i < len(s); i += 2 {
		fmt.Fprintf(b, `\x{%X}`, s[i])
		if s[i+1] != s[i] {
			fmt.Fprintf(b, `-\x{%X}`, s[i+1])
		}
	}
	b.WriteByte(']')
}

// fromTables is the union of Unicode tables.
func fromTables(ts ...*unicode.RangeTable) runeSet {
	var pairs []rune
	for _, t := range ts {
		for _, r := range t.R16 {
			if r.Stride == 1 {
				pairs = append(pairs, rune(r.Lo), rune(r.Hi))
				continue
			}
			for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
				pairs = append(pairs, c, c)
			}
		}
		for _, r := range t.R32 {
			if r.Stride == 1 {
				pairs = append(pairs, rune(r.Lo), rune(r.Hi))
				continue
			}
			for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
				pairs = append(pairs, c, c)
			}
		}
	}
	return setOf(pairs...)
}

// asciiFold adds the other ASCII case of every ASCII letter in s (Java's
// CASE_INSENSITIVE without UNICODE_CASE).
func (s runeSet) asciiFold() runeSet {
	var add []rune
	for c := 'a'; c <= 'z'; c++ {
		if s.has(c) || s.has(c-32) {
			add = append(add, c, c, c-32, c-32)
		}
	}
	return s.union(setOf(add...))
}

// unicodeFold adds every simple case variant (Java's CASE_INSENSITIVE with
// UNICODE_CASE, approximated by Unicode simple case folding).
func (s runeSet) unicodeFold() runeSet {
	var add []rune
	for i := 0; i < len(s); i += 2 {
		lo, hi := s[i], s[i+1]
		if hi-lo > 0x30000 {
			// A set this wide (a negated class) folds onto itself for
			// any practical purpose; walking it would cost a second.
			continue
		}
		for c := lo; c <= hi; c++ {
			for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
				add = append(add, f, f)
			}
		}
	}
	return s.union(setOf(add...))
}

// The character classes of java.util.regex (without the
// UNICODE_CHARACTER_CLASS flag, which this package does not run).
var (
	setDigit = span('0', '9')
	setWord  = setOf('a', 'z', 'A', 'Z', '0', '9', '_', '_')
	setSpace = setOf(' ', ' ', '\t', '\r') // \t \n \x0B \f \r
	setHoriz = setOf(' ', ' ', '\t', '\t', 0xA0, 0xA0, 0x1680, 0x1680, 0x180E, 0x180E,
		0x2000, 0x200A, 0x202F, 0x202F, 0x205F, 0x205F, 0x3000, 0x3000)
	setVert = setOf('\n', '\r', 0x85, 0x85, 0x2028, 0x2029)
	// setLineTerm is what '.' does not match (without DOTALL).
	setLineTerm = setOf('\n', '\n', '\r', '\r', 0x85, 0x85, 0x2028, 0x2029)
	setAll      = span(0, utf8.MaxRune)
)

// posixClasses are Java's POSIX classes: US-ASCII only.
var posixClasses = map[string]runeSet{
	"Lower":  span('a', 'z'),
	"Upper":  span('A', 'Z'),
	"ASCII":  span(0, 0x7F),
	"Alpha":  setOf('a', 'z', 'A', 'Z'),
	"Digit":  setDigit,
	"Alnum":  setOf('a', 'z', 'A', 'Z', '0', '9'),
	"Punct":  setOf('!', '/', ':', '@', '[', '`', '{', '~'),
	"Graph":  span('!', '~'),
	"Print":  span(' ', '~'),
	"Blank":  setOf(' ', ' ', '\t', '\t'),
	"Cntrl":  setOf(0, 0x1F, 0x7F, 0x7F),
	"XDigit": setOf('0', '9', 'a', 'f', 'A', 'F'),
	"Space":  setSpace,
}

func gc(names ...string) runeSet {
	var ts []*unicode.RangeTable
	for _, n := range names {
		ts = append(ts, unicode.Categories[n])
	}
	return fromTables(ts...)
}

// unassigned is the general category Cn (Go's tables list it since Go
// 1.25; before, it is what no other category holds).
func unassigned() runeSet {
	if t, ok := unicode.Categories["Cn"]; ok {
		return fromTables(t)
	}
	var ts []*unicode.RangeTable
	for n, t := range unicode.Categories {
		if len(n) == 2 {
			ts = append(ts, t)
		}
	}
	return fromTables(ts...).negate()
}

// javaProperty returns the set of a \p{name} that Java's forProperty
// knows (general categories, POSIX classes, the java* methods of
// Character and a few more), or false.
func javaProperty(name string) (runeSet, bool) {
	if s, ok := posixClasses[name]; ok {
		return s, true
	}
	switch name {
	case "Cn":
		return unassigned(), true
	case "C":
		return gc("C").union(unassigned()), true
	case "LC":
		return gc("Lu", "Ll", "Lt"), true
	case "LD":
		return gc("L", "Nd"), true
	case "L1":
		return span(0, 0xFF), true
	case "all":
		return setAll, true
	case "javaLowerCase":
		return fromTables(unicode.Ll, unicode.Other_Lowercase), true
	case "javaUpperCase":
		return fromTables(unicode.Lu, unicode.Other_Uppercase), true
	case "javaAlphabetic":
		return alphabetic(), true
	case "javaIdeographic":
		return fromTables(unicode.Ideographic), true
	case "javaTitleCase":
		return gc("Lt"), true
	case "javaDigit":
		return gc("Nd"), true
	case "javaDefined":
		return unassigned().negate(), true
	case "javaLetter":
		return gc("L"), true
	case "javaLetterOrDigit":
		return gc("L", "Nd"), true
	case "javaJavaIdentifierStart":
		return gc("L", "Nl", "Sc", "Pc"), true
	case "javaJavaIdentifierPart":
		return gc("L", "Sc", "Pc", "Nd", "Nl", "Mc", "Mn").union(identifierIgnorable()), true
	case "javaUnicodeIdentifierStart":
		return gc("L", "Nl").union(fromTables(unicode.Other_ID_Start)), true
	case "javaUnicodeIdentifierPart":
		return gc("L", "Pc", "Nd", "Nl", "Mc", "Mn").union(fromTables(unicode.Other_ID_Start, unicode.Other_ID_Continue)).union(identifierIgnorable()), true
	case "javaIdentifierIgnorable":
		return identifierIgnorable(), true
	case "javaSpaceChar":
		return gc("Zs", "Zl", "Zp"), true
	case "javaWhitespace":
		return javaWhitespace(), true
	case "javaISOControl":
		return setOf(0, 0x1F, 0x7F, 0x9F), true
	}
	if t, ok := unicode.Categories[name]; ok && (len(name) <= 2) {
		return fromTables(t), true
	}
	return nil, false
}

func alphabetic() runeSet {
	return gc("Lu", "Ll", "Lt", "Lm", "Lo", "Nl").union(fromTables(unicode.Other_Alphabetic))
}

func identifierIgnorable() runeSet {
	return setOf(0, 8, 0x0E, 0x1B, 0x7F, 0x9F).union(gc("Cf"))
}

// javaWhitespace is Character.isWhitespace: the space separators except
// the no-break spaces, and \t \n \x0B \f \r \x1C-\x1F.
func javaWhitespace() runeSet {
	return gc("Zs", "Zl", "Zp").intersect(setOf(0xA0, 0xA0, 0x2007, 0x2007, 0x202F, 0x202F).negate()).
		union(setOf('\t', '\r', 0x1C, 0x1F))
}

// unicodeProperty returns the set of a binary property Java's
// forUnicodeProperty knows (\p{IsAlphabetic}, \p{IsWhite_Space}), by the
// upper-cased name, or false.
func unicodeProperty(upper string) (runeSet, bool) {
	switch upper {
	case "ALPHABETIC":
		return alphabetic(), true
	case "ASSIGNED":
		return unassigned().negate(), true
	case "CONTROL":
		return gc("Cc"), true
	case "HEXDIGIT", "HEX_DIGIT":
		return gc("Nd").union(fromTables(unicode.Hex_Digit)), true
	case "IDEOGRAPHIC":
		return fromTables(unicode.Ideographic), true
	case "JOINCONTROL", "JOIN_CONTROL":
		return fromTables(unicode.Join_Control), true
	case "LETTER":
		return gc("L"), true
	case "LOWERCASE":
		return fromTables(unicode.Ll, unicode.Other_Lowercase), true
	case "NONCHARACTERCODEPOINT", "NONCHARACTER_CODE_POINT":
		return fromTables(unicode.Noncharacter_Code_Point), true
	case "TITLECASE":
		return gc("Lt"), true
	case "PUNCTUATION":
		return gc("P"), true
	case "UPPERCASE":
		return fromTables(unicode.Lu, unicode.Other_Uppercase), true
	case "WHITESPACE", "WHITE_SPACE":
		return fromTables(unicode.White_Space), true
	case "WORD":
		return alphabetic().union(gc("Mn", "Me", "Mc", "Nd", "Pc")).union(fromTables(unicode.Join_Control)), true
	}
	return nil, false
}

// script returns a Unicode script by name, compared as Java does
// (case-insensitive, '_' or ' ' between words), or false.
func script(name string) (runeSet, bool) {
	want := strings.ToUpper(strings.ReplaceAll(name, " ", "_"))
	for n, t := range unicode.Scripts {
		if strings.ToUpper(n) == want {
			return fromTables(t), true
		}
	}
	return nil, false
}

// posixUnicode is a POSIX class name (upper-cased) under Java's
// UNICODE_CHARACTER_CLASS: the Unicode sets of UTS #18 Annex C.
func posixUnicode(upper string) (runeSet, bool) {
	switch upper {
	case "ALPHA":
		return alphabetic(), true
	case "LOWER":
		return fromTables(unicode.Ll, unicode.Other_Lowercase), true
	case "UPPER":
		return fromTables(unicode.Lu, unicode.Other_Uppercase), true
	case "SPACE":
		return fromTables(unicode.White_Space), true
	case "PUNCT":
		return gc("P"), true
	case "XDIGIT":
		return gc("Nd").union(fromTables(unicode.Hex_Digit)), true
	case "ALNUM":
		return alphabetic().union(gc("Nd")), true
	case "CNTRL":
		return gc("Cc"), true
	case "DIGIT":
		return gc("Nd"), true
	case "BLANK":
		return gc("Zs").union(single('\t')), true
	case "GRAPH":
		return graphU(), true
	case "PRINT":
		return graphU().union(gc("Zs").union(single('\t'))).intersect(gc("Cc").negate()), true
	}
	return nil, false
}

// graphU is Unicode's graph: not white space, a control, a surrogate or
// unassigned.
func graphU() runeSet {
	return fromTables(unicode.White_Space).union(gc("Cc", "Cs")).union(unassigned()).negate()
}
