package ssefeed

import "testing"

// TestIncomplete: Incomplete names each item, sync item or not, that lacks
// its text, at its start tag: an RSS item without title or description
// (RSS 2.0), an OPML outline at any depth without a text attribute (OPML
// 2.0); conflict records and outlines inside other markup are not items of
// the feed.
func TestIncomplete(t *testing.T) {
	for _, tc := range []struct{ name, feed, want string }{
		{"RSS", `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><channel>
<item><title>t</title><sx:sync id="a" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync></item>
<item><category>c</category><sx:sync id="b" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync></item>
<item><description>d</description></item>
<item><link>l</link></item>
</channel></rss>`, `f.xml:3:1: item: neither title nor description: RSS 2.0 requires one
f.xml:5:1: item: neither title nor description: RSS 2.0 requires one`},
		{"OPML", `<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><head/><body>
<outline text="a"><sx:sync id="a" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
 <outline title="b"><sx:sync id="b" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
  <outline sx:text="c"/>
 </outline>
</outline>
<outline text="d"/>
</body></opml>`, `f.xml:3:2: outline: no text attribute: OPML 2.0 requires it
f.xml:4:3: outline: no text attribute: OPML 2.0 requires it`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := mustParse(t, "f.xml", tc.feed)
			if got := d.Incomplete().Error(); got != tc.want {
				t.Errorf("Incomplete:\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
