package smithyvalidate

import (
	"fmt"

	"github.com/smithy-validation/go/core/node"
)

// An Option sets one policy or limit. Options are plain values: pass
// several to [Prepare] or [NewCollector], or combine them with
// [JoinOptions]; when two set the same thing, the later one wins. They are
// resolved in one place (readOptions) into the configuration a prepared
// validator keeps.
//
// Policies say what the engine does where Smithy leaves a choice; every
// default is documented on its type. Nothing is ever coerced, normalized,
// defaulted or changed in the value: a policy only decides what is
// accepted and how findings are graded.
type Option struct {
	set optionBits
	cfg config
}

type optionBits uint32

const (
	setRequired optionBits = 1 << iota
	setNulls
	setUnknown
	setNaming
	setDuplicates
	setBlob
	setTimestamps
	setIntegral
	setAnnotations
	setSexps
	setSymbols
	setClobs
	setFailFast
	setMaxDepth
	setMaxFindings
	setMaxValueSize
	setMaxNumberLength
)

// config is the resolved configuration.
type config struct {
	required    RequiredPolicy
	nulls       NullPolicy
	unknown     UnknownMemberPolicy
	naming      NamingPolicy
	duplicates  DuplicateKeyPolicy
	blob        BlobEncodingPolicy
	timestamps  TimestampPolicy
	integral    IntegralDecimalPolicy
	annotations AnnotationPolicy
	sexps       SexpPolicy
	symbols     SymbolPolicy
	clobs       ClobPolicy
	failFast    bool
	maxDepth    int
	maxFindings int
	maxValue    int
	maxNumber   int
}

// The default limits.
const (
	// DefaultMaxDepth is the deepest nesting of lists and objects the
	// engine and its JSON reader accept (the top-level container is level
	// 1).
	DefaultMaxDepth = 1000
	// DefaultMaxFindings is how many findings are collected before
	// validation stops.
	DefaultMaxFindings = 1000
	// DefaultMaxValueSize is the largest JSON input, and the largest single
	// string or blob of any view, in bytes (64 MiB, the reader's default).
	DefaultMaxValueSize = node.DefaultMaxSize
	// DefaultMaxNumberLength is the longest number token, in bytes (the
	// reader's default).
	DefaultMaxNumberLength = node.DefaultMaxNumberLength
)

var defaultConfig = config{
	maxDepth:    DefaultMaxDepth,
	maxFindings: DefaultMaxFindings,
	maxValue:    DefaultMaxValueSize,
	maxNumber:   DefaultMaxNumberLength,
}

func (o Option) merge(later Option) Option {
	l, c := later.set, &o.cfg
	if l&setRequired != 0 {
		c.required = later.cfg.required
	}
	if l&setNulls != 0 {
		c.nulls = later.cfg.nulls
	}
	if l&setUnknown != 0 {
		c.unknown = later.cfg.unknown
	}
	if l&setNaming != 0 {
		c.naming = later.cfg.naming
	}
	if l&setDuplicates != 0 {
		c.duplicates = later.cfg.duplicates
	}
	if l&setBlob != 0 {
		c.blob = later.cfg.blob
	}
	if l&setTimestamps != 0 {
		c.timestamps = later.cfg.timestamps
	}
	if l&setIntegral != 0 {
		c.integral = later.cfg.integral
	}
	if l&setAnnotations != 0 {
		c.annotations = later.cfg.annotations
	}
	if l&setSexps != 0 {
		c.sexps = later.cfg.sexps
	}
	if l&setSymbols != 0 {
		c.symbols = later.cfg.symbols
	}
	if l&setClobs != 0 {
		c.clobs = later.cfg.clobs
	}
	if l&setFailFast != 0 {
		c.failFast = later.cfg.failFast
	}
	if l&setMaxDepth != 0 {
		c.maxDepth = later.cfg.maxDepth
	}
	if l&setMaxFindings != 0 {
		c.maxFindings = later.cfg.maxFindings
	}
	if l&setMaxValueSize != 0 {
		c.maxValue = later.cfg.maxValue
	}
	if l&setMaxNumberLength != 0 {
		c.maxNumber = later.cfg.maxNumber
	}
	o.set |= l
	return o
}

