package share

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// Implementation note 1, 0.91 §4.2 (issue 20 item 4, issue 29 item 8): a
// peer changes an item's data without a new version (as mesh4x does).
// Hub and subscribers compared only the sync data, so each kept its own
// copy while both said "up to date". The item is sent like any other
// change; the two copies are two changes under one version, and every
// endpoint ends with both, the same winner (the greater data digest,
// engine.Compare) and the same conflict, in SSE 0.91 alike (§4.4 step 2
// as read, sse.TwoChanges); the hub, and the subscriber that learns of
// the other copy, each warn once, naming the item.
func TestSyncConvergesOnEqualSyncDataWithDifferentData(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			th := startHub(t, kind, Options{})
			a, b := th.endpoint("A"), th.endpoint("B")
			a.sync()
			a.edit(create("x", "X"))
			a.sync()
			b.sync()
			want := peerEdit(t, b.local, th.path)
			for _, e := range []*endpoint{b, a, b, a} {
				e.sync()
			}
			for name, path := range map[string]string{"hub": th.path, "A": a.local, "B": b.local} {
				if got := versionTitles(t, path, "x"); !slices.Equal(got, []string{want, "X"}) {
					t.Errorf("%s holds %q, want the winner %q and the conflict %q", name, got, want, "X")
				}
			}
			const msg = `"x" has the same sync data`
			if n := countWarnings(strings.Split(th.log.String(), "\n"), msg); n != 1 {
				t.Errorf("the hub warned %d times, want once:\n%s", n, th.log.String())
			}
			if n := countWarnings(a.warns, msg); n != 1 {
				t.Errorf("A, which learns of the other copy, warned %d times, want once:\n%s", n, strings.Join(a.warns, "\n"))
			}
		})
	}
}

// peerEdit changes item x's title in local without a new version, to a
// title whose copy the merge keeps over hub's, and returns that title.
func peerEdit(t *testing.T, local, hub string) string {
	t.Helper()
	orig := string(readFile(t, local))
	for n := range 20 {
		title := fmt.Sprintf("X by a peer %d", n)
		edited := strings.Replace(strings.Replace(orig, ">X<", ">"+title+"<", 1), `text="X"`, `text="`+title+`"`, 1)
		if edited == orig {
			t.Fatalf("no title X in %s", orig)
		}
		m, err := dialect.Merge(mustParse(t, hub, readFile(t, hub)), mustParse(t, local, []byte(edited)))
		if err != nil {
			t.Fatal(err)
		}
		if e, err := m.Entry("x"); err == nil && e.Title() == title {
			if err := os.WriteFile(local, []byte(edited), 0o644); err != nil {
				t.Fatal(err)
			}
			return title
		}
	}
	t.Fatal("no peer title wins the merge")
	return ""
}

// versionTitles returns the titles of item id's versions in the feed at
// path: the winner's, then its conflict versions'.
func versionTitles(t *testing.T, path, id string) []string {
	t.Helper()
	e, err := mustParse(t, path, readFile(t, path)).Entry(id)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []string
	for _, v := range append([]dialect.Version{e.Winner()}, e.Versions()...) {
		for _, f := range v.Fields() {
			if f.Key == "title" {
				out = append(out, f.Value)
			}
		}
	}
	return out
}

func countWarnings(warns []string, s string) int {
	n := 0
	for _, w := range warns {
		if strings.Contains(w, s) {
			n++
		}
	}
	return n
}
