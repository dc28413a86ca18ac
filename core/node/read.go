package node

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"unicode/utf8"
)

// Default limits of [Parse]. Every limit is checked while reading, so a
// hostile input costs at most time linear in its size and memory linear in
// what was kept.
const (
	// DefaultMaxDepth is the deepest nesting of arrays and objects: the
	// top-level container is at depth 1.
	DefaultMaxDepth = 10000
	// DefaultMaxSize is the largest input, in bytes (64 MiB).
	DefaultMaxSize = 64 << 20
	// DefaultMaxNumberLength is the longest number token, in bytes.
	DefaultMaxNumberLength = 4096
	// DefaultMaxStringLength, as a value of [MaxStringLength], means
	// "the same as the size limit", which is the default: one string may
	// fill the whole input.
	DefaultMaxStringLength = -1
)

// DuplicatePolicy says what [Parse] does with an object that names a key
// twice.
type DuplicatePolicy uint8

const (
	// RejectDuplicates makes a repeated key a [*DuplicateKeyError] naming
	// the key and both positions. It is the default.
	RejectDuplicates DuplicatePolicy = iota
	// KeepDuplicates keeps every occurrence in [Node.Fields], in source
	// order; [Node.Get] returns the first.
	KeepDuplicates
)

// String returns the policy's name.
func (p DuplicatePolicy) String() string {
	switch p {
	case RejectDuplicates:
		return "RejectDuplicates"
	case KeepDuplicates:
		return "KeepDuplicates"
	}
	return fmt.Sprintf("DuplicatePolicy(%d)", uint8(p))
}

// An Option configures [Parse]. Options are plain values: pass several,
// or combine them into one with [JoinOptions]; when two set the same thing,
// the later one wins. The zero Option changes nothing.
type Option struct {
	set       optionBits
	maxDepth  int
	maxSize   int
	maxNumLen int
	maxStrLen int
	dup       DuplicatePolicy
}

type optionBits uint8

const (
	setDepth optionBits = 1 << iota
	setSize
	setNumLen
	setStrLen
	setDup
)

// merge returns o with the settings of later applied over it.
func (o Option) merge(later Option) Option {
	if later.set&setDepth != 0 {
		o.maxDepth = later.maxDepth
	}
	if later.set&setSize != 0 {
		o.maxSize = later.maxSize
	}
	if later.set&setNumLen != 0 {
		o.maxNumLen = later.maxNumLen
	}
	if later.set&setStrLen != 0 {
		o.maxStrLen = later.maxStrLen
	}
	if later.set&setDup != 0 {
		o.dup = later.dup
	}
	o.set |= later.set
	return o
}

// options is the resolved configuration; readOptions is the only place
// that builds it.
type options struct {
	maxDepth  int
	maxSize   int
	maxNumLen int
	maxStrLen int
	dup       DuplicatePolicy
}

func readOptions(opts []Option) options {
	all := Option{
		maxDepth:  DefaultMaxDepth,
		maxSize:   DefaultMaxSize,
		maxNumLen: DefaultMaxNumberLength,
		maxStrLen: DefaultMaxStringLength,
	}
	for _, opt := range opts {
		all = all.merge(opt)
	}
	o := options{
		maxDepth:  all.maxDepth,
		maxSize:   all.maxSize,
		maxNumLen: all.maxNumLen,
		maxStrLen: all.maxStrLen,
		dup:       all.dup,
	}
	if o.maxStrLen < 0 {
		o.maxStrLen = o.maxSize
	}
	return o
}

// Settings is what a list of options resolves to: every limit, defaults
// included, and the duplicate-key policy, as [Parse] applies them. It is
// for callers that hand the same limits to another reader (the rpc module
// gives plain limits to the value engine's faster reader).
type Settings struct {
	MaxDepth        int
	MaxSize         int
	MaxNumberLength int
	// MaxStringLength is the resolved string limit: MaxSize unless
	// [MaxStringLength] set a smaller one.
	MaxStringLength int
	Duplicates      DuplicatePolicy
}

// Resolve returns the settings opts give [Parse] (later options win, as
// there).
func Resolve(opts ...Option) Settings {
	o := readOptions(opts)
	return Settings{MaxDepth: o.maxDepth, MaxSize: o.maxSize, MaxNumberLength: o.maxNumLen,
		MaxStringLength: o.maxStrLen, Duplicates: o.dup}
}

