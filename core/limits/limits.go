// Package limits is the one vocabulary for what reading and validating one
// untrusted input may cost: how deep it nests, how large it is, how many
// values it holds, how long one number or one string is, and how many
// findings are collected. The
// JSON reader (core/node), the value engine (smithyvalidate), the JSON-RPC
// validator (rpc), the Ion adapter and the command line all speak it, and
// all start from the same defaults, the Default* constants.
//
// docs/limits.md has the table of every limit, its default, which layer
// applies it and what hitting it reports.
//
// Hitting a limit is never silent: readers return an error naming the
// limit ([Depth], [Size], [Elements], [NumberLength], [StringLength]) and
// the position
// where it was exceeded; validators report a finding of class limit and a
// result that is not complete.
//
// To add a limit, add a field to [Limits], its Default* constant, its name
// constant, its line in [Default] and its row in docs/limits.md; callers
// that start from Default() keep working unchanged.
package limits

// The defaults. One set, used by every layer.
const (
	// DefaultMaxDepth is the deepest nesting of containers (arrays,
	// objects, Ion lists, s-expressions and structs): the top-level
	// container is level 1.
	DefaultMaxDepth = 1000
	// DefaultMaxSize is the largest input, in bytes (64 MiB).
	DefaultMaxSize = 64 << 20
	// DefaultMaxElements is the most values one input may hold, object
	// keys included (2^25 = 33,554,432): a JSON text within the default
	// size limit never holds more (each value takes a byte and a comma),
	// so the limit binds denser encodings (binary Ion) and callers that
	// raise the size limit, and it bounds what a reader keeps: the JSON
	// reader's tape takes 16 bytes a value, 512 MiB at this limit.
	DefaultMaxElements = 1 << 25
	// DefaultMaxNumberLength is the longest number token, in bytes.
	DefaultMaxNumberLength = 4096
	// DefaultMaxStringLength, a negative length, means "the size limit":
	// one string may fill the whole input.
	DefaultMaxStringLength = -1
	// DefaultMaxFindings is how many findings a validation collects
	// before it stops.
	DefaultMaxFindings = 1000
)

// MaxMaxDepth is the largest depth limit a validator accepts: the
// validators walk a value recursively, one level per container, and a
// goroutine's stack is finite. The readers keep their own stacks and take
// any depth.
const MaxMaxDepth = 100_000

// The names of the limits, as errors and findings spell them.
const (
	Depth        = "depth"
	Size         = "size"
	Elements     = "elements"
	NumberLength = "number length"
	StringLength = "string length"
	Findings     = "findings"
)

// Limits is one set of limits, every field in force: start from
// [Default] and change what differs. Each layer reads the fields that
// concern it (the JSON reader the first five, a validator MaxDepth,
// MaxSize and MaxFindings too).
type Limits struct {
	// MaxDepth is the deepest nesting of containers.
	MaxDepth int
	// MaxSize is the largest input, in bytes.
	MaxSize int
	// MaxElements is the most values one input may hold, counting every
	// value at every depth (the top-level one included) and every object
	// key or struct field name.
	MaxElements int
	// MaxNumberLength is the longest number token, in bytes.
	MaxNumberLength int
	// MaxStringLength is the longest string or object key after
	// unescaping, in bytes; negative means MaxSize.
	MaxStringLength int
	// MaxFindings is how many findings a validation collects.
	MaxFindings int
}

// Default returns the default limits.
func Default() Limits {
	return Limits{
		MaxDepth:        DefaultMaxDepth,
		MaxSize:         DefaultMaxSize,
		MaxElements:     DefaultMaxElements,
		MaxNumberLength: DefaultMaxNumberLength,
		MaxStringLength: DefaultMaxStringLength,
		MaxFindings:     DefaultMaxFindings,
	}
}

// StringLimit returns the string limit in force: MaxStringLength, or
// MaxSize when that is negative.
func (l Limits) StringLimit() int {
	if l.MaxStringLength < 0 {
		return l.MaxSize
	}
	return l.MaxStringLength
}
