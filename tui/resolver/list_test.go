package resolver

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/tui/resolver/internal/keypress"
)

func TestListScopeAndFilter(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 100, 30)
	if n := len(hs.m.list.rows); n != 7 {
		t.Fatalf("%d rows, want the 7 items in conflict", n)
	}
	hs.keys("c")
	if n := len(hs.m.list.rows); n != 10 {
		t.Fatalf("%d rows after c, want all 10 items", n)
	}
	hs.keys("/", "PL")
	// "pl" is in three titles, and in the README's content ("simple").
	if got := rowTitles(hs); got != "Plan the team offsite|Project README draft|Call the plumber (Tuesday)|Water the plants" {
		t.Errorf("filter PL: %s", got)
	}
	hs.keys("enter", "down", "down", "enter")
	if hs.m.screen != itemScreen || hs.m.item.Pos() != plumber {
		t.Errorf("enter opened %d", hs.m.item.Pos())
	}
	hs.keys("esc", "esc")
	if n := len(hs.m.list.rows); n != 10 {
		t.Errorf("esc did not clear the filter: %d rows", n)
	}
	hs.keys("c")
	if n := len(hs.m.list.rows); n != 7 {
		t.Errorf("%d rows after c again", n)
	}
}

func rowTitles(hs *harness) string {
	var ts []string
	for _, p := range hs.m.list.rows {
		ts = append(ts, hs.m.st.title(p))
	}
	return strings.Join(ts, "|")
}

func TestNextPreviousUnresolved(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 100, 30)
	sel := func() int { p, _ := hs.m.list.Selected(); return p }
	hs.keys("n")
	if sel() != offsite {
		t.Errorf("n selected %d", sel())
	}
	hs.keys("N", "N")
	if sel() != plants {
		t.Errorf("N N wrapped to %d", sel())
	}
	hs.keys("w") // resolves plants, moves on to groceries
	hs.keys("N")
	if sel() != fest {
		t.Errorf("N skipped to %d; the resolved item should be skipped", sel())
	}
}

func TestMouse(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 100, 8) // 4 rows visible
	hs.send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if hs.m.list.offset == 0 {
		t.Error("the wheel did not scroll the list")
	}
	hs.send(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	// row 0 is the header line, row 1 the column titles: row 3 is the second item.
	hs.send(tea.MouseClickMsg{X: 5, Y: 3, Button: tea.MouseLeft})
	if p, _ := hs.m.list.Selected(); p != offsite {
		t.Fatalf("the click selected %d", p)
	}
	hs.send(tea.MouseClickMsg{X: 5, Y: 3, Button: tea.MouseLeft})
	if hs.m.screen != itemScreen || hs.m.item.Pos() != offsite {
		t.Errorf("a click on the selected row did not open it")
	}
	hs.send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if hs.m.item.scroll == 0 && len(hs.m.item.body) > hs.m.item.bodyHeight() {
		t.Error("the wheel did not scroll the item")
	}
}

func TestHelpOverlay(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 120, 40)
	hs.keys("enter", "?")
	s := hs.screen()
	for _, k := range []string{"keep winner", "take this version", "edit in $EDITOR", "mark version", "delete/undelete",
		"keep all winners", "undo", "redo", "save", "quit", "back", "next version", "previous version",
		"next/previous unresolved", "side by side/unified", "publisher-specific", "history pane"} {
		if !strings.Contains(s, k) {
			t.Errorf("help lacks %q", k)
		}
	}
	hs.keys("w")
	if hs.m.st.unresolved != 7 {
		t.Error("a key in the help overlay made a decision")
	}
	hs.keys("esc")
	if hs.m.overlay != noOverlay {
		t.Error("esc did not close the help")
	}
}

// TestTypeAheadAfterOpen: keys typed right after enter go to the item it
// opens, even when the program has not yet delivered anything in between:
// enter e opens the merge view on the item, and it stays open (QA Q37).
func TestTypeAheadAfterOpen(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 120, 30)
	var cmds []tea.Cmd
	for _, k := range keypress.Msgs("enter", "e") { // delivered before any command's message, as a fast typist's are
		next, cmd := hs.m.Update(k)
		hs.m = next.(Model)
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		hs.run(cmd)
	}
	if hs.m.screen != mergeScreen {
		t.Errorf("enter e: screen %d, want the merge view:\n%s", hs.m.screen, hs.screen())
	}
	hs.keys("esc")
	if hs.m.screen != itemScreen {
		t.Errorf("esc from the merge view: screen %d, want the item it was opened on:\n%s", hs.m.screen, hs.screen())
	}
}

// TestListCountsOneItem: a feed of one item says "1 item", not "1 items",
// at every width.
func TestListCountsOneItem(t *testing.T) {
	doc := mergePair(t, []byte(longWordFeed(10)), []byte(longWordFeed(10)))
	for _, w := range []int{40, 120} {
		hs := newHarness(t, doc, w, 20)
		if s := hs.screen(); !strings.Contains(s, "1 item, 1 in conflict") || strings.Contains(s, "1 items") {
			t.Errorf("at %d columns:\n%s", w, s)
		}
	}
}

// TestEmptyListSaysItWhole: the line that says why the list is empty is
// wrapped to a narrow terminal, not cut ("(c shows all item" at 40
// columns, which hid the key's last word and its parenthesis).
func TestEmptyListSaysItWhole(t *testing.T) {
	empty := []byte(`<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>t</title></channel></rss>`)
	for _, w := range []int{40, 30, 120} {
		hs := newHarness(t, mergePair(t, empty, empty), w, 20)
		words := strings.Fields(hs.screen())
		if s := strings.Join(words, " "); !strings.Contains(s, "no item is in conflict (c shows all items)") {
			t.Errorf("at %d columns the empty list does not say why whole:\n%s", w, hs.screen())
		}
	}
}

// TestFilterLineFits: the filter line keeps its hint only where it fits
// whole; at 40 columns it ended "(/ to change", cut mid-sentence.
func TestFilterLineFits(t *testing.T) {
	for _, w := range []int{40, 100} {
		hs := newHarness(t, demoDoc(t), w, 20)
		hs.keys("/", "plan", "enter")
		line := strings.TrimRight(strings.Split(hs.screen(), "\n")[1], " ")
		if !strings.HasPrefix(line, "filter: plan  2 items match") {
			t.Fatalf("at %d columns, the filter line is %q", w, line)
		}
		if strings.Contains(line, "(") && !strings.HasSuffix(line, "(/ to change, esc clears it)") {
			t.Errorf("at %d columns the hint is cut: %q", w, line)
		}
		if w == 100 && !strings.HasSuffix(line, "(/ to change, esc clears it)") {
			t.Errorf("at %d columns the hint is missing: %q", w, line)
		}
	}
}

// TestFilterSearchesEveryVersion guards issue 20 item 15: the filter
// searched only the winner's text, so an item in conflict was not found
// by what its other version says. It searches the title and the content
// of every version.
func TestFilterSearchesEveryVersion(t *testing.T) {
	for _, c := range []struct{ query, want string }{
		{"sourdough", "Buy groceries - DONE"}, // only the conflict version's content
		{"rolls", "Buy groceries - DONE"},     // only the winner's
		{"nothing-holds-this", ""},
	} {
		hs := newHarness(t, demoDoc(t), 100, 30)
		hs.keys("/", c.query, "enter")
		if got := rowTitles(hs); got != c.want {
			t.Errorf("filter %q: %q, want %q", c.query, got, c.want)
		}
	}
}
