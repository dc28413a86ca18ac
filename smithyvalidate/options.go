package smithyvalidate

import (
	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/selector"
)

// An Option sets one policy or limit. Options are plain values: pass
// several to [Prepare] or [NewCollector], or combine them with
// [JoinOptions]; when two set the same thing, the later one wins. They are
// resolved in one place (readOptions) into the configuration a prepared
// validator keeps. The zero Option changes nothing.
//
// Policies say what the engine does where Smithy leaves a choice. Each is
// a switch, off by default: the default of every policy is the strict
// reading, and each option's doc says what turning it on accepts or
// silences. Nothing is ever coerced, normalized, defaulted or changed in
// the value: a policy only decides what is accepted and how findings are
// graded.
type Option struct {
	// mask says which policies the option sets, flags to what.
	mask, flags policy
	set         optionBits // the limits it sets
	cfg         config     // their values
}

// policy is a set of policy switches, one bit each.
type policy uint32

const (
	allowMissingRequired policy = 1 << iota
	rejectNullMembers
	rejectUnknownMembers
	ignoreUnknownMembers
	matchJSONNames
	allowDuplicateKeys
	blobsAsText
	anyTimestampFormat
	acceptIntegralDecimals
	ignoreAnnotations
	sexpsAsLists
	symbolsAsStrings
	clobsAsBlobs
	failFast
	referenceHTTPDates
	epochSecondsTimestamps
)

// switchOption returns the option that turns the policies p on or off.
func switchOption(p policy, on bool) Option {
	o := Option{mask: p}
	if on {
		o.flags = p
	}
	return o
}

type optionBits uint32

const (
	setMaxDepth optionBits = 1 << iota
	setMaxFindings
	setMaxValueSize
	setMaxNumberLength
	setMaxElements
)

// config is the resolved configuration.
type config struct {
	policy policy
	// lim holds the limits: MaxSize is the MaxValueSize option; the
	// string-length limit is the size limit (a view's single strings and
	// blobs are checked against MaxSize).
	lim limits.Limits
	// budget bounds the @idRef selectors' evaluations (nil: no bound);
	// the model validators set it (selectorBudgetOption).
	budget *selector.Budget
}

// on reports whether policy p is on.
func (c *config) on(p policy) bool { return c.policy&p != 0 }

// The default limits: the project's one set (package core/limits, and
// docs/limits.md), the same as core/node's reader.
const (
	// DefaultMaxDepth is the deepest nesting of lists and objects the
	// engine and its JSON reader accept (the top-level container is level
	// 1).
	DefaultMaxDepth = limits.DefaultMaxDepth
	// DefaultMaxFindings is how many findings are collected before
	// validation stops.
	DefaultMaxFindings = limits.DefaultMaxFindings
	// DefaultMaxValueSize is the largest JSON input, and the largest single
	// string or blob of any view, in bytes (64 MiB).
	DefaultMaxValueSize = limits.DefaultMaxSize
	// DefaultMaxNumberLength is the longest number token, in bytes.
	DefaultMaxNumberLength = limits.DefaultMaxNumberLength
	// DefaultMaxElements is the most values (object keys included) of
	// one JSON input.
	DefaultMaxElements = limits.DefaultMaxElements
)

var defaultConfig = config{lim: limits.Default()}

func (o Option) merge(later Option) Option {
	l, c := later.set, &o.cfg
	o.mask |= later.mask
	o.flags = o.flags&^later.mask | later.flags
	if l&setMaxDepth != 0 {
		c.lim.MaxDepth = later.cfg.lim.MaxDepth
	}
	if l&setMaxFindings != 0 {
		c.lim.MaxFindings = later.cfg.lim.MaxFindings
	}
	if l&setMaxValueSize != 0 {
		c.lim.MaxSize = later.cfg.lim.MaxSize
	}
	if l&setMaxElements != 0 {
		c.lim.MaxElements = later.cfg.lim.MaxElements
	}
	if l&setMaxNumberLength != 0 {
		c.lim.MaxNumberLength = later.cfg.lim.MaxNumberLength
	}
	if later.cfg.budget != nil {
		c.budget = later.cfg.budget
	}
	o.set |= l
	return o
}

