package share

import (
	"time"
)

// Sharing is a feed's sx:sharing in either dialect (1.0.2 §2.2, §2.3; 0.91
// §2.1, §2.2).
type Sharing struct {
	// Since and Until bound the items in the feed; both or neither.
	Since, Until Mark
	// Expires is 1.0.2's expires (§2.2, §4.2.2), or zero.
	Expires time.Time
	// Window is 0.91's window, in days (§2.1), or 0.
	Window int
	// Complete is the link of the sx:related of type "complete", or "".
	Complete string
	// Related are the other sx:related elements (type "aggregated").
	Related []Related
}

// Related is an sx:related element other than the complete feed's.
type Related struct {
	Link, Type, Title string
}

// Mark is a since or until value. In 1.0.2 it is an opaque string that
// collates by code point (§4, footnote 1): Text. In 0.91 it is a date-time
// (§2.1): At, with Text as written. At is also set for 1.0.2 values that
// are RFC 3339 date-times, as this package's are.
type Mark struct {
	Text string    `json:"text"`
	At   time.Time `json:"at,omitzero"`
}

// IsZero reports whether the mark is absent.
func (m Mark) IsZero() bool { return m.Text == "" && m.At.IsZero() }

// bounded reports whether the feed carries since and until, the values
// of 1.0.2 §4.1.2 step 2 and 0.91 §2.1.
func (s *Sharing) bounded() bool { return s != nil && !s.Until.IsZero() }

// addRelated files an sx:related element read.
func (s *Sharing) addRelated(r Related) {
	if r.Type == "complete" && s.Complete == "" {
		s.Complete = r.Link
		return
	}
	s.Related = append(s.Related, r)
}

// related returns every sx:related element to write, the complete feed's
// first.
func (s *Sharing) related() []Related {
	var out []Related
	if s.Complete != "" {
		out = append(out, Related{Link: s.Complete, Type: "complete"})
	}
	return append(out, s.Related...)
}

// mark102 reads a 1.0.2 since or until.
func mark102(text string) Mark {
	m := Mark{Text: text}
	if t, err := time.Parse(time.RFC3339, text); err == nil {
		m.At = t.UTC()
	}
	return m
}

// mark091 makes a 0.91 since or until from its instant.
func mark091(t time.Time) Mark {
	if t.IsZero() {
		return Mark{}
	}
	return Mark{Text: formatRFC822(t), At: t.UTC()}
}

// stampMark writes a stamp of this package's publisher as the dialect
// writes since and until: RFC 3339 in UTC for 1.0.2, which collate as
// strings (§4, footnote 1), and an RFC 822 date for 0.91 (§1.2).
func stampMark(d Dialect, t time.Time) Mark {
	if d == SSE091 {
		return mark091(t)
	}
	return Mark{Text: t.UTC().Format(time.RFC3339), At: t.UTC()}
}

// formatRFC822 writes a date-time as SSE 0.91 §1.2 asks, in GMT with a
// four-digit year.
func formatRFC822(t time.Time) string { return t.UTC().Format("Mon, 2 Jan 2006 15:04:05") + " GMT" }

// parseMark reads a since or until sent back by a subscriber: this
// package's own form in either dialect. ok is false for anything else.
func parseMark(d Dialect, text string) (time.Time, bool) {
	layout := time.RFC3339
	if d == SSE091 {
		layout = time.RFC1123
	}
	t, err := time.Parse(layout, text)
	if err != nil || stampMark(d, t).Text != text {
		return time.Time{}, false
	}
	return t.UTC(), true
}

// outOfSync reports whether a subscriber that cached until from its last
// read has missed updates that fell out of the feed (1.0.2 §4.1.2 step
// 2.1; 0.91 §2.1).
//
// 1.0.2: since collates after the cached until, as strings (§4, footnote 1).
//
// 0.91: since and until are date-times, compared as instants, and since is
// inclusive: "all items updated on or after" it are in the feed. A
// subscriber that saw every update up to until misses one only if some
// whole second lies after until and before since, that is, when since is
// more than a second after until; a since just one second after until is
// the window's edge meeting what the subscriber already has.
func outOfSync(d Dialect, since, cachedUntil Mark) bool {
	if since.IsZero() || cachedUntil.IsZero() {
		return false
	}
	if d == SSE091 {
		return since.At.After(cachedUntil.At.Add(time.Second))
	}
	return since.Text > cachedUntil.Text
}
