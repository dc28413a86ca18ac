// Package pattern runs Smithy @pattern values as the Smithy reference
// implementation does: with the meaning java.util.regex gives them, and
// [Regexp.MatchString] answering as Java's Matcher.find() (the pattern
// matches somewhere in the string; anchors are the pattern's own).
//
// [Compile] accepts exactly the syntax Java accepts and rejects the rest
// with an [*Error] carrying Java's description and index (so a model is
// refused for the reason the reference gives). Constructs get Java's
// meaning: the POSIX classes (\p{Alpha}, \p{Punct}, \p{Print}, ...) and \d
// \w \s are US-ASCII only; \p{IsAlphabetic}, \p{L}, \p{IsL}, \p{LD},
// \p{all}, \p{javaLowerCase} and the other Java properties; \A \z \Z \b
// \B; '$' (and \Z) also match before a line terminator that ends the
// input; '.' excludes \n \r U+0085 U+2028 U+2029; nested classes [a[bc]],
// intersections [a-z&&[^aeiou]], \Q...\E, inline flags (?imsdux) with
// Java's ASCII-only case folding; lazy and possessive quantifiers.
//
// Matching never backtracks: a Pike VM runs the program over the input in
// O(len(input) × len(pattern)) steps, lookahead and lookbehind included
// (each lookaround body is evaluated at every position beforehand by one
// linear pass, backward for a lookahead and forward for a lookbehind).
// Patterns without lookarounds, line-anchored or word-boundary tests run on
// Go's regexp package (RE2, also linear) after an exact translation, or on
// a small sequence matcher for the most common shape ^[..]{n,m}...$. On
// ASCII text the translation runs as a deterministic automaton, one table
// lookup a byte, built on the pattern's first match (while it stays under
// 512 states); text beyond ASCII, and the few patterns without one, go to
// the regexp package.
//
// What Java compiles but this package does not run is refused with an
// [*Error] whose Construct names it ([Error.Unsupported]):
// backreferences, \X and \b{g}, \N{name}, the flag (?c), Unicode
// blocks (\p{InGreek}), script aliases this package does not know, atomic
// groups and possessive quantifiers that could answer differently from
// greedy ones (a possessive quantifier of one character class followed by
// something disjoint from it is run as greedy; that covers the published
// AWS models), and programs above 65536 instructions. A validator reports
// these as a warning and does not check values against the pattern.
//
// Unicode tables are Go's (Unicode 15), Java 17's are Unicode 13: code
// points assigned in between may differ in \p{..} classes.
package pattern

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Error reports a pattern that Java rejects (Construct empty: Desc and
// Index are Java's) or one that this package cannot run (Construct names
// what).
type Error struct {
	Pattern string
	// Index is the position (in code points) Java reports, or the start
	// of the construct; -1 when there is none.
	Index     int
	Desc      string
	Construct string
	// normalized is the pattern Java's message shows (after \Q..\E).
	normalized string
}

// Unsupported reports an error for a valid pattern this package does not
// run (values cannot be checked against it).
func (e *Error) Unsupported() bool { return e.Construct != "" }

// JavaMessage is the message of Java's PatternSyntaxException for the
// pattern: "<desc> near index N", the pattern, and a caret under the
// index, on three lines.
func (e *Error) JavaMessage() string {
	var b strings.Builder
	b.WriteString(e.Desc)
	pat := e.normalized
	if e.Index >= 0 {
		fmt.Fprintf(&b, " near index %d", e.Index)
	}
	b.WriteString("\n")
	b.WriteString(pat)
	if e.Index >= 0 && e.Index < utf8.RuneCountInString(pat) {
		b.WriteString("\n")
		b.WriteString(strings.Repeat(" ", e.Index))
		b.WriteString("^")
	}
	return b.String()
}

func (e *Error) Error() string {
	if e.Unsupported() {
		return fmt.Sprintf("pattern %q uses %s at index %d, which this validator cannot run", e.Pattern, e.Construct, e.Index)
	}
	return fmt.Sprintf("pattern %q is not a valid regular expression: %s near index %d", e.Pattern, e.Desc, e.Index)
}

// Regexp is a compiled pattern, safe for concurrent use.
type Regexp struct {
	src string
	seq *seqMatcher    // fast path for ^[..]{n,m}...$
	re  *regexp.Regexp // exact RE2 translation, if any
	// dfa is the translation's automaton, for ASCII text (dfa.go): built
	// on the first match, not by Compile (a model declares thousands of
	// patterns and a run matches few of them); noDFA when there is none.
	dfa   dfaPointer
	main  *prog // the matching machine's program (nil: fast path only)
	looks []look
	// dollar: the fast paths read a final '$' as \z, which is Java's
	// meaning unless the input ends with a line terminator. Then, with
	// cut, the fast path also tries the input without that terminator
	// (unix: only \n is one); without cut the machine decides.
	dollar, cut, unix bool
}

// Compile compiles a java.util.regex pattern.
func Compile(src string) (*Regexp, error) {
	tree, perr := parse(src)
	if perr != nil {
		return nil, perr
	}
	r := &Regexp{src: src}
	var t treeFacts
	t.scan(tree)
	if !t.looks && !t.wordB {
		var b strings.Builder
		if toRE2(tree, true, &b) && b.Len() <= maxRE2 {
			if re, err := regexp.Compile(b.String()); err == nil {
				r.re = re
			}
		}
		r.seq = seqFromTree(tree)
	}
	r.dollar = t.dollar || t.unixDollar
	r.cut = !t.end && t.dollar != t.unixDollar
	r.unix = t.unixDollar
	needVM := r.re == nil && r.seq == nil || r.dollar && !r.cut
	main, looks, construct, at := compileProgs(tree)
	if construct != "" && (needVM || construct != tooLarge) {
		return nil, &Error{Pattern: src, Index: at, Construct: construct}
	}
	if construct == "" {
		r.main, r.looks = main, looks
	}
	return r, nil
}

// Check reports the error [Compile] would report for src, nil when it
// would compile, without building what only matching needs: a model
// validator asks whether each @pattern of a model compiles, and the
// programs of thousands of patterns (the AWS models': tens of megabytes,
// Go's regexp programs included) would be garbage or, cached, live for
// the run. Whether the pattern runs on the matching machine decides the
// verdict only for a program too large to run (a fast path may run it
// instead): that case compiles in full. A pattern [Cached] already holds
// is answered from the cache.
func Check(src string) error {
	if _, err, ok := patterns.Peek(src); ok {
		return err
	}
	tree, perr := parse(src)
	if perr != nil {
		return perr
	}
	if fits, possessive := progFacts(tree); !possessive {
		if fits {
			return nil // compileProgs would build the programs: no need to
		}
		_, err := Compile(src) // too large: whether a fast path runs it decides
		return err
	}
	_, _, construct, at := compileProgs(tree)
	switch construct {
	case "":
		return nil
	case tooLarge:
		_, err := Compile(src)
		return err
	}
	return &Error{Pattern: src, Index: at, Construct: construct}
}

// maxRE2 bounds the RE2 translation (classes are spelled as ranges, and
// \p{L} a thousand times would be megabytes); a larger one runs on the
// machine, whose classes are shared.
const maxRE2 = 256 << 10

// treeFacts are what the choice of a fast path depends on.
type treeFacts struct {
	looks, wordB, dollar, unixDollar, end bool
}

func (t *treeFacts) scan(n *node) {
	switch n.op {
	case opLook:
		t.looks = true
	case opAssert:
		switch n.assert {
		case aWordB, aNotWordB, aWordBU, aNotWordBU, aNotBeforeLF:
			t.wordB = true
		case aDollar:
			t.dollar = true
		case aUnixDollar:
			t.unixDollar = true
		case aEnd:
			t.end = true
		}
	}
	for _, s := range n.subs {
		t.scan(s)
	}
}

// MustCompile is [Compile] that panics on an error (for patterns written
// in Go source).
func MustCompile(src string) *Regexp {
	r, err := Compile(src)
	if err != nil {
		panic(err)
	}
	return r
}

// String returns the pattern.
func (r *Regexp) String() string { return r.src }

// MatchString reports whether the pattern matches somewhere in s, as
// Java's Matcher.find() does.
func (r *Regexp) MatchString(s string) bool {
	if r.re != nil || r.seq != nil {
		if !r.dollar || !endsWithTerminator(s) {
			return r.fast(s)
		}
		if r.cut {
			// Java's '$' also holds before a final line terminator
			// (before a final \r\n, not between its two characters).
			return r.fast(s) || r.fast(s[:r.cutAt(s)])
		}
	}
	return run(r.main, r.looks, &input{s: s})
}

func (r *Regexp) fast(s string) bool {
	if r.seq != nil {
		return r.seq.match(s)
	}
	if d := r.automaton(); d != nil {
		if m, ok := d.match(s); ok {
			return m
		}
	}
	return r.re.MatchString(s)
}

// automaton returns the automaton of the RE2 translation, building it on
// first use, or nil when it has none.
func (r *Regexp) automaton() *dfa {
	d := r.dfa.Load()
	if d == nil {
		// (Two goroutines may both build it: they build the same.)
		if d = newDFA(r.re.String()); d == nil {
			d = noDFA
		}
		r.dfa.Store(d)
	}
	if d == noDFA {
		return nil
	}
	return d
}

// cutAt returns where s's final line terminator starts, for Java's '$'
// (len(s) when there is none).
func (r *Regexp) cutAt(s string) int {
	n := len(s)
	if r.unix {
		if s[n-1] == '\n' {
			return n - 1
		}
		return n
	}
	if strings.HasSuffix(s, "\r\n") {
		return n - 2
	}
	last, size := utf8.DecodeLastRuneInString(s)
	if isTerm(last) {
		return n - size
	}
	return n
}

// matchVM runs the matching machine whatever the fast paths (for tests),
// and returns the number of instructions it visited.
func (r *Regexp) matchVM(s string) (bool, int) {
	if r.main == nil {
		return r.MatchString(s), 0
	}
	in := &input{s: s}
	ok := run(r.main, r.looks, in)
	return ok, in.steps
}

func endsWithTerminator(s string) bool {
	if s == "" {
		return false
	}
	switch s[len(s)-1] {
	case '\n', '\r':
		return true
	case 0x85, 0xA8, 0xA9: // last byte of U+0085, U+2028, U+2029
		r, _ := utf8.DecodeLastRuneInString(s)
		return isTerm(r)
	}
	return false
}
