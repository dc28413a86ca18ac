package rpc

// SetKeyCollisions makes every correlation key hash alike while on, so
// that all keys but one of a hash go through the exchange's overflow
// table (see Exchange.lookup). Not safe with parallel tests.
func SetKeyCollisions(on bool) { collideForTest = on }