// JoinOptions returns one option that has the effect of opts in order.
func JoinOptions(opts ...Option) Option {
	var j Option
	for _, opt := range opts {
		j = j.merge(opt)
	}
	return j
}

// MaxDepth limits the nesting of arrays and objects to n levels (the
// top-level container is level 1; 0 allows only a scalar). Negative n counts
// as 0. The default is [DefaultMaxDepth]. The reader keeps its own stack, so
// any depth is safe from stack overflow; memory grows with n.
func MaxDepth(n int) Option {
	return Option{set: setDepth, maxDepth: max(n, 0)}
}

// MaxSize limits the input to n bytes. Negative n counts as 0; n is capped
// at math.MaxInt32 because [Pos] holds 32-bit offsets. The default is
// [DefaultMaxSize].
func MaxSize(n int) Option {
	return Option{set: setSize, maxSize: min(max(n, 0), math.MaxInt32)}
}

// MaxNumberLength limits one number token to n bytes (sign, digits, '.',
// exponent). Negative n counts as 0. The default is
// [DefaultMaxNumberLength]. The reader stops at the first byte past the
// limit.
func MaxNumberLength(n int) Option {
	return Option{set: setNumLen, maxNumLen: max(n, 0)}
}

// MaxStringLength limits one string value or object key to n bytes after
// unescaping. [DefaultMaxStringLength] (or any negative n) means the size
// limit, which is the default.
func MaxStringLength(n int) Option {
	return Option{set: setStrLen, maxStrLen: max(n, DefaultMaxStringLength)}
}

// DuplicateKeys sets the policy for repeated object keys. The default is
// [RejectDuplicates].
func DuplicateKeys(p DuplicatePolicy) Option {
	return Option{set: setDup, dup: p}
}

// PosError is an error located in the source text. Every error of [Parse]
// is one: [*SyntaxError], [*LimitError] or [*DuplicateKeyError].
type PosError interface {
	error
	Position() Pos
}

// SyntaxError reports text that is not JSON. Msg says what was expected
// and what was found, for example
// "expected ',' or '}' after object member, found ']'".
type SyntaxError struct {
	Pos Pos
	Msg string
}

func (e *SyntaxError) Error() string {
	return "node: syntax error at " + e.Pos.String() + ": " + e.Msg
}

// Position returns where the error is.
func (e *SyntaxError) Position() Pos { return e.Pos }

// The names of the limits in [LimitError.Limit].
const (
	LimitDepth        = "depth"
	LimitSize         = "size"
	LimitNumberLength = "number length"
	LimitStringLength = "string length"
)

// LimitError reports input that exceeds one of the reader's limits. Limit
// is one of [LimitDepth], [LimitSize], [LimitNumberLength] and
// [LimitStringLength]; Max is the limit in force. Pos is the start of the
// container, number or string that went over the limit, or for the size
// limit the first byte past it.
type LimitError struct {
	Pos   Pos
	Limit string
	Max   int
}

func (e *LimitError) Error() string {
	var what string
	switch e.Limit {
	case LimitDepth:
		what = "nesting deeper than %d levels"
	case LimitSize:
		what = "input longer than %d bytes"
	case LimitNumberLength:
		what = "number longer than %d bytes"
	case LimitStringLength:
		what = "string longer than %d bytes"
	default:
		what = "more than %d"
	}
	return "node: " + e.Limit + " limit exceeded at " + e.Pos.String() + ": " + fmt.Sprintf(what, e.Max)
}

// Position returns where the limit was exceeded.
func (e *LimitError) Position() Pos { return e.Pos }

// DuplicateKeyError reports an object that names Key twice, at First and at
// Second, under [RejectDuplicates].
type DuplicateKeyError struct {
	Key           string
	First, Second Pos
}

func (e *DuplicateKeyError) Error() string {
	return fmt.Sprintf("node: duplicate key %q at %s (first at %s)", e.Key, e.Second, e.First)
}

// Position returns the position of the second occurrence.
func (e *DuplicateKeyError) Position() Pos { return e.Second }

