package rpc

// SetKeyCollisions makes every correlation key hash alike while on, so
// that the exchange's key table finds every key by probing past the
// others (see keyTable). Not safe with parallel tests.
func SetKeyCollisions(on bool) { collideForTest = on }

// SpoolChunk is the size whose multiples WriteTranscript writes, but for
// its last write.
const SpoolChunk = spoolChunk
