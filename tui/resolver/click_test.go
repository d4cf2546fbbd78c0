package resolver

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/feedsync/feedsync/tui/resolver/internal/testfeeds"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// clickOn clicks the first place on the screen where text stands after
// the first occurrence of after on its row (after "" for any row), as the
// terminal reports a click: cells from the left, rows from the top.
func clickOn(t *testing.T, hs *harness, after, text string) {
	t.Helper()
	x, y, ok := placeOn(hs.screen(), after, text)
	if !ok {
		t.Fatalf("no %q after %q on the screen:\n%s", text, after, hs.screen())
	}
	hs.send(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
}

// placeOn returns the cell, from 0, where text first stands on screen
// after the first occurrence of after on its row (after "" for any row).
func placeOn(screen, after, text string) (x, y int, ok bool) {
	for y, row := range strings.Split(screen, "\n") {
		from := strings.Index(row, after)
		if from < 0 {
			continue
		}
		from += len(after)
		if i := strings.Index(row[from:], text); i >= 0 {
			return ansi.StringWidth(row[:from+i]), y, true
		}
	}
	return 0, 0, false
}

// TestClickTakesAHunk: a click on a hunk of the version's column takes the
// version's text there, a click on the winner's column the winner's, in
// every layout: three columns, the sides over the result, and every
// version in columns (issue 30 item 6).
func TestClickTakesAHunk(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for _, w := range []int{140, 100, 80} {
		hs := newHarness(t, demoDoc(t), w, 30)
		hs.keys("enter", "e")
		clickOn(t, hs, "", "{+oat")
		if got, _ := hs.m.merge.Result("content"); got != "Get oat milk, eggs, butter and rolls" {
			t.Errorf("%d cells: a click on the version's “oat” left the content %q", w, got)
		}
		clickOn(t, hs, "", "[- - DONE")
		if got := hs.m.merge.State(0); got != mergemodel.Winner {
			t.Errorf("%d cells: a click on the winner's “- DONE” left the title %v, want the winner's taken", w, got)
		}
	}
	hs := newHarness(t, mergePair(t, []byte(testfeeds.Offsite), []byte(testfeeds.Offsite)), 200, 50)
	hs.keys("enter", "e")
	clickOn(t, hs, "VERSION 3", "")                             // nothing happens on a header
	clickOn(t, hs, "{+Lyon+},      │ ? Two days in ", "{+Lyon") // carol's column: version 2
	if hs.m.merge.Version() != 1 || !strings.HasPrefix(resultOf(t, hs.m.merge, "content"), "Two days in Lyon, 14–15 May.") {
		t.Errorf("a click on carol's Lyon: version %d shown, content %q", hs.m.merge.Version()+1, resultOf(t, hs.m.merge, "content"))
	}
}

// TestClickInTheResultTypes: a click in a field's result opens it for
// typing, at the hunk clicked; a click on a side's hunk then stops typing
// and takes it.
func TestClickInTheResultTypes(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for _, w := range []int{140, 80} {
		hs := newHarness(t, demoDoc(t), w, 30)
		hs.keys("enter", "e")
		clickOn(t, hs, "? Get ", "milk")
		if !hs.m.merge.Typing() || !strings.Contains(hs.screen(), "typing in Content") {
			t.Fatalf("%d cells: a click in the content's result did not type there:\n%s", w, hs.screen())
		}
		hs.keys("X")
		if got := resultOf(t, hs.m.merge, "content"); !strings.Contains(got, "X") {
			t.Errorf("%d cells: typing after the click left %q", w, got)
		}
		clickOn(t, hs, "", "{+oat")
		if hs.m.merge.Typing() || !strings.Contains(resultOf(t, hs.m.merge, "content"), "oat") {
			t.Errorf("%d cells: a click on a hunk while typing: typing %v, content %q", w, hs.m.merge.Typing(), resultOf(t, hs.m.merge, "content"))
		}
	}
}
