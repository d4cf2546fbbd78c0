package resolver

import (
	"strings"
	"testing"

	"github.com/feedsync/feedsync/tui/resolver/mergeview"
)

// The merge view with three or more versions (QA Q34): one version is
// shown beside the winner, but the header counts the open hunks of every
// version, says what each other version holds at the hunk at hand when it
// differs, and applying asks once when a version the result settles was
// never shown.

// TestMergeCountsEveryVersion: the hunk line counts the open hunks of the
// other versions, and a row names what another version holds at the hunk.
func TestMergeCountsEveryVersion(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for _, c := range []struct {
		name   string
		w, h   int
		keys   []string
		has    []string
		hasNot []string
	}{
		{"open: every version counted", 140, 30, []string{"enter", "n", "e"},
			[]string{"hunk 1 of 4 (4 open here · 2 in version 2 — tab)"},
			[]string{"version 2 (carol-tablet) has"}}, // version 2 holds Lyon too: no row
		{"a hunk where version 2 keeps the winner's", 140, 30, []string{"enter", "n", "e", "]"},
			[]string{"hunk 2 of 4 (4 open here · 2 in version 2 — tab)", "version 2 (carol-tablet) has the winner's “14” here"}, nil},
		{"a take counts in every version it settles", 140, 30, []string{"enter", "n", "e", "l"},
			[]string{"hunk 2 of 4 (3 open here · 1 in version 2 — tab)"}, nil},
		{"from version 2", 140, 30, []string{"enter", "n", "e", "tab"},
			[]string{"hunk 1 of 2 (2 open here · 4 in version 1 — tab)"}, nil},
		{"every hunk of every version settled", 140, 30, []string{"enter", "n", "e", "l", "l", "l", "l"},
			[]string{"(0 open here, none elsewhere)"}, nil},
		{"at 40 columns the row is there too", 40, 20, []string{"enter", "n", "e", "]"},
			[]string{"version 2 (carol-tablet) has the"}, nil},
		{"one version: no count of others", 140, 30, []string{"enter", "e"},
			[]string{"hunk 1 of 3 (3 open) · Title"}, []string{"here"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), c.w, c.h)
			hs.keys(c.keys...)
			s := hs.screen()
			for _, want := range c.has {
				if !strings.Contains(s, want) {
					t.Errorf("no %q in\n%s", want, s)
				}
			}
			for _, bad := range c.hasNot {
				if strings.Contains(s, bad) {
					t.Errorf("%q in\n%s", bad, s)
				}
			}
		})
	}
}

// TestMergeAsksForAnUnseenVersion: ctrl+s with a version never shown whose
// data differs from the result asks once; ctrl+s again applies, tab shows
// that version; a version shown, or one the result does not settle, asks
// nothing. (Hunks left open ask too, once more: a answers "apply anyway".)
func TestMergeAsksForAnUnseenVersion(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	const asked = "version 2 (carol-tablet) was not shown: ctrl+s again applies anyway, tab shows it"
	for _, c := range []struct {
		name    string
		keys    []string
		open    bool   // the merge view stays open
		has     string // on the screen
		applies bool
	}{
		{"unseen: asks", []string{"enter", "n", "e", "l", "ctrl+s"}, true, asked, false},
		{"asks once", []string{"enter", "n", "e", "l", "ctrl+s", "ctrl+s", "a"}, false, "", true},
		{"tab shows it", []string{"enter", "n", "e", "l", "ctrl+s", "tab"}, true, "version 2 of 2 · #2 by carol-tablet", false},
		{"a, too", []string{"enter", "n", "e", "a"}, true, asked, false},
		{"while typing", []string{"enter", "n", "e", "e", "x", "ctrl+s"}, true, "version 2 (carol-tablet) was not", false},
		{"seen: applies at once", []string{"enter", "n", "e", "tab", "shift+tab", "l", "ctrl+s", "a"}, false, "", true},
		{"not settled: applies at once", []string{"enter", "n", "tab", "m", "e", "l", "ctrl+s", "a"}, false, "", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), 140, 30)
			hs.keys(c.keys...)
			if got := hs.m.screen == mergeScreen; got != c.open {
				t.Errorf("merge view open: %v, want %v\n%s", got, c.open, hs.screen())
			}
			if c.has != "" && !strings.Contains(hs.screen(), c.has) {
				t.Errorf("no %q in\n%s", c.has, hs.screen())
			}
			if got := strings.Contains(hs.screen(), `edited "Plan the team offsite"`); got != c.applies {
				t.Errorf("applied: %v, want %v\n%s", got, c.applies, hs.screen())
			}
		})
	}
}

// TestMergeEveryVersionScreens records the three-version merge, wide and
// narrow, at a hunk where the other version differs, and the question.
func TestMergeEveryVersionScreens(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for _, c := range []struct {
		name string
		w, h int
		keys []string
	}{
		{"merge-every-version", 140, 24, []string{"enter", "n", "e", "]"}},
		{"merge-every-version", 40, 20, []string{"enter", "n", "e", "]"}},
		{"merge-unseen-asks", 40, 20, []string{"enter", "n", "e", "l", "ctrl+s"}},
	} {
		hs := newHarness(t, demoDoc(t), c.w, c.h)
		hs.keys(c.keys...)
		golden(t, c.name+"-"+itoa(c.w)+"x"+itoa(c.h), hs.screen())
	}
}

// TestMergeOtherVersionOutsideTheHunks: a version's text taken where the
// version shown has no hunk is that version's, not typing: version 2's
// view counts it as another version's and marks it o, not ~.
func TestMergeOtherVersionOutsideTheHunks(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newHarness(t, demoDoc(t), 140, 30)
	hs.keys("enter", "n", "e", "]", "l", "tab")
	s := hs.screen()
	if strings.Contains(s, "typed outside the hunks") {
		t.Errorf("version 1's text reads as typed in version 2's view:\n%s", s)
	}
	if !strings.Contains(s, "o 1 another version's outside these hunks") {
		t.Errorf("version 1's text is not counted as another version's:\n%s", s)
	}
	hs.keys("shift+tab", "e", "ctrl+end", " x", "esc", "tab") // typing still reads as typing
	if s := hs.screen(); !strings.Contains(s, "~ 1 typed outside the hunks") {
		t.Errorf("typing is not counted as typed:\n%s", s)
	}
}

// fieldOf returns the index of the merge view's field of key, or -1.
func fieldOf(v mergeview.Model, key string) int {
	for i, f := range v.Fields() {
		if f.Key == key {
			return i
		}
	}
	return -1
}
