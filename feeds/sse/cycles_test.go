package ssefeed

import (
	"strings"
	"testing"
)

// cycleFeeds are OPML feeds whose stored positions (fso:parent) make an
// outline its own ancestor, with no conflict flag: issue 13 found that
// they passed validate, and that merge X X then reported a conflict. B
// is written where its stored position puts it, so it carries no marks:
// a writer drops those a reader does not need.
var cycleFeeds = map[string]struct{ feed, path string }{
	"self-cycle": {`<opml version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse" xmlns:fso="https://github.com/feedsync/feedsync/ns/outline">
 <body>
  <outline text="A">
   <sx:sync id="A" version="1" fso:parent="A" fso:key="V" fso:version="1"><sx:history by="ep0"/></sx:sync>
  </outline>
 </body>
</opml>`, "A → A"},
	"two-cycle": {`<opml version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse" xmlns:fso="https://github.com/feedsync/feedsync/ns/outline">
 <body>
  <outline text="A">
   <sx:sync id="A" version="1" fso:parent="B" fso:key="V" fso:version="1"><sx:history by="ep0"/></sx:sync>
   <outline text="B">
    <sx:sync id="B" version="1"><sx:history by="ep0"/></sx:sync>
   </outline>
  </outline>
 </body>
</opml>`, "A → B → A"},
}

// TestOutlineCyclesAreReported: validation warns, at the outline, about a
// cycle no merge has flagged; merging the feed with itself changes no
// conflict flag (0.91 §4.4.2: only cycles a merge causes are flagged).
func TestOutlineCyclesAreReported(t *testing.T) {
	for name, c := range cycleFeeds {
		t.Run(name, func(t *testing.T) {
			d, err := Parse("c.xml", []byte(c.feed))
			if err != nil {
				t.Fatal(err)
			}
			ws := d.Warnings()
			if len(ws) != 1 || !strings.HasPrefix(ws[0].String(), "c.xml:3:3: ") || !strings.Contains(ws[0].Msg, "("+c.path+")") {
				t.Fatalf("warnings %q, want one at c.xml:3:3 naming %s", ws, c.path)
			}
			m, err := Merge(d, d)
			if err != nil {
				t.Fatal(err)
			}
			for _, it := range m.Items() {
				if it.Conflict {
					t.Errorf("%s: merging the feed with itself set conflict", it.ID)
				}
			}
			var b strings.Builder
			m.WriteTo(&b)
			if b.String() != c.feed {
				t.Errorf("merging the feed with itself changed it:\n%s", b.String())
			}
		})
	}
}
