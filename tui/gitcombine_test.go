package tui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// A combineFixture is a gitFixture's item a and, for the field its flag
// edits, two edits of different words (apart, and what combines) and two
// of the same word (clash).
type combineFixture struct {
	gitFixture
	apart    [2]string // ours', theirs'
	combined string
	clash    [2]string
}

var combineFixtures = []combineFixture{
	{gitFixtures[0], [2]string{"Buy fresh groceries", "Buy groceries today"}, "Buy fresh groceries today", [2]string{"Buy bread", "Buy cake"}},
	{gitFixtures[1], [2]string{"Get oat milk and eggs", "Get milk and brown eggs"}, "Get oat milk and brown eggs", [2]string{"Get milk and ham", "Get milk and jam"}},
	{gitFixtures[2], [2]string{"Deep Blue in Green", "Blue in Dark Green"}, "Deep Blue in Dark Green", [2]string{"Blue in Red", "Blue in Grey"}},
	{gitFixtures[3], [2]string{"The BBC News", "BBC News Online"}, "The BBC News Online", [2]string{"BBC Sport", "BBC Weather"}},
}

// branches edits item a of todo.xml on branch topic (theirs) and on main
// (ours), each with one of edits, or deletes it on main when edits[0] is
// "", and commits each.
func (r *gitRepo) branches(f combineFixture, edits [2]string) {
	r.t.Helper()
	r.git("checkout", "-q", "-b", "topic")
	r.edit("todo.xml", f.a, f.flag, edits[1], "bob", "2026-03-02T09:00:00Z")
	r.git("checkout", "-q", "main")
	if edits[0] == "" {
		r.feedsync("update", "todo.xml", "--id", f.a, "--delete", "--by", "alice", "--when", "2026-03-02T08:00:00Z", "-o", "todo.xml")
		r.commit("delete " + f.a)
		return
	}
	r.edit("todo.xml", f.a, f.flag, edits[0], "alice", "2026-03-02T08:00:00Z")
}

// TestGitCombinesInRepo is issue 30 item 1 with real git: different words
// of one item changed on two branches merge with 'git merge' exit 0, the
// driver saying it combined the item, the feed valid, both edits in it
// and no item in conflict, as one new version by the clone's endpoint
// id; merging either branch's feed into the result again changes nothing
// in FeedSync 1.0.2 (§3.4, §4: the new version folds in both). The same
// word changed two ways, and a deletion against an edit, stop the merge
// with a valid feed holding the item in conflict and no markers. Atom,
// RSS, and SSE 0.91 RSS and OPML alike.
func TestGitCombinesInRepo(t *testing.T) {
	t.Parallel()
	for _, f := range combineFixtures {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			t.Run("apart", func(t *testing.T) {
				t.Parallel()
				r := setUp(t, f.gitFixture)
				r.withoutBy()
				r.git("config", "feedsync.by", "merger")
				r.branches(f, f.apart)
				code, out := r.run("git", "merge", "--no-edit", "topic")
				if code != 0 || !strings.Contains(out, "todo.xml: combined "+f.a) {
					t.Fatalf("git merge: exit %d, want 0 with the item combined\n%s", code, out)
				}
				merged := r.read("todo.xml")
				if !strings.Contains(merged, f.combined) || r.conflicted("todo.xml", f.a) {
					t.Fatalf("want %q and no conflict:\n%s", f.combined, merged)
				}
				if !strings.Contains(merged, `by="merger"`) {
					t.Errorf("the combined version is not by the clone's endpoint id:\n%s", merged)
				}
				r.feedsync("validate", "todo.xml")
				if f.name[:3] == "SSE" {
					return // 0.91 keeps one line of versions: see remergedInRepo
				}
				remergedInRepo(t, r)
			})
			for _, c := range []struct {
				name  string
				edits [2]string
			}{{"same word", f.clash}, {"deletion against edit", [2]string{"", f.apart[1]}}} {
				t.Run(c.name, func(t *testing.T) {
					t.Parallel()
					r := setUp(t, f.gitFixture)
					r.branches(f, c.edits)
					code, out := r.run("git", "merge", "--no-edit", "topic")
					if code == 0 || !strings.Contains(out, "CONFLICT (content): Merge conflict in todo.xml") {
						t.Fatalf("git merge: exit %d, want todo.xml in conflict\n%s", code, out)
					}
					if strings.Contains(r.read("todo.xml"), "<<<<<<<") || !r.conflicted("todo.xml", f.a) {
						t.Fatalf("want %s in conflict and no markers:\n%s", f.a, r.read("todo.xml"))
					}
					r.feedsync("validate", "todo.xml")
					if u := r.unmerged(); !slices.Equal(u, []string{"todo.xml"}) {
						t.Errorf("git holds %q as conflicted, want todo.xml", u)
					}
				})
			}
		})
	}
}

