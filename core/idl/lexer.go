package idl

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/node"
)

// tok is the kind of a lexical token. The names printed in messages
// (IDENTIFIER, LBRACE('{'), ...) are the ones the reference implementation
// prints, so that error texts of both implementations can be compared.
type tok uint8

const (
	tSpace tok = iota
	tNewline
	tComma
	tComment
	tDocComment
	tAt
	tString
	tTextBlock
	tColon
	tWalrus
	tIdent
	tDot
	tPound
	tDollar
	tNumber
	tLBrace
	tRBrace
	tLBracket
	tRBracket
	tLParen
	tRParen
	tEqual
	tEOF
	tError
)

var tokNames = [...]struct{ name, example string }{
	tSpace:      {"SPACE", " "},
	tNewline:    {"NEWLINE", `\n`},
	tComma:      {"COMMA", ","},
	tComment:    {"COMMENT", "//"},
	tDocComment: {"DOC_COMMENT", "///"},
	tAt:         {"AT", "@"},
	tString:     {"STRING", `"`},
	tTextBlock:  {"TEXT_BLOCK", `"""`},
	tColon:      {"COLON", ":"},
	tWalrus:     {"WALRUS", ":="},
	tIdent:      {"IDENTIFIER", ""},
	tDot:        {"DOT", "."},
	tPound:      {"POUND", "#"},
	tDollar:     {"DOLLAR", "$"},
	tNumber:     {"NUMBER", ""},
	tLBrace:     {"LBRACE", "{"},
	tRBrace:     {"RBRACE", "}"},
	tLBracket:   {"LBRACKET", "["},
	tRBracket:   {"RBRACKET", "]"},
	tLParen:     {"LPAREN", "("},
	tRParen:     {"RPAREN", ")"},
	tEqual:      {"EQUAL", "="},
	tEOF:        {"EOF", ""},
	tError:      {"ERROR", ""},
}

// isWS reports whether t is insignificant whitespace (the WS production).
func (t tok) isWS() bool { return t <= tComment }

// debug renders the kind with an example lexeme: LBRACE('{').
func (t tok) debug() string { return t.debugLexeme(tokNames[t].example) }

// debugLexeme renders the kind with the given lexeme: IDENTIFIER('foo').
// Line breaks are shown escaped so that a message stays on one line.
func (t tok) debugLexeme(lexeme string) string {
	name := tokNames[t].name
	if lexeme == "" {
		return name
	}
	if len(lexeme) > 120 {
		lexeme = lexeme[:120] + "..."
	}
	lexeme = strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(lexeme)
	return name + "('" + lexeme + "')"
}

// lexer turns the source into tokens, one at a time. The parser looks at
// the current token (kind, start, end, pos) and calls next to advance.
type lexer struct {
	src  []byte
	off  int // offset of the next unread byte
	line int32
	col  int32 // column of the next unread byte

	kind  tok
	start int
	end   int
	pos   node.Pos // position of the current token's first byte

	str    string   // decoded value of a string or text block
	errMsg string   // message of an error token
	errPos node.Pos // where an error token's problem is (may be inside the token)

	// docs buffers documentation comment lines as they are read, until the
	// parser takes them for a shape or member, or a line break discards them.
	// Each line is its text's span in src: the lines are joined into one
	// string when taken, one allocation for a whole comment.
	docs    []docSpan
	docsPos node.Pos
}

func newLexer(src []byte) *lexer {
	lx := &lexer{src: src, line: 1, col: 1}
	lx.next()
	return lx
}

func (lx *lexer) here() node.Pos {
	return node.Pos{Offset: int32(lx.off), Line: lx.line, Column: lx.col}
}

// lexeme returns the text of the current token.
func (lx *lexer) lexeme() string { return string(lx.src[lx.start:lx.end]) }

// is reports whether the current token is the identifier word.
func (lx *lexer) is(word string) bool {
	return lx.kind == tIdent && string(lx.src[lx.start:lx.end]) == word
}

func (lx *lexer) peekByte(i int) int {
	if lx.off+i < len(lx.src) {
		return int(lx.src[lx.off+i])
	}
	return -1
}

// advance moves over n bytes of the current line (no line breaks).
func (lx *lexer) advance(n int) {
	lx.off += n
	lx.col += int32(n)
}

