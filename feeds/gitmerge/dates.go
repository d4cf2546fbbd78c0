package gitmerge

import (
	"slices"
	"strings"
	"time"

	"github.com/feedsync/feedsync/feeds"
)

// feedDates are the feed-level elements that say when the feed as a whole
// last changed: RSS lastBuildDate and pubDate, Atom updated, OPML
// dateModified. When both sides of a git merge changed one, the later is
// kept and the path is not left conflicted for it: the merged feed holds
// both sides' changes, and neither date is a change of its own to lose.
var feedDates = []string{"lastBuildDate", "pubDate", "updated", "dateModified"}

// splitDates moves the feed dates among the parts both sides changed from
// LevelBoth to LevelDates, noting in datesTheirs those where theirs' date
// is the later. A date that does not parse on either side stays in
// LevelBoth.
func (out *Outcome) splitDates(v Versions) {
	o, t := v.Ours.FeedLevel(), v.Theirs.FeedLevel()
	out.LevelBoth = slices.DeleteFunc(out.LevelBoth, func(name string) bool {
		if !slices.Contains(feedDates, localName(name)) {
			return false
		}
		od, ok1 := partDate(o, name)
		td, ok2 := partDate(t, name)
		if !ok1 || !ok2 {
			return false
		}
		out.LevelDates = append(out.LevelDates, name)
		if td.After(od) {
			out.datesTheirs = append(out.datesTheirs, name)
		}
		return true
	})
}

// localName is a qualified name without its prefix.
func localName(name string) string {
	_, local, ok := strings.Cut(name, ":")
	if !ok {
		return name
	}
	return local
}

// partDate returns the date of the one part named name, an element
// holding a date as RSS (RFC 822) or Atom (RFC 3339) writes it.
func partDate(parts []feeds.Part, name string) (time.Time, bool) {
	var text string
	n := 0
	for _, p := range parts {
		if p.Name == name {
			n++
			_, rest, _ := strings.Cut(p.XML, ">")
			text, _, _ = strings.Cut(rest, "<")
		}
	}
	if n != 1 {
		return time.Time{}, false
	}
	text = strings.TrimSpace(text)
	for _, layout := range []string{time.RFC3339, time.RFC1123Z, time.RFC1123, "Mon, 2 Jan 2006 15:04:05 MST", "Mon, 2 Jan 2006 15:04:05 -0700", "2 Jan 2006 15:04:05 MST"} {
		if t, err := time.Parse(layout, text); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
