package idl

import (
	"fmt"
	"iter"
	"unsafe"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// MaxDepth is the deepest nesting of arrays, objects and structured trait
// bodies that a node value may have. It is the reference implementation's
// limit; deeper values are a located error, never a stack overflow.
const MaxDepth = 64

// Error is a problem that stops a model file from loading: a syntax error
// found by [Parse], or an error found by [File.Lower]. Pos is where the
// problem is (1-based line and byte column); Shape is the shape the problem
// is about, when there is one.
type Error struct {
	File  string
	Pos   node.Pos
	Shape shapeid.ID
	Msg   string
}

func (e *Error) Error() string {
	loc := e.File
	if loc == "" {
		loc = "<input>"
	}
	if e.Pos.IsValid() {
		loc += ":" + e.Pos.String()
	}
	if !e.Shape.IsZero() {
		return fmt.Sprintf("%s: %s: %s", loc, e.Shape, e.Msg)
	}
	return loc + ": " + e.Msg
}

// Severity of an [Event]. Events never stop a file from loading. A syntax
// error is returned as an [*Error]; an ERROR event marks a shape the
// loader could not build (an enum without members): the shape is left out
// of the file, as the reference implementation leaves it out of the
// model, and the rest of the file loads.
type Severity string

// Event severities, as the reference implementation names them.
const (
	Warning  Severity = "WARNING"
	Danger   Severity = "DANGER"
	ErrorSev Severity = "ERROR"
)

// Event is a non-fatal finding of the loader: an unknown control
// statement, a documentation comment attached to nothing, a `use` of an
// undefined shape, or an unquoted shape ID in a node value that names no
// shape. ID is the reference implementation's event ID ("Model",
// "Model.BadDocumentationComment", "SyntacticShapeIdTarget").
type Event struct {
	Severity Severity
	ID       string
	Shape    shapeid.ID
	File     string
	Pos      node.Pos
	Msg      string
}

func (e Event) String() string {
	shape := "-"
	if !e.Shape.IsZero() {
		shape = e.Shape.String()
	}
	return fmt.Sprintf("[%s] %s: %s | %s %s:%s", e.Severity, shape, e.Msg, e.ID, e.File, e.Pos)
}

// File is a parsed IDL model file whose shape IDs are not resolved yet.
// Relative shape IDs can only be resolved once every file of the model is
// known (see [File.Lower]). A File is read-only after [Parse]; Lower may be
// called any number of times, also concurrently, until [File.LowerOnce]
// takes the file's statements.
type File struct {
	consumed  bool // LowerOnce ran: the statements are gone
	name      string
	version   string // "1.0" or "2.0"
	namespace string
	uses      map[string]shapeid.ID
	usesList  []useStmt
	metadata  []metaStmt
	shapes    []*shapeStmt
	applies   []applyStmt
	events    []Event
}

// Name returns the file name given to [Parse].
func (f *File) Name() string { return f.name }

// Version returns the file's IDL version, normalized to "1.0" or "2.0".
// A file without a $version statement is "1.0", as the specification says.
func (f *File) Version() string { return f.version }

// Namespace returns the namespace of the file's shapes ("" for a file
// without a namespace statement, which defines no shapes).
func (f *File) Namespace() string { return f.namespace }

// Declared returns the IDs of the root shapes the file defines, in source
// order, including the structures created for inline operation input and
// output. It is nil once [File.LowerOnce] has run.
func (f *File) Declared() []shapeid.ID {
	if f.consumed {
		return nil
	}
	ids := make([]shapeid.ID, 0, len(f.shapes))
	for _, s := range f.shapes {
		ids = append(ids, shapeid.New(f.namespace, s.name))
	}
	return ids
}

// DeclaredNames yields the names of the root shapes of [File.Declared]
// (each in the file's namespace, [File.Namespace]) without building their
// IDs: nothing once [File.LowerOnce] has run.
func (f *File) DeclaredNames() iter.Seq[string] {
	return func(yield func(string) bool) {
		if f.consumed {
			return
		}
		for _, s := range f.shapes {
			if !yield(s.name) {
				return
			}
		}
	}
}

// Uses returns the shapes imported with `use` statements, keyed by name.
func (f *File) Uses() map[string]shapeid.ID {
	m := make(map[string]shapeid.ID, len(f.uses))
	for k, v := range f.uses {
		m[k] = v
	}
	return m
}

// Events returns the non-fatal findings of parsing (unknown control
// statements, misplaced documentation comments). [File.LowerWithEvents]
// adds those that need the whole model.
func (f *File) Events() []Event { return append([]Event(nil), f.events...) }

// value is a node value as written: like [node.Node], but an unquoted
// shape ID stays marked (ref) until Lower resolves it.
//
// An array's elements and an object's members are one list, kids (an
// element is a field with no key): 56 bytes a value, and a trait 88
// (128 with a list of each, 72 bytes a value; a parsed file is whole in
// memory when its lowering starts: docs/performance.md, "Where a model's
// bytes go", twelfth round).
type value struct {
	text string // string value, number token or shape ID text
	kids []field
	pos  node.Pos
	kind node.Kind
	ref  bool // an unquoted shape ID (kind String), resolved by Lower
	b    bool
}

type field struct {
	key    string
	keyPos node.Pos
	val    value
}

// ref is a shape ID as written: its text, which the parser checked and
// Lower splits again ([ref.relative]). A member statement's target and
// a trait's ID are refs: as the parsed relative ID and a position that
// nothing read they were 64 bytes, not 16, and a parsed file is whole in
// memory when its lowering starts (on the chain of 100,000 structures of
// docs/performance.md, "Where a model's bytes go", twelfth round, 9.6 MB
// of 200,000 member statements).
type ref struct{ text string }

func (r ref) isZero() bool { return r.text == "" }

// relative is the shape ID of r's text, which the parser checked
// (shapeid.ParseRelative accepted it): split at '#' and '$' only.
func (r ref) relative() shapeid.Relative {
	// One loop: most refs are a short name with neither.
	t := r.text
	rel := shapeid.Relative{Name: t}
	start := 0 // of the name
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '#':
			rel.Namespace, rel.Name, start = t[:i], t[i+1:], i+1
		case '$':
			rel.Name, rel.Member = t[start:i], t[i+1:]
			return rel
		}
	}
	return rel
}

