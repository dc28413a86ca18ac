package rpc

import (
	"strings"
	"unsafe"

	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
	"github.com/smithy-validation/go/smithyvalidate/stream"
)

// The fast path of a transcript line: a line that is a record
// {"from": ..., "message": {...}} whose message has scalar members and
// one params object or result value that the value engine's one pass
// accepts (by far the commonest line) is checked without reading it into
// a tape.
//
// fastLine scans the record and the message's members itself, and has
// the one pass check the payload where it is in the line (params against
// the method's input, a result against the output of the call its id
// answers). It goes on only when the scan proves that the whole line is
// JSON that the tape reader accepts under the service's reader limits;
// otherwise it gives up before anything is recorded, and the line takes
// the usual path (a tape, the envelope checks, the walk). When it goes
// on, the usual checks run unchanged, on lazy views of the message: a
// member's kind, position and text come from the scan, and any other
// question (an object's fields, an array's elements) reads the line into
// the tape once and answers from the tape's own views. So every finding,
// path, position and summary is the one the usual path gives
// (TestFastLineAgrees, FuzzFastLine compare the two).

// maxLazyMembers is the most members a message may have on the fast path.
const maxLazyMembers = 8

// lazyLine is the message of a line on the fast path, as a view of an
// object (it implements sv.ValueView, stream.MemberView and
// stream.TextView); its members are lazyMember views. An Exchange keeps
// one and reuses it for every line.
type lazyLine struct {
	x    *Exchange
	line []byte
	// bare says line is the message itself ([Exchange.Feed]), not a
	// transcript record that holds it.
	bare   bool
	msgOff int32
	n      int
	mem    [maxLazyMembers]lazyMember
	// inner is a scalar inside a member, found in the text (see
	// lazyMember.scalarMember).
	inner lazyMember
	// msg is the message's view in the tape of the line, once a question
	// needed it (see real).
	msg sv.ValueView
	// env is the message's envelope members as scan reads them from the
	// line's view, filled in by the fast line's scan as it reads them.
	env members
}

// lazyMember is one member of a lazyLine's message.
type lazyMember struct {
	l       *lazyLine
	i       int
	name    string
	nameOff int32
	off     int32
	kind    sv.Kind
	text    string // a string's text (it has no escapes) or a number's token
	isTrue  bool
}

// linePos is the position of byte off of a line: a line has no line
// break (the fast path takes no line with a CR), so it is on line 1 and
// its column counts bytes, as the tape counts them.
func linePos(off int32) node.Pos { return node.Pos{Offset: off, Line: 1, Column: off + 1} }

func (l *lazyLine) Kind() sv.Kind           { return sv.KindObject }
func (l *lazyLine) Pos() node.Pos           { return linePos(l.msgOff) }
func (l *lazyLine) Annotations() []string   { return nil }
func (l *lazyLine) Scalar() sv.Scalar       { return sv.Scalar{Kind: sv.KindObject} }
func (l *lazyLine) Text() (sv.Kind, string) { return sv.KindObject, "" }
func (l *lazyLine) Len() int                { return l.n }
func (l *lazyLine) Elem(i int) sv.ValueView { return l.real().Elem(i) }
func (l *lazyLine) Member(i int) (string, sv.ValueView) {
	m := &l.mem[i]
	return m.name, m
}

func (l *lazyLine) Field(i int) sv.Field {
	m := &l.mem[i]
	return sv.Field{Name: m.name, NamePos: linePos(m.nameOff), Value: m}
}

// real returns the message's view in the tape of the line, reading the
// line on the first call.
func (l *lazyLine) real() sv.ValueView {
	if l.msg != nil {
		return l.msg
	}
	var rec sv.ValueView
	var err error
	if l.bare {
		rec, err = l.x.line.read(l.x.s, l.line)
	} else {
		rec, err = l.x.line.readLine(l.x.s, l.line)
	}
	if err == nil && l.bare {
		l.msg = rec
		return rec
	}
	if err == nil {
		mv, _ := rec.(stream.MemberView)
		for i, n := 0, rec.Len(); mv != nil && i < n; i++ {
			if name, v := mv.Member(i); name == "message" {
				l.msg = v
				return v
			}
		}
	}
	// Not reached: fastLine scanned the line as JSON the reader accepts,
	// with one "message" object (FuzzFastLine). An empty object keeps the
	// checks from failing if it ever were.
	empty := node.NewObject()
	l.msg = sv.NodeView(&empty)
	return l.msg
}