// Parse reads one JSON text (RFC 8259) into a Node, keeping numbers as
// their exact token text and every node's position.
//
// The grammar is strict: whitespace is space, tab, LF and CR only; strings
// must be valid UTF-8 with no raw control characters and no unpaired
// surrogate escapes; numbers follow the RFC grammar exactly; empty input
// and anything but whitespace after the value are errors. A UTF-8 byte
// order mark at the very start is skipped (RFC 8259 section 8.1 allows
// this); it still counts in offsets and columns, so a value right after it
// is at 1:4, as go/token would say.
//
// Lines end at LF, at CR LF (one break) and at a lone CR.
//
// The error is a [PosError]: a [*SyntaxError], a [*LimitError] or a
// [*DuplicateKeyError]. Parse never panics and uses no recursion.
//
// Parse copies data once into a string; string and number nodes that need
// no unescaping share that copy.
func Parse(data []byte, opts ...Option) (Node, error) {
	o := readOptions(opts)
	if len(data) > o.maxSize {
		// Do not copy (or scan) what we will refuse.
		return Node{}, &LimitError{Pos: posAt(data, o.maxSize), Limit: LimitSize, Max: o.maxSize}
	}
	return parse(string(data), o)
}

// ParseString is [Parse] for a string; it does not copy s, and the nodes
// share its memory.
func ParseString(s string, opts ...Option) (Node, error) {
	return parse(s, readOptions(opts))
}

// posAt computes the position of offset off in s by scanning s[:off].
func posAt[T string | []byte](s T, off int) Pos {
	line, start := 1, 0
	for i := 0; i < off && i < len(s); i++ {
		switch s[i] {
		case '\n':
			line, start = line+1, i+1
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			line, start = line+1, i+1
		}
	}
	return Pos{Offset: int32(off), Line: int32(line), Column: int32(off - start + 1)}
}

// parser holds the state of one Parse call. Parsers are pooled: their
// scratch stacks grow to the document's needs once and are reused.
type parser struct {
	s         string
	i         int
	line      int32
	lineStart int
	o         options

	stack  []frame
	elems  []Node  // array elements of all open arrays, innermost last
	fields []Field // object members of all open objects, innermost last
	buf    []byte  // unescaping
	maps   []map[string]int32

	// Container headers are allocated in chunks that grow from
	// firstChunk to maxChunk entries: one allocation serves many
	// containers, and a small message wastes few bytes.
	hdrs      []children
	nextChunk int
}

const (
	firstChunk = 4
	maxChunk   = 512
)

// newChildren returns a fresh container header.
func (p *parser) newChildren() *children {
	if len(p.hdrs) == 0 {
		p.hdrs = make([]children, p.nextChunk)
		p.nextChunk = min(2*p.nextChunk, maxChunk)
	}
	c := &p.hdrs[0]
	p.hdrs = p.hdrs[1:]
	return c
}

// frame is one open container.
type frame struct {
	pos   Pos
	start int  // index in elems or fields of its first child
	obj   bool // object (fields) or array (elems)
	// keys indexes the object's keys once it has many, for duplicate
	// detection; smaller objects are searched linearly.
	keys map[string]int32
}

// linearKeys is how many keys an object may have before duplicate
// detection switches from a linear search to a map.
const linearKeys = 16

// Scratch stacks larger than these are not kept in the pool, nor more key
// maps than maxPooledMaps.
const (
	maxPooledMaps = 8
	poolMaxNodes  = 1 << 17
	poolMaxFrames = 1 << 12
)

var parserPool = sync.Pool{New: func() any { return new(parser) }}

func parse(s string, o options) (Node, error) {
	if len(s) > o.maxSize {
		return Node{}, &LimitError{Pos: posAt(s, o.maxSize), Limit: LimitSize, Max: o.maxSize}
	}
	p := parserPool.Get().(*parser)
	v, err := p.parse(s, o)
	if p.reusable() {
		parserPool.Put(p)
	}
	return v, err
}

// parse runs one parse with p and leaves p ready for the next.
func (p *parser) parse(s string, o options) (Node, error) {
	p.s, p.i, p.line, p.lineStart, p.o = s, 0, 1, 0, o
	p.nextChunk = firstChunk
	v, err := p.run()
	p.reset()
	return v, err
}

