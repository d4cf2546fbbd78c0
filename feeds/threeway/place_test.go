package threeway

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// outlines is an SSE 0.91 OPML outline every endpoint starts from: News
// (BBC, Le Monde), Tech (HN, Slashdot), and CNN, Misc at the top level,
// all made by A.
const outlines = `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <head>
  <title>Subscriptions</title>
 </head>
 <body>
  <outline text="News">
   <sx:sync id="news" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
   <outline text="BBC News" _note="World and UK" xmlUrl="http://bbc.example/rss">
    <sx:sync id="bbc" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
   </outline>
   <outline text="Le Monde" xmlUrl="http://lemonde.example/rss">
    <sx:sync id="lemonde" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
   </outline>
  </outline>
  <outline text="Tech">
   <sx:sync id="tech" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
   <outline text="HN" xmlUrl="http://hn.example/rss">
    <sx:sync id="hn" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
   </outline>
   <outline text="Slashdot" xmlUrl="http://slashdot.example/rss">
    <sx:sync id="slashdot" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
   </outline>
  </outline>
  <outline text="CNN" xmlUrl="http://cnn.example/rss">
   <sx:sync id="cnn" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
  </outline>
  <outline text="Misc">
   <sx:sync id="misc" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
  </outline>
 </body>
</opml>
`

// step is one update an endpoint makes to one outline.
type step struct {
	id string
	ch dialect.Change
}

// moveTo moves an outline under parent ("" for the top level) at place
// (1-based; 0 for after its siblings).
func moveTo(parent string, place int) dialect.Change {
	return dialect.Change{Parent: &parent, Place: place}
}

// sides applies each endpoint's steps to the base outline, B's first, B
// at minute 10 plus its step, C at minute 20 plus (so C's versions win),
// and merges the feeds, B's first; swap makes B's later, so that B's win.
func sides(t *testing.T, base string, swap bool, b, c []step) *dialect.Doc {
	t.Helper()
	var merged *dialect.Doc
	for i, steps := range [][]step{b, c} {
		by, min := string(rune('B'+i)), 10+10*i
		if swap {
			min = 30 - 10*i
		}
		d := parse(t, base)
		for k, s := range steps {
			e, err := d.Entry(s.id)
			if err != nil {
				t.Fatal(err)
			}
			st := engine.Stamp{When: time.Date(2026, 3, 2, 9, min+k, 0, 0, time.UTC), By: by}
			if e, err = d.Update(e, st, s.ch, dialect.Options{}); err != nil {
				t.Fatalf("%s: %s: %v", by, s.id, err)
			}
			d.Set(e)
		}
		d = parse(t, string(d.Bytes()))
		if merged == nil {
			merged = d
			continue
		}
		var err error
		if merged, err = dialect.Merge(merged, d); err != nil {
			t.Fatal(err)
		}
	}
	return parse(t, string(merged.Bytes()))
}

