package resolver

import (
	"strings"
	"testing"
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
