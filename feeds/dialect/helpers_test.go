package dialect

import (
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
)

// Feeds shared by the tests: empty ones of each format, with and without
// a sync namespace, and small ones of each dialect.
const (
	emptyRSS = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0">
 <channel>
  <title>Empty</title>
 </channel>
</rss>
`
	emptyOPML = `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0">
 <head>
  <title>Empty</title>
 </head>
 <body>
 </body>
</opml>
`
	emptyAtom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
 <title>Empty</title>
 <id>urn:empty</id>
 <updated>2005-05-21T09:00:00Z</updated>
</feed>
`
	// A template that declares FeedSync 1.0.2 before it has any item.
	emptyRSS102 = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>Empty</title>
  <item><title>Not synced</title></item>
 </channel>
</rss>
`
	// A template that declares SSE 0.91 (http form) before it has any item.
	emptyRSS091 = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>Empty</title>
 </channel>
</rss>
`
	rss091 = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>To do</title>
  <item>
   <title>Buy groceries</title>
   <description>Get milk</description>
   <sx:sync id="1" version="2">
    <sx:history when="Sun, 22 May 2005 09:00:00 GMT" by="JEO2000">
     <sx:update when="Sat, 21 May 2005 09:43:33 GMT" by="REO1750"/>
    </sx:history>
   </sx:sync>
  </item>
 </channel>
</rss>
`
	opml091 = `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse">
 <head>
  <title>Subscriptions</title>
 </head>
 <body>
  <outline text="News">
   <sx:sync id="news" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="ep1"/></sx:sync>
   <outline text="BBC">
    <sx:sync id="bbc" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="ep1"/></sx:sync>
   </outline>
  </outline>
  <outline text="Tech">
   <sx:sync id="tech" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="ep1"/></sx:sync>
  </outline>
 </body>
</opml>
`
	atom102 = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <title>To do</title>
 <id>urn:todo</id>
 <updated>2005-05-21T09:43:33Z</updated>
 <entry>
  <title>Buy groceries</title>
  <content>Get milk and eggs</content>
  <id>urn:item1</id>
  <updated>2005-05-21T09:43:33Z</updated>
  <sx:sync id="item1" updates="1">
   <sx:history sequence="1" when="2005-05-21T09:43:33Z" by="REO1750"/>
  </sx:sync>
 </entry>
</feed>
`
	rss102 = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>To do</title>
  <item>
   <title>Buy groceries</title>
   <description>Get milk and eggs</description>
   <sx:sync id="item1" updates="1">
    <sx:history sequence="1" when="2005-05-21T09:43:33Z" by="REO1750"/>
   </sx:sync>
  </item>
 </channel>
</rss>
`
	// §3.3's conflict, as §3.4 resolves it: GPM7383's version 4 wins over
	// JEO2000's; both came from REO1750's version 3.
	conflict102 = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>To do</title>
  <item>
   <title>Buy groceries - DONE</title>
   <description>Get milk, eggs, butter and bread</description>
   <sx:sync id="x" updates="4">
    <sx:history sequence="4" when="2005-05-21T12:43:33Z" by="GPM7383"/>
    <sx:history sequence="3" when="2005-05-21T11:43:33Z" by="REO1750"/>
    <sx:conflicts>
     <item>
      <title>Buy groceries</title>
      <description>Get milk, eggs, butter and rolls</description>
      <sx:sync id="x" updates="4">
       <sx:history sequence="4" when="2005-05-21T12:03:33Z" by="JEO2000"/>
       <sx:history sequence="3" when="2005-05-21T11:43:33Z" by="REO1750"/>
      </sx:sync>
     </item>
     <item>
      <title>Buy bread</title>
      <description>Get bread</description>
      <sx:sync id="x" updates="4">
       <sx:history sequence="4" when="2005-05-21T12:00:00Z" by="KIM"/>
      </sx:sync>
     </item>
    </sx:conflicts>
   </sx:sync>
  </item>
 </channel>
</rss>
`
	// 0.91 §4.4.1: both sides made a version 2; the loser is a record.
	conflict091 = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>To do</title>
  <item>
   <title>Buy groceries - DONE</title>
   <description>Get milk, eggs and bread</description>
   <sx:sync id="1" version="2" conflict="true">
    <sx:history when="Sun, 22 May 2005 10:00:00 GMT" by="GPM7383">
     <sx:update when="Sat, 21 May 2005 09:43:33 GMT" by="REO1750"/>
    </sx:history>
    <sx:conflicts>
     <sx:conflict when="Sun, 22 May 2005 09:00:00 GMT" by="JEO2000" version="2">
      <title>Buy groceries</title>
      <description>Get milk, eggs and rolls</description>
     </sx:conflict>
    </sx:conflicts>
   </sx:sync>
  </item>
 </channel>
</rss>
`
)

// parse parses a feed or fails the test.
func parse(t testing.TB, name, data string) *Doc {
	t.Helper()
	d, err := Parse(name, []byte(data))
	if err != nil {
		t.Fatalf("parsing %s: %v", name, err)
	}
	return d
}

// reparse writes a feed and parses what it wrote, as the next sync does.
func reparse(t testing.TB, d *Doc) *Doc {
	t.Helper()
	out, err := Parse(d.Name(), d.Bytes())
	if err != nil {
		t.Fatalf("reading back %s: %v\n%s", d.Name(), err, d.Bytes())
	}
	return out
}

// at is a stamp by by at minute m of 2005-05-23.
func at(m int, by string) engine.Stamp {
	return engine.Stamp{When: time.Date(2005, 5, 23, 0, m, 0, 0, time.UTC), By: by}
}

func ptr[T any](v T) *T { return &v }
