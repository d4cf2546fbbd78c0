package tui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// gitFixture is a feed to keep in a repository and two of its items.
type gitFixture struct {
	name, file string
	a, b       string // ids of two items
	flag       string // what an edit changes: --title or --content
}

var gitFixtures = []gitFixture{
	{"FeedSync 1.0.2 RSS", "different-items", "item1", "item2", "--title"},
	{"FeedSync 1.0.2 Atom", "atom-different-items", "item1", "item2", "--content"},
	{"SSE 0.91 RSS", "sse-rss", "song1", "song2", "--title"},
	{"SSE 0.91 OPML", "sse-opml", "bbc", "lemonde", "--title"},
}

// base returns the fixture's feed: the ancestor of its scenario.
func (f gitFixture) base(t *testing.T) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "gitmerge", f.file+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	return feedtest.ParseArchive(string(raw)).Files["base.xml"]
}

// conflicted reports whether a feed holds the item in conflict, by
// 'feedsync conflicts --json'.
func (r *gitRepo) conflicted(file, id string) bool {
	r.t.Helper()
	code, out := r.run("feedsync", "conflicts", "--json", file)
	if code != ExitOK && code != ExitAttention {
		r.t.Fatalf("feedsync conflicts %s: exit %d\n%s", file, code, out)
	}
	return strings.Contains(out, `"id": "`+id+`"`)
}

// setUp commits the fixture as todo.xml with the driver set up for it.
func setUp(t *testing.T, f gitFixture) *gitRepo {
	r := newGitRepo(t)
	r.feedsync("git", "setup", "todo.xml")
	r.write("todo.xml", f.base(t))
	r.commit("a feed")
	return r
}

// TestGitMergeInRepo runs real merges on a feed of each dialect: edits of
// different items merge cleanly with both kept; one item edited on both
// branches leaves one valid feed with the item in conflict and no
// markers, git reports the path as conflicted, and resolve --pick, git add
// and git commit finish the merge.
func TestGitMergeInRepo(t *testing.T) {
	t.Parallel()
	for _, f := range gitFixtures {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			r := setUp(t, f)
			r.git("checkout", "-q", "-b", "topic")
			r.edit("todo.xml", f.a, f.flag, "topic's edit", "alice", "2026-03-02T08:00:00Z")
			r.git("checkout", "-q", "main")
			r.edit("todo.xml", f.b, f.flag, "main's edit", "bob", "2026-03-02T09:00:00Z")
			code, out := r.run("git", "merge", "--no-edit", "topic")
			if code != 0 || !strings.Contains(out, "feedsync git-merge: todo.xml: merged as") {
				t.Fatalf("git merge: exit %d, want a clean merge by the driver\n%s", code, out)
			}
			merged := r.read("todo.xml")
			if !strings.Contains(merged, "topic's edit") || !strings.Contains(merged, "main's edit") {
				t.Errorf("an edit is missing:\n%s", merged)
			}
			r.feedsync("validate", "todo.xml")
			if st := r.git("status", "--porcelain"); st != "" {
				t.Errorf("the work tree is not clean after the merge (a file the driver or an update left?):\n%s", st)
			}

			r.git("checkout", "-q", "-b", "other", "HEAD~1")
			r.edit("todo.xml", f.a, f.flag, "other's edit", "carol", "2026-03-03T08:00:00Z")
			r.git("checkout", "-q", "main")
			r.edit("todo.xml", f.a, f.flag, "main's second edit", "bob", "2026-03-03T09:00:00Z")
			code, out = r.run("git", "merge", "--no-edit", "other")
			if code == 0 || !strings.Contains(out, "CONFLICT (content): Merge conflict in todo.xml") {
				t.Fatalf("git merge: exit %d, want todo.xml in conflict\n%s", code, out)
			}
			if u := r.unmerged(); !slices.Equal(u, []string{"todo.xml"}) {
				t.Errorf("git holds %q as conflicted, want todo.xml", u)
			}
			if strings.Contains(r.read("todo.xml"), "<<<<<<<") {
				t.Fatalf("conflict markers in the feed:\n%s", r.read("todo.xml"))
			}
			r.feedsync("validate", "todo.xml")
			if !r.conflicted("todo.xml", f.a) {
				t.Fatalf("%s is not in conflict:\n%s", f.a, r.read("todo.xml"))
			}
			r.feedsync("resolve", "todo.xml", "--id", f.a, "--pick", "winner", "--when", "2026-03-04T09:00:00Z", "-o", "todo.xml")
			r.git("add", "todo.xml")
			r.git("commit", "-q", "--no-edit")
			if r.conflicted("todo.xml", f.a) {
				t.Error("the item is still in conflict after resolve --pick")
			}
			if parents := strings.Fields(r.git("log", "-1", "--format=%P")); len(parents) != 2 {
				t.Errorf("the last commit has parents %q, want a merge commit", parents)
			}
		})
	}
}

