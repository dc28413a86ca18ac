package rpc

import "sync"

// SetKeyCollisions makes every correlation key hash alike while on, so
// that the exchange's key table finds every key by probing past the
// others (see keyTable). Not safe with parallel tests.
func SetKeyCollisions(on bool) { collideForTest = on }

// TreeReader returns a copy of s that reads message text with core/node's
// reader whatever its options, so that tests compare the two readers
// under the same limits.
func TreeReader(s *PreparedService) *PreparedService {
	c := *s
	c.direct = false
	// Its checkers and exchanges read with core/node's reader.
	c.checkers, c.exchanges = new(sync.Pool), new(sync.Pool)
	return &c
}

// DirectReader reports whether s reads message text with the value
// engine's reader.
func DirectReader(s *PreparedService) bool { return s.direct }
