package resolver

import (
	"fmt"
	"strings"
	"testing"
)

// TestEndToEndCompare runs the real binary's demo in tmux (issue 19 part
// 5: "any two versions can be compared with each other"): on the
// groceries, whose base the demo's version store holds, c puts the base
// on the left and the body shows what version 1 changed against it; c
// again puts the winner back. On the offsite, tab and c compare version 1
// with version 2 word by word; t still takes the version on the right,
// which the saved feed holds.
func TestEndToEndCompare(t *testing.T) {
	dir, bin := e2eDir(t)
	tm := startTmux(t, dir, fmt.Sprintf("NO_COLOR=1 %s demo -o out.xml --by %s --when 2026-03-09T12:00:00Z", bin, testBy))
	if s := tm.waitAny("0/7 resolved", "feedsync exited"); !strings.Contains(s, "0/7 resolved") {
		t.Fatalf("the demo did not start:\n%s", s)
	}
	tm.keys("Enter")
	tm.wait("“Buy groceries - DONE”")
	tm.keys("c")
	tm.wait("comparing the base (left) with version 1 (right): what version 1 changed")
	if s := tm.screen(); !strings.Contains(s, "BASE  where both sides started") || !strings.Contains(s, "Get milk, eggs, butter and bread") || !strings.Contains(s, "Get {+oat +}milk, eggs, butter and{+ sourdough+} bread") {
		t.Fatalf("the base is not on the left:\n%s", s)
	}
	tm.keys("c")
	tm.wait("WINNER")
	if s := tm.screen(); strings.Contains(s, "comparing") {
		t.Fatalf("c did not put the winner back:\n%s", s)
	}

	tm.keys("n")
	tm.wait("“Plan the team offsite”")
	tm.keys("Tab", "c")
	tm.wait("comparing version 1 (left) with version 2 (right), word by word")
	if s := tm.screen(); !strings.Contains(s, "VERSION 1 OF 2") || !strings.Contains(s, "VERSION 2 OF 2") {
		t.Fatalf("the two versions are not side by side:\n%s", s)
	}
	tm.keys("t") // takes version 2, on the right
	tm.wait("took version 2")
	tm.keys("s")
	tm.wait("saved to")
	tm.keys("q", "q")
	tm.wait("feedsync exited 1") // the other items are still in conflict

	doc, _ := readFeed(t, dir, "out.xml")
	e := entry(t, doc, "item-offsite")
	want := demoDoc(t).Entries()[offsite].Versions()[1]
	if e.InConflict() || !sameShared(e.Winner().Fields(), want.Fields()) {
		t.Errorf("the offsite: in conflict %v, data %v; want version 2's %v", e.InConflict(), e.Winner().Fields(), want.Fields())
	}
}
