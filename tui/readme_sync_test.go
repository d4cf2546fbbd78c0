package tui

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// walkTerminal is one of the terminals of README's hub walk-through: its
// folder and the variables exported in it.
type walkTerminal struct {
	dir string
	env []string
}

// TestREADMESyncWalkthroughRuns runs README's "Sync over HTTP" walk
// through a hub and two endpoints, each block in the terminal it names
// (a block that starts "mkdir X && cd X" opens terminal X, one that
// starts "# X" goes on in it), line by line as written but for the port:
// the hub listens on a free port of 127.0.0.1 instead of 8080. Each line
// exits 0 or as its "# exit N" comment says; the interactive resolve is
// driven in tmux with the keys its comment names; and the laptop ends
// with the phone's resolution, as the last comment says.
func TestREADMESyncWalkthroughRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a hub, two endpoints and the resolver in tmux")
	}
	for _, tool := range []string{"bash", "tmux"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " is not installed")
		}
	}
	blocks := syncWalkBlocks(t)
	root := t.TempDir()
	port := freePort(t)
	url := "127.0.0.1:" + port
	terms := map[string]*walkTerminal{}
	base := append(os.Environ(), "PATH="+filepath.Dir(feedtest.Command(t))+string(os.PathListSeparator)+os.Getenv("PATH"),
		"XDG_CONFIG_HOME="+filepath.Join(root, "config"), "FEEDSYNC_BY=")
	resolved := false
	for _, b := range blocks {
		var term *walkTerminal
		for _, line := range b.lines {
			line = strings.ReplaceAll(line, "127.0.0.1:8080", url)
			cmd, comment, _ := strings.Cut(line, "#")
			cmd = strings.TrimSpace(cmd)
			switch {
			case term == nil && strings.HasPrefix(line, "# "):
				term = terms[strings.Fields(comment)[0]]
			case term == nil:
				m := regexp.MustCompile(`^mkdir (\w+) && cd (\w+)$`).FindStringSubmatch(cmd)
				if m == nil || m[1] != m[2] {
					t.Fatalf("README's walk-through: a block starts %q, neither 'mkdir X && cd X' nor '# X'", line)
				}
				term = &walkTerminal{dir: filepath.Join(root, m[1])}
				terms[m[1]] = term
				if err := os.Mkdir(term.dir, 0o755); err != nil {
					t.Fatal(err)
				}
			case cmd == "" || term == nil:
			case strings.HasPrefix(cmd, "export "):
				term.env = append(term.env, strings.TrimPrefix(cmd, "export "))
			case strings.HasPrefix(cmd, "feedsync serve "):
				startWalkHub(t, term, base, cmd+" --addr "+url, url)
			case cmd == "feedsync resolve todo.xml":
				resolveInTmux(t, term, base, comment+strings.Join(commentLines(b.lines, line), " "))
				resolved = true
			default:
				runWalkLine(t, term, base, cmd, comment)
			}
		}
	}
	if !resolved || len(terms) != 3 {
		t.Fatalf("the walk-through had %d terminals and resolved: %v", len(terms), resolved)
	}
	b, err := os.ReadFile(filepath.Join(terms["laptop"].dir, "todo.xml"))
	if err != nil || !bytes.Contains(b, []byte("<title>Buy oat milk and bread</title>")) {
		t.Errorf("the laptop's todo.xml (%v) lacks the phone's resolution:\n%s", err, b)
	}
}

// syncWalkBlocks are the shell blocks of README's "Sync over HTTP".
func syncWalkBlocks(t *testing.T) []codeBlock {
	readme := readREADME(t)
	start := strings.Index(readme, "\n## Sync over HTTP\n")
	end := strings.Index(readme[start+1:], "\n## ")
	if start < 0 || end < 0 {
		t.Fatal("README.md has no section 'Sync over HTTP'")
	}
	var out []codeBlock
	for _, b := range codeBlocks(readme[start : start+1+end]) {
		if b.lang == "sh" {
			out = append(out, b)
		}
	}
	if len(out) < 5 {
		t.Fatalf("README's walk-through has %d shell blocks", len(out))
	}
	return out
}

// commentLines are the comment lines that go on from line's comment.
func commentLines(lines []string, line string) []string {
	var out []string
	for i, l := range lines {
		if l != line {
			continue
		}
		for _, more := range lines[i+1:] {
			if !strings.HasPrefix(strings.TrimSpace(more), "#") {
				break
			}
			out = append(out, strings.TrimPrefix(strings.TrimSpace(more), "#"))
		}
	}
	return out
}

func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	_, port, _ := net.SplitHostPort(l.Addr().String())
	return port
}

// runWalkLine runs one line in its terminal; it exits as its comment says.
func runWalkLine(t *testing.T, term *walkTerminal, base []string, cmd, comment string) {
	t.Helper()
	want := 0
	if m := regexp.MustCompile(`exit (\d+)`).FindStringSubmatch(comment); m != nil {
		fmt.Sscan(m[1], &want)
	}
	if strings.Contains(cmd, " update ") {
		time.Sleep(1100 * time.Millisecond) // a person's edits come seconds apart, and versions are stamped to the second
	}
	c := exec.Command("bash", "--norc", "--noprofile", "-c", cmd)
	c.Dir, c.Env = term.dir, append(base, term.env...)
	out, err := c.CombinedOutput()
	if code := c.ProcessState.ExitCode(); code != want {
		t.Fatalf("in %s: %s\nexit %d (%v), want %d:\n%s", filepath.Base(term.dir), cmd, code, err, want, out)
	}
}

