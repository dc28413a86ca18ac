package idl

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// Parse reads one IDL model file. It checks the syntax and everything
// that can be checked without the other files of the model (version
// features, duplicate members, `use` conflicts); shape IDs stay as written
// until [File.Lower]. The error, if any, is an [*Error] with the position of
// the problem. Parse never panics, whatever src holds.
func Parse(file string, src []byte) (f *File, err error) {
	if !utf8.Valid(src) {
		return nil, invalidUTF8(file, src)
	}
	p := &parser{
		lx:        newLexer(src),
		f:         &File{name: file, version: "1.0", uses: map[string]shapeid.ID{}},
		inSuffix:  "Input",
		outSuffix: "Output",
	}
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			f, err = nil, b.err
		}
	}()
	p.parseFile()
	return p.f, nil
}

func invalidUTF8(file string, src []byte) error {
	pos := node.Pos{Line: 1, Column: 1}
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size <= 1 {
			pos.Offset = int32(i)
			return &Error{File: file, Pos: pos, Msg: fmt.Sprintf("Invalid UTF-8: unexpected byte 0x%02x", src[i])}
		}
		if r == '\n' {
			pos.Line++
			pos.Column = 1
		} else {
			pos.Column += int32(size)
		}
		i += size
	}
	return &Error{File: file, Msg: "Invalid UTF-8"}
}

type bailout struct{ err *Error }

type parser struct {
	lx        *lexer
	f         *File
	v2        bool
	depth     int
	inSuffix  string
	outSuffix string
	// names holds one string of each name and shape ID text read (see
	// [parser.intern]).
	names nameTable
	// traitBuf holds the traits being read ([parser.traits]).
	traitBuf []traitApp
	// memberBuf holds the members of the shape being read ([parser.addMember]);
	// its shape keeps a copy of their number ([parser.keepMembers]).
	memberBuf []memberStmt
	// memberNames finds a repeated member name in constant time in the
	// shape being read, once it has more than scanMemberNames members
	// ([parser.newMemberName]); [parser.keepMembers] empties it.
	memberNames nameSet
}

// addMember appends m to the members of s, the shape being read: they are
// the tail of p.memberBuf, s.nmembers long, until [parser.keepMembers].
// Appending to a slice of each shape's own allocated the list again at
// each doubling, and kept its spare capacity: on the chain of 100,000
// structures of docs/performance.md ("Where a model's bytes go", eighth
// round) 13 MB more allocated while parsing, beside the parse tree.
func (p *parser) addMember(s *shapeStmt, m memberStmt) {
	if s.nmembers == math.MaxUint32 {
		p.syntax("too many members in one shape")
	}
	p.memberBuf = append(p.memberBuf, m)
	s.nmembers++
}

// reading returns the members of s, the shape being read, read so far.
func (p *parser) reading(s *shapeStmt) []memberStmt {
	return p.memberBuf[len(p.memberBuf)-int(s.nmembers):]
}

// keepMembers gives s, whose members are read, its own list of them, of
// their number, and empties p.memberBuf for the next shape.
func (p *parser) keepMembers(s *shapeStmt) {
	clear(p.memberNames)
	if s.nmembers == 0 {
		return
	}
	read := p.reading(s)
	s.members = &slices.Clone(read)[0]
	clear(read)
	p.memberBuf = p.memberBuf[:len(p.memberBuf)-len(read)]
}

// intern returns text as a string, the same string for the same text
// within a file: a model repeats its names (member names, a shape's name
// where it is defined and where it is targeted, `String`), and the
// lowered model keeps them (on the chain of 100,000 structures, a string
// each target and name was 4 MB of the model).
func (p *parser) intern(text []byte) string {
	if len(text) == 0 {
		return ""
	}
	return p.names.intern(text)
}

// name is the current token's text, interned.
func (p *parser) name() string { return p.intern(p.lx.src[p.lx.start:p.lx.end]) }

// ---- errors and token helpers -------------------------------------------

func (p *parser) fail(e *Error) {
	e.File = p.f.name
	panic(bailout{e})
}