// placePlan combines outline id of d against the base outline, whose
// places it knows (FeedBases).
func placePlan(t *testing.T, d *dialect.Doc, id string) (dialect.Entry, Plan) {
	t.Helper()
	e, err := d.Entry(id)
	if err != nil {
		t.Fatal(err)
	}
	if !e.InConflict() {
		t.Fatalf("%s is not in conflict:\n%s", id, d.Bytes())
	}
	p, err := CombineIn(d, e, FeedBases{Doc: parse(t, outlines)}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return e, p
}

// resolvedIn resolves e of d with the plan and returns the feed written
// and read back.
func resolvedIn(t *testing.T, d *dialect.Doc, e dialect.Entry, p Plan) *dialect.Doc {
	t.Helper()
	res, err := d.Resolve(e, engine.Stamp{When: time.Date(2026, 3, 9, 9, 0, 0, 0, time.UTC), By: "Z"}, p.Resolution, dialect.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d.Set(res)
	return parse(t, string(d.Bytes()))
}

// parentOf returns where the written feed nests outline id: its parent's
// id and its place among its siblings, as a reader sees them.
func parentOf(t *testing.T, d *dialect.Doc, id string) (string, []string) {
	t.Helper()
	e, err := d.Entry(id)
	if err != nil {
		t.Fatal(err)
	}
	parent := e.Winner().Position().Parent
	var sibs []string
	es := d.Entries()
	for _, r := range d.Outline(es).Rows() {
		if o := es[r.Pos]; o.Winner().Position().Parent == parent && !o.Winner().Deleted() {
			sibs = append(sibs, o.ID())
		}
	}
	return parent, sibs
}

func clashWhy(p Plan) []Why {
	var out []Why
	for _, c := range p.Clashes {
		out = append(out, c.Why)
	}
	return out
}

// moved is an edit made with a move, in one update.
func moved(move, edit dialect.Change) dialect.Change {
	edit.Parent, edit.Place = move.Parent, move.Place
	return edit
}

// TestMoveCombinesWithAnEdit (issue 30 item 1): in SSE 0.91 OPML, an
// outline one endpoint moved (a new parent, or a new place among its
// siblings) and another edited (its text, another attribute) was a clash
// of the whole item, the versions' places compared with each other. With
// the base's place known, the place is a field like any other: the move
// is taken with the edit, one new version (0.91 §5) holding both, the
// outline under its new parent, whichever version won.
func TestMoveCombinesWithAnEdit(t *testing.T) {
	for _, c := range []struct {
		name          string
		move          dialect.Change
		parent        string
		siblings      []string
		edit          dialect.Change
		title, xmlURL string
	}{
		{"new parent, text edited", moveTo("tech", 0), "tech", []string{"hn", "slashdot", "bbc"}, title("BBC World News"), "BBC World News", "http://bbc.example/rss"},
		{"new place among siblings, attribute edited", moveTo("news", 2), "news", []string{"lemonde", "bbc"}, field("@xmlUrl", "http://bbc.example/world"), "BBC News", "http://bbc.example/world"},
		{"top level, text edited", moveTo("", 1), "", []string{"bbc", "news", "tech", "cnn", "misc"}, title("BBC World News"), "BBC World News", "http://bbc.example/rss"},
	} {
		for _, swap := range []bool{false, true} {
			d := sides(t, outlines, swap, []step{{"bbc", c.move}}, []step{{"bbc", c.edit}})
			e, p := placePlan(t, d, "bbc")
			if !p.Clean() || p.Resolution.Place == nil && !swap {
				t.Fatalf("%s (B wins %v): clashes %+v, place %v", c.name, swap, p.Clashes, p.Resolution.Place)
			}
			if !slices.Contains(p.Touched, "position") {
				t.Errorf("%s: touched %q, want the position among them", c.name, p.Touched)
			}
			got := resolvedIn(t, d, e, p)
			r, _ := got.Entry("bbc")
			parent, sibs := parentOf(t, got, "bbc")
			if r.InConflict() || parent != c.parent || !slices.Equal(sibs, c.siblings) || r.Title() != c.title || values(r.Winner())["@xmlUrl"] != c.xmlURL {
				t.Errorf("%s (B wins %v): in conflict %v, under %q among %q, %q %q", c.name, swap, r.InConflict(), parent, sibs, r.Title(), values(r.Winner())["@xmlUrl"])
			}
			if v := r.Winner().History(); v[0].By != "Z" || v[0].Number != 3 {
				t.Errorf("%s: the combination is not one new version by Z: %+v", c.name, v[0])
			}
		}
	}
}

// TestMoveWithoutTheBasePlaceClashesAsBefore: where the base's place is
// not known (bases that are no Places, as the version store's; or no feed
// given, Combine), an outline placed apart is a clash of the whole item,
// as it was: nothing is guessed.
func TestMoveWithoutTheBasePlaceClashesAsBefore(t *testing.T) {
	d := sides(t, outlines, false, []step{{"bbc", moveTo("tech", 0)}}, []step{{"bbc", title("BBC World News")}})
	e, _ := d.Entry("bbc")
	mem := Memory{}
	b, _ := parse(t, outlines).Entry("bbc")
	mem.Add(b)
	for name, run := range map[string]func() (Plan, error){
		"Combine":              func() (Plan, error) { return Combine(e, FeedBases{Doc: parse(t, outlines)}) },
		"CombineIn, no places": func() (Plan, error) { return CombineIn(d, e, mem, Options{}) },
	} {
		p, err := run()
		if err != nil || p.Clean() || !slices.Equal(clashWhy(p), []Why{Moved}) || p.Clashes[0].Key != "position" {
			t.Errorf("%s: %v, clashes %+v; want the whole item to clash, moved", name, err, p.Clashes)
		}
	}
}

// TestMovesToTheSamePlaceCombine: versions that moved an outline alike
// combine, each side's edits taken. The same place is the same parent
// and keys between which no other outline sorts: B moved BBC under Tech
// between HN and Slashdot; C moved Slashdot to the top level and then
// BBC after HN, the last there, a key of its own; both put BBC after HN
// and before nothing else, and the least key is taken.
func TestMovesToTheSamePlaceCombine(t *testing.T) {
	for _, c := range []struct {
		name string
		b, c []step
		sibs []string
	}{
		{"same key", []step{{"bbc", moved(moveTo("tech", 0), field("_note", "World"))}},
			[]step{{"bbc", moved(moveTo("tech", 0), title("BBC World News"))}}, []string{"hn", "slashdot", "bbc"}},
		{"keys with no sibling between", []step{{"bbc", moved(moveTo("tech", 2), field("_note", "World"))}},
			[]step{{"slashdot", moveTo("", 0)}, {"bbc", moved(moveTo("tech", 0), title("BBC World News"))}}, []string{"hn", "bbc"}},
	} {
		for _, swap := range []bool{false, true} {
			d := sides(t, outlines, swap, c.b, c.c)
			e, p := placePlan(t, d, "bbc")
			if !p.Clean() {
				t.Fatalf("%s (B wins %v): clashes %+v", c.name, swap, p.Clashes)
			}
			got := resolvedIn(t, d, e, p)
			r, _ := got.Entry("bbc")
			parent, sibs := parentOf(t, got, "bbc")
			if parent != "tech" || !slices.Equal(sibs, c.sibs) || r.Title() != "BBC World News" || values(r.Winner())["_note"] != "World" {
				t.Errorf("%s (B wins %v): under %q among %q, %q, note %q", c.name, swap, parent, sibs, r.Title(), values(r.Winner())["_note"])
			}
		}
	}
	// Either way round, the same key: every endpoint writes the same.
	var keys []dialect.Position
	for _, swap := range []bool{false, true} {
		c := []step{{"slashdot", moveTo("", 0)}, {"bbc", moved(moveTo("tech", 0), title("BBC World News"))}}
		d := sides(t, outlines, swap, []step{{"bbc", moveTo("tech", 2)}}, c)
		_, p := placePlan(t, d, "bbc")
		keys = append(keys, resolvedPlace(p, d))
	}
	if keys[0] != keys[1] {
		t.Errorf("the place taken depends on which version won: %+v", keys)
	}
}

// resolvedPlace is the place the plan leaves the outline at in d.
func resolvedPlace(p Plan, d *dialect.Doc) dialect.Position {
	if p.Resolution.Place != nil {
		return *p.Resolution.Place
	}
	e, _ := d.Entry("bbc")
	return e.Winner().Position()
}

// TestMovesToDifferentPlacesClash: versions that moved an outline to
// different places clash (Moved, the place), their other fields compared
// all the same: under two parents; under one parent with a sibling
// between the two keys (C moved CNN under Tech, then BBC after it; B moved
// BBC after Slashdot, not knowing CNN came); and the item stays in
// conflict.
func TestMovesToDifferentPlacesClash(t *testing.T) {
	for _, c := range []struct {
		name string
		b, c []step
	}{
		{"two parents", []step{{"bbc", moveTo("tech", 0)}}, []step{{"bbc", moved(moveTo("", 0), title("BBC World News"))}}},
		{"a sibling between", []step{{"bbc", moveTo("tech", 0)}}, []step{{"cnn", moveTo("tech", 0)}, {"bbc", moveTo("tech", 0)}}},
	} {
		for _, swap := range []bool{false, true} {
			d := sides(t, outlines, swap, c.b, c.c)
			_, p := placePlan(t, d, "bbc")
			if !slices.Equal(clashWhy(p), []Why{Moved}) || p.Resolution.Place != nil {
				t.Errorf("%s (B wins %v): clashes %+v, place %v; want the place to clash", c.name, swap, p.Clashes, p.Resolution.Place)
			}
		}
	}
}

// TestMoveThatWouldMakeACycleClashes (0.91 §4.4.2): a taken move must not
// make the outline its own ancestor. B moved News under Tech and C, which
// edited News's text, moved Tech under News: taking B's move with C's
// edit would put each under the other. It is a clash (Cycle), the item
// left as the spec's merge left it, with the flag its cycle detection set
// when it cut it. The winner's own place is checked too: with each of
// three outlines under the next through moves of other outlines, an
// outline no side moved but both edited, which cycle detection cut, is
// not resolved, which would drop its flag.
func TestMoveThatWouldMakeACycleClashes(t *testing.T) {
	for _, swap := range []bool{false, true} {
		d := sides(t, outlines, swap, []step{{"news", moveTo("tech", 0)}}, []step{{"news", title("World news")}, {"tech", moveTo("news", 0)}})
		_, p := placePlan(t, d, "news")
		if !slices.Equal(clashWhy(p), []Why{Cycle}) || p.Clashes[0].Key != "position" || p.Resolution.Place != nil {
			t.Errorf("B wins %v: clashes %+v, place %v; want a cycle", swap, p.Clashes, p.Resolution.Place)
		}
	}
	// Misc under Tech in the base; B moves News under Misc, C moves Tech
	// under News: Misc, Tech, News each under the next, Misc, the lowest
	// id, cut and flagged, edited by both.
	base := moveBase(t, "misc", "tech")
	for _, swap := range []bool{false, true} {
		d := sides(t, base, swap, []step{{"news", moveTo("misc", 0)}, {"misc", title("Other")}}, []step{{"tech", moveTo("news", 0)}, {"misc", field("_note", "later")}})
		es := d.Entries()
		cut := slices.ContainsFunc(d.Outline(es).Rows(), func(r dialect.OutlineRow) bool { return r.Cut && es[r.Pos].ID() == "misc" })
		e, err := d.Entry("misc")
		if err != nil || !cut || !e.InConflict() {
			t.Fatalf("B wins %v: misc cut %v, in conflict %v (%v): no such merge\n%s", swap, cut, e.InConflict(), err, d.Bytes())
		}
		p, err := CombineIn(d, e, FeedBases{Doc: parse(t, base)}, Options{})
		if err != nil || !slices.Equal(clashWhy(p), []Why{Cycle}) {
			t.Errorf("B wins %v: %v, clashes %+v; want the cut outline left in conflict", swap, err, p.Clashes)
		}
	}
}

// moveBase is the base outline with outline id moved under parent by A.
func moveBase(t *testing.T, id, parent string) string {
	t.Helper()
	d := parse(t, outlines)
	e, _ := d.Entry(id)
	e, err := d.Update(e, engine.Stamp{When: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC), By: "A"}, moveTo(parent, 0), dialect.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d.Set(e)
	return string(d.Bytes())
}

// TestMovedSiblingsAreNoMove: another item's move changes no outline's
// place. C edited BBC and moved its sibling Le Monde before it, B moved
// BBC under Tech: BBC combines under Tech with C's text, and Le Monde is
// where C put it.
func TestMovedSiblingsAreNoMove(t *testing.T) {
	for _, swap := range []bool{false, true} {
		d := sides(t, outlines, swap, []step{{"bbc", moveTo("tech", 1)}}, []step{{"lemonde", moveTo("news", 1)}, {"bbc", title("BBC World News")}})
		e, p := placePlan(t, d, "bbc")
		if !p.Clean() {
			t.Fatalf("B wins %v: clashes %+v", swap, p.Clashes)
		}
		got := resolvedIn(t, d, e, p)
		parent, sibs := parentOf(t, got, "bbc")
		lm, _ := parentOf(t, got, "lemonde")
		if r, _ := got.Entry("bbc"); parent != "tech" || !slices.Equal(sibs, []string{"bbc", "hn", "slashdot"}) || r.Title() != "BBC World News" || lm != "news" {
			t.Errorf("B wins %v: BBC under %q among %q, %q; Le Monde under %q", swap, parent, sibs, r.Title(), lm)
		}
	}
}

// TestResolvePlaceIsOPMLOnly: a resolution that places an item is refused
// in RSS.
func TestResolvePlaceIsOPMLOnly(t *testing.T) {
	d, e, _ := conflicted(t, rss091, title("Buy oat milk"), content("Get milk"))
	_, err := d.Resolve(e, engine.Stamp{When: time.Date(2026, 3, 9, 9, 0, 0, 0, time.UTC), By: "Z"}, dialect.Resolution{Place: &dialect.Position{}}, dialect.Options{})
	var o *dialect.OPMLOnlyError
	if !errors.As(err, &o) {
		t.Errorf("a place in RSS: %v, want an OPMLOnlyError", err)
	}
}
