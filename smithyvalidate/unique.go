package smithyvalidate

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
)

// uniqueItems reports every item of a @uniqueItems list that equals an
// earlier item, by Smithy value equality: same type and value, numbers by
// exact value (1 and 1.0 are equal), timestamps by instant, maps and
// structures regardless of member order, structure members that are null
// without RejectNullMembers as absent. Each repeat is a finding at its own path
// with the first occurrence as Related.
//
// Items are encoded canonically into scratch space, sorted, and compared
// as bytes: no allocation for lists of scalars. Inside an item, a
// container (list or object) is encoded by its digest (see
// [walker.digest]), computed once per value however many @uniqueItems lists
// contain it, so nested @uniqueItems lists cost time linear in the value,
// not in its size times its depth.
// prepareUniqueItems marks a list whose elements must differ.
func prepareUniqueItems(_ *preparer, pl *plan, _ node.Node) string {
	pl.unique = true
	return ""
}

func (w *walker) uniqueItems(p *plan, v ValueView, n int) {
	w.canon = w.canon[:0]
	w.spans = w.spans[:0]
	w.order = w.order[:0]
	for i := 0; i < n; i++ {
		start := len(w.canon)
		w.canon = w.appendItem(w.canon, p.member, v.Elem(i))
		w.spans = append(w.spans, span{int32(start), int32(len(w.canon))})
		w.order = append(w.order, int32(i))
	}
	canon, spans := w.canon, w.spans
	item := func(i int32) []byte { return canon[spans[i].start:spans[i].end] }
	slices.SortStableFunc(w.order, func(a, b int32) int { return bytes.Compare(item(a), item(b)) })
	// The sort is stable, so each run of equal items starts with the
	// earliest one.
	for r := 0; r < len(w.order) && !w.col.stopped; {
		j := r + 1
		for j < len(w.order) && bytes.Equal(item(w.order[r]), item(w.order[j])) {
			first, dup := int(w.order[r]), int(w.order[j])
			w.push(Index(dup))
			w.col.Add(Finding{Severity: SeverityError, Class: ClassInstance, Code: CodeUniqueItems, Path: w.path(), Shape: p.id,
				Pos: v.Elem(dup).Pos(), Related: v.Elem(first).Pos(), Want: "unique items", Got: strconv.Itoa(first),
				Message: fmt.Sprintf("item %d repeats item %d (the list is @uniqueItems)", dup, first)})
			w.pop()
			j++
		}
		r = j
	}
}

// Canonical encoding tags. Each value is a tag byte and, for values with a
// payload, a uvarint length and the payload: the encoding is injective.
const (
	cNull   = 'n'
	cTrue   = 't'
	cFalse  = 'f'
	cNumber = 'N' // exact decimal, node.Decimal canonical text
	cString = 'S'
	cBytes  = 'B'
	cTime   = 'T' // seconds.nanoseconds since the epoch, as a number
	cFloat  = 'F'
	cList   = 'L'
	cObject = 'O'
	cDigest = 'D' // a list or object, by its digest
	cOther  = '?'
)

func appendPayload(dst []byte, tag byte, payload string) []byte {
	dst = append(dst, tag)
	dst = binary.AppendUvarint(dst, uint64(len(payload)))
	return append(dst, payload...)
}

// appendCanonical appends the canonical encoding of v under plan p (nil:
// no shape, as inside documents).
func (w *walker) appendCanonical(dst []byte, p *plan, v ValueView) []byte {
	k := v.Kind()
	switch k {
	case KindNull:
		return append(dst, cNull)
	case KindBool:
		if v.Scalar().Bool {
			return append(dst, cTrue)
		}
		return append(dst, cFalse)
	case KindInteger, KindDecimal:
		text := textOf(v)
		if p != nil && p.typ == model.TimestampType {
			return appendPayload(dst, cTime, canonicalNumber(text))
		}
		return appendPayload(dst, cNumber, canonicalNumber(text))
	case KindString, KindSymbol:
		text := textOf(v)
		if p != nil && p.typ == model.TimestampType {
			if t, ok := parseTimestampString(text); ok {
				return appendPayload(dst, cTime, canonicalInstant(t))
			}
		}
		return appendPayload(dst, cString, text)
	case KindTimestamp:
		return appendPayload(dst, cTime, canonicalInstant(v.Scalar().Time.Time))
	case KindBlob, KindClob:
		return appendPayload(dst, cBytes, string(v.Scalar().Bytes))
	case KindFloat:
		dst = append(dst, cFloat)
		return binary.BigEndian.AppendUint64(dst, math.Float64bits(v.Scalar().Float))
	case KindList, KindSexp, KindObject:
		d := w.digest(p, v)
		dst = append(dst, cDigest)
		return append(dst, d[:]...)
	}
	return append(dst, cOther)
}

