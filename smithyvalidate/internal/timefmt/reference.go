package timefmt

import (
	"strings"
	"time"
)

// ReferenceHTTPDate reports whether the Smithy reference accepts s as an
// http-date in a model (a trait value, a @default, an example): its
// TimestampFormatPlugin parses with java.time's RFC_1123_DATE_TIME and
// asks for a string that ends in "GMT", so it reads more than the
// IMF-fixdate that [HTTPDate] checks. That formatter parses case-
// insensitively and leniently, then resolves SMART:
//
//   - the day name and its ", " are optional; the day and month names are
//     the English abbreviations in any case, or (the lenient text parse
//     falling back to a number) their ISO numbers (Monday 1, January 1);
//
//   - each number is 1-9 digits; the day, a month or a day name written
//     as a number may carry a '+';
//
//   - the seconds are optional; "24:00" and "24:00:00" are the end of the
//     day;
//
//   - a day past the month's end (31 Apr, 30 Feb) is that month's last
//     day (SMART), days 1-31 only, and a day name must be that date's;
//
//   - the year is any of 0-999999999: the Smithy timestamp range is not
//     checked, as the reference does not check it.
//
//     Tue, 3 Jun 2008 11:05:30 GMT   true (java.time's own example)
//     Tue, 03 Jun 2008 11:05 GMT     true
//     Tue, 3 Jun 2008 11:05:30 UT    false
func ReferenceHTTPDate(s string) bool {
	_, ok := ReferenceHTTPDateTime(s)
	return ok
}

// ReferenceHTTPDateTime is [ReferenceHTTPDate] with the instant the
// reference resolves s to: a day past the month's end is its last day,
// 24:00 the start of the next day.
func ReferenceHTTPDateTime(s string) (time.Time, bool) {
	if !strings.HasSuffix(s, "GMT") {
		return time.Time{}, false
	}
	i, dow := 0, 0
	if d, j := javaText(s, 0, dayNames[:]); d > 0 && strings.HasPrefix(s[j:], ", ") {
		dow, i = d, j+2
	} else if d, j, ok := javaNumber(s, 0, true); ok && strings.HasPrefix(s[j:], ", ") {
		dow, i = d, j+2
	}
	day, i, ok := javaNumber(s, i, true)
	if !ok || !at(s, i, ' ') {
		return time.Time{}, false
	}
	month, j := javaText(s, i+1, monthNames[:])
	if month == 0 {
		if month, j, ok = javaNumber(s, i+1, true); !ok {
			return time.Time{}, false
		}
	}
	i = j
	if !at(s, i, ' ') {
		return time.Time{}, false
	}
	year, i, ok := javaNumber(s, i+1, false)
	if !ok || !at(s, i, ' ') {
		return time.Time{}, false
	}
	hour, i, ok := javaNumber(s, i+1, false)
	if !ok || !at(s, i, ':') {
		return time.Time{}, false
	}
	minute, i, ok := javaNumber(s, i+1, false)
	if !ok {
		return time.Time{}, false
	}
	sec := 0
	if at(s, i, ':') {
		if sec, i, ok = javaNumber(s, i+1, false); !ok {
			return time.Time{}, false
		}
	}
	if s[i:] != " GMT" {
		return time.Time{}, false
	}
	// SMART resolution.
	if month < 1 || month > 12 || day < 1 || day > 31 || minute > 59 {
		return time.Time{}, false
	}
	if !(hour == 24 && minute == 0 && sec == 0) && (hour > 23 || sec > 59) {
		return time.Time{}, false
	}
	day = min(day, daysIn(year, month))
	if dow != 0 {
		// ISO day numbers: Monday 1 to Sunday 7; Go's Sunday is 0.
		wd := int(time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC).Weekday())
		if wd == 0 {
			wd = 7
		}
		if dow != wd {
			return time.Time{}, false
		}
	}
	return time.Date(year, time.Month(month), day, hour, minute, sec, 0, time.UTC), true
}

var (
	dayNames   = [...]string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}
	monthNames = [...]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
)

// javaText matches one of names at s[i:] in any case: its 1-based index
// and the position after it, or 0.
func javaText(s string, i int, names []string) (int, int) {
	for k, n := range names {
		if len(s)-i >= len(n) && strings.EqualFold(s[i:i+len(n)], n) {
			return k + 1, i + len(n)
		}
	}
	return 0, i
}

// javaNumber reads 1-9 digits at s[i:] (a lenient java.time parse),
// after a '+' when plus; a '-' is never a valid value of these fields.
func javaNumber(s string, i int, plus bool) (v, j int, ok bool) {
	if plus && i < len(s) && s[i] == '+' {
		i++
	}
	j = i
	for j < len(s) && j-i < 9 && s[j] >= '0' && s[j] <= '9' {
		v = v*10 + int(s[j]-'0')
		j++
	}
	return v, j, j > i
}

func at(s string, i int, c byte) bool { return i < len(s) && s[i] == c }
