package feeds

import (
	"time"

	"github.com/beevik/etree"
)

// dateTime reads a date-time attribute (§2.1.5): RFC 3339, in UTC with "Z",
// in whole seconds.
func (p *parser) dateTime(at place, key, value string) time.Time {
	t, msg := parseDateTime(value)
	if msg != "" {
		p.add(at, "%s %q %s (1.0.2 §2.1.5)", key, value, msg)
	}
	return t
}

// parseDateTime parses a date-time as §2.1.5 allows: RFC 3339 in UTC, in
// whole seconds, YYYY-MM-DDThh:mm:ssZ, without time.Parse on the way that
// valid feeds take. When the value is not of that form it returns a
// message saying what is wrong.
//
// RFC 3339 also allows what the strict form leaves out, and other
// endpoints may write it: a leap second (23:59:60Z, §5.7: on the last day
// of a month) and a lowercase "t" or "z" (the NOTE of §5.6). Both are read
// as valid. A leap second is the instant after 23:59:59Z and before the
// next day's 00:00:00Z, which time.Time cannot name: it is held as
// 23:59:59.999999999Z, which orders right, and written back as 23:59:60Z
// (appendDateTime); no valid when has fractional seconds, so nothing else
// reads as one. A lowercase form is the instant of the uppercase one
// (time.Time.Equal and Compare ignore the location) in a location that
// says which letters were lowercase, so that it is written back as it was
// read. Thus a stamp compares as the instant it is and no endpoint sees
// the text of its stamp changed.
func parseDateTime(s string) (time.Time, string) {
	if t, ok := fastDateTime(s); ok {
		return t, ""
	}
	if t, ok := otherDateTime(s); ok {
		return t, ""
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	switch {
	case err != nil:
		return time.Time{}, "is not an RFC 3339 date-time"
	case t.Nanosecond() != 0 || len(s) > 20 && s[19] == '.':
		return time.Time{}, "has fractional seconds"
	case s[len(s)-1] != 'Z':
		return time.Time{}, "is not in UTC ending in \"Z\""
	}
	return time.Time{}, "is not an RFC 3339 date-time"
}

// The lexical forms of a date-time besides YYYY-MM-DDThh:mm:ssZ, as the
// location of its time.Time (see parseDateTime), and a leap second's
// nanoseconds.
var (
	lowerT  = time.FixedZone("UTC t", 0)
	lowerZ  = time.FixedZone("UTC z", 0)
	lowerTZ = time.FixedZone("UTC tz", 0)
)

const leapNanos = 999_999_999

// otherDateTime parses the forms RFC 3339 allows beside the strict one:
// lowercase t or z, a leap second.
func otherDateTime(s string) (time.Time, bool) {
	if len(s) != 20 || s[10] != 't' && s[10] != 'T' || s[19] != 'z' && s[19] != 'Z' {
		return time.Time{}, false
	}
	b := []byte(s)
	b[10], b[19] = 'T', 'Z'
	leap := string(b[11:19]) == "23:59:60"
	if leap {
		copy(b[17:19], "59")
	}
	t, ok := fastDateTime(string(b))
	if !ok || leap && t.Day() != daysIn(t.Month(), t.Year()) {
		return time.Time{}, false
	}
	if leap {
		t = t.Add(leapNanos)
	}
	switch {
	case s[10] == 't' && s[19] == 'z':
		t = t.In(lowerTZ)
	case s[10] == 't':
		t = t.In(lowerT)
	case s[19] == 'z':
		t = t.In(lowerZ)
	}
	return t, true
}

// fastDateTime parses YYYY-MM-DDThh:mm:ssZ exactly. It counts the
// seconds itself, as time.Date would with time.UTC, and gives the same
// time.Time: every history entry of a feed has a when, and time.Date, twice
// an entry, was most of the cost of reading one.
func fastDateTime(s string) (time.Time, bool) {
	if len(s) != 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' || s[19] != 'Z' {
		return time.Time{}, false
	}
	num := func(i, n int) int {
		v := 0
		for _, c := range []byte(s[i : i+n]) {
			if c < '0' || c > '9' {
				return -1
			}
			v = v*10 + int(c-'0')
		}
		return v
	}
	y, mo, d := num(0, 4), num(5, 2), num(8, 2)
	h, mi, sec := num(11, 2), num(14, 2), num(17, 2)
	if y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59 {
		return time.Time{}, false
	}
	if d > daysIn(time.Month(mo), y) {
		return time.Time{}, false
	}
	unix := daysSinceEpoch(y, mo, d)*86400 + int64(h*3600+mi*60+sec)
	return time.Unix(unix, 0).UTC(), true
}

// daysIn returns the number of days in month m (1 to 12) of year y, in
// the proleptic Gregorian calendar time uses.
func daysIn(m time.Month, y int) int {
	if m == time.February && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		return 29
	}
	return monthDays[m]
}

// monthDays are the days of each month of a common year, from index 1.
var monthDays = [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}

// daysSinceEpoch returns the days from 1970-01-01 to year y, month m (1 to
// 12), day d, a valid date of a year from 0 on, in the proleptic
// Gregorian calendar: the years counted from March, so that a leap day
// ends its year, in eras of 400 years of 146,097 days.
func daysSinceEpoch(y, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := (y+400)/400 - 1                 // y >= -1: floor(y/400)
	yoe := y - era*400                     // [0, 399]
	doy := (153*((m+9)%12)+2)/5 + d - 1    // [0, 365], from March 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy // [0, 146096]
	return int64(era*146097+doe) - 719468  // 719468: 0000-03-01 to 1970-01-01
}