// syntax reports a syntax error at the current token.
func (p *parser) syntax(msg string) { p.fail(&Error{Pos: p.lx.pos, Msg: msg}) }

// syntaxAt reports a syntax error about a shape at the current token.
func (p *parser) syntaxShape(id shapeid.ID, msg string) {
	p.fail(&Error{Pos: p.lx.pos, Shape: id, Msg: msg})
}

func (p *parser) kind() tok     { return p.lx.kind }
func (p *parser) pos() node.Pos { return p.lx.pos }
func (p *parser) next()         { p.lx.next() }

func (p *parser) found() string { return p.lx.kind.debugLexeme(p.lx.lexeme()) }

// expect checks that the current token is one of kinds (it does not
// advance) and returns it.
func (p *parser) expect(kinds ...tok) tok {
	k := p.lx.kind
	for _, want := range kinds {
		if k == want {
			return k
		}
	}
	if k == tError {
		p.fail(&Error{Pos: p.lx.errPos, Msg: p.lx.errMsg})
	}
	var b strings.Builder
	if len(kinds) == 1 {
		b.WriteString("Expected ")
		b.WriteString(kinds[0].debug())
		b.WriteString(" but found ")
	} else {
		b.WriteString("Expected one of ")
		for i, want := range kinds {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(want.debug())
		}
		b.WriteString("; but found ")
	}
	b.WriteString(p.found())
	p.syntax(b.String())
	return k
}

func (p *parser) skipSpaces() {
	for p.lx.kind == tSpace {
		p.next()
	}
}

func (p *parser) skipWs() {
	for p.lx.kind.isWS() {
		p.next()
	}
}

func (p *parser) skipWsAndDocs() {
	for p.lx.kind.isWS() || p.lx.kind == tDocComment {
		p.next()
	}
}

func (p *parser) skipOptionalComma() {
	if p.lx.kind == tComma {
		p.next()
	}
}

func (p *parser) expectAndSkipSpaces() {
	p.expect(tSpace)
	p.skipSpaces()
}

func (p *parser) expectAndSkipWhitespace() {
	if !p.lx.kind.isWS() {
		if p.lx.kind == tError {
			p.fail(&Error{Pos: p.lx.errPos, Msg: p.lx.errMsg})
		}
		p.syntax("Expected one or more whitespace characters, but found " + p.found())
	}
	p.skipWsAndDocs()
}

// expectBr consumes the BR production: optional spaces, then a line break
// or a comment (or the end of the file), then any whitespace.
// Documentation comments still buffered here were attached to nothing.
func (p *parser) expectBr() {
	p.skipSpaces()
	p.clearDocsForBr()
	switch p.lx.kind {
	case tNewline, tComment, tDocComment:
		p.next()
		p.skipWs()
	case tEOF:
	default:
		if p.lx.kind == tError {
			p.fail(&Error{Pos: p.lx.errPos, Msg: p.lx.errMsg})
		}
		p.syntax("Expected a line break, but found " + p.found())
	}
}

func (p *parser) clearDocsForBr() {
	if s, _, ok := p.lx.takeDocs(); ok {
		p.badDocComment(p.pos(), s)
	}
}

func (p *parser) badDocComment(pos node.Pos, text string) {
	p.f.events = append(p.f.events, Event{
		Severity: Warning,
		ID:       "Model.BadDocumentationComment",
		File:     p.f.name,
		Pos:      pos,
		Msg: "Found documentation comments ('///') attached to nothing. Documentation comments must " +
			"appear on their own lines, directly before shapes and members, and before any traits. " +
			"The invalid comments were: " + text,
	})
}

// stringSlice returns the value of a string, text block or identifier.
func (p *parser) stringSlice() string {
	if p.lx.kind == tIdent {
		return p.lx.lexeme()
	}
	return p.lx.str
}

func (p *parser) enter() {
	p.depth++
	if p.depth > MaxDepth {
		p.syntax(fmt.Sprintf("Parser exceeded maximum allowed depth of %d", MaxDepth))
	}
}

