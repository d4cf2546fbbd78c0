package resolver

import (
	"strconv"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// provenance describes where a version comes from: its state, who made its
// latest change, and when.
func provenance(v dialect.Version, now time.Time) (state, who, when string) {
	state, who = versionState(v)
	return state, who, entryWhen(top(v), now)
}

// entryText shows a history entry: label, by, and when both as a date
// and relative to now.
func entryText(h HistoryEntry, now time.Time) string {
	if w := entryWhen(h, now); w != "" {
		return entryWho(h) + " · " + w
	}
	return entryWho(h)
}

// entryWho shows an entry's label and by: "#4 by GPM7383".
func entryWho(h HistoryEntry) string {
	s := h.Label
	if h.HasBy() {
		s += " by " + h.By
	}
	return s
}

// entryWhen shows an entry's when as a date and relative to now, or "".
func entryWhen(h HistoryEntry, now time.Time) string {
	if !h.HasWhen() {
		return ""
	}
	return stampDate(h) + " (" + ago(h.When, now) + ")"
}

func stampDate(h HistoryEntry) string { return h.When.UTC().Format("2006-01-02 15:04:05Z") }

// entryShort shows an entry in one short line, for the history pane.
func entryShort(h HistoryEntry) string {
	s := h.Label + " " + h.By
	if h.HasWhen() {
		s += " " + stampDate(h)
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
		h := top(v)
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
