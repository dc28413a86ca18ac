package rpc

import (
	"encoding/binary"
	"errors"
	"strconv"
	"strings"
)

// The spool's records: what WriteTranscript keeps of each message until
// the verdict that its output starts with is known. A message's entry is
// rendered only when the output is written (spoolRenderer), from a
// compact record, so that what waits is a few bytes a message (about 8 on
// an MCP session, against the 90 of its JSON entry) and the usual session
// never needs the temporary file; the rendering writes the same bytes as
// [MessageSummary.AppendJSON] and [MessageSummary.AppendText] (it shares
// their pieces, result.go).
//
// A record is a head byte, then the fields it announces:
//
//	head: bits 0-2 the kind, recID an id, recMethod a method name,
//	      recExt an extension byte after the head
//	ext:  extIndex the index (a varint; without it the index is the last
//	      one's plus one, the first's 0), extElement the batch element (a
//	      varint), extError the rpc_error (a varint), extKind the kind in
//	      a byte of its own (kinds past 7)
//	id:   a uvarint length and the id's JSON text
//	method: a uvarint reference into the spool's table of names (1-based),
//	      or 0, a uvarint length and the name's bytes (past the table's
//	      bounds)
const (
	recKind   = 0x07
	recID     = 0x08
	recMethod = 0x10
	recExt    = 0x20

	extIndex   = 0x01
	extElement = 0x02
	extError   = 0x04
	extKind    = 0x08
)

// The method-name table's bounds: the names a transcript uses are the
// service's and a few unknown ones, but a hostile transcript may name a
// new method on every line; past the bounds a name is written in the
// record itself.
const (
	spoolMaxNames   = 1024
	spoolMaxNameLen = 256
)

// spoolNames is the method-name table of a spool: names by reference
// (1-based), a map to find a name's reference, and a small cache before
// the map (a session alternates among a few methods).
type spoolNames struct {
	names  []string
	byName map[string]uint32
	cache  [256]struct {
		name string
		ref  uint32
	}
}

// ref returns the reference of name, adding it to the table, or 0 when
// the table cannot take it.
func (t *spoolNames) ref(name string) uint32 {
	if len(name) == 0 || len(name) > spoolMaxNameLen {
		return 0
	}
	// The cache's slot: from the length and the last eight bytes (the
	// end of a method name tells the names of one service apart).
	w := uint64(len(name))
	if len(name) >= 8 {
		w ^= binary.LittleEndian.Uint64([]byte(name[len(name)-8:]))
	} else {
		for i := 0; i < len(name); i++ {
			w ^= uint64(name[i]) << (8 * i)
		}
	}
	slot := &t.cache[(w*0x9E3779B97F4A7C15)>>56]
	if slot.ref != 0 && slot.name == name {
		return slot.ref
	}
	ref, ok := t.byName[name]
	if !ok {
		if len(t.names) >= spoolMaxNames {
			return 0
		}
		if t.byName == nil {
			t.byName = make(map[string]uint32)
		}
		name = strings.Clone(name) // the summary's may be the line's bytes
		t.names = append(t.names, name)
		ref = uint32(len(t.names))
		t.byName[name] = ref
	}
	slot.name, slot.ref = t.names[ref-1], ref
	return ref
}