func (p *parser) leave() { p.depth-- }

// ---- shape IDs ----------------------------------------------------------

// namespaceText consumes Identifier *("." Identifier).
func (p *parser) namespaceText() string {
	start := p.lx.start
	p.namespace()
	return string(p.lx.src[start:p.lx.start])
}

// namespace consumes Identifier *("." Identifier), as namespaceText does,
// without making its text.
func (p *parser) namespace() {
	p.expect(tIdent)
	p.next()
	for p.lx.kind == tDot {
		p.next()
		p.expect(tIdent)
		p.next()
	}
}

// relativeRootText consumes Identifier ["$" Identifier].
func (p *parser) relativeRoot() {
	p.expect(tIdent)
	p.next()
	if p.lx.kind == tDollar {
		p.next()
		p.expect(tIdent)
		p.next()
	}
}

// shapeIDText consumes a relative or absolute shape ID and returns it as
// written. The tokens of a shape ID are adjacent, so the text is the
// source between the first token and the current one.
func (p *parser) shapeIDText() (string, node.Pos) {
	start, pos := p.lx.start, p.lx.pos
	p.namespace()
	if p.lx.kind == tDollar || p.lx.kind == tPound {
		p.next()
		p.relativeRoot()
	}
	return p.intern(p.lx.src[start:p.lx.start]), pos
}

func (p *parser) shapeID() ref {
	text, pos := p.shapeIDText()
	if _, err := shapeid.ParseRelative(text); err != nil {
		p.fail(&Error{Pos: pos, Msg: "Invalid shape ID `" + text + "`: " + err.(*shapeid.Error).Reason})
	}
	return ref{text}
}

// ---- file structure -----------------------------------------------------

func (p *parser) parseFile() {
	p.skipWsAndDocs()
	p.controlSection()
	p.skipWsAndDocs()
	p.metadataSection()
	p.shapeSection()
}

func (p *parser) controlSection() {
	seen := map[string]bool{}
	for p.lx.kind == tDollar {
		p.next()
		p.expect(tIdent, tString)
		key := p.stringSlice()
		p.next()
		p.skipSpaces()
		p.expect(tColon)
		p.next()
		p.skipSpaces()
		if seen[key] {
			p.syntax("Duplicate control statement `" + key + "`")
		}
		seen[key] = true
		v := p.nodeValue()
		switch key {
		case "version":
			p.onVersion(v)
		case "operationInputSuffix":
			p.inSuffix = p.suffix(key, v)
		case "operationOutputSuffix":
			p.outSuffix = p.suffix(key, v)
		default:
			p.f.events = append(p.f.events, Event{
				Severity: Warning, ID: "Model", File: p.f.name, Pos: v.pos,
				Msg: fmt.Sprintf("Unknown control statement `%s` with value `%s`", key, v.json()),
			})
		}
		p.expectBr()
	}
}

func (p *parser) onVersion(v value) {
	if v.kind != node.String || v.ref {
		p.fail(&Error{Pos: v.pos, Msg: "The $version control statement must have a string value, but found " + v.json()})
	}
	switch v.text {
	case "1", "1.0":
		p.f.version, p.v2 = "1.0", false
	case "2", "2.0":
		p.f.version, p.v2 = "2.0", true
	default:
		p.syntax("Unsupported Smithy version number: " + v.text)
	}
}

func (p *parser) suffix(key string, v value) string {
	if v.kind != node.String || v.ref {
		p.fail(&Error{Pos: v.pos, Msg: fmt.Sprintf("The $%s control statement must have a string value, but found %s", key, v.json())})
	}
	for i := 0; i < len(v.text); i++ {
		if !isIdentChar(v.text[i]) {
			p.fail(&Error{Pos: v.pos, Msg: fmt.Sprintf("The $%s control statement must be made of identifier characters (letters, digits, '_'), but found %s", key, v.json())})
		}
	}
	return v.text
}

