package resolver

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/demo"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergeview"
)

// otherWriter is another command writing the file while the session runs:
// change makes the file's new state from what it held.
type otherWriter struct {
	t      *testing.T
	file   *dialect.Doc
	merges int
	during func() // what the person does while the first merge runs
}

// update makes the other writer's 1.0.2 §3.2 update of item id.
func (w *otherWriter) update(id string, c dialect.Change) {
	w.t.Helper()
	up, err := w.file.Update(entry(w.t, w.file, id), engine.Stamp{When: testNow.Add(-time.Hour), By: "other-desk"}, c, dialect.Options{})
	if err != nil {
		w.t.Fatal(err)
	}
	w.file.Set(up)
}

// resolve makes the other writer's resolution of item id, keeping the winner.
func (w *otherWriter) resolve(id string) {
	w.t.Helper()
	res, err := w.file.Resolve(entry(w.t, w.file, id), engine.Stamp{When: testNow.Add(-time.Hour), By: "other-desk"}, dialect.Resolution{}, dialect.Options{})
	if err != nil {
		w.t.Fatal(err)
	}
	w.file.Set(res)
}

// changed makes the save find the file changed on disk, and the
// backend's MergeIn merge its new state in as the command line's does.
func (w *otherWriter) changed(b *funcBackend) *FileChangedError {
	b.merge = func(d *dialect.Doc) (*dialect.Doc, error) {
		w.merges++
		if w.merges == 1 && w.during != nil {
			w.during()
		}
		return dialect.Merge(d, w.file)
	}
	return &FileChangedError{Path: "local.xml", What: "was modified"}
}

func title(s string) dialect.Change { return dialect.Change{Edit: dialect.Edit{Title: &s}} }

// header returns the first line of the screen.
func (hs *harness) header() string { return strings.Split(hs.screen(), "\n")[0] }

// row returns the list's row of the item titled so.
func (hs *harness) row(title string) string {
	hs.t.Helper()
	for _, l := range strings.Split(hs.screen(), "\n") {
		if strings.Contains(l, title) {
			return l
		}
	}
	hs.t.Fatalf("no row %q:\n%s", title, hs.screen())
	return ""
}

// mergeIn makes the save find the file changed and merges it in.
func (hs *harness) mergeIn(w *otherWriter) {
	hs.t.Helper()
	hs.saveErr = w.changed(hs.backend)
	hs.keys("s")
	if !strings.Contains(hs.screen(), "changed on disk since it was loaded") {
		hs.t.Fatalf("not asked:\n%s", hs.screen())
	}
	hs.keys("m")
	if hs.m.merging || !strings.Contains(flat(hs.screen()), "merged the new state of local.xml") {
		hs.t.Fatalf("not merged in:\n%s", hs.screen())
	}
	hs.saveErr = nil
}

