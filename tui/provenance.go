package tui

import (
	"fmt"
	"strconv"
	"time"

	"github.com/feedsync/feedsync/engine"
)

// provenance describes where a version comes from: its updates and deleted
// state, then who made its topmost history entry and when.
func provenance(it *engine.Item, now time.Time) (state, who, when string) {
	state = fmt.Sprintf("updates %d · ", it.Sync.Updates)
	if it.Sync.Deleted {
		state += "deleted"
	} else {
		state += "live"
	}
	h := it.Sync.Topmost()
	return state, "top " + entryWho(h), entryWhen(h, now)
}

// divergence describes the newest history entry two versions share, where
// they went their own ways (§3.3 subsumption works on the same entries).
func divergence(a, b *engine.Item, now time.Time) string {
	h, ok := engine.Divergence(a, b)
	if !ok {
		return "no shared history: the versions were created apart"
	}
	return "diverged after " + entryText(h, now)
}

// entryText shows a history entry: sequence, by, and when both as a date
// and relative to now.
func entryText(h engine.History, now time.Time) string {
	if w := entryWhen(h, now); w != "" {
		return entryWho(h) + " · " + w
	}
	return entryWho(h)
}

// entryWho shows an entry's sequence and by: "#4 by GPM7383".
func entryWho(h engine.History) string {
	s := "#" + strconv.Itoa(h.Sequence)
	if h.HasBy() {
		s += " by " + h.By
	}
	return s
}

// entryWhen shows an entry's when as a date and relative to now, or "".
func entryWhen(h engine.History, now time.Time) string {
	if !h.HasWhen() {
		return ""
	}
	return stampDate(h) + " (" + ago(h.When, now) + ")"
}

func stampDate(h engine.History) string { return h.When.UTC().Format("2006-01-02 15:04:05Z") }

// entryShort shows an entry in one short line, for the history pane.
func entryShort(h engine.History) string {
	s := "#" + strconv.Itoa(h.Sequence) + " " + h.By
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
// lacking one, the when) of each version's topmost entry, without repeats.
func endpoints(it *engine.Item) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range append([]*engine.Item{it}, it.Conflicts...) {
		h := v.Sync.Topmost()
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
