// Package model is the Smithy semantic model: shapes of every Smithy 2.0
// type, traits as shape ID to node value, members, mixins, and an immutable
// [Model] with lookups.
//
// Loaders (package jsonast, package idl) produce [Document] values made of
// [ShapeDef]s; package assembly merges documents, resolves references and
// mixins, and builds the [Model] with [New]. A Model and its [Shape]s are
// read-only after construction and safe for concurrent use.
//
// A large model holds a [ShapeDef] a shape and a [MemberDef] a member
// while it loads, so both are compact, and what changed form is read and
// written through methods: a ShapeDef's mixins, properties and the files
// of members written in another file are behind one pointer
// ([ShapeDef.Mixins], [ShapeDef.Entity], [ShapeDef.Props],
// [ShapeDef.MemberSource] and their setters); a MemberDef's position is
// [MemberDef.Pos] in its shape's file, its traits and Elided flag
// [MemberDef.Traits] and [MemberDef.Elided] ([NewMemberDef] makes one).
//
// Effective member traits: a trait applied to a member replaces the target
// shape's trait of the same ID as a whole; traits the member does not apply
// are inherited from the target ([Model.EffectiveTraits]).
package model

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unsafe"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// Shape is a shape of a [Model]: a root shape or a member. Slices returned by
// its methods belong to the shape and must not be modified.
type Shape struct {
	// traitMask summarizes the names of the traits (see [traitBit]) so
	// that most lookups of a trait the shape lacks end without reading
	// the traits; 0 means not computed (every lookup scans). It shares
	// the shape's first cache line with typ.
	traitMask uint64
	typ       ShapeType
	// members only: inheritedMember is set for a member copied from a mixin
	// and not redefined; redefined for a mixin member the shape redefines.
	inheritedMember bool
	redefined       bool
	// mixed says the shape's effective traits (own and mixed in, sorted
	// by trait ID, unique) are not its definition's own list (body's
	// traits for a root shape, md's for a member) but a list of its own:
	// only shapes with mixins and their members have one, so it is kept
	// where only they have room ([bodyMore]: a root shape's in its own,
	// a member's in its container's), not in a pointer on every shape
	// (8 bytes a shape: 2.4 MB of the chain of 100,000 structures of
	// docs/performance.md, "Where a model's bytes go", ninth round).
	mixed bool
	// ordinal numbers the shapes of a model densely (see [Shape.Ordinal]);
	// while the model is built, a member's is its index in its
	// container's effective members (see memberIndex);
	// a model has fewer than 2^31 shapes (its members are bounded by
	// [MaxMembers], its root shapes by the source they are read from).
	ordinal int32
	// body is what only a root shape has: its ID, its model, its source,
	// its own definition and its effective members. Members share
	// memberBody, which has none, and point to the definition they come
	// from (md): the container's own member, or for a member mixed in and
	// not redefined, the mixin's. A member's ID is derived (its
	// container's namespace and name, md's name) and its model is its
	// container's: a model has more members than root shapes, and passes
	// over every shape read them, so a member's Shape stays small (48
	// bytes), and so does its definition (see [member]).
	body      *shapeBody
	md        *member
	container *Shape
	// targetShape (members) is the shape of the model that the target
	// resolves to, nil where it defines none. [New] resolves it once, so
	// that code that follows relationships does not look shapes up by ID.
	targetShape *Shape
}

// member is a member's definition as [New] keeps it: a [MemberDef]
// packed into 48 bytes (a MemberDef was 128, 104 now, and a model keeps one a
// member it declares: on the chain of 100,000 structures of
// docs/performance.md, "Where a model's bytes go", 25 MB of a 73 MB
// model). The target points to the ID of the root shape it names when
// the model defines one (in its body: the ID is not repeated), else to a
// copy of it; the source keeps only the position when the member is
// written in its container's file (always, but for a member an `apply`
// added elsewhere: its file is in the container's bodyMore). The own
// traits are the list's first element and its length, which shares a
// word with the flags: a slice and two flags were 16 bytes more a member
// (64), 3.2 MB of the chain's model (tenth round).
type member struct {
	name   string
	target *shapeid.ID
	traits *Trait // the first of the own traits, sorted by trait ID (see traitList)
	pos    node.Pos
	// bits holds the number of own traits (memberTraits) and the flags
	// memberElided and memberOtherFile: the member's file is not its
	// container's, it is in the container's bodyMore.memberFiles, by
	// member name.
	bits uint32
}

const (
	memberElided    uint32 = 1 << 31
	memberOtherFile uint32 = 1 << 30
	// memberTraits masks the number of a member's own traits in its
	// bits: a member has fewer (readDef checks: a list of 2^30 traits
	// would be tens of GB).
	memberTraits = memberOtherFile - 1
)

// traitList returns the member's own traits, sorted by trait ID (nil for
// none: traits is nil when their number is 0, see setTraits).
func (md *member) traitList() []Trait {
	return unsafe.Slice(md.traits, md.bits&memberTraits)
}

// setTraits sets the member's own traits (fewer than memberTraits).
func (md *member) setTraits(ts []Trait) {
	md.traits, md.bits = nil, md.bits&^memberTraits
	if len(ts) > 0 {
		md.traits, md.bits = &ts[0], md.bits|uint32(len(ts))
	}
}

func (md *member) elided() bool    { return md.bits&memberElided != 0 }
func (md *member) otherFile() bool { return md.bits&memberOtherFile != 0 }

// shapeBody is a root shape's definition as [New] keeps it: its ID and
// model, the traits and members its definition declares itself, its
// effective members (mixins applied), and behind a pointer that most
// shapes leave nil ([bodyMore]) what few have: mixins, service, resource
// and operation properties, an index of many members, and the resolved
// relationships other than members. It is 152 bytes: the source is
// its position and the index of its file among the model's files (a
// string of the file's name in each body was 16 bytes more a root shape,
// 1.6 MB of the chain of 100,000 structures of docs/performance.md,
// "Where a model's bytes go", tenth round).
type shapeBody struct {
	id      shapeid.ID
	owner   *Model
	pos     node.Pos // where the shape is defined, in its file
	file    int32    // the file: owner.files[file]
	traits  []Trait  // own traits, sorted by trait ID
	members []member // own members, in order
	// shapes are the effective members in order (mixins applied).
	shapes []*Shape
	more   *bodyMore
}

