package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// onSave sets saveHook for one test: change runs once, at stage.
func onSave(t *testing.T, stage string, change func()) {
	saveHook = func(s string) {
		if s == stage {
			change()
		}
	}
	t.Cleanup(func() { saveHook = nil })
}

// TestEditorSaveDuringASaveIsNeverLost is issue 20 item 3: an editor (a
// writer that takes no lock) saves while a Commit is under way, after the
// temporary file is synced, before or just as it is renamed. The Commit
// must not overwrite it: the editor's bytes stay at the path, and the
// Commit returns a *ChangedError carrying them, so that the caller merges
// them in and saves again. 100 rounds at each stage, 0 lost.
func TestEditorSaveDuringASaveIsNeverLost(t *testing.T) {
	writers := map[string]func(t *testing.T, path, s string){
		"replaced by rename": replaceByRename,
		"written in place":   writeInPlace,
	}
	for _, stage := range []string{"synced", "checked"} {
		for how, write := range writers {
			t.Run(stage+"/"+how, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "todo.xml")
				lost := 0
				for round := range 100 {
					theirs := fmt.Sprintf("the editor's save %d", round)
					lost += editorRound(t, path, stage, func() { write(t, path, theirs) }, theirs)
				}
				if lost > 0 {
					t.Fatalf("%d of 100 editor saves lost", lost)
				}
				assertEntries(t, filepath.Dir(path), "todo.xml", "todo.xml.bak", "todo.xml.bak.2", "todo.xml.bak.3")
			})
		}
	}
}

// TestEditorSaveDuringASaveWithoutExchange is the same where files cannot
// be swapped in one step: the file is linked under a second name before
// the rename, which keeps an editor's save made in place, or any made
// before the last check.
func TestEditorSaveDuringASaveWithoutExchange(t *testing.T) {
	swap = func(a, b string) error { return errNoExchange }
	t.Cleanup(func() { swap = exchange })
	cases := []struct {
		stage string
		write func(t *testing.T, path, s string)
	}{
		{"synced", replaceByRename},
		{"synced", writeInPlace},
		{"checked", writeInPlace},
	}
	for _, c := range cases {
		path := filepath.Join(t.TempDir(), "todo.xml")
		lost := 0
		for round := range 100 {
			theirs := fmt.Sprintf("the editor's save %d", round)
			lost += editorRound(t, path, c.stage, func() { c.write(t, path, theirs) }, theirs)
		}
		if lost > 0 {
			t.Fatalf("at %s: %d of 100 editor saves lost", c.stage, lost)
		}
	}
}

// editorRound reads path, has change write theirs at stage of a Commit,
// and returns 1 if theirs was lost.
func editorRound(t *testing.T, path, stage string, change func(), theirs string) int {
	t.Helper()
	writeInPlace(t, path, "as read, "+theirs)
	snap, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	onSave(t, stage, change)
	_, err = Commit(context.Background(), snap, []byte("the command's result"))
	saveHook = nil
	var ce *ChangedError
	if !errors.As(err, &ce) {
		t.Errorf("Commit = %v, want a *ChangedError", err)
	} else if string(ce.Current.Data) != theirs {
		t.Errorf("ChangedError.Current = %q, want the editor's %q", ce.Current.Data, theirs)
	}
	if got, _ := os.ReadFile(path); string(got) != theirs {
		return 1
	}
	return 0
}

// TestSaveCreatingAFileNeverReplacesOneCreatedMeanwhile: a Commit against
// a file that was absent when read does not replace one someone created
// just before the rename.
func TestSaveCreatingAFileNeverReplacesOneCreatedMeanwhile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "todo.xml")
	snap, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	onSave(t, "checked", func() { writeInPlace(t, path, "theirs") })
	_, err = Commit(context.Background(), snap, []byte("mine"))
	if !errors.Is(err, ErrChanged) {
		t.Fatalf("Commit = %v, want ErrChanged", err)
	}
	assertFile(t, path, "theirs")
}

// TestSaveThatCannotPutTheirsBackNamesTheirCopy: when the file the rename
// replaced was someone else's and ours was replaced in turn before it
// could be put back, theirs is kept beside the target and the error names
// it.
func TestSaveThatCannotPutTheirsBackNamesTheirCopy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "todo.xml")
	writeInPlace(t, path, "as read")
	snap, _ := Read(path)
	saveHook = func(stage string) {
		switch stage {
		case "checked":
			writeInPlace(t, path, "first editor")
		case "renamed":
			replaceByRename(t, path, "second editor")
		}
	}
	t.Cleanup(func() { saveHook = nil })
	_, err := Commit(context.Background(), snap, []byte("mine"))
	var ke *KeptError
	if !errors.As(err, &ke) {
		t.Fatalf("Commit = %v, want a *KeptError", err)
	}
	assertFile(t, ke.Kept, "first editor")
	assertFile(t, path, "second editor")
	if !strings.Contains(err.Error(), ke.Kept) {
		t.Errorf("message %q does not name the copy", err)
	}
}
