package tui

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestGitMergetoolEndToEnd drives 'git mergetool --tool=feedsync' in tmux
// as a person does after 'git merge' stopped on a feed: the resolver
// opens on the item in conflict, the person keeps the winner,
// saves and quits, and git records the path as resolved; then the merge
// commits. Another round quits without saving, and git leaves the path
// conflicted; a third starts from a text merge with git's markers (the
// driver was not set up yet), and the tool opens on the driver's merge of
// ours and theirs instead.
func TestGitMergetoolEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("drives git mergetool and the real binary in tmux")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	t.Parallel()
	conflict := func(t *testing.T) *gitRepo {
		f := gitFixtures[0]
		r := setUp(t, f)
		r.git("checkout", "-q", "-b", "topic")
		r.edit("todo.xml", f.a, f.flag, "topic's edit", "alice", "2026-03-02T08:00:00Z")
		r.git("checkout", "-q", "main")
		r.edit("todo.xml", f.a, f.flag, "main's edit", "bob", "2026-03-02T09:00:00Z")
		if code, out := r.run("git", "merge", "--no-edit", "topic"); code == 0 {
			t.Fatalf("git merge: exit 0, want todo.xml in conflict\n%s", out)
		}
		return r
	}

	t.Run("resolve, save, quit", func(t *testing.T) {
		t.Parallel()
		r := conflict(t)
		tm := r.tmux(t, "git mergetool --tool=feedsync")
		tm.start()
		tm.keepWinner("main's edit")
		if u := r.unmerged(); len(u) != 0 {
			t.Fatalf("git still holds %q as conflicted", u)
		}
		if r.conflicted("todo.xml", "item1") {
			t.Errorf("item1 is still in conflict:\n%s", r.read("todo.xml"))
		}
		if got := r.git("diff", "--cached", "--name-only"); !strings.Contains(got, "todo.xml") {
			t.Errorf("todo.xml is not staged: %q", got)
		}
		r.git("commit", "-q", "--no-edit")
		if parents := strings.Fields(r.git("log", "-1", "--format=%P")); len(parents) != 2 {
			t.Errorf("the last commit has parents %q, want a merge commit", parents)
		}
	})
	t.Run("after a text merge", func(t *testing.T) {
		t.Parallel()
		// The driver was not set up when git merged: the feed holds git's
		// markers; the tool opens on the driver's merge of ours and theirs.
		f := gitFixtures[0]
		r := setUp(t, f)
		r.git("config", "--remove-section", "merge.feedsync")
		r.git("checkout", "-q", "-b", "topic")
		r.edit("todo.xml", f.a, f.flag, "topic's edit", "alice", "2026-03-02T08:00:00Z")
		r.git("checkout", "-q", "main")
		r.edit("todo.xml", f.a, f.flag, "main's edit", "bob", "2026-03-02T09:00:00Z")
		if code, out := r.run("git", "merge", "--no-edit", "topic"); code == 0 || !strings.Contains(r.read("todo.xml"), "<<<<<<<") {
			t.Fatalf("git merge: exit %d, want a text merge with markers\n%s\n%s", code, out, r.read("todo.xml"))
		}
		r.feedsync("git", "setup", "todo.xml")
		tm := r.tmux(t, "git mergetool --tool=feedsync")
		tm.start()
		tm.wait("todo.xml: ours ⇄ theirs")
		tm.keepWinner("main's edit")
		if u := r.unmerged(); len(u) != 0 {
			t.Fatalf("git still holds %q as conflicted", u)
		}
		if got := r.read("todo.xml"); strings.Contains(got, "<<<<<<<") || !strings.Contains(got, "main's edit") {
			t.Errorf("the saved feed:\n%s", got)
		}
		r.feedsync("validate", "todo.xml")
	})
	t.Run("quit without saving", func(t *testing.T) {
		t.Parallel()
		r := conflict(t)
		tm := r.tmux(t, "git mergetool --tool=feedsync")
		tm.start()
		tm.keys("q")
		tm.wait("mergetool exited 1")
		if u := r.unmerged(); len(u) != 1 || u[0] != "todo.xml" {
			t.Errorf("git holds %q as conflicted, want todo.xml", u)
		}
		if !strings.Contains(tm.screen(), "still holds 1 item in conflict") {
			t.Errorf("feedsync did not say why:\n%s", tm.screen())
		}
	})
}

// gitTmux is a tmux session on a server of its own, in a repository.
type gitTmux struct {
	t      *testing.T
	socket string
}