// remergedInRepo commits the merge and merges each branch's feed into the
// result with 'feedsync merge': nothing changes (1.0.2 §3.3: the new
// version subsumes both).
func remergedInRepo(t *testing.T, r *gitRepo) {
	t.Helper()
	result := r.read("todo.xml")
	for _, branch := range []string{"main~1", "topic"} {
		other := filepath.Join(r.home, "other.xml")
		if err := os.WriteFile(other, []byte(r.git("show", branch+":todo.xml")), 0o644); err != nil {
			t.Fatal(err)
		}
		out := r.feedsync("merge", "todo.xml", other)
		if canonicalXML(t, out) != canonicalXML(t, result) {
			t.Errorf("merging %s's feed into the result changed it:\n%s\nwas:\n%s", branch, out, result)
		}
	}
}

// TestGitCombinesFromBaseAlone checks a fresh clone, which has no version
// store: the base of the item both branches changed comes from git's
// BASE file alone, and the merge combines it.
func TestGitCombinesFromBaseAlone(t *testing.T) {
	t.Parallel()
	f := combineFixtures[0]
	r := setUp(t, f.gitFixture)
	r.branches(f, f.apart)
	clone := filepath.Join(filepath.Dir(r.dir), "clone")
	r.git("clone", "-q", r.dir, clone)
	c := &gitRepo{t: t, dir: clone, home: r.home, bin: r.bin, env: r.env}
	c.git("config", "user.name", "Feedsync Test")
	c.git("config", "user.email", "test@example.com")
	c.feedsync("git", "setup", "todo.xml")
	if _, err := os.Stat(filepath.Join(clone, ".feedsync")); err == nil {
		t.Fatal("the fresh clone has a version store")
	}
	code, out := c.run("git", "merge", "--no-edit", "origin/topic")
	if code != 0 || !strings.Contains(c.read("todo.xml"), f.combined) {
		t.Fatalf("git merge: exit %d, want 0 and %q\n%s\n%s", code, f.combined, out, c.read("todo.xml"))
	}
}

// TestGitCombineTurnedOff checks the two ways to review every item both
// branches changed: git config feedsync.combine false, and the driver's
// --no-combine; either way the merge stops with the item in conflict.
func TestGitCombineTurnedOff(t *testing.T) {
	t.Parallel()
	f := combineFixtures[0]
	for _, off := range []func(*gitRepo){
		func(r *gitRepo) { r.git("config", "feedsync.combine", "false") },
		func(r *gitRepo) {
			r.git("config", "merge.feedsync.driver", "feedsync git-merge --no-combine %O %A %B %P")
		},
	} {
		r := setUp(t, f.gitFixture)
		off(r)
		r.branches(f, f.apart)
		code, out := r.run("git", "merge", "--no-edit", "topic")
		if code == 0 || strings.Contains(out, "combined") || !r.conflicted("todo.xml", f.a) {
			t.Errorf("git merge: exit %d, want the item in conflict and nothing combined\n%s", code, out)
		}
	}
}

