package resolver

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/tui/resolver/internal/testfeeds"
)

// bodyLines returns the item screen's rows below its header.
func bodyLines(hs *harness) []string {
	lines := strings.Split(hs.screen(), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "── ") {
			return lines[i:]
		}
	}
	return nil
}

// TestReadingLongItems: the header's rule says where the body is, the
// field's rule stays in view, } and { step through the changes, and /
// searches, n and N stepping between matches until esc.
func TestReadingLongItems(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newHarness(t, demoDoc(t), 100, 24)
	hs.keys("enter", "n", "n", "n") // the README: long content
	if !strings.Contains(hs.screen(), "% · top · more below") {
		t.Fatalf("no position shown:\n%s", hs.screen())
	}
	hs.keys("}", "}")
	if hs.m.item.scroll == 0 {
		t.Fatal("} did not move")
	}
	if first := bodyLines(hs)[0]; !strings.HasPrefix(first, "── Content") {
		t.Errorf("the field's rule is not kept in view: %q\n%s", first, hs.screen())
	}
	at := hs.m.item.scroll
	hs.keys("{")
	if hs.m.item.scroll >= at {
		t.Errorf("{ did not go back: %d, was %d", hs.m.item.scroll, at)
	}
	hs.keys("/", "tombstone", "enter")
	s := hs.screen()
	if !strings.Contains(s, "match 1 of") || !strings.Contains(s, "tombstone") {
		t.Fatalf("no match shown:\n%s", s)
	}
	first := hs.m.item.find.at
	hs.keys("n")
	if hs.m.item.find.at == first && len(hs.m.item.find.matches) > 1 {
		t.Error("n did not step to the next match")
	}
	if hs.m.item.Pos() != readme {
		t.Fatalf("n left the item while searching")
	}
	hs.keys("esc", "n")
	if hs.m.item.Pos() == readme || hs.m.screen != itemScreen {
		t.Errorf("after esc, n did not go to the next unresolved item")
	}
	golden(t, "item-reading-100x24", s)
}

// TestNextChangeFromTheTop: on a long item whose first field changed (its
// change on the body's first line), } from the top goes on to the next
// change; it used to scroll to that first line, which the top already
// shows, and stay there however often it was pressed.
func TestNextChangeFromTheTop(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	var long []string
	for i := range 60 {
		long = append(long, fmt.Sprintf("line %d of the plan", i))
	}
	changed := slices.Clone(long)
	changed[40] = "line 40 of the plan, changed"
	feed := testfeeds.OneItem(testfeeds.V("bob-phone", "12:05", "Plan", strings.Join(long, "\n")),
		testfeeds.V("alice-laptop", "09:15", "Plan B", strings.Join(changed, "\n")))
	hs := newHarness(t, mergePair(t, []byte(feed), []byte(feed)), 100, 24)
	hs.keys("enter", "z") // unfolded, the content is longer than the screen
	if len(hs.m.item.changes) != 2 || hs.m.item.changes[0] > 1 {
		t.Fatalf("want the title's change on the first lines and one more, got changes at %v", hs.m.item.changes)
	}
	hs.keys("}")
	if !strings.Contains(hs.screen(), "line 40 of the plan{+, changed+}") {
		t.Fatalf("} from the top did not show the content's change (scroll %d):\n%s", hs.m.item.scroll, hs.screen())
	}
	if strings.Contains(hs.screen(), "} next change") {
		t.Errorf("the rule offers } with no change below:\n%s", hs.screen())
	}
	hs.keys("{")
	if hs.m.item.scroll != 0 {
		t.Errorf("{ did not go back to the title's change: scroll %d", hs.m.item.scroll)
	}
}