// appendRecord appends m's record; next is the index that needs no
// extIndex (the last record's plus one).
func (t *spoolNames) appendRecord(dst []byte, m *MessageSummary, next int) []byte {
	head := byte(m.Kind) & recKind
	var ext byte
	if m.Index != next || m.Element >= 0 || m.RPCError != 0 || m.Kind > recKind {
		if m.Kind > recKind {
			ext |= extKind
		}
		if m.Index != next {
			ext |= extIndex
		}
		if m.Element >= 0 {
			ext |= extElement
		}
		if m.RPCError != 0 {
			ext |= extError
		}
	}
	if m.ID.IsPresent() {
		head |= recID
	}
	var ref uint32
	if m.HasMethod {
		head |= recMethod
		ref = t.ref(m.Method)
	}
	if ext != 0 {
		head |= recExt
	}
	dst = append(dst, head)
	if ext != 0 {
		dst = append(dst, ext)
		if ext&extKind != 0 {
			dst = append(dst, byte(m.Kind))
		}
		if ext&extIndex != 0 {
			dst = binary.AppendVarint(dst, int64(m.Index))
		}
		if ext&extElement != 0 {
			dst = binary.AppendVarint(dst, int64(m.Element))
		}
	}
	if head&recID != 0 {
		// The id's text after a one-byte length, moved up for a text of
		// 128 bytes or more, whose length takes more.
		at := len(dst)
		dst = appendID(append(dst, 0), m.ID)
		n := len(dst) - at - 1
		if n < 0x80 {
			dst[at] = byte(n)
		} else {
			var l [binary.MaxVarintLen64]byte
			w := binary.PutUvarint(l[:], uint64(n))
			dst = append(dst, l[:w-1]...)
			copy(dst[at+w:], dst[at+1:at+1+n])
			copy(dst[at:], l[:w])
		}
	}
	if head&recMethod != 0 {
		dst = binary.AppendUvarint(dst, uint64(ref))
		if ref == 0 {
			dst = binary.AppendUvarint(dst, uint64(len(m.Method)))
			dst = append(dst, m.Method...)
		}
	}
	if ext&extError != 0 {
		dst = binary.AppendVarint(dst, int64(m.RPCError))
	}
	return dst
}

// errSpoolRecord is a record that does not decode: the spool's file was
// changed under it.
var errSpoolRecord = errors.New("a message summary in the temporary file is damaged")

// spoolRenderer renders records as entries of format f.
//
// The usual entry (a whole message, no rpc_error, a kind of rpc's) is put
// together from pieces rendered once, by the same functions: the kind's
// (kindPart: `,"kind":"request"`, or ` request` and "] " in text) and the
// method's with the entry's end (suffix: `,"method":"ping","rpc_error":null}`).
type spoolRenderer struct {
	f      Format
	quoted [][]byte // the names as the format writes them, by reference-1
	suffix [][]byte // " method=" or `,"method":`, the quoted name, the end
	noName []byte   // the end of an entry without method nor rpc_error
	kind   [recKind + 1][]byte
	kindID [recKind + 1][]byte // kind and the id's name: `,"kind":"request","id":`, ` request id=`
	first  bool
	index  int    // the last record's index
	digits []byte // index in decimal
	name   []byte // a name written in its record, as the format writes it
}

func newSpoolRenderer(f Format, t *spoolNames) *spoolRenderer {
	r := &spoolRenderer{f: f, first: true, index: -1,
		quoted: make([][]byte, len(t.names)), suffix: make([][]byte, len(t.names))}
	for k := range r.kind {
		if f == FormatJSON {
			r.kind[k] = appendJSONKind(nil, -1, Kind(k))
			r.kindID[k] = append(appendJSONKind(nil, -1, Kind(k)), `,"id":`...)
		} else {
			r.kind[k] = appendTextKind(nil, -1, Kind(k))
			r.kindID[k] = append(appendTextKind(nil, -1, Kind(k)), " id="...)
		}
	}
	if f == FormatJSON {
		r.noName = appendJSONError(nil, 0)
	} else {
		r.noName = appendTextError(nil, 0)
	}
	for i, n := range t.names {
		if f == FormatJSON {
			r.quoted[i] = appendString(nil, n)
			r.suffix[i] = appendJSONError(append([]byte(`,"method":`), r.quoted[i]...), 0)
		} else {
			r.quoted[i] = strconv.AppendQuote(nil, n)
			r.suffix[i] = appendTextError(append([]byte(" method="), r.quoted[i]...), 0)
		}
	}
	return r
}

