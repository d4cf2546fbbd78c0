package threeway

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/dialect"
)

func TestBaseOf(t *testing.T) {
	made := engine.Stamp{When: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), By: "A"}
	for _, c := range []struct {
		name  string
		base  string
		edits []dialect.Change
	}{
		{"1.0.2 §2.5, §3.3: the newest entry both histories hold", rss102, []dialect.Change{title("b"), title("c")}},
		{"1.0.2 §2.5, §3.3: the newest entry all four histories hold", atomText, []dialect.Change{title("b"), title("c"), title("d"), title("e")}},
		{"0.91 §4.4.1: the version before the one the record names", rss091, []dialect.Change{title("b"), title("c")}},
		{"0.91 §4.4.1: OPML, three versions", opml091, []dialect.Change{title("b"), title("c"), title("d")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, e, _ := conflicted(t, c.base, c.edits...)
			h, ok := BaseOf(e)
			if !ok || h.Number != 1 || !h.Stamp.Equal(made) {
				t.Fatalf("BaseOf = %+v, %v; want #1 by A", h, ok)
			}
		})
	}
}

// Versions created apart share no history entry: no base (1.0.2 §3.3).
func TestBaseOfCreatedApart(t *testing.T) {
	other := strings.ReplaceAll(strings.ReplaceAll(rss102, `by="A"`, `by="B"`), "Buy milk", "Buy bread")
	merged, err := dialect.Merge(parse(t, rss102), parse(t, other))
	if err != nil {
		t.Fatal(err)
	}
	e := entry(t, merged)
	if !e.InConflict() {
		t.Fatal("no conflict")
	}
	if h, ok := BaseOf(e); ok {
		t.Fatalf("BaseOf = %+v, want none", h)
	}
	if h, ok := BaseOf(entry(t, parse(t, rss102))); ok {
		t.Fatalf("BaseOf of an item without conflict = %+v", h)
	}
}

// A 0.91 history trimmed past the base leaves none (0.91 §4.2 step 2.3).
func TestBaseOfTrimmed(t *testing.T) {
	d := parse(t, rss091)
	st := engine.Stamp{When: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), By: "B"}
	e, err := d.Update(entry(t, d), st, title("b"), dialect.Options{KeepVersions: 1})
	if err != nil {
		t.Fatal(err)
	}
	d.Set(e)
	c := parse(t, rss091)
	st.By = "C"
	ec, err := c.Update(entry(t, c), st, title("c"), dialect.Options{KeepVersions: 1})
	if err != nil {
		t.Fatal(err)
	}
	c.Set(ec)
	merged, err := dialect.Merge(parse(t, string(d.Bytes())), parse(t, string(c.Bytes())))
	if err != nil {
		t.Fatal(err)
	}
	if h, ok := BaseOf(entry(t, merged)); ok {
		t.Fatalf("BaseOf = %+v, want none: the winner's history no longer names version 1", h)
	}
}

// 0.91 §4.4.2: a conflict flag set alone (cycle detection) has no other
// version to combine: no base, nothing combined.
func TestCombineFlagAlone(t *testing.T) {
	flagged := strings.Replace(rss091, `version="1">`, `version="1" conflict="true">`, 1)
	e := entry(t, parse(t, flagged))
	if !e.InConflict() {
		t.Fatal("the flag does not put the item in conflict")
	}
	if _, err := Combine(e, Memory{}); !errors.Is(err, ErrNoBase) || !strings.Contains(err.Error(), "no other version") {
		t.Fatalf("Combine error %v", err)
	}
}
