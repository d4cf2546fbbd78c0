package resolver

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedtest"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
	"github.com/feedsync/feedsync/tui/resolver/mergeview"
)

// resultOf returns the merge view's result of a field by key.
func resultOf(t *testing.T, v mergeview.Model, key string) string {
	t.Helper()
	for i, f := range v.Fields() {
		if f.Key == key {
			return v.Merge().Result(i)
		}
	}
	t.Fatalf("no field %q", key)
	return ""
}

// TestMergeTakes takes hunks from either side, both in either order, and
// by hand, and reads what each hunk holds (1.0.2 §3.4 step 1.3: combine).
// Every take settles the hunk: both, where one side is empty, is the side
// that has text (lead's QL1).
func TestMergeTakes(t *testing.T) {
	for _, c := range []struct {
		name           string
		keys           []string
		title, content string
		states         []mergemodel.State
	}{
		{"nothing taken", nil, "Buy groceries - DONE", "Get milk, eggs, butter and rolls",
			[]mergemodel.State{mergemodel.Open, mergemodel.Open, mergemodel.Open}},
		{"the version's title", []string{"l"}, "Buy groceries", "Get milk, eggs, butter and rolls",
			[]mergemodel.State{mergemodel.Version, mergemodel.Open, mergemodel.Open}},
		{"the winner's, taken", []string{"h"}, "Buy groceries - DONE", "Get milk, eggs, butter and rolls",
			[]mergemodel.State{mergemodel.Winner, mergemodel.Open, mergemodel.Open}},
		{"each side once", []string{"]", "l", "h"}, "Buy groceries - DONE", "Get oat milk, eggs, butter and rolls",
			[]mergemodel.State{mergemodel.Open, mergemodel.Version, mergemodel.Winner}},
		{"both, winner first", []string{"]", "]", "b"}, "Buy groceries - DONE", "Get milk, eggs, butter and rolls sourdough bread",
			[]mergemodel.State{mergemodel.Open, mergemodel.Open, mergemodel.Both}},
		{"both, version first", []string{"]", "]", "B"}, "Buy groceries - DONE", "Get milk, eggs, butter and sourdough bread rolls",
			[]mergemodel.State{mergemodel.Open, mergemodel.Open, mergemodel.BothRev}},
		{"a take replaces what was taken", []string{"]", "]", "b", "[", "l"}, "Buy groceries - DONE", "Get milk, eggs, butter and sourdough bread",
			[]mergemodel.State{mergemodel.Open, mergemodel.Open, mergemodel.Version}},
		{"typed by hand", []string{"]", "]", "e", " and jam", "esc"}, "Buy groceries - DONE", "Get milk, eggs, butter and rolls and jam",
			[]mergemodel.State{mergemodel.Open, mergemodel.Open, mergemodel.Hand}},
		{"both where the version's side is empty: the winner's, taken", []string{"b"}, "Buy groceries - DONE", "Get milk, eggs, butter and rolls",
			[]mergemodel.State{mergemodel.Winner, mergemodel.Open, mergemodel.Open}},
		{"both, version first, where it is empty: the same", []string{"B"}, "Buy groceries - DONE", "Get milk, eggs, butter and rolls",
			[]mergemodel.State{mergemodel.Winner, mergemodel.Open, mergemodel.Open}},
		{"both where the winner's side is empty: the version's", []string{"]", "b"}, "Buy groceries - DONE", "Get oat milk, eggs, butter and rolls",
			[]mergemodel.State{mergemodel.Open, mergemodel.Version, mergemodel.Open}},
		{"a take where typing reached past the hunk brings the winner's text around it back", []string{"]", "e", " jam", "esc", "l"},
			"Buy groceries - DONE", "Get oat milk, eggs, butter and rolls", []mergemodel.State{mergemodel.Open, mergemodel.Version, mergemodel.Open}},
		{"undo a take", []string{"l", "u"}, "Buy groceries - DONE", "Get milk, eggs, butter and rolls",
			[]mergemodel.State{mergemodel.Open, mergemodel.Open, mergemodel.Open}},
		{"redo it", []string{"l", "u", "ctrl+r"}, "Buy groceries", "Get milk, eggs, butter and rolls",
			[]mergemodel.State{mergemodel.Version, mergemodel.Open, mergemodel.Open}},
		{"undo typing as one step", []string{"]", "]", "e", " and jam", "esc", "u"}, "Buy groceries - DONE", "Get milk, eggs, butter and rolls",
			[]mergemodel.State{mergemodel.Open, mergemodel.Open, mergemodel.Open}},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), 140, 30)
			hs.keys(append([]string{"enter", "e"}, c.keys...)...)
			v := hs.m.merge
			if got := resultOf(t, v, "title"); got != c.title {
				t.Errorf("title %q, want %q", got, c.title)
			}
			if got := resultOf(t, v, "content"); got != c.content {
				t.Errorf("content %q, want %q", got, c.content)
			}
			for i, want := range c.states {
				if got := v.State(i); got != want {
					t.Errorf("hunk %d: state %d, want %d", i+1, got, want)
				}
			}
		})
	}
}