// readOptions is the only place that resolves options.
func readOptions(opts []Option) config {
	all := Option{cfg: defaultConfig}
	for _, o := range opts {
		all = all.merge(o)
	}
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

// RequiredPolicy says whether @required is checked.
type RequiredPolicy uint8

const (
	// RequiredEnforced (the default) reports a missing @required member
	// (code required). A @default trait does not excuse it: defaults are
	// never inserted into the value.
	RequiredEnforced RequiredPolicy = iota
	// RequiredIgnored checks members that are present and says nothing
	// about missing ones (for partial values such as patches).
	RequiredIgnored
)

// RequiredMembers sets the [RequiredPolicy].
func RequiredMembers(p RequiredPolicy) Option {
	return Option{set: setRequired, cfg: config{required: p}}
}

// NullPolicy says what null means for a structure member.
type NullPolicy uint8

const (
	// NullAsAbsent (the default): null for an optional structure or union
	// member counts as if the member were absent. Null for a @required
	// member is a finding (code null).
	NullAsAbsent NullPolicy = iota
	// NullRejected: null for any structure or union member is a finding
	// (code null).
	NullRejected
)

// NullMembers sets the [NullPolicy].
func NullMembers(p NullPolicy) Option { return Option{set: setNulls, cfg: config{nulls: p}} }

// UnknownMemberPolicy says what a field that names no member is.
type UnknownMemberPolicy uint8

const (
	// UnknownWarning (the default, as in the Smithy reference): a warning
	// (code unknown-member); the value stays valid.
	UnknownWarning UnknownMemberPolicy = iota
	// UnknownError makes it an error.
	UnknownError
	// UnknownIgnored says nothing about it.
	UnknownIgnored
)

// UnknownMembers sets the [UnknownMemberPolicy].
func UnknownMembers(p UnknownMemberPolicy) Option {
	return Option{set: setUnknown, cfg: config{unknown: p}}
}

// NamingPolicy says how object fields name structure and union members.
type NamingPolicy uint8

const (
	// MemberNames (the default): a field names a member by its member name.
	MemberNames NamingPolicy = iota
	// JSONNames: a field names a member by its @jsonName when it has one,
	// by its member name otherwise (and then only by that).
	JSONNames
)

// MemberNaming sets the [NamingPolicy].
func MemberNaming(p NamingPolicy) Option { return Option{set: setNaming, cfg: config{naming: p}} }

// DuplicateKeyPolicy says what an object that names a key twice is.
type DuplicateKeyPolicy uint8

const (
	// DuplicatesRejected (the default): every repeated key is an error
	// (code duplicate-key) that names both positions; the first occurrence
	// is the one validated.
	DuplicatesRejected DuplicateKeyPolicy = iota
	// DuplicatesAllowed validates every occurrence as it stands; nothing is
	// merged and no occurrence wins. (A repeated union member still counts
	// once per occurrence.)
	DuplicatesAllowed
)

// DuplicateKeys sets the [DuplicateKeyPolicy].
func DuplicateKeys(p DuplicateKeyPolicy) Option {
	return Option{set: setDuplicates, cfg: config{duplicates: p}}
}

// BlobEncodingPolicy says how a blob is written in JSON.
type BlobEncodingPolicy uint8

const (
	// BlobBase64 (the default): a JSON string in standard base64 (RFC 4648
	// section 4, padded); @length counts the decoded bytes.
	BlobBase64 BlobEncodingPolicy = iota
	// BlobText: any JSON string, taken as its UTF-8 bytes; @length counts
	// them. This is how the Smithy reference reads blob values in models
	// (trait values, examples).
	BlobText
)

// BlobEncoding sets the [BlobEncodingPolicy].
func BlobEncoding(p BlobEncodingPolicy) Option { return Option{set: setBlob, cfg: config{blob: p}} }

// TimestampPolicy says which forms a timestamp without @timestampFormat may
// take in JSON. A @timestampFormat trait (the member's first, else the
// target's) always decides alone.
type TimestampPolicy uint8

const (
	// TimestampDateTime (the default): a date-time string only.
	TimestampDateTime TimestampPolicy = iota
	// TimestampAnyFormat: a date-time or http-date string, or an
	// epoch-seconds number.
	TimestampAnyFormat
)

// TimestampFormats sets the [TimestampPolicy].
func TimestampFormats(p TimestampPolicy) Option {
	return Option{set: setTimestamps, cfg: config{timestamps: p}}
}

// IntegralDecimalPolicy says whether a number written with a fraction or an
// exponent may stand for an integer shape when its value is whole (1.0,
// 1e2; an Ion decimal 1.).
type IntegralDecimalPolicy uint8

const (
	// IntegralDecimalsRejected (the default, as the Smithy reference): an
	// integer shape takes integer tokens only (code not-integer).
	IntegralDecimalsRejected IntegralDecimalPolicy = iota
	// IntegralDecimalsAccepted accepts a whole-valued decimal; the type's
	// range and @range are still checked exactly.
	IntegralDecimalsAccepted
)

// IntegralDecimals sets the [IntegralDecimalPolicy].
func IntegralDecimals(p IntegralDecimalPolicy) Option {
	return Option{set: setIntegral, cfg: config{integral: p}}
}

// AnnotationPolicy says what an annotated (Ion) value is.
type AnnotationPolicy uint8

const (
	// AnnotationsRejected (the default): a finding (code annotation).
	AnnotationsRejected AnnotationPolicy = iota
	// AnnotationsIgnored validates the value as if bare; the source keeps
	// its annotations. Unions are never inferred from annotations.
	AnnotationsIgnored
)

// Annotations sets the [AnnotationPolicy].
func Annotations(p AnnotationPolicy) Option {
	return Option{set: setAnnotations, cfg: config{annotations: p}}
}

// SexpPolicy says what an Ion s-expression is.
type SexpPolicy uint8

const (
	// SexpsRejected (the default): a finding (code unsupported).
	SexpsRejected SexpPolicy = iota
	// SexpsAsLists lets an s-expression stand for a list shape.
	SexpsAsLists
)

// Sexps sets the [SexpPolicy].
func Sexps(p SexpPolicy) Option { return Option{set: setSexps, cfg: config{sexps: p}} }

// SymbolPolicy says what an Ion symbol value is.
type SymbolPolicy uint8

const (
	// SymbolsRejected (the default): a finding (code unsupported).
	SymbolsRejected SymbolPolicy = iota
	// SymbolsAsStrings lets a symbol's text stand for a string, enum or
	// document string.
	SymbolsAsStrings
)

// Symbols sets the [SymbolPolicy].
func Symbols(p SymbolPolicy) Option { return Option{set: setSymbols, cfg: config{symbols: p}} }

// ClobPolicy says what an Ion clob is.
type ClobPolicy uint8

const (
	// ClobsRejected (the default): a finding (code unsupported).
	ClobsRejected ClobPolicy = iota
	// ClobsAsBlobs lets a clob's bytes stand for a blob.
	ClobsAsBlobs
)

// Clobs sets the [ClobPolicy].
func Clobs(p ClobPolicy) Option { return Option{set: setClobs, cfg: config{clobs: p}} }

// FailFast stops validation at the first error finding (warnings and
// advisories do not stop it); the result is then not Complete. The default
// collects every finding.
func FailFast(on bool) Option { return Option{set: setFailFast, cfg: config{failFast: on}} }

// MaxDepth limits the nesting of lists and objects to n levels (the
// top-level container is level 1); deeper input stops validation with a
// depth-limit finding. Default [DefaultMaxDepth]; n < 1 counts as 1 and n
// above [MaxMaxDepth] as MaxMaxDepth (the engine recurses once per level,
// and a goroutine's stack is finite).
func MaxDepth(n int) Option {
	return Option{set: setMaxDepth, cfg: config{maxDepth: min(max(n, 1), MaxMaxDepth)}}
}

// MaxMaxDepth is the largest MaxDepth.
const MaxMaxDepth = 100_000

// MaxFindings stops validation once n findings were reported, with a
// findings-limit finding. Default [DefaultMaxFindings]; n < 1 counts as 1.
func MaxFindings(n int) Option {
	return Option{set: setMaxFindings, cfg: config{maxFindings: max(n, 1)}}
}

// MaxValueSize limits a JSON input, and any single string or blob of a
// view, to n bytes; larger input stops validation with a size-limit
// finding. Default [DefaultMaxValueSize].
func MaxValueSize(n int) Option {
	return Option{set: setMaxValueSize, cfg: config{maxValue: max(n, 0)}}
}

// MaxNumberLength limits a number token to n bytes; a longer one stops
// validation with a number-limit finding. Default
// [DefaultMaxNumberLength].
func MaxNumberLength(n int) Option {
	return Option{set: setMaxNumberLength, cfg: config{maxNumber: max(n, 1)}}
}

// readerOptions returns the core/node reader options matching c: its
// limits, and every duplicate key kept so that the engine reports them.
func (c *config) readerOptions() []node.Option {
	return []node.Option{
		node.MaxDepth(c.maxDepth),
		node.MaxSize(c.maxValue),
		node.MaxNumberLength(c.maxNumber),
		node.DuplicateKeys(node.KeepDuplicates),
	}
}

func (p UnknownMemberPolicy) String() string {
	switch p {
	case UnknownWarning:
		return "UnknownWarning"
	case UnknownError:
		return "UnknownError"
	case UnknownIgnored:
		return "UnknownIgnored"
	}
	return fmt.Sprintf("UnknownMemberPolicy(%d)", uint8(p))
}