// done drops the line: the tape, if it was read, and the views.
func (l *lazyLine) done() {
	if l.msg != nil {
		l.x.line.reset()
		l.msg = nil
	}
	l.line = nil
}

func (m *lazyMember) Kind() sv.Kind         { return m.kind }
func (m *lazyMember) Pos() node.Pos         { return linePos(m.off) }
func (m *lazyMember) Annotations() []string { return nil }

func (m *lazyMember) Scalar() sv.Scalar {
	switch m.kind {
	case sv.KindBool:
		return sv.Scalar{Kind: sv.KindBool, Bool: m.isTrue}
	case sv.KindString, sv.KindInteger, sv.KindDecimal:
		return sv.Scalar{Kind: m.kind, Text: m.text}
	}
	return sv.Scalar{Kind: m.kind}
}

func (m *lazyMember) Text() (sv.Kind, string) {
	switch m.kind {
	case sv.KindString, sv.KindInteger, sv.KindDecimal:
		return m.kind, m.text
	}
	return m.kind, ""
}

func (m *lazyMember) Len() int {
	if !m.kind.IsContainer() {
		return 0
	}
	return m.real().Len()
}

func (m *lazyMember) Elem(i int) sv.ValueView { return m.real().Elem(i) }
func (m *lazyMember) Field(i int) sv.Field    { return m.real().Field(i) }

func (m *lazyMember) Member(i int) (string, sv.ValueView) {
	if mv, ok := m.real().(stream.MemberView); ok {
		return mv.Member(i)
	}
	f := m.real().Field(i)
	return f.Name, f.Value
}

// scalarMember answers a question about an object member from the line's
// text, without the tape: the value of its first member named names[0],
// or else of the first named names[1], and so on (nil when it has none of
// them), as field asks the tape for each name in turn. It answers (ok)
// only when every member name of the object is plain (no escape: the text
// is the name) and the value found is a plain string or an integer, as
// the scanner takes them; otherwise the caller asks the tape. The object
// was accepted by the one pass, so it is JSON; the scan still gives up on
// anything it does not expect. The view is valid until the next call.
func (m *lazyMember) scalarMember(names []string) (v sv.ValueView, ok bool) {
	l := m.l
	if m.kind != sv.KindObject || len(l.line) == 0 {
		return nil, false
	}
	q := fastScan{s: unsafe.String(&l.line[0], len(l.line)), x: l.x, maxStr: l.x.s.limits.StringLimit(), maxNum: l.x.s.limits.MaxNumberLength}
	s := q.s
	best, at := len(names), 0
	i := q.ws(int(m.off) + 1)
	if i < len(s) && s[i] == '}' {
		return nil, true
	}
	for {
		name, j := q.str(i)
		if j < 0 {
			return nil, false
		}
		if j = q.ws(j); j >= len(s) || s[j] != ':' {
			return nil, false
		}
		j = q.ws(j + 1)
		for k := 0; k < best; k++ {
			if names[k] == name {
				best, at = k, j // the first member of that name
				break
			}
		}
		if j = skipValue(s, j); j < 0 {
			return nil, false
		}
		if i = q.ws(j); i >= len(s) {
			return nil, false
		}
		if s[i] == '}' {
			break
		}
		if s[i] != ',' {
			return nil, false
		}
		i = q.ws(i + 1)
	}
	if best == len(names) {
		return nil, true
	}
	in := &l.inner
	*in = lazyMember{l: l, i: -1, off: int32(at)}
	switch c := s[at]; {
	case c == '"':
		t, k := q.str(at)
		if k < 0 {
			return nil, false
		}
		in.kind, in.text = sv.KindString, t
	case c == '-' || (c >= '0' && c <= '9'):
		k := q.integer(at)
		if k < 0 {
			return nil, false
		}
		in.kind, in.text = sv.KindInteger, s[at:k]
	default:
		return nil, false
	}
	return in, true
}

