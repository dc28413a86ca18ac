// Package timefmt checks the three Smithy timestamp formats without
// allocating: date-time (RFC 3339 with the Smithy restrictions), http-date
// (the IMF-fixdate of RFC 9110 section 5.6.7) and epoch-seconds, and the
// Smithy timestamp range (0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z).
package timefmt

import (
	"time"

	"github.com/smithy-validation/go/core/node"
)

// DateTime reports whether s is a Smithy date-time: RFC 3339 date-time
// with an upper-case 'T' and 'Z' and no other UTC offset, an optional
// fraction of one or more digits, a four-digit year from 0001, a real
// calendar date, and seconds 00-59 (60 only at 23:59, a leap second).
// It returns a reason when s is not one.
//
//	1985-04-12T23:20:50.52Z    ok
//	1985-04-12T23:20:50+01:00  "a UTC offset other than Z"
func DateTime(s string) (ok bool, reason string) {
	if len(s) < 20 {
		return false, "too short for YYYY-MM-DDThh:mm:ssZ"
	}
	year, ok1 := digits(s, 0, 4)
	month, ok2 := digits(s, 5, 2)
	day, ok3 := digits(s, 8, 2)
	hour, ok4 := digits(s, 11, 2)
	minute, ok5 := digits(s, 14, 2)
	sec, ok6 := digits(s, 17, 2)
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) || s[4] != '-' || s[7] != '-' || s[13] != ':' || s[16] != ':' {
		return false, "not of the form YYYY-MM-DDThh:mm:ss"
	}
	if s[10] != 'T' {
		return false, "the date and time must be separated by an upper-case 'T'"
	}
	if r := checkDate(year, month, day); r != "" {
		return false, r
	}
	if hour > 23 || minute > 59 || sec > 60 || sec == 60 && (hour != 23 || minute != 59) {
		return false, "not a valid time of day"
	}
	i := 19
	if s[i] == '.' {
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i+1 {
			return false, "a '.' must be followed by fraction digits"
		}
		i = j
	}
	if i == len(s)-1 && s[i] == 'Z' {
		return true, ""
	}
	if i < len(s) && (s[i] == '+' || s[i] == '-' || s[i] == 'z') {
		return false, "a UTC offset other than 'Z'"
	}
	return false, "must end with 'Z'"
}

// HTTPDate reports whether s is an IMF-fixdate such as
// "Tue, 29 Apr 2014 18:30:38 GMT": a day name that matches the date, a
// two-digit day, an English month abbreviation, a four-digit year, a time
// with seconds and no fraction, and "GMT".
func HTTPDate(s string) (ok bool, reason string) {
	if len(s) != 29 {
		return false, "not of the form \"Sun, 06 Nov 1994 08:49:37 GMT\""
	}
	wd := dayIndex(s[0:3])
	day, ok1 := digits(s, 5, 2)
	mon := monthIndex(s[8:11])
	year, ok2 := digits(s, 12, 4)
	hour, ok3 := digits(s, 17, 2)
	minute, ok4 := digits(s, 20, 2)
	sec, ok5 := digits(s, 23, 2)
	if wd < 0 || s[3] != ',' || s[4] != ' ' || !ok1 || s[7] != ' ' || mon < 0 || s[11] != ' ' || !ok2 ||
		s[16] != ' ' || !ok3 || s[19] != ':' || !ok4 || s[22] != ':' || !ok5 || s[25:] != " GMT" {
		return false, "not of the form \"Sun, 06 Nov 1994 08:49:37 GMT\""
	}
	if r := checkDate(year, mon+1, day); r != "" {
		return false, r
	}
	if hour > 23 || minute > 59 || sec > 60 || sec == 60 && (hour != 23 || minute != 59) {
		return false, "not a valid time of day"
	}
	if time.Date(year, time.Month(mon+1), day, 0, 0, 0, 0, time.UTC).Weekday() != time.Weekday(wd) {
		return false, "the day name does not match the date"
	}
	return true, ""
}

// Epoch-seconds bounds of the Smithy timestamp range: 0001-01-01T00:00:00Z
// and the first instant after 9999-12-31T23:59:59.999Z.
const (
	minEpoch = "-62135596800"
	endEpoch = "253402300800"
)

// EpochSeconds reports whether the JSON number token text is within the
// Smithy timestamp range, compared exactly.
func EpochSeconds(text string) (ok bool, reason string) {
	if c, err := node.CompareNumbers(text, minEpoch); err != nil || c < 0 {
		return false, "before 0001-01-01T00:00:00Z"
	}
	if c, _ := node.CompareNumbers(text, endEpoch); c >= 0 {
		return false, "after 9999-12-31T23:59:59.999Z"
	}
	return true, ""
}

// InRange reports whether t is within the Smithy timestamp range.
func InRange(t time.Time) bool {
	u := t.UTC()
	return u.Year() >= 1 && u.Year() <= 9999
}

func digits(s string, at, n int) (int, bool) {
	if at+n > len(s) {
		return 0, false
	}
	v := 0
	for i := at; i < at+n; i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

func checkDate(year, month, day int) string {
	if year < 1 {
		return "year 0000 is outside the Smithy timestamp range"
	}
	if month < 1 || month > 12 {
		return "not a valid month"
	}
	if day < 1 || day > daysIn(year, month) {
		return "not a valid day of the month"
	}
	return ""
}

func daysIn(year, month int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

func dayIndex(s string) int {
	for i, d := range [...]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"} {
		if s == d {
			return i
		}
	}
	return -1
}

func monthIndex(s string) int {
	for i, m := range monthNames {
		if s == m {
			return i
		}
	}
	return -1
}
