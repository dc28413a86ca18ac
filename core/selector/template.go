package selector

import (
	"strings"
)

// Template is an EmitEachSelector message template: literal text and
// selector context values (`@{id|name}`, `@{var|foo|id}`) expanded against
// a [Match]. "@@" stands for "@".
type Template struct {
	text  string
	parts []templatePart
}

type templatePart struct {
	literal string
	path    []string // nil for a literal
}

// ParseTemplate compiles a message template. Every "@" that is not "@@"
// must start a context value.
func ParseTemplate(text string) (*Template, error) {
	p := &parser{text: text, vars: map[string]int{}}
	t := &Template{text: text}
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				se, ok := r.(*SyntaxError)
				if !ok {
					panic(r)
				}
				err = se
			}
		}()
		var lit strings.Builder
		flush := func() {
			if lit.Len() > 0 {
				t.parts = append(t.parts, templatePart{literal: lit.String()})
				lit.Reset()
			}
		}
		for !p.eof() {
			c := p.text[p.pos]
			if c != '@' {
				lit.WriteByte(c)
				p.pos++
				continue
			}
			if p.pos+1 < len(p.text) && p.text[p.pos+1] == '@' {
				lit.WriteByte('@')
				p.pos += 2
				continue
			}
			flush()
			p.pos++
			p.expect('{')
			path := []string{p.pathSegment()}
			path = append(path, p.selectorPath()...)
			p.expect('}')
			t.parts = append(t.parts, templatePart{path: path})
		}
		flush()
	}()
	if err != nil {
		return nil, err
	}
	return t, nil
}

// String returns the template as written.
func (t *Template) String() string { return t.text }

// Expand renders the template for a matched shape: each context value is
// resolved from the shape's attributes and the variables of the match;
// nodes render as compact JSON, projections as "[a, b]", missing values as
// nothing.
func (t *Template) Expand(m Match) string {
	var b strings.Builder
	c := m.c
	if c != nil && m.vars != nil {
		// Resolve variables as they were when the shape was yielded.
		saved := c.vars
		c = &evalCtx{ev: c.ev, sel: c.sel, roots: c.roots, vars: make([]shapeSet, len(saved))}
		for name, shapes := range m.vars {
			if slot, ok := c.sel.varSlots[name]; ok {
				for _, s := range shapes {
					c.vars[slot].add(s)
				}
			}
		}
	}
	for _, p := range t.parts {
		if p.path == nil {
			b.WriteString(p.literal)
			continue
		}
		b.WriteString(shapeValue(c, m.Shape).path(p.path).messageString())
	}
	return b.String()
}