// digestSize is the size of a container's digest (SHA-256): two different
// values would need a SHA-256 collision to be taken as equal.
const digestSize = sha256.Size

// digestKey identifies a value of the current check: its source offset,
// the plan it is encoded under and its kind (a LocatedObject and the array
// it was read from share an offset, never a kind).
type digestKey struct {
	offset int32
	kind   Kind
	p      *plan
}

// digest returns the SHA-256 of v's canonical encoding, in which each
// element or member value that is itself a container stands as its own
// digest: every container is hashed once, from its children's digests.
// Digests of values with a source position are kept for the rest of the
// check (a value without one, as Ion may give, is hashed again when
// another list holds it).
func (w *walker) digest(p *plan, v ValueView) [digestSize]byte {
	pos := v.Pos()
	key := digestKey{offset: pos.Offset, kind: v.Kind(), p: p}
	if pos.IsValid() {
		if d, ok := w.digests[key]; ok {
			return d
		}
	}
	d := sha256.Sum256(w.appendContainer(nil, p, v))
	if pos.IsValid() {
		if w.digests == nil {
			w.digests = map[digestKey][digestSize]byte{}
		}
		w.digests[key] = d
	}
	return d
}

// appendCanonicalObject encodes an object with its entries sorted; for a
// structure or union, null members are left out without RejectNullMembers.
func (w *walker) appendCanonicalObject(dst []byte, p *plan, v ValueView) []byte {
	n := v.Len()
	var entries [][]byte
	for i := 0; i < n; i++ {
		f := v.Field(i)
		var fp *plan
		if p != nil {
			switch p.typ {
			case model.MapType:
				fp = p.value
			case model.StructureType, model.UnionType:
				if f.Value.Kind() == KindNull && !w.pol.on(rejectNullMembers) {
					continue
				}
				if idx := p.lookup(f.Name); idx >= 0 {
					fp = p.members[idx].plan
				}
			}
		}
		e := appendPayload(nil, cString, f.Name)
		e = w.appendCanonical(e, fp, f.Value)
		entries = append(entries, e)
	}
	slices.SortFunc(entries, bytes.Compare)
	dst = append(dst, cObject)
	dst = binary.AppendUvarint(dst, uint64(len(entries)))
	for _, e := range entries {
		dst = append(dst, e...)
	}
	return dst
}

// canonicalNumber returns the canonical text of a number token: integer
// tokens as they are ("-0" as "0"), others by node.Decimal.
func canonicalNumber(text string) string {
	if isIntegerToken(text) {
		if text == "-0" {
			return "0"
		}
		return text
	}
	if d, err := node.ParseDecimal(text); err == nil {
		return d.String()
	}
	return text
}

// canonicalInstant renders an instant as the canonical number of its
// epoch seconds, so that equal instants in any format encode alike.
func canonicalInstant(t time.Time) string {
	s := strconv.FormatInt(t.Unix(), 10)
	if ns := t.Nanosecond(); ns != 0 {
		s += "." + fmt.Sprintf("%09d", ns)
	}
	return canonicalNumber(s)
}

func parseTimestampString(s string) (time.Time, bool) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, true
	}
	if t, err := time.Parse(time.RFC1123, s); err == nil {
		return t, true
	}
	return time.Time{}, false
}

// appendItem appends the encoding of an item of a @uniqueItems list: a
// container is written out (its own containers by digest), not hashed, so
// a list of structures or lists of scalars costs no digest at all.
func (w *walker) appendItem(dst []byte, p *plan, v ValueView) []byte {
	switch v.Kind() {
	case KindList, KindSexp, KindObject:
		return w.appendContainer(dst, p, v)
	}
	return w.appendCanonical(dst, p, v)
}

// appendContainer appends the canonical encoding of a list or object, each
// element or member value that is itself a container standing as its
// digest.
func (w *walker) appendContainer(dst []byte, p *plan, v ValueView) []byte {
	if v.Kind() == KindObject {
		return w.appendCanonicalObject(dst, p, v)
	}
	n := v.Len()
	dst = append(dst, cList)
	dst = binary.AppendUvarint(dst, uint64(n))
	var ep *plan
	if p != nil {
		ep = p.member
	}
	for i := 0; i < n; i++ {
		dst = w.appendCanonical(dst, ep, v.Elem(i))
	}
	return dst
}
