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
type ShapeDef struct {
	ID      shapeid.ID
	Type    ShapeType
	Traits  []Trait
	Members []MemberDef
	Mixins  []shapeid.ID
	Source  SourceLocation

	// Service, operation and resource properties (zero when not set).
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
