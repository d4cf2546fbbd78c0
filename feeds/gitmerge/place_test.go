package gitmerge

import (
	"slices"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
)

// tree is an SSE 0.91 OPML outline: News (BBC), Tech, Misc under Tech.
const tree = `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <head>
  <title>Subscriptions</title>
 </head>
 <body>
  <outline text="News">
   <sx:sync id="news" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
   <outline text="BBC News" xmlUrl="http://bbc.example/rss">
    <sx:sync id="bbc" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
   </outline>
  </outline>
  <outline text="Tech">
   <sx:sync id="tech" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
   <outline text="Misc">
    <sx:sync id="misc" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
   </outline>
  </outline>
 </body>
</opml>
`

// updatedBy applies the changes to outlines of the feed by endpoint by,
// at minute min and on.
func updatedBy(t *testing.T, feed, by string, min int, ids []string, chs ...dialect.Change) string {
	t.Helper()
	d := parse(t, by, feed)
	for i, id := range ids {
		e, err := d.Entry(id)
		if err != nil {
			t.Fatal(err)
		}
		st := engine.Stamp{When: time.Date(2026, 3, 2, 9, min+i, 0, 0, time.UTC), By: by}
		if e, err = d.Update(e, st, chs[i], dialect.Options{}); err != nil {
			t.Fatalf("%s: %s: %v", by, id, err)
		}
		d.Set(e)
	}
	return string(d.Bytes())
}

func under(parent string) dialect.Change { return dialect.Change{Parent: &parent} }

func retitled(s string) dialect.Change { return dialect.Change{Edit: dialect.Edit{Title: &s}} }

// TestCombineTakesAMoveWithAnEdit (issue 30 item 1): ours moved BBC under
// Tech, theirs renamed it; git's ancestor holds where BBC sat, so the
// move and the edit combine into one new version (0.91 §5), under Tech
// with the new name, either way round, as git's text merge combines a
// line moved with an edit elsewhere. It was left in conflict, outlines
// placed apart.
func TestCombineTakesAMoveWithAnEdit(t *testing.T) {
	ours := updatedBy(t, tree, "B", 0, []string{"bbc"}, under("tech"))
	theirs := updatedBy(t, tree, "C", 5, []string{"bbc"}, retitled("BBC World News"))
	for _, swap := range []bool{false, true} {
		o, th := ours, theirs
		if swap {
			o, th = th, o
		}
		out := combined(t, tree, o, th)
		e, _ := out.Doc.Entry("bbc")
		p := out.Plans["bbc"]
		if !slices.Equal(out.Combined, []string{"bbc"}) || e.InConflict() || e.Title() != "BBC World News" || e.Winner().Position().Parent != "tech" {
			t.Errorf("swapped %v: combined %q (%v, %+v), %q under %q", swap, out.Combined, p.Err, p.Clashes, e.Title(), e.Winner().Position().Parent)
		}
		if !slices.Equal(p.Touched, []string{"position", "title"}) {
			t.Errorf("swapped %v: touched %q", swap, p.Touched)
		}
	}
}

// TestCombineKeepsTheCutOfAnOutlineNoSideMoved (0.91 §4.4.2; keepCuts):
// Misc sits under Tech; ours moved News under Misc and renamed Misc,
// theirs moved Tech under News and gave Misc a note: Misc, Tech and News
// each under the next, and cycle detection cuts Misc, the lowest id,
// flagged in conflict. Misc's changes combine field by field, and
// resolving it dropped the flag, leaving the outline cut without a word
// and git merge exiting 0. The plan is a clash (threeway.Cycle) and Misc
// stays in conflict, as the spec's merge left it and as Outcome.Cut
// leaves an outline taken whole.
func TestCombineKeepsTheCutOfAnOutlineNoSideMoved(t *testing.T) {
	ours := updatedBy(t, tree, "B", 0, []string{"news", "misc"}, under("misc"), retitled("Other"))
	note := dialect.Change{Edit: dialect.Edit{Content: new(string)}}
	*note.Content = "later"
	theirs := updatedBy(t, tree, "C", 5, []string{"tech", "misc"}, under("news"), note)
	for _, swap := range []bool{false, true} {
		o, th := ours, theirs
		if swap {
			o, th = th, o
		}
		out := combined(t, tree, o, th)
		e, _ := out.Doc.Entry("misc")
		es := out.Doc.Entries()
		cut := slices.ContainsFunc(out.Doc.Outline(es).Rows(), func(r dialect.OutlineRow) bool { return r.Cut && es[r.Pos].ID() == "misc" })
		if len(out.Combined) != 0 || !e.InConflict() || !cut {
			t.Errorf("swapped %v: combined %q, misc in conflict %v, cut %v", swap, out.Combined, e.InConflict(), cut)
		}
		if cl := out.Plans["misc"].Clashes; len(cl) != 1 || cl[0].Why != threeway.Cycle {
			t.Errorf("swapped %v: misc's clashes %+v, want a cycle", swap, cl)
		}
	}
}