// bodyMore is the part of a root shape's body that only some shapes
// have: the mixins it declares, its entity properties, memberIndex (the
// effective members' names to their index, for shapes with more than a
// few members, see [Shape.Member]), and related: the targets of the
// relationships other than members, in [Shape.Relationships] order.
type bodyMore struct {
	mixins      []shapeid.ID
	entity      *EntityDef
	memberIndex map[string]int
	related     []*Shape
	// memberFiles are the files of the own members written in another
	// file than the shape (see member.otherFile), by member name.
	memberFiles map[string]string
	// mixed holds the effective traits of the shape and its members that
	// are lists of their own (see Shape.mixed), nil when none is.
	mixed *[]mixedTraits
}

// mixedTraits are the effective traits of a shape with mixins or of one
// of its members when they are not their definition's own list: at is
// -1 for the shape, a member's index in the shape's effective members
// for a member. A body keeps them sorted by at, one entry (32 bytes) a
// shape that has such a list, where a pointer to the list was 8 bytes of
// every shape and the list's header 24 bytes of each that had one.
type mixedTraits struct {
	at     int32
	traits []Trait
}

// memberIndex returns the index of member s in its container's effective
// members: while the model is built (before the shapes are numbered),
// complete keeps it in the member's ordinal.
func (s *Shape) memberIndex() int {
	c := s.container
	if c.body.owner != nil && c.body.owner.numShapes != 0 {
		return int(s.ordinal - c.ordinal - 1)
	}
	return int(s.ordinal)
}

// extra returns b's bodyMore, allocating it if b has none.
func (b *shapeBody) extra() *bodyMore {
	if b.more == nil {
		b.more = &bodyMore{}
	}
	return b.more
}

// mixins returns the mixins the shape declares.
func (b *shapeBody) mixins() []shapeid.ID {
	if b.more == nil {
		return nil
	}
	return b.more.mixins
}

// entity returns the shape's entity properties, nil when it has none.
func (b *shapeBody) entity() *EntityDef {
	if b.more == nil {
		return nil
	}
	return b.more.entity
}

// memberIndex returns the index of the members by name, nil when the
// shape has few members.
func (b *shapeBody) memberIndex() map[string]int {
	if b.more == nil {
		return nil
	}
	return b.more.memberIndex
}

// related returns the resolved targets of the relationships other than
// members.
func (b *shapeBody) related() []*Shape {
	if b.more == nil {
		return nil
	}
	return b.more.related
}

// entityOf returns a copy of the properties of d, or nil when it sets
// none.
func entityOf(d *ShapeDef) *EntityDef {
	e := d.Entity()
	if e == nil || e.IsZero() {
		return nil
	}
	c := *e
	return &c
}

// props returns the shape's entity properties (zero when it has none).
func (s *Shape) props() *EntityDef {
	if s.body == nil || s.body.entity() == nil {
		return &noEntity
	}
	return s.body.entity()
}

// memberBody is the body every member points to: it has nothing.
var memberBody shapeBody

// ID returns the shape's ID (with $member for members).
func (s *Shape) ID() shapeid.ID {
	if s.md == nil {
		return s.body.id
	}
	c := &s.container.body.id
	return shapeid.ID{Namespace: c.Namespace, Name: c.Name, Member: s.md.name}
}

// Type returns the shape type ([MemberType] for members).
func (s *Shape) Type() ShapeType { return s.typ }

// Source returns where the shape was defined.
func (s *Shape) Source() SourceLocation {
	switch {
	case s.md == nil:
		return s.body.source()
	case s.inheritedMember:
		// A member mixed in and not redefined is where its container is.
		return s.container.body.source()
	}
	return s.container.body.memberSource(s.md)
}

// source returns where the body's shape was defined.
func (b *shapeBody) source() SourceLocation {
	return SourceLocation{File: b.fileName(), Pos: b.pos}
}

// fileName returns the name of the file the body's shape was defined in.
func (b *shapeBody) fileName() string {
	if b.owner == nil {
		return "" // a Shape of no model
	}
	return b.owner.files[b.file]
}

// fileIndex returns the index of the file named name in m.files, adding
// it if it is not there yet: seen are the files' indexes by name, last
// the index returned before (the definitions read in ID order mostly
// come from the file of the one before).
func (m *Model) fileIndex(name string, last int32, seen map[string]int32) int32 {
	if int(last) < len(m.files) && m.files[last] == name {
		return last
	}
	if i, ok := seen[name]; ok {
		return i
	}
	i := int32(len(m.files))
	m.files = append(m.files, name)
	seen[name] = i
	return i
}

// memberSource returns where one of the body's own members was written.
func (b *shapeBody) memberSource(md *member) SourceLocation {
	if md.otherFile() {
		return SourceLocation{File: b.more.memberFiles[md.name], Pos: md.pos}
	}
	return SourceLocation{File: b.fileName(), Pos: md.pos}
}

// memberDef returns one of the body's own members as a [MemberDef] (its
// file is the body's unless md.otherFile: see memberSource).
func (b *shapeBody) memberDef(md *member) MemberDef {
	d := NewMemberDef(md.name, *md.target, md.traitList())
	d.Pos = md.pos
	d.SetElided(md.elided())
	return d
}

// Traits returns the traits applied directly to the shape, sorted by trait
// ID. For members, see [Model.EffectiveTraits].
func (s *Shape) Traits() []Trait { return s.traitList() }

// traitList returns the shape's effective traits (see mixed).
func (s *Shape) traitList() []Trait {
	if s.mixed {
		return s.mixedList()
	}
	return s.ownList()
}

// mixedList returns the effective traits of a shape whose mixed is set.
func (s *Shape) mixedList() []Trait {
	if e := s.mixedEntry(); e != nil {
		return e.traits
	}
	return nil
}

// mixedEntry returns the entry of s's effective traits in the body that
// keeps it, nil when there is none.
func (s *Shape) mixedEntry() *mixedTraits {
	b, at := s.body, int32(-1)
	if s.container != nil {
		b, at = s.container.body, int32(s.memberIndex())
	}
	if b == nil || b.more == nil || b.more.mixed == nil {
		return nil
	}
	list := *b.more.mixed
	if i := searchMixed(list, at); i < len(list) && list[i].at == at {
		return &list[i]
	}
	return nil
}

