package resolver

import (
	"strings"
	"testing"

	"github.com/feedsync/feedsync/tui/resolver/internal/testfeeds"
)

// spaceFeed has one item whose version changes white space alone in one
// place (a double space made single) and a word in another.
var spaceFeed = testfeeds.OneItem(testfeeds.V("bob-phone", "12:05", "Shopping", "Buy milk and  eggs today"),
	testfeeds.V("alice-laptop", "09:15", "Shopping", "Buy milk and eggs tomorrow"))

// TestMergeHidesWhiteSpace (issue 30 item 5): W hides the hunks that
// change white space alone: the hunk line counts the others and says how
// many are hidden, ] passes the hidden one, the sides show it unmarked,
// and applying does not ask about it (the result keeps the winner's white
// space there); W again shows it.
func TestMergeHidesWhiteSpace(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newHarness(t, mergePair(t, []byte(spaceFeed), []byte(spaceFeed)), 100, 24)
	hs.keys("enter", "e")
	if s := hs.screen(); !strings.Contains(s, "hunk 1 of 2 (2 open)") || !strings.Contains(s, "and[-  -]eggs") {
		t.Fatalf("before W, both hunks:\n%s", hs.screen())
	}
	hs.keys("W")
	s := flat(hs.screen())
	for _, want := range []string{"1 hunk hidden: white space alone", "Content · 1 hunk: ? 1 open · 1 white space hidden"} {
		if !strings.Contains(s, want) {
			t.Errorf("after W, no %q:\n%s", want, hs.screen())
		}
	}
	if !strings.Contains(hs.screen(), "Buy milk and  eggs [-today-]") {
		t.Errorf("after W the white space is still marked, or gone:\n%s", hs.screen())
	}
	hs.keys("[", "]") // the hunk at hand is the word's, the one shown: ] goes round to it
	if s := flat(hs.screen()); hs.m.merge.Hunk() != 1 || !strings.Contains(s, "no other item in conflict: back to this one's first hunk") {
		t.Errorf("] after W: at hunk %d:\n%s", hs.m.merge.Hunk()+1, hs.screen())
	}
	hs.keys("l", "ctrl+s")
	if got := hs.m.st.entry(0).Winner().Fields(); !strings.Contains(flat(hs.screen()), "edited") || !strings.Contains(contentOf(got), "Buy milk and  eggs tomorrow") {
		t.Errorf("applied: content %q, want the version's word and the winner's white space:\n%s", contentOf(got), hs.screen())
	}
	hs = newHarness(t, mergePair(t, []byte(spaceFeed), []byte(spaceFeed)), 100, 24)
	hs.keys("enter", "e", "W", "W")
	if s := flat(hs.screen()); !strings.Contains(s, "white-space-only changes shown") || !strings.Contains(s, "Content · 2 hunks: ? 2 open") {
		t.Errorf("W twice:\n%s", hs.screen())
	}
}
