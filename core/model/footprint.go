package model

import (
	"unsafe"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// Footprint returns an estimate of the bytes of memory the model holds:
// computed by [New] from the sizes of what it built (its shapes, their
// definitions, member lists and indexes, the ID index, the trait values
// as trees of nodes with their text, the shape IDs' and trait IDs'
// text, the metadata), each array counted at its capacity and rounded up
// to the allocator's size classes, each map at its entries' size over
// its load factor. Text is counted as if each string had its own bytes,
// though many share them (an IDL model's names are slices of its
// source), so the estimate errs high. A server that
// caches models bounds its cache with it; it is at or above what the
// collector finds the model retains (cli/load's TestModelCostEstimate
// compares the two for models of every kind).
func (m *Model) Footprint() int64 { return m.footprint }

const (
	ptrSize    = int64(unsafe.Sizeof(uintptr(0)))
	sliceSize  = int64(unsafe.Sizeof([]Trait(nil)))
	shapeSize  = int64(unsafe.Sizeof(Shape{}))
	bodySize   = int64(unsafe.Sizeof(shapeBody{}))
	memberSize = int64(unsafe.Sizeof(member{}))
	traitSize  = int64(unsafe.Sizeof(Trait{}))
	idSize     = int64(unsafe.Sizeof(shapeid.ID{}))
	nodeSize   = int64(unsafe.Sizeof(node.Node{}))
	fieldSize  = int64(unsafe.Sizeof(node.Field{}))
)

// alloc rounds an allocation of n bytes up as the allocator does, within
// an eighth (its size classes are at most 12.5% apart; large objects
// take whole pages).
func alloc(n int64) int64 {
	switch {
	case n <= 0:
		return 0
	case n <= 16:
		return 16
	case n > 32<<10:
		return (n + 8191) &^ 8191
	}
	return n + n/8
}

// mapBytes estimates a map of n entries of the given key and value sizes:
// slots for each entry, a control byte each, at a load of 7/8.
func mapBytes(n, key, val int64) int64 {
	if n == 0 {
		return 0
	}
	return alloc((n*(key+val+1)*8)/7 + 64)
}

// measure computes the model's footprint once it is built.
func (m *Model) measure() {
	n := int64(unsafe.Sizeof(*m))
	roots := int64(len(m.sorted))
	n += alloc(int64(len(m.index.slots)) * 4)
	n += alloc(roots * ptrSize) // sorted
	n += alloc(roots * shapeSize)
	n += alloc(roots * bodySize)
	n += alloc(int64(cap(m.files)) * int64(unsafe.Sizeof("")))
	for _, f := range m.files {
		n += int64(len(f))
	}
	for _, s := range m.sorted {
		b := s.body
		n += idText(b.id)
		if k := int64(len(b.shapes)); k > 0 {
			n += alloc(k*shapeSize) + alloc(int64(cap(b.shapes))*ptrSize)
		}
		n += mapBytes(int64(len(b.memberIndex())), 16, 8)
		n += alloc(int64(cap(b.members)) * memberSize)
		n += alloc(int64(cap(b.mixins())) * idSize)
		n += traitsBytes(b.traits)
		for i := range b.members {
			md := &b.members[i]
			n += int64(len(md.name)) + traitsBytes(md.traitList())
		}
		if b.more != nil && len(b.more.memberFiles) > 0 {
			n += mapBytes(int64(len(b.more.memberFiles)), 16, 16)
			for name, file := range b.more.memberFiles {
				n += int64(len(name) + len(file))
			}
		}
		if len(b.mixins()) > 0 {
			// Mixed-in traits and members' traits are new lists (their
			// values are the mixins').
			if s.mixed {
				n += alloc(int64(cap(s.mixedList())) * traitSize)
			}
			for _, ms := range b.shapes {
				if ms.mixed {
					n += alloc(int64(cap(ms.mixedList())) * traitSize)
				}
			}
			if mx := b.more.mixed; mx != nil {
				n += alloc(sliceSize) + alloc(int64(cap(*mx))*int64(unsafe.Sizeof(mixedTraits{})))
			}
		}
		if b.more != nil {
			n += alloc(int64(unsafe.Sizeof(*b.more)))
		}
		if e := b.entity(); e != nil {
			n += alloc(int64(unsafe.Sizeof(*e))) + int64(len(e.Version))
			for _, ids := range [][]shapeid.ID{e.Operations, e.Resources, e.Errors, e.CollectionOperations} {
				n += alloc(int64(cap(ids)) * idSize)
			}
			for _, nts := range [][]NamedTarget{e.Rename, e.Identifiers, e.Properties} {
				n += alloc(int64(cap(nts)) * int64(unsafe.Sizeof(NamedTarget{})))
			}
		}
	}
	n += m.copiedTargets // the targets the model does not define: their own copies
	related := int64(0)
	for _, s := range m.sorted {
		related += int64(len(s.body.related()))
	}
	n += alloc(related * ptrSize)
	n += alloc(int64(cap(m.metadata)) * int64(unsafe.Sizeof(MetadataEntry{})))
	for _, md := range m.metadata {
		n += int64(len(md.Key)) + nodeBytes(md.Value)
	}
	m.footprint = n
}

// traitsBytes is a list of trait applications and their values.
func traitsBytes(ts []Trait) int64 {
	n := alloc(int64(cap(ts)) * traitSize)
	for i := range ts {
		n += idText(ts[i].ID) + nodeBytes(ts[i].Value)
	}
	return n
}

// idText is the text of a shape ID.
func idText(id shapeid.ID) int64 {
	return int64(len(id.Namespace) + len(id.Name) + len(id.Member))
}

// nodeBytes is what a node value holds beyond the node itself: its text,
// and a container's children with theirs.
func nodeBytes(v node.Node) int64 {
	switch v.Kind() {
	case node.String:
		return int64(len(v.StringValue()))
	case node.Number:
		return int64(len(v.NumberText()))
	case node.Array:
		es := v.Elems()
		// A container's node points to its children, one allocation
		// of exactly their number (core/node keeps no header).
		n := alloc(int64(len(es)) * nodeSize)
		for _, e := range es {
			n += nodeBytes(e)
		}
		return n
	case node.Object:
		fs := v.Fields()
		n := alloc(int64(len(fs)) * fieldSize)
		for _, f := range fs {
			n += int64(len(f.Key)) + nodeBytes(f.Value)
		}
		return n
	}
	return 0
}