// TestGitRebaseAndCherryPick checks that a rebase and a cherry-pick go
// through the driver too. A rebase replays topic's commits onto main, so
// ours is main and theirs topic's commit: the item results are the same
// either way (1.0.2 §3.3 is symmetric in them).
func TestGitRebaseAndCherryPick(t *testing.T) {
	t.Parallel()
	f := gitFixtures[0]
	t.Run("rebase", func(t *testing.T) {
		t.Parallel()
		r := setUp(t, f)
		r.git("checkout", "-q", "-b", "topic")
		r.edit("todo.xml", f.a, f.flag, "topic's edit", "alice", "2026-03-02T08:00:00Z")
		r.edit("todo.xml", f.b, f.flag, "topic's edit of b", "alice", "2026-03-02T08:30:00Z")
		r.git("checkout", "-q", "main")
		r.edit("todo.xml", f.b, f.flag, "main's edit", "bob", "2026-03-02T09:00:00Z")
		r.git("checkout", "-q", "topic")
		code, out := r.run("git", "rebase", "main")
		if code == 0 || !strings.Contains(out, "feedsync git-merge: todo.xml: merged as") {
			t.Fatalf("git rebase: exit %d, want it stopped by the driver on %s\n%s", code, f.b, out)
		}
		if !r.conflicted("todo.xml", f.b) || strings.Contains(r.read("todo.xml"), "<<<<<<<") {
			t.Fatalf("want %s in conflict and no markers:\n%s", f.b, r.read("todo.xml"))
		}
		if !strings.Contains(r.read("todo.xml"), "topic's edit") {
			t.Errorf("the first replayed commit's edit is missing:\n%s", r.read("todo.xml"))
		}
		r.feedsync("resolve", "todo.xml", "--id", f.b, "--pick", "winner", "--when", "2026-03-04T09:00:00Z", "-o", "todo.xml")
		r.git("add", "todo.xml")
		if code, out := r.run("git", "-c", "core.editor=true", "rebase", "--continue"); code != 0 {
			t.Fatalf("git rebase --continue: exit %d\n%s", code, out)
		}
		if n := strings.TrimSpace(r.git("rev-list", "--count", "main..topic")); n != "2" {
			t.Errorf("%s commits on top of main, want 2", n)
		}
		if r.conflicted("todo.xml", f.b) {
			t.Error("the item is still in conflict after the rebase")
		}
	})
	t.Run("cherry-pick", func(t *testing.T) {
		t.Parallel()
		r := setUp(t, f)
		r.git("checkout", "-q", "-b", "topic")
		r.edit("todo.xml", f.a, f.flag, "topic's edit", "alice", "2026-03-02T08:00:00Z")
		r.git("checkout", "-q", "main")
		r.edit("todo.xml", f.b, f.flag, "main's edit", "bob", "2026-03-02T09:00:00Z")
		code, out := r.run("git", "cherry-pick", "topic")
		if code != 0 || !strings.Contains(out, "feedsync git-merge: todo.xml: merged as") {
			t.Fatalf("git cherry-pick: exit %d, want a clean pick by the driver\n%s", code, out)
		}
		merged := r.read("todo.xml")
		if !strings.Contains(merged, "topic's edit") || !strings.Contains(merged, "main's edit") {
			t.Errorf("an edit is missing:\n%s", merged)
		}
	})
}

// TestGitCrissCross merges branches that merged each other before: git
// finds two merge bases and merges them first, through the driver too, into
// a virtual ancestor; the final merge is clean and keeps every edit.
func TestGitCrissCross(t *testing.T) {
	t.Parallel()
	f := gitFixtures[0]
	r := setUp(t, f)
	r.git("checkout", "-q", "-b", "a")
	r.edit("todo.xml", f.a, f.flag, "a's edit", "alice", "2026-03-02T08:00:00Z")
	r.git("checkout", "-q", "-b", "b", "main")
	r.edit("todo.xml", f.b, f.flag, "b's edit", "bob", "2026-03-02T09:00:00Z")
	r.git("branch", "b1")
	r.git("merge", "-q", "--no-edit", "a")
	r.git("checkout", "-q", "a")
	r.git("merge", "-q", "--no-edit", "b1")
	r.edit("todo.xml", f.a, f.flag, "a's second edit", "alice", "2026-03-03T08:00:00Z")
	r.git("checkout", "-q", "b")
	r.edit("todo.xml", f.b, f.flag, "b's second edit", "bob", "2026-03-03T09:00:00Z")
	if bases := strings.Fields(r.git("merge-base", "--all", "a", "b")); len(bases) != 2 {
		t.Fatalf("merge bases %q, want two (a criss-cross)", bases)
	}
	code, out := r.run("git", "merge", "--no-edit", "a")
	if code != 0 {
		t.Fatalf("git merge: exit %d\n%s", code, out)
	}
	merged := r.read("todo.xml")
	if !strings.Contains(merged, "a's second edit") || !strings.Contains(merged, "b's second edit") || strings.Contains(merged, "<<<<<<<") {
		t.Errorf("want both second edits and no markers:\n%s", merged)
	}
	r.feedsync("validate", "todo.xml")
}

