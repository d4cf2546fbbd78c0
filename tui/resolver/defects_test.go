package resolver

import (
	"os"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/tui/resolver/internal/keypress"
)

// TestCtrlZSuspendsInTheMergeView (issue 30 item 8): ctrl+z in the merge
// view, once typing has stopped, suspends as on every other screen; it
// undid the last take. While typing it still undoes the typing.
func TestCtrlZSuspendsInTheMergeView(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 140, 30)
	hs.keys("enter", "e", "l", "e", " x", "esc")
	was := resultOf(t, hs.m.merge, "title")
	next, cmd := hs.m.Update(keypress.Msgs("ctrl+z")[0])
	hs.m = next.(Model)
	if cmd == nil {
		t.Fatal("ctrl+z did nothing")
	}
	if _, ok := cmd().(tea.SuspendMsg); !ok || resultOf(t, hs.m.merge, "title") != was {
		t.Errorf("ctrl+z after typing: not a suspend, or the result changed (%q, was %q)", resultOf(t, hs.m.merge, "title"), was)
	}
	hs.keys("e", " y", "ctrl+z")
	if got := resultOf(t, hs.m.merge, "title"); got != was || !hs.m.merge.Typing() {
		t.Errorf("ctrl+z while typing: %q, typing %v; want the typing undone (%q)", got, hs.m.merge.Typing(), was)
	}
}

// TestBothCountedOnce (issue 30 item 8): a field whose hunks took both
// sides in either order says "+ 2 both", not "+ 1 both, + 1 both".
func TestBothCountedOnce(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newHarness(t, demoDoc(t), 140, 30)
	hs.keys("enter", "n", "e", "b", "B") // the offsite: its content's hunks replace words
	s := hs.screen()
	if !strings.Contains(s, "+ 2 both") || strings.Contains(s, "+ 1 both, + 1 both") {
		t.Errorf("the content's rule:\n%s", s)
	}
}

// TestUndoReturnsToTheHunk (issue 30 item 7): u goes back to the hunk it
// undid, where the take had moved on to the next open one; so does ctrl+r.
func TestUndoReturnsToTheHunk(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 140, 30)
	hs.keys("enter", "e", "]", "]", "l")
	if hs.m.merge.Hunk() == 2 {
		t.Fatal("the take did not move on")
	}
	hs.keys("u")
	if hs.m.merge.Hunk() != 2 || !strings.Contains(hs.screen(), "hunk 3 of 3") {
		t.Errorf("u left the hunk at hand at %d, want the third, which it undid:\n%s", hs.m.merge.Hunk()+1, hs.screen())
	}
	hs.keys("[", "ctrl+r")
	if hs.m.merge.Hunk() != 2 {
		t.Errorf("ctrl+r left the hunk at hand at %d, want the third, which it redid", hs.m.merge.Hunk()+1)
	}
}

// TestNextPastTheLastHunkGoesToTheNextItem (issue 30 item 7): ] past an
// item's last hunk opens the merge view on the next item in conflict, [
// past the first on the previous one, as VS Code's next conflict goes
// across files; from a result that changed they go round the item and say
// how to go on, since leaving would drop the result.
func TestNextPastTheLastHunkGoesToTheNextItem(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 140, 30)
	hs.keys("enter", "e")
	first := hs.m.merge.Pos()
	hs.keys("]", "]", "]")
	if hs.m.screen != mergeScreen || hs.m.merge.Pos() == first {
		t.Fatalf("] past the last hunk: on item %d, screen %d; want the next item's merge view", hs.m.merge.Pos(), hs.m.screen)
	}
	if next, _ := hs.m.st.nextUnresolved(first, 1); hs.m.merge.Pos() != next || hs.m.merge.Hunk() != 0 {
		t.Errorf("on item %d hunk %d, want item %d hunk 1", hs.m.merge.Pos(), hs.m.merge.Hunk()+1, next)
	}
	hs.keys("[")
	if hs.m.merge.Pos() != first {
		t.Errorf("[ past the first hunk: on item %d, want %d", hs.m.merge.Pos(), first)
	}
	hs.keys("esc")
	if hs.m.screen != itemScreen || hs.m.item.Pos() != first {
		t.Errorf("esc: screen %d, item %d; want the item screen the merge was opened from", hs.m.screen, hs.m.item.Pos())
	}
	hs.keys("e", "l", "]", "]") // l moves on to hunk 2; ] to 3, ] past it
	if hs.m.merge.Pos() != first || !strings.Contains(flat(hs.screen()), "go on to the next item from an unchanged result") {
		t.Errorf("] from a changed result left the item, or did not say why:\n%s", hs.screen())
	}
}

