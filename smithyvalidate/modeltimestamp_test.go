package smithyvalidate_test

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// TestModelTimestamp: the instant of each form a model gives a timestamp,
// read exactly, and no instant for what is not one or is out of range.
func TestModelTimestamp(t *testing.T) {
	for _, tc := range []struct {
		name string
		json string
		want string // RFC 3339 with nanoseconds; "" for no instant
	}{
		{"epoch zero", `0`, "1970-01-01T00:00:00Z"},
		{"epoch with a fraction", `1398796238.5`, "2014-04-29T18:30:38.5Z"},
		{"negative epoch with a fraction", `-1.5`, "1969-12-31T23:59:58.5Z"},
		{"epoch with an exponent", `1.5e3`, "1970-01-01T00:25:00Z"},
		{"epoch to the nanosecond", `0.000000001`, "1970-01-01T00:00:00.000000001Z"},
		{"epoch finer than a nanosecond", `0.0000000001`, ""},
		{"epoch before year 1", `-62135596801`, ""},
		{"epoch at year 1", `-62135596800`, "0001-01-01T00:00:00Z"},
		{"epoch at year 10000", `253402300800`, ""},
		{"date-time", `"2014-04-29T18:30:38.123Z"`, "2014-04-29T18:30:38.123Z"},
		{"date-time with an offset", `"2014-04-29T18:30:38+01:00"`, ""},
		{"IMF-fixdate", `"Tue, 29 Apr 2014 18:30:38 GMT"`, "2014-04-29T18:30:38Z"},
		{"reference http-date, one-digit day", `"Tue, 3 Jun 2008 11:05:30 GMT"`, "2008-06-03T11:05:30Z"},
		{"reference http-date, past the month's end", `"31 Apr 2014 10:00 GMT"`, "2014-04-30T10:00:00Z"},
		{"reference http-date, 24:00", `"Tue, 29 Apr 2014 24:00 GMT"`, "2014-04-30T00:00:00Z"},
		{"reference http-date, year 10000", `"1 Jan 10000 00:00 GMT"`, ""},
		{"epoch with a three-digit exponent", `1398796238000e-003`, "2014-04-29T18:30:38Z"},
		{"epoch with a long exponent", `1e-99999`, ""},
		{"epoch of 65 bytes", `1.` + strings.Repeat("0", 63), ""},
		{"not a date", `"yesterday"`, ""},
		{"a boolean", `true`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := node.Parse([]byte(tc.json))
			if err != nil {
				t.Fatal(err)
			}
			got, ok := sv.ModelTimestamp(v)
			switch {
			case tc.want == "" && ok:
				t.Errorf("%s: instant %s, want none", tc.json, got.Format(time.RFC3339Nano))
			case tc.want != "" && !ok:
				t.Errorf("%s: no instant, want %s", tc.json, tc.want)
			case ok && got.Format(time.RFC3339Nano) != tc.want:
				t.Errorf("%s: %s, want %s", tc.json, got.Format(time.RFC3339Nano), tc.want)
			}
		})
	}
}

// TestModelTimestampBounded: a number in range whose exponent is long
// (1e-99999 seconds) is refused before it is built as a rational, which
// took about 40 KB and milliseconds for this one and grows with the
// exponent's digits.
func TestModelTimestampBounded(t *testing.T) {
	v, err := node.Parse([]byte(`1e-99999`))
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 10 {
		if _, ok := sv.ModelTimestamp(v); ok {
			t.Fatal("1e-99999 seconds is an instant")
		}
	}
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 10*1024 {
		t.Errorf("10 readings of 1e-99999 allocated %d bytes", n)
	}
}
