package resolver

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// entry returns the item with the given id, or fails the test.
func entry(t *testing.T, doc *dialect.Doc, id string) dialect.Entry {
	t.Helper()
	e, err := doc.Entry(id)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// Positions of the demo's items in the merged document.
const (
	groceries = iota // two-way edit
	offsite          // three-way
	passport         // delete against edit
	readme           // long content
	plumber          // title only
	fest             // non-ASCII
	plants           // publisher-specific data only
)

// T is the stamp of every decision in these tests.
var T = "#%d tester-desk 2026-03-09T12:00:00Z"

// history renders a version's history, topmost first, as "#seq by when".
func history(v dialect.Version) []string {
	var out []string
	for _, h := range v.History() {
		out = append(out, "#"+itoa(h.Number)+" "+h.By+" "+h.When.UTC().Format(time.RFC3339))
	}
	return out
}

func stamp(seq int) string { return strings.Replace(T, "%d", itoa(seq), 1) }

// want describes an item as 1.0.2 §3.4 and §4 say it must be after a decision.
type want struct {
	updates   int
	deleted   bool
	history   []string
	title     string
	conflicts int
}

func (w want) check(t *testing.T, e dialect.Entry) {
	t.Helper()
	s := e.Winner().State()
	if s.Dialect != dialect.FeedSync102 || s.Updates != w.updates || s.Deleted != w.deleted || len(e.Versions()) != w.conflicts {
		t.Errorf("%v updates %d deleted %v conflicts %d, want feedsync-1.0.2 %d %v %d",
			s.Dialect, s.Updates, s.Deleted, len(e.Versions()), w.updates, w.deleted, w.conflicts)
	}
	if got := strings.Join(history(e.Winner()), "; "); got != strings.Join(w.history, "; ") {
		t.Errorf("history\n got %s\nwant %s", got, strings.Join(w.history, "; "))
	}
	if got := e.Title(); got != w.title {
		t.Errorf("title %q, want %q", got, w.title)
	}
}

const (
	bob2g   = "#2 bob-phone 2026-03-02T11:30:00Z"
	alice2g = "#2 alice-laptop 2026-03-02T10:00:00Z"
	alice1g = "#1 alice-laptop 2026-03-01T09:00:00Z"
	bob2o   = "#2 bob-phone 2026-03-03T12:05:00Z"
	alice2o = "#2 alice-laptop 2026-03-03T09:15:00Z"
	carol2o = "#2 carol-tablet 2026-03-03T08:40:00Z"
	alice1o = "#1 alice-laptop 2026-02-20T08:00:00Z"
	bob3p   = "#3 bob-phone 2026-03-04T18:20:00Z"
	alice3p = "#3 alice-laptop 2026-03-04T07:00:00Z"
	bob2p   = "#2 bob-phone 2026-02-15T16:00:00Z"
	alice1p = "#1 alice-laptop 2026-02-10T12:00:00Z"
)

// TestDecisions checks each decision's effect on the engine item: the
// update of 1.0.2 §3.4 step 2 on top of the history, then the chosen
// versions' entries folded in right after it (1.0.2 §4 step 3), the others
// left in place.
func TestDecisions(t *testing.T) {
	cases := []struct {
		name string
		keys []string
		pos  int
		want want
	}{
		{"keep the winner", []string{"enter", "w"}, groceries,
			want{3, false, []string{stamp(3), alice2g, bob2g, alice1g}, "Buy groceries - DONE", 0}},
		{"take the version", []string{"enter", "t"}, groceries,
			want{3, false, []string{stamp(3), alice2g, bob2g, alice1g}, "Buy groceries", 0}},
		{"keep the winner folding in only the marked version", []string{"enter", "n", "tab", "m", "w"}, offsite,
			want{3, false, []string{stamp(3), carol2o, bob2o, alice1o}, "Plan the team offsite", 1}},
		{"then resolve the version left", []string{"enter", "n", "tab", "m", "w", "N", "t"}, offsite,
			want{4, false, []string{stamp(4), alice2o, stamp(3), carol2o, bob2o, alice1o}, "Plan the team offsite", 0}},
		{"take a marked version with another marked", []string{"enter", "n", "m", "tab", "m", "t"}, offsite,
			want{3, false, []string{stamp(3), carol2o, alice2o, bob2o, alice1o}, "Plan the team offsite", 0}},
		{"take the deletion", []string{"enter", "n", "n", "t"}, passport,
			want{4, true, []string{stamp(4), alice3p, bob3p, bob2p, alice1p}, "Renew passport", 0}},
		{"delete is an update that leaves the conflict", []string{"enter", "n", "n", "d"}, passport,
			want{4, true, []string{stamp(4), bob3p, bob2p, alice1p}, "Renew passport", 1}},
		{"delete then keep the deleted winner", []string{"enter", "n", "n", "d", "w"}, passport,
			want{5, true, []string{stamp(5), alice3p, stamp(4), bob3p, bob2p, alice1p}, "Renew passport", 0}},
		{"undelete", []string{"enter", "n", "n", "d", "d"}, passport,
			want{5, false, []string{stamp(5), stamp(4), bob3p, bob2p, alice1p}, "Renew passport", 1}},
		{"edit in the app", []string{"enter", "N", "N", "N", "e", "e", "ctrl+a", "ctrl+k", "Call the plumber on Tuesday", "ctrl+s"}, plumber,
			want{3, false, []string{stamp(3), "#2 alice-laptop 2026-03-06T08:00:00Z", "#2 bob-phone 2026-03-06T08:45:00Z",
				"#1 bob-phone 2026-02-25T17:00:00Z"}, "Call the plumber on Tuesday", 0}},
		{"edit from the list", []string{"e", "e", "ctrl+a", "ctrl+k", "Groceries", "ctrl+s", "a"}, groceries,
			want{3, false, []string{stamp(3), alice2g, bob2g, alice1g}, "Groceries", 0}},
		{"cancelled edit", []string{"enter", "e", "e", "ctrl+a", "ctrl+k", "x", "esc"}, groceries,
			want{2, false, []string{bob2g, alice1g}, "Buy groceries - DONE", 1}},
		{"undo", []string{"enter", "t", "u"}, groceries,
			want{2, false, []string{bob2g, alice1g}, "Buy groceries - DONE", 1}},
		{"redo", []string{"enter", "t", "u", "ctrl+r"}, groceries,
			want{3, false, []string{stamp(3), alice2g, bob2g, alice1g}, "Buy groceries", 0}},
		{"undo after two steps", []string{"enter", "n", "n", "d", "d", "u"}, passport,
			want{4, true, []string{stamp(4), bob3p, bob2p, alice1p}, "Renew passport", 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), 120, 30)
			hs.keys(c.keys...)
			c.want.check(t, hs.m.st.item(c.pos))
		})
	}
}

