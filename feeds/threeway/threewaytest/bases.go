package threewaytest

// bases are the base feeds by kind, item ID made by endpoint A.
var bases = map[string]string{
	"atom-text": atomHead + `  <title>Buy milk today</title>
  <summary>A short list for the shop</summary>
  <content>Get milk and eggs from the shop on the corner</content>
  <category term="home"/>
  <category term="food" scheme="urn:t"/>
  <g:place lat="1" lon="2">corner</g:place>
  <g:tag>red</g:tag>
  <g:tag>blue</g:tag>
` + atomTail,
	"atom-html": atomHead + `  <title type="html">Buy &lt;b&gt;milk&lt;/b&gt; today</title>
  <content type="html">&lt;p&gt;Get &lt;a href="http://shop.example/"&gt;milk&lt;/a&gt; and eggs from the shop&lt;/p&gt;</content>
  <category term="home"/>
  <g:loc><g:city>Lyon</g:city><g:zip n="69001">center</g:zip></g:loc>
` + atomTail,
	"atom-xhtml": atomHead + `  <title>Buy milk today</title>
  <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Get <b>milk</b> and eggs from the shop</div></content>
  <category term="home"/>
  <category term="food"/>
  <g:tag>red</g:tag>
` + atomTail,
	"rss": rssBase("http://feedsync.org/2007/feedsync", "&lt;p&gt;Get milk and &lt;b&gt;eggs&lt;/b&gt; from the shop&lt;/p&gt;",
		`   <g:tag>blue</g:tag>
   <g:loc><g:city>Lyon</g:city><g:zip n="69001">center</g:zip></g:loc>
   <sx:sync id="x1" updates="1">
    <sx:history sequence="1" when="2026-03-01T09:00:00Z" by="A"/>
   </sx:sync>
`),
	"sse-rss": rssBase("http://www.microsoft.com/schemas/rss/sse", "Get milk and eggs from the shop on the corner",
		`   <sx:sync id="x1" version="1">
    <sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/>
   </sx:sync>
`),
	"sse-opml": `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:g="http://example.com/g">
 <head>
  <title>Subscriptions</title>
 </head>
 <body>
  <outline text="Tech news daily" _note="Read on Monday and Friday mornings" xmlUrl="http://tech.example/rss" g:rank="3">
   <sx:sync id="x1" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="A"/></sx:sync>
  </outline>
 </body>
</opml>
`,
}

const atomHead = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync" xmlns:g="http://example.com/g">
 <title>To do</title>
 <id>urn:todo</id>
 <updated>2026-03-01T09:00:00Z</updated>
 <entry>
`

const atomTail = `  <id>urn:x1</id>
  <updated>2026-03-01T09:00:00Z</updated>
  <sx:sync id="x1" updates="1">
   <sx:history sequence="1" when="2026-03-01T09:00:00Z" by="A"/>
  </sx:sync>
 </entry>
</feed>
`

// rssBase is an RSS base feed whose item has a description, two
// categories, a foreign element with attributes and a repeated one, then
// rest, in the FeedSync namespace ns.
func rssBase(ns, description, rest string) string {
	return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="` + ns + `" xmlns:g="http://example.com/g">
 <channel>
  <title>To do</title>
  <item>
   <title>Buy milk today</title>
   <description>` + description + `</description>
   <category>home</category>
   <category>food</category>
   <g:place lat="1" lon="2">corner</g:place>
   <g:tag>red</g:tag>
` + rest + `  </item>
 </channel>
</rss>
`
}
