package resolver

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedtest"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// TestEndToEnd runs the real binary in tmux on the demo pair: it takes a
// version, undoes and redoes, edits through a fake $EDITOR, resolves
// selectively, saves and quits, then reads the saved feed back and checks
// every item the session touched as 1.0.2 §3.4 and §4 prescribe.
func TestEndToEnd(t *testing.T) {
	dir, bin := e2eSetup(t)
	// The fake editor replaces the first line of the file, the title.
	editor := filepath.Join(dir, "editor.sh")
	write(t, editor, []byte("#!/bin/sh\n{ echo 'Call the plumber on Tuesday'; tail -n +2 \"$1\"; } > \"$1.new\" && mv \"$1.new\" \"$1\"\n"))
	if err := os.Chmod(editor, 0o755); err != nil {
		t.Fatal(err)
	}

	tm := startTmux(t, dir, fmt.Sprintf("EDITOR=%s VISUAL=%s %s resolve local.xml remote.xml -o out.xml --by %s --when 2026-03-09T12:00:00Z",
		editor, editor, bin, testBy))
	if s := tm.waitAny("0/7 resolved", "feedsync exited"); !strings.Contains(s, "0/7 resolved") {
		t.Fatalf("the resolver did not start:\n%s", s)
	}
	tm.keys("Enter")
	tm.wait("“Buy groceries - DONE”")
	tm.keys("t") // take alice's version; moves on to the offsite
	tm.wait("“Plan the team offsite”")
	tm.keys("u")
	tm.wait("undone: took version 1")
	tm.keys("C-r")
	tm.wait("redone: took version 1")
	tm.keys("n")
	tm.wait("“Plan the team offsite”")
	tm.keys("Tab", "m") // carol's version, marked
	tm.wait("1 marked")
	tm.keys("w") // fold in carol's version only; moves on to the passport
	tm.wait("“Renew passport”")
	tm.keys("n", "n")
	tm.wait("“Call the plumber (Tuesday)”")
	tm.keys("E")
	tm.wait("edited \"Call the plumber")
	tm.keys("s")
	tm.wait("saved to")
	tm.keys("q", "q")            // back to the list, then quit
	tm.wait("feedsync exited 1") // the saved feed still holds conflicts

	doc, _ := readFeed(t, dir, "out.xml")
	want{3, false, []string{stamp(3), alice2g, bob2g, alice1g}, "Buy groceries", 0}.check(t, entry(t, doc, "item-groceries"))
	want{3, false, []string{stamp(3), carol2o, bob2o, alice1o}, "Plan the team offsite", 1}.check(t, entry(t, doc, "item-offsite"))
	if by := draw.Top(entry(t, doc, "item-offsite").Versions()[0]).By; by != "alice-laptop" {
		t.Errorf("the version left in conflict is %s's, want alice-laptop's", by)
	}
	want{3, false, []string{stamp(3), "#2 alice-laptop 2026-03-06T08:00:00Z", "#2 bob-phone 2026-03-06T08:45:00Z",
		"#1 bob-phone 2026-02-25T17:00:00Z"}, "Call the plumber on Tuesday", 0}.check(t, entry(t, doc, "item-plumber"))
	for _, id := range []string{"item-passport", "item-readme", "item-fest", "item-plants"} {
		e := entry(t, doc, id)
		if updates := e.Winner().State().Updates; len(e.Versions()) != 1 || updates != 2 && id != "item-passport" {
			t.Errorf("%s changed: updates %d, %d conflicts", id, updates, len(e.Versions()))
		}
	}
}