// TestAdvance moves on to the next unresolved item after each decision.
func TestAdvance(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 120, 30)
	hs.keys("enter", "w")
	if hs.m.screen != itemScreen || hs.m.item.Pos() != offsite {
		t.Fatalf("after w: screen %d item %d, want the item screen on %d", hs.m.screen, hs.m.item.Pos(), offsite)
	}
	hs.keys("d")
	if hs.m.item.Pos() != offsite {
		t.Errorf("d moved on to %d; a deletion is not a resolution", hs.m.item.Pos())
	}
	hs.keys("u", "t", "w", "w", "w", "w", "w")
	if hs.m.screen != listScreen || hs.m.st.unresolved != 0 {
		t.Errorf("after resolving all: screen %d, %d unresolved", hs.m.screen, hs.m.st.unresolved)
	}
	if !strings.Contains(hs.screen(), "7/7 resolved") {
		t.Errorf("header does not count 7/7:\n%s", hs.screen())
	}
}

// TestKeepAll keeps every winner as one step, which one undo reverts.
func TestKeepAll(t *testing.T) {
	doc := demoDoc(t)
	orig := doc.Entries()
	hs := newHarness(t, doc, 100, 30)
	hs.keys("A", "n")
	if hs.m.st.unresolved != 7 {
		t.Fatalf("A then n changed something: %d unresolved", hs.m.st.unresolved)
	}
	hs.keys("A", "y")
	if hs.m.st.unresolved != 0 {
		t.Fatalf("%d unresolved after A", hs.m.st.unresolved)
	}
	want{3, false, []string{stamp(3), carol2o, alice2o, bob2o, alice1o}, "Plan the team offsite", 0}.check(t, hs.m.st.item(offsite))
	hs.keys("u")
	for i, it := range orig {
		if hs.m.st.item(i) != it {
			t.Errorf("item %d not restored by one undo", i)
		}
	}
}

