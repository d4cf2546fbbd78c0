package resolver

import (
	"fmt"
	"testing"
)

// click clicks the left button at the first place where text stands
// after the first occurrence of after on a row of the screen, as a
// terminal reports it (SGR mouse mode, cells from 1).
func (tm *tmux) click(after, text string) {
	tm.t.Helper()
	scr := tm.screen()
	x, y, ok := placeOn(scr, after, text)
	if !ok {
		tm.t.Fatalf("no %q after %q on the screen:\n%s", text, after, scr)
	}
	tm.run("send-keys", "-t", "e2e", "-l", fmt.Sprintf("\x1b[<0;%d;%dM\x1b[<0;%d;%dm", x+1, y+1, x+1, y+1))
}

// TestEndToEndMergeClick clicks in the merge view of the real binary: a
// click on the version's “oat” takes it, a click in the title's result
// types there; applied and saved, the item is the one `resolve --pick
// winner --content C` writes (issue 30 item 6).
func TestEndToEndMergeClick(t *testing.T) {
	dir, bin := e2eSetup(t)
	tm := startTmux(t, dir, fmt.Sprintf("%s resolve local.xml remote.xml -o out.xml --by %s --when 2026-03-09T12:00:00Z", bin, testBy))
	tm.wait("0/7 resolved")
	tm.keys("Enter")
	tm.wait("“Buy groceries - DONE”")
	tm.keys("e")
	tm.wait("hunk 1 of 3 (3 open)")
	tm.click("│ Get ", "oat") // the version's column
	tm.wait("(2 open)")
	tm.click("│ ? Buy", "groceries") // the title's result
	tm.wait("typing in Title")
	tm.keys("Escape")
	tm.wait("(2 open)")
	tm.keys("C-s")
	tm.wait("2 hunks are still open")
	tm.keys("a")
	tm.wait("edited")
	tm.keys("s")
	tm.wait("saved to")
	tm.keys("q", "q")
	tm.wait("feedsync exited 1")
	sameAsResolvePick(t, dir, bin, "item-groceries", "--content", "Get oat milk, eggs, butter and rolls")
}