// selectorBudgetOption evaluates the @idRef selectors under b: the model
// validators' (a model's selectors are untrusted input, and its trait
// values apply them to each of its shapes: n² on a cycle of n shapes
// for a ":recursive(...)" or a variable), as core/validate bounds the
// model's other selectors. Past b, an @idRef check gives a selector-limit
// finding.
func selectorBudgetOption(b *selector.Budget) Option { return Option{cfg: config{budget: b}} }

// readOptions is the only place that resolves options.
func readOptions(opts []Option) config {
	all := Option{cfg: defaultConfig}
	for _, o := range opts {
		all = all.merge(o)
	}
	all.cfg.policy = all.flags
	return all.cfg
}

// JoinOptions returns one option with the effect of opts in order.
func JoinOptions(opts ...Option) Option {
	var j Option
	for _, o := range opts {
		j = j.merge(o)
	}
	return j
}

// AllowMissingRequired, on, checks the members that are present and says
// nothing about missing @required ones (for partial values such as
// patches). Off (the default), a missing @required member is an error
// (code required); a @default trait does not excuse it: defaults are never
// inserted into the value.
func AllowMissingRequired(on bool) Option { return switchOption(allowMissingRequired, on) }

// RejectNullMembers, on, makes null for any structure or union member an
// error (code null). Off (the default), null for an optional member counts
// as if the member were absent, and null for a @required member is an
// error.
func RejectNullMembers(on bool) Option { return switchOption(rejectNullMembers, on) }

// RejectUnknownMembers, on, makes a field that names no member an error.
// By default it is a warning (code unknown-member), as in the Smithy
// reference, and the value stays valid. It turns [IgnoreUnknownMembers]
// off.
func RejectUnknownMembers(on bool) Option {
	o := switchOption(rejectUnknownMembers|ignoreUnknownMembers, false)
	if on {
		o.flags = rejectUnknownMembers
	}
	return o
}

// IgnoreUnknownMembers, on, says nothing about a field that names no
// member (see [RejectUnknownMembers] for the default). It turns
// RejectUnknownMembers off.
func IgnoreUnknownMembers(on bool) Option {
	o := switchOption(rejectUnknownMembers|ignoreUnknownMembers, false)
	if on {
		o.flags = ignoreUnknownMembers
	}
	return o
}

// MatchJSONNames, on, makes a field name a member by its @jsonName when it
// has one (and then only by that), by its member name otherwise. Off (the
// default), a field names a member by its member name.
func MatchJSONNames(on bool) Option { return switchOption(matchJSONNames, on) }

// AllowDuplicateKeys, on, validates every occurrence of a repeated key as
// it stands; nothing is merged and no occurrence wins (a repeated union
// member still counts once per occurrence). Off (the default), every
// repeated key is an error (code duplicate-key) that names both positions,
// and the first occurrence is the one validated.
func AllowDuplicateKeys(on bool) Option { return switchOption(allowDuplicateKeys, on) }

// BlobsAsText, on, takes any JSON string for a blob, as its UTF-8 bytes
// (@length counts them): how the Smithy reference reads blob values in
// models (trait values, examples). Off (the default), a blob is a JSON
// string in standard base64 (RFC 4648 section 4, padded), and @length
// counts the decoded bytes.
func BlobsAsText(on bool) Option { return switchOption(blobsAsText, on) }

// AnyTimestampFormat, on, lets a timestamp without @timestampFormat be a
// date-time or http-date string or an epoch-seconds number. Off (the
// default), it is a date-time string only. A @timestampFormat trait (the
// member's first, else the target's) always decides alone.
func AnyTimestampFormat(on bool) Option { return switchOption(anyTimestampFormat, on) }

// AcceptIntegralDecimals, on, lets a number written with a fraction or an
// exponent stand for an integer shape when its value is whole (1.0, 1e2;
// an Ion decimal 1.); the type's range and @range are still checked
// exactly. Off (the default, as the Smithy reference), an integer shape
// takes integer tokens only (code not-integer).
func AcceptIntegralDecimals(on bool) Option { return switchOption(acceptIntegralDecimals, on) }

