package node

import (
	"bytes"
	"slices"
)

// Equal reports whether a and b are the same JSON value, ignoring
// positions and spelling: numbers are equal by exact value (1, 1.0 and
// 10e-1 are equal; so are 0 and -0), strings by value, arrays element by
// element, and objects as collections of members independent of their
// order. An object with a repeated key equals another only if both hold the
// same multiset of (key, value) occurrences.
//
// Equal(a, b) holds exactly when [AppendCanonical] gives the same bytes for
// a and b. Like the writer, Equal recurses once per nesting level.
func Equal(a, b Node) bool { return equal(&a, &b) }

func equal(a, b *Node) bool {
	if a.kind != b.kind {
		return false
	}
	switch a.kind {
	case Null:
		return true
	case Bool:
		return a.b == b.b
	case String:
		return a.text() == b.text()
	case Number:
		return numbersEqual(a.text(), b.text())
	case Array:
		ae, be := a.Elems(), b.Elems()
		if len(ae) != len(be) {
			return false
		}
		for i := range ae {
			if !equal(&ae[i], &be[i]) {
				return false
			}
		}
		return true
	case Object:
		return objectsEqual(a.Fields(), b.Fields())
	}
	return false
}

// numbersEqual compares number tokens by value; tokens that are not
// numbers (built in code) are equal only to the same text.
func numbersEqual(a, b string) bool {
	if a == b {
		return true
	}
	c, err := CompareNumbers(a, b)
	return err == nil && c == 0
}

func objectsEqual(a, b []Field) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) <= linearKeys {
		if hasDuplicateKeys(a) || hasDuplicateKeys(b) {
			return canonicalEqual(a, b)
		}
		// Same count and unique keys on both sides: each key of a found
		// in b makes a one-to-one match.
		for i := range a {
			j := fieldIndex(b, a[i].Key)
			if j < 0 || !equal(&a[i].Value, &b[j].Value) {
				return false
			}
		}
		return true
	}
	ia, ib := keyIndex(a), keyIndex(b)
	if len(ia) < len(a) || len(ib) < len(b) {
		return canonicalEqual(a, b)
	}
	for i := range a {
		j, ok := ib[a[i].Key]
		if !ok || !equal(&a[i].Value, &b[j].Value) {
			return false
		}
	}
	return true
}

func fieldIndex(fields []Field, key string) int {
	for j := range fields {
		if fields[j].Key == key {
			return j
		}
	}
	return -1
}

func hasDuplicateKeys(fields []Field) bool {
	for i := 1; i < len(fields); i++ {
		if fieldIndex(fields[:i], fields[i].Key) >= 0 {
			return true
		}
	}
	return false
}

func keyIndex(fields []Field) map[string]int {
	m := make(map[string]int, len(fields))
	for i := range fields {
		m[fields[i].Key] = i
	}
	return m
}

// canonicalEqual compares two objects with repeated keys as multisets.
func canonicalEqual(a, b []Field) bool {
	return bytes.Equal(appendCanonicalObject(nil, a), appendCanonicalObject(nil, b))
}

// AppendCanonical appends a canonical encoding of n to dst: Equal(a, b)
// holds exactly when the encodings of a and b are byte-equal, so it can
// serve as a hash key (for uniqueItems, for example).
//
// The encoding is compact JSON in which numbers are written as
// [Decimal.String], object members are sorted by key (byte order) and,
// among members with the same key, by the encoding of their values. For
// nodes built in code it keeps injectivity over validity: a number whose
// text is not a number token is written as '!' followed by the quoted text,
// and invalid UTF-8 in strings is copied as it is. It recurses once per
// nesting level.
func AppendCanonical(dst []byte, n Node) []byte { return appendCanonical(dst, &n) }

func appendCanonical(dst []byte, n *Node) []byte {
	switch n.kind {
	case Null:
		return append(dst, "null"...)
	case Bool:
		if n.b {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case Number:
		if !IsNumber(n.text()) {
			dst = append(dst, '!')
			return appendQuoted(dst, n.text(), true)
		}
		return parseValidDecimal(n.text()).appendCanonical(dst)
	case String:
		return appendQuoted(dst, n.text(), true)
	case Array:
		dst = append(dst, '[')
		elems := n.Elems()
		for i := range elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendCanonical(dst, &elems[i])
		}
		return append(dst, ']')
	case Object:
		return appendCanonicalObject(dst, n.Fields())
	}
	return append(dst, "null"...)
}

func appendCanonicalObject(dst []byte, fields []Field) []byte {
	fields = sortedFields(fields)
	dst = append(dst, '{')
	for i := 0; i < len(fields); {
		// A run of members with the same key is ordered by the
		// encodings of their values.
		j := i + 1
		for j < len(fields) && fields[j].Key == fields[i].Key {
			j++
		}
		if j-i == 1 {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendQuoted(dst, fields[i].Key, true)
			dst = append(dst, ':')
			dst = appendCanonical(dst, &fields[i].Value)
		} else {
			values := make([][]byte, 0, j-i)
			for k := i; k < j; k++ {
				values = append(values, appendCanonical(nil, &fields[k].Value))
			}
			slices.SortFunc(values, bytes.Compare)
			for k, v := range values {
				if i+k > 0 {
					dst = append(dst, ',')
				}
				dst = appendQuoted(dst, fields[i].Key, true)
				dst = append(dst, ':')
				dst = append(dst, v...)
			}
		}
		i = j
	}
	return append(dst, '}')
}