// searchMixed returns the index of the first entry of list at or after at.
func searchMixed(list []mixedTraits, at int32) int {
	if len(list) <= 8 {
		for i := range list {
			if list[i].at >= at {
				return i
			}
		}
		return len(list)
	}
	lo, hi := 0, len(list)
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if list[h].at < at {
			lo = h + 1
		} else {
			hi = h
		}
	}
	return lo
}

// ownList returns the trait list of the shape's definition: its body's
// for a root shape, its member definition's for a member.
func (s *Shape) ownList() []Trait {
	if s.md != nil {
		return s.md.traitList()
	}
	if s.body != nil {
		return s.body.traits
	}
	return nil
}

// setTraits sets the shape's effective traits. A member's container
// must be set.
func (s *Shape) setTraits(ts []Trait) {
	own := s.ownList()
	if len(ts) == len(own) && (len(ts) == 0 && (ts == nil) == (own == nil) || len(ts) > 0 && &ts[0] == &own[0]) {
		if e := s.mixedEntry(); e != nil {
			e.traits = nil
		}
		s.mixed = false
		return
	}
	b, at := s.body, int32(-1)
	if s.container != nil {
		b, at = s.container.body, int32(s.memberIndex())
	} else if b == nil {
		b = &shapeBody{} // a Shape of no model (the zero value)
		s.body = b
	}
	more := b.extra()
	if more.mixed == nil {
		more.mixed = &[]mixedTraits{}
	}
	list := *more.mixed
	// complete sets the shape's list, then its members' in order: each
	// entry goes at the end.
	switch i := searchMixed(list, at); {
	case i == len(list):
		list = append(list, mixedTraits{at: at, traits: ts})
	case list[i].at == at:
		list[i].traits = ts
	default:
		list = slices.Insert(list, i, mixedTraits{at: at, traits: ts})
	}
	*more.mixed = list
	s.mixed = true
}

// Trait returns the value of the trait with the given ID applied directly
// to the shape.
func (s *Shape) Trait(id shapeid.ID) (node.Node, bool) {
	if s.lacksTrait(id) {
		return node.Node{}, false
	}
	if t, ok := s.findTrait(id); ok {
		return t.Value, true
	}
	return node.Node{}, false
}

// HasTrait reports whether the trait is applied directly to the shape.
func (s *Shape) HasTrait(id shapeid.ID) bool {
	if s.lacksTrait(id) {
		return false
	}
	_, ok := s.findTrait(id)
	return ok
}

// lacksTrait reports whether the trait mask rules the trait out; false
// means the trait may be present. Small enough to be inlined into
// [Shape.HasTrait] and [Shape.Trait], so that a ruled-out lookup makes
// no call.
func (s *Shape) lacksTrait(id shapeid.ID) bool {
	return s.traitMask&traitBit(id.Name) == 0 && s.traitMask != 0
}

func (s *Shape) findTrait(id shapeid.ID) (Trait, bool) {
	if s.lacksTrait(id) {
		return Trait{}, false
	}
	traits := s.traitList()
	if len(traits) <= 8 {
		// Most shapes have a few traits: a scan of equal IDs beats a
		// binary search of ordered comparisons.
		for i := range traits {
			// Name first: most traits share the prelude namespace.
			if t := &traits[i].ID; t.Name == id.Name && t.Namespace == id.Namespace && t.Member == id.Member {
				return traits[i], true
			}
		}
		return Trait{}, false
	}
	i := sort.Search(len(traits), func(i int) bool { return shapeid.Compare(traits[i].ID, id) >= 0 })
	if i < len(traits) && traits[i].ID == id {
		return traits[i], true
	}
	return Trait{}, false
}

// traitBit is the bit of a trait name in a shape's trait mask: one of bits
// 0 to 62 chosen by the name's length and two of its bytes, computed
// without allocating. Different names may share a bit (the mask only rules
// traits out; a set bit leads to the exact comparison).
func traitBit(name string) uint64 {
	n := len(name)
	if n == 0 {
		return 1
	}
	h := uint(n)*7 + uint(name[n-1])*3 + uint(name[n/2])
	return 1 << (h % 63)
}

// maskTraits sets the shape's trait mask from its effective traits; bit 63
// marks it computed.
func (s *Shape) maskTraits() {
	mask := uint64(1) << 63
	traits := s.traitList()
	for i := range traits {
		mask |= traitBit(traits[i].ID.Name)
	}
	s.traitMask = mask
}

// Members returns the members in definition order (after mixins were
// applied: mixin members first, as the specification orders them).
func (s *Shape) Members() []*Shape { return s.body.shapes }

// Member returns the member with the given name.
func (s *Shape) Member(name string) (*Shape, bool) {
	if ix := s.body.memberIndex(); ix != nil {
		if i, ok := ix[name]; ok {
			return s.body.shapes[i], true
		}
		return nil, false
	}
	for _, m := range s.body.shapes {
		if m.md.name == name {
			return m, true
		}
	}
	return nil, false
}

// indexMembersAbove is the member count above which a shape keeps an index
// of its members by name: below it a scan is as fast as a map lookup.
const indexMembersAbove = 16

// indexMembers builds memberIndex once the members are final.
func (s *Shape) indexMembers() {
	b := s.body
	if len(b.shapes) <= indexMembersAbove {
		if b.more != nil {
			b.more.memberIndex = nil
		}
		return
	}
	ix := make(map[string]int, len(b.shapes))
	for i, m := range b.shapes {
		ix[m.md.name] = i
	}
	b.extra().memberIndex = ix
}

// MemberName returns a member's name ("" for root shapes).
func (s *Shape) MemberName() string {
	if s.md == nil {
		return ""
	}
	return s.md.name
}

// Target returns the shape a member targets (zero for root shapes).
func (s *Shape) Target() shapeid.ID {
	if s.md == nil {
		return shapeid.ID{}
	}
	return *s.md.target
}

// Container returns the shape that declares a member (nil for root shapes).
func (s *Shape) Container() *Shape { return s.container }

// Ordinal returns the shape's number in its model: the model's root shapes
// in ID order, each followed by its members in [Shape.Members] order, are
// numbered from 0 to [Model.NumShapes]-1. Code that computes something for
// every shape of a model keeps it in a slice indexed by Ordinal instead of
// a map: no hashing, and neighbors in the model are neighbors in memory.
func (s *Shape) Ordinal() int { return int(s.ordinal) }

// Model returns the model the shape belongs to.
func (s *Shape) Model() *Model {
	if s.container != nil {
		return s.container.body.owner
	}
	return s.body.owner
}

