package rpc

import "github.com/smithy-validation/go/core/node"

// RequestID is the id member of a request or response: absent, or present
// with its exact JSON value.
//
// Identity is exact JSON value equality ([node.Equal]): kinds never mix
// (the string "1" is not the number 1), numbers compare by exact decimal
// value without float64 (9007199254740993 and 9007199254740992 differ;
// 1.5 keeps its fraction), and structured ids (allowed by JSON-RPC 1.0)
// compare structurally. In particular 1, 1.0 and 10e-1 are the same value
// and correlate; a response that spells its id differently from the request
// gets an advisory (code id-spelling), because peers that compare text will
// not match them.
type RequestID struct {
	present bool
	value   node.Node
}

// AbsentID returns the id of a message without an id member (a JSON-RPC
// 2.0 notification).
func AbsentID() RequestID { return RequestID{} }

// PresentID returns the id of a message whose id member is v (null
// included).
func PresentID(v node.Node) RequestID { return RequestID{present: true, value: v} }

// IsPresent reports whether the message had an id member.
func (id RequestID) IsPresent() bool { return id.present }

// IsNull reports whether the id member was present and null.
func (id RequestID) IsNull() bool { return id.present && id.value.IsNull() }

// Value returns the id's JSON value (null when absent).
func (id RequestID) Value() node.Node { return id.value }

// Equal reports whether id and other are both absent, or both present with
// the same JSON value (see [RequestID] for what "same" means).
func (id RequestID) Equal(other RequestID) bool {
	if id.present != other.present {
		return false
	}
	return !id.present || node.Equal(id.value, other.value)
}

// SameSpelling reports whether two present ids are written alike: the
// same JSON text apart from insignificant whitespace and string escapes.
func (id RequestID) SameSpelling(other RequestID) bool {
	if id.present != other.present {
		return false
	}
	if !id.present {
		return true
	}
	return string(node.Marshal(id.value)) == string(node.Marshal(other.value))
}

// String returns the id as JSON text, as written (numbers keep their
// exact token), or "absent".
func (id RequestID) String() string {
	if !id.present {
		return "absent"
	}
	return string(node.Marshal(id.value))
}

// appendKey appends a key that is equal for two ids exactly when Equal
// holds; ids are correlated through maps of these keys.
func (id RequestID) appendKey(dst []byte) []byte {
	if !id.present {
		return append(dst, 0)
	}
	if t := id.value.NumberText(); isPlainInteger(t) {
		// The canonical form of a plain integer token is the token.
		return append(dst, t...)
	}
	return node.AppendCanonical(dst, id.value)
}

// maxPlainDigits is the most digits of an integer token that is its own
// canonical form; longer ones are written with an exponent.
const maxPlainDigits = 21

// isPlainInteger reports whether a number token is an integer of at most
// 21 digits, which is its own canonical form (minus zero aside).
func isPlainInteger(t string) bool {
	if t == "" || t == "-0" {
		return false
	}
	d := t
	if d[0] == '-' {
		d = d[1:]
	}
	if len(d) == 0 || len(d) > maxPlainDigits {
		return false
	}
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return false
		}
	}
	return true
}