// reset drops every reference into the last input and the tree built
// from it.
func (p *parser) reset() {
	p.s = ""
	p.hdrs = nil // the rest of the chunk belongs to the returned tree's allocation
	// Closing a container clears its part of the scratch stacks, so only
	// what is still open (after an error) holds references.
	clear(p.elems)
	clear(p.fields)
	for i := range p.stack {
		if m := p.stack[i].keys; m != nil && len(m) <= 1024 {
			clear(m)
			p.maps = append(p.maps, m)
		}
	}
	clear(p.stack)
	if len(p.maps) > maxPooledMaps {
		clear(p.maps[maxPooledMaps:])
		p.maps = p.maps[:maxPooledMaps]
	}
	p.elems, p.fields, p.stack = p.elems[:0], p.fields[:0], p.stack[:0]
	if cap(p.buf) > 1<<16 {
		p.buf = nil
	}
}

// reusable reports whether p's scratch space is small enough to keep in
// the pool.
func (p *parser) reusable() bool {
	return cap(p.elems) <= poolMaxNodes && cap(p.fields) <= poolMaxNodes && cap(p.stack) <= poolMaxFrames
}

func (p *parser) pos(i int) Pos {
	return Pos{Offset: int32(i), Line: p.line, Column: int32(i - p.lineStart + 1)}
}

// skipWS skips JSON whitespace and counts line breaks.
func (p *parser) skipWS() {
	s, i := p.s, p.i
	for i < len(s) {
		switch s[i] {
		case ' ', '\t':
			i++
		case '\n':
			i++
			p.line++
			p.lineStart = i
		case '\r':
			i++
			if i < len(s) && s[i] == '\n' {
				i++
			}
			p.line++
			p.lineStart = i
		default:
			p.i = i
			return
		}
	}
	p.i = i
}

// run parses the whole input with an explicit stack of open containers.
func (p *parser) run() (Node, error) {
	s := p.s
	if strings.HasPrefix(s, "\xEF\xBB\xBF") {
		p.i = 3
	}
	p.skipWS()
	if p.i >= len(s) {
		return Node{}, p.syntaxErr(p.i, "unexpected end of input: expected a JSON value")
	}
	var v Node
values:
	for {
		// A value starts at p.i (whitespace skipped).
		if p.i >= len(s) {
			return Node{}, p.expected("JSON value")
		}
		switch c := s[p.i]; c {
		case '[', '{':
			if len(p.stack) >= p.o.maxDepth {
				return Node{}, &LimitError{Pos: p.pos(p.i), Limit: LimitDepth, Max: p.o.maxDepth}
			}
			pos := p.pos(p.i)
			p.i++
			p.skipWS()
			if c == '[' {
				if p.i < len(s) && s[p.i] == ']' {
					p.i++
					v = Node{kind: Array, pos: pos, c: emptyArray}
					break
				}
				p.stack = append(p.stack, frame{pos: pos, start: len(p.elems)})
				continue values
			}
			if p.i < len(s) && s[p.i] == '}' {
				p.i++
				v = Node{kind: Object, pos: pos, c: emptyObject}
				break
			}
			p.stack = append(p.stack, frame{pos: pos, start: len(p.fields), obj: true})
			if err := p.member(false); err != nil {
				return Node{}, err
			}
			continue values
		case '"':
			pos := p.pos(p.i)
			str, err := p.readString()
			if err != nil {
				return Node{}, err
			}
			v = Node{kind: String, pos: pos, text: str}
		case 't':
			if err := p.literal("true"); err != nil {
				return Node{}, err
			}
			v = Node{kind: Bool, b: true, pos: p.pos(p.i - 4)}
		case 'f':
			if err := p.literal("false"); err != nil {
				return Node{}, err
			}
			v = Node{kind: Bool, pos: p.pos(p.i - 5)}
		case 'n':
			if err := p.literal("null"); err != nil {
				return Node{}, err
			}
			v = Node{pos: p.pos(p.i - 4)}
		default:
			if c == '-' || isDigit(c) {
				start := p.i
				if err := p.number(); err != nil {
					return Node{}, err
				}
				v = Node{kind: Number, pos: p.pos(start), text: s[start:p.i]}
				break
			}
			// ']' and '}' can only be here after a ',' or ':'.
			if c == ']' && len(p.stack) > 0 && !p.stack[len(p.stack)-1].obj {
				return Node{}, p.syntaxErr(p.i, "expected JSON value after ',' in array, found ']' (trailing comma)")
			}
			return Node{}, p.expected("JSON value")
		}

		// v is complete: attach it to the innermost open container and
		// close every container that ends here.
		for {
			if len(p.stack) == 0 {
				p.skipWS()
				if p.i < len(s) {
					return Node{}, p.expected("end of input after top-level value")
				}
				return v, nil
			}
			top := &p.stack[len(p.stack)-1]
			if !top.obj {
				p.elems = append(p.elems, v)
				p.skipWS()
				if p.i < len(s) {
					switch s[p.i] {
					case ',':
						p.i++
						p.skipWS()
						continue values
					case ']':
						p.i++
						elems := make([]Node, len(p.elems)-top.start)
						copy(elems, p.elems[top.start:])
						clear(p.elems[top.start:])
						p.elems = p.elems[:top.start]
						c := p.newChildren()
						c.elems = elems
						v = Node{kind: Array, pos: top.pos, c: c}
						p.pop()
						continue
					}
				}
				return Node{}, p.expected("',' or ']' after array element")
			}
			p.fields[len(p.fields)-1].Value = v
			p.skipWS()
			if p.i < len(s) {
				switch s[p.i] {
				case ',':
					p.i++
					p.skipWS()
					if err := p.member(true); err != nil {
						return Node{}, err
					}
					continue values
				case '}':
					p.i++
					fields := make([]Field, len(p.fields)-top.start)
					copy(fields, p.fields[top.start:])
					clear(p.fields[top.start:])
					p.fields = p.fields[:top.start]
					c := p.newChildren()
					c.fields = fields
					v = Node{kind: Object, pos: top.pos, c: c}
					p.pop()
					continue
				}
			}
			return Node{}, p.expected("',' or '}' after object member")
		}
	}
}

