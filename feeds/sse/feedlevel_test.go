package ssefeed

import (
	"reflect"
	"testing"

	"github.com/feedsync/feedsync/feeds"
)

// TestFeedLevel checks that FeedLevel lists what a merge takes from the
// local feed (§4.4 merges items only), for RSS and for OPML, whose head is
// listed child by child.
func TestFeedLevel(t *testing.T) {
	cases := []struct {
		name, feed string
		want       []feeds.Part
	}{
		{"rss", `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>Playlist</title>
  <sx:sharing version="0.91"/>
  <item><title>a</title><sx:sync id="a" version="1"><sx:history by="ep1"/></sx:sync></item>
  <item><title>plain</title></item>
 </channel>
</rss>`, []feeds.Part{
			{Name: "rss@version", XML: "2.0"},
			{Name: "title", XML: "<title>Playlist</title>"},
			{Name: "sx:sharing", XML: `<sx:sharing version="0.91"/>`},
			{Name: "item", XML: "<item><title>plain</title></item>"},
		}},
		{"opml", `<?xml version="1.0"?>
<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <head>
  <title>Subscriptions</title>
  <dateModified>Sun, 01 Mar 2026 09:00:00 GMT</dateModified>
 </head>
 <body>
  <outline text="News">
   <sx:sync id="news" version="1"><sx:history by="ep1"/></sx:sync>
   <outline text="BBC"><sx:sync id="bbc" version="1"><sx:history by="ep1"/></sx:sync></outline>
  </outline>
  <outline text="Not synced"/>
 </body>
</opml>`, []feeds.Part{
			{Name: "?xml", XML: `<?xml version="1.0"?>`},
			{Name: "opml@version", XML: "2.0"},
			{Name: "title", XML: "<title>Subscriptions</title>"},
			{Name: "dateModified", XML: "<dateModified>Sun, 01 Mar 2026 09:00:00 GMT</dateModified>"},
			{Name: "outline", XML: `<outline text="Not synced"/>`},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := mustParse(t, c.name+".xml", c.feed)
			if got := d.FeedLevel(); !reflect.DeepEqual(got, c.want) {
				t.Errorf("FeedLevel:\n got %q\nwant %q", got, c.want)
			}
			m, err := Merge(d, mustParse(t, "other.xml", emptyOf(c.name)))
			if err != nil {
				t.Fatal(err)
			}
			if got := m.FeedLevel(); !reflect.DeepEqual(got, c.want) {
				t.Errorf("merged FeedLevel:\n got %q\nwant %q", got, c.want)
			}
		})
	}
}

// emptyOf is a feed of the kind with other feed-level data and no items.
func emptyOf(kind string) string {
	if kind == "opml" {
		return `<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><head><title>Other</title><sx:sharing version="0.91"/></head><body/></opml>`
	}
	return `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><channel><title>Other</title><sx:sharing version="0.91"/></channel></rss>`
}
