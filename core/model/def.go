package model

import (
	"maps"
	"unsafe"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// SourceLocation says where a definition was written. File is empty for
// definitions built in code.
type SourceLocation struct {
	File string
	Pos  node.Pos
}

// String renders the location as file:line:column.
func (l SourceLocation) String() string {
	f := l.File
	if f == "" {
		f = "N/A"
	}
	if !l.Pos.IsValid() {
		return f
	}
	return f + ":" + l.Pos.String()
}

// Trait is one trait application: the trait's shape ID and its value.
type Trait struct {
	ID     shapeid.ID
	Value  node.Node
	Source SourceLocation
	// Omitted is set when the IDL applied the trait without a value
	// (`@foo` or `@foo()`): Value is then null until assembly gives it
	// the form the trait's shape implies ({} for a structure or map, []
	// for a list). An explicit `@foo(null)` is not omitted.
	Omitted bool
}

// NamedTarget is a name bound to a shape: a resource identifier or property,
// or a service rename.
type NamedTarget struct {
	Name   string
	Target shapeid.ID
}

// MemberDef is a member as a loader read it.
//
// Its file is its shape's ([ShapeDef.Source]) unless the shape records
// another for it (a member an `apply` statement of another file
// redefined): [ShapeDef.MemberSource] gives its whole location. Its
// traits ([MemberDef.Traits], [MemberDef.SetTraits]) are kept as their
// list's first element and their number, which shares a word with the
// Elided flag ([MemberDef.Elided], [MemberDef.SetElided]); [NewMemberDef]
// makes one. A MemberDef is 88 bytes: with its file as a string, its
// traits as a slice and the flag in a word of its own it was 128, and a
// model of structures of two members holds two a structure while it loads
// (docs/performance.md, "Where a model's bytes go", fifteenth round).
type MemberDef struct {
	Name   string
	Target shapeid.ID // zero when Elided
	traits *Trait     // the first of the traits (see Traits)
	// Pos is where the member was written, in its file (see above).
	Pos node.Pos
	// bits holds the number of traits (defTraits) and defElided.
	bits uint32
}

const (
	defElided uint32 = 1 << 31
	// defTraits masks the number of a member's traits in its bits: a
	// member has fewer (a list of 2^31 traits would be hundreds of GB).
	defTraits = defElided - 1
)

// NewMemberDef returns the member name targeting target with traits (the
// MemberDef keeps the list, see [MemberDef.SetTraits]).
func NewMemberDef(name string, target shapeid.ID, traits []Trait) MemberDef {
	m := MemberDef{Name: name, Target: target}
	m.SetTraits(traits)
	return m
}

// Traits returns the traits applied to the member, in the order given
// (nil for none). The slice's capacity is its length: appending to it
// copies it.
func (m *MemberDef) Traits() []Trait {
	if m.traits == nil {
		return nil
	}
	return unsafe.Slice(m.traits, m.bits&defTraits)
}

// SetTraits sets the traits applied to the member: the MemberDef keeps
// the list's elements (nil or empty for none). It panics on a list of
// 2^31 traits or more.
func (m *MemberDef) SetTraits(ts []Trait) {
	if uint64(len(ts)) > uint64(defTraits) {
		panic("model: a member of 2^31 traits or more")
	}
	m.traits, m.bits = nil, m.bits&^defTraits
	if len(ts) > 0 {
		m.traits, m.bits = &ts[0], m.bits|uint32(len(ts))
	}
}

// Elided reports an IDL member written as `$name`: its target comes from
// a mixin's member or a resource identifier/property of the same name,
// resolved during assembly.
func (m *MemberDef) Elided() bool { return m.bits&defElided != 0 }

// SetElided sets or clears the Elided flag.
func (m *MemberDef) SetElided(elided bool) {
	m.bits &^= defElided
	if elided {
		m.bits |= defElided
	}
}

// ShapeDef is a shape definition as a loader produced it, before assembly.
// Model shapes are built from ShapeDefs and never expose them for change.
//
// What most shapes lack is behind one pointer, nil for the shapes that
// have none of it (most of a model): the mixins ([ShapeDef.Mixins],
// [ShapeDef.SetMixins]), the service, resource and operation properties
// ([ShapeDef.Props] reads them, [ShapeDef.SetProps] makes them to be
// written, [ShapeDef.Entity] and [ShapeDef.SetEntity] get and set them
// whole), and the files of members written in another file than the shape
// ([ShapeDef.MemberSource], [ShapeDef.SetMemberFile]). A ShapeDef is 144
// bytes: the properties inline made it 740, the mixins' list inline 168
// (the allocator's 176-byte class); a large model holds a ShapeDef a shape
// while it loads (docs/performance.md, "Where a model's bytes go",
// fifteenth round).
//
// A copy of a ShapeDef shares that part with the original until a setter
// of the copy replaces it: the setters (SetMixins, SetEntity,
// SetMemberFile) never change what the original reads; the EntityDef that
// Props and SetProps return is shared, as the Entity pointer was.
type ShapeDef struct {
	ID      shapeid.ID
	Traits  []Trait
	Members []MemberDef
	Source  SourceLocation
	more    *defMore
	Type    ShapeType
}

// defMore is the part of a [ShapeDef] that most shapes leave nil.
type defMore struct {
	entity *EntityDef
	mixins []shapeid.ID
	// memberFiles are the files of the members written in another file
	// than the shape, by member name.
	memberFiles map[string]string
}

// extra returns a copy of d's defMore (a new one when d has none), for a
// setter to change and store: a copy of d shares the original.
func (d *ShapeDef) extra() *defMore {
	m := new(defMore)
	if d.more != nil {
		*m = *d.more
	}
	return m
}

// settle stores m as d's defMore, nil when it holds nothing.
func (d *ShapeDef) settle(m *defMore) {
	if m.entity == nil && m.mixins == nil && m.memberFiles == nil {
		m = nil
	}
	d.more = m
}

// Mixins returns the mixins the shape is declared with.
func (d *ShapeDef) Mixins() []shapeid.ID {
	if d.more == nil {
		return nil
	}
	return d.more.mixins
}

// SetMixins sets the mixins the shape is declared with (nil for none).
func (d *ShapeDef) SetMixins(ids []shapeid.ID) {
	if ids == nil && d.more == nil {
		return
	}
	m := d.extra()
	m.mixins = ids
	d.settle(m)
}

// Entity returns the service, operation and resource properties, nil
// when none is set (see [ShapeDef.Props]).
func (d *ShapeDef) Entity() *EntityDef {
	if d.more == nil {
		return nil
	}
	return d.more.entity
}

// SetEntity sets the service, operation and resource properties (nil for
// none): the definition keeps e.
func (d *ShapeDef) SetEntity(e *EntityDef) {
	if e == nil && d.more == nil {
		return
	}
	m := d.extra()
	m.entity = e
	d.settle(m)
}

// MemberSource returns where member m of the definition (an element of
// its Members, or a copy of one) was written: at m.Pos, in the shape's
// file unless [ShapeDef.SetMemberFile] gave m's name another.
func (d *ShapeDef) MemberSource(m *MemberDef) SourceLocation {
	if d.more != nil && d.more.memberFiles != nil {
		if f, ok := d.more.memberFiles[m.Name]; ok {
			return SourceLocation{File: f, Pos: m.Pos}
		}
	}
	return SourceLocation{File: d.Source.File, Pos: m.Pos}
}

// SetMemberFile records that the member named name was written in file:
// nothing is recorded when it is the shape's file (and a file recorded
// before is forgotten).
func (d *ShapeDef) SetMemberFile(name, file string) {
	var files map[string]string
	if d.more != nil {
		files = d.more.memberFiles
	}
	if _, ok := files[name]; !ok && file == d.Source.File {
		return
	}
	m := d.extra()
	m.memberFiles = maps.Clone(files)
	if file == d.Source.File {
		delete(m.memberFiles, name)
		if len(m.memberFiles) == 0 {
			m.memberFiles = nil
		}
	} else {
		if m.memberFiles == nil {
			m.memberFiles = map[string]string{}
		}
		m.memberFiles[name] = file
	}
	d.settle(m)
}

// EntityDef holds the service, operation and resource properties of a
// [ShapeDef] (zero when not set), and an IDL `for` binding.
type EntityDef struct {
	Version              string
	Operations           []shapeid.ID
	Resources            []shapeid.ID
	Errors               []shapeid.ID
	Rename               []NamedTarget // service rename: Target is the renamed shape
	Input                shapeid.ID
	Output               shapeid.ID
	Identifiers          []NamedTarget
	Properties           []NamedTarget
	Create               shapeid.ID
	Put                  shapeid.ID
	Read                 shapeid.ID
	Update               shapeid.ID
	Delete               shapeid.ID
	List                 shapeid.ID
	CollectionOperations []shapeid.ID
	ForResource          shapeid.ID // IDL `for` binding: elided members may come from it
}

// noEntity is what [ShapeDef.Props] returns for a definition without
// properties: all zero, and never written.
var noEntity EntityDef

// Props returns the definition's service, operation and resource
// properties, all zero when none is set. The result is for reading: to
// set a property, use [ShapeDef.SetProps].
func (d *ShapeDef) Props() *EntityDef {
	if e := d.Entity(); e != nil {
		return e
	}
	return &noEntity
}

// SetProps returns the definition's properties to be written, allocating
// them when none is set.
func (d *ShapeDef) SetProps() *EntityDef {
	if e := d.Entity(); e != nil {
		return e
	}
	e := new(EntityDef)
	d.SetEntity(e)
	return e
}

// IsZero reports whether no property is set.
func (e *EntityDef) IsZero() bool {
	return e.Version == "" && e.Operations == nil && e.Resources == nil && e.Errors == nil &&
		e.Rename == nil && e.Input.IsZero() && e.Output.IsZero() && e.Identifiers == nil &&
		e.Properties == nil && e.Create.IsZero() && e.Put.IsZero() && e.Read.IsZero() &&
		e.Update.IsZero() && e.Delete.IsZero() && e.List.IsZero() &&
		e.CollectionOperations == nil && e.ForResource.IsZero()
}

// Apply is an `apply` statement: traits added to a shape or member defined
// elsewhere.
type Apply struct {
	Target shapeid.ID
	Traits []Trait
	Source SourceLocation
}

// MetadataEntry is one top-level metadata key of a model file.
type MetadataEntry struct {
	Key    string
	Value  node.Node
	Source SourceLocation
}

// Document is one model file after loading and before assembly: the unit
// that the JSON AST and IDL loaders produce and that assembly merges.
type Document struct {
	File     string
	Version  string // "1.0", "2.0" (as written: "1", "1.0", "2", "2.0" are normalized)
	Metadata []MetadataEntry
	Shapes   []ShapeDef
	Applies  []Apply
	// Events are the non-fatal problems the loader found (for example an
	// unknown property in a JSON AST shape, a warning in the reference).
	Events []Event
}
