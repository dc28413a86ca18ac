package assembly

import "hash/maphash"

// nameSet is the set of the root shape names that a model defines in one
// namespace, which the lowering of the IDL files asks about
// ([Assembler.documents]): an open-addressing hash table of the strings
// themselves, 16 bytes a slot, made once at the number of names the files
// give (restatements make it an upper bound) with a quarter more slots,
// never grown. It is alive while the files are lowered, beside their
// parse trees; a Go map of the names was 34 bytes a name on the chain of
// 100,000 structures of docs/performance.md ("Where a model's bytes go",
// fourteenth round) and 46 on 300,000 strings (13.7 MB), where the table
// is 20. So full, a table probed linearly reads about 13 slots to find
// that a name is not there (half the lookups of the chain: `String` is
// looked for in the chain's namespace first), 2% more instructions on the
// chain with the collector off; its size is a prime and a name's probe
// steps by a second hash (double hashing: about 5 slots).
type nameSet struct {
	seed  maphash.Seed
	slots []string // "" is empty: no shape name is empty
}

// newNameSet makes the set for at most n names.
func newNameSet(seed maphash.Seed, n int) *nameSet {
	return &nameSet{seed: seed, slots: make([]string, primeAtLeast(n+n/4+2))}
}

// primeAtLeast returns the least prime number at least n (n >= 2): a
// table of a prime size is visited whole by any step less than its size.
func primeAtLeast(n int) int {
	for ; ; n++ {
		if n < 4 {
			return max(n, 2)
		}
		if n%2 == 0 {
			continue
		}
		prime := true
		for d := 3; d*d <= n; d += 2 {
			if n%d == 0 {
				prime = false
				break
			}
		}
		if prime {
			return n
		}
	}
}

// probe returns the slot where the probe for name starts and its step.
func (s *nameSet) probe(name string) (start, step int) {
	h := maphash.String(s.seed, name)
	size := uint64(len(s.slots))
	return int(h % size), 1 + int((h>>32)%(size-1))
}

// add adds name; the set holds fewer names than slots (newNameSet).
func (s *nameSet) add(name string) {
	if name == "" {
		return
	}
	i, step := s.probe(name)
	for s.slots[i] != "" {
		if s.slots[i] == name {
			return
		}
		if i += step; i >= len(s.slots) {
			i -= len(s.slots)
		}
	}
	s.slots[i] = name
}

// has reports whether name is in the set.
func (s *nameSet) has(name string) bool {
	if name == "" {
		return false
	}
	i, step := s.probe(name)
	for s.slots[i] != "" {
		if s.slots[i] == name {
			return true
		}
		if i += step; i >= len(s.slots) {
			i -= len(s.slots)
		}
	}
	return false
}
