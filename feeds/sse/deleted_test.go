package ssefeed

import (
	"strings"
	"testing"

	sse "github.com/feedsync/feedsync/engine/sse"
)

// deletedFeeds are an item as two endpoints changed it from version 1: a
// deletion by alice and an edit by bob, later, which wins (0.91 §4.4).
var deletedFeeds = map[string][2]string{
	KindRSS: {`<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>To do</title>
  <item>
   <title>Buy milk</title>
   <sx:sync id="x1" version="2" deleted="true">
    <sx:history when="Mon, 02 Mar 2026 09:00:00 GMT" by="alice"><sx:update when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/></sx:history>
   </sx:sync>
  </item>
 </channel>
</rss>
`, `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>To do</title>
  <item>
   <title>Buy oat milk</title>
   <sx:sync id="x1" version="2">
    <sx:history when="Mon, 02 Mar 2026 10:00:00 GMT" by="bob"><sx:update when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/></sx:history>
   </sx:sync>
  </item>
 </channel>
</rss>
`},
	KindOPML: {`<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:pos="https://github.com/feedsync/feedsync/ns/outline">
 <head><title>Outline</title></head>
 <body>
  <outline text="Buy milk">
   <sx:sync id="x1" version="2" deleted="true">
    <sx:history when="Mon, 02 Mar 2026 09:00:00 GMT" by="alice"><sx:update when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/></sx:history>
   </sx:sync>
  </outline>
 </body>
</opml>
`, `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <head><title>Outline</title></head>
 <body>
  <outline text="Buy oat milk">
   <sx:sync id="x1" version="2">
    <sx:history when="Mon, 02 Mar 2026 10:00:00 GMT" by="bob"><sx:update when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/></sx:history>
   </sx:sync>
  </outline>
 </body>
</opml>
`},
}

// Issue 29 item 1, 0.91 §5.2 as read: the sx:conflict that records a
// losing deletion carries fso:deleted="true" (feedsync's namespace, under
// the prefix the local feed binds it to, if any), and reads back as a deletion, in RSS
// (read by the token scan) and OPML (read as a tree), with the deletion
// local or remote; written again it keeps the mark, and merging either
// side in again changes nothing.
func TestConflictKeepsALosingDeletion(t *testing.T) {
	for kind, feeds := range deletedFeeds {
		for _, swap := range []bool{false, true} {
			a, b := mustParse(t, "deleted.xml", feeds[0]), mustParse(t, "edited.xml", feeds[1])
			if swap {
				a, b = b, a
			}
			t.Run(kind+" "+a.Name(), func(t *testing.T) {
				m, err := Merge(a, b)
				if err != nil {
					t.Fatal(err)
				}
				out := m.Bytes()
				if n := strings.Count(string(out), `deleted="true"`); n != 1 {
					t.Fatalf("%d deleted marks, want the record's alone:\n%s", n, out)
				}
				back := mustParse(t, "merged.xml", string(out))
				it := back.Item("x1")
				if it.Deleted || len(it.Conflicts) != 1 || !it.Conflicts[0].Deleted {
					t.Fatalf("read back:\n%s\nwant the edit winning over a recorded deletion\n%s", show(it), out)
				}
				if kind == KindOPML && a.Name() == "deleted.xml" && !strings.Contains(string(out), `pos:deleted="true"`) {
					t.Errorf("the mark is not under the feed's own prefix for feedsync's namespace:\n%s", out)
				}
				assertXMLEqual(t, out, reparse(t, back).Bytes())
				for _, again := range []*Doc{a, b, back} {
					m2, err := Merge(back, again)
					if err != nil {
						t.Fatal(err)
					}
					if got := show(m2.Item("x1")); got != show(it) {
						t.Errorf("merging %s again: %s, want %s", again.Name(), got, show(it))
					}
				}
			})
		}
	}
}

// The mark's value is read as sx:sync's deleted is (0.91 §2.3): "false"
// and empty are not deleted; another value is a warning, read so too.
func TestConflictDeletedMarkValues(t *testing.T) {
	feed := func(v string) string {
		return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:fso="https://github.com/feedsync/feedsync/ns/outline">
 <channel>
  <item>
   <title>Buy oat milk</title>
   <sx:sync id="x1" version="2" conflict="true">
    <sx:history when="Mon, 02 Mar 2026 10:00:00 GMT" by="bob"/>
    <sx:conflicts><sx:conflict when="Mon, 02 Mar 2026 09:00:00 GMT" by="alice" version="2" fso:deleted="` + v + `"><title>Buy milk</title></sx:conflict></sx:conflicts>
   </sx:sync>
  </item>
 </channel>
</rss>
`
	}
	for _, c := range []struct {
		value   string
		deleted bool
		warns   bool
	}{{"true", true, false}, {"false", false, false}, {"", false, false}, {"yes", false, true}} {
		d := mustParse(t, "f.xml", feed(c.value))
		var cs []*sse.Conflict
		if it := d.Item("x1"); it != nil {
			cs = it.Conflicts
		}
		if len(cs) != 1 || cs[0].Deleted != c.deleted {
			t.Errorf("fso:deleted=%q: read %v, want deleted %v", c.value, show(d.Item("x1")), c.deleted)
		}
		if warned := strings.Contains(d.Warnings().Error(), "fso:deleted"); warned != c.warns {
			t.Errorf("fso:deleted=%q: warned %v, want %v: %v", c.value, warned, c.warns, d.Warnings())
		}
	}
}
