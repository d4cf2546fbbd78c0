package resolver

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEndToEndSaveAsKey guards issue 20 item 15 in the real binary, in
// tmux: S asks for another file; a file that exists there is refused and
// its name stays in the prompt, to correct; the corrected name is saved
// to, the file that existed is left as it was, and -o's file is not
// written.
func TestEndToEndSaveAsKey(t *testing.T) {
	dir, bin := e2eSetup(t)
	mine := []byte("someone else's file\n")
	write(t, filepath.Join(dir, "copy.xml"), mine)
	tm := startTmux(t, dir, fmt.Sprintf("%s resolve local.xml remote.xml -o out.xml --by %s --when 2026-03-09T12:00:00Z", bin, testBy))
	if s := tm.waitAny("0/7 resolved", "feedsync exited"); !strings.Contains(s, "0/7 resolved") {
		t.Fatalf("the resolver did not start:\n%s", s)
	}
	tm.keys("?")
	tm.wait("save to another file")
	tm.keys("?") // closes it
	tm.wait("? help")
	tm.keys("Enter")
	tm.wait("“Buy groceries - DONE”")
	tm.keys("t") // take alice's version
	tm.wait("1/7 resolved")
	tm.keys("S")
	tm.wait("Save to another file")
	tm.keys("copy.xml", "Enter")
	tm.wait("the file exists")
	if s := tm.screen(); !strings.Contains(s, "› copy.xml") {
		t.Fatalf("the refused name is not in the prompt:\n%s", s)
	}
	tm.keys("BSpace", "BSpace", "BSpace", "BSpace", "2.xml", "Enter")
	tm.wait("saved to copy2.xml")
	tm.keys("q", "q")
	tm.wait("feedsync exited 1") // the feed still holds conflicts

	doc, _ := readFeed(t, dir, "copy2.xml")
	want{3, false, []string{stamp(3), alice2g, bob2g, alice1g}, "Buy groceries", 0}.check(t, entry(t, doc, "item-groceries"))
	if b, err := os.ReadFile(filepath.Join(dir, "copy.xml")); err != nil || !bytes.Equal(b, mine) {
		t.Errorf("the file that existed changed: %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.xml")); !os.IsNotExist(err) {
		t.Errorf("out.xml was written: %v", err)
	}
}
