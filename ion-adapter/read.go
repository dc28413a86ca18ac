package ionadapter

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/amazon-ion/ion-go/ion"
	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// The reader turns ion-go's reader events into an immutable tree of
// Values. It never skips a user value (it steps into every container), so
// everything ion-go decodes is seen; what ion-go cannot tell (a truncated
// binary container, a timestamp fraction it rounded) is checked against the
// input bytes, as noted where it is done.

// problem is a reading problem. Paths are kept as the top-level index and
// the segments inside that value until the stream mode says how paths are
// rendered.
type problem struct {
	code   sv.Code
	index  int
	segs   []sv.Segment
	pos    node.Pos
	offset int64
	msg    string
	err    error
}

// stream is an input read into memory, or, with each, read one top-level
// value at a time.
type stream struct {
	binary bool
	values []*Value // the values read, unless each takes them
	// each, when set, is given each top-level value as it is read instead
	// of values keeping it; false stops reading (stopped is then set)
	each    func(*Value) bool
	stopped bool
	n       int // the top-level values read
	// fatal is what stopped reading, if anything; its index is the value
	// that could not be read (len(values); 0 for a whole-input problem).
	fatal *problem
	// more is set when a limit on the number of values was reached and
	// another value follows.
	more bool
	// partial is the value a reader limit (depth, elements) stopped
	// reading, with what was read of it before the limit (fatal's segs
	// lead to the value that went over it): its findings that nothing
	// after the limit could change are reported
	// ([smithyvalidate.Validator.CheckBeforeLimit]).
	partial *Value
}

// isReadLimit reports whether code is a limit met while reading a value
// (the size limit is met before anything is read).
func isReadLimit(code sv.Code) bool {
	return code == sv.CodeDepthLimit || code == sv.CodeElementsLimit
}

// source is the input as an io.Reader that knows how much it has handed
// out, so that the reader's position can be told: ion-go takes a
// *bufio.Reader of the default size as it is (bufio.NewReader returns it),
// and consumed bytes are then handed-out bytes minus buffered ones.
type source struct {
	data []byte
	off  int
}

func (s *source) Read(p []byte) (int, error) {
	if s.off >= len(s.data) {
		return 0, io.EOF
	}
	n := copy(p, s.data[s.off:])
	s.off += n
	return n, nil
}

// bufSize is bufio's default size: ion.NewReader then uses our buffer.
const bufSize = 4096

type reader struct {
	cfg    config
	data   []byte
	binary bool
	src    *source
	br     *bufio.Reader
	r      ion.Reader
	index  int // the top-level value being read
	depth  int // open containers
	count  int // values and field names read, for the element limit
	segs   []sv.Segment
	// Children are gathered in scratch space, one level per depth, and
	// copied once into a slice of the exact size.
	elems  [][]Value
	fields [][]field
}

// consumed returns how many input bytes ion-go has taken.
func (rd *reader) consumed() int { return rd.src.off - rd.br.Buffered() }

// isBinary reports whether data starts with a binary version marker (the
// test ion-go makes: E0 xx xx EA; versions other than 1.0 are then
// reported by the binary reader).
func isBinary(data []byte) bool { return len(data) >= 4 && data[0] == 0xE0 && data[3] == 0xEA }

// read reads data. limit > 0 stops after that many values (a following
// value sets more).
func read(data []byte, cfg config, limit int) (s *stream) {
	return readEach(data, cfg, limit, nil)
}

