package resolver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// fakeBases holds the base of items by id, whatever the history entry
// asked for; asked records the entries asked for.
type fakeBases struct {
	byID  map[string][]dialect.Field
	asked []dialect.History
}

func (b *fakeBases) Base(id string, h dialect.History) ([]dialect.Field, bool) {
	b.asked = append(b.asked, h)
	fs, ok := b.byID[id]
	return fs, ok
}

// demoBases returns bases for the demo's groceries (one clash: "bagels"
// became "rolls" and "sourdough bread"; the winner's " - DONE" and the
// version's "oat " combine) and team offsite (every change combines).
func demoBases(t *testing.T, doc *dialect.Doc) *fakeBases {
	t.Helper()
	es := doc.Entries()
	field := func(key, label, value string) dialect.Field {
		return dialect.Field{Key: key, Label: label, Value: value, Shared: true}
	}
	return &fakeBases{byID: map[string][]dialect.Field{
		es[groceries].ID(): {field("title", "Title", "Buy groceries"), field("content", "Content", "Get milk, eggs, butter and bagels")},
		es[offsite].ID(): {field("title", "Title", "Plan the team offsite"),
			field("content", "Content", "Two days in Annecy, 14–15 May. Book the train for ten people.")},
	}}
}

// newBaseHarness is newHarness with the bases of b known.
func newBaseHarness(t *testing.T, b Bases, w, h int) *harness {
	t.Helper()
	doc := demoDoc(t)
	hs := newHarness(t, demoDoc(t), w, h) // the same demo, loaded without bases
	hs.m.cfg.Bases = b
	hs.send(loadedMsg{doc: doc, bases: basesOf(b, doc.Entries())})
	return hs
}

// TestMergeStartsCombined: with a base known, the merge view starts from
// the three-way result: what one side changed is taken and marked
// combined, the clash is the one hunk open and the hunk at hand, the
// header counts them, and u undoes the combining in one step (issue 19
// part 5).
func TestMergeStartsCombined(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newBaseHarness(t, demoBases(t, demoDoc(t)), 140, 30)
	hs.keys("enter", "e")
	v := hs.m.merge
	if got := resultOf(t, v, "content"); got != "Get oat milk, eggs, butter and rolls" {
		t.Errorf("content %q, want the version's oat and the winner's rolls at the clash", got)
	}
	if got := resultOf(t, v, "title"); got != "Buy groceries - DONE" {
		t.Errorf("title %q, want the winner's change", got)
	}
	states := v.Merge().States(v.Version())
	var clashes, combined int
	for _, s := range states {
		switch s {
		case mergemodel.Clash:
			clashes++
		case mergemodel.Combined:
			combined++
		}
	}
	if clashes != 1 || combined != len(states)-1 || !states[v.Hunk()].Undecided() {
		t.Errorf("states %v, hunk at hand %d: want one clash, at hand, the rest combined", states, v.Hunk())
	}
	screen := flat(hs.screen())
	for _, want := range []string{"1 clash, 2 combined", "u undoes the combining", "! 1 clash"} {
		if !strings.Contains(screen, want) {
			t.Errorf("no %q on the screen:\n%s", want, hs.screen())
		}
	}
	golden(t, "merge-three-way-start-140x30", hs.screen())
	hs.keys("u")
	if got := resultOf(t, hs.m.merge, "content"); got != "Get milk, eggs, butter and rolls" || hs.m.merge.OpenIn(0) != len(states) {
		t.Errorf("u: content %q, %d open; want the winner's, every hunk open", got, hs.m.merge.OpenIn(0))
	}
}

// TestMergeNoBaseNoCombining: an item whose base is not known opens as
// before, every hunk open and nothing said of a base.
func TestMergeNoBaseNoCombining(t *testing.T) {
	hs := newBaseHarness(t, &fakeBases{}, 140, 30)
	hs.keys("enter", "e")
	if v := hs.m.merge; v.Changed() || strings.Contains(hs.screen(), "three-way") {
		t.Errorf("combined with no base:\n%s", hs.screen())
	}
}

