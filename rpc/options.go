package rpc

import (
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/smithyvalidate"
)

// An Option configures [Prepare] and [EnvelopeOnly]. Options are plain
// values, as in core/node and smithyvalidate: pass several, or combine them
// with [JoinOptions]; when two set the same thing the later one wins
// (payload and reader options accumulate, in order). The zero Option
// changes nothing. They are resolved in one place (readOptions) into the
// profile a [PreparedService] keeps.
type Option struct {
	set        optionBits
	version    ProtocolVersion
	extensions ExtensionPolicy
	payload    []smithyvalidate.Option
	reader     []node.Option
}

type optionBits uint8

const (
	setVersion optionBits = 1 << iota
	setExtensions
)

func (o Option) merge(later Option) Option {
	if later.set&setVersion != 0 {
		o.version = later.version
	}
	if later.set&setExtensions != 0 {
		o.extensions = later.extensions
	}
	if len(later.payload) > 0 {
		o.payload = append(append([]smithyvalidate.Option(nil), o.payload...), later.payload...)
	}
	if len(later.reader) > 0 {
		o.reader = append(append([]node.Option(nil), o.reader...), later.reader...)
	}
	o.set |= later.set
	return o
}

// config is the resolved profile.
type config struct {
	version    ProtocolVersion
	extensions ExtensionPolicy
	payload    []smithyvalidate.Option
	reader     []node.Option
}

// readOptions is the only place that resolves options.
func readOptions(opts []Option) config {
	all := JoinOptions(opts...)
	return config{version: all.version, extensions: all.extensions, payload: all.payload, reader: all.reader}
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
func Version(v ProtocolVersion) Option { return Option{set: setVersion, version: v} }

// PayloadOptions sets the value engine's policies and limits for params,
// results and error data: required members, null members (which decides
// whether an explicit null may stand for an optional positional
// argument), unknown members, member naming (member names or @jsonName),
// and so on; see [smithyvalidate.Option]. They are separate from the
// envelope's own rules ([Extensions]).
func PayloadOptions(opts ...smithyvalidate.Option) Option {
	return Option{payload: append([]smithyvalidate.Option(nil), opts...)}
}

// ExtensionPolicy says what an envelope member that the protocol does not
// define is (for example "foo" next to "jsonrpc", "method", "params" and
// "id", or a member of an error object other than code, message and data).
type ExtensionPolicy uint8

const (
	// ExtensionsIgnored (the default, the base profile): unknown envelope
	// members are ignored, as JSON-RPC peers commonly do.
	ExtensionsIgnored ExtensionPolicy = iota
	// ExtensionsReported makes each one a warning (code
	// unknown-envelope-member).
	ExtensionsReported
	// ExtensionsRejected makes each one an error; a request with one is an
	// invalid request (-32600).
	ExtensionsRejected
)

// Extensions sets the [ExtensionPolicy] for envelope members. The
// unknown-member policy of params, results and error data is the value
// engine's (see [PayloadOptions]).
func Extensions(p ExtensionPolicy) Option { return Option{set: setExtensions, extensions: p} }

// ReaderOptions sets the JSON reader's limits for message text (size,
// depth, number and string length; see [node.Option]). Duplicate keys are
// always rejected, whatever these options say: it is this module's
// deterministic-input policy (every repeated key is reported with its
// path, never resolved last-wins).
//
// Size, depth (1 to the engine's [smithyvalidate.MaxMaxDepth]) and number
// length limits are applied by the value engine's reader, the fast one
// used by default; a string-length limit below the size limit, a depth of
// 0 or a number length of 0 make messages go through core/node's reader,
// which is several times slower. Findings are the same either way.
func ReaderOptions(opts ...node.Option) Option {
	return Option{reader: append([]node.Option(nil), opts...)}
}