// tmux runs command in the work tree in a 120×40 session, with the
// repository's environment; when it ends, the pane says how and stays.
func (r *gitRepo) tmux(t *testing.T, command string) *gitTmux {
	t.Helper()
	tm := &gitTmux{t: t, socket: filepath.Join(r.home, "tmux.sock")}
	var env strings.Builder
	for _, kv := range r.env {
		env.WriteString(shellQuote(kv) + " ")
	}
	script := fmt.Sprintf("env %s%s; echo \"mergetool exited $?\"; sleep 600", env.String(), command)
	tm.run("-f", "/dev/null", "new-session", "-d", "-s", "e2e", "-x", "120", "-y", "40", "-c", r.dir, script)
	t.Cleanup(func() { _ = exec.Command("tmux", "-S", tm.socket, "kill-server").Run() })
	return tm
}

func (tm *gitTmux) run(args ...string) string {
	tm.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", tm.socket}, args...)...).CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (tm *gitTmux) keys(keys ...string) {
	tm.t.Helper()
	for _, k := range keys {
		tm.run("send-keys", "-t", "e2e", k)
	}
}

func (tm *gitTmux) screen() string { return tm.run("capture-pane", "-p", "-t", "e2e") }

// start waits for the resolver, answering git's question before it
// where git asks one (mergetool.prompt).
func (tm *gitTmux) start() {
	tm.t.Helper()
	if strings.Contains(tm.waitAny("Hit return to start merge resolution tool", "0/1 resolved"), "Hit return") {
		tm.keys("Enter")
	}
	tm.wait("0/1 resolved")
}

// keepWinner opens the one item in conflict, titled title, keeps its
// winner, saves and quits, and waits for git mergetool to succeed.
func (tm *gitTmux) keepWinner(title string) {
	tm.t.Helper()
	tm.keys("Enter")
	tm.wait("“" + title + "”")
	tm.keys("w")
	tm.wait("1/1 resolved")
	tm.keys("s")
	tm.wait("saved to")
	tm.keys("q")
	tm.wait("mergetool exited 0")
}

// wait waits up to 20 s for the screen to show text.
func (tm *gitTmux) wait(text string) {
	tm.t.Helper()
	if s := tm.waitAny(text); !strings.Contains(s, text) {
		tm.t.Fatalf("the screen never showed %q:\n%s", text, s)
	}
}

// waitAny waits up to 20 s for one of texts and returns the screen.
func (tm *gitTmux) waitAny(texts ...string) string {
	tm.t.Helper()
	var s string
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		s = tm.screen()
		for _, x := range texts {
			if strings.Contains(s, x) {
				return s
			}
		}
	}
	return s
}

// TestGitMergetoolMessages checks what the merge tool says when it cannot
// open the resolver: without a terminal, a command to paste, the file
// name quoted when it is not a plain word; when neither MERGED nor the
// merge of ours and theirs loads, why each does not, and what to do.
func TestGitMergetoolMessages(t *testing.T) {
	h := newHarness(t)
	t.Run("no terminal", func(t *testing.T) {
		code, _, stderr := h.run("", "git-mergetool", "lists/my todo.xml")
		want := `feedsync resolve "lists/my todo.xml" --id ID --pick winner|N -o "lists/my todo.xml"`
		if code != ExitError || !strings.Contains(stderr, want) {
			t.Errorf("exit %d, stderr:\n%s\nwant exit 2 and %s", code, stderr, want)
		}
	})
	t.Run("nothing loads", func(t *testing.T) {
		broken := "<rss version=\"2.0\"><channel>\n<title>T</title>\n<item><title>two<broken</title></item>\n</channel></rss>\n"
		merged, ours, theirs := h.write("merged.xml", "<<<<<<< ours\n"), h.write("ours.xml", oneItem), h.write("theirs.xml", broken)
		_, _, err := mergetoolDoc(context.Background(), &Env{Stderr: &bytes.Buffer{}}, []string{merged, ours, theirs})
		if err == nil {
			t.Fatal("no error")
		}
		msg := err.Error()
		for _, want := range []string{
			merged + ":1:",
			merged + ": ours and theirs do not merge as feeds either: theirs does not load as a feed:\n  ",
			"(theirs):3:24: broken: attributes must be separated by white space\n",
			"use another merge tool (git mergetool --tool=TOOL)",
		} {
			if !strings.Contains(msg, want) {
				t.Errorf("the message lacks %q:\n%s", want, msg)
			}
		}
		if strings.Contains(msg, "and ours and theirs") {
			t.Errorf("the old wording:\n%s", msg)
		}
	})
}