// TestSave writes the decisions and reads them back through feeds and the engine.
func TestSave(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 100, 30)
	hs.keys("enter", "t", "s")
	if !hs.m.Saved() || hs.saved.Len() == 0 {
		t.Fatal("nothing saved")
	}
	doc, err := dialect.Parse("saved.xml", hs.saved.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want{3, false, []string{stamp(3), alice2g, bob2g, alice1g}, "Buy groceries", 0}.check(t, entry(t, doc, "item-groceries"))
	if n := len(entry(t, doc, "item-offsite").Versions()); n != 2 {
		t.Errorf("offsite has %d conflicts in the saved feed, want 2", n)
	}
	hs.keys("q")
	if hs.quit || hs.m.screen != listScreen {
		t.Fatal("q on an item did not go back to the list")
	}
	hs.keys("q")
	if !hs.quit {
		t.Error("q on the list after a save did not quit")
	}
}

// TestSaveError shows the error and keeps every decision.
func TestSaveError(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 100, 30)
	hs.saveErr = errors.New("disk full")
	hs.keys("enter", "t", "s")
	if !strings.Contains(hs.screen(), "disk full") || hs.m.Saved() || hs.m.overlay != promptOverlay {
		t.Fatalf("the error is not shown, or saving elsewhere not offered:\n%s", hs.screen())
	}
	hs.saveErr = nil
	hs.keys("esc", "s")
	doc, err := dialect.Parse("saved.xml", hs.saved.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if entry(t, doc, "item-groceries").Title() != "Buy groceries" {
		t.Error("the decision was lost after a failed save")
	}
}

// TestSaveErrorNamesTheFileOnce: a save error that begins with the file's
// name (as the command line's do) is shown as "saving to F: why", not
// "saving to F: F: why" (QA Q30).
func TestSaveErrorNamesTheFileOnce(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 140, 30)
	hs.saveErr = errors.New("local.xml: cannot create files in /sys: permission denied")
	hs.keys("enter", "t", "s")
	if s := hs.screen(); !strings.Contains(s, "saving to local.xml: cannot create files") || strings.Contains(s, "local.xml: local.xml") {
		t.Errorf("want the file named once:\n%s", s)
	}
}

// TestQuitAsks asks before quitting with unsaved decisions.
func TestQuitAsks(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 100, 30)
	hs.keys("q")
	if !hs.quit {
		t.Fatal("q without decisions did not quit")
	}
	hs = newHarness(t, demoDoc(t), 100, 30)
	hs.keys("w", "q")
	if hs.quit || !strings.Contains(hs.screen(), "Quit anyway?") {
		t.Fatalf("q with unsaved decisions did not ask:\n%s", hs.screen())
	}
	hs.keys("n")
	if hs.quit {
		t.Fatal("n quit")
	}
	hs.keys("q", "s")
	if !hs.quit || !hs.m.Saved() {
		t.Errorf("s in the question: quit %v saved %v", hs.quit, hs.m.Saved())
	}
}