// TestGitFallback checks that files that are not feeds on both sides are
// merged by git merge-file: a plain RSS file gets git's conflict markers,
// and so does a feed that one branch broke.
func TestGitFallback(t *testing.T) {
	t.Parallel()
	plain := "<rss version=\"2.0\">\n<channel>\n<title>News</title>\n<item><title>First</title></item>\n</channel>\n</rss>\n"
	r := newGitRepo(t)
	r.feedsync("git", "setup", "*.xml")
	r.write("plain.xml", plain)
	r.write("todo.xml", gitFixtures[0].base(t))
	r.commit("files")
	r.git("checkout", "-q", "-b", "topic")
	r.write("plain.xml", strings.Replace(plain, "First", "First (topic)", 1))
	r.write("todo.xml", strings.Replace(r.read("todo.xml"), "</channel>", "</chanel>", 1))
	r.commit("topic")
	r.git("checkout", "-q", "main")
	r.write("plain.xml", strings.Replace(plain, "First", "First (main)", 1))
	r.edit("todo.xml", "item2", "--title", "main's edit", "bob", "2026-03-02T09:00:00Z")
	code, out := r.run("git", "merge", "--no-edit", "topic")
	if code == 0 {
		t.Fatalf("git merge: exit 0, want plain.xml in conflict\n%s", out)
	}
	for _, want := range []string{"plain.xml: neither ours nor theirs is a FeedSync or SSE feed", "todo.xml: theirs does not load as a feed", "todo.xml (theirs):"} {
		if !strings.Contains(out, want) {
			t.Errorf("git merge's output lacks %q:\n%s", want, out)
		}
	}
	if got := r.read("plain.xml"); !strings.Contains(got, "<<<<<<< ours\n<item><title>First (main)") || !strings.Contains(got, ">>>>>>> theirs") {
		t.Errorf("plain.xml is not git's text merge:\n%s", got)
	}
	if u := r.unmerged(); !slices.Contains(u, "plain.xml") {
		t.Errorf("git holds %q as conflicted, want plain.xml among them", u)
	}
	if got := r.read("todo.xml"); !strings.Contains(got, "</chanel>") || !strings.Contains(got, "main's edit") {
		t.Errorf("todo.xml is not git's text merge of the broken feed and main's edit:\n%s", got)
	}
}

// TestGitPaths merges a feed whose path has a space, in a subdirectory,
// with git run from another subdirectory: the driver finds its files and
// names the path as the repository does.
func TestGitPaths(t *testing.T) {
	t.Parallel()
	f := gitFixtures[0]
	r := newGitRepo(t)
	r.feedsync("git", "setup", "lists/*.xml")
	r.write("lists/my todo.xml", f.base(t))
	r.write("docs/README", "notes\n")
	r.commit("a feed")
	r.git("checkout", "-q", "-b", "topic")
	r.edit("lists/my todo.xml", f.a, f.flag, "topic's edit", "alice", "2026-03-02T08:00:00Z")
	r.git("checkout", "-q", "main")
	r.edit("lists/my todo.xml", f.a, f.flag, "main's edit", "bob", "2026-03-02T09:00:00Z")
	code, out := r.runIn("docs", "git", "merge", "--no-edit", "topic")
	if code == 0 || !strings.Contains(out, "feedsync git-merge: lists/my todo.xml: 1 item in conflict") {
		t.Fatalf("git merge: exit %d, want the driver to name lists/my todo.xml\n%s", code, out)
	}
	if !r.conflicted("lists/my todo.xml", f.a) {
		t.Errorf("%s is not in conflict:\n%s", f.a, r.read("lists/my todo.xml"))
	}
}