// TestCombineAll: the list marks the items whose conflict combines against
// its base; C asks, naming the count, and resolves them all with their
// combination as one step u undoes; it honours the filter as A does
// (issue 19 part 5, IntelliJ's "resolve simple conflicts").
func TestCombineAll(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newBaseHarness(t, demoBases(t, demoDoc(t)), 120, 24)
	var marked []string
	for _, row := range strings.Split(hs.screen(), "\n") {
		if strings.Contains(row, "combines") {
			marked = append(marked, row)
		}
	}
	if len(marked) != 1 || !strings.Contains(marked[0], "Plan the team offsite") {
		t.Fatalf("rows marked as combining: %q, want the offsite's alone:\n%s", marked, hs.screen())
	}
	golden(t, "list-combines-120x24", hs.screen())
	hs.keys("?")
	if !strings.Contains(hs.screen(), "combine all that combine") {
		t.Errorf("the help does not offer C:\n%s", hs.screen())
	}
	hs.keys("esc", "C")
	if s := flat(hs.screen()); !strings.Contains(s, "Combine 1 item that combines, of all 7 unresolved items?") {
		t.Fatalf("C did not ask naming the count:\n%s", hs.screen())
	}
	hs.keys("y")
	e := hs.m.st.entry(offsite)
	if e.InConflict() || valueOf(e.Winner().Fields(), "content") != "Two days in Lyon, 21–22 May. Book the train for eight people." {
		t.Errorf("the offsite: in conflict %v, content %q", e.InConflict(), valueOf(e.Winner().Fields(), "content"))
	}
	if !hs.m.st.entry(groceries).InConflict() || !strings.Contains(flat(hs.screen()), "combined 1 item against the base") {
		t.Errorf("the groceries clash were resolved, or the step is not said:\n%s", hs.screen())
	}
	hs.keys("u")
	if !hs.m.st.entry(offsite).InConflict() {
		t.Error("u did not undo the combining in one step")
	}
	hs.keys("/", "groceries", "enter", "C")
	if hs.m.overlay != noOverlay || !strings.Contains(flat(hs.screen()), "no unresolved item combines by itself among those the filter shows") {
		t.Errorf("C with a filter that hides the offsite:\n%s", hs.screen())
	}
}

// TestCombineAllNoBase: with no base known, C says why nothing combines,
// and is not offered.
func TestCombineAllNoBase(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 120, 24)
	if hs.keys("?"); strings.Contains(hs.screen(), "combine all") {
		t.Errorf("C offered with no base:\n%s", hs.screen())
	}
	hs.keys("esc", "C")
	if hs.m.overlay != noOverlay || !strings.Contains(flat(hs.screen()), "no base is known") {
		t.Errorf("C with no base:\n%s", hs.screen())
	}
}

// TestMergeShowsTheBase: o shows each field's base and the winner's and
// the version's word diff against it (what each side changed), and o
// again the sides against each other; an item with no base says so.
func TestMergeShowsTheBase(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newBaseHarness(t, demoBases(t, demoDoc(t)), 120, 30)
	hs.keys("enter", "e", "o")
	s := hs.screen()
	for _, want := range []string{"base:", "Get milk, eggs, butter and bagels", "winner against the base:",
		"version 1 against the base:", "[-bagels-]{+rolls+}", "{+oat +}milk"} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q with the base shown:\n%s", want, s)
		}
	}
	golden(t, "merge-base-shown-120x30", s)
	hs.keys("o")
	if strings.Contains(hs.screen(), "against the base:") {
		t.Errorf("o did not hide the base:\n%s", hs.screen())
	}
	hs.keys("esc", "d", "esc", "j", "j", "enter", "e", "o") // the passport: no base known
	if !strings.Contains(flat(hs.screen()), "no base is known for this item") {
		t.Errorf("o on an item with no base:\n%s", hs.screen())
	}
}