func (p *parser) metadataSection() {
	for p.lx.is("metadata") {
		p.next()
		p.expectAndSkipSpaces()
		pos := p.pos()
		p.expect(tIdent, tString)
		key := p.stringSlice()
		p.next()
		p.skipSpaces()
		p.expect(tEqual)
		p.next()
		p.skipSpaces()
		v := p.nodeValue()
		p.f.metadata = append(p.f.metadata, metaStmt{key: key, val: v, pos: pos})
		p.expectBr()
		p.skipWsAndDocs()
	}
}

func (p *parser) shapeSection() {
	if p.lx.is("namespace") {
		p.next()
		p.expectAndSkipSpaces()
		p.f.namespace = p.namespaceText()
		p.expectBr()
		docPos := p.pos()
		p.skipWsAndDocs()
		p.useSection()
		p.firstShapeStatement(docPos)
		for p.lx.kind != tEOF {
			hasDoc := p.lx.kind == tDocComment
			traits := p.docsAndTraitsBeforeShape(false)
			if p.shapeFollows(traits, hasDoc) {
				p.shapeOrApply(traits)
			}
		}
	} else if p.lx.kind != tEOF {
		p.syntax("Expected a namespace definition but found " + p.found())
	}
}

func (p *parser) useSection() {
	for p.lx.is("use") {
		p.next()
		p.expectAndSkipSpaces()
		pos := p.pos()
		start := p.lx.start
		p.namespace()
		p.expect(tPound)
		p.next()
		p.relativeRoot()
		text := string(p.lx.src[start:p.lx.start])
		id, err := shapeid.Parse(text)
		if err != nil {
			p.fail(&Error{Pos: pos, Msg: "Invalid shape ID `" + text + "`: " + err.(*shapeid.Error).Reason})
		}
		if id.HasMember() {
			p.fail(&Error{Pos: pos, Msg: "Use statements cannot use members"})
		}
		if prev, ok := p.f.uses[id.Name]; ok {
			p.fail(&Error{Pos: pos, Msg: fmt.Sprintf("Cannot use name `%s` because it conflicts with `%s`", id, prev)})
		}
		p.f.uses[id.Name] = id
		p.f.usesList = append(p.f.usesList, useStmt{id: id, pos: pos})
		p.expectBr()
		p.skipWsAndDocs()
	}
}

func (p *parser) firstShapeStatement(docPos node.Pos) {
	if p.lx.kind == tEOF {
		return
	}
	p.skipWsAndDocs()
	doc, _, hasDoc := p.lx.takeDocs()
	traits := p.docsAndTraitsBeforeShape(false)
	if hasDoc {
		traits = append(traits, docTrait(doc, docPos))
	}
	if p.shapeFollows(traits, hasDoc) {
		p.shapeOrApply(traits)
	}
}

// The references that name prelude shapes with their namespace, as the
// parser records the prelude traits a statement implies (made once).
var (
	documentationRef = absoluteRef(preludeid.Documentation)
	enumValueRef     = absoluteRef(preludeid.EnumValue)
	unitRef          = absoluteRef(preludeid.Unit)
	inputRef         = absoluteRef(preludeid.Input)
	outputRef        = absoluteRef(preludeid.Output)
)

// absoluteRef is the reference that names id with its namespace.
func absoluteRef(id shapeid.ID) ref { return ref{id.String()} }

func docTrait(text string, pos node.Pos) traitApp {
	return traitApp{
		id:  documentationRef,
		val: value{kind: node.String, text: text, pos: pos},
		pos: pos,
		doc: true,
	}
}

// shapeFollows decides, at the end of the file, whether the traits read
// must be followed by a shape (an error) or were only a dangling comment.
func (p *parser) shapeFollows(traits []traitApp, hasDoc bool) bool {
	if p.lx.kind != tEOF {
		return true
	}
	if hasDoc {
		if len(traits) == 1 {
			p.badDocComment(p.pos(), traits[0].val.text)
			return false
		}
		return true
	}
	return len(traits) > 0
}