// TestEndToEndSSE runs the real binary in tmux on the SSE 0.91 OPML pair:
// the list is the outline, with the outline that cycle detection cut
// marked; it takes BBC's sx:conflict, which moves it back under News,
// saves and quits, then reads the saved feed back through package dialect.
func TestEndToEndSSE(t *testing.T) {
	dir, bin := e2eDir(t)
	for _, side := range []string{"local", "remote"} {
		b, err := os.ReadFile(filepath.Join("testdata", "sse", "opml-"+side+".xml"))
		if err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, side+".xml"), b)
	}
	tm := startTmux(t, dir, fmt.Sprintf("%s resolve local.xml remote.xml -o out.xml --by %s --when 2026-03-09T12:00:00Z", bin, testBy))
	tm.wait("0/3 resolved")
	tm.wait("↺ Science")
	tm.keys("Enter")
	tm.wait("under “News” · 1st of 1")
	tm.keys("m")
	tm.wait("nothing to mark")
	tm.keys("t") // take ep1's version: its text and its place under News
	tm.wait("took version 1")
	tm.keys("Escape")
	tm.wait("    BBC News")
	tm.keys("s")
	tm.wait("saved to")
	tm.keys("q")
	tm.wait("feedsync exited 1") // Le Monde and Science are still in conflict

	doc, _ := readFeed(t, dir, "out.xml")
	bbc := entry(t, doc, "bbc")
	sseWant{3, false, me + "; " + ep2BBC + "; " + ep1Start, "BBC News", 0, false}.check(t, bbc)
	if p := doc.Outline(doc.Entries()).Place(bbc.Winner()); p.Parent != "news" || p.ParentPos < 0 {
		t.Errorf("BBC is under %q in the saved outline, want news", p.Parent)
	}
	for _, id := range []string{"lemonde", "science"} {
		if s := entry(t, doc, id).Winner().State(); !s.Conflict || s.Version != 2 {
			t.Errorf("%s changed: version %d, conflict flag %v", id, s.Version, s.Conflict)
		}
	}
}

// e2eDir skips unless the tests that drive the binary in tmux can run
// (not -short, tmux installed), and returns a new folder and the binary.
func e2eDir(t *testing.T) (dir, bin string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary and drives it in tmux")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	return t.TempDir(), feedtest.Command(t)
}

// readFeed reads and parses the feed the binary wrote to dir/name, and
// returns it with its bytes.
func readFeed(t *testing.T, dir, name string) (*dialect.Doc, []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := dialect.Parse(name, data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	return doc, data
}

func write(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// tmux drives one session on a server of its own.
type tmux struct {
	t      *testing.T
	socket string
}

// startTmux runs command in a 120×40 session; when it exits, the pane says
// so and stays for the test to read.
func startTmux(t *testing.T, dir, command string) *tmux {
	t.Helper()
	tm := &tmux{t: t, socket: filepath.Join(dir, "tmux.sock")} // a server of its own, gone with dir
	script := command + `; echo "feedsync exited $?"; sleep 600`
	tm.run("-f", "/dev/null", "new-session", "-d", "-s", "e2e", "-x", "120", "-y", "40", "-c", dir, script)
	t.Cleanup(func() { _ = exec.Command("tmux", "-S", tm.socket, "kill-server").Run() })
	return tm
}

func (tm *tmux) run(args ...string) string {
	tm.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", tm.socket}, args...)...).CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// keys sends tmux key names ("Enter", "Tab", "C-r") or single characters.
func (tm *tmux) keys(keys ...string) {
	tm.t.Helper()
	for _, k := range keys {
		tm.run("send-keys", "-t", "e2e", k)
	}
}

func (tm *tmux) screen() string { return tm.run("capture-pane", "-p", "-t", "e2e") }

// wait waits until the screen shows text.
func (tm *tmux) wait(text string) {
	tm.t.Helper()
	if s := tm.waitAny(text); !strings.Contains(s, text) {
		tm.t.Fatalf("the screen never showed %q:\n%s", text, s)
	}
}

// waitAny waits up to 15 s for one of the texts and returns the screen.
func (tm *tmux) waitAny(texts ...string) string {
	tm.t.Helper()
	var s string
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		s = tm.screen()
		for _, x := range texts {
			if strings.Contains(s, x) {
				return s
			}
		}
	}
	return s
}
