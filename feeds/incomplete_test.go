package feeds

import (
	"strings"
	"testing"
)

// TestIncomplete: Incomplete names each item, sync item or not, that lacks
// what its format requires of an item (RSS 2.0; RFC 4287 §4.1.2), at its
// start tag, and leaves conflict versions alone; a merge changes nothing
// of what was read.
func TestIncomplete(t *testing.T) {
	const sync = `<sx:sync id="%s" updates="1"><sx:history sequence="1" by="A"/></sx:sync>`
	syncOf := func(id string) string { return strings.Replace(sync, "%s", id, 1) }
	for _, tc := range []struct{ name, feed, want string }{
		{"RSS", `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel>
<item><title>t</title>` + syncOf("a") + `</item>
<item><description>d</description></item>
<item><category>c</category>` + syncOf("b") + `</item>
<item><link>l</link></item>
<item><atom:title xmlns:atom="http://www.w3.org/2005/Atom">t</atom:title><title>c</title>` +
			`<sx:sync id="c" updates="1"><sx:history sequence="1" by="A"/><sx:conflicts><item>` + syncOf("c") + `</item></sx:conflicts></sx:sync></item>
</channel></rss>`, `r.xml:4:1: item: neither title nor description: RSS 2.0 requires one
r.xml:5:1: item: neither title nor description: RSS 2.0 requires one`},
		{"Atom", `<a:feed xmlns:a="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
<a:entry><a:title/><a:id>i</a:id><a:updated>2005-05-21T09:43:33Z</a:updated><a:content/>` + syncOf("a") + `</a:entry>
<a:entry><a:title/><a:id>i</a:id><a:updated>2005-05-21T09:43:33Z</a:updated><a:link rel="alternate" href="h"/></a:entry>
<a:entry><a:title/><a:link rel="edit" href="h"/>` + syncOf("b") + `</a:entry>
</a:feed>`, `r.xml:4:1: a:entry: no atom:id, no atom:updated, no atom:content or an alternate link: RFC 4287 §4.1.2 requires each of every entry`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := mustParse(t, "r.xml", tc.feed)
			if got := d.Incomplete().Error(); got != tc.want {
				t.Errorf("Incomplete:\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
