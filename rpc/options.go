package rpc

import (
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/settings"
	"github.com/smithy-validation/go/smithyvalidate"
)

// An Option configures [Prepare] and [EnvelopeOnly], and the exchanges
// and transcripts of a prepared service ([PreparedService.NewExchange],
// the transcript functions). Options are plain values, as in every module
// of this repository: pass several, or combine them with [JoinOptions];
// when two set the same thing the later one wins (payload and reader
// options accumulate, in order). The zero Option changes nothing. They are
// resolved in one place (readOptions). Exchange options given to Prepare
// are the defaults of the service's exchanges; those given to NewExchange
// or a transcript function come after them.
type Option struct {
	s           settings.Set
	mask, flags switches
	payload     []smithyvalidate.Option
	reader      []node.Option
	system      []string // system extensions (discover.go)
	observe     func([]smithyvalidate.Finding)
}

// The settings an Option holds in s.
const (
	optVersion = iota
	optMaxOutstanding
	optRecentReplies
	optSpoolLimit
	optMaxOutstandingBytes
)

// switches is a set of policy switches, one bit each.
type switches uint8

const (
	reportExtensions switches = 1 << iota
	rejectExtensions
)

func (o Option) merge(later Option) Option {
	o.s = o.s.With(later.s)
	o.mask |= later.mask
	o.flags = o.flags&^later.mask | later.flags
	if len(later.payload) > 0 {
		o.payload = append(append([]smithyvalidate.Option(nil), o.payload...), later.payload...)
	}
	if len(later.reader) > 0 {
		o.reader = append(append([]node.Option(nil), o.reader...), later.reader...)
	}
	if later.observe != nil {
		o.observe = later.observe
	}
	if len(later.system) > 0 {
		o.system = append(append([]string(nil), o.system...), later.system...)
	}
	return o
}

// config is the resolved profile.
type config struct {
	version                                   ProtocolVersion
	switches                                  switches
	maxOutstanding, recentReplies, spoolLimit int
	maxOutstandingBytes                       int
	payload                                   []smithyvalidate.Option
	reader                                    []node.Option
	system                                    []string
	observe                                   func([]smithyvalidate.Finding)
}

// set returns the option that sets setting i to v.
func set(i, v int) Option { return Option{s: settings.One(i, v)} }

// on reports whether switch s is on.
func (c *config) on(s switches) bool { return c.switches&s != 0 }

// defaults sets every exchange limit to its default.
var defaults = JoinOptions(MaxOutstanding(DefaultMaxOutstanding), MaxOutstandingBytes(DefaultMaxOutstandingBytes),
	RecentReplies(DefaultRecentReplies), SpoolLimit(DefaultSpoolLimit))

// readOptions is the only place that resolves options.
func readOptions(opts []Option) config {
	all := defaults.merge(JoinOptions(opts...))
	return config{version: ProtocolVersion(all.s.Get(optVersion)), switches: all.flags, payload: all.payload, reader: all.reader,
		maxOutstanding: all.s.Get(optMaxOutstanding), maxOutstandingBytes: all.s.Get(optMaxOutstandingBytes), recentReplies: all.s.Get(optRecentReplies), spoolLimit: all.s.Get(optSpoolLimit), system: all.system, observe: all.observe}
}

// JoinOptions returns one option with the effect of opts in order.
func JoinOptions(opts ...Option) Option {
	var j Option
	for _, o := range opts {
		j = j.merge(o)
	}
	return j
}

// Version selects the JSON-RPC version to validate. The service must
// declare it in @jsonRpc(versions: [...]). Without this option, [Prepare]
// uses the service's only version, and fails with [ErrVersionRequired]
// when it declares two. The version is never inferred from a message.
func Version(v ProtocolVersion) Option { return set(optVersion, int(v)) }

// PayloadOptions sets the value engine's policies and limits for params,
// results and error data: required members, null members (which decides
// whether an explicit null may stand for an optional positional
// argument), unknown members, member naming, and so on; see
// [smithyvalidate.Option]. They are separate from the envelope's own rules
// ([Extensions]). Members are named on the wire by their @jsonName by
// default (a @jsonRpc service's wire names, params, results and error
// data alike, positional params included); smithyvalidate.MatchJSONNames(false)
// names them by their member names.
func PayloadOptions(opts ...smithyvalidate.Option) Option {
	return Option{payload: append([]smithyvalidate.Option(nil), opts...)}
}