// TestMergeInKeepsDecisions is QA's Q15: after merging in the file's new
// state (1.0.2 §3.3), the list, the count and undo keep the session's
// decisions; the item the other writer changed is marked; undo puts the
// item as the merge-in would have left it without the decision, redo
// puts the decision back, and the save holds both writers' changes.
func TestMergeInKeepsDecisions(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 120, 24)
	w := &otherWriter{t: t, file: demoDoc(t)}
	hs.keys("w") // keeps the winner of the groceries
	if h := hs.header(); !strings.Contains(h, "1/7 resolved") {
		t.Fatalf("header %q", h)
	}
	w.update("item-passport", title("X"))
	hs.mergeIn(w)

	if h := hs.header(); !strings.Contains(h, "1/7 resolved") || !strings.Contains(h, "unsaved") {
		t.Errorf("the count lost the decision: %q", h)
	}
	if r := hs.row("Buy groceries"); !strings.Contains(r, "resolved") || strings.Contains(r, "unresolved") || strings.Contains(r, "on disk") {
		t.Errorf("the decision's row: %q", r)
	}
	if r := hs.row("X "); !strings.Contains(r, "unresolved, changed on disk") {
		t.Errorf("the row of the item changed on disk: %q", r)
	}
	msg := flat(hs.screen())
	for _, s := range []string{"1 item changed there, marked “changed on disk”: “X”", "6 in conflict now (6 before)",
		"your 1 decision is kept and u still undoes it"} {
		if !strings.Contains(msg, s) {
			t.Errorf("the message does not say %q:\n%s", s, hs.screen())
		}
	}
	golden(t, "list-after-merge-in-120x24", hs.screen())

	hs.keys("down", "enter") // the passport
	if l := strings.Split(hs.screen(), "\n")[1]; !strings.Contains(l, "“X” · id item-passport · the winner and 1 other version · changed on disk") {
		t.Errorf("the item screen does not mark the item changed on disk: %q", l)
	}
	hs.keys("esc", "u") // back to the list, then undo
	if h := hs.header(); !strings.Contains(h, "0/7 resolved") || !strings.Contains(flat(hs.screen()), "undone: kept the winner of") {
		t.Fatalf("u did not undo the decision made before the merge-in:\n%s", hs.screen())
	}
	if got, want := hs.m.st.entry(groceries), entry(t, demoDoc(t), "item-groceries"); !mergeview.SameState(got, want) {
		t.Errorf("undone, the groceries are not as loaded (the file did not change them)")
	}
	hs.keys("ctrl+r")
	if h := hs.header(); !strings.Contains(h, "1/7 resolved") || hs.m.st.entry(groceries).InConflict() {
		t.Fatalf("ctrl+r did not redo:\n%s", hs.screen())
	}
	hs.keys("s")
	saved, err := dialect.Parse("local.xml", hs.saved.Bytes())
	if err != nil || !hs.m.Saved() {
		t.Fatalf("not saved: %v\n%s", err, hs.screen())
	}
	if g := entry(t, saved, "item-groceries"); g.InConflict() || draw.Top(g.Winner()).By != testBy {
		t.Error("the saved groceries are not the session's resolution")
	}
	if p := entry(t, saved, "item-passport"); p.Title() != "X" || !p.InConflict() {
		t.Errorf("the saved passport lost the other writer's change: %q", p.Title())
	}
	if n := saved.Conflicted(); n != 6 {
		t.Errorf("%d items in conflict saved, want 6", n)
	}
}

// TestMergeInUndoReopensAsMerged: when the other writer changed an item
// the session resolved, the merged item is in conflict again (its change
// against the resolution) and marked; u puts it as the merge-in would
// have left it without the decision, the other writer's change over the
// conflicts loaded (1.0.2 §3.3: it subsumes them), and ctrl+r the merged
// state back.
func TestMergeInUndoReopensAsMerged(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 120, 24)
	w := &otherWriter{t: t, file: demoDoc(t)}
	hs.keys("w")
	w.update("item-groceries", title("Buy groceries - theirs"))
	hs.mergeIn(w)
	merged := hs.m.st.entry(groceries)
	if !merged.InConflict() || !strings.Contains(hs.header(), "0/7 resolved") {
		t.Fatalf("the two writers' changes are not in conflict:\n%s", hs.screen())
	}
	if r := hs.row("Buy groceries"); !strings.Contains(r, "unresolved, changed on disk") {
		t.Errorf("row %q", r)
	}
	if s := flat(hs.screen()); !strings.Contains(s, "(1 newly in conflict)") {
		t.Errorf("the message does not say the item is newly in conflict:\n%s", hs.screen())
	}
	hs.keys("u")
	undone := hs.m.st.entry(groceries)
	if got, want := undone, entry(t, w.file, "item-groceries"); !mergeview.SameState(got, want) {
		t.Errorf("undone, the item is %q by %s, want the file's own", got.Title(), draw.Top(got.Winner()).By)
	}
	if !undone.InConflict() || len(undone.Versions()) != 1 {
		t.Errorf("undone, the item does not have its loaded conflict back")
	}
	hs.keys("ctrl+r")
	if got := hs.m.st.entry(groceries); !mergeview.SameState(got, merged) {
		t.Error("ctrl+r did not put back the merged state")
	}
}