// pop closes the innermost container frame.
func (p *parser) pop() {
	top := &p.stack[len(p.stack)-1]
	if top.keys != nil {
		if len(top.keys) <= 1024 {
			clear(top.keys)
			p.maps = append(p.maps, top.keys)
		}
		top.keys = nil
	}
	p.stack = p.stack[:len(p.stack)-1]
}

// member reads `"key" :` and the whitespace after it, and appends the
// field. afterComma tells whether a ',' or the '{' came before.
func (p *parser) member(afterComma bool) error {
	s := p.s
	if p.i >= len(s) || s[p.i] != '"' {
		switch {
		case !afterComma:
			return p.expected("string for object key or '}'")
		case p.i < len(s) && s[p.i] == '}':
			return p.syntaxErr(p.i, "expected string for object key after ',', found '}' (trailing comma)")
		}
		return p.expected("string for object key")
	}
	keyPos := p.pos(p.i)
	key, err := p.readString()
	if err != nil {
		return err
	}
	if p.o.dup == RejectDuplicates {
		if err := p.checkDuplicate(key, keyPos); err != nil {
			return err
		}
	}
	p.fields = append(p.fields, Field{Key: key, KeyPos: keyPos})
	p.skipWS()
	if p.i >= len(s) || s[p.i] != ':' {
		return p.expected("':' after object key")
	}
	p.i++
	p.skipWS()
	return nil
}

// checkDuplicate reports whether the innermost object already has key.
func (p *parser) checkDuplicate(key string, keyPos Pos) error {
	top := &p.stack[len(p.stack)-1]
	fields := p.fields[top.start:]
	if top.keys != nil {
		if j, ok := top.keys[key]; ok {
			return &DuplicateKeyError{Key: key, First: fields[j].KeyPos, Second: keyPos}
		}
		top.keys[key] = int32(len(fields))
		return nil
	}
	for j := range fields {
		if fields[j].Key == key {
			return &DuplicateKeyError{Key: key, First: fields[j].KeyPos, Second: keyPos}
		}
	}
	if len(fields) >= linearKeys {
		var m map[string]int32
		if n := len(p.maps); n > 0 {
			m, p.maps = p.maps[n-1], p.maps[:n-1]
		} else {
			m = make(map[string]int32, 2*linearKeys)
		}
		for j := range fields {
			m[fields[j].Key] = int32(j)
		}
		m[key] = int32(len(fields))
		top.keys = m
	}
	return nil
}

