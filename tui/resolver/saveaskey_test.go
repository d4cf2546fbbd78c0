package resolver

import (
	"errors"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// withSaveAs gives the harness a save to another file, as the command
// line's Config does, recording each path asked for; a path in refuse is
// refused as one that exists.
func withSaveAs(hs *harness, refuse string) *[]string {
	var got []string
	hs.backend.saveAs = func(d *dialect.Doc, path string, overwrite bool) error {
		got = append(got, path)
		if path == refuse {
			return errors.New(path + " exists; give the name of a new file")
		}
		return nil
	}
	return &got
}

// TestSaveAsHasAKey guards issue 20 item 15: saving to another file was
// offered only after a failed save. S asks for the file, from the list and
// from an item, and ? lists it (every Backend saves to another file).
func TestSaveAsHasAKey(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 100, 30)
	got := withSaveAs(hs, "")
	hs.keys("enter", "w", "S")
	if hs.m.overlay != promptOverlay || !strings.Contains(hs.screen(), "Save to another file") {
		t.Fatalf("S did not ask for a file:\n%s", hs.screen())
	}
	golden(t, "save-as-prompt-100x30", hs.screen())
	hs.keys("copy.xml", "enter")
	if !hs.m.Saved() || hs.m.target() != "copy.xml" || strings.Join(*got, ";") != "copy.xml" {
		t.Fatalf("not saved to copy.xml (%q):\n%s", *got, hs.screen())
	}
	hs.keys("?")
	help := hs.screen()
	if !strings.Contains(help, "S") || !strings.Contains(help, "save to another file") {
		t.Errorf("? does not list S:\n%s", help)
	}
	golden(t, "help-save-as-100x30", help)

}

// TestSaveAsKeepsTheRefusedPath guards issue 20 item 15: a path the save
// refused (a file there) was erased from the prompt, to be typed again
// whole. It stays, to correct.
func TestSaveAsKeepsTheRefusedPath(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 100, 30)
	got := withSaveAs(hs, "notes/exists.xml")
	hs.keys("S", "notes/exists.xml", "enter")
	if hs.m.Saved() || hs.m.overlay != promptOverlay || hs.m.prompt.input.Value() != "notes/exists.xml" {
		t.Fatalf("the refused path is not in the prompt (%q):\n%s", hs.m.prompt.input.Value(), hs.screen())
	}
	golden(t, "save-as-refused-100x30", hs.screen())
	hs.keys("backspace", "backspace", "backspace", "backspace", "2.xml", "enter")
	if !hs.m.Saved() || hs.m.target() != "notes/exists2.xml" {
		t.Fatalf("the corrected path was not saved to (%q):\n%s", *got, hs.screen())
	}
}
