package feeds

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
)

// entry returns an Atom entry with sync id "a", the given updates and one
// history entry.
func entry(title, updates, when, by string) string {
	return `<entry><title>` + title + `</title><sx:sync id="a" updates="` + updates + `">` +
		`<sx:history sequence="` + updates + `" when="` + when + `" by="` + by + `"/></sx:sync></entry>`
}

func atomFeed(entries ...string) string {
	return `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">` +
		strings.Join(entries, "") + `</feed>`
}

// TestDateTimesRFC3339Allows guards QA's S8 (1.0.2 §2.1.5; RFC 3339 §5.6
// NOTE and §5.7): a leap second (23:59:60Z, on the last day of a month) and a
// lowercase "t" or "z" are RFC 3339 date-times, which other endpoints may
// write. They are read without a problem, compared as the instants they
// are, and written back exactly as they were read, also when the item is
// rewritten (a merge that another version wins), so that no endpoint sees
// its stamp changed. A 60th second anywhere else is still refused.
func TestDateTimesRFC3339Allows(t *testing.T) {
	for _, when := range []string{"2016-12-31T23:59:60Z", "2015-06-30T23:59:60Z", "2005-05-21t11:43:33Z",
		"2005-05-21T11:43:33z", "2005-05-21t11:43:33z", "2016-12-31t23:59:60z"} {
		t.Run(when, func(t *testing.T) {
			local := mustParse(t, "f.xml", atomFeed(entry("old", "1", "2005-01-01T00:00:00Z", "A")))
			remote := mustParse(t, "f.xml", atomFeed(entry("new", "2", when, "B")))
			merged, err := Merge(local, remote)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if _, err := merged.WriteTo(&b); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), `when="`+when+`"`) || !strings.Contains(b.String(), "<title>new</title>") {
				t.Errorf("merged feed lost the when as written:\n%s", b.String())
			}
		})
	}
	for _, bad := range []string{"2016-12-31T12:00:60Z", "2016-06-15T23:59:60Z", "2016-12-31T23:59:61Z", "2016-12-31X23:59:59Z"} {
		t.Run("refused_"+bad, func(t *testing.T) {
			_, err := Parse("f.xml", []byte(atomFeed(entry("x", "1", bad, "B"))))
			if err == nil || !strings.Contains(err.Error(), "is not an RFC 3339 date-time (1.0.2 §2.1.5)") {
				t.Errorf("Parse = %v, want it refused", err)
			}
		})
	}
}

// TestLeapSecondComparesAsTheInstantItIs (1.0.2 §2.1.5 with §3.3's
// winner picking, "chronologically later"; RFC 3339 §5.6 NOTE and §5.7):
// 23:59:60Z comes after 23:59:59Z and before the
// next day's 00:00:00Z; a lowercase form is the same instant as the
// uppercase one, so the tie goes to by.
func TestLeapSecondComparesAsTheInstantItIs(t *testing.T) {
	for _, tc := range []struct {
		name, localWhen, remoteWhen, want string
	}{
		{"leap_after_59", "2016-12-31T23:59:59Z", "2016-12-31T23:59:60Z", "remote"},
		{"leap_before_next_day", "2017-01-01T00:00:00Z", "2016-12-31T23:59:60Z", "local"},
		{"lowercase_same_instant_tie_to_by", "2005-05-21T11:43:33Z", "2005-05-21t11:43:33z", "remote"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			local := mustParse(t, "f.xml", atomFeed(entry("local", "2", tc.localWhen, "A")))
			remote := mustParse(t, "f.xml", atomFeed(entry("remote", "2", tc.remoteWhen, "B")))
			merged, err := Merge(local, remote)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			merged.WriteTo(&b)
			if !strings.Contains(b.String(), "<title>"+tc.want+"</title>") {
				t.Errorf("want %s to win:\n%s", tc.want, b.String())
			}
		})
	}
}

// fastDateTime counts a when's seconds itself (1.0.2 §2.1.5): it gives the
// time.Time that time.Date gives, to the bit, for the ends of February and
// of the year in every four-digit year, every day of the years around the
// epoch and the century leap rules, and refuses the days a month does not
// have.
func TestFastDateTimeIsTimeDate(t *testing.T) {
	check := func(y, m, d, hh, mm, ss int) {
		t.Helper()
		s := fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02dZ", y, m, d, hh, mm, ss)
		got, ok := fastDateTime(s)
		want := time.Date(y, time.Month(m), d, hh, mm, ss, 0, time.UTC)
		if valid := want.Day() == d; ok != valid || ok && got != want {
			t.Fatalf("fastDateTime(%s) = %v, %v; want %v, %v", s, got, ok, want, valid)
		}
	}
	for y := 0; y <= 9999; y++ {
		check(y, 1, 1, 0, 0, 0)
		check(y, 2, 28, y%24, y%60, 1)
		check(y, 2, 29, 12, 30, y%60)
		check(y, 3, 1, 0, 0, 0)
		check(y, 12, 31, 23, 59, 59)
	}
	for _, y := range []int{0, 1, 4, 100, 400, 1600, 1900, 1968, 1969, 1970, 1971, 1972, 2000, 2024, 2100, 9999} {
		for day := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC); day.Year() == y; day = day.AddDate(0, 0, 1) {
			check(y, int(day.Month()), day.Day(), 23, 59, 59)
		}
	}
	for _, s := range []string{"2023-02-29T00:00:00Z", "2024-04-31T00:00:00Z", "2024-13-01T00:00:00Z", "2024-00-01T00:00:00Z", "2024-01-00T00:00:00Z"} {
		if _, ok := fastDateTime(s); ok {
			t.Errorf("fastDateTime(%s) read a day the calendar does not have", s)
		}
	}
}
