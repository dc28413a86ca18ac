package selector

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// SyntaxError is a selector that does not parse. Offset is the 0-based byte
// offset of the problem in Selector; Line and Column (1-based, columns
// counted in characters) locate it for people.
type SyntaxError struct {
	Selector string
	Offset   int
	Line     int
	Column   int
	Msg      string
}

// Error renders the error as the reference implementation does:
// "Syntax error at line L column C, near `rest`: message; expression: text".
func (e *SyntaxError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Syntax error at line %d column %d", e.Line, e.Column)
	if e.Offset <= len(e.Selector) {
		fmt.Fprintf(&b, ", near `%s`", e.Selector[e.Offset:])
	}
	fmt.Fprintf(&b, ": %s; expression: %s", e.Msg, e.Selector)
	return b.String()
}

// maxDepth bounds the nesting of functions and variables.
const maxDepth = 100

type parser struct {
	text     string
	pos      int
	depth    int
	vars     map[string]int
	roots    []expr
	warnings []string
	// pendingChecks are the context values of a scoped attribute whose
	// scope is the shape, checked once the attribute parsed.
	pendingChecks []pathCheck
}

type pathCheck struct {
	start int
	path  []string
}

// Parse compiles a selector.
func Parse(text string) (*Selector, error) {
	p := &parser{text: text, vars: map[string]int{}}
	var sel *Selector
	err := func() (err error) {
		defer func() {
			if r := recover(); r != nil {
				se, ok := r.(*SyntaxError)
				if !ok {
					panic(r)
				}
				err = se
			}
		}()
		steps := p.selector()
		p.ws()
		if !p.eof() {
			p.fail("Unexpected selector character: %s", p.peekForMessage())
		}
		root := and(steps)
		sel = &Selector{text: text, root: root, nvars: len(p.vars), varSlots: p.vars, roots: p.roots, warnings: p.warnings, filter: root.filter(), backward: len(p.vars) == 0 && backward(root)}
		return nil
	}()
	if err != nil {
		return nil, err
	}
	return sel, nil
}

// MustParse is like [Parse] but panics on error; it is meant for selectors
// written in code.
func MustParse(text string) *Selector {
	s, err := Parse(text)
	if err != nil {
		panic(err)
	}
	return s
}

func (p *parser) fail(format string, args ...any) {
	p.failAt(p.pos, format, args...)
}

