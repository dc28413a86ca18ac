package ionadapter

import (
	"fmt"

	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/settings"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// An Option sets how Ion input is read: how many top-level values it may
// hold and the reader's limits. Options are plain values, as in every
// module of this repository: pass several, or combine them with
// [JoinOptions]; when two set the same thing, the later one wins. The zero
// Option changes nothing. They are resolved in one place (readOptions).
// Policies about what an Ion value means for
// a shape (annotations, symbols, s-expressions, clobs, integral decimals)
// belong to the engine: pass them to [smithyvalidate.Prepare].
type Option struct{ s settings.Set }

// The settings an Option holds.
const (
	optMode = iota
	optMaxDepth
	optMaxSize
	optMaxElements
)

// StreamMode says how many top-level values an input holds and how findings
// name them.
type StreamMode uint8

const (
	// StreamAuto (the default): one top-level value is validated as a
	// single document (findings carry no index); two or more are a
	// datagram (see [StreamDatagram]). An input with no value at all is a
	// syntax finding.
	StreamAuto StreamMode = iota
	// StreamSingle: the input must hold exactly one top-level value.
	// None, or a second one, is a syntax finding; findings carry no
	// index.
	StreamSingle
	// StreamDatagram: every top-level value is validated on its own and
	// every finding carries the 0-based index of its value
	// ([smithyvalidate.Path.Document]; "index" in the JSON rendering),
	// even when there is only one. An empty datagram is valid.
	StreamDatagram
)

// String returns "auto", "single" or "datagram".
func (m StreamMode) String() string {
	switch m {
	case StreamAuto:
		return "auto"
	case StreamSingle:
		return "single"
	case StreamDatagram:
		return "datagram"
	}
	return fmt.Sprintf("StreamMode(%d)", uint8(m))
}

// Mode sets the [StreamMode]. [Parse] always reads exactly one value and
// ignores it.
func Mode(m StreamMode) Option { return Option{settings.One(optMode, int(m))} }

// MaxDepth limits the nesting of lists, s-expressions and structs the
// reader builds to n levels (a top-level container is level 1): a deeper
// value stops reading with a depth-limit finding (class limit). The default
// is the validator's MaxDepth in [Validate] (see
// [smithyvalidate.Validator.Limits]) and the project's default
// ([limits.DefaultMaxDepth], docs/limits.md) in [Parse] and [ParseStream].
// n < 1 counts as 1.
func MaxDepth(n int) Option { return Option{settings.One(optMaxDepth, max(n, 1))} }

// MaxSize limits the input to n bytes: a larger input is not read and gives
// a size-limit finding (class limit). The default is the validator's
// MaxValueSize in [Validate] and the project's default
// ([limits.DefaultMaxSize], 64 MiB) in [Parse] and [ParseStream].
func MaxSize(n int) Option { return Option{settings.One(optMaxSize, max(n, 0))} }

// MaxElements limits the values the reader builds to n, counting every
// value at every depth (each top-level value included) and every struct
// field name: the value or field past the limit stops reading with an
// elements-limit finding (class limit), at its path. The default is the
// validator's MaxElements in [Validate] and the project's default
// ([limits.DefaultMaxElements], 2^25) in [Parse] and [ParseStream]. n < 1
// counts as 1.
func MaxElements(n int) Option { return Option{settings.One(optMaxElements, max(n, 1))} }

// config is the resolved configuration.
type config struct {
	mode        StreamMode
	maxDepth    int
	maxSize     int
	maxElements int
}

// readOptions is the only place that resolves options; limits not set
// default to lim.
func readOptions(lim sv.Limits, opts []Option) config {
	all := JoinOptions(append([]Option{MaxDepth(lim.MaxDepth), MaxSize(lim.MaxSize), MaxElements(lim.MaxElements)}, opts...)...)
	return config{mode: StreamMode(all.s.Get(optMode)), maxDepth: all.s.Get(optMaxDepth), maxSize: all.s.Get(optMaxSize),
		maxElements: all.s.Get(optMaxElements)}
}

// JoinOptions returns one option with the effect of opts in order.
func JoinOptions(opts ...Option) Option {
	var j Option
	for _, o := range opts {
		j.s = j.s.With(o.s)
	}
	return j
}

// defaultLimits are the project's default limits (package core/limits),
// for reading without a validator.
var defaultLimits = sv.Limits{Limits: limits.Default()}
