package resolver

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/feedsync/feedsync/tui/resolver/internal/testfeeds"
)

// threeVersions opens the resolver on testfeeds.Offsite, at w×h.
func threeVersions(t testing.TB, w, h int) *harness {
	t.Helper()
	return newHarness(t, mergePair(t, []byte(testfeeds.Offsite), []byte(testfeeds.Offsite)), w, h)
}

// inColumns reports whether the screen shows every version in columns.
func inColumns(s string) bool { return strings.Contains(s, "› VERSION") }

// TestMergeColumnsScreens records every version in columns, two versions
// (the demo's offsite) and three (testfeeds.Offsite), before and after takes,
// at the widths where columns start, without colour.
func TestMergeColumnsScreens(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for _, c := range []struct {
		name  string
		three bool
		w, h  int
		keys  []string
	}{
		{"merge-columns-two", false, 200, 50, []string{"enter", "n", "e"}},
		{"merge-columns-two-took", false, 200, 50, []string{"enter", "n", "e", "]", "l", "tab", "l"}},
		{"merge-columns-two-from", false, 159, 24, []string{"enter", "n", "e"}},
		{"merge-columns-three", true, 200, 50, []string{"enter", "e"}},
		{"merge-columns-three-took", true, 200, 50, []string{"enter", "e", "tab", "tab", "l", "l", "shift+tab", "b"}},
		{"merge-columns-three-typing", true, 200, 50, []string{"enter", "e", "]", "e", " (or Geneva)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), c.w, c.h)
			if c.three {
				hs = threeVersions(t, c.w, c.h)
			}
			hs.keys(c.keys...)
			golden(t, c.name+"-"+itoa(c.w)+"x"+itoa(c.h), hs.screen())
		})
	}
}

// TestMergeColumnsThreshold: columns from the width where every column
// has columnMin cells of text (159 for two versions, 200 for three), one
// version at a time a cell narrower.
func TestMergeColumnsThreshold(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for _, c := range []struct {
		three bool
		w     int
		want  bool
	}{
		{false, 158, false}, {false, 159, true}, {false, 160, true},
		{true, 199, false}, {true, 200, true},
	} {
		hs := newHarness(t, demoDoc(t), c.w, 30)
		keys := []string{"enter", "n", "e"}
		if c.three {
			hs, keys = threeVersions(t, c.w, 30), []string{"enter", "e"}
		}
		hs.keys(keys...)
		s := hs.screen()
		if inColumns(s) != c.want {
			t.Errorf("three versions %v at %d: columns %v, want %v\n%s", c.three, c.w, !c.want, c.want, s)
		}
		if c.want && strings.Contains(s, "has the winner's") {
			t.Errorf("at %d the header says what other versions hold, which the columns show:\n%s", c.w, s)
		}
		checkFits(t, hs.m.View().Content, c.w, 30)
	}
}

// TestMergeColumnsToggle: v switches between every version in columns and
// one at a time; switching back to what the width chooses leaves the
// choice to the width again; columns chosen on a narrower terminal stay
// while every column keeps columnFloor cells; one version, or a terminal
// too narrow, says why nothing changes.
func TestMergeColumnsToggle(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	resize := func(hs *harness, w int) { hs.send(tea.WindowSizeMsg{Width: w, Height: 30}) }
	for _, c := range []struct {
		name string
		w    int
		keys []string
		then func(hs *harness)
		want bool
		note string
	}{
		{"wide: columns by themselves", 200, nil, nil, true, ""},
		{"wide: v, one at a time", 200, []string{"v"}, nil, false, ""},
		{"wide: v v, columns again", 200, []string{"v", "v"}, nil, true, ""},
		{"one at a time stays when wider", 200, []string{"v"}, func(hs *harness) { resize(hs, 220) }, false, ""},
		{"v v leaves it to the width", 200, []string{"v", "v"}, func(hs *harness) { resize(hs, 120) }, false, ""},
		{"narrow: v, columns", 100, []string{"v"}, nil, true, ""},
		{"columns chosen stay when narrower", 100, []string{"v"}, func(hs *harness) { resize(hs, 79) }, true, ""},
		{"but not under the floor", 100, []string{"v"}, func(hs *harness) { resize(hs, 78) }, false, ""},
		{"and come back over it", 100, []string{"v"}, func(hs *harness) { resize(hs, 78); resize(hs, 90) }, true, ""},
		{"too narrow: says so", 78, []string{"v"}, nil, false, "2 versions in columns need 79 cells; the terminal has 78"},
		{"the choice stays for the next item", 100, []string{"v", "esc", "e"}, nil, true, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), c.w, 30)
			hs.keys(append([]string{"enter", "n", "e"}, c.keys...)...)
			if c.then != nil {
				c.then(hs)
			}
			s := hs.screen()
			if inColumns(s) != c.want {
				t.Errorf("columns %v, want %v\n%s", !c.want, c.want, s)
			}
			if c.note != "" && !strings.Contains(s, c.note) {
				t.Errorf("no %q in\n%s", c.note, s)
			}
		})
	}
	t.Run("one version: says so", func(t *testing.T) {
		hs := newHarness(t, demoDoc(t), 200, 30)
		hs.keys("enter", "e", "v")
		if s := hs.screen(); !strings.Contains(s, "one version: it is beside the winner already") || inColumns(s) {
			t.Errorf("v with one version:\n%s", s)
		}
	})
	t.Run("the key hint and the help name v", func(t *testing.T) {
		hs := newHarness(t, demoDoc(t), 200, 30)
		hs.keys("enter", "n", "e")
		if s := hs.screen(); !strings.Contains(s, "v columns/one version") {
			t.Errorf("the key hint lacks v:\n%s", s)
		}
		hs.keys("?")
		if s := hs.screen(); !strings.Contains(s, "columns/one version") {
			t.Errorf("the help lacks v:\n%s", s)
		}
	})
}

