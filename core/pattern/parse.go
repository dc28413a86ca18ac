package pattern

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The parser reads java.util.regex syntax. It follows the order in which
// Java's own parser reads a pattern (one cursor over the code points, with
// two NULs after the end), so that it accepts exactly what Java accepts and
// an error carries the index Java reports.

type op uint8

const (
	opEmpty   op = iota
	opSet        // one code point of set
	opConcat     // subs in order
	opAlt        // any of subs
	opRepeat     // subs[0] min..max times (max < 0: unbounded)
	opAssert     // a zero-width test of the position (assert)
	opLook       // lookahead or lookbehind of subs[0]
	opBackref    // \1, \k<name> (not run)
)

type assertKind uint8

const (
	aBegin        assertKind = iota // ^ without MULTILINE, \A, \G
	aEnd                            // \z
	aDollar                         // $ or \Z without MULTILINE
	aDollarML                       // $ with MULTILINE
	aUnixDollar                     // $ or \Z with UNIX_LINES
	aUnixDollarML                   // $ with UNIX_LINES and MULTILINE
	aCaretML                        // ^ with MULTILINE
	aUnixCaretML                    // ^ with UNIX_LINES and MULTILINE
	aWordB                          // \b
	aNotWordB                       // \B
	aWordBU                         // \b with UNICODE_CHARACTER_CLASS
	aNotWordBU                      // \B with UNICODE_CHARACTER_CLASS
	aNotBeforeLF                    // not before a \n (inside \R)
)

type node struct {
	op          op
	set         runeSet
	subs        []*node
	min, max    int
	possessive  bool
	assert      assertKind
	behind      bool // opLook: lookbehind
	neg         bool // opLook: negative
	at          int  // index of the construct in the pattern (code points)
	idx         int  // opLook: its index among the lookarounds
	never       bool // opLook: Java never finds the body (see group)
	group       bool // the node is a group's body: (X)* is Java's GroupCurly or Loop
	greedyOne   bool // opRepeat: X*, X+, X{n,} of one character, Java's CharPropertyGreedy
	lazy        bool // opRepeat: a reluctant quantifier
	atomicGroup bool // the body of (?>...)
	lineEnding  bool // \R: one node of length 1 or 2 for Java's study
}

// Java's flag bits (java.util.regex.Pattern).
const (
	fUnixLines  = 0x01
	fCaseIns    = 0x02
	fComments   = 0x04
	fMultiline  = 0x08
	fDotall     = 0x20
	fUnicodeCas = 0x40
	fCanonEq    = 0x80
	fUnicodeCls = 0x100
)

// maxReps is Java's bound for an open-ended count.
const maxReps = 0x7FFFFFFF

// maxDepth bounds group and class nesting (the parser recurses).
const maxDepth = 500

type parser struct {
	src     string // the pattern as given
	temp    []rune // code points of the pattern (after \Q..\E), then two NULs
	plen    int
	cursor  int
	flags   int
	groups  int // capturing groups opened so far, plus one
	names   map[string]bool
	depth   int
	unsup   string // the first construct this package cannot run
	unsupAt int
}

// errSyntax is panicked by the parser and recovered by parse.
type errSyntax struct{ e *Error }

func (p *parser) fail(desc string) {
	panic(errSyntax{&Error{Pattern: p.src, Index: p.cursor - 1, Desc: desc, normalized: p.src}})
}

func (p *parser) unsupported(construct string, at int) {
	if p.unsup == "" {
		p.unsup, p.unsupAt = construct, at
	}
}

func parse(src string) (n *node, err *Error) {
	p := &parser{src: src, groups: 1, names: map[string]bool{}}
	rs := []rune(src)
	if strings.Contains(src, `\Q`) {
		rs = removeQE(rs)
	}
	p.plen = len(rs)
	p.temp = append(rs, 0, 0)
	defer func() {
		if r := recover(); r != nil {
			se, ok := r.(errSyntax)
			if !ok {
				panic(r)
			}
			n, err = nil, se.e
		}
	}()
	n = p.expr()
	if p.cursor != p.plen {
		if p.peek() == ')' {
			p.fail("Unmatched closing ')'")
		}
		p.fail("Unexpected internal error")
	}
	if p.unsup != "" {
		return nil, &Error{Pattern: src, Index: p.unsupAt, Construct: p.unsup}
	}
	return n, nil
}

// removeQE turns \Q...\E quoting into escapes, as Java does before
// parsing.
func removeQE(in []rune) []rune {
	var out []rune
	for i := 0; i < len(in); i++ {
		c := in[i]
		if c != '\\' || i+1 >= len(in) {
			out = append(out, c)
			continue
		}
		if in[i+1] != 'Q' {
			out = append(out, c, in[i+1])
			i++
			continue
		}
		i += 2
		for ; i < len(in); i++ {
			if in[i] == '\\' && i+1 < len(in) && in[i+1] == 'E' {
				i++
				break
			}
			q := in[i]
			if q < utf8.RuneSelf && !isAlnum(q) {
				out = append(out, '\\')
			}
			out = append(out, q)
		}
	}
	return out
}

