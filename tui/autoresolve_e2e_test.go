package tui

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// endpointRun runs the real feedsync binary in its own folder per
// endpoint, as three machines would.
type endpointRun struct {
	t    *testing.T
	bin  string
	root string
}

// feed returns the path of endpoint ep's feed.
func (r endpointRun) feed(ep string) string { return filepath.Join(r.root, ep, "todo.xml") }

// run runs feedsync and returns its exit code and standard error; a
// failure (exit 2) fails the test.
func (r endpointRun) run(args ...string) (int, string) {
	r.t.Helper()
	cmd := exec.Command(r.bin, args...)
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(r.root, "config"), "FEEDSYNC_BY=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		r.t.Fatal(err)
	}
	if code > ExitAttention || strings.Contains(stderr.String(), "warning") {
		r.t.Fatalf("feedsync %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
	}
	return code, stderr.String()
}

// apart makes the scenario: A creates an item; B and C merge it
// in; A, B and C each change it apart (B the title, A and C different
// words of the content); A merges B's and C's feeds back, and holds the
// item in conflict, its base in the store beside its feed.
func apart(t *testing.T) endpointRun {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	r := endpointRun{t: t, bin: feedtest.Command(t), root: t.TempDir()}
	empty := "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>To do</title></channel></rss>\n"
	for _, ep := range []string{"A", "B", "C"} {
		if err := os.MkdirAll(filepath.Dir(r.feed(ep)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(r.feed(ep), []byte(empty), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, b, c := r.feed("A"), r.feed("B"), r.feed("C")
	r.run("create", a, "--id", "x1", "--title", "Buy milk", "--content", "Get milk and eggs from the shop on the corner",
		"--by", "A", "--when", "2026-03-01T09:00:00Z", "-o", a)
	r.run("merge", b, a, "-o", b)
	r.run("merge", c, a, "-o", c)
	r.run("update", b, "--id", "x1", "--title", "Buy oat milk", "--by", "B", "--when", "2026-03-02T09:00:00Z", "-o", b)
	r.run("update", c, "--id", "x1", "--content", "Get milk and bread from the shop on the corner", "--by", "C", "--when", "2026-03-02T10:00:00Z", "-o", c)
	r.run("update", a, "--id", "x1", "--content", "Get milk and eggs from the store on the corner", "--by", "A", "--when", "2026-03-02T11:00:00Z", "-o", a)
	r.run("merge", a, b, "-o", a)
	if code, _ := r.run("merge", a, c, "-o", a); code != ExitAttention {
		t.Fatalf("A's merge of C's feed: exit %d, want 1 (in conflict)", code)
	}
	return r
}

// Issue 19: resolve --auto combines what the endpoints changed apart,
// word for word, as one resolution by this endpoint (1.0.2 §3.4), which
// the others then merge without conflict.
func TestResolveAutoEndpoints(t *testing.T) {
	r := apart(t)
	a := r.feed("A")
	code, stderr := r.run("resolve", a, "--auto", "--by", "A", "--when", "2026-03-03T09:00:00Z", "-o", a)
	if code != ExitOK || !strings.Contains(stderr, "combined 1 item") {
		t.Fatalf("resolve --auto: exit %d\n%s", code, stderr)
	}
	x1 := readItem(t, a)
	want := map[string]string{"title": "Buy oat milk", "content": "Get milk and bread from the store on the corner"}
	for _, f := range x1.Winner().Fields() {
		if w, ok := want[f.Key]; ok && f.Value != w {
			t.Errorf("%s = %q, want %q", f.Key, f.Value, w)
		}
	}
	if x1.InConflict() || x1.Winner().History()[0].By != "A" {
		t.Fatalf("conflict %v, history %+v", x1.InConflict(), x1.Winner().History())
	}
	for _, ep := range []string{"B", "C"} {
		if code, _ := r.run("merge", r.feed(ep), a, "-o", r.feed(ep)); code != ExitOK {
			t.Errorf("%s's merge of the resolution: exit %d, want 0", ep, code)
		}
	}
}

// Without the store nothing is guessed: nothing combined, exit 1, the
// feed as it was; conflicts --json says the base is not known.
func TestResolveAutoEndpointsNoStore(t *testing.T) {
	r := apart(t)
	a := r.feed("A")
	if err := os.RemoveAll(filepath.Join(filepath.Dir(a), ".feedsync")); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(a)
	code, stderr := r.run("resolve", a, "--auto", "--by", "A", "-o", a)
	if code != ExitAttention || !strings.Contains(stderr, "nothing combined, nothing written") {
		t.Fatalf("resolve --auto: exit %d\n%s", code, stderr)
	}
	if after, _ := os.ReadFile(a); !bytes.Equal(before, after) {
		t.Fatal("the feed changed")
	}
	out, _ := exec.Command(r.bin, "conflicts", a, "--json").Output()
	var list ConflictList
	if err := json.Unmarshal(out, &list); err != nil || len(list.Items) != 1 {
		t.Fatalf("%v\n%s", err, out)
	}
	if it := list.Items[0]; it.Base == nil || it.Base.Known || it.Combines {
		t.Errorf("base %+v, combines %v", it.Base, it.Combines)
	}
}

// readItem reads item x1 of the feed at path.
func readItem(t *testing.T, path string) dialect.Entry {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := dialect.Parse(path, data)
	if err != nil {
		t.Fatal(err)
	}
	e, err := d.Entry("x1")
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// The base only in git: the versions both branches started from were
// never in the store (the feed was committed as written, and the store
// is removed before the merge); the merge driver records git's ancestor
// in the store beside the file, and resolve --auto combines with it. The
// driver, which would combine the item itself, is told not to
// (feedsync.combine false): a person who reviews every double edit.
func TestResolveAutoBaseFromGit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs git and the binary")
	}
	r := newGitRepo(t)
	r.feedsync("git", "setup", "todo.xml")
	r.git("config", "feedsync.combine", "false")
	r.write("todo.xml", autoBase)
	r.commit("a feed")
	r.git("checkout", "-q", "-b", "topic")
	r.feedsync("update", "todo.xml", "--id", "x1", "--title", "Buy oat milk", "--by", "B", "--when", "2026-03-02T09:00:00Z", "-o", "todo.xml")
	r.commit("B's title")
	r.git("checkout", "-q", "main")
	r.feedsync("update", "todo.xml", "--id", "x1", "--content", "Get milk and eggs from the store on the corner", "--by", "C", "--when", "2026-03-02T10:00:00Z", "-o", "todo.xml")
	r.commit("C's content")
	if err := os.RemoveAll(filepath.Join(r.dir, ".feedsync")); err != nil {
		t.Fatal(err)
	}
	if code, out := r.run("git", "merge", "--no-edit", "topic"); code == 0 {
		t.Fatalf("git merge: exit 0, want x1 in conflict\n%s", out)
	}
	out := r.feedsync("resolve", "todo.xml", "--auto", "--by", "Z", "--when", "2026-03-03T09:00:00Z", "-o", "todo.xml")
	if !strings.Contains(out, `x1 "Buy oat milk": title combined since #1 by A`) {
		t.Fatalf("resolve --auto said:\n%s", out)
	}
	x1 := readItem(t, filepath.Join(r.dir, "todo.xml"))
	for _, f := range x1.Winner().Fields() {
		if f.Key == "content" && f.Value != "Get milk and eggs from the store on the corner" || f.Key == "title" && f.Value != "Buy oat milk" {
			t.Errorf("%s = %q", f.Key, f.Value)
		}
	}
}
