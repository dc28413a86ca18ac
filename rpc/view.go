package rpc

import (
	"github.com/smithy-validation/go/smithyvalidate/stream"
	"strconv"
	"strings"

	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// The checks read messages through the value engine's neutral view
// (sv.ValueView): the reader that produced it (a stream.Document,
// see textReader) is a detail of readText, and payloads go to the engine
// as the very views the envelope checks looked at. Strings of a view share
// the message's memory: a finding or summary that keeps one copies it.

// field returns the first occurrence of key in object v. Names are
// compared through MemberView when the view has it: only the field found
// is built as a record.
func field(v sv.ValueView, key string) (sv.Field, bool) {
	if v.Kind() != sv.KindObject {
		return sv.Field{}, false
	}
	n := v.Len()
	if mv, ok := v.(stream.MemberView); ok {
		for i := 0; i < n; i++ {
			if name, _ := mv.Member(i); name == key {
				return v.Field(i), true
			}
		}
		return sv.Field{}, false
	}
	for i := 0; i < n; i++ {
		if f := v.Field(i); f.Name == key {
			return f, true
		}
	}
	return sv.Field{}, false
}

func isNumber(k sv.Kind) bool { return k == sv.KindInteger || k == sv.KindDecimal }

// kindArticle names a value's JSON type for messages: "a string",
// "a number", "null", "an array".
func kindArticle(v sv.ValueView) string {
	switch v.Kind() {
	case sv.KindNull:
		return "null"
	case sv.KindBool:
		return "a boolean"
	case sv.KindInteger, sv.KindDecimal, sv.KindFloat:
		return "a number"
	case sv.KindString:
		return "a string"
	case sv.KindList:
		return "an array"
	case sv.KindObject:
		return "an object"
	}
	return "a " + v.Kind().String()
}

// describe renders a value for a message: scalars as JSON text (long
// strings cut), containers by their type.
func describe(v sv.ValueView) string {
	s := v.Scalar()
	switch v.Kind() {
	case sv.KindNull:
		return "null"
	case sv.KindBool:
		return strconv.FormatBool(s.Bool)
	case sv.KindInteger, sv.KindDecimal:
		return s.Text
	case sv.KindString:
		t := s.Text
		if len(t) > 40 {
			t = t[:37] + "..."
		}
		return strconv.Quote(t)
	}
	return kindArticle(v)
}

// textOf returns the text of a string or the token of a number (the
// view's Scalar().Text) without building the Scalar record when the view
// implements [stream.TextView], as the views of a stream.Document do.
func textOf(v sv.ValueView) string {
	if tv, ok := v.(stream.TextView); ok {
		_, t := tv.Text()
		return t
	}
	return v.Scalar().Text
}

// kindText returns a view's kind and, for a string or a number, textOf(v)
// ("" otherwise), in one call when the view implements [stream.TextView]
// (sv.ScalarText, which knows the views of a stream.Document without an
// interface assertion).
func kindText(v sv.ValueView) (sv.Kind, string) { return sv.ScalarText(v) }

// toNode converts a view to a core/node value (ids are kept as nodes).
// Scalars share the view's text.
func toNode(v sv.ValueView) node.Node { return toNodeKind(v, v.Kind()) }

// toNodeKind is toNode for a value whose kind is known (a number's kind
// costs a scan of its token).
func toNodeKind(v sv.ValueView, k sv.Kind) node.Node {
	var n node.Node
	switch k {
	case sv.KindBool:
		n = node.NewBool(v.Scalar().Bool)
	case sv.KindInteger, sv.KindDecimal:
		n = node.NewNumber(textOf(v))
	case sv.KindString:
		n = node.NewString(textOf(v))
	case sv.KindList:
		elems := make([]node.Node, v.Len())
		for i := range elems {
			elems[i] = toNode(v.Elem(i))
		}
		n = node.NewArray(elems...)
	case sv.KindObject:
		fields := make([]node.Field, v.Len())
		for i := range fields {
			f := v.Field(i)
			fields[i] = node.Field{Key: f.Name, KeyPos: f.NamePos, Value: toNode(f.Value)}
		}
		n = node.NewObject(fields...)
	default:
		n = node.NewNull()
	}
	return n.At(v.Pos())
}

// hasDuplicateKeys reports whether any object in v repeats a key (the
// readers keep every occurrence, so that they can be reported).
func hasDuplicateKeys(v sv.ValueView) bool {
	switch v.Kind() {
	case sv.KindList:
		n := v.Len()
		for i := 0; i < n; i++ {
			if e := v.Elem(i); e.Kind().IsContainer() && hasDuplicateKeys(e) {
				return true
			}
		}
	case sv.KindObject:
		if hasDuplicateFields(v) {
			return true
		}
		n := v.Len()
		for i := 0; i < n; i++ {
			if f := v.Field(i); f.Value.Kind().IsContainer() && hasDuplicateKeys(f.Value) {
				return true
			}
		}
	}
	return false
}

// scanKeysAbove is the object size above which repeated keys are found
// through a map: below it comparing each key with the earlier ones costs
// less than the map.
const scanKeysAbove = 16

// repeats calls fn(i, j) for each field i of object obj whose name an
// earlier field already has, j being that name's first occurrence, in
// field order, until fn returns false. It takes time linear in the
// object's size, however many keys repeat.
func repeats(obj sv.ValueView, fn func(i, j int) bool) {
	n := obj.Len()
	if n <= scanKeysAbove {
		for i := 1; i < n; i++ {
			name := obj.Field(i).Name
			for j := 0; j < i; j++ {
				if obj.Field(j).Name == name {
					if !fn(i, j) {
						return
					}
					break
				}
			}
		}
		return
	}
	first := make(map[string]int, n)
	for i := 0; i < n; i++ {
		name := obj.Field(i).Name
		if j, dup := first[name]; dup {
			if !fn(i, j) {
				return
			}
			continue
		}
		first[name] = i
	}
}

// hasDuplicateFields reports whether object v names a key twice (its own
// keys only).
func hasDuplicateFields(v sv.ValueView) bool {
	_, _, dup := firstRepeat(v)
	return dup
}

// firstRepeat returns the first field i of object obj whose name an
// earlier field j already has: [repeats] without a callback, for the
// checks that run on every message (a transcript record, an envelope).
func firstRepeat(obj sv.ValueView) (i, j int, found bool) {
	n := obj.Len()
	if n > scanKeysAbove {
		repeats(obj, func(fi, fj int) bool { i, j, found = fi, fj, true; return false })
		return i, j, found
	}
	name := func(i int) string { return obj.Field(i).Name }
	if mv, ok := obj.(stream.MemberView); ok {
		// Names only: no position is worked out for a field compared.
		name = func(i int) string { k, _ := mv.Member(i); return k }
	}
	for i := 1; i < n; i++ {
		ni := name(i)
		for j := 0; j < i; j++ {
			if name(j) == ni {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

// payloadDuplicates reports repeated keys inside a value that no
// validator looks at (an unknown method's params, envelope-only checks,
// ids): duplicate keys are rejected everywhere. The value's path is at
// followed by segs, built only when there is something to report.
func (c *checker) payloadDuplicates(v sv.ValueView, at sv.Path, segs ...sv.Segment) {
	if v != nil && v.Kind().IsContainer() && hasDuplicateKeys(v) {
		c.walkDuplicates(v, at.Append(segs...))
	}
}

// walkDuplicates reports every repeated key in v, visiting each value once
// (a finding's order is the text's: an object's repeated keys, then its
// values).
func (c *checker) walkDuplicates(v sv.ValueView, at sv.Path) {
	switch v.Kind() {
	case sv.KindList:
		n := v.Len()
		for i := 0; i < n; i++ {
			if e := v.Elem(i); e.Kind().IsContainer() {
				c.walkDuplicates(e, at.Index(i))
			}
		}
	case sv.KindObject:
		repeats(v, func(i, j int) bool {
			f, g := v.Field(i), v.Field(j)
			name := strings.Clone(f.Name) // findings outlive the text
			c.add(sv.Finding{Severity: sv.SeverityError, Class: sv.ClassInstance, Code: sv.CodeDuplicateKey,
				Path: at.Key(name), Pos: c.pos(f.NamePos), Related: c.pos(g.NamePos), Got: name,
				Message: "duplicate key " + strconv.Quote(f.Name) + " (first at " + c.pos(g.NamePos).String() + ")"})
			return true
		})
		n := v.Len()
		for i := 0; i < n; i++ {
			if f := v.Field(i); f.Value.Kind().IsContainer() {
				c.walkDuplicates(f.Value, at.Key(strings.Clone(f.Name)))
			}
		}
	}
}

// duplicates reports the repeated keys of an envelope object itself (its
// values are checked elsewhere). The first occurrence is the one used.
func (c *checker) duplicates(obj sv.ValueView, at sv.Path) bool {
	dup := false
	repeats(obj, func(i, j int) bool {
		f, g := obj.Field(i), obj.Field(j)
		c.report(CodeDuplicateKey, at.Key(strings.Clone(f.Name)), f.NamePos, noShape,
			"duplicate key %q (first at %s): rejected, never resolved last-wins", f.Name, c.pos(g.NamePos))
		dup = true
		return true
	})
	return dup
}

// members holds the first occurrence of each envelope member of an
// object, read in one pass.
type members struct {
	jsonrpc, method, params, id, result, error member
	has                                        uint8
	// dup: a known member occurs twice; extra: a member the protocol
	// does not define occurs (unknown members are compared for
	// duplicates only then).
	dup, extra bool
}

// member is what the checks use of an envelope member: its value, and
// its index in the object, from which a finding gets the name's position
// (see namePos; a valid message never needs it).
type member struct {
	Value sv.ValueView
	index int
}

// namePos returns the position of the member's name in obj.
func (f member) namePos(obj sv.ValueView) node.Pos { return obj.Field(f.index).NamePos }

const (
	hasJSONRPC uint8 = 1 << iota
	hasMethod
	hasParams
	hasID
	hasResult
	hasError
)

// scan reads the members of an envelope object into m (any other kind
// gives no members). It runs for every message: the names are told apart
// by length first, then by one comparison each. A message that the fast
// line scanned (a *lazyLine) has them already: its scan filled them in
// as it read each member (fastScan.message).
func scan(obj sv.ValueView, m *members) {
	if l, ok := obj.(*lazyLine); ok {
		*m = l.env
		return
	}
	*m = members{}
	if obj.Kind() != sv.KindObject {
		return
	}
	n := obj.Len()
	// The engine's JSON views give a member without its Field record
	// (asked once an object: an assertion costs more than a call).
	mv, direct := obj.(stream.MemberView)
	for i := 0; i < n; i++ {
		var name string
		var value sv.ValueView
		if direct {
			name, value = mv.Member(i)
		} else {
			f := obj.Field(i)
			name, value = f.Name, f.Value
		}
		m.add(name, value, i)
	}
}

// add records the object's member i, name: value, as scan reads it.
func (m *members) add(name string, value sv.ValueView, i int) {
	var bit uint8
	var dst *member
	switch len(name) {
	case 2:
		if name == "id" {
			bit, dst = hasID, &m.id
		}
	case 5:
		if name == "error" {
			bit, dst = hasError, &m.error
		}
	case 6:
		switch name {
		case "method":
			bit, dst = hasMethod, &m.method
		case "params":
			bit, dst = hasParams, &m.params
		case "result":
			bit, dst = hasResult, &m.result
		}
	case 7:
		if name == "jsonrpc" {
			bit, dst = hasJSONRPC, &m.jsonrpc
		}
	}
	if dst == nil {
		m.extra = true
		return
	}
	if m.has&bit != 0 {
		m.dup = true
		return
	}
	m.has |= bit
	*dst = member{Value: value, index: i}
}

func (m *members) is(bit uint8) bool { return m.has&bit != 0 }

// looksLikeResponse classifies an object by content: "method" makes a
// request; otherwise "result" or "error" makes a response.
func (m *members) looksLikeResponse() bool {
	return !m.is(hasMethod) && (m.is(hasResult) || m.is(hasError))
}
