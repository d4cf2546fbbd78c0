package resolver

import (
	"strings"
	"testing"
)

// TestEditorLeaving: esc and ctrl+c close an unchanged editor at once, and
// ask (keep editing, apply, discard) when the text changed; nothing is
// decided until the person applies.
func TestEditorLeaving(t *testing.T) {
	const typed = "Buy groceries - DONE, oat milk"
	for _, c := range []struct {
		name    string
		keys    []string
		screen  screen
		asking  bool
		decided bool
		status  string
	}{
		{"esc without changes closes", []string{"enter", "e", "esc"}, itemScreen, false, false, "nothing changed"},
		{"ctrl+c without changes closes", []string{"enter", "e", "ctrl+c"}, itemScreen, false, false, "nothing changed"},
		{"esc with changes asks", []string{"enter", "e", "tab", ", oat milk", "esc"}, editScreen, true, false, ""},
		{"ctrl+c with changes asks", []string{"enter", "e", "tab", ", oat milk", "ctrl+c"}, editScreen, true, false, ""},
		{"keep editing", []string{"enter", "e", "tab", ", oat milk", "esc", "k"}, editScreen, false, false, ""},
		{"esc in the question keeps editing", []string{"enter", "e", "tab", ", oat milk", "esc", "esc"}, editScreen, false, false, ""},
		{"discard", []string{"enter", "e", "tab", ", oat milk", "esc", "d"}, itemScreen, false, false, "discarded"},
		{"apply", []string{"enter", "e", "tab", ", oat milk", "ctrl+c", "a"}, itemScreen, false, true, "edited"},
		{"undone typing is no change", []string{"enter", "e", "tab", "oat", "ctrl+z", "esc"}, itemScreen, false, false, "nothing changed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), 100, 30)
			hs.keys(c.keys...)
			if hs.quit {
				t.Fatal("the program quit")
			}
			if hs.m.screen != c.screen || (hs.m.overlay == confirmOverlay) != c.asking {
				t.Errorf("screen %d, asking %v; want %d, %v:\n%s", hs.m.screen, hs.m.overlay == confirmOverlay, c.screen, c.asking, hs.screen())
			}
			if c.asking && !strings.Contains(hs.screen(), "Keep editing") {
				t.Errorf("the question is not shown:\n%s", hs.screen())
			}
			it := hs.m.st.item(groceries)
			if decided := len(it.Versions()) == 0; decided != c.decided {
				t.Errorf("decided %v, want %v", decided, c.decided)
			}
			if c.decided && it.Title() != typed {
				t.Errorf("title %q, want %q", it.Title(), typed)
			}
			if !strings.Contains(hs.m.status.Message(), c.status) {
				t.Errorf("status %q, want %q in it", hs.m.status.Message(), c.status)
			}
			if c.screen == editScreen && !c.asking && hs.m.editor.title.Value() != typed {
				t.Errorf("the text typed was lost: %q", hs.m.editor.title.Value())
			}
		})
	}
}

// TestEditorRefusesEmpty: an empty title, or an empty content where the
// item has content, is refused with a note, and the editor stays open.
func TestEditorRefusesEmpty(t *testing.T) {
	for _, c := range []struct {
		name string
		keys []string
		pos  int
		note string
	}{
		{"empty title", []string{"enter", "e", "tab", "ctrl+u", "ctrl+s"}, groceries, "the title is empty"},
		{"blank title", []string{"enter", "e", "tab", "ctrl+u", "   ", "ctrl+s"}, groceries, "the title is empty"},
		{"empty content", []string{"enter", "e", "ctrl+home", "ctrl+k", "ctrl+s"}, groceries, "the content is empty"},
		{"empty content of an item without any", []string{"enter", "N", "N", "N", "e", "ctrl+s"}, plumber, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), 100, 30)
			hs.keys(c.keys...)
			it := hs.m.st.item(c.pos)
			if c.note == "" {
				if len(it.Versions()) != 0 || hs.m.screen == editScreen {
					t.Errorf("refused:\n%s", hs.screen())
				}
				return
			}
			if len(it.Versions()) == 0 || hs.m.screen != editScreen || !strings.Contains(hs.screen(), c.note) {
				t.Errorf("not refused with %q:\n%s", c.note, hs.screen())
			}
			hs.keys("x")
			if strings.Contains(hs.screen(), c.note) {
				t.Errorf("the note stays after typing:\n%s", hs.screen())
			}
		})
	}
}

// TestEditorFocus: the field that takes the typing is the one marked.
func TestEditorFocus(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 80, 20)
	hs.keys("enter", "e")
	if !strings.Contains(hs.screen(), "▌ content · typing here") || strings.Contains(hs.screen(), "title · typing here") {
		t.Errorf("the content is not marked as focused:\n%s", hs.screen())
	}
	hs.keys("tab")
	if !strings.Contains(hs.screen(), "▌ title · typing here") || strings.Contains(hs.screen(), "content · typing here") {
		t.Errorf("the title is not marked as focused:\n%s", hs.screen())
	}
}
