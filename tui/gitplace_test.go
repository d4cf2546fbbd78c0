package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// placed returns where the feed file nests outline id as a reader sees
// it: its parent's id and the ids of its live siblings in order.
func (r *gitRepo) placed(file, id string) (string, []string) {
	r.t.Helper()
	d, err := dialect.Parse(file, []byte(r.read(file)))
	if err != nil {
		r.t.Fatal(err)
	}
	e, err := d.Entry(id)
	if err != nil {
		r.t.Fatal(err)
	}
	parent := e.Winner().Position().Parent
	var sibs []string
	es := d.Entries()
	for _, row := range d.Outline(es).Rows() {
		if o := es[row.Pos]; o.Winner().Position().Parent == parent && !o.Winner().Deleted() {
			sibs = append(sibs, o.ID())
		}
	}
	return parent, sibs
}

// TestGitCombinesAMoveWithAnEditInRepo is issue 30 item 1 for SSE 0.91
// OPML with real git: one branch moves an outline (under another parent,
// or to another place among its siblings), the other renames it. git's
// BASE holds where the outline sat, so 'git merge' exits 0, the driver
// saying it combined the place and the title, the feed valid with no
// markers, the outline where the one branch put it with the name the
// other gave it, in no conflict. It was a conflict, the outlines placed
// apart. Moves to different places stop the merge with a valid feed, the
// outline in conflict.
func TestGitCombinesAMoveWithAnEditInRepo(t *testing.T) {
	t.Parallel()
	f := gitFixtures[3]
	for _, c := range []struct {
		name     string
		move     []string
		parent   string
		siblings []string
	}{
		{"new parent", []string{"--parent", "tech"}, "tech", []string{"bbc"}},
		{"new place among siblings", []string{"--place", "2"}, "news", []string{"lemonde", "bbc"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := setUp(t, f)
			r.git("checkout", "-q", "-b", "topic")
			r.feedsync(append([]string{"update", "todo.xml", "--id", "bbc", "--by", "bob", "--when", "2026-03-02T09:00:00Z", "-o", "todo.xml"}, c.move...)...)
			r.commit("move bbc")
			r.git("checkout", "-q", "main")
			r.edit("todo.xml", "bbc", "--title", "BBC World News", "alice", "2026-03-02T08:00:00Z")
			code, out := r.run("git", "merge", "--no-edit", "topic")
			if code != 0 || !strings.Contains(out, "todo.xml: combined bbc “BBC World News”: position, title changed apart") {
				t.Fatalf("git merge: exit %d, want 0 with the move and the edit combined\n%s\n%s", code, out, r.read("todo.xml"))
			}
			merged := r.read("todo.xml")
			if strings.Contains(merged, "<<<<<<<") || r.conflicted("todo.xml", "bbc") || !strings.Contains(merged, `text="BBC World News"`) {
				t.Fatalf("want the new title and no conflict:\n%s", merged)
			}
			if parent, sibs := r.placed("todo.xml", "bbc"); parent != c.parent || !slices.Equal(sibs, c.siblings) {
				t.Errorf("bbc under %q among %q, want under %q among %q:\n%s", parent, sibs, c.parent, c.siblings, merged)
			}
			if v := r.feedsync("validate", "todo.xml"); strings.Contains(v, "warning") {
				t.Errorf("validate: %s", v)
			}
		})
	}
	t.Run("moves to different places", func(t *testing.T) {
		t.Parallel()
		r := setUp(t, f)
		r.git("checkout", "-q", "-b", "topic")
		r.feedsync("update", "todo.xml", "--id", "bbc", "--parent", "tech", "--by", "bob", "--when", "2026-03-02T09:00:00Z", "-o", "todo.xml")
		r.commit("bbc under tech")
		r.git("checkout", "-q", "main")
		r.feedsync("update", "todo.xml", "--id", "bbc", "--parent", "", "--title", "BBC World News", "--by", "alice", "--when", "2026-03-02T08:00:00Z", "-o", "todo.xml")
		r.commit("bbc at the top, renamed")
		code, out := r.run("git", "merge", "--no-edit", "topic")
		if code == 0 || !strings.Contains(out, "CONFLICT (content): Merge conflict in todo.xml") || !strings.Contains(out, "the versions place it apart") {
			t.Fatalf("git merge: exit %d, want todo.xml in conflict, the outline placed apart\n%s", code, out)
		}
		if strings.Contains(r.read("todo.xml"), "<<<<<<<") || !r.conflicted("todo.xml", "bbc") {
			t.Fatalf("want bbc in conflict and no markers:\n%s", r.read("todo.xml"))
		}
		r.feedsync("validate", "todo.xml")
	})
}