// TestMergeInSavedDecision: a decision saved before the file changed is
// in the file's new state, so the merge keeps it either way: it can no
// longer be undone, and the message says so; the later one still can.
// An item the other writer resolved shows as resolved there.
func TestMergeInSavedDecision(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 120, 30)
	hs.keys("w", "s") // the groceries, saved
	file, err := dialect.Parse("local.xml", hs.saved.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	w := &otherWriter{t: t, file: file}
	w.resolve("item-readme")
	hs.keys("w") // the offsite
	hs.mergeIn(w)
	s := flat(hs.screen())
	for _, want := range []string{"(1 resolved there)", "your 1 decision is kept and u still undoes it",
		"1 decision saved before the file changed is in its new state and can no longer be undone"} {
		if !strings.Contains(s, want) {
			t.Errorf("the message does not say %q:\n%s", want, hs.screen())
		}
	}
	if h := hs.header(); !strings.Contains(h, "3/7 resolved") {
		t.Errorf("header %q, want 3/7: two decisions and the other writer's", h)
	}
	if r := hs.row("Project README"); !strings.Contains(r, "resolved, changed on disk") {
		t.Errorf("row %q", r)
	}
	hs.keys("u")
	if !hs.m.st.entry(offsite).InConflict() || hs.m.st.entry(groceries).InConflict() {
		t.Fatal("u did not undo the offsite alone")
	}
	hs.keys("u")
	if !strings.Contains(flat(hs.screen()), "nothing to undo") {
		t.Errorf("the saved decision was undone:\n%s", hs.screen())
	}
	if line := hs.m.Result().Line(); !strings.Contains(line, "saved to local.xml") {
		t.Errorf("line %q", line)
	}
}

// TestMergeInWhileDeciding: a decision made while the file's new state is
// merged in is not lost: it merges again from the session as it is; a
// save asked for meanwhile waits.
func TestMergeInWhileDeciding(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 120, 24)
	w := &otherWriter{t: t, file: demoDoc(t)}
	w.update("item-passport", title("X"))
	hs.keys("w")
	w.during = func() { hs.keys("w", "s") } // the offsite, then a save
	hs.mergeIn(w)
	if w.merges < 2 {
		t.Errorf("merged %d times, want again after the decision", w.merges)
	}
	if h := hs.header(); !strings.Contains(h, "2/7 resolved") || hs.m.st.entry(offsite).InConflict() {
		t.Errorf("the decision made while merging was lost: %q", h)
	}
	if !strings.Contains(flat(hs.screen()), "your 2 decisions are kept") {
		t.Errorf("message:\n%s", hs.screen())
	}
	if hs.m.Saved() {
		t.Error("a save ran while merging")
	}
}

// TestMergeInUnderMergeView: a merge view open while the file's new state
// merges in is carried onto the item's merged state and never applies the
// person's result to a state they did not see: a version the file brought
// is shown, the first apply is refused saying what changed on disk, the
// result the person made is kept, and the next apply settles the versions
// of the merged item (1.0.2 §3.4), each one seen.
func TestMergeInUnderMergeView(t *testing.T) {
	l, _ := demo.Feeds()
	concurrent := strings.Replace(strings.Replace(string(l), // a version of the groceries made beside both, older than both
		`<sx:history sequence="2" when="2026-03-02T10:00:00Z" by="alice-laptop"/>`,
		`<sx:history sequence="2" when="2026-03-01T11:00:00Z" by="dave-tablet"/>`, 1),
		"Get oat milk, eggs, butter and sourdough bread", "Get oat milk, eggs and flowers", 1)
	for _, c := range []struct {
		name  string
		file  func(w *otherWriter)
		says  []string
		bys   []string // who made the versions of the merged item, before the apply
		shown string   // the version the view shows after the merge-in
	}{
		{"a new version arrives", func(w *otherWriter) {
			var err error
			if w.file, err = dialect.Parse("local.xml", []byte(concurrent)); err != nil {
				t.Fatal(err)
			}
		}, []string{"version 2 (dave-tablet) is new to you"}, []string{"alice-laptop", "dave-tablet"}, "version 2 of 2 · #2 by dave-tablet"},
		{"the winner changes", func(w *otherWriter) { w.update("item-groceries", title("Buy groceries and soap")) },
			[]string{"the winner is now #3 by other-desk"}, []string{"alice-laptop"}, "version 1 of 1 · #2 by alice-laptop"},
		{"the other writer resolves the item", func(w *otherWriter) { w.resolve("item-groceries") },
			[]string{"the other writer resolved it (#3 by other-desk)"}, nil, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), 120, 30)
			w := &otherWriter{t: t, file: demoDoc(t)}
			c.file(w)
			hs.m.list.Select(groceries)
			w.during = func() { hs.keys("e", "l") } // combining: the title of alice-laptop's version
			hs.mergeIn(w)
			if hs.m.screen != mergeScreen {
				t.Fatalf("the merge view closed:\n%s", hs.screen())
			}
			scr := flat(hs.screen())
			for _, s := range append(c.says, "changed on disk as you combined it", "your result is kept") {
				if !strings.Contains(scr, s) {
					t.Errorf("not said %q:\n%s", s, hs.screen())
				}
			}
			if !strings.Contains(scr, c.shown) {
				t.Errorf("the view does not show %q:\n%s", c.shown, hs.screen())
			}
			before := hs.m.st.entry(groceries)
			var bys []string
			for _, v := range before.Versions() {
				bys = append(bys, draw.Top(v).By)
			}
			if !slices.Equal(bys, c.bys) || before.InConflict() != (c.bys != nil) {
				t.Fatalf("the merged item's versions are by %v, want %v", bys, c.bys)
			}
			if got := hs.m.merge.Merge().Result(0); got != "Buy groceries" {
				t.Errorf("the person's title is not kept: %q", got)
			}

			hs.keys("a")
			if hs.m.screen != mergeScreen || hs.m.st.entry(groceries) != before || !strings.Contains(flat(hs.screen()), "not applied:") {
				t.Fatalf("the first apply after the merge-in was not refused:\n%s", hs.screen())
			}
			hs.keys("a", "a") // and apply with hunks open
			after := hs.m.st.entry(groceries)
			if hs.m.screen == mergeScreen || after.InConflict() || after.Title() != "Buy groceries" || draw.Top(after.Winner()).By != testBy {
				t.Fatalf("the second apply did not resolve the merged item with the result:\n%s", hs.screen())
			}
			for _, v := range before.Versions() { // each version settled is in the resolution's history (1.0.2 §3.4 step 2)
				if !slices.ContainsFunc(after.Winner().History(), func(h dialect.History) bool { return h.Equal(v.History()[0]) }) {
					t.Errorf("version by %s was not settled", draw.Top(v).By)
				}
			}
		})
	}
}

