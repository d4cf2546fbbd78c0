package cse

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// epoch is the date the spec assumes when an item or feed carries none:
// January 1st, 1601 ("Algorithm Definitions").
var epoch = time.Date(1601, time.January, 1, 0, 0, 0, 0, time.UTC)

// errNoDate marks a date element that is absent, as opposed to unreadable.
var errNoDate = errors.New("no date")

// dateLayout is how feedsync writes dates: RFC 822 as RFC 1123 tightened it,
// always in GMT, so that every reader agrees on the instant.
const dateLayout = "Mon, 02 Jan 2006 15:04:05 GMT"

// formatDate writes t the way feedsync stamps feeds.
func formatDate(t time.Time) string {
	return t.UTC().Format(dateLayout)
}

// parseDate reads an RFC 822 date leniently, because the spec's own example
// writes "Mon, 2 Oct. 2006 12:35:12" and "1:35:12": the weekday is optional
// and not checked, months may be abbreviated with a dot or spelt out, hours
// may have one digit, seconds and the zone may be missing. A missing zone is
// read as GMT. RFC 3339 dates are accepted too. The result is in UTC.
func parseDate(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, strings.TrimSpace(s)); err == nil {
		return t.UTC(), nil
	}
	f := strings.Fields(strings.ReplaceAll(s, ",", " "))
	if len(f) > 0 && isWeekday(f[0]) {
		f = f[1:]
	}
	if len(f) < 4 || len(f) > 5 {
		return time.Time{}, fmt.Errorf("date %q: want [weekday,] day month year hh:mm[:ss] [zone]", s)
	}
	t, err := parseFields(f)
	if err != nil {
		return time.Time{}, fmt.Errorf("date %q: %w", s, err)
	}
	return t, nil
}

// parseFields reads day, month, year, clock and an optional zone.
func parseFields(f []string) (time.Time, error) {
	day, err := number(f[0], 1, 31, "day")
	if err != nil {
		return time.Time{}, err
	}
	month, err := parseMonth(f[1])
	if err != nil {
		return time.Time{}, err
	}
	year, err := parseYear(f[2])
	if err != nil {
		return time.Time{}, err
	}
	h, m, sec, err := parseClock(f[3])
	if err != nil {
		return time.Time{}, err
	}
	loc := time.UTC
	if len(f) == 5 {
		if loc, err = parseZone(f[4]); err != nil {
			return time.Time{}, err
		}
	}
	t := time.Date(year, month, day, h, m, sec, 0, loc)
	if t.Day() != day {
		return time.Time{}, fmt.Errorf("no day %d in %s %d", day, month, year)
	}
	return t.UTC(), nil
}

// number reads a decimal field and checks its range.
func number(s string, lo, hi int, what string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi || strings.HasPrefix(s, "+") {
		return 0, fmt.Errorf("bad %s %q", what, s)
	}
	return n, nil
}

func isWeekday(s string) bool {
	s = strings.ToLower(strings.TrimSuffix(s, "."))
	for d := time.Sunday; d <= time.Saturday; d++ {
		name := strings.ToLower(d.String())
		if s == name || s == name[:3] {
			return true
		}
	}
	return false
}

// parseMonth accepts "Oct", "Oct.", "October" and "Sept", in any case.
func parseMonth(s string) (time.Month, error) {
	s = strings.ToLower(strings.TrimSuffix(s, "."))
	if s == "sept" {
		return time.September, nil
	}
	for m := time.January; m <= time.December; m++ {
		name := strings.ToLower(m.String())
		if s == name || s == name[:3] {
			return m, nil
		}
	}
	return 0, fmt.Errorf("bad month %q", s)
}

// parseYear takes two-digit years as RFC 2822 §4.3 does: 00–49 are 20xx,
// 50–99 are 19xx.
func parseYear(s string) (int, error) {
	switch len(s) {
	case 2:
		y, err := number(s, 0, 99, "year")
		if y < 50 {
			return 2000 + y, err
		}
		return 1900 + y, err
	case 4:
		return number(s, 0, 9999, "year")
	}
	return 0, fmt.Errorf("bad year %q", s)
}

// parseClock reads h:mm or hh:mm:ss.
func parseClock(s string) (h, m, sec int, err error) {
	p := strings.Split(s, ":")
	if len(p) < 2 || len(p) > 3 || len(p[1]) != 2 {
		return 0, 0, 0, fmt.Errorf("bad time %q", s)
	}
	if h, err = number(p[0], 0, 23, "hour"); err != nil {
		return 0, 0, 0, err
	}
	if m, err = number(p[1], 0, 59, "minute"); err != nil {
		return 0, 0, 0, err
	}
	if len(p) == 3 {
		if len(p[2]) != 2 {
			return 0, 0, 0, fmt.Errorf("bad second %q", p[2])
		}
		sec, err = number(p[2], 0, 60, "second")
	}
	return h, m, sec, err
}

// zones are RFC 822's named zones, in hours east of GMT.
var zones = map[string]int{
	"UT": 0, "UTC": 0, "GMT": 0, "Z": 0,
	"EST": -5, "EDT": -4, "CST": -6, "CDT": -5,
	"MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
}

// parseZone reads a named zone, +hhmm or +hh:mm. RFC 822's one-letter
// military zones had their signs reversed in practice, so, as RFC 2822 §4.3
// advises, they are read as GMT.
func parseZone(s string) (*time.Location, error) {
	up := strings.ToUpper(s)
	if h, ok := zones[up]; ok {
		return time.FixedZone(up, h*3600), nil
	}
	if len(up) == 1 && up[0] >= 'A' && up[0] <= 'Z' && up != "J" {
		return time.UTC, nil
	}
	digits := strings.Replace(s, ":", "", 1)
	if len(digits) != 5 || (digits[0] != '+' && digits[0] != '-') {
		return nil, fmt.Errorf("bad zone %q", s)
	}
	h, err := number(digits[1:3], 0, 23, "zone hour")
	if err != nil {
		return nil, err
	}
	m, err := number(digits[3:5], 0, 59, "zone minute")
	if err != nil {
		return nil, err
	}
	off := h*3600 + m*60
	if digits[0] == '-' {
		off = -off
	}
	return time.FixedZone(s, off), nil
}