// skipValue returns the offset past the JSON value at s[i], or -1 when
// the text there is not one it can skip: strings (escapes included),
// objects and arrays (by their brackets, outside strings), and the
// scalars' tokens up to the next delimiter. It does not check the text:
// the value was accepted by the one pass already.
func skipValue(s string, i int) int {
	depth := 0
	for i < len(s) {
		switch c := s[i]; c {
		case '"':
			for i++; ; i++ {
				if i = plainEnd(s, i); i >= len(s) {
					return -1
				}
				if s[i] == '"' {
					break
				}
				if s[i] == '\\' {
					i++ // the escaped byte
				}
			}
			i++
		case '{', '[':
			depth++
			i++
		case '}', ']':
			if depth == 0 {
				return i // the end of a scalar before the container's close
			}
			depth--
			i++
		case ',', ' ', '\t', '\n', '\r', ':':
			if depth == 0 {
				return i
			}
			i++
		default:
			i++
		}
		if depth == 0 && i > 0 && (s[i-1] == '"' || s[i-1] == '}' || s[i-1] == ']') {
			return i
		}
	}
	if depth == 0 {
		return i
	}
	return -1
}

// real returns the member's view in the tape of the line.
func (m *lazyMember) real() sv.ValueView {
	msg := m.l.real()
	if m.i < msg.Len() {
		return msg.Field(m.i).Value
	}
	return msg // not reached (see lazyLine.real)
}

// realView returns the tape's view for a lazy member (the value engine's
// walk takes the views of JSON text it knows), v itself otherwise.
func realView(v sv.ValueView) sv.ValueView {
	if m, ok := v.(*lazyMember); ok {
		return m.real()
	}
	return v
}

// passedPayload is a payload the one pass accepted during fastLine's
// scan: payloadAt does not check it again.
type passedPayload struct {
	v   *sv.Validator
	off int32
}

// noFastLineForTest sends every line the usual way (tests compare).
var noFastLineForTest bool

// fastScan is the scanner of fastLine.
type fastScan struct {
	s      string
	x      *Exchange
	maxStr int
	maxNum int
	// depth is how deep the message's members are for the depth limit:
	// 1, in a message given alone and in a transcript record alike (a
	// line's depth limit is one more than a message's: readLine).
	depth  int
	from   Peer
	fromOK bool
}

// fastLine checks a transcript line on the fast path (see above) and
// reports whether it did; false means nothing was recorded and the line
// goes the usual way. m is the line's context.
func (x *Exchange) fastLine(line []byte, m msgCtx) ([]MessageSummary, bool) {
	if noFastLineForTest || len(line) == 0 {
		return nil, false
	}
	lim := &x.s.limits
	s := unsafe.String(&line[0], len(line))
	if len(s) > lim.MaxSize || len(s) > lim.MaxElements || lim.MaxDepth < 3 || s[0] == 0xEF || strings.IndexByte(s, '\r') >= 0 {
		// A BOM, or a CR (a line break for the tape's positions): the
		// usual path. Below MaxElements bytes the text cannot hold more
		// values than the reader allows.
		return nil, false
	}
	c := x.c
	sub := c.subCollector()
	if !x.fastLimits(sub) {
		return nil, false
	}
	l := &x.lazy
	l.x, l.n, l.msg, l.bare = x, 0, nil, false
	l.env = members{}
	c.npassed = 0
	q := fastScan{s: s, x: x, maxStr: lim.StringLimit(), maxNum: lim.MaxNumberLength, depth: 1}
	if !q.record(l) {
		c.npassed = 0
		return nil, false
	}
	l.line = line
	c.src = s
	ms := x.feedRecord(q.from, -1, m, l, nil)
	c.npassed = 0
	l.done()
	return ms, true
}

