package gitmerge

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// itemDesc is an RSS item with a description; each of hist is "SEQUENCE BY".
func itemDesc(id, title, desc string, hist ...string) string {
	return strings.Replace(item(id, title, hist...), "</title>\n", "</title>\n   <description>"+desc+"</description>\n", 1)
}

var merger = engine.Stamp{When: time.Date(2026, 3, 9, 9, 0, 0, 0, time.UTC), By: "M"}

// combined merges and combines the three feeds.
func combined(t *testing.T, base, ours, theirs string) *Outcome {
	t.Helper()
	v := Versions{Ours: parse(t, "ours", ours), Theirs: parse(t, "theirs", theirs), Base: NewBase(parse(t, "base", base))}
	out, err := Merge(v)
	if err != nil {
		t.Fatal(err)
	}
	out.Combine(v, CombineOptions{Stamp: merger})
	return out
}

// TestCombine checks issue 30 item 1's rule on the items both sides
// changed (1.0.2 §3.4, §4): one whose sides changed different fields is
// resolved as one new version by the merging endpoint that folds in both;
// one whose sides changed one field two ways stays in conflict, the
// other combining all the same; one a side held in conflict already is
// left to a person (ErrHeld).
func TestCombine(t *testing.T) {
	base := feed("To do", day1, itemDesc("x1", "Buy milk", "From the shop", "1 A"), itemDesc("x2", "Call mom", "On Sunday", "1 A"))
	ours := feed("To do", day1, itemDesc("x1", "Buy oat milk", "From the shop", "2 B", "1 A"), itemDesc("x2", "Call dad", "On Sunday", "2 B", "1 A"))
	theirs := feed("To do", day1, itemDesc("x1", "Buy milk", "From the store", "2 C", "1 A"), itemDesc("x2", "Call aunt", "On Sunday", "2 C", "1 A"))
	out := combined(t, base, ours, theirs)
	if !slices.Equal(out.Combined, []string{"x1"}) || !out.Plans["x1"].Combined() || out.Plans["x2"].Clean() {
		t.Fatalf("combined %q, plans %+v", out.Combined, out.Plans)
	}
	e, _ := out.Doc.Entry("x1")
	w := e.Winner()
	if e.InConflict() || e.Title() != "Buy oat milk" || w.History()[0].By != "M" || len(w.History()) != 4 {
		t.Errorf("x1: %q in conflict %v, history %+v", e.Title(), e.InConflict(), w.History())
	}
	for _, side := range []string{ours, theirs} {
		again, err := dialect.Merge(out.Doc, parse(t, "side", side))
		if err != nil {
			t.Fatal(err)
		}
		if a, _ := again.Entry("x1"); a.InConflict() || a.Winner().Digest() != w.Digest() || len(a.Winner().History()) != 4 {
			t.Errorf("merging a side again changed x1: %+v", a.Winner().History())
		}
	}

	held := strings.Replace(ours, "   </sx:sync>\n  </item>\n  <item>", `    <sx:conflicts><item><title>Buy cream</title><sx:sync id="x1" updates="2"><sx:history sequence="2" when="2026-03-02T09:00:00Z" by="D"/><sx:history sequence="1" when="2026-03-01T09:00:00Z" by="A"/></sx:sync></item></sx:conflicts>
   </sx:sync>
  </item>
  <item>`, 1)
	out = combined(t, base, held, theirs)
	if len(out.Combined) != 0 || !errors.Is(out.Plans["x1"].Err, ErrHeld) {
		t.Errorf("an item ours held in conflict: combined %q, plan %+v", out.Combined, out.Plans["x1"])
	}
}
