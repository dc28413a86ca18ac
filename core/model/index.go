package model

import (
	"hash/maphash"
	"math/bits"

	"github.com/smithy-validation/go/core/shapeid"
)

// shapeIndex finds a root shape of a model by its ID: an open-addressing
// hash table (linear probing, at most half full) of positions in the
// model's array of root shapes, which holds the IDs. A Go map from ID to
// shape would keep a 48-byte copy of every key and a pointer beside it
// (70 to 90 bytes a root shape); the table keeps 8 to 16.
type shapeIndex struct {
	seed  maphash.Seed
	slots []int32 // a position in Model.sorted plus one; 0 is empty
}

func newShapeIndex(n int) shapeIndex {
	size := 8
	for size < 2*n {
		size <<= 1
	}
	return shapeIndex{seed: maphash.MakeSeed(), slots: make([]int32, size)}
}

func (x *shapeIndex) hash(id shapeid.ID) uint64 {
	return maphash.String(x.seed, id.Name) ^ bits.RotateLeft64(maphash.String(x.seed, id.Namespace), 29)
}

// find returns the slot of the root shape ID id among shapes (the
// model's root shapes by position) and whether it holds id; when it does
// not, the slot is the empty one where id goes.
func (x *shapeIndex) find(shapes []*Shape, id shapeid.ID) (int, bool) {
	mask := len(x.slots) - 1
	i := int(x.hash(id)) & mask
	for {
		p := x.slots[i]
		if p == 0 {
			return i, false
		}
		if sh := shapes[p-1]; sh.body.id == id {
			return i, true
		}
		i = (i + 1) & mask
	}
}

// rootIDs gives the ID of the root shape at position p while a model is
// built (see [shapeIndex.findRoot]), before every root shape has its
// body: the body's once the definition is read (it may be cleared then),
// the definition's before. No copy of the IDs is made for the build: one
// of 32 bytes a root shape was 3.2 MB of the largest live heap of
// `smithy validate` on the chain of 100,000 structures of
// docs/performance.md ("Where a model's bytes go", ninth round), where
// the definitions and the root shapes are alive together.
type rootIDs struct {
	defs []*ShapeDef // as given
	perm []int32     // the definition of the root shape at position p is defs[perm[p]]
	// blocks are the bodies of the root shapes in ID order, bodyBlock a
	// block, made as the definitions are read (see [rootIDs.body]).
	blocks [][]shapeBody
	// targets are the positions plus one of the root shapes that the
	// members read so far target, in the order they were read (0: a
	// target the model does not define), until the root shapes are made.
	targets []int32
}

// body returns the body of the root shape at position p, nil before its
// block is made; it is read (its owner set) once its definition is.
func (r *rootIDs) body(p int) *shapeBody {
	if b := p / bodyBlock; b < len(r.blocks) {
		return &r.blocks[b][p%bodyBlock]
	}
	return nil
}

// is reports whether the root shape at position p has the ID id.
func (r *rootIDs) is(p int, id shapeid.ID) bool {
	if b := r.body(p); b != nil && b.owner != nil {
		return b.id.Name == id.Name && b.id.Namespace == id.Namespace
	}
	d := r.defs[r.perm[p]]
	return d.ID.Name == id.Name && d.ID.Namespace == id.Namespace
}

// findRoot is [shapeIndex.find] while the model is built, before the root
// shapes have their bodies (see [rootIDs]). A member's ID is never found.
func (x *shapeIndex) findRoot(ids *rootIDs, id shapeid.ID) (int, bool) {
	mask := len(x.slots) - 1
	i := int(x.hash(id)) & mask
	for {
		p := x.slots[i]
		if p == 0 {
			return i, false
		}
		if id.Member == "" && ids.is(int(p-1), id) {
			return i, true
		}
		i = (i + 1) & mask
	}
}

// lookup returns the root shape with the ID id.
func (m *Model) lookup(id shapeid.ID) (*Shape, bool) {
	if len(m.index.slots) == 0 {
		return nil, false
	}
	i, ok := m.index.find(m.sorted, id)
	if !ok {
		return nil, false
	}
	return m.sorted[m.index.slots[i]-1], true
}