// fastFeed is [Exchange.Feed] on the fast path, for a message sent by
// from given as its text (a message of one line: a line break moves the
// tape's positions). It reports whether it took the message; false means
// nothing was recorded.
func (x *Exchange) fastFeed(from Peer, data []byte) ([]MessageSummary, bool) {
	if noFastLineForTest || len(data) == 0 {
		return nil, false
	}
	lim := &x.s.limits
	s := unsafe.String(&data[0], len(data))
	if len(s) > lim.MaxSize || len(s) > lim.MaxElements || lim.MaxDepth < 2 || s[0] == 0xEF ||
		strings.IndexByte(s, '\r') >= 0 || strings.IndexByte(s, '\n') >= 0 {
		return nil, false
	}
	c := x.c
	if !x.fastLimits(c.subCollector()) {
		return nil, false
	}
	l := &x.lazy
	l.x, l.n, l.msg, l.bare = x, 0, nil, true
	l.env = members{}
	c.npassed = 0
	q := fastScan{s: s, x: x, maxStr: lim.StringLimit(), maxNum: lim.MaxNumberLength, depth: 1, from: from, fromOK: true}
	i := q.ws(0)
	if i >= len(s) || s[i] != '{' {
		return nil, false
	}
	if i = q.message(l, i); i < 0 || q.ws(i) != len(s) {
		c.npassed = 0
		return nil, false
	}
	l.line = data
	m := x.beginIn(from)
	m.emptyIsResponse = from == Server
	c.src = s
	c.readView(l, roleUnknown, false, &x.rd)
	x.process(from, -1)
	c.npassed = 0
	l.done()
	return x.end(), true
}

// fastLimits reports whether the payload checks' limits are at least as
// strict as the reader's, so that what the one pass accepts inside a line
// the reader accepts too.
func (x *Exchange) fastLimits(sub *sv.Collector) bool {
	if x.fastKnown {
		return x.fastOK
	}
	p, r := sub.Limits().Limits, x.s.limits
	x.fastOK = p.MaxDepth <= r.MaxDepth && p.MaxNumberLength <= r.MaxNumberLength && p.StringLimit() <= r.StringLimit() && p.MaxSize <= r.MaxSize
	x.fastKnown = true
	return x.fastOK
}

func (q *fastScan) ws(i int) int {
	if i < len(q.s) && q.s[i] > ' ' {
		return i // compact text: one comparison
	}
	for i < len(q.s) && (q.s[i] == ' ' || q.s[i] == '\t' || q.s[i] == '\n') {
		i++
	}
	return i
}

// str scans a string at s[i] (the opening quote) that has no escape, no
// control character and only ASCII (the fast path's strings: names,
// methods, ids), and returns its text and the offset past it, or -1.
func (q *fastScan) str(i int) (string, int) {
	s := q.s
	if i >= len(s) || s[i] != '"' {
		return "", -1
	}
	j := plainEnd(s, i+1)
	if j >= len(s) || s[j] != '"' || j-i-1 > q.maxStr {
		return "", -1
	}
	return s[i+1 : j], j + 1
}

// integer scans an integer token at s[i] (-?(0|[1-9][0-9]*), no fraction
// or exponent) and returns the offset past it, or -1.
func (q *fastScan) integer(i int) int {
	s, j := q.s, i
	if j < len(s) && s[j] == '-' {
		j++
	}
	switch {
	case j >= len(s) || s[j] < '0' || s[j] > '9':
		return -1
	case s[j] == '0':
		j++
	default:
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
	}
	if j < len(s) && (s[j] == '.' || s[j] == 'e' || s[j] == 'E') || j-i > q.maxNum {
		return -1
	}
	return j
}

