package draw

import (
	"strconv"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// How the views name a version: by its latest change, labelled as its
// dialect numbers changes.

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

// HistoryOf returns a version's changes, newest first, labelled.
func HistoryOf(v dialect.Version) []HistoryEntry {
	d := v.State().Dialect
	hs := v.History()
	out := make([]HistoryEntry, len(hs))
	for i, h := range hs {
		out[i] = Labelled(d, h)
	}
	return out
}

// Labelled labels a change with its sequence ("#4", 1.0.2) or the
// version it made ("v4", 0.91).
func Labelled(d dialect.Dialect, h dialect.History) HistoryEntry {
	mark := "#"
	if d == dialect.SSE091 {
		mark = "v"
	}
	return HistoryEntry{Label: mark + strconv.Itoa(h.Number), When: h.When, By: h.By}
}

// Top returns a version's latest change, or the zero entry.
func Top(v dialect.Version) HistoryEntry {
	if h := HistoryOf(v); len(h) > 0 {
		return h[0]
	}
	return HistoryEntry{}
}

// EntryWho shows an entry's label and by: "#4 by GPM7383".
func EntryWho(h HistoryEntry) string {
	s := h.Label
	if h.HasBy() {
		s += " by " + h.By
	}
	return s
}

// StampDate shows an entry's when as a UTC date and time.
func StampDate(h HistoryEntry) string { return h.When.UTC().Format("2006-01-02 15:04:05Z") }

// RefLabel names a version by its latest change: "winner · #3 by
// alice-laptop · 2026-03-08 10:00:00Z".
func RefLabel(name string, v dialect.Version) string {
	h := Top(v)
	s := name + " · " + EntryWho(h)
	if h.HasWhen() {
		s += " · " + StampDate(h)
	}
	if v.Deleted() {
		s += " · deleted"
	}
	return s
}