// TestMergeApply records the result as one resolution (1.0.2 §3.4 and §4),
// the same one that `resolve --pick winner --title T --content C` makes
// through package dialect.
func TestMergeApply(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 140, 30)
	hs.keys("enter", "e", "l", "l", "b", "ctrl+s")
	it := hs.m.st.item(groceries)
	want{3, false, []string{stamp(3), alice2g, bob2g, alice1g}, "Buy groceries", 0}.check(t, it)
	if c := contentOf(it.Winner().Fields()); c != "Get oat milk, eggs, butter and rolls sourdough bread" {
		t.Errorf("content %q", c)
	}
	if hs.m.screen == mergeScreen {
		t.Error("the merge view stayed open")
	}
	// The same data through the command line's path.
	doc := demoDoc(t)
	e, _ := doc.Entry(hs.m.st.entry(groceries).ID())
	title, content := "Buy groceries", "Get oat milk, eggs, butter and rolls sourdough bread"
	res, err := doc.Resolve(e, hs.m.stamp(), dialect.Resolution{Edit: dialect.Edit{Title: &title, Content: &content}}, dialect.Options{})
	if err != nil {
		t.Fatal(err)
	}
	doc.Set(res)
	hs.m.st.sync()
	if got, want := string(hs.m.st.doc.Bytes()), string(doc.Bytes()); got != want {
		t.Errorf("the merge and resolve --pick winner --title --content write different feeds:\n%s", feedtest.LineDiff(want, got))
	}
}

// TestMergeThreeVersions: any version can feed the result; a hunk of one
// version shows the text another put there.
func TestMergeThreeVersions(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 140, 30)
	hs.keys("enter", "n", "e", "]", "l")
	v := hs.m.merge
	first := resultOf(t, v, "content")
	hs.keys("tab")
	v = hs.m.merge
	if v.Version() != 1 {
		t.Fatalf("version %d shown, want 2", v.Version()+1)
	}
	var states []mergemodel.State
	for i := range v.Hunks() {
		states = append(states, v.State(i))
	}
	if !strings.Contains(hs.screen(), "VERSION 2") {
		t.Errorf("version 2 is not shown:\n%s", hs.screen())
	}
	hs.keys("]", "l")
	if got := resultOf(t, hs.m.merge, "content"); got == first {
		t.Errorf("version 2's hunk changed nothing: %q", got)
	}
	t.Logf("after version 1: %q; states against version 2: %v", first, states)
}

