package threeway

import (
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// Base feeds of each kind, one item x1 made by endpoint A: what endpoints
// B, C, D, E start from before they change it.
const (
	rss102 = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync" xmlns:g="http://example.com/g">
 <channel>
  <title>To do</title>
  <item>
   <title>Buy milk</title>
   <description>Get milk and eggs from the shop on the corner</description>
   <category>home</category>
   <category>food</category>
   <g:place lat="1" lon="2">corner</g:place>
   <sx:sync id="x1" updates="1">
    <sx:history sequence="1" when="2026-03-01T09:00:00Z" by="A"/>
   </sx:sync>
  </item>
 </channel>
</rss>
`
	rssCDATA = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>To do</title>
  <item>
   <title>Buy milk</title>
   <description><![CDATA[<p>Get <b>milk</b> and eggs from the shop</p>]]></description>
   <sx:sync id="x1" updates="1">
    <sx:history sequence="1" when="2026-03-01T09:00:00Z" by="A"/>
   </sx:sync>
  </item>
 </channel>
</rss>
`
	atomText = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <title>To do</title>
 <id>urn:todo</id>
 <updated>2026-03-01T09:00:00Z</updated>
 <entry>
  <title>Buy milk</title>
  <summary>A short list</summary>
  <content>Get milk and eggs from the shop on the corner</content>
  <id>urn:x1</id>
  <updated>2026-03-01T09:00:00Z</updated>
  <sx:sync id="x1" updates="1">
   <sx:history sequence="1" when="2026-03-01T09:00:00Z" by="A"/>
  </sx:sync>
 </entry>
</feed>
`
	atomHTML = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <title>To do</title>
 <id>urn:todo</id>
 <updated>2026-03-01T09:00:00Z</updated>
 <entry>
  <title>Buy milk</title>
  <content type="html">&lt;p&gt;Get &lt;a href="http://shop.example/"&gt;milk&lt;/a&gt; and eggs&lt;/p&gt;</content>
  <id>urn:x1</id>
  <updated>2026-03-01T09:00:00Z</updated>
  <sx:sync id="x1" updates="1">
   <sx:history sequence="1" when="2026-03-01T09:00:00Z" by="A"/>
  </sx:sync>
 </entry>
</feed>
`
	atomXHTML = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <title>To do</title>
 <id>urn:todo</id>
 <updated>2026-03-01T09:00:00Z</updated>
 <entry>
  <title>Buy milk</title>
  <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">x y z and <b>milk</b> today</div></content>
  <id>urn:x1</id>
  <updated>2026-03-01T09:00:00Z</updated>
  <sx:sync id="x1" updates="1">
   <sx:history sequence="1" when="2026-03-01T09:00:00Z" by="A"/>
  </sx:sync>
 </entry>
</feed>
`
	rss091 = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>To do</title>
  <item>
   <title>Buy milk</title>
   <description>Get milk and eggs from the shop on the corner</description>
   <link>http://shop.example/</link>
   <sx:sync id="x1" version="1">
    <sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/>
   </sx:sync>
  </item>
 </channel>
</rss>
`
	opml091 = `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <head>
  <title>Subscriptions</title>
 </head>
 <body>
  <outline text="Tech news" _note="Read on Monday and Friday mornings" xmlUrl="http://tech.example/rss">
   <sx:sync id="x1" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
  </outline>
 </body>
</opml>
`
)

// title, content, field and remove make updates of one field.
func title(s string) dialect.Change   { return dialect.Change{Edit: dialect.Edit{Title: &s}} }
func content(s string) dialect.Change { return dialect.Change{Edit: dialect.Edit{Content: &s}} }
func field(key, v string) dialect.Change {
	return dialect.Change{Edit: dialect.Edit{Fields: []feeds.FieldEdit{{Key: key, Value: v}}}}
}
func remove(key string) dialect.Change {
	return dialect.Change{Edit: dialect.Edit{Fields: []feeds.FieldEdit{{Key: key, Remove: true}}}}
}
func both(a, b dialect.Change) dialect.Change {
	a.Fields = append(a.Fields, b.Fields...)
	if b.Title != nil {
		a.Title = b.Title
	}
	if b.Content != nil {
		a.Content = b.Content
	}
	return a
}

// endpoints name the endpoints that edit the base, in order.
var endpoints = []string{"B", "C", "D", "E"}

// conflicted makes item x1's conflict: each edit is one endpoint's update
// of the base feed, the feeds are merged in order, and the base version
// is recorded in a Memory, as the store beside the feed would hold it.
func conflicted(t *testing.T, base string, edits ...dialect.Change) (*dialect.Doc, dialect.Entry, Memory) {
	t.Helper()
	d0 := parse(t, base)
	mem := Memory{}
	mem.Add(entry(t, d0))
	var merged *dialect.Doc
	for i, ed := range edits {
		d := parse(t, base)
		st := engine.Stamp{When: time.Date(2026, 3, 2, 9, i, 0, 0, time.UTC), By: endpoints[i]}
		e, err := d.Update(entry(t, d), st, ed, dialect.Options{})
		if err != nil {
			t.Fatalf("update by %s: %v", endpoints[i], err)
		}
		d.Set(e)
		d = parse(t, string(d.Bytes()))
		if merged == nil {
			merged = d
		} else if merged, err = dialect.Merge(merged, d); err != nil {
			t.Fatal(err)
		}
	}
	merged = parse(t, string(merged.Bytes())) // as the next command reads it
	e := entry(t, merged)
	if len(e.Versions()) != len(edits)-1 {
		t.Fatalf("item x1 has %d conflict versions, want %d", len(e.Versions()), len(edits)-1)
	}
	return merged, e, mem
}

func parse(t *testing.T, data string) *dialect.Doc {
	t.Helper()
	d, err := dialect.Parse("f.xml", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func entry(t *testing.T, d *dialect.Doc) dialect.Entry {
	t.Helper()
	e, err := d.Entry("x1")
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// values returns the shared fields of a version by key.
func values(v dialect.Version) map[string]string {
	m := map[string]string{}
	for _, f := range v.Fields() {
		if f.Shared {
			m[f.Key] = f.Value
		}
	}
	return m
}