// Mixins returns the mixins the shape was declared with.
func (s *Shape) Mixins() []shapeid.ID { return s.body.mixins() }

// Version returns a service's version.
func (s *Shape) Version() string { return s.props().Version }

// Operations returns the operations bound to a service or resource.
func (s *Shape) Operations() []shapeid.ID { return s.props().Operations }

// Resources returns the resources bound to a service or resource.
func (s *Shape) Resources() []shapeid.ID { return s.props().Resources }

// Errors returns the errors of a service or operation.
func (s *Shape) Errors() []shapeid.ID { return s.props().Errors }

// Rename returns a service's rename map as (shape, new name) pairs.
func (s *Shape) Rename() []NamedTarget { return s.props().Rename }

// Input returns an operation's input structure (zero when not set).
func (s *Shape) Input() shapeid.ID { return s.props().Input }

// Output returns an operation's output structure (zero when not set).
func (s *Shape) Output() shapeid.ID { return s.props().Output }

// Identifiers returns a resource's identifiers.
func (s *Shape) Identifiers() []NamedTarget { return s.props().Identifiers }

// Properties returns a resource's properties.
func (s *Shape) Properties() []NamedTarget { return s.props().Properties }

// Lifecycle returns a resource's lifecycle operation by name: "create",
// "put", "read", "update", "delete" or "list".
func (s *Shape) Lifecycle(name string) shapeid.ID {
	e := s.props()
	switch name {
	case "create":
		return e.Create
	case "put":
		return e.Put
	case "read":
		return e.Read
	case "update":
		return e.Update
	case "delete":
		return e.Delete
	case "list":
		return e.List
	}
	return shapeid.ID{}
}

// CollectionOperations returns a resource's collection operations.
func (s *Shape) CollectionOperations() []shapeid.ID { return s.props().CollectionOperations }

// Def returns a copy of the shape's own definition: its mixins, the traits
// it applies itself and the members it declares itself (redefined mixin
// members included, with only their own traits). Writers use it to print the
// model as written; changing the copy does not change the model.
func (s *Shape) Def() ShapeDef {
	d := ShapeDef{ID: s.body.id, Type: s.typ, Source: s.Source()}
	if e := s.body.entity(); e != nil {
		c := *e
		d.SetEntity(&c)
	}
	d.Traits = append([]Trait(nil), s.body.traits...)
	if len(s.body.members) > 0 {
		d.Members = make([]MemberDef, len(s.body.members))
		for i := range s.body.members {
			md := &s.body.members[i]
			d.Members[i] = s.body.memberDef(md)
			if md.otherFile() {
				d.SetMemberFile(md.name, s.body.more.memberFiles[md.name])
			}
		}
	}
	d.SetMixins(append([]shapeid.ID(nil), s.body.mixins()...))
	return d
}

// OwnTraits returns the traits the shape's definition applies itself,
// sorted by trait ID: [Shape.Def]'s Traits without the copy (nil for a
// member). The slice belongs to the shape: do not modify it.
func (s *Shape) OwnTraits() []Trait { return s.body.traits }

// NumOwnMembers returns the number of members the shape's definition
// declares itself (0 for a member): [Shape.Def]'s Members without the
// copy are [Shape.OwnMember] 0 to NumOwnMembers-1.
func (s *Shape) NumOwnMembers() int { return len(s.body.members) }

// OwnMember returns the i-th member the shape's definition declares
// itself, in order (0 <= i < [Shape.NumOwnMembers]). The model keeps its
// members packed (see [member]): the MemberDef is made for the call, and
// its Traits belong to the shape: do not modify them. Its Pos is in the
// file of the member shape's [Shape.Source] ([Shape.Def]'s MemberSource
// says so as well).
func (s *Shape) OwnMember(i int) MemberDef { return s.body.memberDef(&s.body.members[i]) }

// IsMixedIn reports whether a member was copied from a mixin without being
// redefined by its container.
func (s *Shape) IsMixedIn() bool { return s.inheritedMember }

// IsRedefinedMixinMember reports whether a member redefines a mixin member.
func (s *Shape) IsRedefinedMixinMember() bool { return s.redefined }

// Model is an assembled, immutable Smithy semantic model.
type Model struct {
	index    shapeIndex // root shapes by ID
	sorted   []*Shape
	files    []string        // the files of the root shapes (see shapeBody.file)
	metadata []MetadataEntry // sorted by key
	members  int             // members of every shape, mixins applied (bounded by MaxMembers)
	// numShapes counts root shapes and members (see [Shape.Ordinal]).
	numShapes int
	footprint int64 // see [Model.Footprint]
	// copiedTargets are the bytes of the member targets packMembers
	// copied (targets the model does not define), for measure.
	copiedTargets int64
}