// advanceText moves over n bytes that may contain line breaks.
func (lx *lexer) advanceText(n int) {
	end := lx.off + n
	for lx.off < end {
		c := lx.src[lx.off]
		lx.off++
		switch {
		case c == '\n':
			lx.line++
			lx.col = 1
		case c == '\r':
			if lx.off < len(lx.src) && lx.src[lx.off] == '\n' {
				lx.off++
			}
			lx.line++
			lx.col = 1
		default:
			lx.col++
		}
	}
}

func (lx *lexer) emit(k tok) tok {
	lx.kind = k
	lx.end = lx.off
	return k
}

func (lx *lexer) fail(msg string, at node.Pos) tok {
	lx.errMsg = msg
	lx.errPos = at
	return lx.emit(tError)
}

// next reads the next token and returns its kind. Documentation comments
// are buffered as a side effect.
func (lx *lexer) next() tok {
	lx.str = ""
	lx.errMsg = ""
	lx.start = lx.off
	lx.pos = lx.here()
	if lx.off >= len(lx.src) {
		return lx.emit(tEOF)
	}
	c := lx.src[lx.off]
	switch c {
	case ' ', '\t':
		n := 0
		for lx.off+n < len(lx.src) && (lx.src[lx.off+n] == ' ' || lx.src[lx.off+n] == '\t') {
			n++
		}
		lx.advance(n)
		return lx.emit(tSpace)
	case '\n', '\r':
		lx.advanceText(1)
		return lx.emit(tNewline)
	case ',':
		return lx.single(tComma)
	case '@':
		return lx.single(tAt)
	case '$':
		return lx.single(tDollar)
	case '.':
		return lx.single(tDot)
	case '{':
		return lx.single(tLBrace)
	case '}':
		return lx.single(tRBrace)
	case '[':
		return lx.single(tLBracket)
	case ']':
		return lx.single(tRBracket)
	case '(':
		return lx.single(tLParen)
	case ')':
		return lx.single(tRParen)
	case '#':
		return lx.single(tPound)
	case '=':
		return lx.single(tEqual)
	case ':':
		if lx.peekByte(1) == '=' {
			lx.advance(2)
			return lx.emit(tWalrus)
		}
		return lx.single(tColon)
	case '"':
		return lx.lexString()
	case '/':
		return lx.lexComment()
	}
	if c == '-' || isDigit(c) {
		return lx.lexNumber()
	}
	if c == '_' || isAlpha(c) {
		return lx.lexIdentifier()
	}
	r, size := utf8.DecodeRune(lx.src[lx.off:])
	lx.advance(size)
	if r == utf8.RuneError && size <= 1 {
		return lx.fail("Invalid UTF-8 byte", lx.pos)
	}
	return lx.fail("Unexpected character: '"+string(r)+"'", lx.pos)
}

func (lx *lexer) single(k tok) tok {
	lx.advance(1)
	return lx.emit(k)
}

func (lx *lexer) lexComment() tok {
	if lx.peekByte(1) != '/' {
		lx.advance(1)
		return lx.fail("Expected a '/' to follow '/' to form a comment.", lx.pos)
	}
	kind := tComment
	n := 2
	if lx.peekByte(2) == '/' {
		kind = tDocComment
		n = 3
	}
	// The line ends at the first CR or LF (searched a word at a time).
	rest := lx.src[lx.off+n:]
	end := bytes.IndexByte(rest, '\n')
	if end < 0 {
		end = len(rest)
	}
	if cr := bytes.IndexByte(rest[:end], '\r'); cr >= 0 {
		end = cr
	}
	lineEnd := lx.off + n + end
	textStart := lx.off
	lx.advance(lineEnd - lx.off)
	if lx.off < len(lx.src) {
		lx.advanceText(1) // the line break belongs to the comment
	}
	if kind == tDocComment {
		start := textStart + 3
		if start < lineEnd && lx.src[start] == ' ' {
			start++
		}
		if len(lx.docs) == 0 {
			lx.docsPos = lx.pos
		}
		lx.docs = append(lx.docs, docSpan{start, lineEnd})
	}
	return lx.emit(kind)
}

// docSpan is one documentation comment line's text: src[start:end].
type docSpan struct{ start, end int }

// takeDocs removes the buffered documentation lines and joins them with
// line feeds.
func (lx *lexer) takeDocs() (string, node.Pos, bool) {
	if len(lx.docs) == 0 {
		return "", node.Pos{}, false
	}
	n := len(lx.docs) - 1
	for _, d := range lx.docs {
		n += d.end - d.start
	}
	// One allocation, the string's: the text joined in a []byte and
	// then copied into a string was twice its size allocated.
	var b strings.Builder
	b.Grow(n)
	for i, d := range lx.docs {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.Write(lx.src[d.start:d.end])
	}
	lx.docs = lx.docs[:0]
	return b.String(), lx.docsPos, true
}