// render appends the entry of the record at the start of rec and returns
// how many bytes the record took; n is 0 when rec holds only part of a
// record (more bytes are needed), -1 when it is damaged.
func (r *spoolRenderer) render(dst, rec []byte) ([]byte, int) {
	if len(rec) == 0 {
		return dst, 0
	}
	head, p := rec[0], 1
	kind := Kind(head & recKind)
	var ext byte
	index, element, code := r.index+1, -1, 0
	if head&recExt != 0 {
		if p >= len(rec) {
			return dst, 0
		}
		ext, p = rec[p], p+1
		if ext&extKind != 0 {
			if p >= len(rec) {
				return dst, 0
			}
			kind, p = Kind(rec[p]), p+1
		}
		if ext&extIndex != 0 {
			v, n := binary.Varint(rec[p:])
			if n <= 0 {
				return dst, n
			}
			index, p = int(v), p+n
		}
		if ext&extElement != 0 {
			v, n := binary.Varint(rec[p:])
			if n <= 0 {
				return dst, n
			}
			element, p = int(v), p+n
		}
	}
	var id []byte
	if head&recID != 0 {
		l, n := uint64(0), 1
		if p < len(rec) && rec[p] < 0x80 {
			l = uint64(rec[p])
		} else if l, n = binary.Uvarint(rec[p:]); n <= 0 {
			return dst, n
		}
		if p += n; uint64(len(rec)-p) < l {
			return dst, 0
		}
		id, p = rec[p:p+int(l)], p+int(l)
	}
	var name, suffix []byte
	if head&recMethod != 0 {
		ref, n := uint64(0), 1
		if p < len(rec) && rec[p] < 0x80 {
			ref = uint64(rec[p])
		} else if ref, n = binary.Uvarint(rec[p:]); n <= 0 {
			return dst, n
		}
		p += n
		switch {
		case ref == 0:
			l, n := binary.Uvarint(rec[p:])
			if n <= 0 {
				return dst, n
			}
			if p += n; uint64(len(rec)-p) < l {
				return dst, 0
			}
			lit := string(rec[p : p+int(l)])
			p += int(l)
			if r.f == FormatJSON {
				r.name = appendString(r.name[:0], lit)
			} else {
				r.name = strconv.AppendQuote(r.name[:0], lit)
			}
			name = r.name
		case ref <= uint64(len(r.quoted)):
			name, suffix = r.quoted[ref-1], r.suffix[ref-1]
		default:
			return dst, -1
		}
	}
	if ext&extError != 0 {
		v, n := binary.Varint(rec[p:])
		if n <= 0 {
			return dst, n
		}
		code, p = int(v), p+n
	}

	// The index in decimal: one more than the last is the last's digits
	// incremented.
	if index == r.index+1 && r.index >= 0 {
		r.digits = incDecimal(r.digits)
	} else {
		r.digits = strconv.AppendInt(r.digits[:0], int64(index), 10)
	}
	r.index = index
	if ext == 0 && (suffix != nil || head&recMethod == 0) {
		// The usual entry, from its pieces (the separator with the
		// entry's start, the kind with the id's name: one append each).
		if r.f == FormatJSON {
			if r.first {
				r.first = false
				dst = append(dst, `{"index":`...)
			} else {
				dst = append(dst, `,{"index":`...)
			}
		} else {
			dst = append(dst, '[')
		}
		dst = append(dst, r.digits...)
		if head&recID != 0 {
			dst = append(dst, r.kindID[kind]...)
			dst = append(dst, id...)
		} else {
			dst = append(dst, r.kind[kind]...)
		}
		if suffix == nil {
			return append(dst, r.noName...), p
		}
		return append(dst, suffix...), p
	}
	if r.f == FormatJSON {
		if !r.first {
			dst = append(dst, ',')
		}
		r.first = false
		dst = append(dst, `{"index":`...)
		dst = append(dst, r.digits...)
		dst = appendJSONKind(dst, element, kind)
		if head&recID != 0 {
			dst = append(dst, `,"id":`...)
			dst = append(dst, id...)
		}
		if head&recMethod != 0 {
			dst = append(dst, `,"method":`...)
			dst = append(dst, name...)
		}
		return appendJSONError(dst, code), p
	}
	dst = append(dst, '[')
	dst = append(dst, r.digits...)
	dst = appendTextKind(dst, element, kind)
	if head&recID != 0 {
		dst = append(dst, " id="...)
		dst = append(dst, id...)
	}
	if head&recMethod != 0 {
		dst = append(dst, " method="...)
		dst = append(dst, name...)
	}
	return appendTextError(dst, code), p
}

// incDecimal returns the decimal digits d (of a non-negative number) plus
// one.
func incDecimal(d []byte) []byte {
	for i := len(d) - 1; i >= 0; i-- {
		if d[i] != '9' {
			d[i]++
			return d
		}
		d[i] = '0'
	}
	d = append(d, 0)
	copy(d[1:], d)
	d[0] = '1'
	return d
}