func (p *parser) failAt(pos int, format string, args ...any) {
	line, col := 1, 1
	for i, r := range p.text {
		if i >= pos {
			break
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	panic(&SyntaxError{Selector: p.text, Offset: pos, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)})
}

func (p *parser) eof() bool { return p.pos >= len(p.text) }

func (p *parser) peek() byte {
	if p.eof() {
		return 0
	}
	return p.text[p.pos]
}

func (p *parser) peekForMessage() string {
	if p.eof() {
		return "[EOF]"
	}
	r, _ := utf8.DecodeRuneInString(p.text[p.pos:])
	return string(r)
}

func (p *parser) ws() {
	for !p.eof() {
		switch p.text[p.pos] {
		case ' ', '\t', '\r', '\n':
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) expect(c byte) {
	if p.peek() == c && !p.eof() {
		p.pos++
		return
	}
	p.fail("Expected: '%c', but found '%s'", c, p.peekForMessage())
}

// expectOneOf consumes one of the tokens and returns it.
func (p *parser) expectOneOf(tokens ...byte) byte {
	if !p.eof() {
		for _, t := range tokens {
			if p.text[p.pos] == t {
				p.pos++
				return t
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Found '%s', but expected one of the following tokens:", p.peekForMessage())
	for _, t := range tokens {
		fmt.Fprintf(&b, " '%c'", t)
	}
	p.fail("%s", b.String())
	return 0
}

func isAlpha(c byte) bool      { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
func isIdentChar(c byte) bool  { return isAlpha(c) || isDigit(c) || c == '_' }
func isIdentStart(c byte) bool { return isAlpha(c) || c == '_' }

// identifier consumes a Smithy identifier and returns it.
func (p *parser) identifier() string {
	start := p.pos
	if p.peek() == '_' {
		for p.peek() == '_' {
			p.pos++
		}
		if !isIdentChar(p.peek()) || p.eof() {
			p.fail("Expected a valid identifier character, but found '%s'", p.peekForMessage())
		}
	} else if !isAlpha(p.peek()) {
		p.fail("Expected a valid identifier character, but found '%s'", p.peekForMessage())
	}
	p.pos++
	for !p.eof() && isIdentChar(p.text[p.pos]) {
		p.pos++
	}
	return p.text[start:p.pos]
}

// selector parses expressions until a break token (",", "]", ")") or the
// end.
func (p *parser) selector() []expr {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		p.fail("Selector exceeds the maximum allowed nesting depth of %d", maxDepth)
	}
	var steps []expr
	add := func(e expr) {
		if e != nil { // nil is "*", the identity
			steps = append(steps, e)
		}
	}
	add(p.expression())
	p.ws()
	for !p.eof() && !strings.ContainsRune(",])", rune(p.peek())) {
		add(p.expression())
		p.ws()
	}
	return steps
}

var typeKeywords = map[string]typeTest{
	"number":        {name: "number", fn: func(t model.ShapeType) bool { return t.IsNumber() }},
	"simpleType":    {name: "simpleType", fn: func(t model.ShapeType) bool { return t.IsSimple() }},
	"collection":    {name: "collection", fn: func(t model.ShapeType) bool { return t == model.ListType || t == model.SetType }},
	"aggregateType": {name: "aggregateType", fn: func(t model.ShapeType) bool { return t.IsAggregate() }},
	"serviceType":   {name: "serviceType", fn: func(t model.ShapeType) bool { return t.IsService() }},
	"dataType":      {name: "dataType", fn: func(t model.ShapeType) bool { return t.IsSimple() || t.IsAggregate() }},
	// A type name also matches its specializations, as in the reference
	// implementation: string matches enum, integer matches intEnum, and
	// list and set match each other.
	"string":  {name: "string", fn: func(t model.ShapeType) bool { return t == model.StringType || t == model.EnumType }},
	"integer": {name: "integer", fn: func(t model.ShapeType) bool { return t == model.IntegerType || t == model.IntEnumType }},
	"list":    {name: "list", fn: func(t model.ShapeType) bool { return t == model.ListType || t == model.SetType }},
	"set":     {name: "set", fn: func(t model.ShapeType) bool { return t == model.ListType || t == model.SetType }},
}

func typeKeyword(name string) (typeTest, bool) {
	if t, ok := typeKeywords[name]; ok {
		return t, true
	}
	st, ok := model.ParseShapeType(name)
	if !ok {
		return typeTest{}, false
	}
	return typeTest{name: name, fn: func(t model.ShapeType) bool { return t == st }}, true
}

// expression parses one selector expression; nil is the identity ("*").
func (p *parser) expression() expr {
	p.ws()
	switch p.peek() {
	case ':':
		p.pos++
		return p.function()
	case '[':
		p.pos++
		if p.peek() == '@' {
			p.pos++
			return p.scopedAttribute()
		}
		return p.attribute()
	case '>':
		p.pos++
		return &neighborExpr{forward: true}
	case '<':
		p.pos++
		if p.peek() == '-' {
			p.pos++
			p.expect('[')
			rels := p.relationships()
			p.expect('-')
			return newNeighbor(false, rels)
		}
		return &neighborExpr{}
	case '~':
		p.pos++
		p.expect('>')
		return recursiveNeighborExpr{}
	case '-':
		p.pos++
		p.expect('[')
		rels := p.relationships()
		p.expect('-')
		p.expect('>')
		return newNeighbor(true, rels)
	case '*':
		p.pos++
		return nil
	case '$':
		p.pos++
		return p.variable()
	}
	if p.eof() {
		p.fail("Unexpected selector EOF")
	}
	if !isIdentStart(p.peek()) {
		p.fail("Unexpected selector character: %s", p.peekForMessage())
	}
	name := p.identifier()
	t, ok := typeKeyword(name)
	if !ok {
		p.fail("Unknown shape type: %s", name)
	}
	return t
}

// knownRelationships are the relationship names of the specification
// (and the reference implementation's deprecated "bound" and
// "instanceOperation").
var knownRelationships = map[string]bool{
	"resource": true, "operation": true, "collectionOperation": true, "instanceOperation": true,
	"bound": true, "put": true, "create": true, "read": true, "update": true, "delete": true,
	"list": true, "identifier": true, "property": true, "input": true, "output": true,
	"error": true, "member": true, "trait": true, "mixin": true,
}

// relationships parses `X, Y]` after "-[" or "<-[".
func (p *parser) relationships() []string {
	var rels []string
	for {
		p.ws()
		start := p.pos
		name := p.identifier()
		if !knownRelationships[name] {
			p.warnings = append(p.warnings, fmt.Sprintf("unknown relationship type %q at offset %d: it is never traversed", name, start))
		}
		rels = append(rels, name)
		p.ws()
		if p.expectOneOf(']', ',') == ']' {
			return rels
		}
	}
}

func (p *parser) variable() expr {
	p.ws()
	if p.peek() == '{' {
		p.pos++
		p.ws()
		name := p.identifier()
		p.ws()
		p.expect('}')
		return varGetExpr{slot: p.slot(name)}
	}
	name := p.identifier()
	p.ws()
	p.expect('(')
	p.ws()
	arg := and(p.selector())
	p.ws()
	p.expect(')')
	return &varSetExpr{slot: p.slot(name), arg: arg}
}

func (p *parser) slot(name string) int {
	if i, ok := p.vars[name]; ok {
		return i
	}
	p.vars[name] = len(p.vars)
	return len(p.vars) - 1
}

func (p *parser) function() expr {
	start := p.pos
	name := p.identifier()
	args := p.functionArgs()
	one := func() expr {
		if len(args) != 1 {
			p.failAt(start, "The :%s function requires a single selector argument", name)
		}
		return args[0]
	}
	switch name {
	case "not":
		a := one()
		return &notExpr{arg: a, plan: planExists(a)}
	case "test":
		return newTest(args)
	case "is", "each":
		if name == "each" {
			p.warnings = append(p.warnings, "the :each function has been renamed to :is")
		}
		return is(args)
	case "in":
		a := one()
		return &inExpr{arg: a, plan: planIn(a)}
	case "root":
		arg := one()
		p.roots = append(p.roots, arg)
		return rootExpr{index: len(p.roots) - 1}
	case "topdown":
		if len(args) > 2 {
			p.failAt(start, "The :topdown function accepts 1 or 2 selectors, but found %d", len(args))
		}
		t := &topDownExpr{qualifier: args[0]}
		if len(args) == 2 {
			t.disqualifier = args[1]
		}
		return t
	case "recursive":
		return &recursiveExpr{arg: one()}
	}
	p.warnings = append(p.warnings, fmt.Sprintf("unknown function :%s at offset %d: it yields no shapes", name, start-1))
	return unknownFuncExpr{name: name}
}

func (p *parser) functionArgs() []expr {
	p.ws()
	p.expect('(')
	var args []expr
	for {
		args = append(args, and(p.selector()))
		p.ws()
		if p.expectOneOf(')', ',') == ')' {
			return args
		}
	}
}

// attribute parses the rest of `[key|path op values i]`.
func (p *parser) attribute() expr {
	p.ws()
	start := p.pos
	path := p.attributePath()
	p.ws()
	next := p.expectOneOf(']', '=', '!', '^', '$', '*', '?', '>', '<')
	if next == ']' {
		p.checkAttributePath(start, path)
		return newAttrExpr(path, cmpNone, nil, false)
	}
	cmp := p.comparator(next)
	values := []string{p.value()}
	p.ws()
	for p.peek() == ',' && !p.eof() {
		p.pos++
		values = append(values, p.value())
		p.ws()
	}
	ci := p.caseInsensitive()
	p.expect(']')
	p.checkAttributePath(start, path)
	return newAttrExpr(path, cmp, values, ci)
}

func (p *parser) caseInsensitive() bool {
	p.ws()
	if p.peek() == 'i' && !p.eof() {
		p.pos++
		p.ws()
		return true
	}
	return false
}

// checkAttributePath rejects attribute names and id or service properties
// that do not exist, which the reference implementation reports only when
// the selector is evaluated.
func (p *parser) checkAttributePath(start int, path []string) {
	if len(path) == 0 {
		return
	}
	switch path[0] {
	case "id":
		if len(path) > 1 && !validIDProperty(path[1]) {
			p.failAt(start, "Invalid nested 'id' selector attribute property: %s", path[1])
		}
	case "service":
		if len(path) > 1 {
			switch path[1] {
			case "version":
			case "id":
				if len(path) > 2 && !validIDProperty(path[2]) {
					p.failAt(start, "Invalid nested 'id' selector attribute property: %s", path[2])
				}
			default:
				p.failAt(start, "Invalid nested 'service' selector attribute property: %s", path[1])
			}
		}
	case "trait":
		if len(path) > 1 && !strings.HasPrefix(path[1], "(") {
			if _, err := shapeid.Parse(absoluteTraitName(path[1])); err != nil {
				p.failAt(start, "Invalid trait shape ID in selector attribute: %s", path[1])
			}
		}
	case "var":
	default:
		p.failAt(start, "Invalid shape selector attribute: %s", path[0])
	}
}

func validIDProperty(s string) bool {
	switch s {
	case "name", "namespace", "member", "(length)":
		return true
	}
	return false
}

func (p *parser) comparator(next byte) comparator {
	var c comparator
	switch next {
	case '=':
		c = cmpEq
	case '!':
		p.expect('=')
		c = cmpNe
	case '^':
		p.expect('=')
		c = cmpPrefix
	case '$':
		p.expect('=')
		c = cmpSuffix
	case '*':
		p.expect('=')
		c = cmpContains
	case '?':
		p.expect('=')
		c = cmpExists
	case '>':
		c = cmpGt
		if p.peek() == '=' && !p.eof() {
			p.pos++
			c = cmpGe
		}
	case '<':
		c = cmpLt
		if p.peek() == '=' && !p.eof() {
			p.pos++
			c = cmpLe
		}
	case '{':
		switch p.expectOneOf('<', '=', '!') {
		case '<':
			c = cmpSubset
			if p.peek() == '<' && !p.eof() {
				p.pos++
				c = cmpProperSubset
			}
		case '=':
			c = cmpProjEq
		default:
			p.expect('=')
			c = cmpProjNe
		}
		p.expect('}')
	default:
		p.fail("Unknown attribute comparator token '%c'", next)
	}
	p.ws()
	return c
}

// scopedAttribute parses the rest of `[@key: assertions]`.
func (p *parser) scopedAttribute() expr {
	p.ws()
	var path []string
	start := p.pos
	if p.peek() != ':' {
		path = p.attributePath()
	}
	p.ws()
	p.expect(':')
	p.ws()
	e := &scopedExpr{path: path}
	e.assertions = append(e.assertions, p.scopedAssertion(path == nil))
	p.ws()
	for p.peek() == '&' && !p.eof() {
		p.expect('&')
		p.expect('&')
		p.ws()
		e.assertions = append(e.assertions, p.scopedAssertion(path == nil))
	}
	p.expect(']')
	p.checkAttributePath(start, path)
	for _, c := range p.pendingChecks {
		p.checkAttributePath(c.start, c.path)
	}
	p.pendingChecks = p.pendingChecks[:0]
	return e
}

func (p *parser) scopedAssertion(shapeScope bool) assertion {
	a := assertion{lhs: p.scopedValue(shapeScope)}
	if p.eof() {
		p.fail("Unexpected selector EOF")
	}
	next := p.peek()
	p.pos++
	if !strings.ContainsRune("=!^$*?><{", rune(next)) {
		p.failAt(p.pos-1, "Unknown attribute comparator token '%c'", next)
	}
	a.cmp = p.comparator(next)
	a.rhs = append(a.rhs, p.scopedValue(shapeScope))
	for p.peek() == ',' && !p.eof() {
		p.pos++
		a.rhs = append(a.rhs, p.scopedValue(shapeScope))
	}
	a.ci = p.caseInsensitive()
	return a
}

func (p *parser) scopedValue(shapeScope bool) scopedValue {
	p.ws()
	if p.peek() == '@' && !p.eof() {
		start := p.pos
		p.pos++
		p.expect('{')
		path := []string{p.pathSegment()}
		path = append(path, p.selectorPath()...)
		p.expect('}')
		if shapeScope {
			p.pendingChecks = append(p.pendingChecks, pathCheck{start, path})
		}
		p.ws()
		return scopedValue{path: path, isPath: true}
	}
	v := p.value()
	p.ws()
	return scopedValue{literal: v}
}

// attributePath parses `key *("|" segment)`.
func (p *parser) attributePath() []string {
	p.ws()
	path := []string{p.identifier()}
	return append(path, p.selectorPath()...)
}

func (p *parser) selectorPath() []string {
	var out []string
	for {
		// Whitespace is insignificant, around "|" too (the reference
		// implementation skips it only before the first one).
		p.ws()
		if p.peek() != '|' || p.eof() {
			return out
		}
		p.pos++
		out = append(out, p.pathSegment())
	}
}

func (p *parser) pathSegment() string {
	p.ws()
	if p.peek() == '(' && !p.eof() {
		p.pos++
		name := p.identifier()
		p.expect(')')
		return "(" + name + ")"
	}
	return p.value()
}

// value parses a quoted text, a number or a root shape ID.
func (p *parser) value() string {
	p.ws()
	switch c := p.peek(); {
	case p.eof():
		p.fail("Expected a valid identifier character, but found '[EOF]'")
	case c == '\'' || c == '"':
		p.pos++
		start := p.pos
		for !p.eof() {
			if p.text[p.pos] == c {
				v := p.text[start:p.pos]
				p.pos++
				p.ws()
				return v
			}
			p.pos++
		}
		p.fail("Expected %c to close %s", c, p.text[start:])
	case c == '-' || isDigit(c):
		return p.number()
	}
	return p.rootShapeID()
}

func (p *parser) number() string {
	start := p.pos
	if p.peek() == '-' {
		p.pos++
		if !isDigit(p.peek()) || p.eof() {
			p.fail("Invalid number '%s': '-' must be followed by a digit", p.text[start:p.pos])
		}
	}
	for !p.eof() && isDigit(p.text[p.pos]) {
		p.pos++
	}
	if p.peek() == '.' && !p.eof() {
		p.pos++
		n := p.pos
		for !p.eof() && isDigit(p.text[p.pos]) {
			p.pos++
		}
		if n == p.pos {
			p.fail("Invalid number '%s': '.' must be followed by a digit", p.text[start:p.pos])
		}
	}
	if c := p.peek(); (c == 'e' || c == 'E') && !p.eof() {
		p.pos++
		if c := p.peek(); c == '+' || c == '-' {
			p.pos++
		}
		n := p.pos
		for !p.eof() && isDigit(p.text[p.pos]) {
			p.pos++
		}
		if n == p.pos {
			p.fail("Invalid number '%s': 'e' must be followed by a digit", p.text[start:p.pos])
		}
	}
	return p.text[start:p.pos]
}

// rootShapeID consumes `Namespace ["#" Identifier]`.
func (p *parser) rootShapeID() string {
	start := p.pos
	p.identifier()
	for p.peek() == '.' && !p.eof() {
		p.pos++
		p.identifier()
	}
	if p.peek() == '#' && !p.eof() {
		p.pos++
		p.identifier()
	}
	return p.text[start:p.pos]
}

// absoluteTraitName resolves a relative trait name to smithy.api.
func absoluteTraitName(name string) string {
	if strings.IndexByte(name, '#') < 0 {
		return shapeid.Prelude + "#" + name
	}
	return name
}
