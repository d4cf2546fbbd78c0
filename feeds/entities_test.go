package feeds

import (
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// entityFeed declares entities in its internal subset and uses them in
// two sync items' text and attributes.
const entityFeed = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE rss [
<!ENTITY shop "Corner Shop &amp; Deli">
<!ENTITY nbsp "&#160;">
]>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>Errands</title>
  <item>
   <title>Milk from the &shop;</title>
   <category domain="&shop;">food</category>
   <sx:sync id="e1" updates="1"><sx:history sequence="1" when="2024-03-01T08:00:00Z" by="ann"/></sx:sync>
  </item>
  <item>
   <title>Bread&nbsp;rolls</title>
   <sx:sync id="e2" updates="1"><sx:history sequence="1" when="2024-03-01T08:00:00Z" by="ann"/></sx:sync>
  </item>
 </channel>
</rss>
`

// TestFeedWithDeclaredEntities guards issue 31 item 3 in a feed: the
// entities its internal subset declares are expanded where the data is
// read (fields, digests), and the bytes that use them are kept: the feed
// is written back byte for byte, an item not changed keeps its
// references, a changed one is written with its text. An item merged
// into a feed that does not declare them is written with their text,
// never as bytes whose references would mean nothing there.
func TestFeedWithDeclaredEntities(t *testing.T) {
	d := mustParse(t, "errands.xml", entityFeed)
	if got := string(d.Bytes()); got != entityFeed {
		t.Fatalf("written back otherwise:\n%s", got)
	}
	items := d.Items()
	if got := Title(items[0].Data); got != "Milk from the Corner Shop & Deli" {
		t.Errorf("title %q", got)
	}
	if got := SharedFields(items[0].Data)[1].Value; got != "food (Corner Shop & Deli)" {
		t.Errorf("category %q", got)
	}
	data, err := d.EditData(items[1].Data, []FieldEdit{{Key: "title", Value: "Bread\u00a0rolls, six"}})
	if err != nil {
		t.Fatal(err)
	}
	up, err := engine.Update(items[1], engine.Stamp{When: time.Date(2024, 3, 2, 8, 0, 0, 0, time.UTC), By: "bob"}, engine.Edit(items[1], data), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d.Set(up)
	out := string(d.Bytes())
	first := entityFeed[strings.Index(entityFeed, "  <item>"):strings.Index(entityFeed, "  </item>")]
	if !strings.Contains(out, first) || !strings.Contains(out, "<title>Bread\u00a0rolls, six</title>") {
		t.Errorf("written:\n%s", out)
	}

	plain := `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>Errands</title></channel></rss>`
	m, err := Merge(mustParse(t, "plain.xml", plain), mustParse(t, "errands.xml", entityFeed))
	if err != nil {
		t.Fatal(err)
	}
	merged := m.Bytes()
	feedtest.WellFormed(t, merged)
	if s := string(merged); strings.Contains(s, "&shop;") || !strings.Contains(s, "Milk from the Corner Shop &amp; Deli") || !strings.Contains(s, `domain="Corner Shop &amp; Deli"`) {
		t.Errorf("merged into a feed without the entities:\n%s", s)
	}
	back := mustParse(t, "merged.xml", string(merged))
	if Title(back.Items()[0].Data) != "Milk from the Corner Shop & Deli" {
		t.Errorf("merged item reads back as %q", Title(back.Items()[0].Data))
	}
}