// readEach is read with each top-level value handed to each as soon as it
// is read, and not kept (nil: kept in values).
func readEach(data []byte, cfg config, limit int, each func(*Value) bool) (s *stream) {
	s = &stream{binary: isBinary(data), each: each}
	if len(data) > cfg.maxSize {
		s.fatal = &problem{code: sv.CodeSizeLimit, offset: -1,
			msg: fmt.Sprintf("the input is larger than %d bytes (the MaxSize limit); validation stopped", cfg.maxSize)}
		return s
	}
	if !s.binary && len(data) > 0 && data[0] == 0xE0 {
		s.fatal = &problem{code: sv.CodeSyntax, offset: 0,
			msg: "not valid Ion: the input starts like a binary version marker (E0 01 00 EA) but is not one"}
		return s
	}
	in, cut := data, (func(*reader) *problem)(nil)
	if s.binary {
		in, cut = frame(data)
	}
	src := &source{data: in}
	rd := &reader{cfg: cfg, data: data, binary: s.binary, src: src, br: bufio.NewReaderSize(src, bufSize)}
	rd.r = ion.NewReader(rd.br)
	defer func() {
		// ion-go panics on some malformed input (an impossible state of
		// its binary bitstream, say): that is bad data, not a fault of
		// the caller.
		if x := recover(); x != nil {
			s.fatal = rd.problemAt(sv.CodeSyntax, -1, fmt.Sprintf("not valid Ion: the Ion reader failed: %v", x), nil)
		}
	}()
	rd.stream(s, limit)
	if cut != nil && s.fatal == nil && !s.more && !s.stopped {
		rd.index, rd.segs = s.n, rd.segs[:0]
		s.fatal = cut(rd)
	}
	return s
}

// stream reads the top-level values.
func (rd *reader) stream(s *stream, limit int) {
	r := rd.r
	for {
		rd.index, rd.segs, rd.depth = s.n, rd.segs[:0], 0
		p0 := rd.consumed()
		if !r.Next() {
			if err := r.Err(); err != nil {
				s.fatal = rd.fromIon(err)
			}
			return
		}
		if !rd.binary {
			ivm, p := rd.versionMarker()
			if p != nil {
				s.fatal = p
				return
			}
			if ivm {
				continue
			}
		}
		if limit > 0 && s.n == limit {
			s.more = true
			return
		}
		v := new(Value)
		if p := rd.value(v, p0); p != nil {
			s.fatal = p
			if isReadLimit(p.code) {
				s.partial = v
			}
			return
		}
		s.n++
		if s.each == nil {
			s.values = append(s.values, v)
		} else if !s.each(v) {
			s.stopped = true
			return
		}
	}
}

// versionMarker handles a text version marker: an unannotated top-level
// symbol $ion_<major>_<minor>. $ion_1_0 is consumed (ion-go returns it as
// a symbol value; ion-go cannot tell it from $2, which is consumed too, and
// it does not reset the symbol table there); any other version stops
// reading. The quoted symbol '$ion_1_0' is a value.
func (rd *reader) versionMarker() (bool, *problem) {
	r := rd.r
	if r.Type() != ion.SymbolType || r.IsNull() {
		return false, nil
	}
	if as, err := r.Annotations(); err != nil || len(as) > 0 {
		return false, nil
	}
	st, err := r.SymbolValue()
	if err != nil || st == nil || st.Text == nil || !isVersionMarker(*st.Text) {
		return false, nil
	}
	if *st.Text == "$ion_1_0" {
		return st.LocalSID == 2, nil // quoted '$ion_1_0' has no symbol ID: a value
	}
	p := rd.problemAt(sv.CodeUnsupported, -1,
		fmt.Sprintf("Ion version marker %s: only Ion 1.0 ($ion_1_0) is supported", *st.Text), nil)
	if at := lastToken(rd.data[:rd.consumed()], *st.Text); at >= 0 {
		p.pos, p.offset = textPos(rd.data, at), int64(at)
	}
	return false, p
}