// TestMergeInOutline: the same in an SSE 0.91 outline, whose earlier
// states merge with the whole outline (0.91 §4.4.2 sees it whole). The
// other writer's update of an outline in conflict settles it (0.91 §4.2):
// it shows as resolved there, and counts.
func TestMergeInOutline(t *testing.T) {
	hs := newSSEHarness(t, "opml", 120, 30)
	w := &otherWriter{t: t, file: ssePair(t, "opml")}
	loaded := hs.sseItem("bbc")
	hs.m.list.Select(hs.pos("bbc"))
	hs.keys("w")
	w.update("lemonde", title("Le Monde diplomatique"))
	hs.mergeIn(w)
	if h := hs.header(); !strings.Contains(h, "2/3 resolved") {
		t.Errorf("header %q, want 2/3: the decision and the other writer's update", h)
	}
	if r := hs.row("Le Monde diplomatique"); !strings.Contains(r, " resolved") || !strings.Contains(r, "changed on disk") || strings.Contains(r, "unresolved") {
		t.Errorf("row %q", r)
	}
	if s := flat(hs.screen()); !strings.Contains(s, "(1 resolved there)") {
		t.Errorf("message:\n%s", hs.screen())
	}
	hs.keys("u")
	if got := hs.sseItem("bbc"); !mergeview.SameState(got, loaded) || !strings.Contains(hs.header(), "1/3 resolved") {
		t.Errorf("undone, BBC is not as loaded:\n%s", hs.screen())
	}
	hs.keys("ctrl+r")
	if hs.sseItem("bbc").InConflict() {
		t.Error("ctrl+r did not redo")
	}
}

// TestEndToEndMergeIn is Q15's repro on the real binary in tmux: a
// decision, another command's update of the file, s, m; the count, the
// marked row, undo and redo, then the saved file read back by
// `feedsync conflicts`.
func TestEndToEndMergeIn(t *testing.T) {
	dir, bin := e2eSetup(t)
	cli(t, dir, bin, 1, "merge", "local.xml", "remote.xml", "-o", "ext.xml") // 1: conflicts are left
	tm := startTmux(t, dir, fmt.Sprintf("%s resolve ext.xml --by %s --when 2026-03-09T12:00:00Z", bin, testBy))
	tm.wait("0/7 resolved")
	tm.keys("w")
	tm.wait("1/7 resolved")
	cli(t, dir, bin, 1, "update", "ext.xml", "--id", "item-passport", "--title", "X", "--by", "other-desk",
		"--when", "2026-03-09T11:00:00Z", "-o", "ext.xml")
	tm.keys("s")
	tm.wait("m/enter merge it in")
	tm.keys("m")
	tm.wait("your 1 decision is kept and u still undoes it")
	if s := tm.screen(); !strings.Contains(s, "1/7 resolved") || !strings.Contains(s, "unresolved, changed on disk") {
		t.Fatalf("the merge-in lost the decision or hid the change:\n%s", s)
	}
	tm.keys("u")
	tm.wait("0/7 resolved")
	tm.keys("C-r")
	tm.wait("1/7 resolved")
	tm.keys("s")
	tm.wait("saved to ext.xml")
	tm.keys("q")
	tm.wait("feedsync resolve: saved to ext.xml: 6 items are still in conflict")
	out := string(cli(t, dir, bin, 1, "conflicts", "ext.xml"))
	if strings.Contains(out, "item-groceries") || !strings.Contains(out, "item-passport  X ") || strings.Count(out, "\nitem-") != 6 {
		t.Errorf("feedsync conflicts on the saved file:\n%s", out)
	}
	doc, _ := readFeed(t, dir, "ext.xml")
	if g := entry(t, doc, "item-groceries"); g.InConflict() || draw.Top(g.Winner()).By != testBy {
		t.Error("the saved groceries are not the session's resolution")
	}
}

