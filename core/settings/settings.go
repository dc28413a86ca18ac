// Package settings is the storage behind the option values of this
// repository's modules: a fixed set of numbered integer settings, each
// either set or not, so that an option is a plain value and several
// combine with the later one winning.
//
// A module declares its settings as constants 0, 1, 2, ... (fewer than
// [Max]), keeps a [Set] in its Option type, builds each option with [One]
// and resolves a list of options in one place with [Join], reading the
// result with [Set.Get] or [Set.Lookup]:
//
//	const (depth = iota; size)
//	type Option struct{ s settings.Set }
//	func MaxDepth(n int) Option { return Option{settings.One(depth, n)} }
//	// readOptions: all := settings.Join(defaults, o1.s, o2.s, ...)
package settings

// Max is how many settings a Set holds.
const Max = 16

// Set is a set of integer settings, numbered 0 to Max-1. The zero Set
// sets nothing.
type Set struct {
	has uint16
	v   [Max]int
}

// One returns the Set with only setting i, at v. It panics when i is not
// below Max (a programming error of the module that declares i).
func One(i, v int) Set {
	var s Set
	s.has = 1 << i
	s.v[i] = v
	return s
}

// Join returns the settings of sets in order: a later one that sets a
// setting wins over the earlier ones.
func Join(sets ...Set) Set {
	var j Set
	for _, s := range sets {
		j = j.With(s)
	}
	return j
}

// With returns s with the settings of later applied over it.
func (s Set) With(later Set) Set {
	for i := range s.v {
		if later.has&(1<<i) != 0 {
			s.v[i] = later.v[i]
		}
	}
	s.has |= later.has
	return s
}

// Lookup returns setting i and whether it is set.
func (s Set) Lookup(i int) (int, bool) { return s.v[i], s.has&(1<<i) != 0 }

// Get returns setting i, 0 when it is not set.
func (s Set) Get(i int) int { return s.v[i] }
