package feeds

import (
	"strings"
	"testing"

	"github.com/feedsync/feedsync/engine"
)

const subsetFeed = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>t</title>
  <item><title>a</title><sx:sync id="a" updates="1"><sx:history sequence="1" by="A"/></sx:sync></item>
  <item><title>plain</title></item>
  <item><title>b</title><sx:sync id="b" updates="1"><sx:history sequence="1" by="A"/></sx:sync></item>
  <item><title>c</title><sx:sync id="c" updates="1"><sx:history sequence="1" by="A"/></sx:sync></item>
  <item><title>b2</title><sx:sync id="b" updates="2"><sx:history sequence="2" by="B"/><sx:history sequence="1" by="A"/></sx:sync></item>
 </channel>
</rss>
`

func keepIDs(ids ...string) func(*engine.Item) bool {
	return func(it *engine.Item) bool {
		for _, id := range ids {
			if it.Sync.ID == id {
				return true
			}
		}
		return false
	}
}

// A partial feed (1.0.2 §4) leaves items out, with the white space before
// them, and writes everything else as it was.
func TestSubsetWritesOnlyTheItemsKept(t *testing.T) {
	d := mustParse(t, "s.xml", subsetFeed)
	for _, tc := range []struct {
		name string
		keep []string
		want string
	}{
		{"none", nil, `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>t</title>
  <item><title>plain</title></item>
 </channel>
</rss>
`},
		{"c", []string{"c"}, `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>t</title>
  <item><title>plain</title></item>
  <item><title>c</title><sx:sync id="c" updates="1"><sx:history sequence="1" by="A"/></sx:sync></item>
 </channel>
</rss>
`},
		{"b_both_elements_of_note_2", []string{"b"}, `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>t</title>
  <item><title>plain</title></item>
  <item><title>b</title><sx:sync id="b" updates="1"><sx:history sequence="1" by="A"/></sx:sync></item>
  <item><title>b2</title><sx:sync id="b" updates="2"><sx:history sequence="2" by="B"/><sx:history sequence="1" by="A"/></sx:sync></item>
 </channel>
</rss>
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := d.Subset(keepIDs(tc.keep...))
			if got := string(s.Bytes()); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			if got := len(s.Items()); got != len(tc.keep) {
				t.Errorf("Items: %d, want %d", got, len(tc.keep))
			}
			for _, id := range []string{"a", "b", "c"} {
				kept := strings.Contains(strings.Join(tc.keep, ","), id)
				if (s.Item(id) != nil) != kept {
					t.Errorf("Item(%q) = %v, kept %v", id, s.Item(id), kept)
				}
			}
			if len(d.Items()) != 3 || string(d.Bytes()) != subsetFeed {
				t.Error("Subset changed its input")
			}
		})
	}
}

// Items set or merged into a subset are written; those left out stay out,
// and merging a subset brings in only what it holds.
func TestSubsetThenSetAndMerge(t *testing.T) {
	d := mustParse(t, "s.xml", subsetFeed)
	s := d.Subset(keepIDs("a"))
	n := d.Item("c").Clone()
	s.Set(n)
	out := mustParse(t, "out.xml", string(s.Bytes()))
	if ids := idsOf(out.Items()); ids != "a,c" {
		t.Errorf("after Set: items %s", ids)
	}
	empty := mustParse(t, "e.xml", `<rss version="2.0"><channel><title>e</title></channel></rss>`)
	m, err := Merge(empty, d.Subset(keepIDs("b")))
	if err != nil {
		t.Fatal(err)
	}
	if ids := idsOf(mustParse(t, "m.xml", string(m.Bytes())).Items()); ids != "b" {
		t.Errorf("merged subset: items %s", ids)
	}
	m, err = Merge(d.Subset(keepIDs("a")), d)
	if err != nil {
		t.Fatal(err)
	}
	if ids := idsOf(m.Items()); ids != "a,b,c" {
		t.Errorf("merged into subset: items %s", ids)
	}
	if ps := Validate("m.xml", m.Bytes()); ps != nil {
		t.Error(ps)
	}
}

func idsOf(items []*engine.Item) string {
	var ids []string
	for _, it := range items {
		ids = append(ids, it.Sync.ID)
	}
	return strings.Join(ids, ",")
}
