package mend

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// The compact form: the seed's declaration text, `{!query:string,!limit:integer}`.
//
//	decl   = ws type ws
//	type   = object / list / name
//	object = "{" ws [ member ws *( "," ws member ws ) ] "}"
//	member = [ "!" ] key ws ":" ws type        ; "!" marks a required member
//	key    = ident / json-string
//	list   = "[" ws type ws "]"
//	name   = "string" / "integer" / "number" / "boolean" / "any" / "object" / "array"
//	ident  = ( ALPHA / "_" ) *( ALPHA / DIGIT / "_" / "-" )
//
// A declaration is compiled to a Smithy model (namespace mend.compact) and
// checked by the value engine: string is String, integer BigInteger (any
// integer, no range), number BigDecimal, boolean Boolean, any Document,
// object a map of String to Document, array a list of Document, [T] a list
// of T, {...} a structure. Keys that are no Smithy identifier become members
// _m0, _m1... with @jsonName. A declaration is at most 64 KiB and nests at
// most 32 levels.

const (
	maxCompactSize  = 64 << 10
	maxCompactDepth = 32
)

// CompactDeclaration is a declaration in the seed's compact form, checked
// as the Smithy shape it compiles to.
type CompactDeclaration struct {
	*ShapeDeclaration
	canonical string
	smithy    string
}

// String returns the canonical compact text: no spaces, keys bare when
// they are identifiers.
func (d *CompactDeclaration) String() string { return d.canonical }

// Smithy returns the Smithy IDL the declaration compiles to.
func (d *CompactDeclaration) Smithy() string { return d.smithy }

type ctype struct {
	name    string // scalar name, or "" for object/list
	list    *ctype
	members []cmember
	object  bool
}

type cmember struct {
	key      string
	required bool
	t        *ctype
}

type compactParser struct {
	s   string
	i   int
	err *Error
}

// ParseCompact parses and compiles a declaration in the compact form. A
// malformed declaration is an [*Error] with code E050 (an invalid
// parameter) and the offset in text.
func ParseCompact(text string) (*CompactDeclaration, error) {
	if len(text) > maxCompactSize {
		return nil, &Error{Code: CodeDeclaration, Exit: ExitUsage, // about its length: no position
			Message: fmt.Sprintf("the declaration is over %d bytes", maxCompactSize)}
	}
	p := &compactParser{s: text}
	p.ws()
	t := p.typ(0)
	p.ws()
	if p.err == nil && p.i < len(p.s) {
		p.fail("unexpected %q after the declaration", p.s[p.i])
	}
	if p.err != nil {
		p.err.Line, p.err.Column = lineCol(text, p.err.Offset)
		return nil, p.err
	}
	var canon strings.Builder
	t.canonical(&canon)
	c := &compiler{}
	root := c.shape(t)
	src := "$version: \"2\"\nnamespace mend.compact\n\n" + c.b.String()
	a := assembly.New()
	if err := a.AddSource("compact.smithy", []byte(src)); err != nil {
		return nil, &Error{Code: CodeDeclaration, Exit: ExitUsage, Message: "compiling the declaration: " + err.Error()}
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		return nil, &Error{Code: CodeDeclaration, Exit: ExitUsage, Message: fmt.Sprintf("compiling the declaration: %v %v", err, res.Events)}
	}
	sd, err := NewShapeDeclaration(res.Model, shapeid.MustParse(root))
	if err != nil {
		return nil, err
	}
	return &CompactDeclaration{ShapeDeclaration: sd, canonical: canon.String(), smithy: src}, nil
}

func (p *compactParser) fail(format string, args ...any) {
	if p.err == nil {
		p.err = &Error{Code: CodeDeclaration, Exit: ExitUsage, Offset: p.i,
			Message: "compact declaration: " + fmt.Sprintf(format, args...)}
	}
}

func (p *compactParser) ws() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *compactParser) typ(depth int) *ctype {
	if depth >= maxCompactDepth {
		p.fail("nested deeper than %d levels", maxCompactDepth)
		return nil
	}
	if p.i >= len(p.s) {
		p.fail("a type is missing at the end")
		return nil
	}
	switch p.s[p.i] {
	case '{':
		p.i++
		t := &ctype{object: true}
		seen := map[string]bool{}
		p.ws()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return t
		}
		for p.err == nil {
			m := cmember{}
			if p.i < len(p.s) && p.s[p.i] == '!' {
				m.required = true
				p.i++
				p.ws()
			}
			keyAt := p.i
			m.key = p.key()
			if p.err != nil {
				return nil
			}
			if seen[m.key] {
				p.i = keyAt
				p.fail("member %q declared twice", m.key)
				return nil
			}
			seen[m.key] = true
			p.ws()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				p.fail("expected ':' after member %q", m.key)
				return nil
			}
			p.i++
			p.ws()
			m.t = p.typ(depth + 1)
			t.members = append(t.members, m)
			p.ws()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				p.ws()
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == '}' {
				p.i++
				return t
			}
			p.fail("expected ',' or '}' in an object declaration")
		}
		return nil
	case '[':
		p.i++
		p.ws()
		el := p.typ(depth + 1)
		p.ws()
		if p.err == nil && (p.i >= len(p.s) || p.s[p.i] != ']') {
			p.fail("expected ']' after the element type")
		}
		p.i++
		return &ctype{list: el}
	}
	start := p.i
	for p.i < len(p.s) && isIdentChar(p.s[p.i]) {
		p.i++
	}
	switch name := p.s[start:p.i]; name {
	case "string", "integer", "number", "boolean", "any", "object", "array":
		return &ctype{name: name}
	case "":
		p.fail("expected a type, found %q", p.s[p.i])
	default:
		p.i = start
		p.fail("unknown type %q (string, integer, number, boolean, any, object, array, {...} or [T])", name)
	}
	return nil
}