// literal reads the literal lit at p.i.
func (p *parser) literal(lit string) error {
	s := p.s[p.i:]
	if strings.HasPrefix(s, lit) {
		p.i += len(lit)
		return nil
	}
	// Find the first byte that differs.
	j := 1
	for j < len(s) && j < len(lit) && s[j] == lit[j] {
		j++
	}
	p.i += j
	return p.expected("'" + lit + "'")
}

// number reads a number token at p.i, enforcing the length limit before
// scanning past it.
func (p *parser) number() error {
	start, max := p.i, p.o.maxNumLen
	lim := len(p.s)
	if lim-start > max {
		lim = start + max + 1 // one byte more shows whether it is exceeded
	}
	end, errAt, msg := scanNumber(p.s[:lim], start)
	if errAt < 0 && end-start > max || errAt-start > max {
		return &LimitError{Pos: p.pos(start), Limit: LimitNumberLength, Max: max}
	}
	if errAt >= 0 {
		p.i = errAt
		if msg == numLeadingZero {
			return p.syntaxErr(errAt-1, msg)
		}
		return p.expected(strings.TrimPrefix(msg, "expected "))
	}
	p.i = end
	return nil
}

// strClass classifies bytes inside a string: 0 plain ASCII, 1 '"', 2 '\\',
// 3 control character, 4 first byte of a multi-byte sequence (or invalid).
var strClass = func() (t [256]uint8) {
	for c := 0; c < 0x20; c++ {
		t[c] = 3
	}
	t['"'] = 1
	t['\\'] = 2
	for c := 0x80; c < 0x100; c++ {
		t[c] = 4
	}
	return t
}()

// readString reads a string token at p.i (which is '"') and returns its
// value. Without escapes the value is a substring of the input.
func (p *parser) readString() (string, error) {
	s := p.s
	open := p.i
	start := open + 1
	i := start
	for {
		i = plainRun(s, i)
		if i >= len(s) {
			return "", p.unterminated(open)
		}
		switch strClass[s[i]] {
		case 1:
			if i-start > p.o.maxStrLen {
				return "", &LimitError{Pos: p.pos(open), Limit: LimitStringLength, Max: p.o.maxStrLen}
			}
			p.i = i + 1
			return s[start:i], nil
		case 2:
			return p.readEscaped(open, i)
		case 3:
			return "", p.controlErr(i)
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return "", p.syntaxErr(i, fmt.Sprintf("invalid UTF-8 byte 0x%02x in string", s[i]))
			}
			i += size
		}
	}
}

// plainRun returns the end of the run of plain ASCII string bytes (not
// '"', '\\', a control character or non-ASCII) that starts at i. It tests
// eight bytes at a time while it can.
func plainRun(s string, i int) int {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		q := x ^ (ones * '"')
		b := x ^ (ones * '\\')
		// Exact tests for "some byte is < 0x20", "some byte is zero" (in
		// q and b: '"' and '\\') and "some byte is >= 0x80"; the first
		// two may also flag bytes above a flagged one, which the byte
		// loop below sorts out.
		if ((x-ones*0x20)&^x|(q-ones)&^q|(b-ones)&^b|x)&highs != 0 {
			break
		}
	}
	for i < len(s) && strClass[s[i]] == 0 {
		i++
	}
	return i
}