// docsAndTraitsBeforeShape reads the documentation comment and the traits
// in front of a shape or member.
func (p *parser) docsAndTraitsBeforeShape(member bool) []traitApp {
	p.skipWs()
	var doc *traitApp
	if p.lx.kind == tDocComment {
		pos := p.pos()
		p.skipWsAndDocs()
		if s, _, ok := p.lx.takeDocs(); ok {
			d := docTrait(s, pos)
			doc = &d
		}
	} else {
		p.skipWsAndDocs()
	}
	traits := p.traits(doc)
	p.skipWsAndDocs()
	if member {
		p.clearDocsForBr()
	}
	return traits
}

// traits reads the traits at the current token, and doc after them
// when it is not nil, into a list of their number. They are read into
// p.traitBuf (no trait's value holds traits, so one buffer serves every
// statement): grown by append in a list of each statement's own, with the
// documentation comment appended after, they were 37 MB allocated for
// 12 MB kept while examples/mcp/mcp.smithy was loaded 174 times
// (docs/performance.md, "Where a model's bytes go", twelfth round).
func (p *parser) traits(doc *traitApp) []traitApp {
	buf := p.traitBuf[:0]
	for p.lx.kind == tAt {
		buf = append(buf, p.trait())
		p.skipWsAndDocs()
	}
	if doc != nil {
		buf = append(buf, *doc)
	}
	p.traitBuf = buf
	if len(buf) == 0 {
		return nil
	}
	if uint64(len(buf)) >= uint64(stmtTraits) {
		p.syntax("too many traits on one statement")
	}
	ts := slices.Clone(buf)
	clear(buf)
	return ts
}

func (p *parser) trait() traitApp {
	pos := p.pos()
	p.expect(tAt)
	p.next()
	id := p.shapeID()
	t := traitApp{id: id, pos: pos, annotation: true, val: value{kind: node.Null, pos: pos}}
	if p.lx.kind != tLParen {
		return t
	}
	p.next()
	p.skipWsAndDocs()
	if p.lx.kind == tRParen {
		p.next()
		return t
	}
	t.annotation = false
	t.val = p.traitBody()
	p.skipWsAndDocs()
	p.expect(tRParen)
	p.next()
	return t
}

func (p *parser) traitBody() value {
	switch p.expect(tLBrace, tLBracket, tTextBlock, tString, tNumber, tIdent) {
	case tLBrace, tLBracket:
		v := p.nodeValue()
		p.skipWsAndDocs()
		return v
	case tTextBlock, tNumber:
		v := p.nodeValue()
		p.skipWsAndDocs()
		return v
	case tString:
		key, pos := p.lx.str, p.pos()
		p.next()
		p.skipWsAndDocs()
		if p.lx.kind == tColon {
			p.next()
			p.skipWsAndDocs()
			return p.structuredTrait(key, pos)
		}
		return value{kind: node.String, text: key, pos: pos}
	default:
		text, pos := p.shapeIDText()
		p.skipWsAndDocs()
		if p.lx.kind == tRParen || strings.ContainsAny(text, ".$#") {
			return p.identifierValue(text, pos)
		}
		p.expect(tColon)
		p.next()
		p.skipWsAndDocs()
		return p.structuredTrait(text, pos)
	}
}

// structuredTrait reads the key-value pairs of @trait(key: value, ...),
// whose first key has been read.
func (p *parser) structuredTrait(firstKey string, firstPos node.Pos) value {
	p.enter()
	first := p.nodeValue()
	obj := value{kind: node.Object, pos: firstPos, kids: []field{{key: firstKey, keyPos: firstPos, val: first}}}
	keys := nameSet{}
	keys.add(firstKey)
	p.skipWsAndDocs()
	for p.lx.kind != tRParen {
		p.expect(tIdent, tString)
		obj.kids = p.objectMember(obj.kids, &keys, "Duplicate member of trait: '")
	}
	p.leave()
	return obj
}

// ---- node values --------------------------------------------------------