// startWalkHub starts the hub and waits until it answers; it stops when
// the test ends.
func startWalkHub(t *testing.T, term *walkTerminal, base []string, cmd, addr string) {
	t.Helper()
	c := exec.Command("bash", "--norc", "--noprofile", "-c", "exec "+cmd)
	c.Dir, c.Env = term.dir, append(base, term.env...)
	var log bytes.Buffer
	c.Stdout, c.Stderr = &log, &log
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Process.Signal(os.Interrupt)
		c.Wait()
	})
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if conn, err := net.Dial("tcp", addr); err == nil {
			conn.Close()
			return
		}
	}
	t.Fatalf("the hub never listened on %s:\n%s", addr, log.String())
}

// resolveInTmux runs the interactive resolve in tmux with the keys the
// README's comment names, in its order, and checks it saved.
func resolveInTmux(t *testing.T, term *walkTerminal, base []string, comment string) {
	t.Helper()
	steps := []struct{ said, key, wait string }{
		{`marks it "combines"`, "", "unresolved · combines"},
		{"C (combine all that combine)", "C", "Combine 1 item that combines"},
		{"y (yes)", "y", "1/1 resolved"},
		{`"Buy oat milk and bread"`, "", "Buy oat milk and bread"},
		{"s (save)", "s", "saved to"},
		{"q", "q", "resolve exited 0"},
	}
	rest := strings.Join(strings.Fields(comment), " ")
	for _, s := range steps {
		i := strings.Index(rest, s.said)
		if i < 0 {
			t.Fatalf("README's resolve comment does not say %q where the test expects it: %q", s.said, comment)
		}
		rest = rest[i+len(s.said):]
	}
	tm := &gitTmux{t: t, socket: filepath.Join(t.TempDir(), "tmux.sock")}
	var env strings.Builder
	for _, kv := range append(base, term.env...) {
		env.WriteString(shellQuote(kv) + " ")
	}
	script := fmt.Sprintf("env %sfeedsync resolve todo.xml; echo \"resolve exited $?\"; sleep 600", env.String())
	tm.run("-f", "/dev/null", "new-session", "-d", "-s", "e2e", "-x", "100", "-y", "30", "-c", term.dir, script)
	t.Cleanup(func() { _ = exec.Command("tmux", "-S", tm.socket, "kill-server").Run() })
	tm.wait("0/1 resolved")
	for _, s := range steps {
		if s.key != "" {
			tm.keys(s.key)
		}
		tm.wait(s.wait)
	}
}

// TestREADMEGitExampleRuns runs README's "Feeds in git" example as
// written, in a repository whose feed main and topic changed in clashing
// ways: git setup, git merge topic (the driver merges and leaves the item
// in conflict), git mergetool --tool=feedsync in tmux (the resolver; the
// person keeps the winner, saves and quits), git commit (a merge commit).
func TestREADMEGitExampleRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("drives git, git mergetool and the real binary in tmux")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	readme := readREADME(t)
	start := strings.Index(readme, "\n## Feeds in git\n")
	end := strings.Index(readme[start+1:], "\n## ")
	var lines []string
	for _, b := range codeBlocks(readme[start : start+1+end]) {
		if b.lang == "sh" {
			lines = b.lines
		}
	}
	if len(lines) != 4 {
		t.Fatalf("README's git example has %d lines, want setup, merge, mergetool, commit: %q", len(lines), lines)
	}
	f := gitFixtures[0]
	r := newGitRepo(t)
	// The history before: the feed, changed on two branches. Only
	// todo.xml is committed: the files feedsync keeps beside it are kept
	// out of git by the setup the example runs first.
	commit := func(msg string) {
		r.git("add", "todo.xml")
		r.git("commit", "-q", "-m", msg)
	}
	edit := func(value, by, when string) {
		r.feedsync("update", "todo.xml", "--id", f.a, f.flag, value, "--by", by, "--when", when, "-o", "todo.xml")
		commit("edit " + f.a)
	}
	r.write("todo.xml", f.base(t))
	commit("a feed")
	r.git("checkout", "-q", "-b", "topic")
	edit("topic's edit", "alice", "2026-03-02T08:00:00Z")
	r.git("checkout", "-q", "main")
	edit("main's edit", "bob", "2026-03-02T09:00:00Z")
	for i, line := range lines {
		cmd := strings.TrimSpace(regexp.MustCompile(`\s+#.*$`).ReplaceAllString(line, ""))
		if i == 2 {
			tm := r.tmux(t, cmd)
			tm.start()
			tm.keepWinner("main's edit")
			continue
		}
		code, out := r.run("bash", "--norc", "--noprofile", "-c", cmd)
		if want := map[int]int{1: 1}[i]; code != want {
			t.Fatalf("%s: exit %d, want %d\n%s", cmd, code, want, out)
		}
		if i == 1 && !strings.Contains(out, "feedsync git-merge: todo.xml") {
			t.Errorf("%s: the driver did not merge todo.xml:\n%s", cmd, out)
		}
	}
	if parents := strings.Fields(r.git("log", "-1", "--format=%P")); len(parents) != 2 {
		t.Errorf("the last commit has parents %q, want the merge commit", parents)
	}
	if r.conflicted("todo.xml", f.a) {
		t.Errorf("%s is still in conflict after the example", f.a)
	}
}
