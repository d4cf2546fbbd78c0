package engine

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// text is item data for tests: its digest is itself.
type text string

func (t text) Digest() string { return string(t) }

// at parses a §2.1.5 date-time; "" is the zero time (no when).
func at(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// h builds a history entry: h(3, "2005-05-21T11:43:33Z", "JEO2000").
func h(seq int, when, by string) History { return History{Sequence: seq, When: at(when), By: by} }

// item builds an item with the given updates and history.
func item(id string, updates int, data string, hs ...History) *Item {
	return &Item{Sync: Sync{ID: id, Updates: updates, History: hs}, Data: text(data)}
}

// stamp is a Stamp for a date-time and an endpoint.
func stamp(when, by string) Stamp { return Stamp{When: at(when), By: by} }

// show renders an item compactly for failure messages and comparisons.
func show(it *Item) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s u=%d", it.Sync.ID, it.Sync.Updates)
	if it.Sync.Deleted {
		b.WriteString(" deleted")
	}
	if it.Sync.NoConflicts {
		b.WriteString(" noconflicts")
	}
	fmt.Fprintf(&b, " %q [", it.Data)
	for i, e := range it.Sync.History {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(showH(e))
	}
	b.WriteString("]")
	for _, c := range it.Conflicts {
		fmt.Fprintf(&b, "\n  conflict: %s", show(c))
	}
	return b.String()
}

func showH(e History) string {
	w := "-"
	if e.HasWhen() {
		w = e.When.UTC().Format("15:04:05")
	}
	by := e.By
	if by == "" {
		by = "-"
	}
	return fmt.Sprintf("%d/%s/%s", e.Sequence, w, by)
}

func assertItem(t *testing.T, got *Item, want string) {
	t.Helper()
	if s := show(got); s != want {
		t.Errorf("got:\n%s\nwant:\n%s", s, want)
	}
}