// IgnoreAnnotations, on, validates an annotated (Ion) value as if it were
// bare; the source keeps its annotations, and unions are never inferred
// from them. Off (the default), an annotation is an error (code
// annotation).
func IgnoreAnnotations(on bool) Option { return switchOption(ignoreAnnotations, on) }

// SexpsAsLists, on, lets an Ion s-expression stand for a list shape. Off
// (the default), an s-expression is an error (code unsupported).
func SexpsAsLists(on bool) Option { return switchOption(sexpsAsLists, on) }

// SymbolsAsStrings, on, lets an Ion symbol's text stand for a string, enum
// or document string. Off (the default), a symbol is an error (code
// unsupported).
func SymbolsAsStrings(on bool) Option { return switchOption(symbolsAsStrings, on) }

// ClobsAsBlobs, on, lets an Ion clob's bytes stand for a blob. Off (the
// default), a clob is an error (code unsupported).
func ClobsAsBlobs(on bool) Option { return switchOption(clobsAsBlobs, on) }

// referenceHTTPDatesOption turns the referenceHTTPDates policy on: an
// http-date string the Smithy reference accepts in a model
// (timefmt.ReferenceHTTPDate: java.time's RFC_1123_DATE_TIME, as "Tue, 3
// Jun 2008 11:05:30 GMT") is accepted beside the IMF-fixdate, which alone
// is accepted off. The model validators (trait values, @default,
// @examples, typed metadata) turn it on, so that a model the reference
// accepts has no finding; application data keeps the specification's
// IMF-fixdate.
func referenceHTTPDatesOption() Option { return switchOption(referenceHTTPDates, true) }

// epochSecondsTimestampsOption turns the epochSecondsTimestamps policy on:
// every timestamp is an epoch-seconds number, whatever its
// @timestampFormat, as the Smithy reference reads the params of protocol
// tests (its EPOCH_SECONDS timestamp strategy: a test case gives the
// value, the body its wire form). Only CheckProtocolTests turns it on.
func epochSecondsTimestampsOption() Option { return switchOption(epochSecondsTimestamps, true) }

// FailFast, on, stops validation at the first error finding (warnings and
// advisories do not stop it); the result is then not Complete. Off (the
// default), every finding is collected.
func FailFast(on bool) Option { return switchOption(failFast, on) }

// MaxDepth limits the nesting of lists and objects to n levels (the
// top-level container is level 1); deeper input stops validation with a
// depth-limit finding. Default [DefaultMaxDepth]; n < 1 counts as 1 and n
// above [MaxMaxDepth] as MaxMaxDepth (the engine recurses once per level,
// and a goroutine's stack is finite).
func MaxDepth(n int) Option {
	return Option{set: setMaxDepth, cfg: config{lim: limits.Limits{MaxDepth: min(max(n, 1), MaxMaxDepth)}}}
}

// MaxMaxDepth is the largest MaxDepth.
const MaxMaxDepth = limits.MaxMaxDepth

// MaxFindings stops validation once n findings were reported, with a
// findings-limit finding. Default [DefaultMaxFindings]; n < 1 counts as 1.
func MaxFindings(n int) Option {
	return Option{set: setMaxFindings, cfg: config{lim: limits.Limits{MaxFindings: max(n, 1)}}}
}

// MaxValueSize limits a JSON input, and any single string or blob of a
// view, to n bytes; larger input stops validation with a size-limit
// finding. Default [DefaultMaxValueSize].
func MaxValueSize(n int) Option {
	return Option{set: setMaxValueSize, cfg: config{lim: limits.Limits{MaxSize: max(n, 0)}}}
}

// MaxElements limits a JSON input to n values, counting every value at
// every depth and every object key; the value or key past the limit stops
// validation with an elements-limit finding, before the reader keeps it
// (16 bytes each). Default [DefaultMaxElements]; n < 1 counts as 1.
func MaxElements(n int) Option {
	return Option{set: setMaxElements, cfg: config{lim: limits.Limits{MaxElements: max(n, 1)}}}
}

// MaxNumberLength limits a number token to n bytes; a longer one stops
// validation with a number-limit finding. Default
// [DefaultMaxNumberLength].
func MaxNumberLength(n int) Option {
	return Option{set: setMaxNumberLength, cfg: config{lim: limits.Limits{MaxNumberLength: max(n, 1)}}}
}