func (p *parser) nodeValue() value {
	pos := p.pos()
	switch p.expect(tString, tTextBlock, tNumber, tIdent, tLBrace, tLBracket) {
	case tString, tTextBlock:
		v := value{kind: node.String, text: p.lx.str, pos: pos}
		p.next()
		return v
	case tNumber:
		v := value{kind: node.Number, text: p.lx.numberText(), pos: pos}
		p.next()
		return v
	case tIdent:
		text, _ := p.shapeIDText()
		return p.identifierValue(text, pos)
	case tLBrace:
		return p.objectValue()
	default:
		return p.arrayValue()
	}
}

func (p *parser) identifierValue(text string, pos node.Pos) value {
	switch text {
	case "true":
		return value{kind: node.Bool, b: true, pos: pos}
	case "false":
		return value{kind: node.Bool, pos: pos}
	case "null":
		return value{kind: node.Null, pos: pos}
	}
	if _, err := shapeid.ParseRelative(text); err != nil {
		p.fail(&Error{Pos: pos, Msg: "Invalid shape ID `" + text + "`: " + err.(*shapeid.Error).Reason})
	}
	return value{kind: node.String, ref: true, text: text, pos: pos}
}

func (p *parser) arrayValue() value {
	pos := p.pos()
	p.enter()
	p.expect(tLBracket)
	p.next()
	p.skipWsAndDocs()
	v := value{kind: node.Array, pos: pos}
	for p.lx.kind != tRBracket {
		e := p.nodeValue()
		v.kids = append(v.kids, field{val: e})
		p.skipWsAndDocs()
	}
	p.next()
	p.leave()
	return v
}

func (p *parser) objectValue() value {
	pos := p.pos()
	p.expect(tLBrace)
	p.next()
	p.skipWsAndDocs()
	p.enter()
	v := value{kind: node.Object, pos: pos}
	var keys nameSet
	for {
		if p.expect(tRBrace, tString, tIdent) == tRBrace {
			break
		}
		v.kids = p.objectMember(v.kids, &keys, "Duplicate member: '")
	}
	p.next()
	p.leave()
	return v
}

// ---- shapes -------------------------------------------------------------

var shapeTypes = func() map[string]model.ShapeType {
	m := map[string]model.ShapeType{}
	for t := model.BlobType; t <= model.ResourceType; t++ {
		if t != model.MemberType {
			m[t.String()] = t
		}
	}
	return m
}()

func (p *parser) id(name string) shapeid.ID { return shapeid.New(p.f.namespace, name) }

func (p *parser) shapeOrApply(traits []traitApp) {
	pos := p.pos()
	p.expect(tIdent)
	word := p.name()
	if word == "apply" {
		p.applyStatement(traits)
		return
	}
	typ, ok := shapeTypes[word]
	if !ok {
		p.syntax("Unknown shape type: " + word)
	}
	p.next()
	p.expectAndSkipSpaces()
	s := &shapeStmt{typ: typ, pos: pos}
	s.name = p.shapeName()
	id := p.id(s.name)
	switch {
	case typ == model.SetType && p.v2:
		p.fail(&Error{Pos: pos, Shape: id, Msg: "set shapes cannot be used in Smithy version 2.0"})
	case (typ == model.EnumType || typ == model.IntEnumType) && !p.v2:
		p.fail(&Error{Pos: pos, Shape: id, Msg: typ.String() + " shapes cannot be used in Smithy version 1.0"})
	}
	switch {
	case typ == model.EnumType || typ == model.IntEnumType:
		p.enumShape(s)
	case typ.IsSimple():
		p.mixins(s)
	case typ.IsAggregate():
		p.forResource(s)
		p.mixins(s)
		p.members(s)
	case typ == model.ServiceType, typ == model.ResourceType:
		p.entityShape(s)
	case typ == model.OperationType:
		p.operationShape(s)
	}
	s.setTraits(traits) // a list of their number (parser.traits), the statement's own
	if !s.dropped {
		p.f.shapes = append(p.f.shapes, s)
	}
	p.expectBr()
}