// cells cuts a screen row of the columns at their rules.
func cells(row string) []string { return strings.Split(row, " │ ") }

// TestMergeColumnsLineUp: a line every version keeps starts on the same
// row in every column, however many rows the lines before take in each,
// and the rows of a block are padded, never run into the next block.
func TestMergeColumnsLineUp(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for _, w := range []int{200, 140, 100} {
		hs := threeVersions(t, w, 60)
		hs.keys("enter", "e", "v")
		if w == 200 {
			hs.keys("v") // back to columns, chosen by the width
		}
		rows := strings.Split(hs.screen(), "\n")
		for _, line := range []string{"Lunch by the", "Bring the"} {
			at := slices.IndexFunc(rows, func(r string) bool { return strings.HasPrefix(r, line) })
			if at < 0 {
				t.Fatalf("%d: no row starts %q:\n%s", w, line, hs.screen())
			}
			cs := cells(rows[at])
			if len(cs) != 5 {
				t.Fatalf("%d: %d columns in %q, want 5", w, len(cs), rows[at])
			}
			for k, c := range cs[1:] {
				if !strings.HasPrefix(strings.TrimLeft(c[2:], " "), strings.Fields(line)[0]) {
					t.Errorf("%d: column %d of the row of %q holds %q:\n%s", w, k+2, line, c, hs.screen())
				}
			}
		}
	}
}

// TestMergeColumnsMarkTakes: each version's gutter says what the result
// holds at its hunks, so that the side taken reads across; the result's
// gutter says the same as before.
func TestMergeColumnsMarkTakes(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for _, c := range []struct {
		name string
		keys []string
		want []string // the gutter of the result and of versions 1, 2, 3
	}{
		{"nothing taken", nil, []string{"? ", "  ", "  ", "? "}},
		{"dave's title", []string{"l"}, []string{"> ", "  ", "  ", "> "}},
		{"the winner's", []string{"h"}, []string{"< ", "  ", "  ", "< "}},
		{"both, the winner's side empty: dave's", []string{"b"}, []string{"> ", "  ", "  ", "> "}},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := threeVersions(t, 200, 50)
			hs.keys(append([]string{"enter", "e", "tab", "tab"}, c.keys...)...) // dave's, whose only title hunk is the first
			rows := strings.Split(hs.screen(), "\n")
			at := slices.IndexFunc(rows, func(r string) bool { return strings.HasPrefix(r, "Plan the team offsite") })
			if at < 0 {
				t.Fatalf("no title row:\n%s", hs.screen())
			}
			cs := cells(rows[at])
			for k, want := range c.want {
				if !strings.HasPrefix(cs[k+1], want) {
					t.Errorf("column %d of the title row is %q, want the mark %q", k+2, cs[k+1], want)
				}
			}
		})
	}
}

