package pattern

import (
	"sort"
	"unicode/utf8"
)

// A seqMatcher runs the most common shape of @pattern without the regexp
// machinery: an anchored sequence (^...$) of single-character matchers,
// each with a repetition count, such as ^[A-Z]{3}-[0-9]{6}$ or
// ^[a-z][a-z0-9-]*$. It is used only when greedy matching is exact: every
// item with a variable count is disjoint from the items that may follow it
// up to the next required one, so taking as many characters as possible
// can never take one that a later item needed.
type seqMatcher struct {
	items []seqItem
}

type seqItem struct {
	class    charClass
	min, max int // max < 0: unbounded
}

// charClass is a set of code points: an ASCII bitmap and sorted ranges
// for the rest.
type charClass struct {
	ascii  [2]uint64
	ranges []rune // pairs lo, hi (inclusive), all >= 0x80
}

func (c *charClass) has(r rune) bool {
	if r < utf8.RuneSelf {
		return c.ascii[r>>6]&(1<<(r&63)) != 0
	}
	return c.hasWide(r)
}

// hasWide is has for a code point beyond ASCII, out of line so that has
// inlines (a call a character was most of a short match's cost).
func (c *charClass) hasWide(r rune) bool {
	rs := c.ranges
	i := sort.Search(len(rs)/2, func(i int) bool { return rs[2*i+1] >= r })
	return i < len(rs)/2 && rs[2*i] <= r
}

func newClass(pairs []rune) charClass {
	var c charClass
	for i := 0; i+1 < len(pairs); i += 2 {
		lo, hi := pairs[i], pairs[i+1]
		for r := lo; r <= hi && r < utf8.RuneSelf; r++ {
			c.ascii[r>>6] |= 1 << (r & 63)
		}
		if hi >= utf8.RuneSelf {
			c.ranges = append(c.ranges, max(lo, utf8.RuneSelf), hi)
		}
	}
	return c
}

// disjoint reports whether no code point is in both classes.
func disjoint(a, b *charClass) bool {
	if a.ascii[0]&b.ascii[0] != 0 || a.ascii[1]&b.ascii[1] != 0 {
		return false
	}
	for i := 0; i < len(a.ranges); i += 2 {
		for j := 0; j < len(b.ranges); j += 2 {
			if a.ranges[i] <= b.ranges[j+1] && b.ranges[j] <= a.ranges[i+1] {
				return false
			}
		}
	}
	return true
}

// greedyExact reports whether taking as many characters as possible for
// each item is exact: each item with a variable count is disjoint from the
// items that may follow it, up to and including the next required one.
func (m *seqMatcher) greedyExact() bool {
	for i, it := range m.items {
		if it.min == it.max {
			continue
		}
		for j := i + 1; j < len(m.items); j++ {
			if !disjoint(&it.class, &m.items[j].class) {
				return false
			}
			if m.items[j].min > 0 {
				break
			}
		}
	}
	return true
}

// match runs the sequence on s.
func (m *seqMatcher) match(s string) bool {
	i := 0
	for k := range m.items {
		it := &m.items[k]
		// ASCII first, a byte a character, in a loop without the count's
		// test: most texts are ASCII.
		lo, hi := it.class.ascii[0], it.class.ascii[1]
		end := len(s)
		if it.max >= 0 && it.max < end-i {
			end = i + it.max
		}
		j := i
		for j < end {
			b := s[j]
			w := lo
			if b >= 64 {
				w = hi
			}
			if b >= utf8.RuneSelf || w&(1<<(b&63)) == 0 {
				break
			}
			j++
		}
		n := j - i
		i = j
		if i == len(s) || s[i] < utf8.RuneSelf || len(it.class.ranges) == 0 {
			// Stopped at the end, the count or a character outside the
			// class.
			if n < it.min {
				return false
			}
			continue
		}
		for it.max < 0 || n < it.max {
			if i >= len(s) {
				break
			}
			if b := s[i]; b < utf8.RuneSelf {
				if it.class.ascii[b>>6]&(1<<(b&63)) == 0 {
					break
				}
				i++
				n++
				continue
			}
			r, size := utf8.DecodeRuneInString(s[i:])
			if !it.class.hasWide(r) {
				break
			}
			i += size
			n++
		}
		if n < it.min {
			return false
		}
	}
	return i == len(s)
}