func isAlnum(c rune) bool  { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigitR(c) }
func isAlpha(c rune) bool  { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigitR(c rune) bool { return c >= '0' && c <= '9' }
func isHexR(c rune) bool   { return isDigitR(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
func hexVal(c rune) int {
	switch {
	case isDigitR(c):
		return int(c - '0')
	case c >= 'a':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}
func isSpaceASCII(c rune) bool { return c == ' ' || c >= '\t' && c <= '\r' }

func (p *parser) has(f int) bool { return p.flags&f != 0 }

func (p *parser) peek() rune {
	c := p.temp[p.cursor]
	if p.has(fComments) {
		c = p.peekPastWhitespace(c)
	}
	return c
}

func (p *parser) read() rune {
	c := p.temp[p.cursor]
	p.cursor++
	if p.has(fComments) {
		c = p.parsePastWhitespace(c)
	}
	return c
}

func (p *parser) next() rune {
	p.cursor++
	c := p.temp[p.cursor]
	if p.has(fComments) {
		c = p.peekPastWhitespace(c)
	}
	return c
}

func (p *parser) nextEscaped() rune {
	p.cursor++
	return p.temp[p.cursor]
}

func (p *parser) skip() rune {
	c := p.temp[p.cursor+1]
	p.cursor += 2
	return c
}

func (p *parser) unread() { p.cursor-- }

func (p *parser) peekPastWhitespace(c rune) rune {
	for isSpaceASCII(c) || c == '#' {
		for isSpaceASCII(c) {
			p.cursor++
			c = p.temp[p.cursor]
		}
		if c == '#' {
			for c != 0 && !isLineSep(c) {
				p.cursor++
				c = p.temp[p.cursor]
			}
		}
	}
	return c
}

func (p *parser) parsePastWhitespace(c rune) rune {
	for isSpaceASCII(c) || c == '#' {
		for isSpaceASCII(c) {
			c = p.temp[p.cursor]
			p.cursor++
		}
		if c == '#' {
			for c != 0 && !isLineSep(c) {
				c = p.temp[p.cursor]
				p.cursor++
			}
		}
	}
	return c
}

func isLineSep(c rune) bool {
	return c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		// Java would recurse deeper; this bound protects the stack.
		p.unsupported("nesting deeper than 500 levels", p.cursor)
		panic(errSyntax{&Error{Pattern: p.src, Index: p.cursor, Construct: "nesting deeper than 500 levels"}})
	}
}

func (p *parser) leave() { p.depth-- }

// expr reads alternatives up to ')' or the end.
func (p *parser) expr() *node {
	var alts []*node
	for {
		alts = append(alts, p.sequence())
		if p.peek() != '|' {
			break
		}
		p.next()
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &node{op: opAlt, subs: alts}
}

func (p *parser) sequence() *node {
	var items []*node
loop:
	for {
		c := p.peek()
		var n *node
		switch c {
		case '(':
			g := p.group()
			if g != nil {
				items = append(items, g)
			}
			continue
		case '[':
			at := p.cursor
			s := p.class(true)
			n = &node{op: opSet, set: s, at: at}
		case '\\':
			at := p.cursor
			c = p.nextEscaped()
			if c == 'p' || c == 'P' {
				one := true
				comp := c == 'P'
				c = p.next()
				if c != '{' {
					p.unread()
				} else {
					one = false
				}
				n = &node{op: opSet, set: p.family(one, comp), at: at}
			} else {
				p.unread()
				n = p.atom()
			}
		case '^':
			at := p.cursor
			p.next()
			k := aBegin
			if p.has(fMultiline) {
				k = aCaretML
				if p.has(fUnixLines) {
					k = aUnixCaretML
				}
			}
			n = &node{op: opAssert, assert: k, at: at}
		case '$':
			at := p.cursor
			p.next()
			n = &node{op: opAssert, assert: p.dollar(p.has(fMultiline)), at: at}
		case '.':
			at := p.cursor
			p.next()
			s := setAll
			if !p.has(fDotall) {
				if p.has(fUnixLines) {
					s = single('\n').negate()
				} else {
					s = setLineTerm.negate()
				}
			}
			n = &node{op: opSet, set: s, at: at}
		case '|', ')':
			break loop
		case ']', '}':
			n = p.atom()
		case '?', '*', '+':
			p.next()
			p.fail("Dangling meta character '" + string(c) + "'")
		case 0:
			if p.cursor >= p.plen {
				break loop
			}
			n = p.atom()
		default:
			n = p.atom()
		}
		items = append(items, p.closure(n))
	}
	switch len(items) {
	case 0:
		return &node{op: opEmpty}
	case 1:
		return items[0]
	}
	return &node{op: opConcat, subs: items}
}

func (p *parser) dollar(multiline bool) assertKind {
	switch {
	case p.has(fUnixLines) && multiline:
		return aUnixDollarML
	case p.has(fUnixLines):
		return aUnixDollar
	case multiline:
		return aDollarML
	}
	return aDollar
}

// atom reads one literal code point or one escape. (Java gathers a run of
// literals into one node; one node a code point means the same.)
func (p *parser) atom() *node {
	at := p.cursor
	c := p.peek()
	switch c {
	case '*', '+', '?', '{':
		// Java: an empty atom; a quantifier then applies to nothing.
		return &node{op: opEmpty, at: at}
	case '\\':
		c = p.nextEscaped()
		if c == 'p' || c == 'P' {
			// Handled by sequence; unreachable from there.
			p.unread()
			return &node{op: opEmpty, at: at}
		}
		p.unread()
		n, r := p.escape(false, true, false)
		if r >= 0 {
			return p.literal(r, at)
		}
		return n
	case 0:
		if p.cursor >= p.plen {
			return &node{op: opEmpty, at: at}
		}
	}
	p.next()
	return p.literal(c, at)
}

func (p *parser) literal(r rune, at int) *node {
	return &node{op: opSet, set: p.fold(single(r)), at: at}
}

// fold applies the case-insensitive flags to a set.
func (p *parser) fold(s runeSet) runeSet {
	if !p.has(fCaseIns) {
		return s
	}
	if p.has(fUnicodeCas) {
		return s.unicodeFold()
	}
	return s.asciiFold()
}

// lineEnding is \R: \r\n or one of [\n\x0B\f\r\x85\u2028\u2029].
// Java backtracks from \r\n to \r, except under a quantifier (its Curly
// keeps an atom's first match), where atomic is the spelling.
func lineEnding(atomic bool) *node {
	cr := &node{op: opConcat, subs: []*node{{op: opSet, set: single('\r')}}}
	if atomic {
		cr.subs = append(cr.subs, &node{op: opAssert, assert: aNotBeforeLF})
	}
	return &node{op: opAlt, lineEnding: true, subs: []*node{
		{op: opConcat, subs: []*node{{op: opSet, set: single('\r')}, {op: opSet, set: single('\n')}}},
		cr,
		{op: opSet, set: setOf('\n', '\f', 0x85, 0x85, 0x2028, 0x2029)},
	}}
}

// closure reads a quantifier after n, if any.
func (p *parser) closure(n *node) *node {
	if n != nil && n.lineEnding && !n.group {
		switch p.peek() {
		case '?', '*', '+', '{':
			n = lineEnding(true)
		}
	}
	c := p.peek()
	rep := func(min, max int) *node {
		r := &node{op: opRepeat, subs: []*node{n}, min: min, max: max, at: p.cursor}
		c := p.next()
		if c == '?' {
			p.next()
			r.lazy = true
		} else if c == '+' {
			p.next()
			r.possessive = true
		}
		r.greedyOne = r.max < 0 && !r.lazy && !r.possessive && n.op == opSet && !n.group
		return r
	}
	switch c {
	case '?':
		return rep(0, 1)
	case '*':
		return rep(0, -1)
	case '+':
		return rep(1, -1)
	case '{':
		c = p.temp[p.cursor+1]
		if !isDigitR(c) {
			p.skip()
			p.fail("Illegal repetition")
		}
		p.skip()
		cmin := 0
		for {
			cmin = cmin*10 + int(c-'0')
			if cmin > maxReps {
				p.fail("Illegal repetition range")
			}
			c = p.read()
			if !isDigitR(c) {
				break
			}
		}
		cmax := cmin
		if c == ',' {
			c = p.read()
			cmax = maxReps
			if c != '}' {
				cmax = 0
				for isDigitR(c) {
					cmax = cmax*10 + int(c-'0')
					if cmax > maxReps {
						p.fail("Illegal repetition range")
					}
					c = p.read()
				}
			}
		}
		if c != '}' {
			p.fail("Unclosed counted closure")
		}
		if cmax < cmin {
			p.fail("Illegal repetition range")
		}
		p.unread() // rep reads the character after '}'
		max := cmax
		if cmax == maxReps {
			max = -1
		}
		return rep(cmin, max)
	}
	return n
}

// group reads a group at '('; it returns nil for a flag group "(?i)".
func (p *parser) group() *node {
	p.enter()
	defer p.leave()
	at := p.cursor
	save := p.flags
	var n *node
	c := p.next()
	if c == '?' {
		c = p.skip()
		switch c {
		case ':':
			n = p.expr()
		case '=', '!':
			n = &node{op: opLook, subs: []*node{p.expr()}, neg: c == '!', at: at}
		case '>':
			body := p.expr()
			n = atomic(body)
			if n == nil {
				p.unsupported("an atomic group", at)
				n = body
			}
			a := *n
			a.atomicGroup = true
			n = &a
		case '<':
			c = p.read()
			if c != '=' && c != '!' {
				p.unread()
				name := p.groupName(p.read())
				if p.names[name] {
					p.fail("Named capturing group <" + name + "> is already defined")
				}
				p.names[name] = true
				p.groups++
				n = p.expr()
				break
			}
			body := p.expr()
			st := study(body)
			if !st.maxValid {
				p.fail("Look-behind group does not have an obvious maximum length")
			}
			// Java tries the starts i-max..i-min; a maximum that wrapped
			// below the minimum (two unbounded items: MAX_REPS twice in
			// 32 bits) leaves none, and the lookbehind never holds.
			n = &node{op: opLook, subs: []*node{body}, behind: true, neg: c == '!', at: at, never: st.max < st.min}
		case '$', '@':
			p.fail("Unknown group type")
		default:
			p.unread()
			p.addFlags()
			c = p.read()
			if c == ')' {
				return nil
			}
			if c != ':' {
				p.fail("Unknown inline modifier")
			}
			n = p.expr()
		}
	} else {
		p.groups++
		n = p.expr()
	}
	p.accept(')', "Unclosed group")
	p.flags = save
	if n.op != opLook {
		g := *n
		g.group = true
		n = &g
	}
	return p.closure(n)
}

// atomic returns what (?>body) means when that is plain matching: a single
// code point set, or a repetition of one (then possessive); else nil.
func atomic(body *node) *node {
	switch {
	case body.op == opSet || body.op == opEmpty:
		return body
	case body.op == opRepeat && body.subs[0].op == opSet:
		r := *body
		r.possessive = true
		return &r
	}
	return nil
}

func (p *parser) accept(want rune, desc string) {
	c := p.temp[p.cursor]
	p.cursor++
	if p.has(fComments) {
		c = p.parsePastWhitespace(c)
	}
	if c != want {
		p.fail(desc)
	}
}

func (p *parser) groupName(c rune) string {
	if !isAlpha(c) {
		p.fail("capturing group name does not start with a Latin letter")
	}
	var b strings.Builder
	for {
		b.WriteRune(c)
		c = p.read()
		if !isAlnum(c) {
			break
		}
	}
	if c != '>' {
		p.fail("named capturing group is missing trailing '>'")
	}
	return b.String()
}

func (p *parser) addFlags() {
	c := p.peek()
	for {
		switch c {
		case 'i':
			p.flags |= fCaseIns
		case 'm':
			p.flags |= fMultiline
		case 's':
			p.flags |= fDotall
		case 'd':
			p.flags |= fUnixLines
		case 'u':
			p.flags |= fUnicodeCas
		case 'c':
			p.flags |= fCanonEq
			p.unsupported("the canonical-equivalence flag (?c)", p.cursor)
		case 'x':
			p.flags |= fComments
		case 'U':
			p.flags |= fUnicodeCls | fUnicodeCas
		case '-':
			p.next()
			p.subFlags()
			return
		default:
			return
		}
		c = p.next()
	}
}

func (p *parser) subFlags() {
	c := p.peek()
	for {
		switch c {
		case 'i':
			p.flags &^= fCaseIns
		case 'm':
			p.flags &^= fMultiline
		case 's':
			p.flags &^= fDotall
		case 'd':
			p.flags &^= fUnixLines
		case 'u':
			p.flags &^= fUnicodeCas
		case 'c':
			p.flags &^= fCanonEq
		case 'x':
			p.flags &^= fComments
		case 'U':
			p.flags &^= fUnicodeCls | fUnicodeCas
		default:
			return
		}
		c = p.next()
	}
}

// escape reads the escape at the cursor ('\'). It returns a code point
// (>= 0) or -1 and a node (a class, an assertion, a backreference). In a
// class only code points and sets are valid; create is false when the
// escape ends a range (Java then wants a code point).
func (p *parser) escape(inClass, create, isRange bool) (*node, rune) {
	at := p.cursor
	c := p.skip()
	setNode := func(s runeSet) (*node, rune) { return &node{op: opSet, set: s, at: at}, -1 }
	assert := func(k assertKind) (*node, rune) { return &node{op: opAssert, assert: k, at: at}, -1 }
	switch c {
	case '0':
		return nil, p.octal()
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if inClass {
			break
		}
		p.backref(int(c - '0'))
		p.unsupported("a backreference", at)
		return &node{op: opBackref, at: at}, -1
	case 'A':
		if inClass {
			break
		}
		return assert(aBegin)
	case 'B':
		if inClass {
			break
		}
		if p.has(fUnicodeCls) {
			return assert(aNotWordBU)
		}
		return assert(aNotWordB)
	case 'D':
		return setNode(p.digit().negate())
	case 'G':
		if inClass {
			break
		}
		// \G is the end of the previous match; a pattern check makes one
		// find() from the start, where \G is the start.
		return assert(aBegin)
	case 'H':
		return setNode(setHoriz.negate())
	case 'N':
		p.namedChar()
		p.unsupported(`a named character \N{...}`, at)
		return nil, 0
	case 'R':
		if inClass {
			break
		}
		// \R: \r\n or one vertical line break, with backtracking
		// from \r\n to \r (closure makes a repeated \R atomic).
		return lineEnding(false), -1
	case 'S':
		return setNode(p.space().negate())
	case 'V':
		return setNode(setOf('\n', '\r', 0x85, 0x85, 0x2028, 0x2029).negate())
	case 'W':
		return setNode(p.word().negate())
	case 'X':
		if inClass {
			break
		}
		p.unsupported(`a grapheme cluster \X`, at)
		return &node{op: opEmpty, at: at}, -1
	case 'Z':
		if inClass {
			break
		}
		return assert(p.dollar(false))
	case 'a':
		return nil, 7
	case 'b':
		if inClass {
			break
		}
		if p.peek() == '{' {
			if p.skip() == 'g' {
				if p.read() == '}' {
					p.unsupported(`a grapheme boundary \b{g}`, at)
					return &node{op: opEmpty, at: at}, -1
				}
				break
			}
			p.unread()
			p.unread()
		}
		if p.has(fUnicodeCls) {
			return assert(aWordBU)
		}
		return assert(aWordB)
	case 'c':
		if p.cursor < p.plen {
			return nil, p.read() ^ 64
		}
		p.fail("Illegal control escape sequence")
	case 'd':
		return setNode(p.digit())
	case 'e':
		return nil, 0x1B
	case 'f':
		return nil, '\f'
	case 'h':
		return setNode(setHoriz)
	case 'k':
		if inClass {
			break
		}
		if p.read() != '<' {
			p.fail("\\k is not followed by '<' for named capturing group")
		}
		name := p.groupName(p.read())
		if !p.names[name] {
			p.fail("named capturing group <" + name + "> does not exist")
		}
		p.unsupported("a backreference", at)
		return &node{op: opBackref, at: at}, -1
	case 'n':
		return nil, '\n'
	case 'r':
		return nil, '\r'
	case 's':
		return setNode(p.space())
	case 't':
		return nil, '\t'
	case 'u':
		return nil, p.unicode()
	case 'v':
		if isRange {
			return nil, 0x0B
		}
		return setNode(setVert.union(setOf(0x0B, 0x0C)))
	case 'w':
		return setNode(p.word())
	case 'x':
		return nil, p.hex()
	case 'z':
		if inClass {
			break
		}
		return assert(aEnd)
	default:
		if !isAlpha(c) {
			return nil, c
		}
		// The other letters (C E F I J K L M O P Q T U Y g i j l m o p q y)
		// are reserved.
	}
	p.fail("Illegal/unsupported escape sequence")
	return nil, 0
}

// \d \s \w: ASCII, or Unicode's with UNICODE_CHARACTER_CLASS (?U).
func (p *parser) digit() runeSet {
	if p.has(fUnicodeCls) {
		return gc("Nd")
	}
	return setDigit
}

func (p *parser) space() runeSet {
	if p.has(fUnicodeCls) {
		return fromTables(unicode.White_Space)
	}
	return setSpace
}

func (p *parser) word() runeSet {
	if p.has(fUnicodeCls) {
		s, _ := unicodeProperty("WORD")
		return s
	}
	return setWord
}

func (p *parser) octal() rune {
	isOct := func(c rune) bool { return c >= '0' && c <= '7' }
	n := p.read()
	if isOct(n) {
		m := p.read()
		if isOct(m) {
			o := p.read()
			if isOct(o) && n <= '3' {
				return (n-'0')*64 + (m-'0')*8 + (o - '0')
			}
			p.unread()
			return (n-'0')*8 + (m - '0')
		}
		p.unread()
		return n - '0'
	}
	p.fail("Illegal octal escape sequence")
	return 0
}

func (p *parser) hex() rune {
	n := p.read()
	if isHexR(n) {
		m := p.read()
		if isHexR(m) {
			return rune(hexVal(n)*16 + hexVal(m))
		}
	} else if n == '{' && isHexR(p.peek()) {
		c := 0
		for {
			n = p.read()
			if !isHexR(n) {
				break
			}
			c = c<<4 + hexVal(n)
			if c > utf8.MaxRune {
				p.fail("Hexadecimal codepoint is too big")
			}
		}
		if n != '}' {
			p.fail("Unclosed hexadecimal escape sequence")
		}
		return rune(c)
	}
	p.fail("Illegal hexadecimal escape sequence")
	return 0
}

func (p *parser) unicode() rune {
	n := p.uxxxx()
	if n >= 0xD800 && n < 0xDC00 {
		cur := p.cursor
		if p.read() == '\\' && p.read() == 'u' {
			n2 := p.uxxxx()
			if n2 >= 0xDC00 && n2 < 0xE000 {
				return 0x10000 + (n-0xD800)<<10 + (n2 - 0xDC00)
			}
		}
		p.cursor = cur
	}
	return n
}

func (p *parser) uxxxx() rune {
	n := 0
	for range 4 {
		c := p.read()
		if !isHexR(c) {
			p.fail("Illegal Unicode escape sequence")
		}
		n = n*16 + hexVal(c)
	}
	return rune(n)
}

func (p *parser) namedChar() {
	if p.read() != '{' {
		p.fail("Illegal character name escape sequence")
	}
	for p.read() != '}' {
		if p.cursor >= p.plen {
			p.fail("Unclosed character name escape sequence")
		}
	}
}

// backref reads the rest of a group number as Java does: another digit
// is taken while the number stays a group that exists.
func (p *parser) backref(ref int) {
	for {
		c := p.peek()
		if !isDigitR(c) {
			return
		}
		n := ref*10 + int(c-'0')
		if p.groups-1 < n {
			return
		}
		ref = n
		p.read()
	}
}

// family reads a property name after \p or \P (the cursor is on its
// first character).
func (p *parser) family(oneLetter, complement bool) runeSet {
	at := p.cursor
	p.next()
	var name string
	if oneLetter {
		name = string(p.temp[p.cursor])
		p.read()
	} else {
		i := p.cursor
		for p.cursor < p.plen && p.temp[p.cursor] != '}' {
			p.cursor++
		}
		p.cursor++
		j := p.cursor
		if j > p.plen {
			p.fail("Unclosed character family")
		}
		if i+1 >= j {
			p.fail("Empty character family")
		}
		name = string(p.temp[i : j-1])
	}
	key := propKey{name, p.flags & (fCaseIns | fUnicodeCls), complement}
	if v, ok := propCache.Load(key); ok {
		return v.(runeSet)
	}
	s, ok := p.property(name, at)
	if !ok {
		return nil
	}
	if p.has(fCaseIns) {
		// Java folds no property, but reads some as case-blind ones.
		s = caseBlindProperty(name, s)
	}
	if complement {
		s = s.negate()
	}
	propCache.Store(key, s)
	return s
}

// propCache keeps the set of each property name (under the flags that
// change it): a pattern may name \p{L} many times, and building it from
// Go's tables costs. The sets are never modified. Its size is bounded by
// the names that resolve, a few hundred.
var propCache sync.Map

type propKey struct {
	name       string
	flags      int
	complement bool
}

func (p *parser) property(name string, at int) (runeSet, bool) {
	if k := strings.IndexByte(name, '='); k >= 0 {
		key, value := strings.ToLower(name[:k]), name[k+1:]
		switch key {
		case "sc", "script":
			if s, ok := script(value); ok {
				return s, true
			}
			p.unsupported("a Unicode script this validator does not know ("+value+")", at)
			return nil, false
		case "blk", "block":
			p.unsupported("a Unicode block property", at)
			return nil, false
		case "gc", "general_category":
			if s, ok := javaProperty(value); ok {
				return s, true
			}
		}
		p.fail("Unknown Unicode property {name=<" + key + ">, value=<" + value + ">}")
	}
	switch {
	case strings.HasPrefix(name, "In"):
		p.unsupported("a Unicode block property", at)
		return nil, false
	case strings.HasPrefix(name, "Is"):
		short := name[2:]
		if s, ok := unicodeProperty(strings.ToUpper(short)); ok {
			return s, true
		}
		if s, ok := javaProperty(short); ok {
			return s, true
		}
		if s, ok := script(short); ok {
			return s, true
		}
		if len(short) == 4 {
			// Java also knows the four-letter script codes (IsLatn).
			p.unsupported("a Unicode script alias ("+short+")", at)
			return nil, false
		}
	default:
		if p.has(fUnicodeCls) {
			if s, ok := posixUnicode(strings.ToUpper(name)); ok {
				return s, true
			}
		}
		if s, ok := javaProperty(name); ok {
			return s, true
		}
	}
	p.fail("Unknown character property name {" + name + "}")
	return nil, false
}

// caseBlindProperty is what Java's CASE_INSENSITIVE makes of a property
// (CharPredicates.forProperty and forUnicodeProperty with caseIns): a case
// category or case property stands for all three cased kinds; \p{Lower}
// and \p{Upper} for \p{Alpha}; the others are unchanged.
func caseBlindProperty(name string, s runeSet) runeSet {
	short := strings.TrimPrefix(name, "Is")
	if k := strings.IndexByte(name, '='); k >= 0 {
		short = name[k+1:]
	}
	switch short {
	case "Lu", "Ll", "Lt":
		return gc("Lu", "Ll", "Lt")
	case "Lower", "Upper":
		return posixClasses["Alpha"]
	case "javaLowerCase", "javaUpperCase", "javaTitleCase":
		return fromTables(unicode.Ll, unicode.Other_Lowercase, unicode.Lu, unicode.Other_Uppercase, unicode.Lt)
	}
	if strings.HasPrefix(name, "Is") {
		switch strings.ToUpper(short) {
		case "LOWERCASE", "UPPERCASE", "TITLECASE":
			return fromTables(unicode.Ll, unicode.Other_Lowercase, unicode.Lu, unicode.Other_Uppercase, unicode.Lt)
		}
	}
	return s
}

// A class is read into a tree of predicates evaluated at its end, because
// Java's single-character members go into one mutable bit set that every
// union already built refers to.
type pred struct {
	set  runeSet
	bits *runeSet // the class's shared bit set, read when evaluated
	kind byte     // 's' set, 'b' bits, 'u' union, 'a' and
	a, b *pred
}

func (q *pred) eval() runeSet {
	switch q.kind {
	case 'b':
		return *q.bits
	case 'u':
		return q.a.eval().union(q.b.eval())
	case 'a':
		return q.a.eval().intersect(q.b.eval())
	}
	return q.set
}

func union(a, b *pred) *pred { return &pred{kind: 'u', a: a, b: b} }

// class reads a class at '[' (consume: also its ']').
func (p *parser) class(consume bool) runeSet {
	q, neg := p.clazz(consume)
	s := q.eval()
	if neg {
		s = s.negate()
	}
	return s
}

func (p *parser) clazz(consume bool) (*pred, bool) {
	p.enter()
	defer p.leave()
	var prev, curr *pred
	bits := new(runeSet)
	bitsPred := &pred{kind: 'b', bits: bits}
	isNeg, hasBits := false, false
	c := p.next()
	if c == '^' && p.temp[p.cursor-1] == '[' {
		c = p.next()
		isNeg = true
	}
	for {
		switch c {
		case '[':
			s := p.class(true)
			curr = &pred{kind: 's', set: s}
			if prev == nil {
				prev = curr
			} else {
				prev = union(prev, curr)
			}
			c = p.peek()
			continue
		case '&':
			c = p.next()
			if c == '&' {
				c = p.next()
				var right *pred
				for c != ']' && c != '&' {
					if c == '[' {
						s := &pred{kind: 's', set: p.class(true)}
						if right == nil {
							right = s
						} else {
							right = union(right, s)
						}
					} else {
						p.unread()
						r, rneg := p.clazz(false)
						if rneg {
							r = &pred{kind: 's', set: r.eval().negate()}
						}
						right = r
					}
					c = p.peek()
				}
				if hasBits {
					if prev == nil {
						prev, curr = bitsPred, bitsPred
					} else {
						prev = union(prev, bitsPred)
					}
					hasBits = false
				}
				if right != nil {
					curr = right
				}
				if prev == nil {
					if right == nil {
						p.fail("Bad class syntax")
					}
					prev = right
				} else {
					prev = &pred{kind: 'a', a: prev, b: curr}
				}
			} else {
				p.unread()
				break
			}
			continue
		case 0:
			if p.cursor >= p.plen {
				p.fail("Unclosed character class")
			}
		case ']':
			if prev != nil || hasBits {
				if consume {
					p.next()
				}
				if prev == nil {
					prev = bitsPred
				} else if hasBits {
					prev = union(prev, bitsPred)
				}
				return prev, isNeg
			}
		}
		s, isBits := p.rangeItem()
		if isBits {
			*bits = bits.union(s)
			hasBits = true
		} else {
			curr = &pred{kind: 's', set: s}
			if prev == nil {
				prev = curr
			} else {
				prev = union(prev, curr)
			}
		}
		c = p.peek()
	}
}

// rangeItem reads one member of a class: a code point, a range or an
// escape. isBits reports a member Java keeps in the class's bit set
// (code points below 256, unless a case-insensitive match needs more).
func (p *parser) rangeItem() (s runeSet, isBits bool) {
	c := p.peek()
	at := p.cursor
	if c == '\\' {
		c = p.nextEscaped()
		if c == 'p' || c == 'P' {
			comp := c == 'P'
			one := true
			c = p.next()
			if c != '{' {
				p.unread()
			} else {
				one = false
			}
			return p.family(one, comp), false
		}
		isRange := p.temp[p.cursor+1] == '-'
		p.unread()
		n, r := p.escape(true, true, isRange)
		if r < 0 {
			if n == nil || n.op != opSet {
				return nil, false
			}
			return n.set, false
		}
		c = r
	} else {
		p.next()
	}
	if c >= 0 {
		if p.peek() == '-' {
			end := p.temp[p.cursor+1]
			if end == '[' {
				return p.bitsOrSingle(c)
			}
			if end != ']' {
				p.next()
				m := p.peek()
				if m == '\\' {
					_, m = p.escape(true, false, true)
				} else {
					p.next()
				}
				if m < c {
					p.fail("Illegal character range")
				}
				return p.fold(span(c, m)), false
			}
		}
		return p.bitsOrSingle(c)
	}
	_ = at
	p.fail("Unexpected character '" + string(c) + "'")
	return nil, false
}

func (p *parser) bitsOrSingle(c rune) (runeSet, bool) {
	s := p.fold(single(c))
	return s, c < 256
}

// treeInfo is what Java's TreeInfo learns of a tree (Node.study): the
// shortest and longest match in 32-bit arithmetic that wraps as Java's
// does, whether the longest is known, and whether the length is fixed.
type treeInfo struct {
	min, max      int32
	maxValid, det bool
}

// study computes the treeInfo of n as Java does for a lookbehind body:
// an unbounded repetition of one character adds 0x7FFFFFFF (and may wrap),
// a counted or group repetition multiplies with an overflow check, a
// repeated group that is not of fixed length (Java's Loop) or a
// backreference has no maximum.
func study(n *node) treeInfo {
	switch n.op {
	case opSet:
		return treeInfo{1, 1, true, true}
	case opEmpty, opAssert, opLook:
		return treeInfo{0, 0, true, true}
	case opBackref:
		return treeInfo{0, 0, false, false}
	case opConcat:
		t := treeInfo{0, 0, true, true}
		for _, s := range n.subs {
			u := studyAfter(s, t)
			t = u
		}
		return t
	case opAlt:
		if n.lineEnding {
			return treeInfo{1, 2, true, true}
		}
		var t treeInfo
		for i, s := range n.subs {
			u := study(s)
			if i == 0 {
				t = u
				continue
			}
			if u.min != t.min || u.max != t.max {
				t.det = false
			}
			t.min, t.max = min(t.min, u.min), max(t.max, u.max)
			t.maxValid = t.maxValid && u.maxValid
			t.det = t.det && u.det
		}
		return t
	case opRepeat:
		return studyAfter(n, treeInfo{0, 0, true, true})
	}
	return treeInfo{0, 0, true, true}
}

// studyAfter studies n following what prev describes (Java studies a
// sequence node by node, and a repetition's arithmetic involves what came
// before it).
func studyAfter(n *node, prev treeInfo) treeInfo {
	if n.op != opRepeat {
		u := study(n)
		return treeInfo{prev.min + u.min, prev.max + u.max, prev.maxValid && u.maxValid, prev.det && u.det}
	}
	sub := n.subs[0]
	a := study(sub)
	cmax := int32(maxReps)
	if n.max >= 0 {
		cmax = int32(n.max)
	}
	switch {
	case sub.atomicGroup:
		// Java's own arithmetic for a repeated atomic group is not
		// modelled; accept it (such a pattern is rarely runnable here).
		return treeInfo{prev.min, prev.max, prev.maxValid, false}
	case n.greedyOne:
		// CharPropertyGreedy: min grows by the count, max by MAX_REPS
		// while valid, without an overflow check.
		t := treeInfo{prev.min + int32(n.min), prev.max, prev.maxValid, false}
		if t.maxValid {
			t.max += maxReps
		}
		return t
	case n.min == 0 && n.max == 1 && !n.possessive:
		// Ques: the atom's maximum, no minimum.
		return treeInfo{prev.min, prev.max + a.max, prev.maxValid && a.maxValid, false}
	case sub.group && !n.possessive && !a.det:
		// A repeated group of variable length is Java's Loop.
		return treeInfo{prev.min, prev.max, false, false}
	}
	t := treeInfo{det: prev.det && a.det && n.min == n.max}
	t.min = a.min*int32(n.min) + prev.min
	if t.min < prev.min {
		t.min = 0xFFFFFFF
	}
	if prev.maxValid && a.maxValid {
		t.max = a.max*cmax + prev.max
		t.maxValid = t.max >= prev.max
	}
	return t
}
