package ssefeed

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/feedsync/feedsync/feeds/feedtest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The merge scenarios in testdata/merge: each archive holds local.xml,
// remote.xml and the expected result want.xml (rewritten with -update).
// Beyond the golden result, every scenario checks that the result reads
// back to the same items, that merging with sides swapped gives the same
// items, and that merging remote in again changes nothing.
func TestMergeScenarios(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "merge", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			a := feedtest.ReadArchive(t, filepath.Join("merge", name+".txtar"))
			local := mustParse(t, "local.xml", a.Files["local.xml"])
			remote := mustParse(t, "remote.xml", a.Files["remote.xml"])
			m, err := Merge(local, remote)
			if err != nil {
				t.Fatal(err)
			}
			got := m.Bytes()
			if feedtest.Updating() {
				a.Files["want.xml"] = string(got)
				if err := os.WriteFile(path, []byte(a.Format()), 0o644); err != nil {
					t.Fatal(err)
				}
			} else {
				assertBytes(t, []byte(a.Files["want.xml"]), got)
			}
			back := reparse(t, m)
			if g, w := showItems(back), showItems(m); g != w {
				t.Errorf("read back:\n%s\nwant:\n%s", g, w)
			}
			if g, w := showData(back), showData(m); g != w {
				t.Errorf("read back, the data changed:\n%s", feedtest.LineDiff(w, g))
			}
			swapped, err := Merge(remote, local)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := sortedItems(swapped), sortedItems(m); g != w {
				t.Errorf("sides swapped:\n%s\nwant:\n%s", g, w)
			}
			if g, w := showData(swapped), showData(m); g != w {
				t.Errorf("sides swapped, the data differs:\n%s", feedtest.LineDiff(w, g))
			}
			again, err := Merge(back, remote)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again.Bytes(), got) {
				t.Errorf("merging again changed the feed:\n%s", feedtest.LineDiff(string(got), string(again.Bytes())))
			}
		})
	}
}

// showData renders the digests of the data of a Doc's items and their
// conflicts, in id and version order: the layout a write gives the data
// must not change them.
func showData(d *Doc) string {
	var lines []string
	for _, it := range d.Items() {
		var cs []string
		for _, c := range it.Conflicts {
			cs = append(cs, fmt.Sprintf(" v%d:%s", c.Version, c.Data.Digest()))
		}
		slices.Sort(cs)
		lines = append(lines, it.ID+" "+it.Data.Digest()+strings.Join(cs, ""))
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

// sortedItems renders a Doc's items in id order.
func sortedItems(d *Doc) string {
	var lines []string
	for _, it := range d.Items() {
		lines = append(lines, show(it))
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

func TestMergeKinds(t *testing.T) {
	rss := mustParse(t, "a.xml", `<rss version="2.0"><channel/></rss>`)
	opml := mustParse(t, "b.opml", `<opml><body/></opml>`)
	if _, err := Merge(rss, opml); !errors.Is(err, ErrKind) {
		t.Errorf("Merge(rss, opml) = %v, want ErrKind", err)
	}
}