// traitApp is 88 bytes: its flags after its position, where padding
// follows them.
type traitApp struct {
	id         ref
	val        value
	pos        node.Pos
	annotation bool // @foo or @foo(): no value
	doc        bool // from a documentation comment
	implied    bool // @input/@output of an inline structure; dropped when also written
	// dflt marks a member's `= value` (at the `=`): the prelude's default
	// trait, its id zero, last in the member's list (see memberStmt).
	dflt bool
}

// memberStmt is 56 bytes (64 with its `= value` a pointer of its own, 80
// with its traits a slice and the elided flag a field of its own; 128
// with its target's parsed ID and position: see ref): a parsed file is
// whole in memory when its lowering starts, a memberStmt a member
// (docs/performance.md, "Where a model's bytes go"). Its traits are their
// list's first element and a number that shares a word with the elided
// flag ([memberStmt.traitList]); its `= value`, which few members have,
// is the last of them ([traitApp.dflt]).
type memberStmt struct {
	name   string
	target ref
	traits *traitApp // the first of the member's traits, nil for none
	pos    node.Pos
	bits   uint32 // the number of traits (stmtTraits) and stmtElided
}

// stmtElided is the flag of a member written as `$name` in its bits;
// stmtTraits masks the number of a statement's traits. A statement has
// fewer ([parser.traits] fails a list as long).
const (
	stmtElided uint32 = 1 << 31
	stmtTraits        = stmtElided - 1
)

// traitList returns the member's traits.
func (m *memberStmt) traitList() []traitApp { return unsafe.Slice(m.traits, m.bits&stmtTraits) }

// setTraits sets the member's traits (fewer than stmtTraits: see [parser.traits]).
func (m *memberStmt) setTraits(ts []traitApp) {
	m.traits, m.bits = firstTrait(ts), m.bits&^stmtTraits|uint32(len(ts))
}

func (m *memberStmt) elided() bool { return m.bits&stmtElided != 0 }

// firstTrait returns a pointer to ts's first element, nil when it has none.
func firstTrait(ts []traitApp) *traitApp {
	if len(ts) == 0 {
		return nil
	}
	return &ts[0]
}

type namedRef struct {
	name   string
	target ref
}

// shapeStmt is 64 bytes: its fields are in an order that leaves no
// padding between them (144 bytes, with the shape type and the flags
// among the pointers), its traits and its members are their list's first
// element and their number (a slice was 12 bytes more each), the set of
// member names that finds a repeated one is the parser's, not each
// statement's (it is needed only while the shape is read): 128 bytes with
// the three; and what few shapes have (mixins, a `for` binding, service,
// resource and operation properties) is behind one pointer, nil for most
// shapes ([shapeRare]): 96 bytes with the three of their own. A parsed
// file is whole in memory when its lowering starts, a shapeStmt a shape
// (docs/performance.md, "Where a model's bytes go", sixteenth round).
type shapeStmt struct {
	name     string
	traits   *traitApp   // the first of the shape's traits (traitList), nil for none
	members  *memberStmt // the first of the shape's members (memberList), nil for none
	rare     *shapeRare  // nil when the shape has none of it (most shapes)
	pos      node.Pos
	ntraits  uint32 // the number of traits (fewer than stmtTraits)
	nmembers uint32 // the number of members (while the shape is read: see parser.addMember)
	typ      model.ShapeType
	hasBody  bool
	dropped  bool // the shape could not be built (an ERROR event says why)
}

