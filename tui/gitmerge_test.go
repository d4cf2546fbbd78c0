package tui

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
	"github.com/feedsync/feedsync/feeds/gitmerge"
)

// TestGitMergeScenarios runs each testdata/gitmerge/*.txtar through the
// merge driver as git runs it, 'feedsync git-merge base.xml ours.xml
// theirs.xml todo.xml', and checks what it leaves in ours.xml (the
// CURRENT git reads back), its exit code and what it says. `go test ./tui
// -run GitMergeScenarios -update` rewrites the want files.
func TestGitMergeScenarios(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "gitmerge", "*.txtar"))
	if len(paths) == 0 {
		t.Fatal("no scenarios found")
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			if strings.HasPrefix(name, "fallback-") {
				requireGit(t)
			}
			runGitMergeScenario(t, path, strings.HasPrefix(name, "fallback-"))
		})
	}
}

// gitMergeRun is one run of the driver on files in a fresh folder.
type gitMergeRun struct {
	code           int
	result, stderr string
}

func runGitMergeFiles(t *testing.T, base, ours, theirs string) gitMergeRun {
	t.Helper()
	return runGitMergeFilesAs(t, "todo.xml", base, ours, theirs)
}

// runGitMergeFilesAs is runGitMergeFiles with git's PATHNAME.
func runGitMergeFilesAs(t *testing.T, pathname, base, ours, theirs string) gitMergeRun {
	t.Helper()
	dir := t.TempDir()
	paths := make([]string, 3)
	for i, body := range []string{base, ours, theirs} {
		paths[i] = filepath.Join(dir, []string{"base.xml", "ours.xml", "theirs.xml"}[i])
		if err := os.WriteFile(paths[i], []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	config := filepath.Join(t.TempDir(), "config")
	env := &Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Getenv: func(k string) string {
		return map[string]string{"FEEDSYNC_BY": "tester", "XDG_CONFIG_HOME": config}[k]
	}}
	code := Run(context.Background(), []string{"git-merge", "--when", scenarioWhen, paths[0], paths[1], paths[2], pathname}, env)
	if stdout.Len() > 0 {
		t.Errorf("the driver wrote to standard output:\n%s", stdout.String())
	}
	result, err := os.ReadFile(paths[1])
	if err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 3 {
		t.Errorf("the driver left files behind: %v", left)
	}
	return gitMergeRun{code, string(result), strings.ReplaceAll(stderr.String(), dir+string(filepath.Separator), "")}
}

// scenarioWhen is the time of the versions the driver combines in the
// scenarios, so that their results are the same on every run.
const scenarioWhen = "2026-03-05T09:00:00Z"

func runGitMergeScenario(t *testing.T, path string, text bool) {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a := feedtest.ParseArchive(string(raw))
	r := runGitMergeFiles(t, a.Files["base.xml"], a.Files["ours.xml"], a.Files["theirs.xml"])
	key := "want.xml"
	if text {
		key = "want.out"
	}
	if feedtest.Updating() {
		for _, k := range []string{key, "want.exit", "want.stderr"} {
			if _, ok := a.Files[k]; !ok {
				a.Order = append(a.Order, k)
			}
		}
		a.Files[key], a.Files["want.exit"], a.Files["want.stderr"] = r.result, strconv.Itoa(r.code)+"\n", r.stderr
		if err := os.WriteFile(path, []byte(a.Format()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want, _ := strconv.Atoi(strings.TrimSpace(a.Files["want.exit"])); r.code != want {
		t.Errorf("exit code %d, want %d\nstderr:\n%s", r.code, want, r.stderr)
	}
	for _, line := range strings.Split(strings.TrimSpace(a.Files["want.stderr"]), "\n") {
		if line != "" && !strings.Contains(r.stderr, line) {
			t.Errorf("stderr lacks %q:\n%s", line, r.stderr)
		}
	}
	got, want := r.result, a.Files[key]
	if !text {
		if strings.Contains(got, "<<<<<<<") {
			t.Errorf("conflict markers in a merged feed:\n%s", got)
		}
		if _, err := parseFeed(&Env{Stderr: &bytes.Buffer{}}, "merged", []byte(got)); err != nil {
			t.Errorf("the merged feed does not load: %v", err)
		}
		got, want = canonicalXML(t, got), canonicalXML(t, want)
	}
	if got != want {
		t.Errorf("CURRENT differs (-want +got):\n%s", feedtest.LineDiff(want, got))
	}
}

// TestGitMergeSymmetric checks what a rebase relies on: with ours and
// theirs swapped (a rebase replays the branch onto upstream, so the sides
// swap) every scenario gives the same items, each in the same state (1.0.2
// §3.3 and 0.91 §4.4 are symmetric in their item results). Only the
// feed-level data, which is one side's, may differ.
func TestGitMergeSymmetric(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "gitmerge", "*.txtar"))
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		if strings.HasPrefix(name, "fallback-") {
			continue
		}
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			a := feedtest.ParseArchive(string(raw))
			ab := runGitMergeFiles(t, a.Files["base.xml"], a.Files["ours.xml"], a.Files["theirs.xml"])
			ba := runGitMergeFiles(t, a.Files["base.xml"], a.Files["theirs.xml"], a.Files["ours.xml"])
			if (ab.code == ExitAttention) != (ba.code == ExitAttention) && !strings.HasPrefix(name, "feed-level") {
				t.Errorf("exit %d one way, %d the other", ab.code, ba.code)
			}
			x, y := loadedItems(t, ab.result), loadedItems(t, ba.result)
			if len(x) != len(y) {
				t.Fatalf("%d items one way, %d the other", len(x), len(y))
			}
			for id, it := range x {
				if y[id].Digest != it.Digest {
					t.Errorf("item %s differs with the sides swapped", id)
				}
			}
		})
	}
}

