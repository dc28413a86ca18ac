package idl

import (
	"errors"
	"fmt"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// Lower resolves every shape ID of the file and returns the file as a
// [model.Document] with absolute IDs everywhere: member targets, mixins,
// trait IDs, apply targets, service, operation and resource properties,
// rename keys, and unquoted shape IDs in node values (which become strings
// holding the absolute ID, as the specification's "syntactic shape IDs").
//
// defined reports whether a root shape ID is defined anywhere in the model
// being assembled, the prelude included; relative IDs resolve by the rules
// of [shapeid.Resolver]: a `use` import, then a shape of the file's
// namespace, then a prelude shape, else the file's namespace. Unquoted
// shape IDs in metadata values resolve to the prelude namespace.
//
// A trait written without a value (@foo or @foo()) has a null value in the
// Document: its real value ({} or []) depends on the trait's shape type,
// which only model assembly knows.
func (f *File) Lower(defined func(shapeid.ID) bool) (*model.Document, error) {
	doc, _, err := f.LowerWithEvents(defined)
	return doc, err
}

// LowerWithEvents is [File.Lower] that also returns the file's non-fatal
// findings: those of [File.Events] and those that need the whole model (a
// `use` of an undefined shape, an unquoted shape ID that names no shape).
func (f *File) LowerWithEvents(defined func(shapeid.ID) bool) (*model.Document, []Event, error) {
	return f.lowerWithEvents(defined, false)
}

// ErrConsumed is the error of lowering a file that [File.LowerOnce] has
// already lowered.
var ErrConsumed = errors.New("idl: the file was lowered by LowerOnce: its statements are gone")

// LowerOnce is [File.LowerWithEvents] for a caller that will not lower the
// file again: each statement of the parse tree is dropped as soon as it is
// lowered, so that the parse tree and the lowered document are never both
// whole in memory (on a large model they are of the same size). Afterwards
// the file has no statements: Lower, LowerWithEvents and LowerOnce return
// [ErrConsumed], and [File.Declared] is nil. It must not run concurrently
// with any other use of the file.
func (f *File) LowerOnce(defined func(shapeid.ID) bool) (*model.Document, []Event, error) {
	return f.lowerWithEvents(defined, true)
}

// LowerOnceApart is [File.LowerOnce] with each shape definition made on
// its own and returned apart from the document, whose Shapes is nil: defs
// are the definitions LowerOnce would list in Shapes, in that order. A
// caller that takes the definitions one by one (package assembly gives
// them to model.NewFrom) lets each be collected once taken, and none is
// made before its statement is lowered and dropped: the array of Shapes
// was made whole beside the whole parse tree when the lowering started,
// and stayed whole until the last definition was taken (on the chain of
// 100,000 structures of docs/performance.md, "Where a model's bytes go",
// eighth round, 16 MB at both of the load's largest points).
func (f *File) LowerOnceApart(defined func(shapeid.ID) bool) (doc *model.Document, defs []*model.ShapeDef, events []Event, err error) {
	return f.lowerAll(defined, true, true)
}

func (f *File) lowerWithEvents(defined func(shapeid.ID) bool, consume bool) (*model.Document, []Event, error) {
	doc, _, events, err := f.lowerAll(defined, consume, false)
	return doc, events, err
}

func (f *File) lowerAll(defined func(shapeid.ID) bool, consume, apart bool) (*model.Document, []*model.ShapeDef, []Event, error) {
	if f.consumed {
		return nil, nil, nil, ErrConsumed
	}
	if defined == nil {
		defined = func(shapeid.ID) bool { return false }
	}
	l := &lowerer{
		f:       f,
		defined: defined,
		res: shapeid.Resolver{
			Namespace: f.namespace,
			Uses:      f.uses,
			Defined:   defined,
			Prelude:   func(name string) bool { return defined(shapeid.New(shapeid.Prelude, name)) },
		},
		events:  append([]Event(nil), f.events...),
		consume: consume,
		apart:   apart,
	}
	doc, err := l.lower()
	if err != nil {
		return nil, nil, l.events, err
	}
	return doc, l.defs, l.events, nil
}

type lowerer struct {
	f       *File
	defined func(shapeid.ID) bool
	res     shapeid.Resolver
	events  []Event
	err     *Error
	meta    bool // resolving a metadata value
	shape   shapeid.ID
	consume bool // LowerOnce: drop each statement once lowered
	apart   bool // LowerOnceApart: each definition made on its own, in defs
	defs    []*model.ShapeDef
}

func (l *lowerer) loc(p node.Pos) model.SourceLocation {
	return model.SourceLocation{File: l.f.name, Pos: p}
}

func (l *lowerer) fail(pos node.Pos, shape shapeid.ID, msg string) {
	if l.err == nil {
		l.err = &Error{File: l.f.name, Pos: pos, Shape: shape, Msg: msg}
	}
}

func (l *lowerer) resolve(r ref) shapeid.ID {
	if r.isZero() {
		return shapeid.ID{}
	}
	return l.res.Resolve(r.relative())
}

// resolveInline is resolve, but for a ref that names an inline
// structure (inline): that shape of the file's namespace.
func (l *lowerer) resolveInline(r ref, inline bool) shapeid.ID {
	if inline {
		return shapeid.ID{Namespace: l.f.namespace, Name: r.text}
	}
	return l.resolve(r)
}

func (l *lowerer) resolveAll(rs []ref) []shapeid.ID {
	if len(rs) == 0 {
		return nil
	}
	ids := make([]shapeid.ID, len(rs))
	for i, r := range rs {
		ids[i] = l.resolve(r)
	}
	return ids
}

func (l *lowerer) lower() (*model.Document, error) {
	f := l.f
	doc := &model.Document{File: f.name, Version: f.version}
	for _, u := range f.usesList {
		if !l.defined(u.id) {
			l.events = append(l.events, Event{Severity: Warning, ID: "Model", File: f.name, Pos: u.pos,
				Msg: "Use statement refers to undefined shape: " + u.id.String()})
		}
	}
	if len(f.metadata) > 0 {
		doc.Metadata = make([]model.MetadataEntry, len(f.metadata))
		l.meta = true
		for i, m := range f.metadata {
			doc.Metadata[i] = model.MetadataEntry{Key: m.key, Value: l.node(m.val), Source: l.loc(m.pos)}
		}
		l.meta = false
	}
	if l.consume {
		f.consumed = true
		f.metadata, f.usesList = nil, nil
	}
	if l.apart {
		l.defs = make([]*model.ShapeDef, len(f.shapes))
	} else {
		doc.Shapes = make([]model.ShapeDef, len(f.shapes))
	}
	for i, s := range f.shapes {
		if l.apart {
			l.defs[i] = new(model.ShapeDef)
			l.shapeDef(l.defs[i], s)
		} else {
			l.shapeDef(&doc.Shapes[i], s)
		}
		if l.consume {
			f.shapes[i] = nil
		}
	}
	if l.consume {
		f.shapes = nil
	}
	if len(f.applies) > 0 {
		doc.Applies = make([]model.Apply, len(f.applies))
		for i, a := range f.applies {
			target := l.resolve(a.target)
			l.shape = target
			doc.Applies[i] = model.Apply{Target: target, Traits: l.traits(target, a.traits), Source: l.loc(a.pos)}
		}
		if l.consume {
			f.applies = nil
		}
	}
	if l.err != nil {
		return nil, l.err
	}
	return doc, nil
}

func (l *lowerer) shapeDef(d *model.ShapeDef, s *shapeStmt) {
	id := shapeid.New(l.f.namespace, s.name)
	l.shape = id
	d.ID = id
	d.Type = s.typ
	d.Source = l.loc(s.pos)
	d.Traits = l.traits(id, s.traitList())
	d.SetMixins(l.resolveAll(s.mixinList()))
	if r := s.forResource(); !r.isZero() {
		d.SetProps().ForResource = l.resolve(r)
	}
	if ms := s.memberList(); len(ms) > 0 {
		d.Members = make([]model.MemberDef, len(ms))
		for i := range ms {
			m := &ms[i]
			mid := id.WithMember(m.name)
			l.shape = mid
			md := &d.Members[i]
			md.Name = m.name
			md.SetElided(m.elided())
			if !md.Elided() {
				md.Target = l.resolve(m.target)
			}
			md.Pos = m.pos
			md.SetTraits(l.traits(mid, m.traitList()))
		}
		l.shape = id
	}
	e := s.props()
	if e == nil {
		return
	}
	p := d.SetProps()
	p.Version = e.version
	p.Operations = l.resolveAll(e.operations)
	p.Resources = l.resolveAll(e.resources)
	p.Errors = l.resolveAll(e.errors)
	p.CollectionOperations = l.resolveAll(e.collectionOp)
	for _, r := range e.rename {
		p.Rename = append(p.Rename, model.NamedTarget{Name: r.to, Target: r.from})
	}
	p.Input = l.resolveInline(e.input, e.inlineInput)
	p.Output = l.resolveInline(e.output, e.inlineOutput)
	p.Identifiers = l.named(e.identifiers)
	p.Properties = l.named(e.properties)
	p.Create = l.resolve(e.create)
	p.Put = l.resolve(e.put)
	p.Read = l.resolve(e.read)
	p.Update = l.resolve(e.update)
	p.Delete = l.resolve(e.delete)
	p.List = l.resolve(e.list)
}

func (l *lowerer) named(ns []namedRef) []model.NamedTarget {
	if len(ns) == 0 {
		return nil
	}
	out := make([]model.NamedTarget, len(ns))
	for i, n := range ns {
		out[i] = model.NamedTarget{Name: n.name, Target: l.resolve(n.target)}
	}
	return out
}

func (l *lowerer) traits(target shapeid.ID, ts []traitApp) []model.Trait {
	if len(ts) == 0 {
		return nil
	}
	out := make([]model.Trait, 0, len(ts))
	for _, t := range ts {
		if t.dflt {
			// A member's `= value` (last: see memberStmt).
			out = append(out, model.Trait{ID: preludeid.Default, Value: l.node(t.val), Source: l.loc(t.pos)})
			continue
		}
		id := l.resolve(t.id)
		if t.implied && hasTrait(out, id) {
			continue // `input := @input {}`: written and implied, applied once
		}
		if l.f.version == "1.0" {
			l.check10(target, id, t.pos)
		}
		out = append(out, model.Trait{ID: id, Value: l.node(t.val), Source: l.loc(t.pos), Omitted: t.annotation})
	}
	return out
}

// check10 reports traits that a Smithy 1.0 file may not apply.
func (l *lowerer) check10(target, trait shapeid.ID, pos node.Pos) {
	switch trait {
	case preludeid.Default:
		l.fail(pos, target, "The @default trait can only be used in Smithy 2.0 or later")
	case preludeid.Mixin:
		l.fail(pos, target, fmt.Sprintf("Mixins can only be used in Smithy 2.0 or later. Attempted to apply "+
			"a @mixin trait to `%s` in a model file using version `%s`.", target, l.f.version))
	}
}

// node converts a parsed value to a node, resolving unquoted shape IDs.
func (l *lowerer) node(v value) node.Node {
	switch v.kind {
	case node.Bool:
		return node.NewBool(v.b).At(v.pos)
	case node.Number:
		return node.NewNumber(v.text).At(v.pos)
	case node.String:
		if v.ref {
			return node.NewString(l.syntactic(v)).At(v.pos)
		}
		return node.NewString(v.text).At(v.pos)
	case node.Array:
		elems := make([]node.Node, len(v.kids))
		for i, e := range v.kids {
			elems[i] = l.node(e.val)
		}
		return node.NewArray(elems...).At(v.pos)
	case node.Object:
		fields := make([]node.Field, len(v.kids))
		for i, f := range v.kids {
			fields[i] = node.Field{Key: f.key, KeyPos: f.keyPos, Value: l.node(f.val)}
		}
		return node.NewObject(fields...).At(v.pos)
	}
	return node.NewNull().At(v.pos)
}

// syntactic resolves an unquoted shape ID of a node value to the text of
// its absolute ID, reporting (DANGER) a shape ID that names no shape.
func (l *lowerer) syntactic(v value) string {
	rel, err := shapeid.ParseRelative(v.text)
	if err != nil { // checked by Parse
		return v.text
	}
	var id shapeid.ID
	if l.meta {
		id = shapeid.ID{Namespace: rel.Namespace, Name: rel.Name, Member: rel.Member}
		if !rel.IsAbsolute() {
			id.Namespace = shapeid.Prelude
		}
	} else {
		id = l.res.Resolve(rel)
	}
	if !l.defined(id.Root()) {
		l.events = append(l.events, Event{
			Severity: Danger, ID: "SyntacticShapeIdTarget", File: l.f.name, Pos: v.pos,
			Msg: fmt.Sprintf("Syntactic shape ID `%s` does not resolve to a valid shape ID: `%s`. "+
				"Did you mean to quote this string? Are you missing a model file?", v.text, id),
		})
	}
	return id.String()
}

func hasTrait(ts []model.Trait, id shapeid.ID) bool {
	for _, t := range ts {
		if t.ID == id {
			return true
		}
	}
	return false
}
