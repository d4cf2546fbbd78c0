package sse

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// text is item data for tests: its digest is itself.
type text string

func (t text) Digest() string { return string(t) }

// at parses an RFC 1123 date-time as the spec's examples write them; ""
// is the zero time (no when).
func at(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC1123, s)
	if err != nil {
		panic(err)
	}
	return t
}

// st builds a stamp: st("Sat, 21 May 2005 09:43:33 GMT", "REO1750").
func st(when, by string) Stamp { return Stamp{When: at(when), By: by} }

// item builds an item: version, data, sx:history's stamp, then sx:update stamps.
func item(id string, version int, data string, h Stamp, updates ...Stamp) *Item {
	return &Item{
		Sync: Sync{ID: id, Version: version, History: History{When: h.When, By: h.By, Updates: updates}},
		Data: text(data),
	}
}

// withConflicts returns the item with the given records, conflict flag set.
func withConflicts(it *Item, cs ...*Conflict) *Item {
	it.Conflict, it.Conflicts = true, cs
	return it
}

// record builds an sx:conflict.
func record(version int, s Stamp, data string) *Conflict {
	return &Conflict{Version: version, When: s.When, By: s.By, Data: text(data)}
}

func mustMerge(t testing.TB, local, incoming *Item) *Item {
	t.Helper()
	m, err := Merge(local, incoming)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// show renders an item on one line per element, for comparisons and
// failure messages.
func show(it *Item) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s v%d", it.ID, it.Version)
	if it.Deleted {
		b.WriteString(" deleted")
	}
	if it.Conflict {
		b.WriteString(" conflict")
	}
	if it.Position != (Position{}) {
		fmt.Fprintf(&b, " @%s/%s", it.Position.Parent, it.Position.Key)
	}
	fmt.Fprintf(&b, " %q\n  history %s", digest(it.Data), showStamp(it.History.Stamp()))
	for _, u := range it.History.Updates {
		fmt.Fprintf(&b, "\n  update %s", showStamp(u))
	}
	for _, c := range it.Conflicts {
		fmt.Fprintf(&b, "\n  conflict v%d %s %q", c.Version, showStamp(c.Stamp()), digest(c.Data))
		if c.Deleted {
			b.WriteString(" deleted")
		}
		if c.Position != (Position{}) {
			fmt.Fprintf(&b, " @%s/%s", c.Position.Parent, c.Position.Key)
		}
	}
	return b.String()
}

func showStamp(s Stamp) string {
	w := "-"
	if s.HasWhen() {
		w = s.When.UTC().Format(time.RFC1123)
	}
	by := s.By
	if by == "" {
		by = "-"
	}
	return w + " " + by
}

func assertItem(t *testing.T, got *Item, want string) {
	t.Helper()
	if s := show(got); s != want {
		t.Errorf("got:\n%s\nwant:\n%s", s, want)
	}
}

// est is a fixed zone, to check that instants, not clock faces, are compared.
var est = time.FixedZone("EST", -5*3600)
