package dialect

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	sse "github.com/feedsync/feedsync/engine/sse"
)

// hist renders a history as "#n by when", newest first.
func hist(hs []History) string {
	var out []string
	for _, h := range hs {
		out = append(out, fmt.Sprintf("#%d %s %s", h.Number, h.By, h.When.Format(time.RFC3339)))
	}
	return strings.Join(out, "; ")
}

// 1.0.2 §2.4 to §2.6 as data: the winner and its conflict versions, their
// sync state and history, and where each parted from the winner (the
// newest history entry both hold, 1.0.2 §3.3 note 1).
func TestEntries102(t *testing.T) {
	d := parse(t, "f.xml", conflict102)
	e, err := d.Entry("x")
	if err != nil {
		t.Fatal(err)
	}
	if !e.InConflict() || e.Title() != "Buy groceries - DONE" || len(e.Versions()) != 2 {
		t.Fatalf("in conflict %v, title %q, %d versions", e.InConflict(), e.Title(), len(e.Versions()))
	}
	if got, want := e.Winner().State(), (State{Dialect: FeedSync102, Updates: 4}); got != want {
		t.Errorf("winner %+v, want %+v", got, want)
	}
	if got, want := hist(e.Winner().History()), "#4 GPM7383 2005-05-21T12:43:33Z; #3 REO1750 2005-05-21T11:43:33Z"; got != want {
		t.Errorf("winner history %s, want %s", got, want)
	}
	v := e.Versions()[0]
	if got, want := hist(v.History()), "#4 JEO2000 2005-05-21T12:03:33Z; #3 REO1750 2005-05-21T11:43:33Z"; got != want || v.Deleted() {
		t.Errorf("version 1 history %s, want %s", got, want)
	}
	if d := e.Divergence(0); d.Common == nil || hist([]History{*d.Common}) != "#3 REO1750 2005-05-21T11:43:33Z" {
		t.Errorf("version 1 parted at %+v, want REO1750's #3", d.Common)
	}
	if d := e.Divergence(1); d.Common != nil {
		t.Errorf("version 2 was created apart, but parted at %+v", d.Common)
	}
	if content(v) != "Get milk, eggs, butter and rolls" || v.Position() != (Position{}) {
		t.Errorf("version 1: content %q, position %+v", content(v), v.Position())
	}
	if again, _ := d.Entry("x"); again != e || again.Winner() != e.Winner() || again.Versions()[0] != v || e.Winner() == v {
		t.Errorf("entries and versions do not compare as values")
	}
}

// 0.91 §2.3 to §2.5 and §5 as data: the winner's sx:sync with its conflict
// flag, its history numbered by the versions the changes made, and an
// sx:conflict record, which has a version and a when and by only; the
// record names the version both sides made (0.91 §4.4.1).
func TestEntries091(t *testing.T) {
	e, err := parse(t, "f.xml", conflict091).Entry("1")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := e.Winner().State(), (State{Dialect: SSE091, Version: 2, Conflict: true}); got != want {
		t.Errorf("winner %+v, want %+v", got, want)
	}
	if got, want := hist(e.Winner().History()), "#2 GPM7383 2005-05-22T10:00:00Z; #1 REO1750 2005-05-21T09:43:33Z"; got != want {
		t.Errorf("winner history %s, want %s", got, want)
	}
	v := e.Versions()[0]
	if got, want := v.State(), (State{Dialect: SSE091, Version: 2, Record: true}); got != want {
		t.Errorf("record %+v, want %+v", got, want)
	}
	if got, want := hist(v.History()), "#2 JEO2000 2005-05-22T09:00:00Z"; got != want {
		t.Errorf("record history %s, want %s", got, want)
	}
	d := e.Divergence(0)
	if d.Version != 2 || d.Made == nil || d.Made.By != "GPM7383" || d.Before == nil || d.Before.By != "REO1750" || d.Common != nil {
		t.Errorf("divergence %+v", d)
	}
	if content(v) != "Get milk, eggs and rolls" {
		t.Errorf("record content %q", content(v))
	}
}

