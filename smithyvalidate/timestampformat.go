package smithyvalidate

import (
	"fmt"
	"time"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/smithyvalidate/internal/timefmt"
)

// The @timestampFormat rule family: which form a timestamp takes
// (date-time, http-date, epoch-seconds; without the trait, the
// AnyTimestampFormat option decides).

// tsFormat is a resolved timestamp format.
type tsFormat uint8

const (
	tsDefault tsFormat = iota // no @timestampFormat: AnyTimestampFormat decides
	tsDateTime
	tsHTTPDate
	tsEpochSeconds
)

// prepareTimestampFormat compiles @timestampFormat into pl.
func prepareTimestampFormat(_ *preparer, pl *plan, v node.Node) string {
	switch v.StringValue() {
	case "date-time":
		pl.ts = tsDateTime
	case "http-date":
		pl.ts = tsHTTPDate
	case "epoch-seconds":
		pl.ts = tsEpochSeconds
	default:
		return `the value must be "date-time", "http-date" or "epoch-seconds", found ` + describeNode(v)
	}
	return ""
}

// resolveTimestampFormat returns the format a timestamp of plan p takes
// under the policies on, and whether any format is accepted (no
// @timestampFormat and AnyTimestampFormat): the trait's format, else
// date-time; always epoch seconds under epochSecondsTimestamps.
func resolveTimestampFormat(p *plan, on func(policy) bool) (format tsFormat, any bool) {
	switch {
	case on(epochSecondsTimestamps):
		return tsEpochSeconds, false
	case p.ts != tsDefault:
		return p.ts, false
	case on(anyTimestampFormat):
		return tsDefault, true
	}
	return tsDateTime, false
}

func (w *walker) timestampValue(p *plan, v ValueView, k Kind) {
	format, any := resolveTimestampFormat(p, w.pol.on)
	switch k {
	case KindString:
		s := textOf(v)
		if !w.checkStringSize(p, v, s) {
			return
		}
		switch {
		case any:
			ok, reason := timefmt.DateTime(s)
			if !ok {
				if ok2, _ := timefmt.HTTPDate(s); ok2 {
					return
				}
				w.timestampFinding(p, v, s, "a date-time or http-date string or an epoch-seconds number", reason)
			}
		case format == tsDateTime:
			if ok, reason := timefmt.DateTime(s); !ok {
				w.timestampFinding(p, v, s, "a date-time string (RFC 3339, UTC 'Z', e.g. 1985-04-12T23:20:50.52Z)", reason)
			}
		case format == tsHTTPDate:
			if ok, reason := timefmt.HTTPDate(s); !ok && !(w.pol.on(referenceHTTPDates) && timefmt.ReferenceHTTPDate(s)) {
				w.timestampFinding(p, v, s, "an http-date string (IMF-fixdate, e.g. Tue, 29 Apr 2014 18:30:38 GMT)", reason)
			}
		default:
			w.report(CodeType, p.id, v.Pos(), "an epoch-seconds number", "string",
				"expected an epoch-seconds number, found a string")
		}
	case KindInteger, KindDecimal:
		if !w.checkNumberLen(p, v, k) {
			return
		}
		if format != tsEpochSeconds && !any {
			want := "a date-time string"
			if format == tsHTTPDate {
				want = "an http-date string"
			}
			w.report(CodeType, p.id, v.Pos(), want, k.String(), fmt.Sprintf("expected %s, found %s", want, k.article()))
			return
		}
		if ok, reason := timefmt.EpochSeconds(textOf(v)); !ok {
			w.timestampFinding(p, v, textOf(v), "epoch seconds within 0001-01-01..9999-12-31", reason)
		}
	case KindTimestamp:
		ts := v.Scalar().Time
		switch {
		case ts.Precision < PrecisionSecond:
			w.report(CodeUnsupported, p.id, v.Pos(), "a timestamp with second precision", "coarser precision",
				"a timestamp without seconds is not a Smithy timestamp (second precision or finer is required)")
		case !ts.OffsetKnown:
			w.report(CodeUnsupported, p.id, v.Pos(), "a timestamp with a known offset", "unknown offset",
				"a timestamp with an unknown local offset (-00:00) names no instant")
		case !timefmt.InRange(ts.Time):
			w.timestampFinding(p, v, ts.written(), "a timestamp within 0001-01-01..9999-12-31", "outside the Smithy timestamp range")
		}
	default:
		want := "a date-time string"
		switch {
		case any:
			want = "a timestamp string or number"
		case format == tsHTTPDate:
			want = "an http-date string"
		case format == tsEpochSeconds:
			want = "an epoch-seconds number"
		}
		w.typeMismatch(p, v, k, want)
	}
}

// written is the timestamp in RFC 3339 with the offset and the number of
// fractional digits the source wrote (at most nine, as [time.Time] keeps).
func (ts Timestamp) written() string {
	layout := "2006-01-02T15:04:05Z07:00"
	switch {
	case ts.Precision != PrecisionFraction:
	case ts.FractionDigits > 0:
		layout = "2006-01-02T15:04:05." + "000000000"[:min(ts.FractionDigits, 9)] + "Z07:00"
	default: // digits not counted: as many as the instant needs
		layout = time.RFC3339Nano
	}
	return ts.Time.Format(layout)
}

func (w *walker) timestampFinding(p *plan, v ValueView, found, want, reason string) {
	w.report(CodeTimestamp, p.id, v.Pos(), want, found,
		fmt.Sprintf("expected %s, found %q: %s", want, short(found), reason))
}
