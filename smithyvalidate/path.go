package smithyvalidate

import (
	"strconv"
	"strings"
)

// Segment is one step of a [Path]: an object key or an array index. The
// zero Segment is "no segment" (see [Field.At]).
type Segment struct {
	key  string
	idx  int
	kind uint8 // 0 none, segKey, segIndex
}

const (
	segKey uint8 = 1 + iota
	segIndex
)

// Key returns the segment for the object key k.
func Key(k string) Segment { return Segment{key: k, kind: segKey} }

// Index returns the segment for array index i (i >= 0).
func Index(i int) Segment { return Segment{idx: i, kind: segIndex} }

// IsZero reports whether s is the zero Segment.
func (s Segment) IsZero() bool { return s.kind == 0 }

// IsIndex reports whether s is an array index.
func (s Segment) IsIndex() bool { return s.kind == segIndex }

// Key returns the key of a key segment ("" otherwise).
func (s Segment) Key() string { return s.key }

// Index returns the index of an index segment (0 otherwise).
func (s Segment) Index() int { return s.idx }

// String renders the segment as one JSON Pointer reference token, escaped
// ("~0" for '~', "~1" for '/'), without the leading '/'.
func (s Segment) String() string { return string(s.appendToken(nil)) }

func (s Segment) appendToken(dst []byte) []byte {
	if s.kind == segIndex {
		return strconv.AppendInt(dst, int64(s.idx), 10)
	}
	k := s.key
	for {
		i := strings.IndexAny(k, "~/")
		if i < 0 {
			return append(dst, k...)
		}
		dst = append(dst, k[:i]...)
		if k[i] == '~' {
			dst = append(dst, "~0"...)
		} else {
			dst = append(dst, "~1"...)
		}
		k = k[i+1:]
	}
}

// Path is a structural location in an input: an optional document index
// (the line of a transcript, the element of a stream) and a sequence of
// segments inside that document. Paths are values; the methods that extend
// a path return a new one and never share storage with the receiver. The
// zero Path is the root of a single document.
//
// A path is rendered as an RFC 6901 JSON Pointer only at the end
// ([Path.String]); composing paths never rewrites pointer text. A
// JSON-RPC message's params, for example, are validated at
// Root().Key("params"), and the nth message of a stream at InDocument(n).
type Path struct {
	doc  int // index+1; 0 when the path names no document
	segs []Segment
}

// Root returns the root path of a single document (the zero Path).
func Root() Path { return Path{} }

// InDocument returns the root of document i (0-based) of a multi-document
// input.
func InDocument(i int) Path { return Path{doc: i + 1} }

// Document returns the document index of p and whether p has one.
func (p Path) Document() (int, bool) { return p.doc - 1, p.doc > 0 }

// Key returns p extended by the object key k.
func (p Path) Key(k string) Path { return p.Append(Key(k)) }

// Index returns p extended by the array index i.
func (p Path) Index(i int) Path { return p.Append(Index(i)) }

// Append returns p extended by segs (zero segments are skipped).
func (p Path) Append(segs ...Segment) Path {
	out := Path{doc: p.doc, segs: make([]Segment, len(p.segs), len(p.segs)+len(segs))}
	copy(out.segs, p.segs)
	for _, s := range segs {
		if !s.IsZero() {
			out.segs = append(out.segs, s)
		}
	}
	return out
}

// Join returns p followed by the segments of q (q's document index, if any,
// is ignored: q is taken as relative to p).
func (p Path) Join(q Path) Path {
	if len(q.segs) == 0 {
		return p
	}
	return p.Append(q.segs...)
}

// Len returns the number of segments.
func (p Path) Len() int { return len(p.segs) }

// Segments returns a copy of the segments.
func (p Path) Segments() []Segment { return append([]Segment(nil), p.segs...) }

// At returns segment i.
func (p Path) At(i int) Segment { return p.segs[i] }

// HasPrefix reports whether p's segments begin with q's (q at most as
// long as p); the document index is not compared.
func (p Path) HasPrefix(q Path) bool { return len(q.segs) <= len(p.segs) && samePrefix(q, p) }

// String renders the segments as an RFC 6901 JSON Pointer: "" for the
// root, "/params/1" and so on. The document index is not part of the
// pointer (the JSON rendering writes it as "index").
func (p Path) String() string { return string(p.AppendPointer(nil)) }

// AppendPointer appends the JSON Pointer of p to dst.
func (p Path) AppendPointer(dst []byte) []byte {
	for _, s := range p.segs {
		dst = append(dst, '/')
		dst = s.appendToken(dst)
	}
	return dst
}

// Equal reports whether p and q name the same location.
func (p Path) Equal(q Path) bool {
	if p.doc != q.doc || len(p.segs) != len(q.segs) {
		return false
	}
	for i := range p.segs {
		if p.segs[i] != q.segs[i] {
			return false
		}
	}
	return true
}

// compare orders paths by document, then segment by segment (indexes
// numerically, keys by bytes, an index before a key), a prefix first.
func (p Path) compare(q Path) int {
	if p.doc != q.doc {
		if p.doc < q.doc {
			return -1
		}
		return 1
	}
	for i := 0; i < len(p.segs) && i < len(q.segs); i++ {
		a, b := p.segs[i], q.segs[i]
		if a.kind != b.kind {
			if a.kind == segIndex {
				return -1
			}
			return 1
		}
		if a.kind == segIndex {
			if a.idx != b.idx {
				if a.idx < b.idx {
					return -1
				}
				return 1
			}
			continue
		}
		if c := strings.Compare(a.key, b.key); c != 0 {
			return c
		}
	}
	switch {
	case len(p.segs) < len(q.segs):
		return -1
	case len(p.segs) > len(q.segs):
		return 1
	}
	return 0
}