// BenchmarkMergeIn merges the file into a session of the 100k-item pair
// (bench_test.go) as the command line does (the file parsed once, then
// merged in, MergeFile), and goes on over the result. With no decision it
// is one merge; decisions add one merge of the items they touched per
// state an item has in the journal (here one):
//
//	go test ./tui/resolver -run '^$' -bench MergeIn -benchtime 5x
func BenchmarkMergeIn(b *testing.B) {
	doc, err := benchLoad(b)(func(Loading) {})
	if err != nil {
		b.Fatal(err)
	}
	var file bytes.Buffer
	if _, err := doc.WriteTo(&file); err != nil {
		b.Fatal(err)
	}
	for _, decisions := range []int{0, 1, 100} {
		b.Run(fmt.Sprintf("decisions=%d", decisions), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				var m tea.Model = New(Config{Title: "bench", By: testBy, Now: func() time.Time { return testNow }})
				m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
				m, _ = m.Update(loadedMsg{doc: doc.Subset(func(dialect.Entry) bool { return true })})
				for range decisions {
					m, _ = m.Update(tea.KeyPressMsg{Code: 'w', Text: "w"})
				}
				mm := m.(Model)
				theirs, err := dialect.Parse("local.xml", file.Bytes()) // parsed once per merge-in
				if err != nil {
					b.Fatal(err)
				}
				mm.cfg.Backend = &funcBackend{merge: func(d *dialect.Doc) (*dialect.Doc, error) { return dialect.Merge(d, theirs) }}
				mm.changed = &FileChangedError{}
				b.StartTimer()
				mm, cmd := mm.startMergeIn()
				mm, _ = mm.mergedIn(cmd().(mergeInMsg))
				if mm.st.resolvedCount() != decisions || mm.journal.applied() != decisions {
					b.Fatalf("%d resolved, %d in the journal, want %d", mm.st.resolvedCount(), mm.journal.applied(), decisions)
				}
			}
		})
	}
}

// TestMergeInUnderSelectiveMerge: the versions a merge view settles only
// (1.0.2 §3.4, "only these versions") are carried onto the merged item by
// their sync history, not their index: a version the file brings is left
// in conflict, and the one marked is the one settled. A result applied
// before the merge-in and recorded after it is refused.
func TestMergeInUnderSelectiveMerge(t *testing.T) {
	file := offsiteBeside(t)
	hs := newHarness(t, demoDoc(t), 120, 30)
	w := &otherWriter{t: t, file: file}
	hs.keys("enter", "n", "tab", "m") // the offsite, its version 2 marked
	loaded := hs.m.st.entry(offsite)
	marked := loaded.Versions()[1]
	w.during = func() { hs.keys("e", "l") }
	hs.mergeIn(w)
	stale := mergeview.DoneMsg{Pos: offsite, Entry: loaded, Versions: []int{1}, Edit: hs.m.merge.Merge().Edit()}
	hs.send(stale)
	if hs.m.screen != mergeScreen || hs.m.st.entry(offsite).InConflict() != true || !strings.Contains(flat(hs.screen()), "nothing applied: the item changed on disk") {
		t.Fatalf("a result made from the old state was applied:\n%s", hs.screen())
	}
	merged := hs.m.st.entry(offsite)
	var bys []string
	for _, v := range merged.Versions() {
		bys = append(bys, draw.Top(v).By)
	}
	if !slices.Contains(bys, "dave-tablet") || len(bys) != len(loaded.Versions())+1 {
		t.Fatalf("the merged offsite's versions are by %v", bys)
	}
	if vs := hs.m.merge.Selection(); len(vs) != 1 || !mergeview.SameVersion(merged.Versions()[vs[0]], marked) {
		t.Fatalf("the selection %v is not the version marked (by %s)", vs, draw.Top(marked).By)
	}
	hs.keys("a", "a", "a") // refused once, then applied with hunks open
	after := hs.m.st.entry(offsite)
	if hs.m.screen == mergeScreen || !after.InConflict() {
		t.Fatalf("not applied, or every version settled:\n%s", hs.screen())
	}
	for _, v := range after.Versions() {
		if mergeview.SameVersion(v, marked) {
			t.Errorf("the version marked (by %s) is still in conflict", draw.Top(v).By)
		}
	}
	if !slices.ContainsFunc(after.Versions(), func(v dialect.Version) bool { return draw.Top(v).By == "dave-tablet" }) {
		t.Errorf("the version the file brought, never selected, was settled")
	}
}

