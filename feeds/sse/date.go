package ssefeed

import (
	"strings"
	"time"
)

// dateLayout is how feedsync writes a date-time it did not read: RFC 822
// with a four-digit year, in GMT, the day of the month unpadded as in the
// spec's examples ("Tue, 1 Nov 2004 09:43:33 GMT").
const dateLayout = "Mon, 2 Jan 2006 15:04:05"

// FormatDate writes t as feedsync writes a date-time it did not read: the
// spec's form (§1.2), RFC 822 in GMT with a four-digit year and the day of
// the month unpadded.
func FormatDate(t time.Time) string { return formatDate(t) }

// formatDate writes t in the spec's form (§1.2).
func formatDate(t time.Time) string {
	return t.UTC().Format(dateLayout) + " GMT"
}

var (
	months = []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	days   = []string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}
)

// dateError says what is wrong with a date-time attribute.
type dateError string

// parseDate reads a date-time as §1.2 requires it: RFC 822 (section 5),
// except with a four-digit year, expressed as GMT:
//
//	[day ","] 1*2DIGIT month 4DIGIT hh:mm[:ss] zone
//
// Names are matched without regard to case, as RFC 822 says. GMT is
// written "GMT", "UT", "Z" or as the offset +0000 or -0000; other zones
// are refused. A day of the week that does not match the date is not an
// error but is returned in warn, as is nothing else.
func parseDate(s string) (t time.Time, warn string, err dateError) {
	if t, ok := fastDate(s); ok {
		return t, "", ""
	}
	return parseRFC822(s)
}

// parseRFC822 is parseDate for every form.
func parseRFC822(s string) (t time.Time, warn string, err dateError) {
	weekday := ""
	rest := s
	if i := strings.IndexByte(s, ','); i >= 0 {
		weekday, rest = strings.TrimSpace(s[:i]), s[i+1:]
	}
	f := strings.Fields(rest)
	if len(f) != 5 {
		return time.Time{}, "", "is not an RFC 822 date-time (0.91 §1.2)"
	}
	day, ok := number(f[0], 1, 2)
	mon := indexFold(months, f[1])
	if !ok || mon < 0 {
		return time.Time{}, "", "is not an RFC 822 date-time (0.91 §1.2)"
	}
	year, ok := number(f[2], 4, 4)
	if !ok {
		if _, two := number(f[2], 2, 2); two {
			return time.Time{}, "", "has a two-digit year; 0.91 §1.2 requires four digits"
		}
		return time.Time{}, "", "is not an RFC 822 date-time (0.91 §1.2)"
	}
	h, m, sec, ok := clock(f[3])
	if !ok || day < 1 || day > daysIn(time.Month(mon+1), year) {
		return time.Time{}, "", "is not an RFC 822 date-time (0.91 §1.2)"
	}
	switch strings.ToUpper(f[4]) {
	case "GMT", "UT", "Z", "+0000", "-0000":
	default:
		if !zone(f[4]) {
			return time.Time{}, "", "is not an RFC 822 date-time (0.91 §1.2)"
		}
		return time.Time{}, "", "is not in GMT (0.91 §1.2)"
	}
	t = time.Date(year, time.Month(mon+1), day, h, m, sec, 0, time.UTC)
	if weekday != "" {
		wd := indexFold(days, weekday)
		if wd < 0 {
			return time.Time{}, "", "is not an RFC 822 date-time (0.91 §1.2)"
		}
		if time.Weekday(wd) != t.Weekday() {
			warn = "names " + days[wd] + " but the date is a " + t.Weekday().String()[:3]
		}
	}
	return t, warn, ""
}

// fastDate reads the form feeds write, "Sat, 21 May 2005 09:43:33 GMT"
// (the day of the month in one or two digits), with a day of the week that
// matches, without allocating; parseDate reads every other form.
func fastDate(s string) (time.Time, bool) {
	d := 2 // digits of the day of the month
	if len(s) == 28 {
		d = 1
	}
	if len(s) != 27+d || s[3] != ',' || s[4] != ' ' || s[5+d] != ' ' {
		return time.Time{}, false
	}
	day, ok1 := number(s[5:5+d], d, d)
	r := s[6+d:] // "May 2005 09:43:33 GMT"
	if len(r) != 21 || r[3] != ' ' || r[8] != ' ' || r[11] != ':' || r[14] != ':' || r[17:] != " GMT" {
		return time.Time{}, false
	}
	year, ok2 := number(r[4:8], 4, 4)
	h, ok3 := number(r[9:11], 2, 2)
	m, ok4 := number(r[12:14], 2, 2)
	sec, ok5 := number(r[15:17], 2, 2)
	mon := -1
	for i, name := range months {
		if r[:3] == name {
			mon = i
		}
	}
	if !(ok1 && ok2 && ok3 && ok4 && ok5) || mon < 0 || h > 23 || m > 59 || sec > 59 || day < 1 || day > daysIn(time.Month(mon+1), year) {
		return time.Time{}, false
	}
	t := time.Date(year, time.Month(mon+1), day, h, m, sec, 0, time.UTC)
	if t.IsZero() || s[:3] != days[t.Weekday()] {
		return time.Time{}, false
	}
	return t, true
}

// zone reports whether s is an RFC 822 zone other than GMT's names.
func zone(s string) bool {
	switch strings.ToUpper(s) {
	case "EST", "EDT", "CST", "CDT", "MST", "MDT", "PST", "PDT":
		return true
	}
	if len(s) == 1 {
		c := s[0] | 0x20
		return 'a' <= c && c <= 'z' && c != 'j'
	}
	if len(s) == 5 && (s[0] == '+' || s[0] == '-') {
		_, ok := number(s[1:], 4, 4)
		return ok
	}
	return false
}

// clock reads hh:mm or hh:mm:ss.
func clock(s string) (h, m, sec int, ok bool) {
	p := strings.Split(s, ":")
	if len(p) != 2 && len(p) != 3 {
		return 0, 0, 0, false
	}
	h, ok1 := number(p[0], 2, 2)
	m, ok2 := number(p[1], 2, 2)
	ok3 := true
	if len(p) == 3 {
		sec, ok3 = number(p[2], 2, 2)
	}
	return h, m, sec, ok1 && ok2 && ok3 && h < 24 && m < 60 && sec < 60
}

// number reads min to max decimal digits.
func number(s string, min, max int) (int, bool) {
	if len(s) < min || len(s) > max {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

func indexFold(list []string, s string) int {
	for i, x := range list {
		if strings.EqualFold(x, s) {
			return i
		}
	}
	return -1
}

func daysIn(m time.Month, y int) int {
	return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}
