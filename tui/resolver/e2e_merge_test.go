package resolver

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/demo"
)

// e2eSetup builds the binary and writes the demo pair into a new folder.
func e2eSetup(t *testing.T) (dir, bin string) {
	t.Helper()
	dir, bin = e2eDir(t)
	l, r := demo.Feeds()
	write(t, filepath.Join(dir, "local.xml"), l)
	write(t, filepath.Join(dir, "remote.xml"), r)
	return dir, bin
}

// cli runs the binary in dir and fails the test unless it exits with
// want; it returns what the binary wrote.
func cli(t *testing.T, dir, bin string, want int, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	code := 0
	if e, ok := err.(*exec.ExitError); ok {
		code = e.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if code != want {
		t.Fatalf("feedsync %s: exit %d, want %d\n%s", strings.Join(args, " "), code, want, out)
	}
	return out
}

// sameAsResolvePick checks the feed the resolver saved against the one
// the command line writes from the same pair with `resolve --pick winner`
// and the same data: byte for byte, and item by item through the engine.
func sameAsResolvePick(t *testing.T, dir, bin, id string, data ...string) {
	t.Helper()
	stamp := []string{"--by", testBy, "--when", "2026-03-09T12:00:00Z"}
	cli(t, dir, bin, 1, "merge", "local.xml", "remote.xml", "-o", "merged.xml") // 1: conflicts are left
	args := append([]string{"resolve", "merged.xml", "--id", id, "--pick", "winner"}, data...)
	cli(t, dir, bin, 1, append(append(args, stamp...), "-o", "want.xml")...)
	gd, got := readFeed(t, dir, "out.xml")
	wd, want := readFeed(t, dir, "want.xml")
	g, w := entry(t, gd, id), entry(t, wd, id)
	if g.InConflict() || fmt.Sprint(g.Winner().Fields()) != fmt.Sprint(w.Winner().Fields()) ||
		fmt.Sprint(g.Winner().History()) != fmt.Sprint(w.Winner().History()) || g.Winner().State() != w.Winner().State() {
		t.Errorf("%s differs from resolve --pick:\n got %v %v\nwant %v %v", id, g.Winner().Fields(), g.Winner().History(),
			w.Winner().Fields(), w.Winner().History())
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the saved feed differs from resolve --pick's")
	}
}

// TestEndToEndMerge combines two versions hunk by hunk in the merge view
// of the real binary, applies, saves and quits; the saved feed is the one
// `resolve --pick winner --title T --content C` writes (1.0.2 §3.4 step
// 1.3).
func TestEndToEndMerge(t *testing.T) {
	dir, bin := e2eSetup(t)
	tm := startTmux(t, dir, fmt.Sprintf("%s resolve local.xml remote.xml -o out.xml --by %s --when 2026-03-09T12:00:00Z", bin, testBy))
	tm.wait("0/7 resolved")
	tm.keys("Enter")
	tm.wait("“Buy groceries - DONE”")
	tm.keys("e")
	tm.wait("hunk 1 of 3 (3 open)")
	tm.keys("l") // the version's title; on to the next hunk
	tm.wait("hunk 2 of 3 (2 open)")
	tm.keys("]") // leave "oat" open: the winner's
	tm.wait("hunk 3 of 3 (2 open)")
	tm.keys("b") // rolls and sourdough bread
	tm.wait("(1 open)")
	tm.keys("C-s")
	tm.wait("1 hunk is still open") // "oat", left open: apply anyway
	tm.keys("a")
	tm.wait("edited")
	tm.keys("s")
	tm.wait("saved to")
	tm.keys("q", "q")
	tm.wait("feedsync exited 1") // other items are still in conflict
	tm.wait("feedsync resolve: saved to out.xml: 6 items are still in conflict")
	sameAsResolvePick(t, dir, bin, "item-groceries", "--title", "Buy groceries",
		"--content", "Get milk, eggs, butter and rolls sourdough bread")
}

// TestEndToEndMergeColumns runs `feedsync demo` in tmux and combines the
// offsite's two versions: alice's place, then carol's head count. At
// 200×50 every version is in columns; v shows one version at a time and v
// again the columns; tab makes carol's the version at hand. At 40×20 the
// same keys go through one version at a time, and v says why it cannot
// show columns. The demo has its bases: u first undoes the combining the
// view starts with. Either way the saved item is the one `resolve --pick
// winner --content C` writes.
func TestEndToEndMergeColumns(t *testing.T) {
	for _, c := range []struct {
		w, h int
		cols bool
	}{{200, 50, true}, {40, 20, false}} {
		t.Run(fmt.Sprintf("%dx%d", c.w, c.h), func(t *testing.T) {
			dir, bin := e2eSetup(t)
			tm := startTmux(t, dir, fmt.Sprintf("%s demo -o out.xml --by %s --when 2026-03-09T12:00:00Z", bin, testBy))
			tm.run("resize-window", "-t", "e2e", "-x", itoa(c.w), "-y", itoa(c.h))
			tm.wait("0/7 resolved")
			tm.keys("n", "e") // the offsite, into the merge view
			tm.wait(`combine "Plan the team`)
			if c.cols { // waited for, not read at once: under load the first frame may be on its way
				tm.wait("› VERSION 1 · alice-laptop")
			}
			tm.wait("three-way from") // the demo has its base: the view starts combined
			if !c.cols && strings.Contains(tm.screen(), "› VERSION 1 · alice-laptop") {
				t.Fatalf("columns at %dx%d:\n%s", c.w, c.h, tm.screen())
			}
			tm.keys("u") // every hunk open again (the offsite combines whole: no clash)
			tm.wait("hunk 1 of 4 (4 open")
			tm.keys("l") // the first hunk, alice's Lyon
			tm.wait("hunk 2 of 4 (3 open")
			tm.keys("v")
			if c.cols {
				tm.wait("version 2 (carol-tablet) has the winner's “14” here") // one at a time: the header says it
				if s := tm.screen(); strings.Contains(s, "› VERSION") {
					t.Fatalf("v kept the columns:\n%s", s)
				}
				tm.keys("v")
				tm.wait("› VERSION 1 · alice-laptop")
			} else {
				tm.wait("need 79 cells")
			}
			tm.keys("tab")
			tm.wait("hunk 1 of 2 (1 open here")
			if c.cols {
				tm.wait("› VERSION 2 · carol-tablet")
			}
			tm.keys("]", "l") // carol's eight
			tm.wait("(0 open here")
			tm.keys("C-s")
			tm.wait("still open") // alice's dates, left open: apply anyway
			tm.keys("a")
			tm.wait("edited")
			tm.keys("s")
			tm.wait("saved to")
			tm.keys("q")
			tm.wait("feedsync exited 1") // the other items are still in conflict
			sameAsResolvePick(t, dir, bin, "item-offsite", "--content", "Two days in Lyon, 14–15 May. Book the train for eight people.")
		})
	}
}

// TestEndToEndMergeEditor combines through $EDITOR: the editor changes
// the content above the scissors line and scribbles below it, which is
// ignored; the saved feed is the one resolve --pick writes.
func TestEndToEndMergeEditor(t *testing.T) {
	dir, bin := e2eSetup(t)
	editor := filepath.Join(dir, "editor.sh")
	// Above the scissors: the winner's content takes the version's words;
	// below it, every line gets a mark, which must change nothing.
	write(t, editor, []byte(`#!/bin/sh
awk 'BEGIN{cut=0} /^# -* >8 -*$/{cut=1} { if (!cut && $0 == "Get milk, eggs, butter and rolls") print "Get oat milk, eggs, butter and rolls"; else if (cut && NR > 8) print $0 " !"; else print }' "$1" > "$1.new" && mv "$1.new" "$1"
`))
	if err := os.Chmod(editor, 0o755); err != nil {
		t.Fatal(err)
	}
	tm := startTmux(t, dir, fmt.Sprintf("EDITOR=%s VISUAL= %s resolve local.xml remote.xml -o out.xml --by %s --when 2026-03-09T12:00:00Z", editor, bin, testBy))
	tm.wait("0/7 resolved")
	tm.keys("Enter")
	tm.wait("“Buy groceries - DONE”")
	tm.keys("E")
	tm.wait("edited")
	tm.keys("s")
	tm.wait("saved to")
	tm.keys("q", "q")
	tm.wait("feedsync exited 1")
	sameAsResolvePick(t, dir, bin, "item-groceries", "--content", "Get oat milk, eggs, butter and rolls")
}

// TestEndToEndStdout: with -o - the resolver draws on the terminal while
// standard output goes to a file, and the feed saved is written there
// when the session ends; the last line says so.
func TestEndToEndStdout(t *testing.T) {
	dir, bin := e2eSetup(t)
	tm := startTmux(t, dir, fmt.Sprintf("%s resolve local.xml remote.xml -o - --by %s --when 2026-03-09T12:00:00Z > piped.xml", bin, testBy))
	tm.wait("0/7 resolved")
	tm.wait("saves to standard output")
	tm.keys("A")
	tm.wait("Keep the winner")
	tm.keys("y")
	tm.wait("7/7 resolved")
	tm.keys("s")
	tm.wait("saved to standard output")
	tm.keys("q")
	tm.wait("feedsync exited 0")
	tm.wait("feedsync resolve: saved to standard output: every conflict is resolved")
	b, err := os.ReadFile(filepath.Join(dir, "piped.xml"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := dialect.Parse("piped.xml", b)
	if err != nil {
		t.Fatalf("standard output is no feed: %v\n%s", err, b)
	}
	if n := doc.Conflicted(); n != 0 {
		t.Errorf("%d items still in conflict in what was written", n)
	}
}

// TestEndToEndEditorSheetWithTheBase runs `feedsync demo`, whose items
// have their bases, and edits the groceries in $EDITOR: the file holds the
// base beside the winner and the version, and its result starts combined
// (the winner's " - DONE", the version's "oat " and "sourdough"); the
// editor changes the title alone, and the saved item is the one
// `resolve --pick winner --title T --content C` writes with the combined
// content (issue 30 item 4).
func TestEndToEndEditorSheetWithTheBase(t *testing.T) {
	dir, bin := e2eSetup(t)
	editor := filepath.Join(dir, "editor.sh")
	write(t, editor, []byte(`#!/bin/sh
cp "$1" sheet.txt
{ echo 'Buy groceries today'; tail -n +2 "$1"; } > "$1.new" && mv "$1.new" "$1"
`))
	if err := os.Chmod(editor, 0o755); err != nil {
		t.Fatal(err)
	}
	tm := startTmux(t, dir, fmt.Sprintf("EDITOR=%s VISUAL= %s demo -o out.xml --by %s --when 2026-03-09T12:00:00Z", editor, bin, testBy))
	tm.wait("0/7 resolved")
	tm.keys("Enter")
	tm.wait("“Buy groceries - DONE”")
	tm.keys("E")
	tm.wait("edited")
	tm.keys("s")
	tm.wait("saved to")
	tm.keys("q", "q")
	tm.wait("feedsync exited 1")
	sheet, err := os.ReadFile(filepath.Join(dir, "sheet.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Buy groceries - DONE\n\nGet oat milk, eggs, butter and sourdough rolls\n",
		"======== base · #1 by alice-laptop · what the versions grew from ========\nBuy groceries\n\nGet milk, eggs, butter and bread\n"} {
		if !strings.Contains(string(sheet), want) {
			t.Errorf("the file for $EDITOR lacks %q:\n%s", want, sheet)
		}
	}
	sameAsResolvePick(t, dir, bin, "item-groceries", "--title", "Buy groceries today", "--content", "Get oat milk, eggs, butter and sourdough rolls")
}

// TestEndToEndMergeHidesWhiteSpace runs the real binary on an item whose
// version changes white space in one place and a word in another: W hides
// the white space, the version's word taken and applied without a
// question, the saved item keeps the winner's white space (issue 30 item
// 5): the one `resolve --pick winner --content C` writes.
func TestEndToEndMergeHidesWhiteSpace(t *testing.T) {
	dir, bin := e2eDir(t)
	write(t, filepath.Join(dir, "local.xml"), []byte(spaceFeed))
	write(t, filepath.Join(dir, "remote.xml"), []byte(spaceFeed))
	tm := startTmux(t, dir, fmt.Sprintf("%s resolve local.xml remote.xml -o out.xml --by %s --when 2026-03-09T12:00:00Z", bin, testBy))
	tm.wait("0/1 resolved")
	tm.keys("Enter", "e")
	tm.wait("hunk 1 of 2 (2 open)")
	tm.keys("W")
	tm.wait("1 hunk hidden: white space alone")
	tm.keys("l") // the word, the one hunk shown
	tm.wait("Content · 1 hunk: > 1 version's · 1 white space hidden")
	tm.keys("C-s")
	tm.wait("edited")
	tm.keys("s")
	tm.wait("saved to")
	tm.keys("q", "q")
	tm.wait("feedsync exited 0")
	cli(t, dir, bin, 1, "merge", "local.xml", "remote.xml", "-o", "merged.xml")
	cli(t, dir, bin, 0, "resolve", "merged.xml", "--id", "offsite", "--pick", "winner", "--content", "Buy milk and  eggs tomorrow",
		"--by", testBy, "--when", "2026-03-09T12:00:00Z", "-o", "want.xml")
	_, got := readFeed(t, dir, "out.xml")
	_, want := readFeed(t, dir, "want.xml")
	if !bytes.Equal(got, want) {
		t.Errorf("the saved feed differs from resolve --pick's:\n%s\nwant\n%s", got, want)
	}
}
