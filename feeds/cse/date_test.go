package cse

import (
	"testing"
	"time"
)

// TestParseDate covers the dates of "<csx:lastBuildDate> element as a child
// of RSS <item>" ("must conform to RFC 822"), read leniently as the spec's
// own example writes them; a missing zone is read as GMT.
func TestParseDate(t *testing.T) {
	utc := func(y int, mo time.Month, d, h, mi, s int) time.Time {
		return time.Date(y, mo, d, h, mi, s, 0, time.UTC)
	}
	cases := []struct {
		name, in string
		want     time.Time
	}{
		{"spec example, no zone, month with a dot", "Mon, 2 Oct. 2006 12:35:12", utc(2006, 10, 2, 12, 35, 12)},
		{"spec example, one-digit hour", "Mon, 2 Oct. 2006 1:35:12", utc(2006, 10, 2, 1, 35, 12)},
		{"RFC 1123 with GMT", "Mon, 02 Oct 2006 12:35:12 GMT", utc(2006, 10, 2, 12, 35, 12)},
		{"no weekday", "2 Oct 2006 12:35:12 GMT", utc(2006, 10, 2, 12, 35, 12)},
		{"no seconds", "Mon, 2 Oct 2006 12:35 GMT", utc(2006, 10, 2, 12, 35, 0)},
		{"numeric zone", "Mon, 2 Oct 2006 12:35:12 +0200", utc(2006, 10, 2, 10, 35, 12)},
		{"numeric zone with colon", "Mon, 2 Oct 2006 12:35:12 -05:30", utc(2006, 10, 2, 18, 5, 12)},
		{"named zone", "Mon, 2 Oct 2006 12:35:12 PDT", utc(2006, 10, 2, 19, 35, 12)},
		{"military zone read as GMT", "Mon, 2 Oct 2006 12:35:12 Z", utc(2006, 10, 2, 12, 35, 12)},
		{"full month and weekday names", "Monday, 2 October 2006 12:35:12 UT", utc(2006, 10, 2, 12, 35, 12)},
		{"Sept", "Sat, 30 Sept 2006 00:00:00 GMT", utc(2006, 9, 30, 0, 0, 0)},
		{"two-digit year before 50", "2 Oct 06 12:35:12 GMT", utc(2006, 10, 2, 12, 35, 12)},
		{"two-digit year from 50", "2 Oct 99 12:35:12 GMT", utc(1999, 10, 2, 12, 35, 12)},
		{"lower case, extra spaces", "  mon,  2  oct  2006  12:35:12  gmt ", utc(2006, 10, 2, 12, 35, 12)},
		{"RFC 3339", "2006-10-02T12:35:12+02:00", utc(2006, 10, 2, 10, 35, 12)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseDate(tc.in)
			if err != nil || !got.Equal(tc.want) || got.Location() != time.UTC {
				t.Errorf("parseDate(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
			}
		})
	}
}

func TestParseDateRejects(t *testing.T) {
	cases := []struct{ name, in string }{
		{"empty", ""},
		{"words", "yesterday"},
		{"no time", "Mon, 2 Oct 2006"},
		{"bad month", "2 Oxt 2006 12:00:00"},
		{"no such day", "30 Feb 2006 12:00:00"},
		{"hour 24", "2 Oct 2006 24:00:00"},
		{"one-digit minute", "2 Oct 2006 12:5:00"},
		{"three-digit year", "2 Oct 206 12:00:00"},
		{"unknown zone", "2 Oct 2006 12:00:00 CEST"},
		{"bad numeric zone", "2 Oct 2006 12:00:00 +2"},
		{"trailing words", "2 Oct 2006 12:00:00 GMT and more"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got, err := parseDate(tc.in); err == nil {
				t.Errorf("parseDate(%q) = %v, want an error", tc.in, got)
			}
		})
	}
}

// TestFormatDate checks that what stamp writes reads back as the same
// instant.
func TestFormatDate(t *testing.T) {
	in := time.Date(2006, 10, 2, 14, 35, 12, 0, time.FixedZone("CEST", 2*3600))
	s := formatDate(in)
	if s != "Mon, 02 Oct 2006 12:35:12 GMT" {
		t.Errorf("formatDate = %q", s)
	}
	if back, err := parseDate(s); err != nil || !back.Equal(in) {
		t.Errorf("parseDate(formatDate) = %v, %v", back, err)
	}
}

// FuzzParseDate checks that reading a date never panics and that any date
// read is written and read back as the same instant.
// $ go test -fuzz=FuzzParseDate ./feeds/cse
func FuzzParseDate(f *testing.F) {
	f.Add("Mon, 2 Oct. 2006 1:35:12")
	f.Add("2006-10-02T12:35:12Z")
	f.Fuzz(func(t *testing.T, s string) {
		d, err := parseDate(s)
		if err != nil || d.Year() < 0 || d.Year() > 9999 {
			return
		}
		if back, err := parseDate(formatDate(d)); err != nil || !back.Equal(d.Truncate(time.Second)) {
			t.Errorf("%q: %v round-trips to %v, %v", s, d, back, err)
		}
	})
}