// ReportExtensions, on, makes each envelope member that the protocol does
// not define (for example "foo" next to "jsonrpc", "method", "params" and
// "id", or a member of an error object other than code, message and data)
// a warning (code unknown-envelope-member). Off (the default, the base
// profile), such members are ignored, as JSON-RPC peers commonly do. It
// turns [RejectExtensions] off. The unknown-member policy of params,
// results and error data is the value engine's (see [PayloadOptions]).
func ReportExtensions(on bool) Option {
	o := Option{mask: reportExtensions | rejectExtensions}
	if on {
		o.flags = reportExtensions
	}
	return o
}

// RejectExtensions, on, makes each envelope member that the protocol does
// not define an error; a request with one is an invalid request (-32600).
// It turns [ReportExtensions] off.
func RejectExtensions(on bool) Option {
	o := Option{mask: reportExtensions | rejectExtensions}
	if on {
		o.flags = rejectExtensions
	}
	return o
}

// The default exchange limits.
const (
	// DefaultMaxOutstanding is how many calls may await a response at
	// once before correlation stops (a limit finding; the result is then
	// incomplete). It bounds the exchange's memory.
	DefaultMaxOutstanding = 1 << 20
	// DefaultMaxOutstandingBytes is how many bytes the calls awaiting a
	// response may hold at once (their ids and method names as written,
	// and a fixed [CallOverhead] each) before correlation stops: a few
	// calls with megabyte ids are bounded like a million small ones.
	DefaultMaxOutstandingBytes = 256 << 20
	// CallOverhead is what each outstanding call counts toward
	// [MaxOutstandingBytes] besides its id and method name.
	CallOverhead = 128
	// DefaultRecentReplies is how many answered calls the exchange
	// remembers to tell a duplicate response from an unsolicited one.
	DefaultRecentReplies = 1024
	// DefaultSpoolLimit is how many bytes of message records (a few bytes
	// a message, from which the entries are rendered at the end)
	// [PreparedService.WriteTranscript] keeps in memory before it moves
	// them to a temporary file.
	DefaultSpoolLimit = 1 << 20
)

// MaxOutstanding sets how many calls may await a response at once in an
// exchange (default [DefaultMaxOutstanding]; n < 1 counts as 1).
func MaxOutstanding(n int) Option { return set(optMaxOutstanding, max(n, 1)) }

// MaxOutstandingBytes sets how many bytes the calls awaiting a response
// may hold at once in an exchange (default [DefaultMaxOutstandingBytes];
// n < 1 counts as 1): each call counts its id and method name and
// [CallOverhead]. Past it correlation stops, as past [MaxOutstanding].
func MaxOutstandingBytes(n int) Option { return set(optMaxOutstandingBytes, max(n, 1)) }

// RecentReplies sets how many answered calls an exchange remembers to
// recognize a second response to one of them (default
// [DefaultRecentReplies]); a response to an older call is reported as
// unsolicited. 0 remembers none.
func RecentReplies(n int) Option { return set(optRecentReplies, max(n, 0)) }

// SpoolLimit sets how many bytes of message records
// [PreparedService.WriteTranscript] keeps in memory (default
// [DefaultSpoolLimit]; n < 1 counts as 1).
func SpoolLimit(n int) Option { return set(optSpoolLimit, max(n, 1)) }

// ReaderOptions sets the JSON reader's limits for message text (size,
// depth, number and string length; see [node.Option] and docs/limits.md
// for the defaults, the project's one set). Duplicate keys are always
// rejected, whatever these options say: it is this module's
// deterministic-input policy (every repeated key is reported with its
// path, never resolved last-wins).
//
// Every limit is applied by the one JSON reader (core/node's tape), at the
// same speed; a depth or number limit is reported at the value that went
// over it.
func ReaderOptions(opts ...node.Option) Option {
	return Option{reader: append([]node.Option(nil), opts...)}
}

// Observe sets a function that [PreparedService.WriteTranscript] calls as
// each transcript line is checked, with the findings the line produced
// (valid during the call only): a progress display counts them while the
// output waits for the verdict. A later Observe replaces an earlier one.
func Observe(f func(findings []smithyvalidate.Finding)) Option { return Option{observe: f} }