// TestMergeHeaderAfterUndo (issue 30 item 8): after u undoes the
// combining, the header no longer counts hunks combined (it said "0
// clashes, 4 combined" with 4 hunks open) and says how to redo it; a hunk
// taken by hand then reads as taken, not "combined".
func TestMergeHeaderAfterUndo(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newBaseHarness(t, demoBases(t, demoDoc(t)), 140, 30)
	hs.keys("enter", "e")
	if !strings.Contains(hs.screen(), "1 clash, 2 combined") {
		t.Fatalf("the start:\n%s", hs.screen())
	}
	hs.keys("u")
	s := flat(hs.screen())
	if !strings.Contains(s, "1 clash, 0 combined") || !strings.Contains(s, "the combining is undone") {
		t.Errorf("after u:\n%s", hs.screen())
	}
	hs.keys("[", "[", "l")
	if s := hs.screen(); strings.Contains(s, "= 1 combined") {
		t.Errorf("a hunk taken by hand after u reads combined:\n%s", s)
	}
}

// TestREADMESaysWhereApplyGoes (issue 30 item 8): the README said the list
// comes back after ctrl+s; the merge view goes back where it was opened
// from, on the next unresolved item: that item opens when it was opened
// from an item, the list selects it when from the list.
func TestREADMESaysWhereApplyGoes(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if r := strings.Join(strings.Fields(string(readme)), " "); strings.Contains(r, "and the list comes back on the next unresolved item") ||
		!strings.Contains(r, "the next unresolved item opens, or, from the list, is selected there") {
		t.Error("the README's tour does not say where ctrl+s in the merge view goes")
	}
	hs := newHarness(t, demoDoc(t), 140, 30)
	hs.keys("enter", "e", "l", "ctrl+s")
	if hs.m.overlay == confirmOverlay {
		hs.keys("a")
	}
	if first, _ := hs.m.st.nextUnresolved(-1, 1); hs.m.screen != itemScreen || hs.m.item.Pos() == 0 && first == 0 {
		t.Errorf("from an item: screen %d, item %d; want the next unresolved item open", hs.m.screen, hs.m.item.Pos())
	}
	hs = newHarness(t, demoDoc(t), 140, 30)
	hs.keys("e", "l", "ctrl+s")
	if hs.m.overlay == confirmOverlay {
		hs.keys("a")
	}
	if p, _ := hs.m.list.Selected(); hs.m.screen != listScreen || p == 0 {
		t.Errorf("from the list: screen %d, selected %d; want the list on the next unresolved item", hs.m.screen, p)
	}
}

// TestHeaderCountsClashesLeft (issue 30 item 7): with bases known, the
// header counts the clashes left in the whole feed, and the count falls
// as items are resolved; with none known it says nothing of clashes.
func TestHeaderCountsClashesLeft(t *testing.T) {
	hs := newBaseHarness(t, demoBases(t, demoDoc(t)), 140, 30)
	if h := hs.header(); !strings.Contains(h, "0/7 resolved · 1 clash left") {
		t.Fatalf("header %q", h)
	}
	hs.keys("w") // the groceries, which clash, keep their winner
	if h := hs.header(); !strings.Contains(h, "1/7 resolved · 0 clashes left") {
		t.Errorf("after w: header %q", h)
	}
	if h := newHarness(t, demoDoc(t), 140, 30).header(); strings.Contains(h, "clash") {
		t.Errorf("no base known: header %q", h)
	}
}
