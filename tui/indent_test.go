package tui

import "testing"

// An item created in a feed that holds no item yet is indented as the feed
// indents its other elements: one level is what the channel (or the Atom
// feed) indents its children by, here one space.
func TestCreateFollowsTheFeedsIndentation(t *testing.T) {
	h := newHarness(t)
	feed := h.write("feed.xml", `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>To Do List</title>
  <description>A list of items to do</description>
 </channel>
</rss>
`)
	code, out, stderr := h.run("", "create", feed, "--id", "a", "--title", "Buy groceries", "--content", "Get milk",
		"--by", "REO1750", "--when", "2005-05-21T09:43:33Z")
	want := `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>To Do List</title>
  <description>A list of items to do</description>
  <item>
   <title>Buy groceries</title>
   <description>Get milk</description>
   <sx:sync id="a" updates="1">
    <sx:history sequence="1" when="2005-05-21T09:43:33Z" by="REO1750"/>
   </sx:sync>
  </item>
 </channel>
</rss>
`
	if code != 0 || out != want {
		t.Errorf("exit %d (%s), wrote:\n%s\nwant:\n%s", code, stderr, out, want)
	}
}