// TestMergeColumnsHighlight: the hunk at hand is highlighted in the
// winner's column, the result, the version at hand, and the other
// versions' text over the same stretch; nothing while typing.
func TestMergeColumnsHighlight(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	hs := threeVersions(t, 200, 50)
	hs.keys("enter", "e") // alice's "Lyon": carol has Lyon too, dave the winner's Annecy
	open := hs.m.styles.Ink.Cursor.Open
	if open == "" {
		t.Skip("the highlight has no sequence of its own")
	}
	v := hs.m.View().Content
	var row string
	for _, r := range strings.Split(v, "\n") {
		if strings.Contains(ansi.Strip(r), "Two days in") {
			row = r
			break
		}
	}
	cs := cells(ansi.Strip(row))
	if len(cs) != 5 {
		t.Fatalf("no row of the content in columns:\n%s", ansi.Strip(v))
	}
	lit := strings.Split(row, "│")
	for k, want := range []bool{true, true, true, true, false} {
		if got := strings.Contains(lit[k], open); got != want {
			t.Errorf("column %d highlighted %v, want %v: %q", k+1, got, want, lit[k])
		}
	}
	hs.keys("e")
	if strings.Contains(hs.m.View().Content, open) && !strings.Contains(hs.screen(), "typing in") {
		t.Error("a highlight while typing")
	}
}

// colourSGR finds a sequence that sets a foreground or background colour.
var colourSGR = regexp.MustCompile(`\x1b\[(?:[0-9]*;)*(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9]*)*m`)

// TestMergeColumnsNoColor: without colour, what each version drops and
// adds is marked [-…-]{+…+} in its column, the gutters carry the states,
// the version at hand is marked ›, and no colour sequence is written.
func TestMergeColumnsNoColor(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := threeVersions(t, 200, 50)
	hs.keys("enter", "e", "l")
	s := hs.screen()
	for _, want := range []string{"› VERSION 1 · alice-laptop", "> Two days in [-Annecy-]{+Lyon+},", "> Two days in Lyon, 14–15 May.",
		"[-train-]{+coach+}", "{+ and the flip", "? [-14-]{+21+}–[-15-]{+22+} May."} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in\n%s", want, s)
		}
	}
	if c := colourSGR.FindString(hs.m.View().Content); c != "" { // bold, dim, strike, underline and reverse may stay
		t.Errorf("colour sequence %q with NO_COLOR", c)
	}
}

// TestMergeColumnsApplyAsksNothing: in columns every version is in view,
// so applying does not ask about a version never shown (only about the
// hunks left open, which a answers).
func TestMergeColumnsApplyAsksNothing(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newHarness(t, demoDoc(t), 200, 30)
	hs.keys("enter", "n", "e", "l", "ctrl+s", "a")
	if s := hs.screen(); hs.m.screen == mergeScreen || !strings.Contains(s, `edited "Plan the team offsite"`) {
		t.Errorf("applying in columns did not apply:\n%s", s)
	}
}

// TestMergeColumnsSweep resizes three versions in columns, chosen at 100
// cells, and while typing, through the sweep's sizes (see sweep).
func TestMergeColumnsSweep(t *testing.T) {
	for name, keys := range map[string][]string{
		"columns": {"enter", "e", "v"},
		"typing":  {"enter", "e", "v", "e", "x"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			hs := threeVersions(t, 100, 30)
			hs.keys(keys...)
			if !inColumns(hs.screen()) {
				t.Fatalf("not in columns:\n%s", hs.screen())
			}
			sweep(t, hs)
		})
	}
}

// BenchmarkMergeColumnsKey measures a key press and the View after it in
// columns at 200 cells, on an item whose content is about 1 MB (200k
// words in lines of 50) with three versions, each changing a word in
// every other, third or fourth line: 3,300 hunks in all. "vv" is the
// switch to one version at a time and back.
//
//	go test -run '^$' -bench MergeColumnsKey ./tui/resolver
func BenchmarkMergeColumnsKey(b *testing.B) {
	r := rand.New(rand.NewPCG(36, 36))
	texts := make([]strings.Builder, 4)
	for i := range 200_000 {
		word := string(rune('a'+r.IntN(26))) + strings.Repeat(string(rune('a'+r.IntN(26))), r.IntN(6))
		for k := range texts {
			switch {
			case i > 0 && i%50 == 0:
				texts[k].WriteByte('\n')
			case i > 0:
				texts[k].WriteByte(' ')
			}
			if k > 0 && i%50 == 25 && (i/50)%(k+1) == 0 {
				texts[k].WriteString("CHANGED")
			} else {
				texts[k].WriteString(word)
			}
		}
	}
	var vs []testfeeds.Version
	for k, by := range []string{"bob", "alice", "carol", "dave"} {
		vs = append(vs, testfeeds.V(by, fmt.Sprintf("%02d:00", 12-k), "Notes", texts[k].String()))
	}
	feed := []byte(testfeeds.OneItem(vs[0], vs[1:]...))
	doc := mergePair(b, feed, feed)
	b.Run("open", func(b *testing.B) {
		for b.Loop() {
			hs := newHarness(b, doc, 200, 50)
			hs.keys("enter", "e")
			_ = hs.m.View()
		}
	})
	for _, keys := range [][]string{{"j"}, {"]"}, {"l", "u"}, {"tab"}, {"v", "v"}} {
		b.Run(strings.Join(keys, ""), func(b *testing.B) {
			hs := newHarness(b, doc, 200, 50)
			hs.keys("enter", "e")
			if !inColumns(hs.screen()) || len(hs.m.merge.Hunks()) < 1000 {
				b.Fatalf("not in columns on 1,000 hunks or more:\n%s", hs.screen())
			}
			for b.Loop() {
				for _, k := range keys {
					hs.keys(k)
					_ = hs.m.View()
				}
			}
		})
	}
}

