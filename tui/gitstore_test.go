package tui

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/store"
)

// With the base only in git (the work tree's store removed before the
// merge, as in a second clone), a real git merge of an item both branches
// edited leaves its base in the store beside the file: the driver recorded
// the ancestor's version, in every dialect.
func TestGitMergeLeavesTheBaseInTheStore(t *testing.T) {
	t.Parallel()
	for _, f := range gitFixtures {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			r := setUp(t, f)
			r.git("checkout", "-q", "-b", "topic")
			r.edit("todo.xml", f.a, f.flag, "topic's edit", "alice", "2026-03-02T08:00:00Z")
			r.git("checkout", "-q", "main")
			r.edit("todo.xml", f.a, f.flag, "main's edit", "bob", "2026-03-02T09:00:00Z")
			if err := os.RemoveAll(filepath.Join(r.dir, ".feedsync")); err != nil {
				t.Fatal(err)
			}
			if code, out := r.run("git", "merge", "--no-edit", "topic"); code == 0 {
				t.Fatalf("git merge: exit 0, want todo.xml in conflict\n%s", out)
			}
			doc, err := dialect.Parse("todo.xml", []byte(r.read("todo.xml")))
			if err != nil {
				t.Fatal(err)
			}
			e, err := doc.Entry(f.a)
			if err != nil || len(e.Versions()) == 0 {
				t.Fatalf("%s is not in conflict (%v)", f.a, err)
			}
			d := e.Divergence(0)
			common := d.Common
			if common == nil { // SSE 0.91: the version before the one both made
				common = d.Before
			}
			if common == nil {
				t.Fatalf("%s: no common history entry: %+v", f.a, d)
			}
			st, warn := store.Open(filepath.Join(r.dir, "todo.xml"))
			if warn != nil {
				t.Fatal(warn)
			}
			defer st.Close()
			if _, ok := st.Base(f.a, *common); !ok {
				t.Errorf("no base for %s at #%d by %s after git merge", f.a, common.Number, common.By)
			}
		})
	}
}
