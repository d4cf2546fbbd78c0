package resolver

import (
	"errors"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/demo"
)

// TestResultLine: every way a session ends says in one line what was
// saved where, or that nothing was.
func TestResultLine(t *testing.T) {
	for _, c := range []struct {
		name string
		keys []string
		info LoadInfo
		want string
	}{
		{"nothing done", []string{"q"}, LoadInfo{}, "nothing saved: no decision was made"},
		{"decisions dropped", []string{"w", "w", "q", "y"}, LoadInfo{}, "nothing saved: 2 decisions were left unsaved"},
		{"the merge dropped", []string{"q", "y"}, LoadInfo{Unsaved: 3}, "nothing saved: the merged feed was not saved to local.xml"},
		{"saved", []string{"w", "s", "q"}, LoadInfo{}, "saved to local.xml: 6 items are still in conflict"},
		{"saved, then more", []string{"w", "s", "w", "q", "y"}, LoadInfo{}, "saved to local.xml: 6 items are still in conflict; 1 decision was not saved"},
		{"all resolved", []string{"A", "y", "s", "q"}, LoadInfo{}, "saved to local.xml: every conflict is resolved"},
		{"save and quit", []string{"w", "q", "s"}, LoadInfo{}, "saved to local.xml: 6 items are still in conflict"},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), 100, 30)
			hs.send(loadedMsg{doc: demoDoc(t), info: c.info})
			hs.keys(c.keys...)
			if !hs.quit {
				t.Fatalf("did not quit:\n%s", hs.screen())
			}
			if got := hs.m.Result().Line(); got != c.want {
				t.Errorf("line %q, want %q", got, c.want)
			}
		})
	}
}

// TestMergeIsUnsaved: what the merge brought into LOCAL is unsaved work:
// the header says so and q asks, until a save.
func TestMergeIsUnsaved(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 100, 30)
	hs.send(loadedMsg{doc: demoDoc(t), info: LoadInfo{Unsaved: 3, Changed: 3, Notes: []string{"remote.xml has no FeedSync or SSE data yet"}}})
	s := hs.screen()
	flat := strings.ReplaceAll(s, "\n", " ")
	if !strings.Contains(strings.Split(s, "\n")[0], "unsaved") || !strings.Contains(flat, "the merge changed 3 items") || !strings.Contains(flat, "no FeedSync") {
		t.Errorf("the first screen does not say so:\n%s", s)
	}
	hs.keys("q")
	if hs.quit || !strings.Contains(hs.screen(), "What the merge brought in is not saved") {
		t.Fatalf("q did not ask:\n%s", hs.screen())
	}
	hs.keys("n", "s")
	if strings.Contains(strings.Split(hs.screen(), "\n")[0], "unsaved") {
		t.Errorf("still unsaved after a save:\n%s", hs.screen())
	}
	hs.keys("q")
	if !hs.quit {
		t.Error("q after a save asked")
	}
}

// TestSaveAs: a failed save keeps everything, shows the cause whole and
// offers to save elsewhere; a file there is refused by the command line's
// SaveAs, and the saves after go to the new file.
func TestSaveAs(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 100, 30)
	cause := "open local.xml: permission denied (the folder is read-only; ask its owner, or save elsewhere)"
	hs.saveErr = errors.New(cause)
	var got []string
	hs.backend.saveAs = func(d *dialect.Doc, path string, overwrite bool) error {
		got = append(got, path+" "+map[bool]string{true: "overwrite", false: "new"}[overwrite])
		if path == "exists.xml" {
			return errors.New("exists.xml exists; give the name of a new file")
		}
		return nil
	}
	hs.keys("enter", "t", "s")
	s := hs.screen()
	if !strings.Contains(strings.ReplaceAll(s, "\n", " "), "read-only; ask its owner") || hs.m.overlay != promptOverlay {
		t.Fatalf("no cause shown whole, or no prompt:\n%s", s)
	}
	hs.keys("exists.xml", "enter")
	if hs.m.Saved() || hs.m.overlay != promptOverlay || !strings.Contains(hs.screen(), "give the name of a new file") {
		t.Fatalf("an existing file was not refused:\n%s", hs.screen())
	}
	hs.keys("ctrl+u", "elsewhere.xml", "enter")
	if !hs.m.Saved() || hs.m.target() != "elsewhere.xml" {
		t.Fatalf("not saved elsewhere:\n%s", hs.screen())
	}
	hs.keys("w", "s")
	want := "exists.xml new; elsewhere.xml new; elsewhere.xml overwrite"
	if strings.Join(got, "; ") != want {
		t.Errorf("saves %q, want %q", strings.Join(got, "; "), want)
	}
	if line := hs.m.Result().Line(); !strings.HasPrefix(line, "saved to elsewhere.xml") {
		t.Errorf("line %q", line)
	}
}

// TestFileChanged: a save that finds the file changed on disk offers to
// merge its new state in (1.0.2 §3.3); once merged, nothing of the
// session or of the file is lost, the result is unsaved, and the next save
// writes it.
func TestFileChanged(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 100, 30)
	l, r := demo.Feeds()
	theirs, err := dialect.Parse("local.xml", r) // someone merged the remote into the file
	if err != nil {
		t.Fatal(err)
	}
	_ = l
	merged := false
	hs.saveErr = &FileChangedError{Path: "local.xml", What: "was modified"}
	hs.backend.merge = func(d *dialect.Doc) (*dialect.Doc, error) {
		merged = true
		return dialect.Merge(d, theirs)
	}
	hs.keys("enter", "t", "s")
	if !errors.Is(hs.saveErr, atomicfile.ErrChanged) || !strings.Contains(hs.screen(), "changed on disk") {
		t.Fatalf("not asked:\n%s", hs.screen())
	}
	hs.keys("m")
	if !merged || !hs.m.pending || !strings.Contains(hs.screen(), "merged the new state of local.xml") {
		t.Fatalf("not merged in:\n%s", hs.screen())
	}
	// The decision is kept, and still this session's to count and undo
	// (QA Q15; mergein_test.go).
	if s := flat(hs.screen()); !strings.Contains(s, "your 1 decision is kept and u still undoes it") {
		t.Errorf("the message does not say what became of the decision:\n%s", hs.screen())
	}
	if hs.m.st.entry(groceries).Title() != "Buy groceries" || hs.m.st.entry(groceries).InConflict() {
		t.Error("the decision made before was lost in the merge")
	}
	hs.saveErr = nil
	hs.keys("s")
	if !hs.m.Saved() || hs.m.unsaved() {
		t.Errorf("not saved after the merge:\n%s", hs.screen())
	}
}