// TestMergeLeaving: esc and q leave an unchanged merge at once and ask
// (keep combining, apply, discard) when the result changed, as ctrl+c
// does before it quits (TestMergeCtrlCQuits); nothing is decided until the
// person applies. esc or ctrl+c while typing stops typing.
func TestMergeLeaving(t *testing.T) {
	for _, c := range []struct {
		name    string
		keys    []string
		screen  screen
		asking  bool
		decided bool
		status  string
	}{
		{"esc without changes leaves", []string{"esc"}, itemScreen, false, false, "nothing changed"},
		{"q without changes leaves", []string{"q"}, itemScreen, false, false, "nothing changed"},
		{"esc with changes asks", []string{"l", "esc"}, mergeScreen, true, false, ""},
		{"ctrl+c with changes asks", []string{"l", "ctrl+c"}, mergeScreen, true, false, ""},
		{"keep combining", []string{"l", "esc", "k"}, mergeScreen, false, false, ""},
		{"esc in the question keeps combining", []string{"l", "esc", "esc"}, mergeScreen, false, false, ""},
		{"discard", []string{"l", "esc", "d"}, itemScreen, false, false, "discarded"},
		{"apply", []string{"l", "ctrl+c", "a", "a"}, listScreen, false, true, "edited"},
		{"esc while typing stops typing", []string{"e", "x", "esc"}, mergeScreen, false, false, ""},
		{"ctrl+c while typing stops typing", []string{"e", "x", "ctrl+c"}, mergeScreen, false, false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), 100, 30)
			hs.keys(append([]string{"enter", "e"}, c.keys...)...)
			if hs.quit {
				t.Fatal("the program quit")
			}
			if hs.m.screen != c.screen && !(c.decided && hs.m.screen == itemScreen) || (hs.m.overlay == confirmOverlay) != c.asking {
				t.Errorf("screen %d, asking %v; want %d, %v:\n%s", hs.m.screen, hs.m.overlay == confirmOverlay, c.screen, c.asking, hs.screen())
			}
			if c.asking && !strings.Contains(hs.screen(), "Keep combining") {
				t.Errorf("the question is not shown:\n%s", hs.screen())
			}
			if decided := !hs.m.st.item(groceries).InConflict(); decided != c.decided {
				t.Errorf("decided %v, want %v", decided, c.decided)
			}
			if !strings.Contains(hs.m.status.Message(), c.status) {
				t.Errorf("status %q, want %q in it", hs.m.status.Message(), c.status)
			}
			if c.screen == mergeScreen && !c.asking && hs.m.merge.Typing() {
				t.Error("still typing")
			}
		})
	}
}

// TestMergeRefusesEmpty: an empty title, or an empty content where the
// item has content, is refused with a note, and the person types in it.
func TestMergeRefusesEmpty(t *testing.T) {
	for _, c := range []struct {
		name string
		keys []string
		note string
	}{
		{"empty title", []string{"e", "ctrl+a", "ctrl+k", "ctrl+s"}, "the title is empty"},
		{"blank title", []string{"e", "ctrl+a", "ctrl+k", "   ", "esc", "a"}, "the title is empty"},
		{"empty content", []string{"]", "e", "ctrl+home", "ctrl+k", "ctrl+s"}, "the content is empty"},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), 100, 30)
			hs.keys(append([]string{"enter", "e"}, c.keys...)...)
			if !hs.m.st.item(groceries).InConflict() || hs.m.screen != mergeScreen || !strings.Contains(hs.screen(), c.note) {
				t.Errorf("not refused with %q:\n%s", c.note, hs.screen())
			}
			if !hs.m.merge.Typing() {
				t.Error("not typing in the empty field")
			}
		})
	}
}

// TestMergeNoVersions: an item in conflict by its flag alone (0.91 §4.4.2)
// opens with the content being typed in.
func TestMergeNoVersions(t *testing.T) {
	doc := demoDoc(t)
	var e dialect.Entry
	for _, x := range doc.Entries() {
		if x.InConflict() {
			e = x
			break
		}
	}
	s := draw.MonoStyles()
	v := mergeview.New(&s).Open(0, e, "x", nil, 0)
	v = v.Open(0, e, "x", nil, 0)
	if len(v.Fields()) == 0 {
		t.Fatal("no fields")
	}
}