// TestGitSetup checks what setup writes, that running it twice changes
// nothing the second time, and --global.
func TestGitSetup(t *testing.T) {
	t.Parallel()
	t.Run("repository", func(t *testing.T) {
		t.Parallel()
		r := newGitRepo(t)
		out := r.feedsync("git", "setup", "todo.xml", "*.opml", "my lists/*.xml")
		config := r.read(".git/config")
		attrs := r.read(".gitattributes")
		if want := "todo.xml merge=feedsync\n*.opml merge=feedsync\n\"my lists/*.xml\" merge=feedsync\n"; attrs != want {
			t.Errorf(".gitattributes:\n%s\nwant:\n%s", attrs, want)
		}
		for key, want := range map[string]string{
			"merge.feedsync.driver":            "feedsync git-merge %O %A %B %P",
			"mergetool.feedsync.cmd":           `feedsync git-mergetool "$MERGED" "$LOCAL" "$REMOTE" "$BASE"`,
			"mergetool.feedsync.trustExitCode": "true",
		} {
			if got := strings.TrimSpace(r.git("config", "--get", key)); got != want {
				t.Errorf("%s = %q, want %q", key, got, want)
			}
		}
		for _, p := range []string{"todo.xml", "sub/feeds.opml", "my lists/a.xml"} {
			if got := r.git("check-attr", "merge", "--", p); !strings.HasSuffix(got, ": merge: feedsync\n") {
				t.Errorf("git check-attr merge %s: %s", p, got)
			}
		}
		exclude := r.read(".git/info/exclude")
		for _, want := range []string{"\ntodo.xml.bak\n", "\ntodo.xml.bak.*\n", "\n.todo.xml.lock\n", "\n.todo.xml.tmp-*\n",
			"\n*.opml.bak\n", "\nmy lists/.*.xml.lock\n"} {
			if !strings.Contains(exclude, want) {
				t.Errorf(".git/info/exclude lacks %q:\n%s", want, exclude)
			}
		}
		if !strings.Contains(out, "set") {
			t.Errorf("the first run says nothing was set:\n%s", out)
		}
		again := r.feedsync("git", "setup", "todo.xml", "*.opml", "my lists/*.xml")
		if r.read(".git/config") != config || r.read(".gitattributes") != attrs || r.read(".git/info/exclude") != exclude {
			t.Error("the second run changed the config, .gitattributes or .git/info/exclude")
		}
		if strings.Contains(again, " set\n") || strings.Contains(again, "added") {
			t.Errorf("the second run says it changed something:\n%s", again)
		}
	})
	t.Run("no pattern", func(t *testing.T) {
		t.Parallel()
		r := newGitRepo(t)
		out := r.feedsync("git", "setup")
		if !strings.Contains(out, "todo.xml merge=feedsync") {
			t.Errorf("no advice on what to add:\n%s", out)
		}
		if _, err := os.Stat(filepath.Join(r.dir, ".gitattributes")); err == nil {
			t.Error("setup without a pattern wrote .gitattributes")
		}
	})
	t.Run("global", func(t *testing.T) {
		t.Parallel()
		r := newGitRepo(t)
		r.feedsync("git", "setup", "--global", "*.opml")
		attrs := filepath.Join(r.home, ".config", "git", "attributes")
		if got, _ := os.ReadFile(attrs); string(got) != "*.opml merge=feedsync\n" {
			t.Errorf("%s: %q", attrs, got)
		}
		if got := strings.TrimSpace(r.git("config", "--global", "--get", "merge.feedsync.driver")); got != "feedsync git-merge %O %A %B %P" {
			t.Errorf("global merge.feedsync.driver = %q", got)
		}
		if got, _ := os.ReadFile(filepath.Join(r.home, ".config", "git", "ignore")); !strings.Contains(string(got), ".*.opml.lock\n") {
			t.Errorf("the user's ignore file: %q", got)
		}
		if got := r.git("check-attr", "merge", "--", "x.opml"); !strings.HasSuffix(got, ": merge: feedsync\n") {
			t.Errorf("git check-attr merge x.opml: %s", got)
		}
		if _, err := os.Stat(filepath.Join(r.dir, ".gitattributes")); err == nil {
			t.Error("--global wrote the repository's .gitattributes")
		}
		before, _ := os.ReadFile(filepath.Join(r.home, ".gitconfig"))
		r.feedsync("git", "setup", "--global", "*.opml")
		after, _ := os.ReadFile(filepath.Join(r.home, ".gitconfig"))
		if got, _ := os.ReadFile(attrs); string(got) != "*.opml merge=feedsync\n" || string(before) != string(after) {
			t.Errorf("the second --global run changed something: %q\n%s", got, after)
		}
	})
	t.Run("outside a repository", func(t *testing.T) {
		t.Parallel()
		r := newGitRepo(t)
		os.RemoveAll(filepath.Join(r.dir, ".git"))
		code, out := r.run("feedsync", "git", "setup", "todo.xml")
		if code != ExitError || !strings.HasPrefix(out, "feedsync git setup: not in a git work tree") {
			t.Errorf("exit %d:\n%s", code, out)
		}
	})
}

