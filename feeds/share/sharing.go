package share

import (
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// Mark is a since or until value (see dialect.Mark).
type Mark = dialect.Mark

// bounded reports whether a feed's sx:sharing carries since and until, the
// values of 1.0.2 §4.1.2 step 2 and 0.91 §2.1.
func bounded(s *dialect.Sharing) bool { return s != nil && !s.Until.IsZero() }

// rfc822 is how this package writes a 0.91 date-time (0.91 §1.2: RFC 822
// with a four-digit year, in GMT), and reads back its own.
const rfc822 = "Mon, 2 Jan 2006 15:04:05 GMT"

// stampMark writes a stamp of this package's publisher as the dialect
// writes since and until: RFC 3339 in UTC for 1.0.2, which collate as
// strings (1.0.2 §4, footnote 1), and an RFC 822 date for 0.91 (§1.2).
func stampMark(d dialect.Dialect, t time.Time) Mark {
	t = t.UTC()
	if d == dialect.SSE091 {
		return Mark{Text: t.Format(rfc822), At: t}
	}
	return Mark{Text: t.Format(time.RFC3339), At: t}
}

// inclusive reports whether the dialect's since is inclusive: 0.91 §2.1,
// "all items updated on or after this date-time are included". 1.0.2's is
// compared as a string with the cached until (§4.1.2 step 2.1).
func inclusive(d dialect.Dialect) bool { return d == dialect.SSE091 }

// sinceMark writes since, given as the greatest stamp no longer in the
// feed (or the floor): as it is in 1.0.2, and a second later in 0.91,
// whose since is inclusive.
func sinceMark(d dialect.Dialect, since int64) Mark {
	return stampMark(d, time.Unix(since+sinceStep(d), 0))
}

// sinceStep is what sinceMark adds to the greatest stamp left out: a
// second in 0.91, whose since is inclusive, none in 1.0.2.
func sinceStep(d dialect.Dialect) int64 {
	if inclusive(d) {
		return 1
	}
	return 0
}

// parseMark reads a since or until sent back by a subscriber: this
// package's own form in either dialect. ok is false for anything else.
func parseMark(d dialect.Dialect, text string) (time.Time, bool) {
	layout := time.RFC3339
	if d == dialect.SSE091 {
		layout = rfc822
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
func outOfSync(d dialect.Dialect, since, cachedUntil Mark) bool {
	if since.IsZero() || cachedUntil.IsZero() {
		return false
	}
	if d == dialect.SSE091 {
		return since.At.After(cachedUntil.At.Add(time.Second))
	}
	return since.Text > cachedUntil.Text
}
