package smithyvalidate

import (
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// The engine evaluates the selectors of @idRef traits on the shape an ID
// names. It supports the selectors that test one shape by itself:
//
//   - "*";
//   - shape types ("string", "structure", ...; "string" also matches enum
//     shapes and "integer" intEnum shapes, as in Smithy) and the
//     categories "number", "simpleType" and "collection";
//   - trait attributes "[trait|name]" (existence; a relative name is in
//     smithy.api) and compounds such as "structure[trait|error]";
//   - ":is(a, b, ...)", ":not(a, ...)" and ":test(a, ...)" of those.
//
// Selectors with relationships (">", "-[input]->"), comparisons
// ("[trait|x=y]"), scoped attributes or variables are not evaluated: a
// value is then checked for everything but the selector, with an advisory
// finding (code selector-unsupported).

// shapeTest is a compiled selector.
type shapeTest func(*model.Shape) bool

// compileSelector compiles text, or reports false when it uses a form the
// engine does not support.
func compileSelector(text string) (shapeTest, bool) {
	p := selParser{s: strings.TrimSpace(text)}
	t, ok := p.list()
	if !ok || p.i != len(p.s) {
		return nil, false
	}
	return t, true
}

type selParser struct {
	s string
	i int
}

func (p *selParser) ws() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

// list parses one selector at the top level or comma-separated ones
// inside a function; several are or-ed.
func (p *selParser) list() (shapeTest, bool) {
	var alts []shapeTest
	for {
		p.ws()
		t, ok := p.compound()
		if !ok {
			return nil, false
		}
		alts = append(alts, t)
		p.ws()
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
			continue
		}
		break
	}
	if len(alts) == 1 {
		return alts[0], true
	}
	return func(s *model.Shape) bool {
		for _, a := range alts {
			if a(s) {
				return true
			}
		}
		return false
	}, true
}

// compound parses a sequence of simple tests with no space between them.
func (p *selParser) compound() (shapeTest, bool) {
	var parts []shapeTest
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '*':
			p.i++
			parts = append(parts, func(*model.Shape) bool { return true })
		case c == '[':
			t, ok := p.attribute()
			if !ok {
				return nil, false
			}
			parts = append(parts, t)
		case c == ':':
			t, ok := p.function()
			if !ok {
				return nil, false
			}
			parts = append(parts, t)
		case isIdentByte(c):
			j := p.i
			for j < len(p.s) && isIdentByte(p.s[j]) {
				j++
			}
			t, ok := typeTest(p.s[p.i:j])
			if !ok {
				return nil, false
			}
			p.i = j
			parts = append(parts, t)
		default:
			if len(parts) == 0 {
				return nil, false
			}
			return and(parts), true
		}
	}
	if len(parts) == 0 {
		return nil, false
	}
	return and(parts), true
}

func and(parts []shapeTest) shapeTest {
	if len(parts) == 1 {
		return parts[0]
	}
	return func(s *model.Shape) bool {
		for _, t := range parts {
			if !t(s) {
				return false
			}
		}
		return true
	}
}

func isIdentByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// attribute parses [trait|name].
func (p *selParser) attribute() (shapeTest, bool) {
	end := strings.IndexByte(p.s[p.i:], ']')
	if end < 0 {
		return nil, false
	}
	body := strings.TrimSpace(p.s[p.i+1 : p.i+end])
	name, ok := strings.CutPrefix(body, "trait|")
	if !ok || name == "" || strings.ContainsAny(name, "|=!^$*<> '\"") {
		return nil, false
	}
	var id shapeid.ID
	if strings.IndexByte(name, '#') >= 0 {
		var err error
		if id, err = shapeid.Parse(name); err != nil {
			return nil, false
		}
	} else {
		if !shapeid.IsIdentifier(name) {
			return nil, false
		}
		id = shapeid.New(shapeid.Prelude, name)
	}
	p.i += end + 1
	return func(s *model.Shape) bool { return s.HasTrait(id) }, true
}

// function parses :is(...), :not(...) and :test(...).
func (p *selParser) function() (shapeTest, bool) {
	rest := p.s[p.i:]
	var name string
	for _, n := range []string{":is(", ":not(", ":test("} {
		if strings.HasPrefix(rest, n) {
			name = n
		}
	}
	if name == "" {
		return nil, false
	}
	p.i += len(name)
	inner, ok := p.list()
	if !ok {
		return nil, false
	}
	p.ws()
	if p.i >= len(p.s) || p.s[p.i] != ')' {
		return nil, false
	}
	p.i++
	if name == ":not(" {
		return func(s *model.Shape) bool { return !inner(s) }, true
	}
	return inner, true
}

// typeTest returns the test for a shape type name or category.
func typeTest(name string) (shapeTest, bool) {
	switch name {
	case "number":
		return func(s *model.Shape) bool { return s.Type().IsNumber() }, true
	case "simpleType":
		return func(s *model.Shape) bool { return s.Type().IsSimple() }, true
	case "collection":
		return func(s *model.Shape) bool { return s.Type() == model.ListType || s.Type() == model.SetType }, true
	case "string":
		return func(s *model.Shape) bool { return s.Type() == model.StringType || s.Type() == model.EnumType }, true
	case "integer":
		return func(s *model.Shape) bool { return s.Type() == model.IntegerType || s.Type() == model.IntEnumType }, true
	}
	t, ok := model.ParseShapeType(name)
	if !ok {
		return nil, false
	}
	return func(s *model.Shape) bool { return s.Type() == t }, true
}
