package assembly

import (
	"hash/maphash"
	"math/bits"
)

// nameSet is the set of the root shape names that a model defines in one
// namespace, which the lowering of the IDL files asks about
// ([Assembler.documents]): an open-addressing hash table (linear probing)
// of the strings themselves, 16 bytes a slot, made once at the number of
// names the files give (restatements make it an upper bound) with a
// quarter more slots, never grown. It is alive while the files are
// lowered, beside their parse trees; a Go map of the names was 34 bytes a
// name on the chain of 100,000 structures of docs/performance.md ("Where
// a model's bytes go", fourteenth round) and 46 on 300,000 strings (13.7
// MB), where the table is 20.
type nameSet struct {
	seed  maphash.Seed
	slots []string // "" is empty: no shape name is empty
}

// newNameSet makes the set for at most n names.
func newNameSet(seed maphash.Seed, n int) *nameSet {
	return &nameSet{seed: seed, slots: make([]string, n+n/4+1)}
}

// start is the slot where the probe for name starts: the hash scaled to
// the table (which is not a power of two).
func (s *nameSet) start(name string) int {
	hi, _ := bits.Mul64(maphash.String(s.seed, name), uint64(len(s.slots)))
	return int(hi)
}

// add adds name; the set holds fewer names than slots (newNameSet).
func (s *nameSet) add(name string) {
	if name == "" {
		return
	}
	i := s.start(name)
	for s.slots[i] != "" {
		if s.slots[i] == name {
			return
		}
		if i++; i == len(s.slots) {
			i = 0
		}
	}
	s.slots[i] = name
}

// has reports whether name is in the set.
func (s *nameSet) has(name string) bool {
	if name == "" {
		return false
	}
	i := s.start(name)
	for s.slots[i] != "" {
		if s.slots[i] == name {
			return true
		}
		if i++; i == len(s.slots) {
			i = 0
		}
	}
	return false
}
