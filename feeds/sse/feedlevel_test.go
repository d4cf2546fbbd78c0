package ssefeed

import (
	"reflect"
	"regexp"
	"slices"
	"strings"
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

// TestTakeFeedLevel takes feed-level elements from another version of a
// feed, in an RSS channel and in an OPML head: replaced, added, removed,
// and sx:sharing; the result reads back with the parts taken and
// its items, and the local feed does not change.
func TestTakeFeedLevel(t *testing.T) {
	const rss = `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>Playlist</title>
  <lastBuildDate>Sat, 21 May 2005 09:43:33 GMT</lastBuildDate>
  <sx:sharing version="0.91"/>
  <item><title>a</title><sx:sync id="a" version="1"><sx:history by="ep1"/></sx:sync></item>
 </channel>
</rss>`
	const opml = `<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <head>
  <title>Subscriptions</title>
  <dateModified>Sun, 01 Mar 2026 09:00:00 GMT</dateModified>
  <sx:sharing version="0.91"/>
 </head>
 <body>
  <outline text="a"><sx:sync id="a" version="1"><sx:history by="ep1"/></sx:sync></outline>
 </body>
</opml>`
	for _, c := range []struct{ name, local, date string }{{"rss", rss, "lastBuildDate"}, {"opml", opml, "dateModified"}} {
		t.Run(c.name, func(t *testing.T) {
			theirs := strings.NewReplacer(
				">Playlist<", ">Jazz<", ">Subscriptions<", ">Feeds<",
				`<sx:sharing version="0.91"/>`, `<sx:sharing version="0.91" window="3"/>`+"\n  <ownerName>Ann</ownerName>",
			).Replace(c.local)
			theirs = regexp.MustCompile(`(?m)^  <`+c.date+`>.*\n`).ReplaceAllString(theirs, "")
			local, from := mustParse(t, "local.xml", c.local), mustParse(t, "theirs.xml", theirs)
			d, err := Merge(local, from)
			if err != nil {
				t.Fatal(err)
			}
			before := string(local.Bytes())
			taken := d.TakeFeedLevel(from, []string{"title", "ownerName", c.date, "sx:sharing"})
			if want := []string{"title", "ownerName", c.date, "sx:sharing"}; !reflect.DeepEqual(taken, want) {
				t.Errorf("taken %q, want %q", taken, want)
			}
			if string(local.Bytes()) != before {
				t.Error("the local feed changed")
			}
			back := mustParse(t, "back.xml", string(d.Bytes()))
			if !reflect.DeepEqual(sortedParts(back.FeedLevel()), sortedParts(d.FeedLevel())) { // the order of sx:sharing may differ
				t.Errorf("FeedLevel before writing:\n%q\nafter reading back:\n%q", d.FeedLevel(), back.FeedLevel())
			}
			got := map[string]string{}
			for _, p := range back.FeedLevel() {
				got[p.Name] = p.XML
			}
			if got["ownerName"] != "<ownerName>Ann</ownerName>" || got[c.date] != "" || !strings.Contains(got["sx:sharing"], `window="3"`) ||
				!strings.Contains(got["title"], ">Jazz<") && !strings.Contains(got["title"], ">Feeds<") {
				t.Errorf("feed-level data read back: %q\n%s", got, d.Bytes())
			}
			if back.Item("a") == nil {
				t.Errorf("the item is gone:\n%s", d.Bytes())
			}
		})
	}
}

func sortedParts(ps []feeds.Part) []feeds.Part {
	ps = slices.Clone(ps)
	slices.SortStableFunc(ps, func(a, b feeds.Part) int { return strings.Compare(a.Name, b.Name) })
	return ps
}
