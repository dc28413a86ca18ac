package node

import (
	"fmt"
	"math"
	"sync"

	"github.com/smithy-validation/go/core/limits"
)

// Default limits of [Parse]: the project's one set of defaults (package
// limits, and docs/limits.md). Every limit is checked while reading, so a
// hostile input costs at most time linear in its size and memory linear in
// what was kept.
const (
	// DefaultMaxDepth is the deepest nesting of arrays and objects: the
	// top-level container is at depth 1.
	DefaultMaxDepth = limits.DefaultMaxDepth
	// DefaultMaxSize is the largest input, in bytes (64 MiB).
	DefaultMaxSize = limits.DefaultMaxSize
	// DefaultMaxElements is the most values (object keys included) of
	// one input.
	DefaultMaxElements = limits.DefaultMaxElements
	// DefaultMaxNumberLength is the longest number token, in bytes.
	DefaultMaxNumberLength = limits.DefaultMaxNumberLength
	// DefaultMaxStringLength, as a value of [MaxStringLength], means
	// "the same as the size limit", which is the default: one string may
	// fill the whole input.
	DefaultMaxStringLength = limits.DefaultMaxStringLength
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
	set optionBits
	lim limits.Limits
	dup DuplicatePolicy
}

type optionBits uint8

const (
	setDepth optionBits = 1 << iota
	setSize
	setElems
	setNumLen
	setStrLen
	setDup
)

// merge returns o with the settings of later applied over it.
func (o Option) merge(later Option) Option {
	if later.set&setDepth != 0 {
		o.lim.MaxDepth = later.lim.MaxDepth
	}
	if later.set&setSize != 0 {
		o.lim.MaxSize = later.lim.MaxSize
	}
	if later.set&setElems != 0 {
		o.lim.MaxElements = later.lim.MaxElements
	}
	if later.set&setNumLen != 0 {
		o.lim.MaxNumberLength = later.lim.MaxNumberLength
	}
	if later.set&setStrLen != 0 {
		o.lim.MaxStringLength = later.lim.MaxStringLength
	}
	if later.set&setDup != 0 {
		o.dup = later.dup
	}
	o.set |= later.set
	return o
}

// Settings is what a list of options resolves to: every limit, defaults
// included, and the duplicate-key policy, as [Parse] applies them.
type Settings struct {
	// Limits holds the reader's limits (MaxFindings is left at its
	// default: the reader collects no findings). Limits.MaxStringLength is
	// resolved: MaxSize unless [MaxStringLength] set a smaller one.
	Limits     limits.Limits
	Duplicates DuplicatePolicy
}

// Resolve returns the settings opts give [Parse] (later options win, as
// there).
func Resolve(opts ...Option) Settings {
	all := Option{lim: limits.Default()}
	for _, opt := range opts {
		all = all.merge(opt)
	}
	all.lim.MaxStringLength = all.lim.StringLimit()
	return Settings{Limits: all.lim, Duplicates: all.dup}
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
	return Option{set: setDepth, lim: limits.Limits{MaxDepth: max(n, 0)}}
}

// MaxSize limits the input to n bytes. Negative n counts as 0; n is capped
// at math.MaxInt32 because [Pos] holds 32-bit offsets. The default is
// [DefaultMaxSize].
func MaxSize(n int) Option {
	return Option{set: setSize, lim: limits.Limits{MaxSize: min(max(n, 0), math.MaxInt32)}}
}

// MaxElements limits the values of the input to n, counting every value
// at every depth (the top-level one included) and every object key.
// Negative n counts as 0. The default is [DefaultMaxElements]. The reader
// stops at the first value or key past the limit, before keeping it: it
// keeps 16 bytes a value or key.
func MaxElements(n int) Option {
	return Option{set: setElems, lim: limits.Limits{MaxElements: max(n, 0)}}
}

// MaxNumberLength limits one number token to n bytes (sign, digits, '.',
// exponent). Negative n counts as 0. The default is
// [DefaultMaxNumberLength]. The reader stops at the first byte past the
// limit.
func MaxNumberLength(n int) Option {
	return Option{set: setNumLen, lim: limits.Limits{MaxNumberLength: max(n, 0)}}
}

// MaxStringLength limits one string value or object key to n bytes after
// unescaping. [DefaultMaxStringLength] (or any negative n) means the size
// limit, which is the default.
func MaxStringLength(n int) Option {
	return Option{set: setStrLen, lim: limits.Limits{MaxStringLength: max(n, DefaultMaxStringLength)}}
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

// The names of the limits in [LimitError.Limit] (package limits's).
const (
	LimitDepth        = limits.Depth
	LimitSize         = limits.Size
	LimitElements     = limits.Elements
	LimitNumberLength = limits.NumberLength
	LimitStringLength = limits.StringLength
)

// LimitError reports input that exceeds one of the reader's limits. Limit
// is one of [LimitDepth], [LimitSize], [LimitElements], [LimitNumberLength]
// and [LimitStringLength]; Max is the limit in force. Pos is the start of
// the container, number or string that went over the limit, for the
// element limit the start of the first value or key past it, or for the
// size limit the first byte past it.
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
	case LimitElements:
		what = "more than %d values and object keys"
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
// [*DuplicateKeyError], the first fault of the text. Parse never panics
// and uses no recursion.
//
// Parse reads the text once, with a [Tape], and builds the tree from the
// tape. It copies data once into a string; string and number nodes that
// need no unescaping share that copy.
func Parse(data []byte, opts ...Option) (Node, error) {
	st := Resolve(opts...)
	if len(data) > st.Limits.MaxSize {
		// Do not copy (or scan) what we will refuse.
		return Node{}, &LimitError{Pos: posAt(data, st.Limits.MaxSize), Limit: LimitSize, Max: st.Limits.MaxSize}
	}
	return parse(string(data), st)
}

// ParseString is [Parse] for a string; it does not copy s, and the nodes
// share its memory.
func ParseString(s string, opts ...Option) (Node, error) {
	return parse(s, Resolve(opts...))
}

// tapePool holds the tapes of Parse.
var tapePool = sync.Pool{New: func() any { return new(Tape) }}

// maxPooledEntries bounds the tapes kept for reuse (16 MiB of entries):
// a process that parses large texts again and again (a server loading
// models) reads each into a warm tape.
const maxPooledEntries = 1 << 20

func parse(s string, st Settings) (Node, error) {
	t := tapePool.Get().(*Tape)
	defer func() {
		t.Reset()
		if t.Size() <= maxPooledEntries {
			tapePool.Put(t)
		}
	}()
	err := t.Read(s, st.Limits)
	if st.Duplicates == RejectDuplicates {
		// A repeated key that was read is the first fault: the tape
		// stopped (if it did) after it.
		if de := t.firstDuplicate(); de != nil {
			if le, ok := err.(*LimitError); !ok || le.Limit != LimitStringLength || de.Second.Offset < le.Pos.Offset {
				return Node{}, de
			}
		}
	}
	if err != nil {
		return Node{}, err
	}
	return t.Node(), nil
}
