package resolver

import (
	"fmt"
	"strconv"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// The resolver sees a feed only through package dialect: a *dialect.Doc,
// its entries (dialect.Entry) and their versions (dialect.Version), all
// data. This file words that data for the screen: provenance, history
// labels, divergence and places in an outline.

// HistoryEntry is one change in a version's history, as the screen shows it.
type HistoryEntry struct {
	// Label places the change in the history: "#4" for a FeedSync 1.0.2
	// sequence, "v4" for an SSE 0.91 version.
	Label string
	// When is the time of the change; zero when absent.
	When time.Time
	// By is the endpoint that made it; empty when absent.
	By string
}

// Equal reports whether two entries record the same change.
func (h HistoryEntry) Equal(o HistoryEntry) bool {
	return h.Label == o.Label && h.By == o.By && h.When.Equal(o.When)
}

// HasWhen reports whether the entry carries a when.
func (h HistoryEntry) HasWhen() bool { return !h.When.IsZero() }

// HasBy reports whether the entry carries a by.
func (h HistoryEntry) HasBy() bool { return h.By != "" }

// historyOf returns a version's changes, newest first, labelled.
func historyOf(v dialect.Version) []HistoryEntry {
	d := v.State().Dialect
	hs := v.History()
	out := make([]HistoryEntry, len(hs))
	for i, h := range hs {
		out[i] = labelled(d, h)
	}
	return out
}

// labelled labels a change with its sequence ("#4", 1.0.2) or the
// version it made ("v4", 0.91).
func labelled(d dialect.Dialect, h dialect.History) HistoryEntry {
	mark := "#"
	if d == dialect.SSE091 {
		mark = "v"
	}
	return HistoryEntry{Label: mark + strconv.Itoa(h.Number), When: h.When, By: h.By}
}

// top returns a version's latest change, or the zero entry.
func top(v dialect.Version) HistoryEntry {
	if h := historyOf(v); len(h) > 0 {
		return h[0]
	}
	return HistoryEntry{}
}

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
		return fmt.Sprintf("updates %d · %s", s.Updates, life), "top " + entryWho(top(v))
	}
	who = "no by"
	if h := top(v); h.HasBy() {
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
		return "diverged after " + entryText(labelled(w.Dialect, *d.Common), now)
	}
	s := fmt.Sprintf("both sides made a version %d", d.Version)
	switch {
	case d.Made == nil:
		return s + "; the winner's history no longer holds it"
	case w.Version > d.Version:
		return s + "; the winner's is " + entryText(labelled(w.Dialect, *d.Made), now)
	case d.Before != nil:
		return s + "; the winner's came after " + entryText(labelled(w.Dialect, *d.Before), now)
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