func (lx *lexer) lexNumber() tok {
	start := lx.off
	i := start
	src := lx.src
	digits := func() int {
		n := 0
		for i < len(src) && isDigit(src[i]) {
			i++
			n++
		}
		return n
	}
	bad := func(reason string) tok {
		lx.advance(i - start)
		return lx.fail("Invalid number '"+string(src[start:i])+"': "+reason, lx.pos)
	}
	if src[i] == '-' {
		i++
		if i >= len(src) || !isDigit(src[i]) {
			return bad("'-' must be followed by a digit")
		}
	}
	digits()
	if i < len(src) && src[i] == '.' {
		i++
		if digits() == 0 {
			return bad("'.' must be followed by a digit")
		}
	}
	if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		i++
		if i < len(src) && (src[i] == '+' || src[i] == '-') {
			i++
		}
		if digits() == 0 {
			return bad("'e', '+', and '-' must be followed by a digit")
		}
	}
	lx.advance(i - start)
	return lx.emit(tNumber)
}

// numberText returns the current number token as JSON number text: the
// token exactly, except that redundant leading zeros of the integer part
// ("007", which the reference implementation accepts) are dropped.
func (lx *lexer) numberText() string {
	s := lx.lexeme()
	neg := strings.HasPrefix(s, "-")
	body := strings.TrimPrefix(s, "-")
	trimmed := body
	for len(trimmed) > 1 && trimmed[0] == '0' && isDigit(trimmed[1]) {
		trimmed = trimmed[1:]
	}
	if len(trimmed) == len(body) {
		return s
	}
	if neg {
		return "-" + trimmed
	}
	return trimmed
}

func (lx *lexer) lexIdentifier() tok {
	i := lx.off
	for i < len(lx.src) && lx.src[i] == '_' {
		i++
	}
	if i > lx.off && (i >= len(lx.src) || !isIdentChar(lx.src[i])) {
		lx.advance(i - lx.off)
		return lx.fail("Expected a valid identifier character, but found '"+lx.charForMessage()+"'", lx.here())
	}
	for i < len(lx.src) && isIdentChar(lx.src[i]) {
		i++
	}
	lx.advance(i - lx.off)
	return lx.emit(tIdent)
}

// charForMessage renders the next unread character as the reference's
// messages do: the character itself, or [EOF].
func (lx *lexer) charForMessage() string {
	if lx.off >= len(lx.src) {
		return "[EOF]"
	}
	r, _ := utf8.DecodeRune(lx.src[lx.off:])
	if r == '\n' {
		return `\n`
	}
	if r == '\r' {
		return `\r`
	}
	return string(r)
}

// lexString reads a quoted string or a text block.
func (lx *lexer) lexString() tok {
	if lx.peekByte(1) == '"' {
		if lx.peekByte(2) == '"' {
			lx.advance(3)
			return lx.lexQuoted(true)
		}
		lx.advance(2)
		return lx.emit(tString) // ""
	}
	lx.advance(1)
	return lx.lexQuoted(false)
}

func (lx *lexer) lexQuoted(block bool) tok {
	contentStart := lx.off
	i := lx.off
	src := lx.src
	for i < len(src) {
		c := src[i]
		if c == '"' && (!block || (i+2 < len(src) && src[i+1] == '"' && src[i+2] == '"')) {
			break
		}
		i++
		if c == '\\' && i < len(src) {
			i++
		}
	}
	if i > len(src) {
		i = len(src)
	}
	content := src[contentStart:i]
	lx.advanceText(i - lx.off)
	what := "quoted string"
	if block {
		what = "text block"
	}
	if lx.off >= len(src) {
		return lx.fail("Error parsing "+what+": Expected: '\"', but found '[EOF]'", lx.here())
	}
	if block {
		lx.advance(3)
	} else {
		lx.advance(1)
	}
	s, err := decodeString(content, block)
	if err != "" {
		return lx.fail("Error parsing "+what+": "+err, lx.pos)
	}
	lx.str = s
	if block {
		return lx.emit(tTextBlock)
	}
	return lx.emit(tString)
}

func isDigit(c byte) bool     { return c >= '0' && c <= '9' }
func isAlpha(c byte) bool     { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isIdentChar(c byte) bool { return isAlpha(c) || isDigit(c) || c == '_' }