// isVersionMarker reports whether s has the form $ion_<digits>_<digits>.
func isVersionMarker(s string) bool {
	rest, ok := strings.CutPrefix(s, "$ion_")
	if !ok {
		return false
	}
	major, minor, ok := strings.Cut(rest, "_")
	return ok && allDigits(major) && allDigits(minor)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// value reads the value the reader is on into v; p0 is where the reader
// was before Next. It returns the problem that stops reading, if any.
func (rd *reader) value(v *Value, p0 int) *problem {
	r := rd.r
	if p := rd.counted(); p != nil {
		return p
	}
	as, err := r.Annotations()
	if err != nil {
		return rd.fromIon(err)
	}
	if len(as) > 0 {
		names := make([]string, len(as))
		for i := range as {
			names[i] = symbolText(&as[i])
		}
		v.ext().annots = names
	}
	t := r.Type()
	if r.IsNull() {
		v.kind, v.nullOf = sv.KindNull, kindOf(t)
		return nil
	}
	switch t {
	case ion.BoolType:
		b, err := r.BoolValue()
		if err != nil {
			return rd.fromIon(err)
		}
		v.kind, v.b = sv.KindBool, *b
	case ion.IntType:
		v.kind = sv.KindInteger
		if size, err := r.IntSize(); err == nil && size != ion.BigInt {
			i, err := r.Int64Value()
			if err != nil {
				return rd.fromIon(err)
			}
			v.text = strconv.FormatInt(*i, 10)
			break
		}
		i, err := r.BigIntValue()
		if err != nil {
			return rd.fromIon(err)
		}
		v.text = i.String()
	case ion.FloatType:
		f, err := r.FloatValue()
		if err != nil {
			return rd.fromIon(err)
		}
		v.kind, v.bits = sv.KindFloat, math.Float64bits(*f)
	case ion.DecimalType:
		d, err := r.DecimalValue()
		if err != nil {
			return rd.fromIon(err)
		}
		v.kind, v.text = sv.KindDecimal, decimalText(d)
	case ion.TimestampType:
		ts, err := r.TimestampValue()
		if err != nil {
			return rd.fromIon(err)
		}
		v.kind = sv.KindTimestamp
		v.rare().time = timestampOf(*ts)
		if mayBeRounded(*ts) {
			rd.checkFraction(v, *ts, p0)
		}
	case ion.SymbolType:
		st, err := r.SymbolValue()
		if err != nil {
			return rd.fromIon(err)
		}
		v.kind, v.text = sv.KindSymbol, symbolText(st)
		switch {
		case st.Text == nil:
			v.rare().unsupported = fmt.Sprintf("symbol %s has no known text (no symbol table in effect defines it)", v.text)
		case !utf8.ValidString(v.text):
			return rd.problemAt(sv.CodeSyntax, -1, "not valid Ion: a symbol's text is not valid UTF-8", nil)
		}
	case ion.StringType:
		s, err := r.StringValue()
		if err != nil {
			return rd.fromIon(err)
		}
		v.kind, v.text = sv.KindString, *s
		if !utf8.ValidString(v.text) {
			return rd.problemAt(sv.CodeSyntax, -1, "not valid Ion: a string is not valid UTF-8", nil)
		}
	case ion.BlobType, ion.ClobType:
		b, err := r.ByteValue()
		if err != nil {
			return rd.fromIon(err)
		}
		v.kind = sv.KindBlob
		if t == ion.ClobType {
			v.kind = sv.KindClob
		}
		v.rare().bytes = b
	case ion.ListType, ion.SexpType, ion.StructType:
		return rd.container(v, t)
	default:
		return rd.problemAt(sv.CodeSyntax, -1, fmt.Sprintf("not valid Ion: unexpected value type %v", t), nil)
	}
	return nil
}

// handOver is the length from which a container takes its scratch space
// instead of a copy of it.
const handOver = 4096

// doubled returns s with room for one more, doubling its capacity when it
// is full: append grows a large slice by a quarter, which for a list of
// millions of values allocates five times its final size in all.
func doubled[T any](s []T) []T {
	if len(s) < cap(s) {
		return s
	}
	g := make([]T, len(s), max(2*cap(s), 8))
	copy(g, s)
	return g
}

// counted counts one value or field name against the element limit and
// returns the problem of the first one past it.
func (rd *reader) counted() *problem {
	if rd.count++; rd.count <= rd.cfg.maxElements {
		return nil
	}
	return rd.problemAt(sv.CodeElementsLimit, -1,
		fmt.Sprintf("the input holds more than %d values and field names (the MaxElements limit); validation stopped", rd.cfg.maxElements), nil)
}

// container reads a list, s-expression or struct.
func (rd *reader) container(v *Value, t ion.Type) *problem {
	r := rd.r
	if rd.depth >= rd.cfg.maxDepth {
		return rd.problemAt(sv.CodeDepthLimit, -1,
			fmt.Sprintf("the value nests deeper than %d levels (the MaxDepth limit); validation stopped", rd.cfg.maxDepth), nil)
	}
	if err := r.StepIn(); err != nil {
		return rd.fromIon(err)
	}
	rd.depth++
	x := v.ext()
	switch t {
	case ion.ListType:
		v.kind = sv.KindList
	case ion.SexpType:
		v.kind = sv.KindSexp
	default:
		v.kind = sv.KindObject
	}
	level := rd.depth - 1
	if level == len(rd.elems) {
		rd.elems, rd.fields = append(rd.elems, nil), append(rd.fields, nil)
	}
	elems, fields := rd.elems[level][:0], rd.fields[level][:0]
	defer func() {
		// Keep the grown scratch space, without what it points to.
		clear(elems)
		clear(fields)
		rd.elems[level], rd.fields[level] = elems[:0], fields[:0]
	}()
	for {
		p0 := rd.consumed()
		if !r.Next() {
			break
		}
		if t != ion.StructType {
			elems = append(doubled(elems), Value{})
			rd.segs = append(rd.segs, sv.Index(len(elems)-1))
			if p := rd.value(&elems[len(elems)-1], p0); p != nil {
				return rd.cut(p, x, elems, nil)
			}
			rd.segs = rd.segs[:len(rd.segs)-1]
			continue
		}
		name, err := r.FieldName()
		if err != nil {
			return rd.fromIon(err)
		}
		f := field{name: "$0", noText: true}
		if name != nil {
			f.name, f.noText = symbolText(name), name.Text == nil
		}
		if !f.noText && !utf8.ValidString(f.name) {
			return rd.problemAt(sv.CodeSyntax, -1, "not valid Ion: a field name is not valid UTF-8", nil)
		}
		fields = append(doubled(fields), f)
		rd.segs = append(rd.segs, sv.Key(f.name))
		// The name counts, then its value.
		if p := rd.counted(); p != nil {
			return rd.cut(p, x, nil, fields)
		}
		if p := rd.value(&fields[len(fields)-1].value, p0); p != nil {
			return rd.cut(p, x, nil, fields)
		}
		rd.segs = rd.segs[:len(rd.segs)-1]
	}
	if err := r.Err(); err != nil {
		// The element that could not be read; a struct's field has no
		// name yet, so the struct is the innermost value known.
		if t != ion.StructType {
			rd.segs = append(rd.segs, sv.Index(len(elems)))
		}
		return rd.fromIon(err)
	}
	if err := r.StepOut(); err != nil {
		return rd.fromIon(err)
	}
	rd.depth--
	switch {
	case len(elems) >= handOver:
		// A large container keeps the scratch space itself (its spare
		// capacity, at most its size, is not more than a copy would
		// take), and the next container at this level starts a new one.
		x.elems, elems = elems[:len(elems):len(elems)], nil
	case len(elems) > 0:
		x.elems = slices.Clone(elems)
	}
	switch {
	case len(fields) >= handOver:
		x.fields, fields = fields[:len(fields):len(fields)], nil
	case len(fields) > 0:
		x.fields = slices.Clone(fields)
	}
	return nil
}

// cut returns p, the problem that stopped reading a container's element
// or field; when it is a reader limit, the container keeps copies of what
// was read of it, the element or field in progress included (the next open
// container, or the value over the limit), for stream.partial. Only the
// error path pays for the copies.
func (rd *reader) cut(p *problem, x *ext, elems []Value, fields []field) *problem {
	if isReadLimit(p.code) {
		x.elems, x.fields = slices.Clone(elems), slices.Clone(fields)
	}
	return p
}

// checkFraction marks a timestamp whose source fraction has more digits
// than ion-go keeps: ion-go has rounded it, and the rounded value must not
// be validated in its place.
func (rd *reader) checkFraction(v *Value, ts ion.Timestamp, p0 int) {
	end := rd.consumed()
	digits := 0
	if rd.binary {
		if exp, ok := binaryFractionExponent(rd.data, p0, end, ts); ok {
			digits = int(-exp)
		}
	} else if n, start, ok := textFractionDigits(rd.data, end); ok {
		digits = n
		if n > maxFractionDigits {
			v.x.r.pos = textPos(rd.data, start)
		}
	}
	if digits > maxFractionDigits {
		v.x.r.unsupported = fmt.Sprintf("a timestamp with %d fraction digits is finer than nanoseconds, the finest the Ion reader keeps (it would round it to %s)", digits, ts)
	}
}

// problemAt returns a problem at the current path; offset is the ion-go
// offset (text: in its line-normalized count), -1 when unknown.
func (rd *reader) problemAt(code sv.Code, offset int64, msg string, err error) *problem {
	p := &problem{code: code, index: rd.index, segs: slices.Clone(rd.segs), offset: -1, msg: msg, err: err}
	if offset >= 0 {
		if rd.binary {
			p.offset = offset
		} else {
			p.pos = textPosUnits(rd.data, offset)
			p.offset = int64(p.pos.Offset)
		}
	}
	return p
}

// fromIon converts an ion-go error into the problem that stops reading.
func (rd *reader) fromIon(err error) *problem {
	var (
		syn  *ion.SyntaxError
		eof  *ion.UnexpectedEOFError
		ver  *ion.UnsupportedVersionError
		tag  *ion.InvalidTagByteError
		ru   *ion.UnexpectedRuneError
		tok  *ion.UnexpectedTokenError
		ioe  *ion.IOError
		code = sv.CodeSyntax
	)
	truncated := "not valid Ion: unexpected end of input"
	if rd.binary {
		truncated = "truncated binary Ion: the input ends inside a value"
	}
	switch {
	case errors.As(err, &ver):
		return rd.problemAt(sv.CodeUnsupported, int64(ver.Offset),
			fmt.Sprintf("Ion version %d.%d is not supported (only Ion 1.0)", ver.Major, ver.Minor), err)
	case errors.As(err, &eof):
		return rd.problemAt(code, int64(eof.Offset), truncated, err)
	case errors.As(err, &syn):
		return rd.problemAt(code, int64(syn.Offset), "not valid Ion: "+syn.Msg, err)
	case errors.As(err, &tag):
		return rd.problemAt(code, int64(tag.Offset), fmt.Sprintf("not valid Ion: invalid type descriptor byte 0x%02X", tag.Byte), err)
	case errors.As(err, &ru):
		return rd.problemAt(code, int64(ru.Offset), fmt.Sprintf("not valid Ion: unexpected character %q", ru.Rune), err)
	case errors.As(err, &tok):
		if tok.Token == "<EOF>" {
			return rd.problemAt(code, int64(tok.Offset), truncated, err)
		}
		return rd.problemAt(code, int64(tok.Offset), "not valid Ion: unexpected "+tok.Token, err)
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return rd.problemAt(code, -1, truncated, err)
	case errors.As(err, &ioe):
		return rd.problemAt(code, -1, "not valid Ion: "+ioe.Err.Error(), err)
	}
	msg := err.Error()
	if sid, ok := unknownSID(msg); ok {
		p := rd.problemAt(code, -1, fmt.Sprintf("not valid Ion: symbol ID $%s is not defined by the symbol table in effect", sid), err)
		if !rd.binary {
			// ion-go gives no offset; the $N token it has just read is
			// the last one before the reader's position.
			if at := lastToken(rd.data[:rd.consumed()], "$"+sid); at >= 0 {
				p.pos, p.offset = textPos(rd.data, at), int64(at)
			}
		}
		return p
	}
	if tok, ok := badNumber(msg); ok {
		p := rd.problemAt(code, -1, fmt.Sprintf("not valid Ion: the number %s cannot be read (its exponent is out of range)", tok), err)
		if !rd.binary {
			// ion-go gives no offset; the token it has just read is the
			// last one before the reader's position.
			if at := lastToken(rd.data[:rd.consumed()], tok); at >= 0 {
				p.pos, p.offset = textPos(rd.data, at), int64(at)
			}
		}
		return p
	}
	return rd.problemAt(code, -1, "not valid Ion: "+strings.TrimPrefix(msg, "ion: "), err)
}

// badNumber recognizes ion-go's error for a decimal or float token whose
// exponent does not fit ("ParseDecimal(1d3000000000): strconv.ParseInt:
// ... value out of range", a plain error) and returns the token.
func badNumber(msg string) (string, bool) {
	_, rest, ok := strings.Cut(msg, "ParseDecimal(")
	if !ok {
		return "", false
	}
	tok, _, ok := strings.Cut(rest, ")")
	return tok, ok && tok != ""
}

// unknownSID recognizes ion-go's error for a symbol ID beyond the symbol
// table (a plain error: "ion: Symbol token not found for SID '99' in
// symbol table ...") and returns the ID.
func unknownSID(msg string) (string, bool) {
	rest, ok := strings.CutPrefix(msg, "ion: Symbol token not found for SID '")
	if !ok {
		return "", false
	}
	sid, _, ok := strings.Cut(rest, "'")
	return sid, ok && allDigits(strings.TrimPrefix(sid, "-"))
}

// symbolText returns a symbol's text, or $N for a symbol without text.
func symbolText(st *ion.SymbolToken) string {
	if st.Text != nil {
		return *st.Text
	}
	return "$" + strconv.FormatInt(st.LocalSID, 10)
}

// kindOf returns the kind of a typed null.
func kindOf(t ion.Type) sv.Kind {
	switch t {
	case ion.BoolType:
		return sv.KindBool
	case ion.IntType:
		return sv.KindInteger
	case ion.FloatType:
		return sv.KindFloat
	case ion.DecimalType:
		return sv.KindDecimal
	case ion.TimestampType:
		return sv.KindTimestamp
	case ion.SymbolType:
		return sv.KindSymbol
	case ion.StringType:
		return sv.KindString
	case ion.BlobType:
		return sv.KindBlob
	case ion.ClobType:
		return sv.KindClob
	case ion.ListType:
		return sv.KindList
	case ion.SexpType:
		return sv.KindSexp
	case ion.StructType:
		return sv.KindObject
	}
	return sv.KindNull
}

// textPos returns the position of byte offset off of data.
func textPos(data []byte, off int) node.Pos {
	off = min(max(off, 0), len(data))
	line, start := 1, 0
	for i := 0; i < off; i++ {
		switch data[i] {
		case '\n':
			line, start = line+1, i+1
		case '\r':
			if i+1 < len(data) && data[i+1] == '\n' {
				continue
			}
			line, start = line+1, i+1
		}
	}
	return node.Pos{Offset: int32(off), Line: int32(line), Column: int32(off - start + 1)}
}

// textPosUnits returns the position of an ion-go text offset: ion-go counts
// "\r\n" as one character.
func textPosUnits(data []byte, units int64) node.Pos {
	i := 0
	for u := int64(0); u < units && i < len(data); u++ {
		if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
			i++
		}
		i++
	}
	return textPos(data, i)
}

// lastToken returns the offset of the last occurrence of tok in data that
// is a whole identifier (no identifier byte on either side), -1 if none.
func lastToken(data []byte, tok string) int {
	for end := len(data); ; {
		i := bytes.LastIndex(data[:end], []byte(tok))
		if i < 0 {
			return -1
		}
		j := i + len(tok)
		if (i == 0 || !isIdentByte(data[i-1])) && (j == len(data) || !isIdentByte(data[j])) {
			return i
		}
		end = i
	}
}

func isIdentByte(c byte) bool {
	return c == '$' || c == '_' || isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