// record scans the transcript record: the members "from" and "message",
// once each, nothing else.
func (q *fastScan) record(l *lazyLine) bool {
	s := q.s
	// A record as writers write it, compact, "from" first: its prefix is
	// one comparison (the loop below reads the same bytes the same way).
	if !q.fromOK && len(s) > len(recordPrefix) && s[:9] == `{"from":"` && s[15:len(recordPrefix)+1] == `","message":{` && q.maxStr >= len("message") {
		switch s[9:15] {
		case "client":
			q.from, q.fromOK = Client, true
		case "server":
			q.from, q.fromOK = Server, true
		}
		if q.fromOK {
			j := q.message(l, len(recordPrefix))
			if j < 0 {
				return false
			}
			// After the message, only the record's end: another member
			// is one the loop below refuses too (a second "from" or
			// "message", or any other).
			i := q.ws(j)
			return i < len(s) && s[i] == '}' && q.ws(i+1) == len(s)
		}
	}
	i := q.ws(0)
	if i >= len(s) || s[i] != '{' {
		return false
	}
	hasMsg := false
	for i = q.ws(i + 1); ; {
		name, j := q.str(i)
		if j < 0 {
			return false
		}
		if j = q.ws(j); j >= len(s) || s[j] != ':' {
			return false
		}
		j = q.ws(j + 1)
		switch {
		case name == "from" && !q.fromOK:
			t, k := q.str(j)
			if k < 0 {
				return false
			}
			if q.from, q.fromOK = ParsePeer(t); !q.fromOK {
				return false
			}
			j = k
		case name == "message" && !hasMsg:
			if j >= len(s) || s[j] != '{' {
				return false
			}
			hasMsg = true
			if j = q.message(l, j); j < 0 {
				return false
			}
		default:
			return false
		}
		if i = q.ws(j); i >= len(s) {
			return false
		}
		if s[i] == '}' {
			break
		}
		if s[i] != ',' {
			return false
		}
		i = q.ws(i + 1)
	}
	return hasMsg && q.fromOK && q.ws(i+1) == len(s)
}

// recordPrefix is a compact record's text up to its message: `{"from":"`
// (s[:9]), the sender's six letters (s[9:15]), `","message":` (s[15:27]).
const recordPrefix = `{"from":"client","message":`

// name scans a member name at s[i] as str does, a message's usual names
// by one comparison each (with a constant: no call); for those it also
// returns their envelope bit (see members), 0 for any other name.
func (q *fastScan) name(i int) (string, uint8, int) {
	if s := q.s[i:]; len(s) > 9 && s[0] == '"' && q.maxStr >= len("jsonrpc") {
		switch s[1] {
		case 'j':
			if s[:9] == `"jsonrpc"` {
				return "jsonrpc", hasJSONRPC, i + 9
			}
		case 'i':
			if s[:4] == `"id"` {
				return "id", hasID, i + 4
			}
		case 'm':
			if s[:8] == `"method"` {
				return "method", hasMethod, i + 8
			}
		case 'p':
			if s[:8] == `"params"` {
				return "params", hasParams, i + 8
			}
		case 'r':
			if s[:8] == `"result"` {
				return "result", hasResult, i + 8
			}
		case 'e':
			if s[:7] == `"error"` {
				return "error", hasError, i + 7
			}
		}
	}
	name, j := q.str(i)
	return name, 0, j
}