func loadedItems(t *testing.T, data string) map[string]gitmerge.Item {
	t.Helper()
	f, err := parseFeed(&Env{Stderr: &bytes.Buffer{}}, "merged", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	items, _ := gitmerge.Items(f)
	return items
}

// TestGitMergeUsage checks the driver's argument errors and a CURRENT it
// cannot read: exit 2, CURRENT untouched.
func TestGitMergeUsage(t *testing.T) {
	h := newHarness(t)
	h.write("ours.xml", oneItem)
	for _, c := range []struct {
		name   string
		args   []string
		stderr string
	}{
		{"too few", []string{"git-merge", "a", "b"}, "want BASE CURRENT OTHER [PATHNAME]"},
		{"too many", []string{"git-merge", "a", "b", "c", "d", "e"}, "want BASE CURRENT OTHER [PATHNAME]"},
		{"missing OTHER", []string{"git-merge", h.path("none.xml"), h.path("ours.xml"), h.path("theirs.xml"), "todo.xml"}, "theirs.xml"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := h.run("", c.args...)
			if code != ExitError || !strings.Contains(stderr, c.stderr) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 2 and %q", code, stderr, c.stderr)
			}
			if got := h.read("ours.xml"); got != oneItem {
				t.Errorf("CURRENT changed:\n%s", got)
			}
		})
	}
}

// TestGitMergeNamesPathsSafely checks how the driver names a PATHNAME
// that is not a plain word: the commands it suggests quote it so that
// they can be pasted into a shell, and control characters in it or in an
// item's title (a file name or a feed from someone else's branch) are
// shown escaped, never sent to the terminal as they are.
func TestGitMergeNamesPathsSafely(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "gitmerge", "same-item.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	a := feedtest.ParseArchive(string(raw))
	ours := strings.Replace(a.Files["ours.xml"], "<title>Buy cake", "<title>Buy\u009b31m cake\nfeedsync git-merge: all fine", 1)
	for _, c := range []struct {
		name, pathname string
		want           []string
	}{
		{"space", "lists/my todo.xml", []string{
			"feedsync git-merge: lists/my todo.xml: 1 item in conflict",
			`'feedsync resolve "lists/my todo.xml"', then 'git add "lists/my todo.xml"'`,
		}},
		{"shell characters", `a"$b.xml`, []string{`'feedsync resolve "a\"\$b.xml"'`}},
		{"control characters", "evil\nfeedsync git-merge: ok\x1b[2J.xml", []string{
			`feedsync git-merge: "evil\nfeedsync git-merge: ok\x1b[2J.xml": merged as`,
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := runGitMergeFilesAs(t, c.pathname, a.Files["base.xml"], ours, a.Files["theirs.xml"])
			if r.code != ExitAttention {
				t.Fatalf("exit %d, want 1\n%s", r.code, r.stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr lacks %s:\n%s", w, r.stderr)
				}
			}
			if strings.ContainsAny(r.stderr, "\x1b\u009b") || strings.Contains(r.stderr, "\nfeedsync git-merge: all fine") {
				t.Errorf("control characters reach the terminal:\n%q", r.stderr)
			}
		})
	}
}

// requireGit skips a test when git is not installed.
func requireGit(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
}