// TestMergeLists: categories merge as a list, one value per line, so that
// taking both keeps both; a summary merges as text. The resolution edits
// them by key, a category taken from the version whole.
func TestMergeLists(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	doc := mergePair(t, []byte(catsFeed), []byte(catsFeed))
	hs := newHarness(t, doc, 140, 30)
	hs.keys("enter", "e")
	golden(t, "merge-lists-140x30", hs.screen())
	hs.keys("b", "l", "ctrl+s")
	var got []string
	for _, f := range hs.m.st.entry(0).Winner().Fields() {
		if f.Shared {
			got = append(got, f.Key+"="+f.Value)
		}
	}
	want := "title=Shopping\ncontent=milk\ncategory[1]=home\ncategory[2]=food\ncategory[3]=errands (urn:tags)\nsummary=every week"
	if strings.Join(got, "\n") != want || hs.m.st.entry(0).InConflict() {
		t.Errorf("fields after the merge:\n%s\nwant\n%s", strings.Join(got, "\n"), want)
	}
}

// TestMergeMonochrome: on a monochrome terminal the merge view marks the
// changed words [-old-]{+new+} and uses no colour; the field typed in is
// marked by a bar.
func TestMergeMonochrome(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm-mono")
	hs := newHarness(t, demoDoc(t), 140, 24)
	hs.keys("enter", "e")
	s := hs.screen()
	if !strings.Contains(s, "Buy groceries[- - DONE-]") || !strings.Contains(s, "{+oat +}") || strings.Contains(hs.m.View().Content, "\x1b[3") {
		t.Errorf("no markers, or colour, on a monochrome terminal:\n%s", s)
	}
	hs.keys("e")
	if !strings.Contains(hs.screen(), "▌ Buy groceries - DONE") {
		t.Errorf("the field typed in is not marked:\n%s", hs.screen())
	}
}

// TestMergeHeadNamesWhatItSettles: the header says which conflicting
// versions the result settles and which stay in conflict, in the right
// number, and that it settles every one when every one is marked.
func TestMergeHeadNamesWhatItSettles(t *testing.T) {
	for _, c := range []struct {
		name string
		keys []string
		want string
	}{
		{"none marked", []string{"enter", "n", "e"}, "the result settles every conflicting version"},
		{"the only version marked", []string{"enter", "m", "e"}, "the result settles every conflicting version"},
		{"one of two marked", []string{"enter", "n", "m", "e"}, "the result settles version 1; version 2 stays in conflict"},
		{"the other marked", []string{"enter", "n", "tab", "m", "e"}, "the result settles version 2; version 1 stays in conflict"},
		{"both marked", []string{"enter", "n", "m", "tab", "m", "e"}, "the result settles every conflicting version"},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), 140, 30)
			hs.keys(c.keys...)
			if hs.m.screen != mergeScreen {
				t.Fatalf("not in the merge view:\n%s", hs.screen())
			}
			head := strings.Split(hs.screen(), "\n")[1]
			if !strings.HasSuffix(head, c.want) {
				t.Errorf("header %q, want it to end %q", head, c.want)
			}
		})
	}
}

// TestMergeSidesShowOnlyTheirText: the winner's and the version's panes
// show what each holds and nothing else: where the hunk at hand holds
// nothing on one side, that side shows no mark (the other side's text is
// highlighted). Only the result marks an empty hunk at hand, with a caret,
// since that is where taking a side or typing puts text.
func TestMergeSidesShowOnlyTheirText(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for _, c := range []struct {
		name   string
		w      int
		keys   []string
		side   string // a row of the two panes, as it must read
		result string // the result's row, as it must read
	}{
		{"a deletion, side by side", 80, []string{"enter", "e"},
			"Buy groceries[- - DONE-]               │ Buy groceries", "? Buy groceries - DONE"},
		{"a deletion, one above the other", 60, []string{"enter", "e"},
			"Buy groceries", "? Buy groceries - DONE"},
		{"an insertion", 80, []string{"enter", "e", "]"},
			"Get milk, eggs, butter and[- rolls-]   │ Get {+oat +}milk, eggs, butter and{+", "? Get ‸milk, eggs, butter and rolls"},
		{"the version's deletion taken", 80, []string{"enter", "e", "l", "["},
			"Buy groceries[- - DONE-]               │ Buy groceries", "> Buy groceries‸"},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), c.w, 30)
			hs.keys(c.keys...)
			lines := strings.Split(hs.screen(), "\n")
			if !slices.Contains(lines, c.side) {
				t.Errorf("no row %q:\n%s", c.side, hs.screen())
			}
			if !slices.Contains(lines, c.result) {
				t.Errorf("no result row %q:\n%s", c.result, hs.screen())
			}
			for _, l := range lines {
				if strings.Contains(l, "‸") && l != c.result {
					t.Errorf("a caret outside the result: %q", l)
				}
			}
		})
	}
}