func (p *compactParser) key() string {
	if p.i < len(p.s) && p.s[p.i] == '"' {
		start := p.i
		dec := json.NewDecoder(strings.NewReader(p.s[p.i:]))
		var k string
		if err := dec.Decode(&k); err != nil {
			p.fail("a quoted key is not a JSON string")
			return ""
		}
		p.i = start + int(dec.InputOffset())
		return k
	}
	start := p.i
	if p.i < len(p.s) && isIdentStart(p.s[p.i]) && p.s[p.i] != '$' {
		p.i++
		for p.i < len(p.s) && (isIdentChar(p.s[p.i]) && p.s[p.i] != '$' || p.s[p.i] == '-') {
			p.i++
		}
	}
	if p.i == start {
		p.fail("expected a member name")
	}
	return p.s[start:p.i]
}

func (t *ctype) canonical(b *strings.Builder) {
	switch {
	case t.object:
		b.WriteByte('{')
		for i, m := range t.members {
			if i > 0 {
				b.WriteByte(',')
			}
			if m.required {
				b.WriteByte('!')
			}
			if isCompactIdent(m.key) {
				b.WriteString(m.key)
			} else {
				q, _ := json.Marshal(m.key)
				b.Write(q)
			}
			b.WriteByte(':')
			m.t.canonical(b)
		}
		b.WriteByte('}')
	case t.list != nil:
		b.WriteByte('[')
		t.list.canonical(b)
		b.WriteByte(']')
	default:
		b.WriteString(t.name)
	}
}

func isCompactIdent(s string) bool {
	if s == "" || !isIdentStart(s[0]) || s[0] == '$' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !(isIdentChar(s[i]) && s[i] != '$' || s[i] == '-') {
			return false
		}
	}
	return true
}

// compiler writes the Smithy IDL of a compact declaration.
type compiler struct {
	b             strings.Builder
	n             int
	obj, anyArray bool
}

var scalarShapes = map[string]string{
	"string": preludeid.String.String(), "integer": preludeid.BigInteger.String(), "number": preludeid.BigDecimal.String(),
	"boolean": preludeid.Boolean.String(), "any": preludeid.Document.String(),
}

// shape writes the shapes of t and returns its shape ID.
func (c *compiler) shape(t *ctype) string {
	switch {
	case t.object:
		name := "Root"
		if c.n > 0 {
			name = "Object" + strconv.Itoa(c.n)
		}
		c.n++
		var body strings.Builder
		for i, m := range t.members {
			target := c.shape(m.t)
			if m.required {
				body.WriteString("    @required\n")
			}
			member := m.key
			if !isSmithyIdent(member) {
				q, _ := json.Marshal(m.key)
				body.WriteString("    @jsonName(" + string(q) + ")\n")
				member = "_m" + strconv.Itoa(i)
			}
			body.WriteString("    " + member + ": " + target + "\n")
		}
		c.b.WriteString("structure " + name + " {\n" + body.String() + "}\n\n")
		return "mend.compact#" + name
	case t.list != nil:
		el := c.shape(t.list)
		name := "List" + strconv.Itoa(c.n)
		c.n++
		c.b.WriteString("list " + name + " {\n    member: " + el + "\n}\n\n")
		return "mend.compact#" + name
	case t.name == "object":
		if !c.obj {
			c.obj = true
			c.b.WriteString("map AnyObject {\n    key: String\n    value: Document\n}\n\n")
		}
		return "mend.compact#AnyObject"
	case t.name == "array":
		if !c.anyArray {
			c.anyArray = true
			c.b.WriteString("list AnyArray {\n    member: Document\n}\n\n")
		}
		return "mend.compact#AnyArray"
	}
	return scalarShapes[t.name]
}

func isSmithyIdent(s string) bool {
	if s == "" || !(s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z' || s[0] == '_') {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// lineCol is the 1-based line and column (in bytes) of offset at in text.
func lineCol(text string, at int) (int, int) {
	at = min(at, len(text))
	line := 1 + strings.Count(text[:at], "\n")
	return line, at - strings.LastIndexByte(text[:at], '\n')
}