// An OPML outline's tree as data: rows as the writer lays them out, depth
// as sse.Build nests the live outlines, the outline that 0.91 §4.4.2 cycle
// detection cut marked, and each version's place among its siblings.
func TestOutline(t *testing.T) {
	base := parse(t, "base.opml", opml091)
	move := func(name, id, parent string, minute int) *Doc {
		d := reparse(t, base)
		e, _ := d.Entry(id)
		up, err := d.Update(e, at(minute, name), Change{Parent: ptr(parent)}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		d.Set(up)
		return reparse(t, d)
	}
	// Each side moves an outline under the other's: a cycle once merged.
	m, err := Merge(move("L", "tech", "bbc", 1), move("R", "news", "tech", 2))
	if err != nil {
		t.Fatal(err)
	}
	entries := m.Entries()
	o := m.Outline(entries)
	var items []*sse.Item
	for _, e := range entries {
		items = append(items, e.sse)
	}
	tree := sse.Build(items)
	cut := sse.Cycles(items)
	if len(cut) != 1 {
		t.Fatalf("cycles cut %v, want one", cut)
	}
	var rows []string
	for _, r := range o.Rows() {
		e := entries[r.Pos]
		depth := 0
		for p := tree.Parent(e.ID()); p != ""; p = tree.Parent(p) {
			depth++
		}
		if depth != r.Depth || r.Cut != slices.Contains(cut, e.ID()) {
			t.Errorf("%s at depth %d cut %v; sse.Build: depth %d, cut %v", e.ID(), r.Depth, r.Cut, depth, cut)
		}
		rows = append(rows, strings.Repeat(" ", r.Depth)+e.ID())
		p := o.Place(e.Winner())
		if p.Cut != r.Cut || p.Index < 1 || p.Index > p.Count {
			t.Errorf("%s: place %+v", e.ID(), p)
		}
		if p.Parent != "" && (p.ParentPos < 0 || entries[p.ParentPos].ID() != p.Parent) {
			t.Errorf("%s: parent %q at %d", e.ID(), p.Parent, p.ParentPos)
		}
	}
	if len(rows) != 3 {
		t.Errorf("rows %q", rows)
	}
	if o := parse(t, "f.xml", rss091).Outline(nil); o != nil {
		t.Errorf("an RSS feed has an outline")
	}
}

// The places of the outline as read: News and Tech at the top level, BBC
// the only child of News.
func TestOutlinePlaces(t *testing.T) {
	d := parse(t, "f.opml", opml091)
	entries := d.Entries()
	o := d.Outline(entries)
	for _, c := range []struct {
		id   string
		want Place
	}{
		{"news", Place{ParentPos: -1, Index: 1, Count: 2}},
		{"tech", Place{ParentPos: -1, Index: 2, Count: 2}},
		{"bbc", Place{Parent: "news", ParentPos: 0, Index: 1, Count: 1}},
	} {
		e, _ := d.Entry(c.id)
		if got := o.Place(e.Winner()); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.id, got, c.want)
		}
	}
}

// TestSameDigestIsDigestEquality: Version.SameDigest answers as comparing
// Digests does, for every pair of versions of a 1.0.2 feed in conflict
// and of a 0.91 one, across the dialects too.
func TestSameDigestIsDigestEquality(t *testing.T) {
	var vs []Version
	for _, f := range []string{conflict102, conflict091} {
		for _, e := range parse(t, "f.xml", f).Entries() {
			vs = append(vs, e.Winner())
			vs = append(vs, e.Versions()...)
		}
	}
	same := 0
	for _, a := range vs {
		for _, b := range vs {
			want := a.Digest() == b.Digest()
			if got := a.SameDigest(b); got != want {
				t.Fatalf("SameDigest = %v, Digests %q and %q", got, a.Digest(), b.Digest())
			}
			if want {
				same++
			}
		}
	}
	if same == len(vs)*len(vs) || same < len(vs) {
		t.Errorf("%d of %d pairs with the same digest: the cases do not tell", same, len(vs)*len(vs))
	}
}