// TestMergeTypedIsNotAnotherVersions: a hunk whose result was typed in is
// "~ typed by hand" even when what was typed contains another version's
// text; it is "o another version's" only when the result holds exactly
// what another version has there (QA Q1).
func TestMergeTypedIsNotAnotherVersions(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 200, 50)
	// Plan the team offsite: version 1's "Lyon", then " EXTRA" typed after it.
	hs.keys("j", "enter", "e", "l", "[", "e", " EXTRA", "esc")
	if got := resultOf(t, hs.m.merge, "content"); !strings.HasPrefix(got, "Two days in Lyon EXTRA,") {
		t.Fatalf("content %q", got)
	}
	for v := range 2 {
		if got := hs.m.merge.State(0); got != mergemodel.Hand {
			t.Errorf("version %d, hunk 1: state %d, want typed by hand:\n%s", v+1, got, hs.screen())
		}
		if s := hs.screen(); !strings.Contains(s, "~ Two days in Lyon EXTRA") || strings.Contains(s, "another version's") {
			t.Errorf("version %d: typing shown as another version's:\n%s", v+1, s)
		}
		hs.keys("tab")
	}
}

// TestMergeCtrlCQuits: ctrl+c quits from the merge view too. With a
// changed result it asks first; a second ctrl+c goes on to quitting, by the
// path every quit takes: at once when all is saved, else the question
// about unsaved work, whose "stay" goes back to combining (QA Q10).
func TestMergeCtrlCQuits(t *testing.T) {
	for _, c := range []struct {
		name    string
		keys    []string
		quit    bool
		asks    string // the question shown, if any
		combine bool   // still combining, the result kept
	}{
		{"unchanged: at once, nothing unsaved", []string{"enter", "e", "ctrl+c"}, true, "", false},
		{"unchanged, unsaved work: asks about it", []string{"w", "j", "enter", "e", "ctrl+c"}, false, "not saved", false},
		{"changed: asks, then quits", []string{"enter", "e", "l", "ctrl+c", "ctrl+c"}, true, "", false},
		{"after esc's question too", []string{"enter", "e", "l", "esc", "ctrl+c"}, true, "", false},
		{"unsaved work: asks about it", []string{"w", "j", "enter", "e", "l", "ctrl+c", "ctrl+c"}, false, "not saved", false},
		{"unsaved work: y quits", []string{"w", "j", "enter", "e", "l", "ctrl+c", "ctrl+c", "y"}, true, "", false},
		{"unsaved work: stay goes back to combining", []string{"w", "j", "enter", "e", "l", "ctrl+c", "ctrl+c", "esc"}, false, "", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), 100, 30)
			hs.keys(c.keys[:len(c.keys)-1]...)
			if hs.quit {
				t.Fatalf("quit before the last key:\n%s", hs.screen())
			}
			if hs.m.overlay == confirmOverlay && hs.m.confirm.q == askLeaveMerge && !strings.Contains(hs.screen(), "ctrl+c quit") {
				t.Errorf("the question does not offer ctrl+c quit:\n%s", hs.screen())
			}
			hs.keys(c.keys[len(c.keys)-1])
			if hs.quit != c.quit {
				t.Errorf("quit %v, want %v:\n%s", hs.quit, c.quit, hs.screen())
			}
			if asking := hs.m.overlay == confirmOverlay; asking != (c.asks != "") || c.asks != "" && !strings.Contains(hs.screen(), c.asks) {
				t.Errorf("asking %v, want %q:\n%s", asking, c.asks, hs.screen())
			}
			if c.combine && (hs.m.screen != mergeScreen || !hs.m.merge.Changed()) {
				t.Errorf("not back to combining with the result kept:\n%s", hs.screen())
			}
		})
	}
}

