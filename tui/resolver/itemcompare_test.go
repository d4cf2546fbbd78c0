package resolver

import (
	"strings"
	"testing"
)

// TestItemCompareVersions: on the offsite, whose winner and two versions
// each changed the content, tab shows version 2 on the right and c puts
// version 1 on the left, so that the two versions are compared word by
// word; the header says what is compared, the body names both sides
// (issue 19 part 5: "any two versions can be compared with each other").
func TestItemCompareVersions(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newHarness(t, demoDoc(t), 120, 30)
	hs.keys("enter", "n", "tab")
	before := hs.screen()
	hs.keys("c")
	s := hs.screen()
	golden(t, "item-compare-versions-120x30", s)
	for _, want := range []string{
		"comparing version 1 (left) with version 2 (right), word by word",
		"VERSION 1 OF 2", "VERSION 2 OF 2",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the screen lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "WINNER") || s == before {
		t.Errorf("the winner is still on the left:\n%s", s)
	}
	if v := hs.m.item; v.leftVersion() != v.versions[0] || v.right() != v.versions[1] {
		t.Errorf("left is side %d, right version %d; want version 1 against version 2", v.left, v.version+1)
	}
}

// TestItemCompareStacked: below 100 columns the left side's lines stand
// under its own name, not "winner:".
func TestItemCompareStacked(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newHarness(t, demoDoc(t), 80, 24)
	hs.keys("enter", "n", "tab", "c")
	s := hs.screen()
	if !strings.Contains(s, "\nversion 1:\n") || !strings.Contains(s, "\nversion 2:\n") || strings.Contains(s, "\nwinner:\n") {
		t.Errorf("the stacked body does not name the two versions:\n%s", s)
	}
}

// TestItemCompareBase: with the base known, c comes to it after the other
// versions: the body is what the version on the right changed against
// the base, the header names the history entry that made the base.
func TestItemCompareBase(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newBaseHarness(t, demoBases(t, demoDoc(t)), 120, 30)
	hs.keys("enter", "c")
	s := hs.screen()
	golden(t, "item-compare-base-120x30", s)
	for _, want := range []string{
		"comparing the base (left) with version 1 (right): what version 1 changed",
		"BASE  where both sides started", "made as #1 by alice-laptop",
		"[- bagels-]", // the base's word the version replaced
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the screen lacks %q:\n%s", want, s)
		}
	}
}

// TestItemCompareCycle checks the order c puts sides on the left in,
// passing over the version on the right, with and without a base; tab
// with two versions makes them change sides; another item starts from the
// winner.
func TestItemCompareCycle(t *testing.T) {
	plain := func(t *testing.T) *harness { return newHarness(t, demoDoc(t), 120, 30) }
	based := func(t *testing.T) *harness { return newBaseHarness(t, demoBases(t, demoDoc(t)), 120, 30) }
	cases := []struct {
		name    string
		harness func(t *testing.T) *harness
		keys    []string
		want    []string // the left side after each c
	}{
		{"offsite, no base, version 1 on the right", plain, []string{"enter", "n"}, []string{"version 2", "winner", "version 2"}},
		{"offsite, base, version 2 on the right", based, []string{"enter", "n", "tab"}, []string{"version 1", "base", "winner"}},
		{"groceries, base", based, []string{"enter"}, []string{"base", "winner"}},
		{"groceries, one version, no base: the winner stays", plain, []string{"enter"}, []string{"winner"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hs := c.harness(t)
			hs.keys(c.keys...)
			var got []string
			for range c.want {
				hs.keys("c")
				got = append(got, hs.m.item.leftName())
			}
			if strings.Join(got, ",") != strings.Join(c.want, ",") {
				t.Errorf("c gives %v, want %v", got, c.want)
			}
		})
	}
	t.Run("tab with two versions: they change sides", func(t *testing.T) {
		hs := plain(t)
		hs.keys("enter", "n", "c", "tab") // version 2 on the left, version 1 on the right; tab
		if v := hs.m.item; v.version != 1 || v.leftName() != "version 1" {
			t.Errorf("after tab: %s on the left, version %d on the right; want version 1, version 2", v.leftName(), v.version+1)
		}
	})
	t.Run("another item starts from the winner", func(t *testing.T) {
		hs := based(t)
		hs.keys("enter", "c", "esc", "n", "enter") // the base of the groceries, then the offsite
		if got := hs.m.item.leftName(); got != "winner" || hs.m.item.Pos() != offsite {
			t.Errorf("item %d, left %s; want the offsite, the winner", hs.m.item.Pos(), got)
		}
	})
}

// TestItemCompareKeepsDecisions: w keeps the winner and t takes the
// version on the right, whatever c put on the left.
func TestItemCompareKeepsDecisions(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 120, 30)
	hs.keys("enter", "n", "c", "t") // version 2 on the left, version 1 on the right
	e := hs.m.st.entry(offsite)
	if e.InConflict() {
		t.Fatal("t did not resolve the offsite")
	}
	want := demoDoc(t).Entries()[offsite].Versions()[0].Fields()
	if got := e.Winner().Fields(); !sameShared(got, want) {
		t.Errorf("t took %v, want version 1's data %v", got, want)
	}
}

// TestItemCompareKeepsLeft: a new state of the same item (here d's
// deletion, an update that leaves the conflict) keeps the side on the
// left, known by its sync history.
func TestItemCompareKeepsLeft(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 120, 30)
	hs.keys("enter", "n", "tab", "c") // version 1 on the left, version 2 on the right
	hs.keys("d")
	if !hs.m.item.item.Winner().Deleted() {
		t.Fatal("d did not delete the offsite")
	}
	if v := hs.m.item; v.Pos() != offsite || v.leftName() != "version 1" || v.version != 1 {
		t.Errorf("after d: item %d, %s on the left, version %d on the right; want the offsite, version 1, version 2",
			v.Pos(), v.leftName(), v.version+1)
	}
}
