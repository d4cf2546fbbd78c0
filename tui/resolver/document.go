package resolver

import (
	"fmt"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// The resolver sees a feed only through package dialect: a *dialect.Doc,
// its entries (dialect.Entry) and their versions (dialect.Version), all
// data. This file words that data for the screen: provenance, history
// labels, divergence and places in an outline.

// versionState describes a version's sync state and the author of its
// latest change: for FeedSync 1.0.2 "updates 2 · live" and "top #2 by
// bob-phone"; for SSE 0.91 the version, the deleted state and the conflict
// flag, or an sx:conflict record's version, and "by ep1".
func versionState(v dialect.Version) (state, who string) {
	s := v.State()
	life := "live"
	if s.Deleted {
		life = "deleted"
	}
	if s.Dialect == dialect.FeedSync102 {
		return fmt.Sprintf("updates %d · %s", s.Updates, life), "top " + draw.EntryWho(draw.Top(v))
	}
	who = "no by"
	if h := draw.Top(v); h.HasBy() {
		who = "by " + h.By
	}
	if s.Record {
		return fmt.Sprintf("sx:conflict version %d", s.Version), who
	}
	state = fmt.Sprintf("sx:sync version %d · %s", s.Version, life)
	if s.Conflict {
		state += ` · conflict="true"`
	}
	return state, who
}

// divergence describes where conflict version i and the winner parted:
// in FeedSync 1.0.2 the newest history entry both hold (1.0.2 §3.3
// subsumption works on the same entries); in SSE 0.91 the version both
// sides made, which the sx:conflict record names (0.91 §4.4.1), and what
// the winner's history says of it or of the version before.
func divergence(e dialect.Entry, i int, now time.Time) string {
	d := e.Divergence(i)
	w := e.Winner().State()
	if w.Dialect == dialect.FeedSync102 {
		if d.Common == nil {
			return "no shared history: the versions were created apart"
		}
		return "diverged after " + entryText(draw.Labelled(w.Dialect, *d.Common), now)
	}
	s := fmt.Sprintf("both sides made a version %d", d.Version)
	switch {
	case d.Made == nil:
		return s + "; the winner's history no longer holds it"
	case w.Version > d.Version:
		return s + "; the winner's is " + entryText(draw.Labelled(w.Dialect, *d.Made), now)
	case d.Before != nil:
		return s + "; the winner's came after " + entryText(draw.Labelled(w.Dialect, *d.Before), now)
	}
	return s
}

// placeText words where a version puts an outline: "under “News” · 2nd of
// 3", with the entries of the session to name the parent.
func placeText(p dialect.Place, entries []dialect.Entry) string {
	s := "at the top level"
	switch {
	case p.Parent != "" && p.ParentPos < 0:
		s = fmt.Sprintf("under an unknown outline %q", p.Parent)
	case p.Parent != "":
		parent := entries[p.ParentPos]
		s = "under “" + oneLine(parent.Title()) + "”"
		if parent.Winner().Deleted() {
			s += " (deleted)"
		}
	}
	s += fmt.Sprintf(" · %s of %d", ordinal(p.Index), p.Count)
	if p.Cut {
		s += " · shown at the top level: it was cut from a cycle of outlines"
	}
	return s
}

// ordinal writes 1 as "1st", 2 as "2nd", 11 as "11th".
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprint(n) + suffix
}