// appendDateTime appends t as YYYY-MM-DDThh:mm:ssZ, in the lexical form
// it was read in (parseDateTime): 23:59:60 for a leap second, a lowercase
// t or z where it had one.
func appendDateTime(b []byte, t time.Time) []byte {
	loc := t.Location()
	t = t.UTC()
	y, mo, d := t.Date()
	h, mi, s := t.Clock()
	if t.Nanosecond() == leapNanos && h == 23 && mi == 59 && s == 59 {
		s = 60
	}
	sep, z := byte('T'), byte('Z')
	if loc == lowerT || loc == lowerTZ {
		sep = 't'
	}
	if loc == lowerZ || loc == lowerTZ {
		z = 'z'
	}
	b = appendDigits(b, y, 4)
	b = append(b, '-')
	b = appendDigits(b, int(mo), 2)
	b = append(b, '-')
	b = appendDigits(b, d, 2)
	b = append(b, sep)
	b = appendDigits(b, h, 2)
	b = append(b, ':')
	b = appendDigits(b, mi, 2)
	b = append(b, ':')
	b = appendDigits(b, s, 2)
	return append(b, z)
}

// ParseDateTime parses a 1.0.2 date-time (§2.1.5) as Parse reads one:
// YYYY-MM-DDThh:mm:ssZ, or a leap second or lowercase t or z, which RFC
// 3339 allows (see the package doc). ok is false for anything else.
func ParseDateTime(s string) (t time.Time, ok bool) {
	t, msg := parseDateTime(s)
	return t, msg == ""
}

// DateTime returns t as a 1.0.2 date-time (§2.1.5), in the lexical form it
// was read in: a leap second as 23:59:60Z, a lowercase t or z kept.
func DateTime(t time.Time) string { return string(appendDateTime(nil, t)) }

func appendDigits(b []byte, v, n int) []byte {
	var buf [8]byte
	for i := n - 1; i >= 0; i-- {
		buf[i] = byte('0' + v%10)
		v /= 10
	}
	return append(b, buf[:n]...)
}

// sharing reads and checks sx:sharing (§2.2) and its sx:related elements
// (§2.3). since and until are opaque: only their presence is checked.
func (p *parser) sharing(e *etree.Element, parent *scope) *Sharing {
	s := &Sharing{}
	var hasSince, hasUntil bool
	for _, a := range e.Attr {
		if a.Space != "" || a.Key == "xmlns" {
			continue
		}
		if a.Value == "" {
			p.addEl(e, "%s is empty (1.0.2 §2.1.2)", a.Key)
		}
		switch a.Key {
		case "since":
			hasSince, s.Since = true, a.Value
		case "until":
			hasUntil, s.Until = true, a.Value
		case "expires":
			if a.Value != "" {
				p.dateTime(elPlace(e), a.Key, a.Value)
			}
			s.Expires = a.Value
		}
	}
	if hasSince != hasUntil {
		p.addEl(e, "since and until go together: one without the other (1.0.2 §2.2)")
	}
	es := parent.child(e)
	for c := range e.ChildElementsSeq() {
		if c.Tag == "related" && es.elemURI(c) == NSFeedSync {
			s.Related = append(s.Related, p.related(c))
		}
	}
	return s
}

// related reads and checks sx:related (§2.3).
func (p *parser) related(e *etree.Element) Related {
	var r Related
	var hasLink, hasType bool
	for _, a := range e.Attr {
		if a.Space != "" || a.Key == "xmlns" {
			continue
		}
		hasLink = hasLink || a.Key == "link"
		hasType = hasType || a.Key == "type"
		if a.Value == "" {
			p.addEl(e, "%s is empty (1.0.2 §2.1.2)", a.Key)
			continue
		}
		switch a.Key {
		case "link":
			r.Link = a.Value
			if !absoluteURI(a.Value) {
				p.addEl(e, "link %q is not an absolute URI (1.0.2 §2.3)", a.Value)
			}
		case "type":
			r.Type = a.Value
			if a.Value != "complete" && a.Value != "aggregated" {
				p.addEl(e, "type %q is neither \"complete\" nor \"aggregated\" (1.0.2 §2.3)", a.Value)
			}
		case "title":
			r.Title = a.Value
		}
	}
	if !hasLink {
		p.addEl(e, "no link (1.0.2 §2.3)")
	}
	if !hasType {
		p.addEl(e, "no type (1.0.2 §2.3)")
	}
	return r
}

// absoluteURI reports whether s is an absolute-URI of RFC 3986: a scheme,
// a colon, and URI characters with no fragment.
func absoluteURI(s string) bool {
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		alpha := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if i == 0 && !alpha {
			return false
		}
		if !alpha && !('0' <= c && c <= '9') && c != '+' && c != '-' && c != '.' {
			break
		}
	}
	if i == 0 || i >= len(s) || s[i] != ':' {
		return false
	}
	for j := i + 1; j < len(s); j++ {
		c := s[j]
		switch {
		case c == '%':
			if j+2 >= len(s) || !isHex(s[j+1]) || !isHex(s[j+2]) {
				return false
			}
			j += 2
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c < 0x80 && (c == '-' || c == '.' || c == '_' || c == '~' || // unreserved
			c == ':' || c == '/' || c == '?' || c == '[' || c == ']' || c == '@' || // gen-delims but '#'
			c == '!' || c == '$' || c == '&' || c == '\'' || c == '(' || c == ')' ||
			c == '*' || c == '+' || c == ',' || c == ';' || c == '='): // sub-delims
		default:
			return false
		}
	}
	return true
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
