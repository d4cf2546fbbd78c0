package dialect

import (
	"reflect"
	"testing"

	"github.com/feedsync/feedsync/feeds"
)

// TestFeedLevel checks that a Doc gives its binding's feed-level data, in
// both dialects and for a feed with no sync data.
func TestFeedLevel(t *testing.T) {
	for _, c := range []struct {
		name, feed string
		want       []feeds.Part
	}{
		{"FeedSync 1.0.2", `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>T</title>` +
			`<item><title>a</title><sx:sync id="a" updates="1"><sx:history sequence="1" by="A"/></sx:sync></item></channel></rss>`,
			[]feeds.Part{{Name: "rss@version", XML: "2.0"}, {Name: "title", XML: "<title>T</title>"}}},
		{"SSE 0.91", `<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><head><title>T</title></head><body>` +
			`<outline text="a"><sx:sync id="a" version="1"><sx:history by="A"/></sx:sync></outline></body></opml>`,
			[]feeds.Part{{Name: "opml@version", XML: "2.0"}, {Name: "title", XML: "<title>T</title>"}}},
		{"no sync data", `<rss version="2.0"><channel><title>T</title><item><title>plain</title></item></channel></rss>`,
			[]feeds.Part{{Name: "rss@version", XML: "2.0"}, {Name: "title", XML: "<title>T</title>"}, {Name: "item", XML: "<item><title>plain</title></item>"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := Parse("f.xml", []byte(c.feed))
			if err != nil {
				t.Fatal(err)
			}
			if got := d.FeedLevel(); !reflect.DeepEqual(got, c.want) {
				t.Errorf("FeedLevel:\n got %q\nwant %q", got, c.want)
			}
		})
	}
}
