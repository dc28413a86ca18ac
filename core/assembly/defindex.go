package assembly

import (
	"hash/maphash"
	"math/bits"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// defIndex finds a merged definition by its shape ID: an open-addressing
// hash table (linear probing, at most half full) of positions in the
// assembler's list of definitions (assembler.defs), whose definitions
// hold the IDs. A Go map from ID to definition kept a 48-byte copy of
// every key and a pointer beside it: 8 MB on the chain of 100,000
// structures of docs/performance.md ("Where a model's bytes go", tenth
// round), the largest live heap of the load, where the table is 1 MB.
type defIndex struct {
	seed  maphash.Seed
	slots []int32 // a position in defs plus one; 0 is empty
	n     int     // the positions held
}

func newDefIndex(n int) defIndex {
	return defIndex{seed: maphash.MakeSeed(), slots: make([]int32, tableSize(n))}
}

// tableSize is the number of slots for n definitions: a power of two at
// least twice n.
func tableSize(n int) int {
	size := 8
	for size < 2*n {
		size <<= 1
	}
	return size
}

func (x *defIndex) hash(id shapeid.ID) uint64 {
	h := maphash.String(x.seed, id.Name) ^ bits.RotateLeft64(maphash.String(x.seed, id.Namespace), 29)
	if id.Member != "" {
		h ^= bits.RotateLeft64(maphash.String(x.seed, id.Member), 47)
	}
	return h
}

// find returns the slot of id among defs and whether it holds id; when it
// does not, the slot is the empty one where id goes.
func (x *defIndex) find(defs []*model.ShapeDef, id shapeid.ID) (int, bool) {
	mask := len(x.slots) - 1
	i := int(x.hash(id)) & mask
	for {
		p := x.slots[i]
		if p == 0 {
			return i, false
		}
		if defs[p-1].ID == id {
			return i, true
		}
		i = (i + 1) & mask
	}
}

// get returns the definition of id.
func (x *defIndex) get(defs []*model.ShapeDef, id shapeid.ID) (*model.ShapeDef, bool) {
	if len(x.slots) == 0 {
		return nil, false
	}
	i, ok := x.find(defs, id)
	if !ok {
		return nil, false
	}
	return defs[x.slots[i]-1], true
}

// add indexes defs[p], whose ID is not indexed yet.
func (x *defIndex) add(defs []*model.ShapeDef, p int) {
	if 2*(x.n+1) > len(x.slots) {
		x.rebuild(defs[:p], 2*(x.n+1))
	}
	i, _ := x.find(defs, defs[p].ID)
	x.slots[i] = int32(p + 1)
	x.n++
}

// rebuild indexes defs anew, in a table for at least n of them: after the
// list changed (a definition dropped moves those after it) or to grow.
func (x *defIndex) rebuild(defs []*model.ShapeDef, n int) {
	size := tableSize(max(n, len(defs)))
	if len(x.slots) == size {
		clear(x.slots)
	} else {
		x.slots = make([]int32, size)
	}
	x.n = 0
	for p := range defs {
		i, _ := x.find(defs, defs[p].ID)
		x.slots[i] = int32(p + 1)
		x.n++
	}
}

// def returns the merged definition of id.
func (s *assembler) def(id shapeid.ID) (*model.ShapeDef, bool) {
	return s.byID.get(s.defs, id)
}

// defOf returns the merged definition of id, which is defined.
func (s *assembler) defOf(id shapeid.ID) *model.ShapeDef {
	d, _ := s.byID.get(s.defs, id)
	return d
}