// shapeRare is the part of a [shapeStmt] that most shapes leave nil: its
// mixins, its `for` binding and its entity properties.
type shapeRare struct {
	mixins []ref
	forRes ref // `for` binding, zero when none
	// entity holds the service, resource and operation properties; nil
	// for the other shapes.
	entity *entityProps
}

// entityRare is the rare part of a service, resource or operation and its
// properties in one allocation (two were an allocation more a shape of
// these kinds than before the rare part).
type entityRare struct {
	rare  shapeRare
	props entityProps
}

// setEntity gives s, which has no rare part yet, one with entity
// properties and returns them.
func (s *shapeStmt) setEntity() *entityProps {
	er := &entityRare{}
	er.rare.entity = &er.props
	s.rare = &er.rare
	return &er.props
}

// rarePart returns s's rare part, made if s has none.
func (s *shapeStmt) rarePart() *shapeRare {
	if s.rare == nil {
		s.rare = &shapeRare{}
	}
	return s.rare
}

// mixinList returns the mixins the shape is written with.
func (s *shapeStmt) mixinList() []ref {
	if s.rare == nil {
		return nil
	}
	return s.rare.mixins
}

// forResource returns the shape's `for` binding, zero when it has none.
func (s *shapeStmt) forResource() ref {
	if s.rare == nil {
		return ref{}
	}
	return s.rare.forRes
}

// props returns the shape's entity properties, nil for a shape that is
// not a service, resource or operation.
func (s *shapeStmt) props() *entityProps {
	if s.rare == nil {
		return nil
	}
	return s.rare.entity
}

// memberList returns the shape's members, once they are read
// ([parser.keepMembers]).
func (s *shapeStmt) memberList() []memberStmt { return unsafe.Slice(s.members, s.nmembers) }

// traitList returns the shape's traits.
func (s *shapeStmt) traitList() []traitApp { return unsafe.Slice(s.traits, s.ntraits) }

// setTraits sets the shape's traits (fewer than stmtTraits: see [parser.traits]).
func (s *shapeStmt) setTraits(ts []traitApp) { s.traits, s.ntraits = firstTrait(ts), uint32(len(ts)) }

// entityProps are the properties of a service, resource or operation.
type entityProps struct {
	version      string
	operations   []ref
	resources    []ref
	errors       []ref
	collectionOp []ref
	rename       []renameEntry
	input        ref
	output       ref
	// inlineInput and inlineOutput: input and output are the names of
	// inline structures, in the file's namespace. A ref of the absolute
	// ID's text was a string more a structure that the lowered ID kept
	// (0.8 MB of the generated 100,000-shape model of docs/performance.md,
	// "Where a model's bytes go", twelfth round), where the name is the
	// structure's own.
	inlineInput  bool
	inlineOutput bool
	identifiers  []namedRef
	properties   []namedRef
	create       ref
	put          ref
	read         ref
	update       ref
	delete       ref
	list         ref
}

type renameEntry struct {
	from shapeid.ID
	pos  node.Pos
	to   string
}

type applyStmt struct {
	target ref
	traits []traitApp
	pos    node.Pos
}

type metaStmt struct {
	key string
	val value
	pos node.Pos
}

type useStmt struct {
	id  shapeid.ID
	pos node.Pos
}

// scanMemberNames is the most members a shape statement finds a repeated
// name among by scanning them: a map a shape was 29 MB of the 150 MB the
// chain of 100,000 structures of docs/performance.md allocated while it
// was parsed and lowered, for two members each.
const scanMemberNames = 16

// newMemberName reports whether name is not yet the name of one of the
// members of s, the shape being read: every name it accepted is appended
// to the members of s before the next call (a repeated one ends the
// parse). Past scanMemberNames members the names are in p.memberNames,
// which [parser.keepMembers] empties for the next shape.
func (p *parser) newMemberName(s *shapeStmt, name string) bool {
	read := p.reading(s)
	if len(p.memberNames) == 0 && len(read) < scanMemberNames {
		for i := range read {
			if read[i].name == name {
				return false
			}
		}
		return true
	}
	if len(p.memberNames) == 0 {
		if p.memberNames == nil {
			p.memberNames = make(nameSet, 2*len(read))
		}
		for i := range read {
			p.memberNames[read[i].name] = struct{}{}
		}
	}
	return p.memberNames.add(name)
}

// nameSet is a set of names (members of a shape, keys of an object): a
// repeated name is found in constant time, so a shape or value with n
// members is read in O(n), not O(n²).
type nameSet map[string]struct{}

// add adds name and reports whether it was new.
func (s *nameSet) add(name string) bool {
	if *s == nil {
		*s = nameSet{}
	}
	if _, dup := (*s)[name]; dup {
		return false
	}
	(*s)[name] = struct{}{}
	return true
}
