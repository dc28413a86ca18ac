package openrpc

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// Model values to wire values. An @examples or @default value is a model
// value: Smithy reads a blob's as its text, and a timestamp's in any
// format its shape allows (any of the three without @timestampFormat, an
// http-date as loosely as the reference's parser). The document describes
// the wire, where a blob is base64 (unless BlobsAsText) and a timestamp
// takes its effective format (date-time without one, unless
// AnyTimestampFormat). An example or a default written as the model has
// it would be a different value on the wire, or none.

// scalarToWire rewrites a model value v of s, a blob or a timestamp (the
// target of mem, nil when there is no member), in the wire's form; any
// other value is returned as it is.
func (g *schemas) scalarToWire(s, mem *model.Shape, v node.Node) node.Node {
	switch s.Type() {
	case model.BlobType:
		if g.p.blobText || v.Kind() != node.String {
			return v
		}
		return str(base64.StdEncoding.EncodeToString([]byte(v.StringValue()))).At(v.Pos())
	case model.TimestampType:
		return g.timestampToWire(s, mem, v)
	}
	return v
}

// timestampToWire writes a model value of a timestamp in its effective
// format (the member's @timestampFormat, else its target's, else
// date-time; under AnyTimestampFormat a value in one of the wire's three
// forms is kept). A value that names no instant, or one the format cannot
// hold (an http-date has no fraction of a second), stays as it is, for
// the example's check to report.
func (g *schemas) timestampToWire(s, mem *model.Shape, v node.Node) node.Node {
	t, ok := sv.ModelTimestamp(v)
	if !ok {
		return v
	}
	format := ""
	for _, sh := range []*model.Shape{mem, s} {
		if sh == nil || format != "" {
			continue
		}
		if f, ok := sh.Trait(preludeid.TimestampFormat); ok {
			format = f.StringValue()
		}
	}
	if format == "" {
		if g.p.anyTimestamp && (v.Kind() == node.Number || isDateTime(v) || isIMFFixdate(v)) {
			return v
		}
		format = "date-time"
		if g.p.anyTimestamp && t.Nanosecond() == 0 {
			// A looser http-date than the wire's: its IMF-fixdate.
			format = "http-date"
		}
	}
	var out node.Node
	switch format {
	case "epoch-seconds":
		if v.Kind() == node.Number {
			return v
		}
		out = num(epochText(t))
	case "http-date":
		if isIMFFixdate(v) {
			return v
		}
		if t.Nanosecond() != 0 {
			return v
		}
		out = str(t.Format(http.TimeFormat))
	default:
		if isDateTime(v) {
			return v
		}
		out = str(t.Format(time.RFC3339Nano))
	}
	return out.At(v.Pos())
}

// isDateTime reports whether v is a string that ModelTimestamp read as a
// date-time (RFC 3339 in UTC), which the wire's date-time takes as it is.
func isDateTime(v node.Node) bool {
	if v.Kind() != node.String {
		return false
	}
	s := v.StringValue()
	_, err := time.Parse(time.RFC3339Nano, s)
	return err == nil && strings.HasSuffix(s, "Z")
}

// isIMFFixdate reports whether v is a string in the wire's http-date form
// (the IMF-fixdate, whose writing of an instant is the only one).
func isIMFFixdate(v node.Node) bool {
	if v.Kind() != node.String {
		return false
	}
	t, err := time.Parse(http.TimeFormat, v.StringValue())
	return err == nil && t.Format(http.TimeFormat) == v.StringValue()
}

// epochText writes t as epoch seconds, exactly: the seconds and, when
// there are any, the nanoseconds as a fraction without trailing zeros.
func epochText(t time.Time) string {
	secs, ns := t.Unix(), t.Nanosecond()
	if ns == 0 {
		return strconv.FormatInt(secs, 10)
	}
	sign := ""
	if secs < 0 {
		// -1.5 is -2 seconds and 500,000,000 nanoseconds after them.
		sign, secs, ns = "-", -secs-1, 1e9-ns
	}
	return sign + strconv.FormatInt(secs, 10) + "." + strings.TrimRight(fmt.Sprintf("%09d", ns), "0")
}
