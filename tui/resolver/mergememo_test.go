package resolver

import (
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// TestMergePlacesOncePerItem: where the versions put an outline's item is
// worked out when the merge view opens, not on every key and frame.
func TestMergePlacesOncePerItem(t *testing.T) {
	hs := newHarness(t, ssePair(t, "opml"), 120, 30)
	calls, place := 0, hs.m.st.place
	hs.m.merge.SetPlace(func(v dialect.Version) string { calls++; return place(v) })
	hs.keys("enter", "e")
	want := 1 + len(hs.m.merge.Entry().Versions())
	for _, k := range []string{"j", "]", "tab", "l", "u", "e", "x", "esc"} {
		hs.keys(k)
		_ = hs.m.View()
	}
	if calls != want {
		t.Errorf("the places were worked out %d times, want %d (the winner's and each version's, once)", calls, want)
	}
	if !strings.Contains(flat(hs.screen()), "position: the result keeps the winner's") {
		t.Errorf("no position note:\n%s", hs.screen())
	}
}

// TestMergeTypingNothingChangesNothing: entering typing, moving between
// fields and leaving without typing is no change: no new revision of the
// result (what it gives is not worked out again), no undo step, nothing
// edited, and the screen is as before; the cursor still moves on screen.
// A take of what the result holds is no change either.
func TestMergeTypingNothingChangesNothing(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newHarness(t, demoDoc(t), 100, 30)
	hs.keys("enter", "e", "]")
	before := hs.screen()
	hs.keys("e")
	typing := hs.m.View().Content
	hs.keys("right")
	if hs.m.View().Content == typing {
		t.Errorf("the cursor did not move on screen:\n%s", typing)
	}
	hs.keys("tab", "shift+tab", "end", "x", "backspace", "esc")
	v := hs.m.merge
	if v.Typing() || v.Changed() || v.Merge().Steps() != 0 {
		t.Errorf("typing %v, changed %v, %d undo steps; want none", v.Typing(), v.Changed(), v.Merge().Steps())
	}
	if hs.screen() != before {
		t.Errorf("the screen changed:\n%s\nwant\n%s", hs.screen(), before)
	}
	hs = newHarness(t, demoDoc(t), 100, 30)
	hs.keys("enter", "e", "]")
	rev := hs.m.merge.Merge().Rev()
	hs.keys("e", "right", "tab", "shift+tab", "esc", "u")
	if hs.m.merge.Merge().Rev() != rev {
		t.Errorf("typing nothing started a revision of the result")
	}
	if !strings.Contains(flat(hs.screen()), "nothing to undo") {
		t.Errorf("undo after typing nothing:\n%s", hs.screen())
	}
	hs.keys("l", "[", "l") // the second take is of what the result holds
	if n := hs.m.merge.Merge().Steps(); n != 1 {
		t.Errorf("%d undo steps after a take and its repeat, want 1", n)
	}
	hs.keys("u", "e", "esc", "ctrl+r") // typing nothing keeps what can be redone
	if v := hs.m.merge; v.Merge().Steps() != 1 || resultOf(t, v, "content") != "Get oat milk, eggs, butter and rolls" {
		t.Errorf("%d undo steps, content %q; want the take redone", v.Merge().Steps(), resultOf(t, v, "content"))
	}
}