// readEscaped continues readString from the first backslash at i, building
// the value in p.buf.
func (p *parser) readEscaped(open, i int) (string, error) {
	s := p.s
	buf := append(p.buf[:0], s[open+1:i]...)
	for {
		j := plainRun(s, i)
		buf = append(buf, s[i:j]...)
		i = j
		if i >= len(s) {
			return "", p.unterminated(open)
		}
		switch strClass[s[i]] {
		case 1:
			if len(buf) > p.o.maxStrLen {
				return "", &LimitError{Pos: p.pos(open), Limit: LimitStringLength, Max: p.o.maxStrLen}
			}
			p.i = i + 1
			p.buf = buf[:0]
			return string(buf), nil
		case 3:
			return "", p.controlErr(i)
		case 4:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return "", p.syntaxErr(i, fmt.Sprintf("invalid UTF-8 byte 0x%02x in string", s[i]))
			}
			buf = append(buf, s[i:i+size]...)
			i += size
			continue
		}
		// A backslash at i.
		if i+1 >= len(s) {
			return "", p.unterminated(open)
		}
		switch c := s[i+1]; c {
		case '"', '\\', '/':
			buf = append(buf, c)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, err := p.hex4(open, i)
			if err != nil {
				return "", err
			}
			switch {
			case r >= 0xDC00 && r < 0xE000:
				return "", p.syntaxErr(i, fmt.Sprintf("unpaired surrogate \\u%04x in string (a low surrogate with no high surrogate before it)", r))
			case r >= 0xD800 && r < 0xDC00:
				if !strings.HasPrefix(s[i+6:], `\u`) {
					return "", p.syntaxErr(i, fmt.Sprintf("unpaired surrogate \\u%04x in string (expected a \\uDC00-\\uDFFF escape after it)", r))
				}
				r2, err := p.hex4(open, i+6)
				if err != nil {
					return "", err
				}
				if r2 < 0xDC00 || r2 >= 0xE000 {
					return "", p.syntaxErr(i, fmt.Sprintf("unpaired surrogate \\u%04x in string (expected a \\uDC00-\\uDFFF escape after it, found \\u%04x)", r, r2))
				}
				r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
				i += 6
			}
			buf = utf8.AppendRune(buf, r)
			i += 6
			continue
		default:
			return "", p.syntaxErr(i, "invalid escape "+describeEscape(s[i+1:])+" in string")
		}
		i += 2
	}
}

// hex4 decodes the four hex digits of the \u escape at s[i].
func (p *parser) hex4(open, i int) (rune, error) {
	s := p.s
	var r rune
	for k := i + 2; k < i+6; k++ {
		if k >= len(s) {
			return 0, p.unterminated(open)
		}
		c := s[k]
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			p.i = k
			return 0, p.expected(`hex digit in \u escape`)
		}
		r = r<<4 | rune(c)
	}
	return r, nil
}

// describeEscape renders the escape found after a backslash.
func describeEscape(rest string) string {
	r, _ := utf8.DecodeRuneInString(rest)
	if r == utf8.RuneError || r < 0x20 || r == 0x7f {
		return fmt.Sprintf("'\\' followed by %s", describe(rest))
	}
	return "'\\" + string(r) + "'"
}

func (p *parser) unterminated(open int) error {
	return p.syntaxErr(len(p.s), "unexpected end of input: unterminated string started at "+p.pos(open).String())
}

func (p *parser) controlErr(i int) error {
	return p.syntaxErr(i, fmt.Sprintf("control character U+%04X in string must be escaped", p.s[i]))
}

func (p *parser) syntaxErr(i int, msg string) *SyntaxError {
	return &SyntaxError{Pos: p.pos(i), Msg: msg}
}

// expected reports that want was expected at p.i, naming what was found
// there. At the end of input it names the innermost open container.
func (p *parser) expected(want string) error {
	if p.i >= len(p.s) {
		msg := "unexpected end of input: expected " + want
		if n := len(p.stack); n > 0 {
			kind := "array"
			if p.stack[n-1].obj {
				kind = "object"
			}
			msg += " (in " + kind + " started at " + p.stack[n-1].pos.String() + ")"
		}
		return p.syntaxErr(p.i, msg)
	}
	return p.syntaxErr(p.i, "expected "+want+", found "+describe(p.s[p.i:]))
}

// describe names the token or byte at the start of rest for messages.
func describe(rest string) string {
	if rest == "" {
		return "end of input"
	}
	c := rest[0]
	switch {
	case c == '\'':
		return `"'"`
	case c >= 0x20 && c < 0x7f:
		return "'" + rest[:1] + "'"
	case c < 0x80:
		return fmt.Sprintf("control character U+%04X", c)
	}
	r, size := utf8.DecodeRuneInString(rest)
	if r == utf8.RuneError && size == 1 {
		return fmt.Sprintf("invalid UTF-8 byte 0x%02x", c)
	}
	return fmt.Sprintf("'%c' (U+%04X)", r, r)
}