// TestMergeTypingAroundHunks: text typed in the stretches the versions
// share is typed by hand, and says so (the row's gutter ~, the field's rule
// counts it); a hunk whose surroundings were typed away is not a side's,
// though the text left over its range is (QA Q19).
func TestMergeTypingAroundHunks(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	right := func(n int) []string { return slices.Repeat([]string{"right"}, n) }
	del := slices.Repeat([]string{"delete"}, 25)
	for _, c := range []struct {
		name  string
		keys  []string
		title string
		state mergemodel.State
		rows  []string // rows of the screen, as they must read
	}{
		{"typed before the hunk", append(append([]string{"e", "ctrl+home"}, right(4)...), "fresh ", "esc"),
			"Buy fresh groceries - DONE", mergemodel.Open,
			[]string{"~ Buy fresh groceries - DONE", "── Title · 1 hunk: ? 1 open · ~ 1 typed outside the hunks "}},
		{"the whole title deleted", append(append([]string{"e", "ctrl+home"}, del...), "esc"),
			"", mergemodel.Hand, []string{"── Title · 1 hunk: ~ 1 by hand "}},
		{"the version's, as before", []string{"l"},
			"Buy groceries", mergemodel.Version, []string{"── Title · 1 hunk: > 1 version's "}},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), 100, 30)
			hs.keys(append([]string{"enter", "e"}, c.keys...)...)
			if got := resultOf(t, hs.m.merge, "title"); got != c.title {
				t.Fatalf("title %q, want %q", got, c.title)
			}
			if got := hs.m.merge.State(0); got != c.state {
				t.Errorf("state %d, want %d", got, c.state)
			}
			lines := strings.Split(hs.screen(), "\n")
			for _, want := range c.rows {
				if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, want) }) {
					t.Errorf("no row %q:\n%s", want, hs.screen())
				}
			}
		})
	}
}

// TestMergeFollowsTheHunk: moving to a hunk, and the move after a take,
// scroll the body so that the hunk's result row shows, with its winner's
// and version's rows above it where they fit (lead's QL2).
func TestMergeFollowsTheHunk(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for _, c := range []struct {
		name string
		keys []string
		row  string // the current hunk's result row
	}{
		{"] ]", []string{"]", "]"}, "? Get milk, eggs, butter and rolls"},
		{"] l moves on to the next open hunk", []string{"]", "l"}, "> Get oat milk, eggs, butter and rolls"},
		{"l moves on to the content", []string{"l"}, "? Get ‸milk, eggs, butter and rolls"},
		{"l ] ] back to the title (a changed result goes round the item)", []string{"l", "]", "]"}, "> Buy groceries"},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), 40, 20)
			hs.keys(append([]string{"enter", "e"}, c.keys...)...)
			lines := strings.Split(hs.screen(), "\n")
			if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, c.row) }) {
				t.Errorf("the hunk's result row %q is not shown:\n%s", c.row, hs.screen())
			}
		})
	}
}

// TestMergeTypingShowsTheWholeField: typing on a new last line of a list
// keeps the lines above it in the box, which has room for all of them: no
// ~ filler while text is hidden (QA Q32).
func TestMergeTypingShowsTheWholeField(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	doc := mergePair(t, []byte(catsFeed), []byte(catsFeed))
	hs := newHarness(t, doc, 140, 30)
	hs.keys("enter", "e")
	for i := 0; hs.m.merge.Fields()[hs.m.merge.Hunks()[hs.m.merge.Hunk()].Field].Key != "category"; i++ {
		if i > 5 {
			t.Fatal("no category hunk")
		}
		hs.keys("]")
	}
	hs.keys("e", "ctrl+end", "enter", "new-cat (http://scheme)")
	if !hs.m.merge.Typing() {
		t.Fatal("not typing")
	}
	s := hs.screen()
	for _, want := range []string{"▌ home", "▌ food", "▌ new-cat (http://scheme)"} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q while typing:\n%s", want, s)
		}
	}
	if strings.Contains(s, "▌ ~") {
		t.Errorf("filler rows while text is hidden:\n%s", s)
	}
}

