package model

import (
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
type MemberDef struct {
	Name   string
	Target shapeid.ID // zero when Elided
	// Elided is set for an IDL member written as `$name`: its target comes
	// from a mixin's member or a resource identifier/property of the same
	// name, resolved during assembly.
	Elided bool
	Traits []Trait
	Source SourceLocation
}

// ShapeDef is a shape definition as a loader produced it, before assembly.
// Model shapes are built from ShapeDefs and never expose them for change.
//
// The service, resource and operation properties are behind the Entity
// pointer, nil for the shapes that have none (most of a model: a ShapeDef
// is 168 bytes, where those properties inline made it 740; a large model
// holds a ShapeDef a shape while it loads). [ShapeDef.Props] reads them,
// [ShapeDef.SetProps] makes them to be written.
type ShapeDef struct {
	ID      shapeid.ID
	Type    ShapeType
	Traits  []Trait
	Members []MemberDef
	Mixins  []shapeid.ID
	Source  SourceLocation
	// Entity holds the service, operation and resource properties; nil
	// when none is set.
	Entity *EntityDef
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
// properties, all zero when Entity is nil. The result is for reading: to
// set a property, use [ShapeDef.SetProps].
func (d *ShapeDef) Props() *EntityDef {
	if d.Entity == nil {
		return &noEntity
	}
	return d.Entity
}

// SetProps returns the definition's properties to be written, allocating
// Entity when it is nil.
func (d *ShapeDef) SetProps() *EntityDef {
	if d.Entity == nil {
		d.Entity = new(EntityDef)
	}
	return d.Entity
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