func (p *parser) shapeName() string {
	pos := p.pos()
	p.expect(tIdent)
	name := p.name()
	if prev, ok := p.f.uses[name]; ok {
		p.fail(&Error{Pos: pos, Msg: fmt.Sprintf("Shape name `%s` conflicts with imported shape `%s`", name, prev)})
	}
	p.next()
	return name
}

func (p *parser) mixins(s *shapeStmt) {
	p.skipSpaces()
	if !p.lx.is("with") {
		return
	}
	if !p.v2 {
		p.syntaxShape(p.id(s.name), "Mixins can only be used with Smithy version 2 or later. "+
			"Attempted to use mixins with version `"+p.f.version+"`.")
	}
	p.next()
	p.skipWsAndDocs()
	p.expect(tLBracket)
	p.next()
	p.skipWsAndDocs()
	for {
		r := s.rarePart()
		r.mixins = append(r.mixins, p.shapeID())
		p.skipWsAndDocs()
		if p.lx.kind == tRBracket {
			break
		}
	}
	p.next()
}

func (p *parser) forResource(s *shapeStmt) {
	p.skipSpaces()
	if !p.lx.is("for") {
		return
	}
	if !p.v2 {
		p.syntaxShape(p.id(s.name), "Structures can only be bound to resources with Smithy version 2 or later. "+
			"Attempted to bind a structure to a resource with version `"+p.f.version+"`.")
	}
	p.next()
	p.expectAndSkipSpaces()
	s.rarePart().forRes = p.shapeID()
}

func (p *parser) enumShape(s *shapeStmt) {
	id := p.id(s.name)
	p.mixins(s)
	p.skipWsAndDocs()
	p.expect(tLBrace)
	p.next()
	p.skipWs()
	for p.lx.kind != tEOF && p.lx.kind != tRBrace {
		traits := p.docsAndTraitsBeforeShape(true)
		pos := p.pos()
		p.expect(tIdent)
		name := p.name()
		if !p.newMemberName(s, name) {
			p.syntaxShape(id, "Found conflicting member name, `"+name+"`")
		}
		m := memberStmt{name: name, pos: pos, target: unitRef}
		m.setTraits(traits)
		p.next()
		p.skipSpaces()
		if p.lx.kind == tEqual {
			p.next()
			p.skipSpaces()
			v := p.nodeValue()
			p.checkEnumValue(s.typ, id.WithMember(name), v)
			m.setTraits(append(traits, traitApp{
				id:  enumValueRef,
				val: v, pos: v.pos,
			}))
			p.skipSpaces()
			p.skipOptionalComma()
			p.expectBr()
		} else {
			p.skipWs()
		}
		p.addMember(s, m)
	}
	p.expect(tRBrace)
	p.next()
	p.keepMembers(s)
	s.hasBody = true
	if s.nmembers == 0 && len(s.mixinList()) == 0 {
		msg := "enum must have at least one entry"
		if s.typ == model.IntEnumType {
			msg = "intEnum shapes must have at least one member"
		}
		p.f.events = append(p.f.events, Event{Severity: ErrorSev, ID: "Model", Shape: id, File: p.f.name, Pos: s.pos, Msg: msg})
		s.dropped = true
	}
}

// checkEnumValue checks the value given with `= value` to an enum or
// intEnum member: a string for enum, a 32-bit integer for intEnum.
func (p *parser) checkEnumValue(typ model.ShapeType, member shapeid.ID, v value) {
	if typ == model.EnumType {
		if v.kind != node.String {
			p.fail(&Error{Pos: v.pos, Shape: member, Msg: "enum members can only be assigned string values, but found: " + v.json()})
		}
		return
	}
	if v.kind != node.Number {
		p.fail(&Error{Pos: v.pos, Shape: member, Msg: "intEnum members require integer values, but found: " + v.json()})
	}
	if strings.ContainsAny(v.text, ".eE") {
		p.fail(&Error{Pos: v.pos, Shape: member, Msg: "intEnum members do not support floating point values, but found: " + v.text})
	}
	if !fitsInt32(v.text) {
		p.fail(&Error{Pos: v.pos, Shape: member, Msg: "intEnum members must fit within an integer, but found: " + v.text})
	}
}

