package mend

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/smithy-validation/go/core/jsonscan"
)

// The envelope of a provider event, read without decoding it. An
// [LLMStream] needs a handful of fields of each event (its type, a block
// or call index, a fragment of arguments), and a stream is mostly events
// of a few hundred bytes that carry one fragment each: decoding every one
// into maps and structs with encoding/json cost more than watching the
// arguments. So an event is scanned once by core/jsonscan (which
// allocates nothing) and, when it is valid UTF-8 JSON, the fields are
// found in its bytes: a member is looked up by walking its object's
// members (skipping the values it does not want), a string is decoded
// only when it is wanted, into a buffer the stream reuses.
//
// The meaning is encoding/json's on a map[string]json.RawMessage: the
// last of duplicate keys wins, keys are matched exactly (after their
// escapes are decoded; encoding/json's case-insensitive match of struct
// fields is not kept: the providers' field names are lower case), a
// string's escapes and lone surrogates decode as encoding/json decodes
// them, an integer field takes only an integer written without a
// fraction or an exponent. An event that jsonscan refuses only for its
// encoding (bytes that are not UTF-8 inside a string) or its depth is
// decoded by encoding/json and written again, as valid JSON, first:
// encoding/json accepts such events and replaces the bytes with U+FFFD,
// and so does the stream. FuzzEnvelopeFields compares the fields with
// encoding/json's on arbitrary input.

// envelope is one event's JSON text, valid and UTF-8.
type envelope []byte

// parseEnvelope returns event as an object to read fields from; false
// when it is not a JSON object.
func parseEnvelope(event []byte) (envelope, bool) {
	event = bytes.TrimSpace(event)
	if len(event) == 0 || event[0] != '{' {
		return nil, false
	}
	switch jsonscan.Scan(event, 0).Status {
	case jsonscan.Valid:
		return envelope(event), true
	case jsonscan.Syntax, jsonscan.End:
		return nil, false
	}
	// Not UTF-8, or deeper than the scan goes: encoding/json's reading,
	// written again as valid JSON (numbers as written).
	dec := json.NewDecoder(bytes.NewReader(event))
	dec.UseNumber()
	var v map[string]any
	if dec.Decode(&v) != nil || v == nil || dec.InputOffset() != int64(len(event)) {
		return nil, false
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, false
	}
	return envelope(b), true
}

// field returns the raw value of member name of the object e (the last
// one when the key repeats); false when e is no object or has no such
// member.
func (e envelope) field(name string) (envelope, bool) {
	var out envelope
	found := false
	e.members(func(key []byte, val envelope) {
		if keyIs(key, name) {
			out, found = val, true
		}
	})
	return out, found
}

// lookup finds the members named names in one pass over e: vals[k] is
// the raw value of names[k] (the last one when the key repeats), nil
// when e has none.
func (e envelope) lookup(vals []envelope, names ...string) {
	clear(vals)
	e.members(func(key []byte, val envelope) {
		for k, n := range names {
			if keyIs(key, n) {
				vals[k] = val
			}
		}
	})
}

// strOf decodes v, a member found by lookup, as a string field: absent
// or null is "", another kind is false.
func strOf(v envelope) (string, bool) {
	if v == nil {
		return "", true
	}
	return v.str()
}

// members calls fn with each member's raw key (with its quotes) and raw
// value; it does nothing when e is no object.
func (e envelope) members(fn func(key []byte, val envelope)) {
	i := skipWS(e, 0)
	if i >= len(e) || e[i] != '{' {
		return
	}
	i = skipWS(e, i+1)
	for i < len(e) && e[i] == '"' {
		k := skipString(e, i)
		key := e[i:k]
		i = skipWS(e, k)
		i = skipWS(e, i+1) // the ':'
		j := skipValue(e, i)
		fn(key, e[i:j])
		i = skipWS(e, j)
		if i < len(e) && e[i] == ',' {
			i = skipWS(e, i+1)
		}
	}
}

// elements calls fn with each element of the array e; it does nothing
// when e is no array.
func (e envelope) elements(fn func(val envelope)) {
	i := skipWS(e, 0)
	if i >= len(e) || e[i] != '[' {
		return
	}
	i = skipWS(e, i+1)
	for i < len(e) && e[i] != ']' {
		j := skipValue(e, i)
		fn(e[i:j])
		i = skipWS(e, j)
		if i < len(e) && e[i] == ',' {
			i = skipWS(e, i+1)
		}
	}
}

// kind is the first byte of the value: '{', '[', '"', 'n' (null), 't',
// 'f' or the first of a number.
func (e envelope) kind() byte {
	if i := skipWS(e, 0); i < len(e) {
		return e[i]
	}
	return 0
}

// isNull reports whether e is the literal null.
func (e envelope) isNull() bool { return e.kind() == 'n' }

// str decodes e as a string field: a string gives its content, null
// gives "" (encoding/json leaves the field as it was); anything else is
// false.
func (e envelope) str() (string, bool) {
	switch e.kind() {
	case 'n':
		return "", true
	case '"':
		b, ok := jsonscan.AppendUnquote(nil, e)
		return string(b), ok
	}
	return "", false
}

// integer decodes e as an int field: an integer written without a
// fraction or an exponent; null gives 0 (left as it was).
func (e envelope) integer() (int, bool) {
	switch c := e.kind(); {
	case c == 'n':
		return 0, true
	case c == '-' || c >= '0' && c <= '9':
		n, err := strconv.Atoi(string(bytes.TrimSpace(e)))
		return n, err == nil
	}
	return 0, false
}

// strField decodes member name of e as a string field: absent or null
// is "", another kind is false.
func (e envelope) strField(name string) (string, bool) {
	v, ok := e.field(name)
	if !ok {
		return "", true
	}
	return v.str()
}

// keyIs reports whether the raw key (with its quotes) is name.
func keyIs(key []byte, name string) bool {
	body := key[1 : len(key)-1]
	if bytes.IndexByte(body, '\\') < 0 {
		return string(body) == name
	}
	dec, ok := jsonscan.AppendUnquote(nil, key)
	return ok && string(dec) == name
}

func skipWS(b []byte, i int) int {
	i = min(i, len(b))
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the offset after the string that opens at i (b is
// valid JSON).
func skipString(b []byte, i int) int {
	i++
	for {
		k := bytes.IndexByte(b[i:], '"')
		if k < 0 {
			return len(b)
		}
		j := i + k
		bs := 0
		for bs < j-i && b[j-1-bs] == '\\' {
			bs++
		}
		if bs%2 == 0 {
			return j + 1
		}
		i = j + 1
	}
}

// skipValue returns the offset after the value that begins at i (b is
// valid JSON).
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return i
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				i = skipString(b, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	for i < len(b) && !isDelim(b[i]) {
		i++
	}
	return i
}