// TestGitCombineKeyThatIsNoBooleanCombinesNothing: a feedsync.combine
// that git does not read as a boolean ("flase", a typo of false) was taken
// as unset, and the driver combined without a word. Whoever set the key
// meant something: the driver says the value is not one and combines
// nothing, which leaves the items to a person and loses nothing.
func TestGitCombineKeyThatIsNoBooleanCombinesNothing(t *testing.T) {
	t.Parallel()
	f := combineFixtures[0]
	r := setUp(t, f.gitFixture)
	r.git("config", "feedsync.combine", "flase")
	r.branches(f, f.apart)
	code, out := r.run("git", "merge", "--no-edit", "topic")
	if code == 0 || strings.Contains(out, ": combined ") || !r.conflicted("todo.xml", f.a) {
		t.Errorf("git merge: exit %d, want the item in conflict and nothing combined\n%s", code, out)
	}
	if !strings.Contains(out, `feedsync.combine is "flase", not true or false`) {
		t.Errorf("the driver did not name the value it could not read:\n%s", out)
	}
}

// TestGitSameStampOnTwoBranches is issue 29 item 8 with real git:
// 'update --by me --when T' on two branches with different titles gave
// two versions with one by, sequence and when, and the driver exited 0
// keeping one. They are two changes: the merge stops (exit 1), both
// titles kept in the valid feed as a conflict, in each dialect.
func TestGitSameStampOnTwoBranches(t *testing.T) {
	t.Parallel()
	for _, f := range combineFixtures {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			r := setUp(t, f.gitFixture)
			r.git("checkout", "-q", "-b", "topic")
			r.edit("todo.xml", f.a, f.flag, f.clash[1], "me", "2026-03-02T09:00:00Z")
			r.git("checkout", "-q", "main")
			r.edit("todo.xml", f.a, f.flag, f.clash[0], "me", "2026-03-02T09:00:00Z")
			code, out := r.run("git", "merge", "--no-edit", "topic")
			merged := r.read("todo.xml")
			if code == 0 || !strings.Contains(merged, f.clash[0]) || !strings.Contains(merged, f.clash[1]) || !r.conflicted("todo.xml", f.a) {
				t.Fatalf("git merge: exit %d, want 1 with both edits kept as a conflict\n%s\n%s", code, out, merged)
			}
			r.feedsync("validate", "todo.xml")
		})
	}
}

// TestGitMergeCombinesNothingWithoutAnEndpointID: a FEEDSYNC_BY that is
// no endpoint id leaves nothing to stamp the combined versions with; the
// driver says so and merges as without combining (exit 1, the item in
// conflict), rather than fail the merge.
func TestGitMergeCombinesNothingWithoutAnEndpointID(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "gitmerge", "combine-words.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	a := feedtest.ParseArchive(string(raw))
	h := newHarness(t)
	h.env["FEEDSYNC_BY"] = "not an id"
	base, ours, theirs := h.write("base.xml", a.Files["base.xml"]), h.write("ours.xml", a.Files["ours.xml"]), h.write("theirs.xml", a.Files["theirs.xml"])
	code, _, stderr := h.run("", "git-merge", base, ours, theirs, "todo.xml")
	if code != ExitAttention || !strings.Contains(stderr, "nothing combined, for want of an endpoint id") || !strings.Contains(h.read("ours.xml"), "<sx:conflicts>") {
		t.Errorf("exit %d, want 1, the item in conflict and the reason said:\n%s", code, stderr)
	}
}