// message scans the message object at s[i] into l: scalar members, and
// a params object or a result value that the one pass accepts against
// the shape it is checked against. It returns the offset past it, or -1.
func (q *fastScan) message(l *lazyLine, i int) int {
	s, x := q.s, q.x
	l.msgOff = int32(i)
	var method, id *lazyMember
	for i = q.ws(i + 1); ; {
		if i < len(s) && s[i] == '}' && l.n == 0 {
			return i + 1
		}
		if l.n == maxLazyMembers {
			return -1
		}
		m := &l.mem[l.n]
		name, bit, j := q.name(i)
		if j < 0 {
			return -1
		}
		for k := 0; k < l.n; k++ {
			if l.mem[k].name == name {
				return -1 // repeated: the usual path reports it
			}
		}
		// Set field by field (no zeroing of the whole member): kind is
		// set below for every value, text for the kinds that have one,
		// isTrue for booleans.
		m.l, m.i, m.name, m.nameOff = l, l.n, name, int32(i)
		if j = q.ws(j); j >= len(s) || s[j] != ':' {
			return -1
		}
		j = q.ws(j + 1)
		if j >= len(s) {
			return -1
		}
		m.off = int32(j)
		switch c := s[j]; {
		case c == '"':
			if len(s)-j > 5 && s[j:j+5] == `"2.0"` && q.maxStr >= 3 {
				m.text, j = "2.0", j+5 // the version, as str reads it
			} else if m.text, j = q.str(j); j < 0 {
				return -1
			}
			m.kind = sv.KindString
		case c == '-' || (c >= '0' && c <= '9'):
			k := q.integer(j)
			if k < 0 {
				return -1
			}
			m.kind, m.text, j = sv.KindInteger, s[j:k], k
		case strings.HasPrefix(s[j:], "true"):
			m.kind, m.isTrue, j = sv.KindBool, true, j+4
		case strings.HasPrefix(s[j:], "false"):
			m.kind, m.isTrue, j = sv.KindBool, false, j+5
		case strings.HasPrefix(s[j:], "null"):
			m.kind, j = sv.KindNull, j+4
		case c == '{' || c == '[':
			m.kind = sv.KindObject
			if c == '[' {
				m.kind = sv.KindList
			}
			var v *sv.Validator
			switch {
			case name == "params" && c == '{' && method != nil && method.kind == sv.KindString:
				v = q.paramsFor(method.text)
			case name == "result" && id != nil:
				v = q.resultFor(id)
			}
			if v == nil {
				return -1
			}
			end, ok := v.ValidJSONAt(x.c.sub, s, j, q.depth)
			if !ok {
				return -1
			}
			x.c.pass(v, int32(j))
			j = end
		default:
			return -1
		}
		switch name {
		case "method":
			method = m
		case "id":
			id = m
		}
		// The envelope's member, as scan would read it (no name repeats:
		// above).
		switch e := &l.env; bit {
		case hasJSONRPC:
			e.jsonrpc = member{Value: m, index: l.n}
		case hasMethod:
			e.method = member{Value: m, index: l.n}
		case hasParams:
			e.params = member{Value: m, index: l.n}
		case hasID:
			e.id = member{Value: m, index: l.n}
		case hasResult:
			e.result = member{Value: m, index: l.n}
		case hasError:
			e.error = member{Value: m, index: l.n}
		default:
			e.add(name, m, l.n)
		}
		l.env.has |= bit
		l.n++
		if i = q.ws(j); i >= len(s) {
			return -1
		}
		if s[i] == '}' {
			return i + 1
		}
		if s[i] != ',' {
			return -1
		}
		i = q.ws(i + 1)
	}
}

// paramsFor returns the validator of the named params of method name, nil
// when there is none to check them with on the fast path.
func (q *fastScan) paramsFor(name string) *sv.Validator {
	s, c := q.x.s, q.x.c
	if s.model == nil {
		return nil
	}
	// As checker.method finds it, which then finds it here: the last
	// method found is compared before the map is hashed, and a method
	// found in the map is the last one, so that the same message's check
	// does not hash its name again.
	meth := c.lastMeth
	if meth == nil || meth.name != name {
		var ok bool
		if meth, ok = s.methods[name]; !ok {
			return nil
		}
		c.lastMeth = meth
	}
	if !meth.mode.byName() {
		return nil
	}
	return meth.params.v
}

// resultFor returns the validator of the result of the call that a
// response with id answers, as the exchange will find it (match): one
// outstanding call of the other peer with that id, no guess. nil when
// there is none, or when the call's method takes no result to check.
func (q *fastScan) resultFor(id *lazyMember) *sv.Validator {
	x := q.x
	if !q.fromOK || x.stopped || (id.kind != sv.KindString && id.kind != sv.KindInteger) {
		return nil
	}
	var in info
	if id.kind == sv.KindString {
		in.id = PresentID(node.NewString(id.text))
	} else {
		in.id, in.idInt = PresentID(node.NewNumber(id.text)), true
	}
	head := x.lookup(x.key(q.from.other(), &in))
	if head == nil || head.next != nil || head.tainted() || head.meth == nil {
		return nil
	}
	switch head.meth.result {
	case OutputStructure, OutputMember:
		return head.meth.results.v
	}
	return nil
}

// pass records that the one pass accepted payload v at offset off of
// the line.
func (c *checker) pass(v *sv.Validator, off int32) {
	if c.npassed < len(c.passed) {
		c.passed[c.npassed] = passedPayload{v: v, off: off}
		c.npassed++
	}
}

// passedAt reports whether the one pass accepted payload v at offset off
// during the current line's scan.
func (c *checker) passedAt(v *sv.Validator, off int32) bool {
	for _, p := range c.passed[:c.npassed] {
		if p.v == v && p.off == off {
			return true
		}
	}
	return false
}
