package ssefeed

import (
	"testing"
	"time"
)

// §1.2: RFC 822 date-times with four-digit years, in GMT.
func TestParseDate(t *testing.T) {
	may21 := time.Date(2005, 5, 21, 9, 43, 33, 0, time.UTC)
	for _, tc := range []struct {
		in         string
		want       time.Time
		warn, fail string
	}{
		{in: "Sat, 21 May 2005 09:43:33 GMT", want: may21},
		{in: "21 May 2005 09:43:33 GMT", want: may21},
		{in: "Sat,21 May 2005 09:43:33 GMT", want: may21},
		{in: "sat, 21 may 2005 09:43:33 gmt", want: may21},
		{in: "Sat, 21 May 2005 09:43:33 UT", want: may21},
		{in: "Sat, 21 May 2005 09:43:33 Z", want: may21},
		{in: "Sat, 21 May 2005 09:43:33 +0000", want: may21},
		{in: "Sat,  21  May  2005  09:43:33  GMT", want: may21},
		{in: "Sat, 21 May 2005 09:43 GMT", want: may21.Add(-33 * time.Second)},
		{in: "Fri, 6 Jan 2006 19:24:09 GMT", want: time.Date(2006, 1, 6, 19, 24, 9, 0, time.UTC)},
		{in: "Tue, 29 Feb 2000 00:00:00 GMT", want: time.Date(2000, 2, 29, 0, 0, 0, 0, time.UTC)},
		{in: "Sun, 21 May 2005 09:43:33 GMT", want: may21, warn: "names Sun but the date is a Sat"},
		{in: "Sat, 21 May 05 09:43:33 GMT", fail: "has a two-digit year; 0.91 §1.2 requires four digits"},
		{in: "Sat, 21 May 2005 09:43:33 EST", fail: "is not in GMT (0.91 §1.2)"},
		{in: "Sat, 21 May 2005 09:43:33 +0100", fail: "is not in GMT (0.91 §1.2)"},
		{in: "Sat, 21 May 2005 09:43:33 A", fail: "is not in GMT (0.91 §1.2)"},
		{in: "2005-05-21T09:43:33Z", fail: "is not an RFC 822 date-time (0.91 §1.2)"},
		{in: "Sat, 21 May 2005 24:00:00 GMT", fail: "is not an RFC 822 date-time (0.91 §1.2)"},
		{in: "Sat, 29 Feb 2005 09:43:33 GMT", fail: "is not an RFC 822 date-time (0.91 §1.2)"},
		{in: "Sat, 21 Mai 2005 09:43:33 GMT", fail: "is not an RFC 822 date-time (0.91 §1.2)"},
		{in: "Sam, 21 May 2005 09:43:33 GMT", fail: "is not an RFC 822 date-time (0.91 §1.2)"},
		{in: "Sat, 21 May 2005 09:43:33 XYZ", fail: "is not an RFC 822 date-time (0.91 §1.2)"},
		{in: "Sat, 21 May 2005 9:43:33 GMT", fail: "is not an RFC 822 date-time (0.91 §1.2)"},
		{in: "", fail: "is not an RFC 822 date-time (0.91 §1.2)"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, warn, err := parseDate(tc.in)
			if string(err) != tc.fail || warn != tc.warn {
				t.Fatalf("parseDate(%q): warn %q, error %q; want %q, %q", tc.in, warn, err, tc.warn, tc.fail)
			}
			if tc.fail == "" && !got.Equal(tc.want) {
				t.Errorf("parseDate(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

// New date-times are written in the spec's form, and read back.
func TestFormatDate(t *testing.T) {
	for _, tc := range []struct {
		in   time.Time
		want string
	}{
		{time.Date(2005, 5, 21, 9, 43, 33, 0, time.UTC), "Sat, 21 May 2005 09:43:33 GMT"},
		{time.Date(2004, 11, 1, 9, 43, 33, 0, time.UTC), "Mon, 1 Nov 2004 09:43:33 GMT"},
		{time.Date(2005, 5, 21, 4, 43, 33, 0, time.FixedZone("EST", -5*3600)), "Sat, 21 May 2005 09:43:33 GMT"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			got := formatDate(tc.in)
			if got != tc.want {
				t.Fatalf("formatDate = %q, want %q", got, tc.want)
			}
			if back, warn, err := parseDate(got); err != "" || warn != "" || !back.Equal(tc.in) {
				t.Errorf("parseDate(%q) = %v, %q, %q", got, back, warn, err)
			}
		})
	}
}

// TestFastDateAgrees holds the fast path to what the general reader says,
// on the forms it takes and near misses it must leave to it.
func TestFastDateAgrees(t *testing.T) {
	for _, s := range []string{
		"Sat, 21 May 2005 09:43:33 GMT", "Tue, 1 Nov 2004 09:43:33 GMT", "Sun, 29 Feb 2004 23:59:59 GMT",
		"Fri, 21 May 2005 09:43:33 GMT", "Sat, 31 Apr 2005 09:43:33 GMT", "Sat, 21 may 2005 09:43:33 GMT",
		"Sat, 21 May 2005 24:43:33 GMT", "Sat, 21 May 05 09:43:33 GMT", "Sat, 21 May 2005 09:43:33 EST",
		"Sat,21 May 2005 09:43:33 GMT ", "Mon, 1 Jan 0001 00:00:00 GMT",
	} {
		fast, ok := fastDate(s)
		slow, warn, err := parseRFC822(s)
		if ok && (warn != "" || err != "" || !fast.Equal(slow)) {
			t.Errorf("%q: fast %v, general %v %q %q", s, fast, slow, warn, err)
		}
		if !ok && s == "Sat, 21 May 2005 09:43:33 GMT" {
			t.Errorf("%q: the fast path does not take the usual form", s)
		}
	}
}