// TestGitMergesADeletionBothBranchesMade: an item both branches deleted
// merges with 'git merge' exit 0, the item a tombstone and in conflict
// nowhere, the driver saying it was deleted on both sides; as git's text
// merge takes a removal both sides made. Before, the two tombstones were
// a clash ("a version is deleted") and the merge stopped. Atom, RSS, and
// SSE 0.91 RSS and OPML alike.
func TestGitMergesADeletionBothBranchesMade(t *testing.T) {
	t.Parallel()
	for _, f := range combineFixtures {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			r := setUp(t, f.gitFixture)
			r.withoutBy()
			r.git("config", "feedsync.by", "merger")
			r.git("checkout", "-q", "-b", "topic")
			r.feedsync("update", "todo.xml", "--id", f.a, "--delete", "--by", "bob", "--when", "2026-03-02T09:00:00Z", "-o", "todo.xml")
			r.commit("delete " + f.a + " on topic")
			r.git("checkout", "-q", "main")
			r.feedsync("update", "todo.xml", "--id", f.a, "--delete", "--by", "alice", "--when", "2026-03-02T08:00:00Z", "-o", "todo.xml")
			r.commit("delete " + f.a + " on main")
			code, out := r.run("git", "merge", "--no-edit", "topic")
			if code != 0 || !strings.Contains(out, "todo.xml: combined "+f.a) || !strings.Contains(out, "deleted on both sides") {
				t.Fatalf("git merge: exit %d, want 0 with the deletion taken\n%s", code, out)
			}
			if r.conflicted("todo.xml", f.a) {
				t.Fatalf("%s is in conflict:\n%s", f.a, r.read("todo.xml"))
			}
			r.feedsync("validate", "todo.xml")
			if !deletedIn(t, r.read("todo.xml"), f.a) {
				t.Errorf("%s is not deleted in the merge:\n%s", f.a, r.read("todo.xml"))
			}
		})
	}
}

// deletedIn reports whether item id of the feed is a tombstone.
func deletedIn(t *testing.T, feed, id string) bool {
	t.Helper()
	d, err := dialect.Parse("todo.xml", []byte(feed))
	if err != nil {
		t.Fatal(err)
	}
	e, err := d.Entry(id)
	if err != nil {
		t.Fatal(err)
	}
	return e.Winner().Deleted()
}

// TestGitMergeFlagsTheCycleOfOutlinesMovedUnderEachOther: one branch
// moves an outline under a second, the other the second under the first.
// Each branch changed one of them, so the driver took each whole from its
// side, undoing the conflict flag that cycle detection (0.91 §4.4.2) had
// set on the one it cut: 'git merge' exited 0 with a feed whose outlines
// are their own ancestors unflagged (validate warned), where 'feedsync
// merge' of the same sides flags it. The driver keeps the flag and stops.
func TestGitMergeFlagsTheCycleOfOutlinesMovedUnderEachOther(t *testing.T) {
	t.Parallel()
	r := setUp(t, gitFixtures[3])
	r.git("checkout", "-q", "-b", "topic")
	r.feedsync("update", "todo.xml", "--id", "news", "--parent", "tech", "--by", "bob", "--when", "2026-03-02T09:00:00Z", "-o", "todo.xml")
	r.commit("news under tech")
	r.git("checkout", "-q", "main")
	r.feedsync("update", "todo.xml", "--id", "tech", "--parent", "news", "--by", "alice", "--when", "2026-03-02T08:00:00Z", "-o", "todo.xml")
	r.commit("tech under news")
	code, out := r.run("git", "merge", "--no-edit", "topic")
	if code == 0 {
		t.Fatalf("git merge: exit 0, want the outline cut from the cycle in conflict\n%s", out)
	}
	if v := r.feedsync("validate", "todo.xml"); strings.Contains(v, "own ancestor") {
		t.Errorf("the merged feed holds a cycle no merge flagged:\n%s", v)
	}
	if !strings.Contains(out, "became its own ancestor") {
		t.Errorf("the driver did not say why the outline is in conflict:\n%s", out)
	}
	if !r.conflicted("todo.xml", "news") && !r.conflicted("todo.xml", "tech") {
		t.Errorf("neither outline of the cycle is in conflict:\n%s", r.read("todo.xml"))
	}
}
