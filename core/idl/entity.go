package idl

import (
	"fmt"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

var (
	serviceProperties  = []string{"type", "version", "operations", "resources", "rename", "errors"}
	resourceProperties = []string{"type", "create", "read", "update", "delete", "list", "identifiers",
		"resources", "operations", "put", "properties", "collectionOperations"}
)

// entityShape reads the node object body of a service or resource.
func (p *parser) entityShape(s *shapeStmt) {
	e := s.setEntity()
	id := p.id(s.name)
	p.mixins(s)
	p.skipWsAndDocs()
	p.expect(tLBrace)
	body := p.nodeValue()
	s.hasBody = true
	allowed := serviceProperties
	if s.typ == model.ResourceType {
		allowed = resourceProperties
	}
	p.checkProperties(id, body, allowed)
	for _, f := range body.kids {
		v := f.val
		switch f.key {
		case "version":
			if s.typ == model.ServiceType {
				e.version = p.stringProp(id, f)
			}
		case "operations":
			e.operations = p.idList(id, f)
		case "resources":
			e.resources = p.idList(id, f)
		case "errors":
			if s.typ == model.ServiceType {
				e.errors = p.idList(id, f)
			}
		case "rename":
			if s.typ != model.ServiceType {
				continue
			}
			p.expectKind(id, f, node.Object)
			for _, r := range v.kids {
				from, err := shapeid.Parse(r.key)
				if err != nil {
					p.fail(&Error{Pos: r.keyPos, Shape: id, Msg: fmt.Sprintf("Invalid shape ID `%s` in `rename`: %s (rename keys are absolute shape IDs)", r.key, err.(*shapeid.Error).Reason)})
				}
				to := p.stringProp(id, r)
				e.rename = append(e.rename, renameEntry{from: from, pos: r.keyPos, to: to})
			}
		case "collectionOperations":
			if s.typ == model.ResourceType {
				e.collectionOp = p.idList(id, f)
			}
		case "create", "put", "read", "update", "delete", "list":
			if s.typ != model.ResourceType {
				continue
			}
			r := p.idProp(id, f)
			switch f.key {
			case "create":
				e.create = r
			case "put":
				e.put = r
			case "read":
				e.read = r
			case "update":
				e.update = r
			case "delete":
				e.delete = r
			case "list":
				e.list = r
			}
		case "identifiers", "properties":
			if s.typ != model.ResourceType {
				continue
			}
			p.expectKind(id, f, node.Object)
			if f.key == "properties" && !p.v2 {
				p.syntaxShape(id, "Resource properties can only be used with Smithy version 2 or later. "+
					"Attempted to use resource properties with version `"+p.f.version+"`.")
			}
			var named []namedRef
			for _, e := range v.kids {
				named = append(named, namedRef{name: e.key, target: p.idProp(id, e)})
			}
			if f.key == "identifiers" {
				e.identifiers = named
			} else {
				e.properties = named
			}
		}
	}
}

// checkProperties warns about keys of a service or resource body that the
// specification does not define, as the reference implementation does.
func (p *parser) checkProperties(id shapeid.ID, body value, allowed []string) {
	var extra []string
	for _, f := range body.kids {
		ok := false
		for _, a := range allowed {
			ok = ok || a == f.key
		}
		if !ok {
			extra = append(extra, f.key)
		}
	}
	if len(extra) == 0 {
		return
	}
	sorted := append([]string(nil), allowed...)
	sort.Strings(sorted)
	p.f.events = append(p.f.events, Event{
		Severity: Warning, ID: "Model", Shape: id, File: p.f.name, Pos: body.pos,
		Msg: fmt.Sprintf("Expected an object with possible properties of `%s`, but found additional properties: `%s`",
			strings.Join(sorted, "`, `"), strings.Join(extra, "`, `")),
	})
}

func (p *parser) expectKind(id shapeid.ID, f field, k node.Kind) {
	if f.val.kind != k {
		p.fail(&Error{Pos: f.val.pos, Shape: id, Msg: fmt.Sprintf("Expected `%s` to be an %s, but found %s", f.key, k, f.val.kindName())})
	}
}

func (p *parser) stringProp(id shapeid.ID, f field) string {
	if f.val.kind != node.String || f.val.ref {
		p.fail(&Error{Pos: f.val.pos, Shape: id, Msg: fmt.Sprintf("Expected `%s` to be a string, but found %s", f.key, f.val.kindName())})
	}
	return f.val.text
}

// idProp reads a shape ID given as a quoted or unquoted string.
func (p *parser) idProp(id shapeid.ID, f field) ref {
	if f.val.kind != node.String {
		p.fail(&Error{Pos: f.val.pos, Shape: id, Msg: fmt.Sprintf("Expected `%s` to be a shape ID string, but found %s", f.key, f.val.kindName())})
	}
	if _, err := shapeid.ParseRelative(f.val.text); err != nil {
		p.fail(&Error{Pos: f.val.pos, Shape: id, Msg: fmt.Sprintf("Invalid shape ID `%s` in `%s`: %s", f.val.text, f.key, err.(*shapeid.Error).Reason)})
	}
	return ref{f.val.text}
}

func (p *parser) idList(id shapeid.ID, f field) []ref {
	p.expectKind(id, f, node.Array)
	refs := make([]ref, 0, len(f.val.kids))
	for _, e := range f.val.kids {
		refs = append(refs, p.idProp(id, field{key: f.key, keyPos: f.keyPos, val: e.val}))
	}
	return refs
}

func (p *parser) operationShape(s *shapeStmt) {
	e := s.setEntity()
	id := p.id(s.name)
	p.mixins(s)
	p.skipWsAndDocs()
	p.expect(tLBrace)
	p.next()
	p.skipWsAndDocs()
	s.hasBody = true
	seen := map[string]bool{}
	for p.lx.kind != tEOF && p.lx.kind != tRBrace {
		p.expect(tIdent)
		key := p.lx.lexeme()
		if seen[key] {
			p.syntaxShape(id, fmt.Sprintf("Duplicate operation %s property for `%s`", key, id))
		}
		seen[key] = true
		p.next()
		p.skipWsAndDocs()
		switch key {
		case "input", "output":
			walrus := p.expect(tColon, tWalrus) == tWalrus
			p.next()
			suffix, implied := p.inSuffix, preludeid.Input
			if key == "output" {
				suffix, implied = p.outSuffix, preludeid.Output
			}
			r := p.inlineable(s, walrus, suffix, implied)
			if key == "input" {
				e.input, e.inlineInput = r, walrus
			} else {
				e.output, e.inlineOutput = r, walrus
			}
		case "errors":
			p.expect(tColon)
			p.next()
			e.errors = p.errorList()
		default:
			p.syntaxShape(id, fmt.Sprintf("Unknown property %s for %s", key, id))
		}
		p.expectAndSkipWhitespace()
		p.skipWsAndDocs()
	}
	p.expect(tRBrace)
	p.next()
}

// inlineable reads the target of `input`/`output`: a shape ID after ":",
// or an inline structure after ":=", named <Operation><suffix> and marked
// with the implied trait (@input or @output), whose ref is its name (the
// shape's own string), in the file's namespace (see
// entityProps.inlineInput).
func (p *parser) inlineable(op *shapeStmt, walrus bool, suffix string, implied shapeid.ID) ref {
	if !walrus {
		p.skipWsAndDocs()
		return p.shapeID()
	}
	if !p.v2 {
		p.syntaxShape(p.id(op.name), "Inlined operation inputs and outputs can only be used with Smithy version 2 or later. "+
			"Attempted to use inlined IO with version `"+p.f.version+"`.")
	}
	p.lx.takeDocs() // comments before ":=" document nothing
	p.skipWs()
	traits := p.docsAndTraitsBeforeShape(true)
	pos := p.pos()
	s := &shapeStmt{typ: model.StructureType, name: op.name + suffix, pos: pos}
	p.forResource(s)
	p.mixins(s)
	p.members(s)
	s.setTraits(append(traits, traitApp{
		id:         impliedRef(implied),
		val:        value{kind: node.Object, pos: pos},
		annotation: true,
		pos:        pos,
		implied:    true,
	}))
	p.f.shapes = append(p.f.shapes, s)
	return ref{s.name}
}

func (p *parser) errorList() []ref {
	p.enter()
	p.skipWsAndDocs()
	p.expect(tLBracket)
	p.next()
	p.skipWsAndDocs()
	var refs []ref
	for p.lx.kind != tEOF && p.lx.kind != tRBracket {
		p.expect(tIdent)
		refs = append(refs, p.shapeID())
		p.skipWsAndDocs()
	}
	p.expect(tRBracket)
	p.next()
	p.leave()
	return refs
}

// kindName names the JSON type of a value for messages.
func (v value) kindName() string {
	if v.kind == node.Object {
		return "an object"
	}
	if v.kind == node.Array {
		return "an array"
	}
	return v.kind.String() + " " + v.json()
}

// json renders a value as compact JSON for messages (unquoted shape IDs as
// strings).
func (v value) json() string {
	var b strings.Builder
	v.writeJSON(&b)
	return b.String()
}

func (v value) writeJSON(b *strings.Builder) {
	switch v.kind {
	case node.Null:
		b.WriteString("null")
	case node.Bool:
		if v.b {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case node.Number:
		b.WriteString(v.text)
	case node.String:
		writeQuoted(b, v.text)
	case node.Array:
		b.WriteByte('[')
		for i, e := range v.kids {
			if i > 0 {
				b.WriteByte(',')
			}
			e.val.writeJSON(b)
		}
		b.WriteByte(']')
	case node.Object:
		b.WriteByte('{')
		for i, f := range v.kids {
			if i > 0 {
				b.WriteByte(',')
			}
			writeQuoted(b, f.key)
			b.WriteByte(':')
			f.val.writeJSON(b)
		}
		b.WriteByte('}')
	}
}

func writeQuoted(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20:
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// impliedRef is the reference to the trait an inline structure implies
// (@input or @output).
func impliedRef(implied shapeid.ID) ref {
	switch implied {
	case preludeid.Input:
		return inputRef
	case preludeid.Output:
		return outputRef
	}
	return absoluteRef(implied)
}
