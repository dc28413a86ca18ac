package ionadapter

import (
	"fmt"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// Binary input is framed before ion-go reads it, for two reasons:
//
//   - ion-go trusts the length of a top-level value: a header that
//     declares gigabytes makes it allocate them before it finds the input
//     short (nested values are bounded by their container);
//   - ion-go reads some truncated input as complete: it takes the end of
//     input inside a container for the end of that container, and skips
//     the rest of a container without checking that the bytes exist
//     (bitstream.skip ignores io.EOF), so [1, 2, 3] cut after the 2 reads
//     as [1, 2].
//
// Any truncation cuts the last top-level item, so walking the top-level
// items by their type descriptors and lengths (not into them: this is
// framing, not decoding) finds both. ion-go then reads only the complete
// items, and a syntax finding stands for the cut one.

// frame returns the input ion-go may read and, when the input is cut
// short, the problem to report after the values read (nil otherwise).
func frame(data []byte) (complete []byte, cut func(rd *reader) *problem) {
	start, declared, ok := binaryTruncation(data)
	if ok {
		return data, nil
	}
	return data[:start], func(rd *reader) *problem {
		msg := fmt.Sprintf("truncated binary Ion: a value needs %d bytes, the input ends after %d", declared, len(data)-start)
		if declared < 0 {
			msg = "truncated binary Ion: a value is cut short in its header, or the header is malformed"
		}
		return rd.problemAt(sv.CodeSyntax, int64(start), msg, nil)
	}
}

// binaryTruncation walks the top-level items of binary Ion (version
// markers, values, annotation wrappers, NOP padding). It returns ok ==
// true when every item fits the input; otherwise the offset of the item
// that does not and the bytes it declares (-1 when its header is cut or
// malformed).
func binaryTruncation(data []byte) (start, declared int, ok bool) {
	pos := 0
	for pos < len(data) {
		start = pos
		if data[pos] == 0xE0 {
			// A binary version marker (its version is ion-go's to check).
			if len(data)-pos < 4 {
				return start, 4, false
			}
			pos += 4
			continue
		}
		td := data[pos]
		pos++
		t, l := td>>4, int(td&0x0F)
		length := l
		switch {
		case l == 15, t == 0x1: // a null, a bool: no body
			length = 0
		case l == 14, t == 0xD && l == 1: // the length follows as a VarUInt
			n, k, vok := varUint(data[pos:])
			if !vok {
				return start, -1, false
			}
			pos += k
			if n > uint64(len(data)) {
				return start, pos - start + int(n), false
			}
			length = int(n)
		}
		if length > len(data)-pos {
			return start, pos - start + length, false
		}
		pos += length
	}
	return 0, 0, true
}