// TestCombinedSaysWhoseChange (issue 30 item 3): the merge view's = says
// whose change the three-way start took, at the hunk at hand and in each
// field's rule: the winner's " - DONE" (bob's), which alice's version did
// not make, and alice's "oat ", where the winner kept the base.
func TestCombinedSaysWhoseChange(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newBaseHarness(t, demoBases(t, demoDoc(t)), 140, 30)
	hs.keys("enter", "e")
	for _, c := range []struct{ key, want string }{
		{"[", "hunk 2 of 3 (1 open) · Content: combined against the base: version 1's change (alice-laptop), the winner kept the base"},
		{"[", "hunk 1 of 3 (1 open) · Title: combined against the base: the winner's change (bob-phone), version 1 kept the base"},
	} {
		hs.keys(c.key)
		if s := flat(hs.screen()); !strings.Contains(s, c.want) {
			t.Errorf("after %s, no %q:\n%s", c.key, c.want, hs.screen())
		}
	}
	for _, want := range []string{"Title · 1 hunk: = 1 combined (the winner's 1)", "Content · 2 hunks: = 1 combined (alice-laptop's 1), ! 1 clash"} {
		if !strings.Contains(flat(hs.screen()), want) {
			t.Errorf("no %q in the fields' rules:\n%s", want, hs.screen())
		}
	}
}

// TestItemMarksWhoChangedEachField (issue 30 item 3): with a base known,
// the item screen's rule of each field says which side changed it against
// the base, and, where both did, whether the changes combine or clash:
// the groceries' title is the winner's change alone, its content changed
// on both sides with a clash (bagels); the offsite's content changed on
// both sides in places that combine.
func TestItemMarksWhoChangedEachField(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newBaseHarness(t, demoBases(t, demoDoc(t)), 120, 30)
	hs.keys("enter")
	golden(t, "item-base-marks-120x30", hs.screen())
	for _, want := range []string{"── Title · changed · against the base: the winner changed it",
		"── Content · changed · against the base: both changed it, and the changes clash"} {
		if !strings.Contains(hs.screen(), want) {
			t.Errorf("no %q:\n%s", want, hs.screen())
		}
	}
	hs.keys("n")
	if want := "── Content · changed · against the base: version 1 changed it"; !strings.Contains(hs.screen(), want) {
		t.Errorf("no %q:\n%s", want, hs.screen())
	}
	if s := newHarness(t, demoDoc(t), 120, 30); strings.Contains(func() string { s.keys("enter"); return s.screen() }(), "against the base") {
		t.Errorf("without a base the item screen speaks of one:\n%s", s.screen())
	}
}

// TestColumnsShowTheBase (issue 30 item 3): with every version in columns
// and room for one more, the base stands first, its lines beside the
// others'; without the room, each field's rule says which columns changed
// the field against the base.
func TestColumnsShowTheBase(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for _, c := range []struct {
		w    int
		want []string
	}{
		{240, []string{"BASE · #1 by alice-laptop", "Two days in Annecy, 14–15 May. Book the      │ Two days in [-Annecy-]"}},
		{180, []string{"── Content · 4 hunks", "against the base: VERSION 1, VERSION 2 changed it"}},
	} {
		hs := newBaseHarness(t, demoBases(t, demoDoc(t)), c.w, 40)
		hs.keys("n", "e")
		golden(t, fmt.Sprintf("merge-columns-base-%dx40", c.w), hs.screen())
		for _, want := range c.want {
			if !strings.Contains(hs.screen(), want) {
				t.Errorf("%d cells: no %q:\n%s", c.w, want, hs.screen())
			}
		}
		if c.w == 240 { // a click still finds the hunk, the base's column before the winner's
			hs.keys("u")
			clickOn(t, hs, "│ ? Two days in [-Annecy-]{+Lyon+},", "{+Lyon")
			if hs.m.merge.Version() != 1 || hs.m.merge.State(0) != mergemodel.Version {
				t.Errorf("a click on carol's Lyon beside the base: version %d shown, hunk %v", hs.m.merge.Version()+1, hs.m.merge.State(0))
			}
		}
		if c.w == 240 && strings.Contains(hs.screen(), "· against the base:") || c.w == 180 && strings.Contains(hs.screen(), "BASE ·") {
			t.Errorf("%d cells: the base's column and the marks both, or neither:\n%s", c.w, hs.screen())
		}
	}
}
