package resolver

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

// TestEndToEndFilterIndex runs the real binary in tmux on a generated pair
// of 20k items and filters all of them (issue 21 item 5): the index is
// built by the program's commands, and once it stops searching the filter
// line counts the items a search of every item's text finds.
func TestEndToEndFilterIndex(t *testing.T) {
	dir, bin := e2eDir(t)
	l, r := feedgen.Pair(20_000, benchRatio, 1)
	write(t, filepath.Join(dir, "local.xml"), l)
	write(t, filepath.Join(dir, "remote.xml"), r)
	want := len(filterByText(newStore(mergePair(t, l, r)), "item-12"))

	tm := startTmux(t, dir, bin+" resolve local.xml remote.xml -o out.xml --by "+testBy)
	if s := tm.waitAny("resolved", "feedsync exited"); !strings.Contains(s, "resolved") {
		t.Fatalf("the resolver did not start:\n%s", s)
	}
	tm.keys("c", "/", "i", "t", "e", "m", "-", "1", "2")
	line := fmt.Sprintf("%d items match", want)
	var s string
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if s = tm.screen(); strings.Contains(s, line) && !strings.Contains(s, "searching…") {
			return
		}
	}
	t.Fatalf("the filter never showed %q, searching done:\n%s", line, s)
}
