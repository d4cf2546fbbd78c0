package ssefeed

import (
	"strings"
	"testing"
)

// quotedFeeds are feeds whose foreign attributes are in single quotes on
// the root, the channel or head and body, and an unchanged item, with a
// second item that a merge changes.
var quotedFeeds = map[string]string{
	KindRSS: `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:ext='urn:ext' ext:a='1'>
 <channel ext:b='2'>
  <title>To do</title>
  <item ext:c='3'>
   <title>Kept</title>
   <sx:sync id="k" version="1">
    <sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/>
   </sx:sync>
  </item>
  <item>
   <title>Changed</title>
   <sx:sync id="x" version="1">
    <sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/>
   </sx:sync>
  </item>
 </channel>
</rss>
`,
	KindOPML: `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:ext='urn:ext' ext:a='1'>
 <head ext:h='1'><title ext:t='2'>Outline</title></head>
 <body ext:b='2'>
  <outline text="Kept" ext:c='3'>
   <sx:sync id="k" version="1">
    <sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/>
   </sx:sync>
  </outline>
  <outline text="Changed">
   <sx:sync id="x" version="1">
    <sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/>
   </sx:sync>
  </outline>
 </body>
</opml>
`,
}

// TestForeignAttributesKeepTheirQuotes guards that the SSE 0.91 binding
// keeps the bytes of what a merge did not change, as the FeedSync 1.0.2
// binding does: a foreign attribute in single quotes on the root, the
// channel, head or body, or an unchanged item stays so, whether the feed
// is written as read or merged.
//
// Known defect, not fixed yet (see the report of branch fsoroot): the
// writer writes the root, the box and, in OPML, every outline through
// etree, which puts every attribute in double quotes.
func TestForeignAttributesKeepTheirQuotes(t *testing.T) {
	t.Skip("known defect: the 0.91 writer puts foreign attributes in double quotes (branch fsoroot's report)")
	for kind, feed := range quotedFeeds {
		t.Run(kind, func(t *testing.T) {
			remote := strings.NewReplacer(`Changed`, `Changed there`, `id="x" version="1">
    <sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/>`, `id="x" version="2">
    <sx:history when="Mon, 02 Mar 2026 09:00:00 GMT" by="you"><sx:update when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/></sx:history>`).Replace(feed)
			m, err := Merge(mustParse(t, "local.xml", feed), mustParse(t, "remote.xml", remote))
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{"as read": string(mustParse(t, "local.xml", feed).Bytes()), "merged": string(m.Bytes())}
			if !strings.Contains(got["merged"], "Changed there") {
				t.Fatalf("the merge did not take the remote's change:\n%s", got["merged"])
			}
			kept := feed[:strings.Index(feed, "Changed")]
			for how, out := range got {
				if !strings.HasPrefix(out, kept) {
					t.Errorf("%s, the feed does not keep what the merge did not change:\n%s\nwant it to begin\n%s", how, out, kept)
				}
			}
		})
	}
}