// TestExternalEditor records what $EDITOR left as the resolution, and
// nothing when the result is unchanged or the editor fails.
func TestExternalEditor(t *testing.T) {
	edit := func(t *testing.T, from, to string, runErr error, stderr string) *harness {
		hs := newHarness(t, demoDoc(t), 100, 30)
		hs.keys("enter", "E")
		if hs.ready.path == "" {
			t.Fatal("no temp file was written")
		}
		b, _ := os.ReadFile(hs.ready.path)
		b = []byte(strings.Replace(string(b), from, to, 1))
		if err := os.WriteFile(hs.ready.path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		hs.send(extExitMsg{hs.ready, runErr, stderr})
		if _, err := os.Stat(hs.ready.path); !os.IsNotExist(err) {
			t.Error("the temp file was not removed")
		}
		return hs
	}
	t.Run("changed", func(t *testing.T) {
		hs := edit(t, "rolls", "croissants", nil, "")
		it := hs.m.st.item(groceries)
		want{3, false, []string{stamp(3), alice2g, bob2g, alice1g}, "Buy groceries - DONE", 0}.check(t, it)
		if c := contentOf(it.Winner().Fields()); c != "Get milk, eggs, butter and croissants" {
			t.Errorf("content %q", c)
		}
	})
	t.Run("unchanged", func(t *testing.T) {
		hs := edit(t, "", "", nil, "")
		if len(hs.m.st.item(groceries).Versions()) != 1 || !strings.Contains(hs.screen(), "unchanged") {
			t.Errorf("an unchanged file decided something:\n%s", hs.screen())
		}
	})
	t.Run("changed below the scissors only", func(t *testing.T) {
		hs := edit(t, "sourdough", "rye", nil, "")
		if len(hs.m.st.item(groceries).Versions()) != 1 || !strings.Contains(hs.screen(), "unchanged") {
			t.Errorf("a change below the scissors line decided something:\n%s", hs.screen())
		}
	})
	t.Run("the variable the editor came from is named", func(t *testing.T) {
		hs := newHarness(t, demoDoc(t), 100, 30)
		hs.m.cfg.Editor = []string{"sh", "-c", `code -w "$@"`, "code -w"}
		hs.m.cfg.EditorName = "$VISUAL (code -w)"
		hs.keys("enter", "E")
		hs.send(extExitMsg{hs.ready, errors.New("exit status 127"), ""})
		if s := flat(hs.screen()); !strings.Contains(s, "$VISUAL (code -w): exit status 127") || strings.Contains(s, "sh -c") {
			t.Errorf("the editor is not named as set (QA Q18):\n%s", hs.screen())
		}
	})
	t.Run("editor failed", func(t *testing.T) {
		hs := edit(t, "rolls", "croissants", errors.New("exit status 1"), "E325: ATTENTION\nswap file found")
		s := hs.screen()
		if len(hs.m.st.item(groceries).Versions()) != 1 || !strings.Contains(s, "exit status 1") || !strings.Contains(s, "swap file found") {
			t.Errorf("a failed editor decided something, or its stderr is not shown:\n%s", s)
		}
	})
	t.Run("vi when neither VISUAL nor EDITOR is set", func(t *testing.T) {
		m := New(Config{})
		if strings.Join(m.cfg.Editor, " ") != "vi" {
			t.Errorf("editor %q, want vi", m.cfg.Editor)
		}
	})
}

// editFileAs opens the demo's first item in $EDITOR, writes text over the
// temp file as an editor would, and sends the editor's exit.
func editFileAs(t *testing.T, text func(string) string) *harness {
	t.Helper()
	hs := newHarness(t, demoDoc(t), 140, 30)
	hs.keys("enter", "E")
	b, err := os.ReadFile(hs.ready.path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(hs.ready.path) })
	if err := os.WriteFile(hs.ready.path, []byte(text(string(b))), 0o600); err != nil {
		t.Fatal(err)
	}
	hs.send(extExitMsg{hs.ready, nil, ""})
	return hs
}

// TestExternalEditorRefusesWhatTheMergeViewRefuses guards issue 20 item 5:
// a file whose title was emptied was applied as <title/>, and a file whose
// scissors line was deleted was applied with the instructions and every
// version's text as its content. Each is refused: nothing changes, the
// screen says why, and the person's text stays in the temp file.
func TestExternalEditorRefusesWhatTheMergeViewRefuses(t *testing.T) {
	for _, c := range []struct {
		name, why string
		text      func(string) string
	}{
		{"an empty title", "the title is empty", func(s string) string { return strings.Replace(s, "Buy groceries - DONE\n", "\n", 1) }},
		{"a blank title", "the title is empty", func(s string) string { return strings.Replace(s, "Buy groceries - DONE\n", "   \n", 1) }},
		{"an empty content", "the content is empty", func(s string) string { return strings.Replace(s, "Get milk, eggs, butter and rolls\n", "", 1) }},
		{"no scissors line", "the scissors line", func(s string) string { return strings.Replace(s, scissors+"\n", "", 1) }},
		{"the scissors line changed", "the scissors line", func(s string) string { return strings.Replace(s, scissors, "# -- >8 --", 1) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := editFileAs(t, c.text)
			s := flat(hs.screen())
			if n := len(hs.m.st.item(groceries).Versions()); n != 1 || hs.m.st.outcomes[groceries] != undecided {
				t.Errorf("the file was applied: %d versions, outcome %d", n, hs.m.st.outcomes[groceries])
			}
			if !strings.Contains(s, "nothing applied: "+c.why) || !strings.Contains(s, "kept in") {
				t.Errorf("the screen does not say why, or where the text is:\n%s", hs.screen())
			}
			b, err := os.ReadFile(hs.ready.path)
			if err != nil || string(b) == "" {
				t.Errorf("the temp file is not kept: %v", err)
			}
		})
	}
}

