package resolver

import (
	"strconv"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// provenance describes where a version comes from: its state, who made its
// latest change, and when.
func provenance(v dialect.Version, now time.Time) (state, who, when string) {
	state, who = versionState(v)
	return state, who, entryWhen(draw.Top(v), now)
}

// entryText shows a history entry: label, by, and when both as a date
// and relative to now.
func entryText(h draw.HistoryEntry, now time.Time) string {
	if w := entryWhen(h, now); w != "" {
		return draw.EntryWho(h) + " · " + w
	}
	return draw.EntryWho(h)
}

// entryWhen shows an entry's when as a date and relative to now, or "".
func entryWhen(h draw.HistoryEntry, now time.Time) string {
	if !h.HasWhen() {
		return ""
	}
	return draw.StampDate(h) + " (" + ago(h.When, now) + ")"
}

// entryShort shows an entry in one short line, for the history pane.
func entryShort(h draw.HistoryEntry) string {
	s := h.Label + " " + h.By
	if h.HasWhen() {
		s += " " + draw.StampDate(h)
	}
	return s
}

// ago says how long before now t was, roughly: "2 h ago".
func ago(t, now time.Time) string {
	d := now.Sub(t)
	suffix := " ago"
	if d < 0 {
		d, suffix = -d, " ahead"
	}
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return strconv.Itoa(int(d/time.Minute)) + " min" + suffix
	case d < 48*time.Hour:
		return strconv.Itoa(int(d/time.Hour)) + " h" + suffix
	case d < 60*24*time.Hour:
		return strconv.Itoa(int(d/(24*time.Hour))) + " days" + suffix
	case d < 2*365*24*time.Hour:
		return strconv.Itoa(int(d/(30*24*time.Hour))) + " months" + suffix
	}
	return strconv.Itoa(int(d/(365*24*time.Hour))) + " years" + suffix
}

// endpoints lists the endpoints behind an item's versions: the by (or,
// lacking one, the when) of each version's latest change, without repeats.
func endpoints(e dialect.Entry) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range append([]dialect.Version{e.Winner()}, e.Versions()...) {
		h := draw.Top(v)
		name := h.By
		if name == "" {
			name = h.When.UTC().Format(time.RFC3339)
		}
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	return out
}