func fitsInt32(s string) bool {
	neg := strings.HasPrefix(s, "-")
	digits := strings.TrimLeft(strings.TrimPrefix(s, "-"), "0")
	if len(digits) > 10 {
		return false
	}
	var n int64
	for i := 0; i < len(digits); i++ {
		n = n*10 + int64(digits[i]-'0')
	}
	if neg {
		return -n >= -1<<31
	}
	return n <= 1<<31-1
}

func (p *parser) members(s *shapeStmt) {
	p.skipWsAndDocs()
	p.clearDocsForBr()
	p.expect(tLBrace)
	p.next()
	p.skipWs()
	for p.lx.kind != tEOF && p.lx.kind != tRBrace {
		p.member(s)
		p.skipWs()
	}
	p.expect(tRBrace)
	p.next()
	p.keepMembers(s)
	s.hasBody = true
}

func (p *parser) member(s *shapeStmt) {
	parent := p.id(s.name)
	traits := p.docsAndTraitsBeforeShape(true)
	pos := p.pos()
	if p.lx.kind == tRBrace && len(traits) == 1 && traits[0].doc {
		p.badDocComment(traits[0].pos, traits[0].val.text)
		return
	}
	elided := p.lx.kind == tDollar
	if elided {
		p.next()
	}
	p.expect(tIdent)
	name := p.name()
	if !p.newMemberName(s, name) {
		p.syntaxShape(parent, fmt.Sprintf("Duplicate member of `%s`: '%s'", parent, name))
	}
	if elided && !p.v2 {
		p.syntaxShape(parent.WithMember(name), "Members can only elide targets in IDL version 2 or later")
	}
	m := memberStmt{name: name, pos: pos}
	m.setTraits(traits)
	if elided {
		m.bits |= stmtElided
	}
	p.next()
	if !elided {
		p.skipSpaces()
		p.expect(tColon)
		p.next()
		p.skipSpaces()
		m.target = p.shapeID()
	}
	p.skipSpaces()
	if p.lx.kind == tEqual {
		if !p.v2 {
			p.syntax("@default assignment is only supported in IDL version 2 or later")
		}
		d := traitApp{pos: p.pos(), dflt: true}
		p.next()
		p.skipSpaces()
		d.val = p.nodeValue()
		// Last of the member's traits (the list is the member's own:
		// clipped, the append copies it rather than writing past it).
		m.setTraits(append(slices.Clip(m.traitList()), d))
		p.skipSpaces()
		p.skipOptionalComma()
		p.expectBr()
	}
	p.addMember(s, m)
}

func (p *parser) applyStatement(traits []traitApp) {
	for _, t := range traits {
		if !t.doc {
			p.syntax("Traits applied to apply statement")
		}
	}
	a := applyStmt{pos: p.pos()}
	p.next()
	p.expectAndSkipWhitespace()
	a.target = p.shapeID()
	p.expectAndSkipWhitespace()
	if p.expect(tAt, tLBrace) == tAt {
		a.traits = []traitApp{p.trait()}
	} else {
		p.next()
		p.skipWsAndDocs()
		a.traits = p.traits(nil)
		p.skipWsAndDocs()
		p.expect(tRBrace)
		p.next()
	}
	p.f.applies = append(p.f.applies, a)
	p.expectBr()
}

// objectMember reads `key: value` (the key is the current token) and
// appends it to fields; a key already there fails with dupMsg + key + "'".
func (p *parser) objectMember(fields []field, keys *nameSet, dupMsg string) []field {
	key, keyPos := p.stringSlice(), p.pos()
	p.next()
	p.skipWsAndDocs()
	p.expect(tColon)
	p.next()
	p.skipWsAndDocs()
	v := p.nodeValue()
	if !keys.add(key) {
		p.fail(&Error{Pos: keyPos, Msg: dupMsg + key + "'"})
	}
	fields = append(fields, field{key: key, keyPos: keyPos, val: v})
	p.skipWsAndDocs()
	return fields
}