// TestEditSheet checks the layout of the file for $EDITOR on the demo's
// first item, against its golden file.
func TestEditSheet(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 100, 30)
	golden(t, "exteditor-groceries", string(editSheetOf(hs.m.st.entry(groceries), nil).bytes()))
}

// TestParseSheet reads back what the person left above the scissors line.
func TestParseSheet(t *testing.T) {
	summary := sheetField{"summary", "Summary", "old summary"}
	cat := sheetField{"category[2]", "Category 2", "work"}
	extra := []sheetField{summary, cat}
	cut := "\n" + scissors + "\n# Do not modify or remove the line above.\n"
	for _, c := range []struct {
		name, file string
		want       sheetFields
	}{
		{"title and content", "T\n\nline 1\n\nline 3\n" + cut, sheetFields{"T", "line 1\n\nline 3", extra}},
		{"the scissors last without a final newline", "T\n\nbody\n" + scissors, sheetFields{"T", "body", extra}},
		{"title alone", "T\n" + cut, sheetFields{"T", "", extra}},
		{"CRLF", "T\r\n\r\nbody\r\n" + strings.ReplaceAll(cut, "\n", "\r\n"), sheetFields{"T", "body", extra}},
		{"hash lines are content", "T\n\n# Heading\ntext\n" + cut, sheetFields{"T", "# Heading\ntext", extra}},
		{"below the scissors is ignored", "T\n\nbody\n" + scissors + "\nT2\n\nother\n", sheetFields{"T", "body", extra}},
		{"scissors on the first line", scissors + "\nT\n", sheetFields{"", "", extra}},
		{"fields", "T\n\nbody\n\n" + fieldLine(summary) + "\nnew summary\n\n" + fieldLine(cat) + "\nhome\n" + scissors + "\n",
			sheetFields{"T", "body", []sheetField{{"summary", "Summary", "new summary"}, {"category[2]", "Category 2", "home"}}}},
		{"an emptied field", "T\n\nbody\n\n" + fieldLine(summary) + "\n\n" + fieldLine(cat) + "\nwork\n" + cut,
			sheetFields{"T", "body", []sheetField{{"summary", "Summary", ""}, cat}}},
		{"a field line removed keeps the field", "T\n\nbody\n\n" + fieldLine(cat) + "\nhome\n" + cut,
			sheetFields{"T", "body", []sheetField{summary, {"category[2]", "Category 2", "home"}}}},
		{"a field line not offered is content", "T\n\nbody\n# ==== Other (x) ====\n" + cut,
			sheetFields{"T", "body\n# ==== Other (x) ====", extra}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := parseSheet([]byte(c.file), extra)
			if err != nil || !got.equal(c.want) {
				t.Errorf("got %+v, %v\nwant %+v", got, err, c.want)
			}
		})
	}
	// Issue 20 item 5: without its scissors line the file's instructions
	// and every version's text were read as the result's content.
	for _, file := range []string{"T\n\nbody\n", "T\n\nbody\n# ---- >8 ----\n\n======== winner ========\nT\n", "T\n\nbody\n " + scissors + "\n"} {
		if got, err := parseSheet([]byte(file), extra); err != errNoScissors {
			t.Errorf("a file without the scissors line: got %+v, %v; want errNoScissors", got, err)
		}
	}
	t.Run("round trip", func(t *testing.T) {
		f := sheetFields{"A title", "line 1\n\n# line 3", []sheetField{{"summary", "Summary", "s\n\nt"}, {"category[2]", "Category 2", ""}}}
		if got, err := parseSheet(editSheet{result: f}.bytes(), f.extra); err != nil || !got.equal(f) {
			t.Errorf("got %+v, %v\nwant %+v", got, err, f)
		}
	})
}
