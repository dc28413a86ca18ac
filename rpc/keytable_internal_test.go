package rpc

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// The key table against a map, with few hash values (long probe runs,
// wrapping around, backward shifts) and many.
func TestKeyTable(t *testing.T) {
	for _, hashes := range []uint64{1, 3, 1 << 62} {
		var tab keyTable
		ref := map[string]*call{}
		r := rand.New(rand.NewPCG(1, hashes))
		h := func(k string) uint64 {
			n, _ := strconv.Atoi(k)
			return uint64(n) * 0x9E3779B97F4A7C15 % hashes
		}
		for step := 0; step < 20000; step++ {
			k := strconv.Itoa(r.IntN(64))
			switch r.IntN(3) {
			case 0:
				cl := &call{key: []byte(k)}
				if head := tab.add(h(k), cl); head != ref[k] {
					t.Fatalf("hashes %d step %d: add of %s returned %p, want %p", hashes, step, k, head, ref[k])
				} else if head == nil {
					ref[k] = cl
				}
			case 1:
				tab.remove(h(k), []byte(k))
				delete(ref, k)
			}
			if got := tab.find(h(k), []byte(k)); got != ref[k] {
				t.Fatalf("hashes %d step %d: key %s found %p, want %p", hashes, step, k, got, ref[k])
			}
			if tab.n != len(ref) {
				t.Fatalf("hashes %d step %d: %d keys, want %d", hashes, step, tab.n, len(ref))
			}
		}
		seen := 0
		tab.each(func(cl *call) {
			if ref[string(cl.key)] != cl {
				t.Fatalf("each: stale key %s", cl.key)
			}
			seen++
		})
		if seen != len(ref) {
			t.Fatalf("each saw %d keys, want %d", seen, len(ref))
		}
	}
}

// add and unlink against a map of call chains: several outstanding calls
// may share a key (oldest first), and a call may be answered out of turn.
func TestKeyTableChains(t *testing.T) {
	for _, hashes := range []uint64{1, 3, 1 << 62} {
		var tab keyTable
		ref := map[string][]*call{}
		r := rand.New(rand.NewPCG(2, hashes))
		h := func(k string) uint64 {
			n, _ := strconv.Atoi(k)
			return uint64(n) * 0x9E3779B97F4A7C15 % hashes
		}
		for step := 0; step < 20000; step++ {
			k := strconv.Itoa(r.IntN(48))
			chain := ref[k]
			if r.IntN(2) == 0 || len(chain) == 0 {
				cl := &call{key: []byte(k)}
				if head := tab.add(h(k), cl); head != nil {
					if len(chain) == 0 || head != chain[0] {
						t.Fatalf("hashes %d step %d: add of %s returned %p, want the chain's head", hashes, step, k, head)
					}
				} else if len(chain) != 0 {
					t.Fatalf("hashes %d step %d: add of %s found no head, want %p", hashes, step, k, chain[0])
				}
				ref[k] = append(chain, cl)
			} else {
				j := r.IntN(len(chain))
				cl := chain[j]
				tab.unlink(h(k), cl)
				cl.next, cl.chain = nil, nil
				ref[k] = append(chain[:j:j], chain[j+1:]...)
				if len(ref[k]) == 0 {
					delete(ref, k)
				}
			}
			var got []*call
			for p := tab.find(h(k), []byte(k)); p != nil; p = p.next {
				got = append(got, p)
			}
			want := ref[k]
			if len(got) != len(want) {
				t.Fatalf("hashes %d step %d: key %s has %d calls, want %d", hashes, step, k, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("hashes %d step %d: key %s call %d is %p, want %p", hashes, step, k, i, got[i], want[i])
				}
			}
			if len(want) > 1 {
				if ch := got[0].chain; ch == nil || ch.n != len(want) || ch.last != want[len(want)-1] {
					t.Fatalf("hashes %d step %d: key %s's chain is %+v, want %d calls ending with %p", hashes, step, k, ch, len(want), want[len(want)-1])
				}
			}
			if tab.n != len(ref) {
				t.Fatalf("hashes %d step %d: %d keys, want %d", hashes, step, tab.n, len(ref))
			}
		}
	}
}

// The id set against a map, with few hash values (long probe runs, keys
// of one hash told apart by their bytes) and many, across growth and
// reset; the keys mix small integers (the array), integers with a leading
// zero or too large for it and other ids (the table), and ids that leave
// the array's reach and come back into it as it grows.
func TestIDSet(t *testing.T) {
	for _, hashes := range []uint64{1, 3, 1 << 62} {
		var set idSet
		ref := map[string]int{}
		r := rand.New(rand.NewPCG(3, hashes))
		h := func(k string) uint64 {
			var x uint64 = 14695981039346656037
			for i := 0; i < len(k); i++ {
				x = (x ^ uint64(k[i])) * 1099511628211
			}
			return x % hashes
		}
		for step := 0; step < 16000; step++ {
			if step == 8000 {
				set.reset()
				clear(ref)
			}
			k := string([]byte{byte(r.IntN(2))})
			switch r.IntN(5) {
			case 0, 1:
				k += strconv.Itoa(r.IntN(3000)) // the array
			case 2:
				k += strconv.Itoa(r.IntN(50000)) // beyond it at first
			case 3:
				k += "0" + strconv.Itoa(r.IntN(100)) // not canonical: the table
			default:
				k += `"` + strconv.Itoa(r.IntN(3000)) + `"` // a string id
			}
			first, ok := set.find(h(k), []byte(k))
			want, wantOK := ref[k]
			if ok != wantOK || first != want {
				t.Fatalf("hashes %d step %d: find %q = %d, %v; want %d, %v", hashes, step, k, first, ok, want, wantOK)
			}
			if !ok {
				set.add(h(k), []byte(k), step)
				ref[k] = step
			}
			if set.n != len(ref) {
				t.Fatalf("hashes %d step %d: %d ids, want %d", hashes, step, set.n, len(ref))
			}
		}
		if set.inArr[0]+set.inArr[1] == 0 || set.inTable == 0 || set.sparse[0]+set.sparse[1] == 0 {
			t.Errorf("hashes %d: %d ids in the array, %d in the table (%d of the array's form): the test should reach all three",
				hashes, set.inArr[0]+set.inArr[1], set.inTable, set.sparse[0]+set.sparse[1])
		}
	}
}

// Remembering ids allocates only the growth of the set's two slices: a
// few allocations for thousands of ids, not one an id.
func TestIDSetAllocations(t *testing.T) {
	var set idSet
	key, quoted := make([]byte, 0, 16), make([]byte, 0, 16)
	allocs := testing.AllocsPerRun(1, func() {
		set.reset()
		for i := range 100_000 {
			// Integer ids (the array) and string ids (the table).
			key = strconv.AppendInt(append(key[:0], byte(i%2)), int64(i), 10)
			if i%3 == 0 {
				quoted = append(append(append(quoted[:0], key[0], '"'), key[1:]...), '"')
				set.add(uint64(i)*0x9E3779B97F4A7C15, quoted, i)
				continue
			}
			set.add(uint64(i)*0x9E3779B97F4A7C15, key, i)
		}
	})
	if allocs > 60 {
		t.Errorf("remembering 100,000 ids took %.0f allocations; want the slices' growth only (at most 60)", allocs)
	}
}