// TestMergeBothOnThreeVersions: b and B on the hunks of a three-version
// item leave each hunk both sides', never "typed outside the hunks" and
// open (issue 20 item 15).
func TestMergeBothOnThreeVersions(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for _, k := range []string{"b", "B"} {
		hs := newHarness(t, demoDoc(t), 160, 60)
		hs.keys("j", "enter", "e") // the team offsite: three versions
		n := len(hs.m.merge.Hunks())
		for range n {
			hs.keys(k)
		}
		v := hs.m.merge
		for i, s := range v.Merge().States(v.Version()) {
			if s != mergemodel.Both && s != mergemodel.BothRev {
				t.Errorf("%s: hunk %d of %d is state %d:\n%s", k, i+1, n, s, hs.screen())
			}
		}
		if s := flat(hs.screen()); strings.Contains(s, "typed outside the hunks") || v.OpenIn(v.Version()) != 0 {
			t.Errorf("%s: %d open, typing outside the hunks shown:\n%s", k, v.OpenIn(v.Version()), hs.screen())
		}
	}
}

// TestMergeWheelScrolls: the mouse wheel scrolls the merge view's body, as
// it does the list and the item, typing or not (issue 20 item 15).
func TestMergeWheelScrolls(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for _, typing := range []bool{false, true} {
		hs := newHarness(t, demoDoc(t), 60, 14)
		hs.keys("j", "enter", "e") // the team offsite: its body is taller than the screen
		if typing {
			hs.keys("e")
		}
		at := hs.m.merge.Scroll() // the hunk at hand, low in a body taller than the screen
		if at < 3 {
			t.Fatalf("typing %v: the view is at row %d, want the body scrolled to the hunk:\n%s", typing, at, hs.screen())
		}
		hs.send(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
		up := hs.screen()
		if hs.m.merge.Scroll() != at-3 {
			t.Fatalf("typing %v: the wheel did not scroll up (%d, was %d):\n%s", typing, hs.m.merge.Scroll(), at, up)
		}
		hs.send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
		if hs.m.merge.Scroll() != at || hs.screen() == up {
			t.Errorf("typing %v: the wheel did not scroll back down (%d, want %d)", typing, hs.m.merge.Scroll(), at)
		}
	}
}

// TestMergeApplyAsksWithOpenHunks: applying while hunks are still open
// asks first, naming how many; k (or esc) keeps combining, a applies with
// the winner's text there; with no hunk open, applying asks nothing
// (issue 19 part 5).
func TestMergeApplyAsksWithOpenHunks(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	hs := newHarness(t, demoDoc(t), 100, 30)
	hs.keys("enter", "e", "l", "ctrl+s")
	if hs.m.overlay != confirmOverlay || !strings.Contains(flat(hs.screen()), "2 hunks are still open") {
		t.Fatalf("applying with 2 hunks open did not ask:\n%s", hs.screen())
	}
	golden(t, "merge-apply-open-asks-100x30", hs.screen())
	hs.keys("k")
	if hs.m.screen != mergeScreen || hs.m.overlay != noOverlay || !hs.m.st.item(groceries).InConflict() {
		t.Fatalf("k did not keep combining:\n%s", hs.screen())
	}
	hs.keys("ctrl+s", "a")
	if e := hs.m.st.item(groceries); e.InConflict() || e.Title() != "Buy groceries" {
		t.Errorf("a did not apply the result: in conflict %v, title %q", e.InConflict(), e.Title())
	}

	hs = newHarness(t, demoDoc(t), 100, 30)
	hs.keys("enter", "e", "l", "l", "h", "ctrl+s") // every hunk decided
	if hs.m.overlay == confirmOverlay || hs.m.st.item(groceries).InConflict() {
		t.Errorf("applying with no hunk open asked, or did not apply:\n%s", hs.screen())
	}
}