// TestOtherRowsSumUpInGoodGrammar: past maxOtherRows, the other versions
// that differ at the hunk are summed up, "and 1 more version differs
// here", not "and 1 version more differ here".
func TestOtherRowsSumUpInGoodGrammar(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	days := "Day one: Paris.\nDay two: Lyon."
	feed := testfeeds.OneItem(testfeeds.V("e5", "12:00", "Trip", days),
		testfeeds.V("e4", "11:00", "Trip 2026", days),
		testfeeds.V("e3", "10:00", "Trip", "Day one: Rome.\nDay two: Lyon."),
		testfeeds.V("e2", "09:00", "Trip", "Day one: Paris.\nDay two: Milan."),
		testfeeds.V("e1", "08:00", "Trip", "Day one: Paris."))
	hs := newHarness(t, mergePair(t, []byte(feed), []byte(feed)), 120, 40)
	hs.keys("enter", "e")
	s := strings.Join(strings.Fields(hs.screen()), " ")
	if !strings.Contains(s, "and 1 more version differs here — tab shows each") {
		t.Errorf("the other versions are not summed up in good grammar:\n%s", hs.screen())
	}
}

// TestFieldRuleNamesAnotherVersionsText: a field where the version shown
// has no hunk, but the result holds another version's text there, says so
// in its rule as its gutter does ("o 1 another version's"), not "edited",
// which is what typing is called.
func TestFieldRuleNamesAnotherVersionsText(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := threeVersions(t, 200, 50)
	hs.keys("enter", "e", "tab", "tab", "l", "l", "shift+tab") // dave's title taken, carol's shown
	for _, l := range strings.Split(hs.screen(), "\n") {
		if strings.HasPrefix(l, "── Title") && !strings.HasPrefix(l, "── Title · o 1 another version's ─") {
			t.Errorf("the title's rule: %q\n%s", l, hs.screen())
		}
	}
}

// TestMergeOneVersionAligned: in the one-version merge view at 120
// columns, each paragraph starts on one row in the winner's column, the
// result's and the version's, though the result, narrower by its gutter,
// wraps some of them once more (issue 20 item 15: the RESULT column
// drifted a row below its neighbours at each).
func TestMergeOneVersionAligned(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newHarness(t, demoDoc(t), 120, 80)
	hs.keys("j", "j", "j", "enter", "e") // the README draft: paragraphs that wrap
	if hs.m.screen != mergeScreen || hs.m.merge.Columnar() {
		t.Fatalf("not the one-version merge view:\n%s", hs.screen())
	}
	starts, blank := 0, true
	for _, row := range strings.Split(hs.screen(), "\n") {
		cols := strings.Split(row, " │ ")
		if len(cols) != 3 || strings.HasPrefix(row, "WINNER") {
			blank = true
			continue
		}
		winner, result := strings.TrimSpace(cols[0]), strings.TrimSpace(cols[1][2:])
		if blank && winner != "" {
			starts++
			first, _, _ := strings.Cut(winner, " ")
			if !strings.HasPrefix(result, first) {
				t.Errorf("the winner's paragraph %q starts beside the result's row %q", winner, result)
			}
		}
		blank = winner == ""
	}
	if starts < 5 {
		t.Errorf("%d paragraphs found, want the README draft's:\n%s", starts, hs.screen())
	}
}