// TestMergeInUnderExternalEditor: an edit made in $EDITOR of an item that
// a merge-in changed while the editor ran is not applied to the item's
// new state, which the person did not see: nothing is decided, and the
// file with their text is kept and named.
func TestMergeInUnderExternalEditor(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 120, 30)
	w := &otherWriter{t: t, file: demoDoc(t)}
	w.update("item-groceries", title("Buy groceries and soap"))
	hs.keys("E") // the groceries, in $EDITOR
	if hs.ready.path == "" {
		t.Fatal("no temp file was written")
	}
	t.Cleanup(func() { os.Remove(hs.ready.path) })
	hs.mergeIn(w) // as the editor runs
	merged := hs.m.st.entry(groceries)
	b, _ := os.ReadFile(hs.ready.path)
	if err := os.WriteFile(hs.ready.path, []byte(strings.Replace(string(b), "rolls", "croissants", 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	hs.send(extExitMsg{hs.ready, nil, ""})
	if hs.m.st.entry(groceries) != merged || !strings.Contains(flat(hs.screen()), "nothing applied: the item changed on disk while you edited it; your text is kept in "+hs.ready.path) {
		t.Fatalf("the edit of the old state was applied, or not said:\n%s", hs.screen())
	}
	if b, err := os.ReadFile(hs.ready.path); err != nil || !strings.Contains(string(b), "croissants") {
		t.Errorf("the person's text is not kept: %v", err)
	}
}

// TestMergeInKeepsMarks: the versions marked on the item screen for a
// selective resolution (1.0.2 §3.4) stay marked across a merge-in that
// brings another version, by their sync history: w then settles the one
// marked and leaves the version the file brought, which no one marked.
func TestMergeInKeepsMarks(t *testing.T) {
	file := offsiteBeside(t)
	hs := newHarness(t, demoDoc(t), 120, 30)
	w := &otherWriter{t: t, file: file}
	hs.keys("enter", "n", "tab", "m") // the offsite, its version 2 marked
	marked := hs.m.st.entry(offsite).Versions()[1]
	hs.mergeIn(w)
	merged := hs.m.st.entry(offsite)
	if got := hs.m.item.Marked(); len(got) != 1 || !mergeview.SameVersion(merged.Versions()[got[0]], marked) {
		t.Fatalf("marked after the merge-in: %v of %d versions, want the one by %s", got, len(merged.Versions()), draw.Top(marked).By)
	}
	hs.keys("w")
	after := hs.m.st.entry(offsite)
	if !after.InConflict() || slices.ContainsFunc(after.Versions(), func(v dialect.Version) bool { return mergeview.SameVersion(v, marked) }) ||
		!slices.ContainsFunc(after.Versions(), func(v dialect.Version) bool { return draw.Top(v).By == "dave-tablet" }) {
		t.Errorf("w did not settle the version marked alone")
	}
}

// offsiteBeside is the demo's local feed with a version of the offsite by
// dave-tablet made beside the others, older than all: merged in, it comes
// as one more conflict version.
func offsiteBeside(t *testing.T) *dialect.Doc {
	t.Helper()
	l, _ := demo.Feeds()
	beside := strings.Replace(string(l),
		`<sx:history sequence="2" when="2026-03-03T09:15:00Z" by="alice-laptop"/>`,
		`<sx:history sequence="2" when="2026-03-01T09:15:00Z" by="dave-tablet"/>`, 1)
	file, err := dialect.Parse("local.xml", []byte(beside))
	if err != nil {
		t.Fatal(err)
	}
	return file
}
