package idl

import "hash/maphash"

// nameTable holds one string of each name and shape ID text a parser has
// read ([parser.intern]): an open-addressing hash table (linear probing,
// at most 7/8 full) of the strings themselves, 16 bytes a slot. A Go map
// from text to string kept each string twice (key and value, 32 bytes a
// slot with its control byte beside) and grew by tables of its own: 99 KB
// allocated a load of examples/mcp/mcp.smithy (1.3 MB in all; its 593
// names now take a table of 16 KB, 32 KB with the ones it grew from) and
// 8 MB a parse of the chain of 100,000 structures (4 MB now), whose
// parse it outlived by nothing (docs/performance.md, "Where a model's
// bytes go", twelfth round).
type nameTable struct {
	seed  maphash.Seed
	slots []string // "" is empty: no name is empty
	n     int      // the strings held
}

// minNameSlots is the table's first size: a small file's names (a
// trait's definitions: tens) fit in it.
const minNameSlots = 64

// intern returns the string of text held by t, adding it if t has none.
// text must not be empty.
func (t *nameTable) intern(text []byte) string {
	if t.slots == nil {
		t.seed = maphash.MakeSeed()
		t.slots = make([]string, minNameSlots)
	}
	mask := uint64(len(t.slots) - 1)
	i := maphash.Bytes(t.seed, text) & mask
	for ; t.slots[i] != ""; i = (i + 1) & mask {
		if t.slots[i] == string(text) {
			return t.slots[i]
		}
	}
	s := string(text)
	t.n++
	if t.n*8 > len(t.slots)*7 {
		t.grow()
		t.put(s)
	} else {
		t.slots[i] = s
	}
	return s
}

// grow doubles the table.
func (t *nameTable) grow() {
	old := t.slots
	t.slots = make([]string, 2*len(old))
	for _, s := range old {
		if s != "" {
			t.put(s)
		}
	}
}

// put places s, which t does not hold, in a free slot.
func (t *nameTable) put(s string) {
	mask := uint64(len(t.slots) - 1)
	i := maphash.String(t.seed, s) & mask
	for t.slots[i] != "" {
		i = (i + 1) & mask
	}
	t.slots[i] = s
}