// Error is a problem found while building a model, with the location of the
// definition at fault.
type Error struct {
	Source  SourceLocation
	ShapeID shapeid.ID
	Msg     string
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.Source.File != "" || e.Source.Pos.IsValid() {
		b.WriteString(e.Source.String())
		b.WriteString(": ")
	}
	if !e.ShapeID.IsZero() {
		b.WriteString(e.ShapeID.String())
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// MaxMembers bounds the members of a model, counted after mixins are
// applied (a shape has its mixins' members as well as its own): a chain of
// n mixins that each add a member gives n(n+1)/2 members, so a model of a
// few kilobytes could otherwise ask for gigabytes. The largest published
// service models have tens of thousands of members.
const MaxMembers = 1_000_000

// New builds a model from fully resolved shape definitions: every shape ID
// absolute, every member with its target (elided members already resolved),
// each ID defined once, trait IDs unique per definition. New applies mixins:
// a shape gets its mixins' members (first, in mixin order) and their
// traits (except @mixin itself and the mixin's localTraits), and a member
// or trait the shape declares itself supersedes the inherited one. The
// definitions' own traits and members stay available through [Shape.Def]
// for writers. New checks only what it needs to build a consistent model
// (unique IDs, unique traits and members, mixin cycles, conflicting mixed-in
// members); package assembly checks references.
//
// The model keeps the definitions' lists of members and mixins, and their
// lists of traits where they are sorted by trait ID already (a loader's
// are), instead of copying them: the caller must not modify them
// afterwards (a definition whose traits are out of order has them copied
// and sorted). The trait values are shared in any case.
func New(defs []ShapeDef, metadata []MetadataEntry) (*Model, error) {
	ptrs := make([]*ShapeDef, len(defs))
	for i := range defs {
		ptrs[i] = &defs[i]
	}
	return build(ptrs, metadata, false)
}

// NewFrom is [New] for a caller that gives the definitions up: it takes
// each one as it builds its shape and clears it (the ShapeDef is zero and
// its pointer in defs nil afterwards), so that what the model does not
// keep, the definitions themselves and their member lists (the model
// keeps its members packed), can be collected while the model is still
// being built. Package assembly gives it the definitions it merged: on the
// chain of 100,000 structures of docs/performance.md ("Where a model's
// bytes go") the definitions and their members were 42 MB alive beside
// the model being built, and a copy of the definitions was 17 MB more.
// A member whose traits are out of order has them sorted into a copy that
// its entry of the definition's member list takes (New copies the list
// first). After an error the definitions are partly cleared.
func NewFrom(defs []*ShapeDef, metadata []MetadataEntry) (*Model, error) {
	return build(defs, metadata, true)
}

// build is [New] (take false) and [NewFrom] (take true).
//
// The bodies of the root shapes are made as their definitions are read,
// in ID order, a block at a time ([bodyBlock]), not all before the first
// definition is read: made at once they were 16 MB on the chain of
// 100,000 structures of docs/performance.md ("Where a model's bytes go",
// eighth round), allocated while every definition and its member list
// were still alive, the largest live heap of the load (68 MiB; 56 with
// the bodies made as the definitions are read, which frees their member
// lists).
func build(defs []*ShapeDef, metadata []MetadataEntry, take bool) (*Model, error) {
	m := &Model{index: newShapeIndex(len(defs))}
	// The root shapes live in one array in ID order, which is the order
	// of their ordinals, and their definitions in another: a pass over
	// the shapes of the model reads memory in order. (The definitions are
	// checked in the order given, which decides the error reported.)
	perm := make([]int32, len(defs))
	for i := range perm {
		perm[i] = int32(i)
	}
	sort.SliceStable(perm, func(i, j int) bool { return shapeid.Compare(defs[perm[i]].ID, defs[perm[j]].ID) < 0 })
	pos := make([]int32, len(defs))
	for k, i := range perm {
		pos[i] = int32(k)
	}
	// Every shape is indexed first, by the IDs of the definitions (the
	// bodies, which hold the IDs once built, come later, and each
	// definition is cleared as it is read: see rootIDs): a member's target
	// is found while its definition is read. The first definition whose ID
	// is wrong or taken stops the indexing; its error is reported when the
	// definitions before it were checked.
	ids := &rootIDs{defs: defs, perm: perm}
	bad, badErr := len(defs), error(nil)
	for i, d := range defs {
		if d.ID.IsZero() || d.ID.HasMember() {
			bad, badErr = i, &Error{Source: d.Source, ShapeID: d.ID, Msg: "a shape definition needs an absolute root shape ID"}
			break
		}
		slot, dup := m.index.findRoot(ids, d.ID)
		if dup {
			bad, badErr = i, &Error{Source: d.Source, ShapeID: d.ID, Msg: "shape defined more than once"}
			break
		}
		m.index.slots[slot] = pos[i] + 1
	}
	// Nothing that the model keeps but the index is made before the
	// definitions are read: the root shapes (48 bytes each), the array of
	// pointers to them (Model.sorted) and the list by definition (from
	// perm; pos is not read past this point) are made once every
	// definition is read, so that none of them is alive beside every
	// definition, the build's largest point (7.3 MB on the chain of
	// 100,000 structures of docs/performance.md, "Where a model's bytes
	// go", tenth round). Until then a member's target is the position of
	// the root shape it names (rootIDs.targets), and a root shape's type
	// is in types.
	types := make([]ShapeType, len(defs))
	// The definitions are read in ID order, the order of the bodies; the
	// error reported is that of the first definition at fault in the order
	// given, whatever the order they are read in (a definition after one
	// at fault is not read once the fault is found).
	if buildStage != nil {
		buildStage("indexed")
	}
	firstErr, firstAt := badErr, bad
	var file int32 // the file of the definition read last: see fileIndex
	files := map[string]int32{}
	for k, i := range perm {
		if k%bodyBlock == 0 {
			ids.blocks = append(ids.blocks, make([]shapeBody, min(bodyBlock, len(defs)-k)))
		}
		if int(i) >= firstAt {
			continue
		}
		dp := defs[i]
		d := *dp
		if take {
			*dp, defs[i] = ShapeDef{}, nil
		}
		body := ids.body(k)
		file = m.fileIndex(d.Source.File, file, files)
		body.id, body.owner, body.pos, body.file = d.ID, m, d.Source.Pos, file
		if e := entityOf(&d); e != nil || len(d.Mixins()) > 0 {
			body.more = &bodyMore{mixins: d.Mixins(), entity: e}
		}
		types[k] = d.Type
		if err := m.readDef(body, &d, ids, take); err != nil {
			firstErr, firstAt = err, int(i)
		}
	}
	if buildStage != nil {
		buildStage("read")
	}
	if firstErr != nil {
		return nil, firstErr
	}
	roots := make([]Shape, len(defs))
	m.sorted = make([]*Shape, len(roots))
	for k := range roots {
		roots[k] = Shape{typ: types[k], body: ids.body(k)}
		m.sorted[k] = &roots[k]
	}
	// A member's target points to the ID of the root shape it names,
	// which its body holds: every body is built now. body.shapes holds
	// the shapes the own members target until complete makes the
	// members' shapes (see packMembers).
	next := 0
	for k := range roots {
		b := roots[k].body
		if len(b.members) == 0 {
			continue
		}
		b.shapes = make([]*Shape, len(b.members))
		for j := range b.members {
			if p := ids.targets[next]; p != 0 {
				b.shapes[j] = &roots[p-1]
				b.members[j].target = &roots[p-1].body.id
			}
			next++
		}
	}
	ids.targets, ids.blocks, types = nil, nil, nil
	byDef := make([]*Shape, len(defs))
	for k, i := range perm {
		byDef[i] = &roots[k]
	}
	for _, s := range byDef {
		if err := m.complete(s, nil); err != nil {
			return nil, err
		}
	}
	// Every ID is defined once: the array is in ID order.
	n := 0
	for _, s := range m.sorted {
		s.ordinal = int32(n)
		n++
		for _, ms := range s.body.shapes {
			ms.ordinal = int32(n)
			n++
		}
	}
	m.numShapes = n
	m.resolve()
	m.metadata = append([]MetadataEntry(nil), metadata...)
	sort.SliceStable(m.metadata, func(i, j int) bool { return m.metadata[i].Key < m.metadata[j].Key })
	for i := 1; i < len(m.metadata); i++ {
		if m.metadata[i].Key == m.metadata[i-1].Key {
			return nil, &Error{Source: m.metadata[i].Source, Msg: fmt.Sprintf("metadata key %q defined more than once", m.metadata[i].Key)}
		}
	}
	m.measure()
	return m, nil
}

// scanMembers is the most members whose names [New] checks for
// duplicates by scanning the members before each one (memberNamed);
// above it a map does, in linear time. A map a shape was most of the
// garbage New made on a model of small structures.
const scanMembers = 16

// memberNamed reports whether a member of the list is named name.
func memberNamed(list []MemberDef, name string) bool {
	for i := range list {
		if list[i].Name == name {
			return true
		}
	}
	return false
}

// buildStage, when set (by tests), is called at the two points of [build]
// where the live heap is largest: "indexed" (every root shape indexed, no
// body made yet) and "read" (every definition read, their member lists
// packed, the definitions not yet cleared).
var buildStage func(stage string)

// bodyBlock is the number of root shapes' bodies [build] makes at a
// time: as many as fill the allocator's largest size class of small
// objects (32 KB), which wastes none of it (a larger block takes whole
// pages: 256 bodies wasted 6 KB a block).
const bodyBlock = (32 << 10) / int(bodySize)

// readDef sets body's traits and members from its definition d, while
// the model is built: the model's root shapes are indexed, found through
// ids (see [shapeIndex.findRoot]).
//
// With take (NewFrom: the caller gave the definition up), a member whose
// traits are out of order gets its sorted copy in its own entry of the
// definition's member list, which the model does not keep; otherwise the
// caller's list is kept as given and the sorted traits go into a copy of
// the list (on examples/mcp/mcp.smithy, whose documentation comments come
// after the traits written, a copy of the members for most structures:
// docs/performance.md, "Where a model's bytes go", twelfth round).
func (m *Model) readDef(body *shapeBody, d *ShapeDef, ids *rootIDs, take bool) error {
	var err error
	if body.traits, err = sortTraits(d.ID, d.Traits); err != nil {
		return err
	}
	members, copied := d.Members, false
	var seen map[string]bool // for many members: see memberNamed
	if len(members) > scanMembers {
		seen = make(map[string]bool, len(members))
	}
	for j := range members {
		md := &members[j]
		if seen != nil && seen[md.Name] || seen == nil && memberNamed(members[:j], md.Name) {
			return &Error{Source: d.MemberSource(md), ShapeID: d.ID.WithMember(md.Name), Msg: "member defined more than once"}
		}
		if md.Target.IsZero() {
			return &Error{Source: d.MemberSource(md), ShapeID: d.ID.WithMember(md.Name), Msg: "member has no target"}
		}
		if len(md.Traits()) >= int(memberTraits) {
			return &Error{Source: d.MemberSource(md), ShapeID: d.ID.WithMember(md.Name), Msg: "member has too many traits"}
		}
		if seen != nil {
			seen[md.Name] = true
		}
		traits, err := sortTraits(d.ID.WithMember(md.Name), md.Traits())
		if err != nil {
			return err
		}
		if !sameSlice(traits, md.Traits()) {
			if !copied && !take {
				members, copied = append([]MemberDef(nil), members...), true
				md = &members[j]
			}
			md.SetTraits(traits)
		}
	}
	if len(members) > 0 {
		m.packMembers(body, d, members, ids)
	}
	return nil
}

// packMembers sets a body's own members from the definition's (see
// [member]); the model's root shapes are all indexed, found through ids
// (see [shapeIndex.findRoot]). The position of the root shape each own
// member targets (plus one; 0 where the model defines none) goes into
// ids.targets, in the order the members are packed: [build] points each
// such member's target to its shape's ID once every body is built, and
// until [Model.complete] makes the member shapes, body.shapes holds the
// shapes the own members target, from which complete sets each member's
// targetShape, so that no target is looked up twice.
func (m *Model) packMembers(body *shapeBody, d *ShapeDef, mdefs []MemberDef, ids *rootIDs) {
	body.members = make([]member, len(mdefs))
	for j := range mdefs {
		md := &mdefs[j]
		r := &body.members[j]
		r.name, r.pos = md.Name, md.Pos
		r.setTraits(md.Traits())
		if md.Elided() {
			r.bits |= memberElided
		}
		if slot, ok := m.index.findRoot(ids, md.Target); ok {
			// A root shape's ID (the lookup matched it whole): build
			// points the target to it once the shape's body is built.
			ids.targets = append(ids.targets, m.index.slots[slot])
		} else {
			ids.targets = append(ids.targets, 0)
			id := md.Target
			r.target = &id
			m.copiedTargets += alloc(idSize) + idText(id)
		}
		if file := d.MemberSource(md).File; file != body.fileName() {
			r.bits |= memberOtherFile
			more := body.extra()
			if more.memberFiles == nil {
				more.memberFiles = map[string]string{}
			}
			more.memberFiles[md.Name] = file
		}
	}
}

// complete computes a shape's effective traits and members from its own
// definition and its mixins, mixins first (depth-first, detecting cycles).
//
// The state of a root shape (0: not yet, completing: in progress,
// completed: done) is kept in its ordinal, which build numbers the
// shapes with only once every shape is complete: a map of the states was
// 2.4 MB on the chain of 100,000 structures and 9.5 MB on 300,000 empty
// strings of docs/performance.md ("Where a model's bytes go", tenth
// round), where it was the largest live heap of the load.
func (m *Model) complete(s *Shape, path []shapeid.ID) error {
	switch s.ordinal {
	case completed:
		return nil
	case completing:
		cycle := append(append([]shapeid.ID(nil), path...), s.body.id)
		parts := make([]string, len(cycle))
		for i, id := range cycle {
			parts[i] = id.String()
		}
		return &Error{Source: s.body.source(), ShapeID: s.body.id, Msg: "mixin cycle: " + strings.Join(parts, " -> ")}
	}
	s.ordinal = completing
	targets := s.body.shapes // of the own members: see packMembers
	type inherited struct {
		md     *member // its definition: the target
		tgt    *Shape  // the shape it targets, nil when the model has none
		traits []Trait
		from   shapeid.ID
	}
	var order []string
	// Without mixins the members are the shape's own: the maps stay nil
	// (two maps a shape were most of what New allocated and dropped on
	// a model of small structures).
	var mixed map[string]inherited
	var localMembers map[string]int
	if len(s.body.mixins()) > 0 {
		mixed = map[string]inherited{}
		localMembers = make(map[string]int, len(s.body.members))
		for i := range s.body.members {
			localMembers[s.body.members[i].name] = i
		}
	}
	var traits []Trait
	var clashes []string // member names two mixins give different targets
	for _, mid := range s.body.mixins() {
		mx, ok := m.lookup(mid)
		if !ok {
			return &Error{Source: s.body.source(), ShapeID: s.body.id, Msg: fmt.Sprintf("mixin %s is not defined", mid)}
		}
		if err := m.complete(mx, append(path, s.body.id)); err != nil {
			return err
		}
		local := localTraitSet(mx)
		for _, t := range mx.traitList() {
			if t.ID == preludeid.Mixin || local[t.ID] {
				continue
			}
			traits = upsertTrait(traits, t)
		}
		for _, mm := range mx.body.shapes {
			name := mm.MemberName()
			// A member the shape declares itself must target what every
			// mixin's member of that name targets.
			if i, ok := localMembers[name]; ok {
				if md := &s.body.members[i]; *md.target != *mm.md.target {
					return &Error{Source: s.body.memberSource(md), ShapeID: s.body.id.WithMember(name), Msg: fmt.Sprintf("Member conflicts with an inherited mixin member: `%s`", mm.ID())}
				}
			}
			if prev, dup := mixed[name]; dup {
				if *prev.md.target != *mm.md.target {
					clashes = append(clashes, name)
					continue
				}
				merged := prev.traits
				for _, t := range mm.traitList() {
					merged = upsertTrait(merged, t)
				}
				mixed[name] = inherited{md: prev.md, tgt: prev.tgt, traits: merged, from: prev.from}
				continue
			}
			order = append(order, name)
			mixed[name] = inherited{md: mm.md, tgt: mm.targetShape, traits: append([]Trait(nil), mm.traitList()...), from: mx.body.id}
		}
	}
	if len(clashes) > 0 {
		return &Error{Source: s.body.source(), ShapeID: s.body.id.WithMember(clashes[0]), Msg: fmt.Sprintf("Member conflicts with an inherited mixin member: `%s`", s.body.id.WithMember(clashes[0]))}
	}
	if len(s.body.mixins()) == 0 {
		traits = s.body.traits
	} else {
		// Merged over the mixins' only where there are mixins: merged
		// for every shape and then dropped, each trait a copy of the
		// list, it was a tenth of what examples/mcp/mcp.smithy's load
		// allocated (docs/performance.md, "Where a model's bytes go",
		// twelfth round).
		for _, t := range s.body.traits {
			traits = upsertTrait(traits, t)
		}
	}
	s.setTraits(traits)
	m.members += len(order) + len(s.body.members)
	if m.members > MaxMembers {
		return &Error{Source: s.body.source(), ShapeID: s.body.id, Msg: fmt.Sprintf("the model has more than %d members once mixins are applied (a limit of this implementation)", MaxMembers)}
	}
	// The members live in one array, in order.
	count := len(order)
	for i := range s.body.members {
		if _, ok := mixed[s.body.members[i].name]; !ok {
			count++
		}
	}
	block := make([]Shape, count)
	if len(order) == 0 && count == len(targets) {
		// The members are the shape's own, in order: the list of their
		// targets becomes the list of their shapes, each entry read
		// (below) before it is written.
		s.body.shapes = targets[:0]
	} else {
		s.body.shapes = make([]*Shape, 0, count)
	}
	for _, name := range order {
		in := mixed[name]
		ms := &block[len(s.body.shapes)]
		*ms = Shape{typ: MemberType, body: &memberBody, md: in.md, container: s, inheritedMember: true, targetShape: in.tgt, ordinal: int32(len(s.body.shapes))}
		traits := in.traits
		if i, ok := localMembers[name]; ok {
			md := &s.body.members[i]
			if *md.target != *in.md.target {
				return &Error{Source: s.body.memberSource(md), ShapeID: ms.ID(), Msg: fmt.Sprintf("member redefines the mixed-in member from %s with target %s, but a redefined mixin member must target the same shape (%s)", in.from, *md.target, *in.md.target)}
			}
			for _, t := range md.traitList() {
				traits = upsertTrait(traits, t)
			}
			ms.md, ms.targetShape = md, targets[i]
			ms.inheritedMember = false
			ms.redefined = true
		}
		ms.setTraits(traits)
		s.body.shapes = append(s.body.shapes, ms)
	}
	for j := range s.body.members {
		md := &s.body.members[j]
		if _, ok := mixed[md.name]; ok {
			continue
		}
		ms := &block[len(s.body.shapes)]
		*ms = Shape{typ: MemberType, body: &memberBody, md: md, container: s, targetShape: targets[j], ordinal: int32(len(s.body.shapes))}
		s.body.shapes = append(s.body.shapes, ms)
	}
	s.indexMembers()
	s.maskTraits()
	for _, ms := range s.body.shapes {
		ms.maskTraits()
	}
	s.ordinal = completed
	return nil
}

// completing and completed are a root shape's states while
// [Model.complete] runs, in its ordinal.
const (
	completing = 1
	completed  = 2
)

func localTraitSet(mx *Shape) map[shapeid.ID]bool {
	v, ok := mx.Trait(preludeid.Mixin)
	if !ok {
		return nil
	}
	lt, ok := v.Get("localTraits")
	if !ok {
		return nil
	}
	set := map[shapeid.ID]bool{}
	for _, e := range lt.Elems() {
		if id, err := shapeid.Parse(e.StringValue()); err == nil {
			set[id] = true
		}
	}
	return set
}

// sameSlice reports whether a and b are the same list (the same array
// and length).
func sameSlice(a, b []Trait) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// upsertTrait inserts t into the sorted list, replacing a trait of the same ID.
func upsertTrait(list []Trait, t Trait) []Trait {
	i := sort.Search(len(list), func(i int) bool { return shapeid.Compare(list[i].ID, t.ID) >= 0 })
	if i < len(list) && list[i].ID == t.ID {
		out := append([]Trait(nil), list...)
		out[i] = t
		return out
	}
	out := make([]Trait, 0, len(list)+1)
	out = append(out, list[:i]...)
	out = append(out, t)
	return append(out, list[i:]...)
}

// sortTraits returns traits sorted by ID: traits itself when it is sorted
// already (as loaders write them), else a sorted copy; two of one ID are
// an error.
func sortTraits(owner shapeid.ID, traits []Trait) ([]Trait, error) {
	sorted := true
	for i := 1; i < len(traits); i++ {
		if shapeid.Compare(traits[i-1].ID, traits[i].ID) >= 0 {
			sorted = false
			break
		}
	}
	if sorted {
		return traits, nil
	}
	out := append([]Trait(nil), traits...)
	// slices, not sort.SliceStable, whose reflection-made swapper was
	// two allocations a list sorted.
	slices.SortStableFunc(out, func(a, b Trait) int { return shapeid.Compare(a.ID, b.ID) })
	for i := 1; i < len(out); i++ {
		if out[i].ID == out[i-1].ID {
			return nil, &Error{Source: out[i].Source, ShapeID: owner, Msg: fmt.Sprintf("trait %s applied more than once", out[i].ID)}
		}
	}
	return out, nil
}

// Shape returns the shape with the given ID; member IDs return the member.
func (m *Model) Shape(id shapeid.ID) (*Shape, bool) {
	s, ok := m.lookup(id.Root())
	if !ok {
		return nil, false
	}
	if id.Member == "" {
		return s, true
	}
	return s.Member(id.Member)
}

// Shapes returns every root shape sorted by shape ID.
func (m *Model) Shapes() []*Shape { return m.sorted }

// Len returns the number of root shapes.
func (m *Model) Len() int { return len(m.sorted) }

// NumShapes returns the number of root shapes and members: one more than
// the largest [Shape.Ordinal].
func (m *Model) NumShapes() int { return m.numShapes }

// Metadata returns the model's metadata sorted by key.
func (m *Model) Metadata() []MetadataEntry { return m.metadata }

// MetadataValue returns the metadata value for key.
func (m *Model) MetadataValue(key string) (node.Node, bool) {
	i := sort.Search(len(m.metadata), func(i int) bool { return m.metadata[i].Key >= key })
	if i < len(m.metadata) && m.metadata[i].Key == key {
		return m.metadata[i].Value, true
	}
	return node.Node{}, false
}

// Target returns the shape a member targets.
func (m *Model) Target(member *Shape) (*Shape, bool) {
	if member == nil || member.typ != MemberType {
		return nil, false
	}
	if member.Model() == m {
		return member.targetShape, member.targetShape != nil
	}
	return m.Shape(*member.md.target)
}

// resolve sets every root shape's related shapes: one lookup per
// reference, in one backing array; and the targetShape of a member whose
// target names a member (complete set the others from packMembers'
// lookups).
func (m *Model) resolve() {
	n := 0
	for _, s := range m.sorted {
		s.Relationships(func(r RelationshipType, _ shapeid.ID) {
			if r != RelMember {
				n++
			}
		})
	}
	backing := make([]*Shape, 0, n)
	for _, s := range m.sorted {
		start := len(backing)
		s.Relationships(func(r RelationshipType, id shapeid.ID) {
			if r != RelMember {
				t, _ := m.Shape(id)
				backing = append(backing, t)
			}
		})
		if len(backing) > start {
			s.body.extra().related = backing[start:len(backing):len(backing)]
		}
		for _, ms := range s.body.shapes {
			if ms.targetShape == nil && ms.md.target.HasMember() {
				// A target that names a member (an error the
				// validators report as such): not a root shape, so
				// packMembers did not find it.
				ms.targetShape, _ = m.Shape(*ms.md.target)
			}
		}
	}
}

// EffectiveTraits returns the traits that govern a member: the member's own
// traits, plus each trait of its target whose ID the member does not apply
// (a member trait replaces the target's trait of the same ID as a whole).
// For a root shape it returns the shape's traits. The result is sorted by
// trait ID and is a new slice when it differs from the shape's own.
func (m *Model) EffectiveTraits(s *Shape) []Trait {
	own := s.traitList()
	if s.typ != MemberType {
		return own
	}
	t, ok := m.Target(s)
	if !ok {
		return own
	}
	target := t.traitList()
	if len(target) == 0 {
		return own
	}
	if len(own) == 0 {
		return target
	}
	out := make([]Trait, 0, len(own)+len(target))
	i, j := 0, 0
	for i < len(own) || j < len(target) {
		switch {
		case j == len(target):
			out = append(out, own[i])
			i++
		case i == len(own):
			out = append(out, target[j])
			j++
		default:
			c := shapeid.Compare(own[i].ID, target[j].ID)
			switch {
			case c < 0:
				out = append(out, own[i])
				i++
			case c > 0:
				out = append(out, target[j])
				j++
			default: // the member's trait replaces the target's
				out = append(out, own[i])
				i++
				j++
			}
		}
	}
	return out
}

// EffectiveTrait returns the value of one effective trait of s (see
// [Model.EffectiveTraits]).
func (m *Model) EffectiveTrait(s *Shape, id shapeid.ID) (node.Node, bool) {
	if v, ok := s.Trait(id); ok {
		return v, true
	}
	if s.typ == MemberType {
		if t, ok := m.Target(s); ok {
			return t.Trait(id)
		}
	}
	return node.Node{}, false
}

// Flatten returns the model with every mixin applied and removed: each
// shape that is not a mixin declares all its members and traits itself and
// lists no mixins, and the mixin shapes are gone (as the official CLI's
// --flatten does).
func (m *Model) Flatten() (*Model, error) {
	defs := make([]ShapeDef, 0, len(m.sorted))
	for _, s := range m.sorted {
		if s.HasTrait(preludeid.Mixin) {
			continue
		}
		d := s.Def()
		d.SetMixins(nil)
		d.Traits = append([]Trait(nil), s.traitList()...)
		d.Members = make([]MemberDef, len(s.body.shapes))
		for i, ms := range s.body.shapes {
			src := ms.Source()
			d.Members[i] = NewMemberDef(ms.MemberName(), ms.Target(), append([]Trait(nil), ms.traitList()...))
			d.Members[i].Pos = src.Pos
			d.SetMemberFile(ms.MemberName(), src.File)
		}
		defs = append(defs, d)
	}
	return New(defs, m.metadata)
}
