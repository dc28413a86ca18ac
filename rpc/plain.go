package rpc

import (
	"encoding/binary"
	"math/bits"

	"github.com/smithy-validation/go/core/node"
)

// Plain bytes: the bytes that a JSON string holds as they are and that
// the tape reader and node's writer copy unchanged, 0x20-0x7F but '"' and
// '\\' (no escape, no control character, ASCII only). The fast line's
// scanner takes only strings of plain bytes (names, methods, ids), and
// the output writes a plain string between quotes without looking at it
// again (node.AppendJSON would write the same bytes).

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// plainEnd returns the offset of the first byte of s at or after i that
// is not plain, or len(s). It looks at eight bytes at a time: a byte is
// not plain when it is below 0x20, at or above 0x80, or '"' or '\\'; the
// lowest flagged byte of a word is always a real one (a borrow only
// flags bytes above a real match), so the offset is exact.
func plainEnd(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		w := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
		q := w ^ (ones * '"')
		b := w ^ (ones * '\\')
		m := (w | (w - ones*0x20) | (q-ones)&^q | (b-ones)&^b) & highs
		// w - ones*0x20 sets a byte's high bit when it is below 0x20 (or
		// borrowed into); w itself when it is 0x80 or more; (q-1)&^q when
		// q's byte is 0, that is w's is '"'; the same for '\\'.
		if m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x80 || c == '"' || c == '\\' {
			return i
		}
	}
	return i
}

// appendString appends s as a JSON string, as node.AppendJSON writes it:
// between quotes when every byte is plain, by node's writer otherwise.
func appendString(dst []byte, s string) []byte {
	if plainEnd(s, 0) == len(s) {
		dst = append(dst, '"')
		dst = append(dst, s...)
		return append(dst, '"')
	}
	return appendNodeJSON(dst, s)
}

// appendNodeJSON appends s as node.AppendJSON writes it.
func appendNodeJSON(dst []byte, s string) []byte { return node.AppendJSON(dst, node.NewString(s)) }

// appendID appends the JSON text of a present id, as node.AppendJSON
// writes its value (a number keeps its token).
func appendID(dst []byte, id RequestID) []byte {
	switch v := &id.value; v.Kind() {
	case node.String:
		return appendString(dst, v.StringValue())
	case node.Number:
		return append(dst, v.NumberText()...)
	}
	return node.AppendJSON(dst, id.value)
}
