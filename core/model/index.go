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

// rootID is a root shape's ID while a model is built (see
// [shapeIndex.findRoot]): 32 bytes, where a shape ID is 48.
type rootID struct{ namespace, name string }

// findRoot is [shapeIndex.find] while the model is built, before the root
// shapes have their bodies: the ID of the root shape at position p is
// ids[p]. A member's ID is never found.
func (x *shapeIndex) findRoot(ids []rootID, id shapeid.ID) (int, bool) {
	mask := len(x.slots) - 1
	i := int(x.hash(id)) & mask
	for {
		p := x.slots[i]
		if p == 0 {
			return i, false
		}
		if r := &ids[p-1]; r.name == id.Name && r.namespace == id.Namespace && id.Member == "" {
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
