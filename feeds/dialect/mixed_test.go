package dialect

import (
	"errors"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds"
)

// TestMixedDialectsRefused: an item whose sync data is of the other
// dialect than the feed is read in is refused at its place, never read as
// an item without sync data (which would drop it from every sync): Parse
// and Validate give the problem as file:line:col, and so every command
// that loads the feed refuses it. Both orders, both SSE 0.91 namespace
// forms, and an outline nested in OPML.
func TestMixedDialectsRefused(t *testing.T) {
	const (
		fsSync  = `<sx:sync id="a" updates="1"><sx:history sequence="1" when="2005-05-21T09:43:33Z" by="A"/></sx:sync>`
		sseSync = `<sse:sync id="b" version="1"><sse:history when="Sat, 21 May 2005 09:43:33 GMT" by="B"/></sse:sync>`
	)
	for _, tc := range []struct {
		name, feed string
		line, col  int
		element    string
		msg        string
	}{
		{"1.0.2 first, 0.91 item after", `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync" xmlns:sse="http://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>Mix</title>
  <item><title>A</title>` + fsSync + `</item>
  <item><title>B</title>` + sseSync + `</item>
 </channel>
</rss>
`, 6, 25, "sse:sync", "SSE 0.91 sync data in a FeedSync 1.0.2 feed"},
		{"0.91 first, a 1.0.2 item under its own xmlns", `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sse="https://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>Mix</title>
  <item><title>B</title>` + sseSync + `</item>
  <item><title>A</title><sx:sync xmlns:sx="http://feedsync.org/2007/feedsync" id="a" updates="1"><sx:history sequence="1" when="2005-05-21T09:43:33Z" by="A"/></sx:sync></item>
 </channel>
</rss>
`, 6, 25, "sx:sync", "FeedSync 1.0.2 sync data in an SSE 0.91 feed"},
		{"0.91 OPML, a nested outline of 1.0.2", `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sse="http://www.microsoft.com/schemas/rss/sse">
 <head><title>Mix</title></head>
 <body>
  <outline text="B">` + sseSync + `
   <outline text="A"><sx:sync xmlns:sx="http://feedsync.org/2007/feedsync" id="a" updates="1"/></outline>
  </outline>
 </body>
</opml>
`, 6, 22, "sx:sync", "FeedSync 1.0.2 sync data in an SSE 0.91 feed"},
		{"1.0.2 Atom, a pre-1.0 SSE entry", `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <title>Mix</title>
 <entry><title>A</title>` + fsSync + `</entry>
 <entry><title>B</title><old:sync xmlns:old="http://www.microsoft.com/schemas/sse" id="b"/></entry>
</feed>
`, 5, 25, "old:sync", "pre-1.0 SSE sync data in a FeedSync 1.0.2 feed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("mix.xml", []byte(tc.feed))
			var ps feeds.Problems
			if !errors.As(err, &ps) {
				t.Fatalf("Parse: got %v (%T), want feeds.Problems", err, err)
			}
			found := false
			for _, p := range ps {
				if p.File == "mix.xml" && p.Line == tc.line && p.Col == tc.col && p.Element == tc.element && strings.HasPrefix(p.Msg, tc.msg) {
					found = true
				}
			}
			if !found {
				t.Errorf("want mix.xml:%d:%d: %s: %s…; got\n%v", tc.line, tc.col, tc.element, tc.msg, err)
			}
			if problems, _ := Validate("mix.xml", []byte(tc.feed)); len(problems) == 0 {
				t.Error("Validate finds nothing wrong")
			}
		})
	}
}

// TestOneDialectStillLoads: the check for the other dialect's sync data
// leaves alone what is not sync data: an element named sync in another
// namespace is foreign markup, kept (1.0.2 §2.1.7).
func TestOneDialectStillLoads(t *testing.T) {
	feed := strings.Replace(rss102, "<title>Buy groceries</title>",
		`<title>Buy groceries</title><x:sync xmlns:x="urn:example:other">kept</x:sync>`, 1)
	d := parse(t, "f.xml", feed)
	if d.Dialect() != FeedSync102 || len(d.Entries()) != 1 {
		t.Fatalf("dialect %v, %d entries", d.Dialect(), len(d.Entries()))
	}
	if !strings.Contains(string(d.Bytes()), "<x:sync") {
		t.Error("foreign markup lost")
	}
}
