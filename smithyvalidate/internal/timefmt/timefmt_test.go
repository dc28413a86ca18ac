package timefmt

import "testing"

func TestFormats(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    func(string) (bool, string)
		ok   []string
		bad  []string
	}{
		{"date-time", DateTime,
			[]string{"1985-04-12T23:20:50.52Z", "1985-04-12T23:20:50Z", "2000-02-29T00:00:00Z", "2016-12-31T23:59:60Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999999Z"},
			[]string{"1985-04-12T23:20:50.52+01:00", "1985-04-12T23:20:50.52-07:00", "1985-04-12t23:20:50Z", "1985-04-12T23:20:50z",
				"1985-04-12 23:20:50Z", "1900-02-29T00:00:00Z", "1985-13-01T00:00:00Z", "1985-04-12T24:00:00Z", "1985-04-12T23:20:60Z",
				"0000-01-01T00:00:00Z", "200-01-12T22:11:12Z", "2000-01-12T22:11:12", "1985-04-12T23:20:50.Z", "1985-04-12"}},
		{"http-date", HTTPDate,
			[]string{"Tue, 29 Apr 2014 18:30:38 GMT", "Sun, 06 Nov 1994 08:49:37 GMT"},
			[]string{"Wed, 29 Apr 2014 18:30:38 GMT", "Tue, 29 Apr 2014 18:30:38 PST", "Tuesday, 29 April 2014 18:30:38 GMT",
				"Tue, 29 Apr 2014 18:30:38.5 GMT", "Tue, 9 Apr 2014 18:30:38 GMT", "Tue, 31 Apr 2014 18:30:38 GMT"}},
		{"epoch-seconds", EpochSeconds,
			[]string{"0", "1515531081.123", "-62135596800", "253402300799.999", "1.5e9"},
			[]string{"-62135596800.001", "253402300800", "1e400"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, s := range tc.ok {
				if ok, reason := tc.f(s); !ok {
					t.Errorf("%q rejected: %s", s, reason)
				}
			}
			for _, s := range tc.bad {
				if ok, _ := tc.f(s); ok {
					t.Errorf("%q accepted", s)
				}
			}
		})
	}
}

// TestReferenceHTTPDate: the http-dates the Smithy reference accepts in a
// model (java.time's RFC_1123_DATE_TIME, lenient and SMART, ending in
// "GMT"), among them smithy-python's @default "Tue, 3 Jun 2008 11:05:30
// GMT", which HTTPDate rejects.
func TestReferenceHTTPDate(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"Tue, 29 Apr 2014 18:30:38 GMT", true},
		{"Tue, 3 Jun 2008 11:05:30 GMT", true},
		{"3 Jun 2008 11:05:30 GMT", true},
		{"Tue, 3 Jun 2008 11:05 GMT", true},
		{"tue, 03 JUN 2008 11:05:30 GMT", true},
		{"Tue, 003 Jun 2008 1:5:3 GMT", true},
		{"Tue, +3 Jun 2008 11:05:30 GMT", true},
		{"2, 3 6 2008 11:05:30 GMT", true},
		{"Wed, 31 Apr 2014 18:30:38 GMT", true},  // SMART: 30 Apr, a Wednesday
		{"Thu, 29 Feb 2001 00:00:00 GMT", false}, // 28 Feb 2001 was a Wednesday
		{"Wed, 29 Feb 2001 00:00:00 GMT", true},
		{"Tue, 3 Jun 2008 24:00:00 GMT", true},
		{"Tue, 3 Jun 2008 24:00:01 GMT", false},
		{"Tue, 3 Jun 2008 23:60:00 GMT", false},
		{"Tue, 3 Jun 2008 23:59:60 GMT", false},
		{"Tue, 32 Jun 2008 11:05:30 GMT", false},
		{"Tue, 0 Jun 2008 11:05:30 GMT", false},
		{"Tue, -3 Jun 2008 11:05:30 GMT", false},
		{"Wed, 3 Jun 2008 11:05:30 GMT", false},
		{"Tuesday, 3 Jun 2008 11:05:30 GMT", false},
		{"Tue, 3 June 2008 11:05:30 GMT", false},
		{"Tue, 3 Jun 2008 11:05:30 gmt", false},
		{"Tue, 3 Jun 2008 11:05:30 UT", false},
		{"Tue, 3 Jun 2008 11:05:30 +0000", false},
		{"Tue, 3 Jun 2008 11:05:30.5 GMT", false},
		{"Tue, 3 Jun 2008 11:05:30  GMT", false},
		{"Tue,3 Jun 2008 11:05:30 GMT", false},
		{"Tue, 3 Jun +2008 11:05:30 GMT", false},
		{"Tue, 0000000003 Jun 2008 11:05:30 GMT", false},
		{"Tue, 3 Jun 2008 11:05:30 GMTGMT", false},
		{"GMT", false},
		{"", false},
		{" GMT", false},
	} {
		if got := ReferenceHTTPDate(tc.s); got != tc.want {
			t.Errorf("ReferenceHTTPDate(%q) = %v, want %v", tc.s, got, tc.want)
		}
		if ok, _ := HTTPDate(tc.s); ok && !ReferenceHTTPDate(tc.s) {
			t.Errorf("%q is an IMF-fixdate the reference reading rejects", tc.s)
		}
	}
}
