package smithyvalidate

import "github.com/smithy-validation/go/core/node"

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
