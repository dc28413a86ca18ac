package rpc

import "fmt"

// ProtocolVersion is a published JSON-RPC version. There are exactly two:
// [V1_0] and [V2_0]. The zero value is "no version"; it is never inferred
// from a message, and the 1.1 drafts are not supported.
type ProtocolVersion uint8

// The JSON-RPC versions.
const (
	// V1_0 is JSON-RPC 1.0 (https://www.jsonrpc.org/specification_v1):
	// no version marker, params always an array, id always present (null
	// for a notification), responses carry result, error and id.
	V1_0 ProtocolVersion = 1 + iota
	// V2_0 is JSON-RPC 2.0 (https://www.jsonrpc.org/specification):
	// "jsonrpc": "2.0", named or positional params, notifications without
	// an id, error objects with codes, batches.
	V2_0
)

// ParseVersion returns the version written as "1.0" or "2.0" exactly.
func ParseVersion(s string) (ProtocolVersion, error) {
	switch s {
	case "1.0":
		return V1_0, nil
	case "2.0":
		return V2_0, nil
	}
	return 0, fmt.Errorf("rpc: unknown JSON-RPC version %q: want \"1.0\" or \"2.0\"", s)
}

// String returns "1.0" or "2.0".
func (v ProtocolVersion) String() string {
	switch v {
	case V1_0:
		return "1.0"
	case V2_0:
		return "2.0"
	}
	return fmt.Sprintf("ProtocolVersion(%d)", uint8(v))
}

// IsValid reports whether v is V1_0 or V2_0.
func (v ProtocolVersion) IsValid() bool { return v == V1_0 || v == V2_0 }