// TestGitMergesAFileThatIsNoFeedAsGitWould checks that a file the
// pattern sends to the driver but that is no feed on either side (a text
// file, an XML file of another kind, matched by '*.xml') merges as git
// merges it without the driver: changes to different lines merge cleanly,
// exit 0, rather than leaving the path conflicted because the merge does
// not load as a feed, which neither side did.
func TestGitMergesAFileThatIsNoFeedAsGitWould(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"notes.xml":  "line 1\nline 2\nline 3\nline 4\nline 5\n",
		"config.xml": "<config>\n <a>1</a>\n <b>2</b>\n <c>3</c>\n <d>4</d>\n</config>\n",
	}
	r := newGitRepo(t)
	r.feedsync("git", "setup", "*.xml")
	for name, body := range files {
		r.write(name, body)
	}
	r.commit("files")
	r.git("checkout", "-q", "-b", "topic")
	r.write("notes.xml", strings.Replace(files["notes.xml"], "line 1", "line one", 1))
	r.write("config.xml", strings.Replace(files["config.xml"], "<a>1</a>", "<a>one</a>", 1))
	r.commit("topic")
	r.git("checkout", "-q", "main")
	r.write("notes.xml", strings.Replace(files["notes.xml"], "line 5", "line five", 1))
	r.write("config.xml", strings.Replace(files["config.xml"], "<d>4</d>", "<d>four</d>", 1))
	r.commit("main")
	code, out := r.run("git", "merge", "--no-edit", "topic")
	if code != 0 {
		t.Fatalf("git merge: exit %d, want the clean merge git makes of these files\n%s", code, out)
	}
	for name, want := range map[string]string{
		"notes.xml":  "line one\nline 2\nline 3\nline 4\nline five\n",
		"config.xml": "<config>\n <a>one</a>\n <b>2</b>\n <c>3</c>\n <d>four</d>\n</config>\n",
	} {
		if got := r.read(name); got != want {
			t.Errorf("%s:\n%s\nwant:\n%s", name, got, want)
		}
		if !strings.Contains(out, "feedsync git-merge: "+name+": merging as text") {
			t.Errorf("the driver did not say it merged %s as text:\n%s", name, out)
		}
	}
}

// TestGitOctopusMergeSaysToMergeOneAtATime: git's octopus strategy ('git
// merge A B C') merges files with git merge-file and runs no merge
// driver, so a feed two of the branches changed apart stops it with text
// conflict markers and no word from feedsync. help git says so, and to
// undo it and merge one branch at a time, which the driver then combines.
func TestGitOctopusMergeSaysToMergeOneAtATime(t *testing.T) {
	t.Parallel()
	f := combineFixtures[0]
	r := setUp(t, f.gitFixture)
	r.git("branch", "b1")
	r.git("branch", "b2")
	r.git("checkout", "-q", "b1")
	r.edit("todo.xml", f.a, f.flag, f.apart[0], "alice", "2026-03-02T08:00:00Z")
	r.git("checkout", "-q", "b2")
	r.edit("todo.xml", f.a, f.flag, f.apart[1], "bob", "2026-03-02T09:00:00Z")
	r.git("checkout", "-q", "main")
	r.edit("todo.xml", f.b, f.flag, "main's edit", "carol", "2026-03-02T10:00:00Z")
	code, out := r.run("git", "merge", "--no-edit", "b1", "b2")
	if code == 0 || strings.Contains(out, "feedsync git-merge") {
		t.Fatalf("git merge b1 b2: exit %d; this test expects git's octopus to merge as text without the driver and stop\n%s", code, out)
	}
	if help := r.feedsync("help", "git"); !strings.Contains(help, "octopus") || !strings.Contains(help, "one at a time") {
		t.Errorf("help git does not say that an octopus merge runs no driver:\n%s", help)
	}
	r.git("merge", "--abort")
	r.git("merge", "--no-edit", "b1")
	if code, out := r.run("git", "merge", "--no-edit", "b2"); code != 0 || !strings.Contains(r.read("todo.xml"), f.combined) {
		t.Errorf("git merge b2 after b1: exit %d, want %q combined\n%s", code, f.combined, out)
	}
}
